//! The stored game: rules, setup and moves, read back by replaying them (so a
//! stored game can never be inconsistent).

use alloc::vec::Vec;

use crate::error::GameError;
use crate::game::Game;
use crate::moves::Move;
use crate::rules::Rules;
use crate::setup::Setup;

/// A stored game: everything needed to rebuild it. [`Game::record`] writes one;
/// [`Record::replay`] (or [`Game::replay`]) reads it back. With the `serde` feature
/// a [`Game`] serialises as its record and deserialises by replaying one. In JSON
/// the rules may be a preset's name (`"source"`) or the settings; cards and moves are
/// their notation:
///
/// ```json
/// {"rules": "source",
///  "setup": {"first_dealer": "one", "soldiers": ["PO", "T8", …], "hands": [["T7", "TX", "ZX", "Z8", "Z9", "M9"], …]},
///  "moves": ["Z8", "Z8", "T7", "TX", "lay PA", "attack MK"]}
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Record {
    /// The rules.
    pub rules: Rules,
    /// The setup: every shuffle.
    pub setup: Setup,
    /// The moves, in order.
    pub moves: Vec<Move>,
}

impl Record {
    /// The game this record stores ([`Game::replay`]).
    ///
    /// # Errors
    /// [`GameError::Rules`], [`GameError::Setup`], or [`GameError::Replay`] for the
    /// first move refused.
    pub fn replay(&self) -> Result<Game, GameError> {
        Game::replay(self.rules, self.setup, &self.moves)
    }
}

/// The record, borrowed from the game for writing.
#[cfg(feature = "serde")]
#[derive(serde::Serialize)]
struct RecordRef<'a> {
    rules: &'a Rules,
    setup: &'a Setup,
    moves: &'a [Move],
}

/// Written as its [`Record`].
#[cfg(feature = "serde")]
impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        RecordRef {
            rules: self.rules(),
            setup: self.setup(),
            moves: self.moves(),
        }
        .serialize(s)
    }
}

/// Read as a [`Record`] and replayed: a move that does not replay is an error.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        Record::deserialize(d)?
            .replay()
            .map_err(serde::de::Error::custom)
    }
}
