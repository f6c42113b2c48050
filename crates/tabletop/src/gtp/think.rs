//! `genmove`: the search of the game as it stands, when the engine passes and
//! when it resigns.

use std::string::{String, ToString};
use std::vec::Vec;

use go_core::{Color, Move, Point};

use super::Engine;
use crate::bot::{Budget, Config, Report};
use crate::games::go::{Go, GoKnowledge, GoState};
use crate::interface::State;
use crate::turn::Turn;

/// How `genmove` thinks when no clock says otherwise, and when it gives up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thinking {
    /// The search's budget per move without a clock (a level's playouts, a fixed
    /// number of playouts or a time).
    pub budget: Budget,
    /// The search's seed (the same seed, budget and moves give the same play
    /// under a playout budget).
    pub seed: u64,
    /// Resign when the best move's expected result falls below this winning
    /// chance (0 to 1), after the opening; `None` never resigns.
    pub resign_below: Option<f64>,
    /// The search's UCT exploration constant, if not Go's default.
    pub exploration: Option<f64>,
    /// RAVE's equivalence parameter, if not Go's default; 0 turns RAVE off.
    pub rave: Option<f64>,
    /// The playouts' policy: go_core's heavy one (the default) or, when false,
    /// the light one (see [`crate::games::go`]).
    pub heavy_playouts: bool,
    /// Priors for the tree from Go knowledge ([`GoKnowledge`]; the default);
    /// when false none (every legal move, own eyes included, at no prior).
    pub knowledge: bool,
    /// The tree's growth ([`Config::expand_after`]), if not Go's default.
    pub expand_after: Option<Option<u32>>,
    /// First-play urgency ([`Config::first_play`]), if not Go's default.
    pub first_play: Option<f64>,
    /// Keep the tree from one move to the next ([`Config::reuse_tree`]).
    pub reuse_tree: bool,
    /// Pass judged by a cautious count (the default): after the opponent's pass,
    /// pass at once when the count with dead stones removed wins even if every
    /// point that is nobody's yet went to the opponent; otherwise search the
    /// moves that play on (no pass at the root: the search's own count keeps
    /// dead stones on the board and would see the pass as a win), and pass
    /// only when the best of them loses anyway (winning chance below
    /// [`PLAY_ON_CHANCE`]), so a lost game ends at its smallest loss instead
    /// of in the player's own eyes. Dead stones are judged by up to
    /// [`DEAD_STONE_PLAYOUTS`] heavy playouts, within the move's budget (see
    /// `Engine::safe_to_pass`).
    pub pass_check: bool,
    /// End a search once its choice cannot change ([`Config::stop_early`]; the
    /// default): time saved for later moves under a clock.
    pub stop_early: bool,
    /// Threads searching at once ([`Config::threads`]; 1 by default).
    pub threads: usize,
    /// Resign only after this many moves in a row whose winning chance is below
    /// [`Thinking::resign_below`] (3 by default, as KataGo): one bad estimate
    /// does not end a game.
    pub resign_turns: u32,
}

/// The winning chance (0–1) of the best move besides a pass below which the
/// engine passes after the opponent's pass even when the count says passing
/// loses: the game is lost whatever it plays.
pub const PLAY_ON_CHANCE: f64 = 0.15;

/// Playouts that judge which stones are dead ([`Thinking::pass_check`]), at most:
/// no more than the move's playout budget, and no longer than a quarter of its
/// time (at least [`MIN_DEAD_STONE_PLAYOUTS`]).
pub const DEAD_STONE_PLAYOUTS: usize = 200;

/// The fewest playouts that judge dead stones under a time budget.
pub const MIN_DEAD_STONE_PLAYOUTS: usize = 8;

impl Default for Thinking {
    fn default() -> Thinking {
        Thinking {
            budget: crate::bot::Level::new(6).budget(),
            seed: 1,
            resign_below: None,
            exploration: None,
            rave: None,
            heavy_playouts: true,
            knowledge: true,
            expand_after: None,
            first_play: None,
            reuse_tree: true,
            pass_check: true,
            stop_early: true,
            threads: 1,
            resign_turns: 3,
        }
    }
}

