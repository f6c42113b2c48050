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
#[cfg(feature = "protocol")]
mod protocol;
mod rules;
mod score;
mod setup;
mod vabank;
mod view;

pub use board::{Cell, MAX_SIDE};
pub use error::{Cheat, GameError, IllegalMove, ParseError, ProtocolError, RulesError, SetupError};
pub use game::{Game, Report};
pub use moves::{Group, LegalMoves, Move};
#[cfg(feature = "protocol")]
pub use protocol::{Announcement, Commitment, Reveal, Secret, SideGame};
pub use rules::{Rules, Stake};
pub use score::{Ending, Outcome, StakeResult};
pub use setup::{Colour, Draws, Home, Setup, Side, Traps};
pub use view::View;
