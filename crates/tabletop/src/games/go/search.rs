//! How the bots search Go: RAVE with a small exploration constant (measured:
//! `docs/bots.md`), and priors from go_core's heavy-policy view of each move.

use std::vec::Vec;

use go_core::{Move, Point};

use super::GoState;
use crate::action::Action;
use crate::bot::{Budget, Config, Knowledge, Prior};

/// Go's search settings: RAVE (`k` = 1000) and exploration 0.2.
pub(super) fn config(budget: Budget, seed: u64) -> Config {
    Config {
        rave: Some(1000.0),
        exploration: 0.2,
        ..Config::with_budget(budget, seed)
    }
}

/// Go's knowledge for the search's tree ([`crate::bot::Knowledge`]): priors from
/// go_core's heavy-policy view of each move ([`go_core::Game::move_hints`]), as
/// equivalent experience (Pachi's and Fuego's way). Each field is a number of
/// imagined playouts; the priors of the rules that apply add up.
///
/// - every move: `even` playouts at an even result;
/// - a move that fills one of the mover's own eyes is left out of the tree;
/// - a capture, a saving move (the heavy policy's atari step) or a move matching
///   one of MoGo's patterns next to the last move: `tactics` playouts won;
/// - a move putting an opponent chain in atari: `atari` playouts won;
/// - a self-atari of two stones or more that captures nothing: `self_atari`
///   playouts lost;
/// - a move on the first or second line with no stone within two points (in
///   either direction): `edge` playouts lost on the first line, half as many on
///   the second;
/// - a move within two points of the last one: `near` playouts won;
/// - a pass while more than a quarter of the board is empty: `edge` playouts
///   lost. RAVE never credits a pass (its value depends on when it is played).
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

impl Knowledge<GoState> for GoKnowledge {
    fn priors(&mut self, state: &GoState, actions: &[Action], out: &mut Vec<Option<Prior>>) {
        out.clear();
        let game = &state.game;
        let board = game.board();
        let crowded =
            board.empty_count() * 4 <= usize::from(board.width()) * usize::from(board.height());
        for &a in actions {
            out.push(match state.action_to_move(a) {
                Some(Move::Play(p)) => self.stone_prior(game, p),
                Some(Move::Pass) => Some(Prior {
                    visits: self.even + if crowded { 0.0 } else { self.edge },
                    value: if crowded || self.even + self.edge <= 0.0 {
                        0.0
                    } else {
                        -self.edge / (self.even + self.edge)
                    },
                    rave: false,
                }),
                _ => Some(Prior::NONE),
            });
        }
    }
}
