//! Ô ăn quan (`o_an_quan`) behind the interface.
//!
//! - **Players**: the seats A, B (C, D with more players) as 0, 1, 2, 3.
//! - **Actions**: every square of the ring in ring order (the board's
//!   [`o_an_quan::Board::squares`], quan squares included though never playable)
//!   times the two directions: square `k` to the mover's left is `2k`, to the
//!   right `2k + 1`. Actions print as the crate's moves (`A3R`).
//! - **Length**: nothing in the source stops a player who keeps borrowing
//!   (ruling Q9's note), so a rule set without a move limit gets the crate's own
//!   move limit of 5,000 moves (ruling Q9: the game then ends as in Q5); random
//!   games never come near it (the longest of millions is under 2,000). A rule set
//!   with a limit keeps it.
//! - **Returns**: +1 for the player with the most (ruling Q5's count), −1/(n − 1)
//!   for each of the others; a draw shares: the leaders split the winner's +1
//!   and the rest share the losers' loss, so returns always sum to 0. Scores: each
//!   player's total.
//! - **Views**: perfect information; the observation holds, for every square in
//!   ring order, its stones, whether its quan is still there and its owner, then
//!   each player's captured stones, captured quan and net loans, then who is to
//!   move.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt::Write;

use o_an_quan::{Direction, Move, Player, Rules, Setup, Square};
use rand_core::Rng;

use super::rules::{self, RulesParams};
use crate::action::{Action, ActionError, ActionList, NotationError};
use crate::info::{ChanceMode, GameInfo, Information, Utility};
use crate::interface::{Game, PerPlayer, State};
use crate::params::{Param, ParamSpec, Params};
use crate::prob::Prob;
use crate::registry::LoadError;
use crate::turn::Turn;

const NAME: &str = "o_an_quan";
/// The move limit a rule set without one gets.
const DEFAULT_LIMIT: u32 = 5_000;

impl RulesParams for Rules {
    const PRESETS: &'static [&'static str] = Rules::PRESETS;
    fn preset(name: &str) -> Result<Rules, String> {
        Rules::preset(name).map_err(|e| e.to_string())
    }
}

/// Ô ăn quan under one set of parameters.
#[derive(Clone, Debug)]
pub struct OAnQuan {
    def: Arc<Def>,
}

#[derive(Debug)]
struct Def {
    info: GameInfo,
    rules: Rules,
    /// The ring's squares in ring order.
    squares: Vec<Square>,
    start: o_an_quan::Game,
}

impl OAnQuan {
    /// The rules presets' names, the default first (the game crate's
    /// `Rules::PRESETS`).
    pub fn presets() -> &'static [&'static str] {
        Rules::PRESETS
    }

    /// The parameters: `rules` (`source`, `common`) and every field of the
    /// crate's serialised rules (`move_limit` 0 or absent: 5,000).
    pub fn param_specs() -> Vec<ParamSpec> {
        rules::rules_specs::<Rules>()
    }

    /// Ô ăn quan with these parameters (the rest at their defaults).
    ///
    /// # Errors
    /// [`LoadError`] for an unknown parameter or a value the crate refuses.
    pub fn new(params: &Params) -> Result<OAnQuan, LoadError> {
        let mut params = params.clone();
        if params.get("move_limit").and_then(Param::as_int) == Some(0) {
            params.take("move_limit");
        }
        let (mut rules, mut described) = rules::rules_from::<Rules>(NAME, &mut params)?;
        rules::no_more(NAME, &params, &OAnQuan::param_specs())?;
        if rules.move_limit().is_none() {
            rules = rules.with_move_limit(Some(DEFAULT_LIMIT));
            described.set("move_limit", Param::Int(i64::from(DEFAULT_LIMIT)));
        }
        OAnQuan::with_setup(rules, Setup::standard(&rules), described)
    }

    fn with_setup(rules: Rules, setup: Setup, params: Params) -> Result<OAnQuan, LoadError> {
        let start = o_an_quan::Game::new(rules, setup).map_err(|e| LoadError::BadParam {
            game: NAME,
            name: rules::PRESET.into(),
            message: e.to_string(),
        })?;
        let squares: Vec<Square> = start.board().squares().collect();
        let players = rules.players();
        let obs = squares.len() * (2 + players) + 3 * players + players;
        let limit = rules.move_limit().unwrap_or(DEFAULT_LIMIT) as usize;
        let info = GameInfo {
            short_name: NAME,
            long_name: "O an quan",
            params,
            num_players: players,
            num_distinct_actions: 2 * squares.len(),
            max_chance_outcomes: 0,
            max_game_length: limit,
            max_chance_nodes: 0,
            observation_shape: alloc::vec![obs],
            information_state_shape: alloc::vec![obs],
            chance: ChanceMode::Deterministic,
            information: Information::Perfect,
            utility: Utility::ZeroSum,
            min_utility: -1.0,
            max_utility: 1.0,
            utility_sum: Some(0.0),
        };
        Ok(OAnQuan {
            def: Arc::new(Def {
                info,
                rules,
                squares,
                start,
            }),
        })
    }

    /// The crate's rules.
    pub fn rules(&self) -> &Rules {
        &self.def.rules
    }

    /// A state starting from `setup` (a position with its loans and history).
    ///
    /// # Errors
    /// The crate's refusal of the setup, as text.
    pub fn state_with_setup(&self, setup: Setup) -> Result<OAnQuanState, String> {
        let game = OAnQuan::with_setup(self.def.rules, setup, self.def.info.params.clone())
            .map_err(|e| e.to_string())?;
        Ok(game.new_initial_state())
    }
}

