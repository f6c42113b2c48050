//! The stored game: rules, setup and every action, loaded by replaying them so a
//! stored game can never be inconsistent.

use alloc::vec::Vec;

use crate::error::GameError;
use crate::game::Game;
use crate::moves::Action;
use crate::rules::Rules;
use crate::setup::Setup;

/// A stored game: its rules, its setup and its record of actions.
///
/// Here a "move" of the record is an [`Action`] — a throw or a move — since chance
/// is input: the throws (the ordering throws of ruling H9 included) are recorded
/// with the moves, so a replay needs no random generator. In JSON every action is
/// its notation: `"4"`, `"back-do"`, `"A1+3"`.
///
/// [`Game`] serialises as its record and deserialises by replaying one
/// ([`Record::replay`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Record {
    /// The rules.
    pub rules: Rules,
    /// The start.
    pub setup: Setup,
    /// Every throw and move, in order.
    pub moves: Vec<Action>,
}

impl Record {
    /// The game this record describes: [`Game::replay`] of its parts.
    ///
    /// # Errors
    /// As [`Game::replay`]: [`GameError::Rules`], the setup's errors, and
    /// [`GameError::Replay`] for the first action that cannot be made.
    pub fn replay(&self) -> Result<Game, GameError> {
        Game::replay(self.rules, self.setup.clone(), &self.moves)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Game {
    /// The game's [`Record`].
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.record().serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Game {
    /// A [`Record`], replayed (and so checked).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        Record::deserialize(d)?
            .replay()
            .map_err(serde::de::Error::custom)
    }
}
