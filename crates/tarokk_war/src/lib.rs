#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "arbitrary")]
mod arbitrary;
mod awaiting;
mod cards;
mod chance;
mod error;
mod events;
mod game;
mod moves;
mod outcome;
mod picture;
pub mod player;
mod random;
mod record;
mod report;
mod rules;
mod setup;
mod stack;
mod view;

pub use awaiting::Awaiting;
pub use cards::{Card, HAND_CARDS, LOCATIONS, Rank, SOLDIERS, Suit, TOK_VIII, ZOLD_VIII};
pub use chance::below;
pub use error::{GameError, IllegalMove, ParseError, RulesError, SetupError};
pub use events::{Event, HandWin};
pub use game::Game;
pub use moves::{MAX_MOVES, Move, MoveList};
pub use outcome::{End, Outcome, Score};
pub use player::Player;
pub use record::Record;
pub use report::{Battle, HandWon, Report, Trick};
pub use rules::Rules;
pub use setup::{HANDS, Setup};
pub use view::{Laid, View};
