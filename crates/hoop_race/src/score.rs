//! Sides, the end of a game and its score (ruling H10).

use core::fmt;

use crate::moves::Player;
use crate::rules::MAX_PLAYERS;

/// A side: a player, or with four players a partnership (A+C or B+D).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Side {
    index: u8,
    players: u8,
}

impl Side {
    pub(crate) const fn new(index: u8, players: usize) -> Side {
        Side {
            index,
            players: players as u8,
        }
    }

    /// Its number: the seat, or 0 for A+C and 1 for B+D.
    pub const fn index(self) -> usize {
        self.index as usize
    }

    /// Its players.
    pub fn members(self) -> impl Iterator<Item = Player> {
        let partner = (self.players == 4).then_some(self.index as usize + 2);
        core::iter::once(self.index as usize)
            .chain(partner)
            .filter_map(Player::new)
    }
}

impl fmt::Display for Side {
    /// `A`, or `A+C` for a partnership.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, p) in self.members().enumerate() {
            if k > 0 {
                f.write_str("+")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// How a finished game came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The side that brought its horses out first.
    pub winner: Side,
    /// Sides in the order they finished (only the winner unless playing for places).
    pub places: [Option<Side>; MAX_PLAYERS],
}

impl Outcome {
    pub(crate) fn new(finished: &[u8], players: usize) -> Outcome {
        let mut places = [None; MAX_PLAYERS];
        for (slot, &s) in places.iter_mut().zip(finished) {
            *slot = Some(Side::new(s, players));
        }
        Outcome {
            winner: places[0].unwrap_or(Side::new(0, players)),
            places,
        }
    }
}
/// The score (H10): per side, horses brought out and the points still needed to
/// bring out the rest (each horse's remaining route; a waiting horse the whole circle).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Score {
    /// Sides in the game; entries beyond are zero.
    pub sides: usize,
    /// Horses out, by side.
    pub out: [u32; MAX_PLAYERS],
    /// Points still needed, by side.
    pub remaining: [u32; MAX_PLAYERS],
}

impl Score {
    pub(crate) fn new(sides: usize) -> Score {
        Score {
            sides,
            out: [0; MAX_PLAYERS],
            remaining: [0; MAX_PLAYERS],
        }
    }
}