impl Game for OAnQuan {
    type State = OAnQuanState;

    fn info(&self) -> &GameInfo {
        &self.def.info
    }

    fn new_initial_state(&self) -> OAnQuanState {
        OAnQuanState {
            def: self.def.clone(),
            game: self.def.start.clone(),
            history: Vec::with_capacity(64),
        }
    }
}

/// A state of Ô ăn quan.
#[derive(Clone, Debug)]
pub struct OAnQuanState {
    def: Arc<Def>,
    game: o_an_quan::Game,
    history: Vec<Action>,
}

impl PartialEq for OAnQuanState {
    fn eq(&self, o: &OAnQuanState) -> bool {
        self.game == o.game && self.history == o.history
    }
}

impl OAnQuanState {
    /// The crate's game.
    pub fn game(&self) -> &o_an_quan::Game {
        &self.game
    }

    /// The state at this state's start (its setup), with no history.
    pub fn restarted(&self) -> OAnQuanState {
        OAnQuanState {
            def: self.def.clone(),
            game: self.def.start.clone(),
            history: Vec::new(),
        }
    }

    /// The action of a move.
    pub fn move_to_action(&self, mv: Move) -> Option<Action> {
        // Ring order: each seat's quan square, then its row (ruling Q1's layout).
        let per_seat = self.def.rules.row_len() + 1;
        let k = mv.square.side().index() * per_seat + usize::from(mv.square.number().unwrap_or(0));
        let k = if self.def.squares.get(k) == Some(&mv.square) {
            k
        } else {
            self.def.squares.iter().position(|&s| s == mv.square)?
        } as Action;
        Some(2 * k + Action::from(mv.direction == Direction::Right))
    }

    /// The move of an action.
    pub fn action_to_move(&self, a: Action) -> Option<Move> {
        let square = *self.def.squares.get((a / 2) as usize)?;
        let direction = if a.is_multiple_of(2) {
            Direction::Left
        } else {
            Direction::Right
        };
        Some(Move { square, direction })
    }

    /// Takes `action` as [`State::apply_action`] does, giving each step of the
    /// sowing to `observer`, and returns the crate's report.
    ///
    /// # Errors
    /// As [`State::apply_action`]; nothing changes then.
    pub fn apply_traced(
        &mut self,
        action: Action,
        observer: &mut impl FnMut(o_an_quan::Event),
    ) -> Result<o_an_quan::Report, ActionError> {
        let mv = self.checked(action)?;
        let report = self
            .game
            .play_traced(mv, observer)
            .map_err(|e| ActionError::Illegal(e.to_string()))?;
        self.history.push(action);
        Ok(report)
    }

    fn checked(&self, a: Action) -> Result<Move, ActionError> {
        if self.game.is_over() {
            return Err(ActionError::Terminal);
        }
        let mv = self.action_to_move(a).ok_or(ActionError::OutOfRange {
            action: a,
            size: self.def.info.num_distinct_actions,
        })?;
        self.game
            .check(mv)
            .map_err(|e| ActionError::Illegal(e.to_string()))?;
        Ok(mv)
    }
}

impl State for OAnQuanState {
    fn info(&self) -> &GameInfo {
        &self.def.info
    }

    fn current_player(&self) -> Turn {
        if self.game.is_over() {
            Turn::Terminal
        } else {
            Turn::Player(self.game.to_move().index())
        }
    }

    fn legal_actions_into(&self, out: &mut ActionList) {
        out.clear();
        out.extend(
            self.game
                .legal_moves()
                .iter()
                .filter_map(|&mv| self.move_to_action(mv)),
        );
        out.sort_unstable();
    }

    fn check(&self, action: Action) -> Result<(), ActionError> {
        self.checked(action).map(|_| ())
    }

