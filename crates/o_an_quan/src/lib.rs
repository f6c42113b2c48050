#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod board;
mod error;
mod game;
mod history;
mod match_play;
mod moves;
mod playout;
mod position;
mod rules;
mod runs;
mod score;
mod sowing;
mod trace;

pub use board::{Board, Player, Ring, Square};
pub use error::{
    GameError, IllegalMove, MatchError, ParseError, PositionError, RingProblem, RulesError,
    UndoError,
};
pub use game::Game;
pub use match_play::{Holding, Match, MatchEnd, MatchOutcome, Sale};
pub use moves::{Direction, MAX_MOVES, Move, MoveList};
pub use position::Position;
pub use rules::{
    EndRule, MAX_PER_SQUARE, MAX_PLAYERS, MAX_ROW, MAX_SQUARES, MAX_STONES, MAX_VALUE, Rules,
};
pub use score::{EndReason, Outcome, Players, Score};
pub use trace::{Event, Report, Stop, Trace};