impl Engine {
    /// `genmove`: the engine's move for `color`, played.
    pub(super) fn genmove(&mut self, color: Color) -> Result<String, String> {
        if self.game.is_over() {
            return Ok("pass".into());
        }
        self.turn_to(color)?;
        let mv = self.think();
        self.game.play(mv).map_err(|e| e.to_string())?;
        Ok(mv.to_string())
    }

    /// The engine's move: a search of the game as it stands, for as long as the
    /// clock allows (else the budget), or a resignation when it is asked to and the
    /// game is lost.
    fn think(&mut self) -> Move {
        let budget = self.move_budget();
        let Some(play_on) = self.play_on(budget) else {
            return Move::Pass;
        };
        let (state, report) = self.search(budget, self.thinking.stop_early, play_on);
        self.decide(&state, &report, play_on)
    }

    /// Before a search, the pass check ([`Thinking::pass_check`]): `None` when
    /// the engine passes at once (the opponent passed and the cautious count
    /// wins), `Some(true)` when the opponent passed and passing loses by that
    /// count (the search then compares the moves that play on), else
    /// `Some(false)`.
    pub(super) fn play_on(&self, budget: Budget) -> Option<bool> {
        let opponent_passed = matches!(self.game.last_move(), Some((_, Move::Pass)));
        if !(self.thinking.pass_check && opponent_passed) {
            return Some(false);
        }
        (!self.safe_to_pass(budget)).then_some(true)
    }

    /// The engine's search of the game as it stands, with `budget`: the state
    /// searched and the report. The tree is kept from one search to the next
    /// along one game ([`Thinking::reuse_tree`]). With `play_on` the root
    /// holds no pass: the search's count keeps dead stones on the board, and
    /// the pass check has found that passing loses.
    pub(super) fn search(
        &mut self,
        budget: Budget,
        stop_early: bool,
        play_on: bool,
    ) -> (GoState, Report) {
        let state = Go::state_with_playouts(&self.game, self.thinking.heavy_playouts);
        let mut config = Config::for_game("go", budget, self.thinking.seed);
        if let Some(c) = self.thinking.exploration {
            config.exploration = c;
        }
        if let Some(k) = self.thinking.rave {
            config.rave = (k > 0.0).then_some(k);
        }
        if let Some(e) = self.thinking.expand_after {
            config.expand_after = e;
        }
        if let Some(f) = self.thinking.first_play {
            config.first_play = f;
        }
        config.reuse_tree = self.thinking.reuse_tree;
        config.stop_early = stop_early;
        config.threads = self.thinking.threads;
        self.searcher.set_config(config);
        // The tree is kept only along one game.
        let same_game = self.searched.as_ref().is_some_and(|g| {
            g.setup() == self.game.setup()
                && g.rules() == self.game.rules()
                && g.move_count() <= self.game.move_count()
                && self.game.moves().take(g.move_count()).eq(g.moves())
        });
        let no_pass_at = play_on.then(|| self.game.move_count());
        if !same_game || no_pass_at != self.no_pass_at {
            self.searcher.forget();
        }
        self.searched = Some(self.game.clone());
        self.no_pass_at = no_pass_at;
        let report = if self.thinking.knowledge {
            let mut knowledge = GoKnowledge {
                no_pass_at,
                ..GoKnowledge::default()
            };
            self.searcher.search_with(&state, &mut knowledge)
        } else {
            self.searcher.search(&state)
        };
        (state, report)
    }