    fn apply_action(&mut self, action: Action) -> Result<(), ActionError> {
        self.apply_traced(action, &mut |_| {}).map(|_| ())
    }

    fn chance_outcomes_into(&self, out: &mut Vec<(Action, Prob)>) {
        out.clear();
    }

    fn returns(&self) -> PerPlayer {
        let n = self.def.rules.players();
        let mut r: PerPlayer = (0..n).map(|_| 0.0).collect();
        let Some(o) = self.game.outcome() else {
            return r;
        };
        let leaders = o.leaders();
        let k = leaders.len().max(1);
        if k == n {
            return r;
        }
        // The leaders share +1 per winner seat's worth, the rest share the loss.
        let (win, lose) = (1.0 / k as f64, -1.0 / (n - k) as f64);
        for p in Player::all(n) {
            r[p.index()] = if leaders.contains(p) { win } else { lose };
        }
        r
    }

    fn scores(&self) -> PerPlayer {
        let s = self.game.score();
        Player::all(self.def.rules.players())
            .map(|p| s.total(p) as f64)
            .collect()
    }

    fn action_to_string(&self, _turn: Turn, action: Action) -> String {
        self.action_to_move(action)
            .map_or_else(|| format!("{action}"), |m| m.to_string())
    }

    fn string_to_action(&self, text: &str) -> Result<Action, NotationError> {
        let mv = self
            .game
            .parse_move(text)
            .map_err(|e| NotationError::Parse(e.to_string()))?;
        self.move_to_action(mv)
            .ok_or_else(|| NotationError::NoSuchAction(text.trim().into()))
    }

    fn observation_string(&self, _player: usize) -> String {
        let mut s = self.game.board().to_string();
        let _ = writeln!(s, "{} to move", self.game.to_move());
        s
    }

    fn information_state_string(&self, _player: usize) -> String {
        let mut s = String::new();
        for (k, mv) in self.game.moves().iter().enumerate() {
            if k > 0 {
                s.push(' ');
            }
            let _ = write!(s, "{mv}");
        }
        s
    }

    fn observation_tensor(&self, _player: usize, out: &mut [f32]) {
        out.fill(0.0);
        let players = self.def.rules.players();
        let board = self.game.board();
        let position = self.game.position();
        let per = 2 + players;
        for (k, &sq) in self.def.squares.iter().enumerate() {
            let base = k * per;
            if let Some(x) = out.get_mut(base) {
                *x = f32::from(board.stones(sq));
            }
            if let Some(x) = out.get_mut(base + 1) {
                *x = f32::from(u8::from(board.has_quan(sq)));
            }
            if let Some(owner) = position.owner(sq)
                && let Some(x) = out.get_mut(base + 2 + owner.index())
            {
                *x = 1.0;
            }
        }
        let mut k = self.def.squares.len() * per;
        let score = self.game.score();
        for p in 0..players {
            for v in [
                f32::from(score.captured[p]),
                f32::from(score.quan[p]),
                score.loans[p] as f32,
            ] {
                if let Some(x) = out.get_mut(k) {
                    *x = v;
                }
                k += 1;
            }
        }
        if let Some(x) = out.get_mut(k + self.game.to_move().index()) {
            *x = 1.0;
        }
    }

    fn information_state_tensor(&self, player: usize, out: &mut [f32]) {
        self.observation_tensor(player, out);
    }

    fn history(&self) -> &[Action] {
        &self.history
    }

    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        self.game
            .random_move(rng)
            .and_then(|m| self.move_to_action(m))
    }

    fn sample_chance<R: Rng + ?Sized>(&self, _rng: &mut R) -> Option<Action> {
        None
    }

    fn playout_step<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Action> {
        // The same draw as the default step, checked once (by the crate).
        let mv = self.game.random_move(rng)?;
        let a = self.move_to_action(mv)?;
        self.game.play(mv).ok()?;
        self.history.push(a);
        Some(a)
    }

    fn play_out<R: Rng + ?Sized>(&mut self, rng: &mut R, max_steps: usize) -> usize {
        super::reserve_for_playout(&mut self.history, &self.def.info);
        // The crate's own playout loop (the same draws as stepping), then the
        // actions read back from its record.
        let before = self.game.moves().len();
        let played = self.game.play_out(rng, max_steps);
        for i in before..self.game.moves().len() {
            if let Some(a) = self.move_to_action(self.game.moves()[i]) {
                self.history.push(a);
            }
        }
        played
    }

    fn resample_from_infostate<R: Rng + ?Sized>(&self, _player: usize, _rng: &mut R) -> Self {
        self.clone()
    }
}
