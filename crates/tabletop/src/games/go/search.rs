//! How the bots search Go: RAVE with a small exploration constant (measured:
//! `docs/bots.md`), the score weighed beside the win so that a lost game is
//! lost by as little as possible and a won one won safely, no stone in one's own
//! eye in the tree (as in the playouts), and priors from go_core's heavy-policy
//! view of each move.

use std::vec::Vec;

use go_core::{Move, Point, Scoring};

use super::GoState;
use crate::action::Action;
use crate::bot::{Budget, Config, Knowledge, Prior};

/// Go's search settings (measured: `docs/bots.md`): RAVE (`k` = 1000),
/// exploration 0.2, the tree grown a node at a time from its second visit with
/// [`GoKnowledge`]'s priors, and the score margin weighed beside the win — a
/// little while the result is open, much once it looks decided.
pub(super) fn config(budget: Budget, seed: u64) -> Config {
    Config {
        rave: Some(1000.0),
        exploration: 0.2,
        expand_after: Some(2),
        score_weight: SCORE_WEIGHT,
        score_weight_decided: SCORE_WEIGHT_DECIDED,
        score_scale: SCORE_SCALE,
        ..Config::with_budget(budget, seed)
    }
}

/// How much the score margin counts beside the win while the result is open
/// ([`Config::score_weight`]): too little to cost a won game (measured).
pub const SCORE_WEIGHT: f64 = 0.03;

/// How much it counts once the result looks decided
/// ([`Config::score_weight_decided`]): the loss kept small, the win made safe.
pub const SCORE_WEIGHT_DECIDED: f64 = 0.5;

/// The share of all points (the board and the komi) at which the score term is
/// worth half its most ([`Config::score_scale`]): 44 points on 9×9.
pub const SCORE_SCALE: f64 = 0.5;

/// Go's knowledge for the search's tree ([`crate::bot::Knowledge`]): priors from
/// go_core's heavy-policy view of each move ([`go_core::Game::move_hints`]), as
/// equivalent experience (Pachi's and Fuego's way). Each field is a number of
/// imagined playouts; the priors of the rules that apply add up.
///
/// - every move: `even` playouts at an even result;
/// - a move that fills one of the mover's own eyes is left out of the tree, and so is
///   a pass but where the search may pass (`may_pass`);
/// - a capture, a saving move (the heavy policy's atari step) or a move matching
///   one of MoGo's patterns next to the last move: `tactics` playouts won;
/// - a move putting an opponent chain in atari: `atari` playouts won;
/// - a self-atari of two stones or more that captures nothing: `self_atari`
///   playouts lost;
/// - a move on the first or second line with no stone within two points (in
///   either direction): `edge` playouts lost on the first line, half as many on
///   the second;
/// - a move within two points of the last one: `near` playouts won;
/// - no pass at the move number `no_pass_at` (the root of a search that must
///   play on: the GTP engine's pass check has found that passing there loses);
/// - a pass while more than a quarter of the board is empty: `even + edge`
///   playouts lost (all of its prior lost: an even share would look good beside
///   the moves of a lost position); later no prior at all, for the same reason.
///   RAVE never credits a pass (its value depends on when it is played).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GoKnowledge {
    /// Even playouts for every move.
    pub even: f32,
    /// Won playouts for captures, saves and pattern moves.
    pub tactics: f32,
    /// Won playouts for ataris.
    pub atari: f32,
    /// Lost playouts for self-ataris of two stones or more.
    pub self_atari: f32,
    /// Lost playouts for moves on the first line far from every stone (half on
    /// the second line), and for an early pass.
    pub edge: f32,
    /// Won playouts for moves within two points of the last move.
    pub near: f32,
    /// A move number (moves played so far) at which the tree holds no pass,
    /// `None` for none. The search's count at a game's end keeps every stone
    /// on the board, so after the opponent's pass it can see passing as a win
    /// where dead stones removed make it a loss; a search told so must
    /// compare the moves that play on.
    pub no_pass_at: Option<usize>,
}

impl Default for GoKnowledge {
    fn default() -> GoKnowledge {
        GoKnowledge {
            even: 10.0,
            tactics: 10.0,
            atari: 3.0,
            self_atari: 10.0,
            edge: 10.0,
            near: 5.0,
            no_pass_at: None,
        }
    }
}

