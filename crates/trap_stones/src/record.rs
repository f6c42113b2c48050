//! The stored game: rules, setup and moves. A game is serialised as its record and
//! read back by replaying it, so a stored game can never be inconsistent.

use alloc::vec::Vec;

use crate::error::GameError;
use crate::game::Game;
use crate::moves::Move;
use crate::rules::Rules;
use crate::setup::Setup;

/// A stored game: the rules, the setup (both sides' traps: the referee's
/// knowledge) and the moves played. Serialised with every field named and no
/// other allowed:
///
/// ```json
/// {"rules": {...}, "setup": {...}, "moves": ["e1", "e9", "*c5", "!d4+e5"]}
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Record {
    /// The rules.
    pub rules: Rules,
    /// The setup.
    pub setup: Setup,
    /// The moves, in order.
    pub moves: Vec<Move>,
}

impl Record {
    /// The game this record stores: [`Game::replay`].
    ///
    /// # Errors
    /// As [`Game::replay`]: [`GameError::Rules`], [`GameError::Setup`], or
    /// [`GameError::Replay`] for the first move refused.
    pub fn replay(&self) -> Result<Game, GameError> {
        Game::replay(self.rules, self.setup, &self.moves)
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
    /// A [`Record`], replayed: an invalid record is an error.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        Record::deserialize(d)?
            .replay()
            .map_err(serde::de::Error::custom)
    }
}
