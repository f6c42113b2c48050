#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod board;
mod error;
mod game;
mod moves;
mod playout;
mod point;
mod positions;
mod rules;
mod score;
pub mod setup;
pub mod sgf;
mod table;
mod zobrist;

pub use board::Board;
pub use error::{
    DiagramProblem, GameError, IllegalMove, ParseError, RulesError, ScoreError, SetupError,
    SgfError, SgfErrorKind, UndoError,
};
pub use game::{Game, MoveReport, Outcome};
pub use moves::{MAX_MOVES, Move, MoveList};
pub use point::{Color, MAX_SIDE, Point, SgfPoint};
pub use rules::{KoRule, Komi, Rules, Scoring, Suicide};
pub use score::{GameResult, Margin, Score};
