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
mod draws;
mod error;
mod game;
mod movelist;
mod moves;
mod picture;
pub mod player;
mod position;
#[cfg(feature = "protocol")]
mod protocol;
mod random;
mod record;
mod report;
mod rules;
mod score;
mod setup;
mod traps;
mod turn;
mod vabank;
mod view;

pub use board::{Cell, MAX_SIDE};
pub use chance::below;
pub use draws::{Color, Draws, Home};
pub use error::{Cheat, GameError, IllegalMove, ParseError, ProtocolError, RulesError, SetupError};
pub use game::Game;
pub use movelist::{MoveIter, MoveList};
pub use moves::{Group, MAX_GROUP, Move};
pub use player::{MAX_MEMBERS, Player, Side};
#[cfg(feature = "protocol")]
pub use protocol::{Announcement, Commitment, Reveal, Secret, SideGame};
pub use record::Record;
pub use report::{Event, Report, StoneKind};
pub use rules::{MAX_BASE, MAX_SCARECROWS, Rules, Stake};
pub use score::{End, Outcome, Score, StakeResult};
pub use setup::Setup;
pub use traps::{MAX_TRAPS, Traps};
pub use turn::Awaiting;
pub use vabank::VaBankGroups;
pub use view::View;
