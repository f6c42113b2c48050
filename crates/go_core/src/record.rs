//! The stored game: rules, setup and moves. A [`Game`] serialises as its record and
//! deserialises by replaying it, so a stored game can never be inconsistent.

use alloc::vec::Vec;

use crate::error::GameError;
use crate::game::Game;
use crate::moves::Move;
use crate::rules::Rules;
use crate::setup::Setup;

/// A game as stored: the rules, the setup and the moves played
/// ([`Game::record`]). Loading it replays every move ([`Record::replay`]); with the
/// `serde` feature a [`Game`] is written as its record and read back that way.
///
/// ```
/// use go_core::{Game, Move, Rules, Setup};
/// let mut game = Game::new(Rules::japanese(), Setup::new(9, 9))?;
/// game.play("E5".parse()?)?;
/// game.play(Move::Pass)?;
/// let record = game.record();
/// assert_eq!(record.moves, [Move::Play("E5".parse()?), Move::Pass]);
/// assert_eq!(record.replay()?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Record {
    /// The rules.
    pub rules: Rules,
    /// The start of the game.
    pub setup: Setup,
    /// The moves played, in order.
    pub moves: Vec<Move>,
}

impl Record {
    /// The game this record describes ([`Game::replay`]).
    ///
    /// # Errors
    /// As [`Game::replay`]: [`GameError::Rules`], [`GameError::Setup`], or
    /// [`GameError::Replay`] naming the first refused move.
    pub fn replay(&self) -> Result<Game, GameError> {
        Game::replay(self.rules, self.setup.clone(), &self.moves)
    }
}

impl Game {
    /// The game's record: its rules, setup and moves so far.
    pub fn record(&self) -> Record {
        Record {
            rules: *self.rules(),
            setup: self.setup().clone(),
            moves: self.moves().map(|(_, mv)| mv).collect(),
        }
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    //! A game serialises as its record and deserialises by replaying it, so a
    //! corrupt game is an error, never a broken invariant.
    use super::*;
    use alloc::string::ToString;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    impl Serialize for Game {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            self.record().serialize(s)
        }
    }

    impl<'de> Deserialize<'de> for Game {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
            Record::deserialize(d)?
                .replay()
                .map_err(|e| D::Error::custom(e.to_string()))
        }
    }
}
