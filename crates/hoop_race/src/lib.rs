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
mod game;
mod herd;
mod moves;
mod odds;
mod order;
mod picture;
pub mod player;
mod random;
mod record;
mod report;
mod rules;
mod score;
mod setup;

pub use board::{Place, Route, Station};
pub use chance::{MAX_DENOMINATOR, Ratio, Throw, ThrowModel, below};
pub use error::{GameError, IllegalMove, ParseError, RulesError};
pub use game::{Awaiting, Game};
pub use moves::{Action, Horse, MAX_MOVES, Move, MoveList};
pub use player::{Player, Side};
pub use record::Record;
pub use report::{Event, Report, ThrowReport};
pub use rules::{Exit, MAX_HORSES, MAX_PLAYERS, Rules, Shortcuts};
pub use score::{End, Outcome, Score};
pub use setup::Setup;
