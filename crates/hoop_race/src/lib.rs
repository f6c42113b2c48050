#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod board;
mod chance;
mod error;
mod game;
mod herd;
mod moves;
mod odds;
mod rules;
mod score;

pub use board::{Place, Route, Station};
pub use chance::{MAX_DENOMINATOR, Ratio, Throw, ThrowModel};
pub use error::{GameError, IllegalMove, IllegalThrow, ParseError, RulesError};
pub use game::{Action, Awaiting, Game, MoveReport, ThrowReport};
pub use moves::{Horse, MAX_MOVES, Move, MoveList, Player};
pub use rules::{Exit, MAX_HORSES, MAX_PLAYERS, Rules, Shortcuts};
pub use score::{Outcome, Score, Side};