    /// The move a search's report leads to: its choice, a pass instead when
    /// the search played on after a pass the count refused (`play_on`) and
    /// every move loses anyway, or a resignation when the game has looked lost
    /// for long enough.
    pub(super) fn decide(&mut self, state: &GoState, report: &Report, play_on: bool) -> Move {
        let Some(mut action) = report.action else {
            return Move::Pass;
        };
        let mut chance = (report.win + 1.0) / 2.0;
        let pass = state.move_to_action(Move::Pass);
        if play_on && Some(action) == pass {
            // A search without Go's knowledge keeps the pass in its tree:
            // the move visited most besides it.
            let Some(other) = report
                .children
                .iter()
                .find(|c| Some(c.action) != pass && c.visits > 0)
            else {
                return Move::Pass;
            };
            action = other.action;
            chance = (other.win + 1.0) / 2.0;
        }
        if play_on && chance < PLAY_ON_CHANCE {
            // Passing loses, and so does every move searched: passing keeps
            // the loss as it stands, where playing on only spends the player's
            // own eye space, one move at a time.
            return Move::Pass;
        }
        let lost = self.thinking.resign_below.is_some_and(|p| chance < p)
            && self.game.move_count() >= self.board_points() / 4;
        self.low_turns = if lost { self.low_turns + 1 } else { 0 };
        if lost && self.low_turns >= self.thinking.resign_turns.max(1) {
            return Move::Resign;
        }
        state
            .action_to_move(action)
            .filter(|_| state.current_player() != Turn::Terminal)
            .unwrap_or(Move::Pass)
    }

    /// Whether the side to move wins the count even if every point that counts
    /// for nobody (dame, open areas) went to the opponent: with dead stones
    /// removed where the rules let the players agree on them
    /// ([`Rules::friendly_pass_ok`](go_core::Rules::friendly_pass_ok)), else the
    /// board as it stands (Tromp–Taylor: a dead stone left on the board counts
    /// for its owner, so passing must not leave one). Dead stones by go_core's
    /// estimate ([`go_core::Game::estimate_dead`]),
    /// read cautiously for the side to move: its stones count as dead unless
    /// their points stay its own by a margin of 0.4 of the playouts (owned in
    /// about 70 % of them), the opponent's as alive unless theirs are lost by
    /// that margin. The playouts stay within `budget`: no more than its
    /// playouts, no longer than a quarter of its time (after
    /// [`MIN_DEAD_STONE_PLAYOUTS`]), at most [`DEAD_STONE_PLAYOUTS`].
    pub(super) fn safe_to_pass(&self, budget: Budget) -> bool {
        let me = self.game.to_move();
        if !self.game.rules().friendly_pass_ok() {
            let score = self.game.score();
            let margin = match me {
                Color::Black => score.margin_half_points(),
                Color::White => -score.margin_half_points(),
            };
            return margin > 2 * i64::from(score.neutral);
        }
        let start = std::time::Instant::now();
        let most = budget.playouts.map_or(DEAD_STONE_PLAYOUTS, |n| {
            usize::try_from(n).map_or(DEAD_STONE_PLAYOUTS, |n| n.clamp(1, DEAD_STONE_PLAYOUTS))
        });
        let time_share = budget.time.map(|t| t / 4);
        let mut rng = crate::rng::SplitMix64::new(self.thinking.seed ^ 0x5eed);
        let estimate = self.game.estimate_dead_while(&mut rng, most, |made| {
            made < MIN_DEAD_STONE_PLAYOUTS || time_share.is_none_or(|t| start.elapsed() < t)
        });
        let board = self.game.board();
        let points: Vec<Point> = board.points().collect();
        let dead: Vec<Point> = points
            .iter()
            .zip(&estimate.ownership)
            .filter_map(|(&p, &black)| {
                let c = board.get(p)?;
                let own = if c == Color::Black { black } else { -black };
                let is_dead = if c == me { own < 0.4 } else { own < -0.4 };
                is_dead.then_some(p)
            })
            .collect();
        let Ok(score) = self.game.score_with_dead(&dead) else {
            return false;
        };
        let margin = match me {
            Color::Black => score.margin_half_points(),
            Color::White => -score.margin_half_points(),
        };
        margin > 2 * i64::from(score.neutral)
    }
}
