#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod cards;
mod deal;
mod error;
mod game;
mod rules;
mod view;

pub use cards::{Card, HAND_CARDS, LOCATIONS, Rank, SOLDIERS, Suit, TOK_VIII, ZOLD_VIII};
pub use deal::{Deal, HANDS};
pub use error::{DealError, GameError, IllegalMove, ParseError, RulesError};
pub use game::{Awaiting, Event, Game, HandWin, Move, MoveList, Outcome, Player};
pub use rules::Rules;
pub use view::View;
