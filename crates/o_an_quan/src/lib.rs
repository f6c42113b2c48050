#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "arbitrary")]
mod arbitrary;
mod board;
mod chance;
mod error;
mod event;
mod game;
mod history;
mod match_play;
mod moves;
mod picture;
pub mod player;
mod position;
mod random;
mod record;
mod repetition;
mod report;
mod ring;
mod rules;
mod runs;
mod score;
mod setup;
mod sowing;
mod square;
mod turn;

pub use board::Board;
pub use chance::below;
pub use error::{
    GameError, IllegalMove, MatchError, ParseError, RingProblem, RulesError, SetupError, UndoError,
};
pub use event::Event;
pub use game::Game;
pub use match_play::{Holding, Match, MatchEnd, MatchOutcome, Sale};
pub use moves::{Direction, MAX_MOVES, Move, MoveList};
pub use player::{Player, Players};
pub use position::Position;
pub use record::Record;
pub use report::{Report, Stop};
pub use ring::Ring;
pub use rules::{
    EndRule, MAX_PER_SQUARE, MAX_PLAYERS, MAX_ROW, MAX_SQUARES, MAX_STONES, MAX_VALUE, Rules,
};
pub use score::{End, Outcome, Score};
pub use setup::{Loan, Setup};
pub use square::Square;