impl GoKnowledge {
    /// The prior of a stone on `p`, `None` to leave it out of the tree.
    fn stone_prior(&self, game: &go_core::Game, p: Point) -> Option<Prior> {
        let h = game.move_hints(p)?;
        if h.own_eye && h.captures == 0 {
            return None;
        }
        // (playouts, won minus lost)
        let mut n = self.even;
        let mut net = 0.0;
        let mut add = |playouts: f32, result: f32| {
            n += playouts;
            net += playouts * result;
        };
        if h.captures > 0 || h.saves || h.pattern {
            add(self.tactics, 1.0);
        }
        if h.ataris {
            add(self.atari, 1.0);
        }
        if h.self_atari >= 2 && h.captures == 0 {
            add(self.self_atari, -1.0);
        }
        if h.line <= 2 && !stones_near(game.board(), p) {
            add(
                if h.line == 1 {
                    self.edge
                } else {
                    self.edge / 2.0
                },
                -1.0,
            );
        }
        if h.distance <= 2 {
            add(self.near, 1.0);
        }
        Some(Prior::new(n, if n > 0.0 { net / n } else { 0.0 }))
    }
}

/// Whether a stone stands within two points of `p` (in both directions).
fn stones_near(board: &go_core::Board, p: Point) -> bool {
    let (c, r) = (i32::from(p.col()), i32::from(p.row()));
    (-2..=2).any(|dc| {
        (-2..=2).any(|dr| {
            let (x, y) = (c + dc, r + dr);
            x >= 0 && y >= 0 && Point::new(x as u8, y as u8).is_some_and(|q| board.get(q).is_some())
        })
    })
}

/// Whether the side to move may pass in the search's tree. Under area
/// scoring a pass gains nothing a move could not (a stone in one's own area
/// costs nothing), while passing early hands the opponent a move that playouts
/// are too noisy to price: so a pass is searched only after the opponent's
/// pass (it may end the game, and the count is then exact), or when every
/// legal move would fill one of the mover's own eyes. Under territory scoring a
/// stone in one's own area costs a point, and a pass is always searched.
fn may_pass(game: &go_core::Game) -> bool {
    if game.rules().scoring() == Scoring::Territory
        || matches!(game.last_move(), Some((_, Move::Pass)))
    {
        return true;
    }
    let mut other = false;
    game.for_each_legal_move(|mv| {
        if let Move::Play(p) = mv {
            other |= !game.fills_own_eye(p);
        }
    });
    !other
}

impl Knowledge<GoState> for GoKnowledge {
    /// Never a stone in one's own eye ([`go_core::Game::fills_own_eye`]), and a
    /// pass only when the search may pass (`may_pass`) and not at
    /// [`GoKnowledge::no_pass_at`].
    fn keep(&mut self, state: &GoState, action: Action) -> bool {
        match state.action_to_move(action) {
            Some(Move::Play(p)) => !state.game.fills_own_eye(p),
            Some(Move::Pass) => {
                self.no_pass_at != Some(state.game.move_count()) && may_pass(&state.game)
            }
            _ => true,
        }
    }

    fn priors(&mut self, state: &GoState, actions: &[Action], out: &mut Vec<Option<Prior>>) {
        out.clear();
        let game = &state.game;
        let board = game.board();
        let crowded =
            board.empty_count() * 4 <= usize::from(board.width()) * usize::from(board.height());
        for &a in actions {
            out.push(match state.action_to_move(a) {
                Some(Move::Play(p)) => self.stone_prior(game, p),
                Some(Move::Pass)
                    if !may_pass(game) || self.no_pass_at == Some(game.move_count()) =>
                {
                    None
                }
                // A pass while a quarter of the board or more is empty is as
                // bad as it gets: a prior of losses, whatever the position (an
                // even prior would look good beside the moves of a lost
                // position, whose RAVE values come in low at once). Later, no
                // prior: its own playouts judge it.
                Some(Move::Pass) => Some(if crowded {
                    Prior {
                        visits: 0.0,
                        value: 0.0,
                        rave: false,
                    }
                } else {
                    Prior {
                        visits: self.even + self.edge,
                        value: -1.0,
                        rave: false,
                    }
                }),
                _ => Some(Prior::NONE),
            });
        }
    }
}
