//! The end of a game and its score (ruling H10).

use crate::player::Side;
use crate::rules::MAX_PLAYERS;

/// Why a game ended (ruling H10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum End {
    /// A side brought out the horses it needed: it wins and the game is over at
    /// once.
    BroughtOut,
    /// Playing for places: every side but one has brought out its horses; the last
    /// takes the last place.
    OneSideLeft,
}

/// How a finished game came out: the winner, why it ended, and the places.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(into = "OutcomeData", try_from = "OutcomeData")
)]
pub struct Outcome {
    reason: End,
    /// Sides in the order they finished; the first `len` are meaningful.
    places: [Side; MAX_PLAYERS],
    len: u8,
}

impl Outcome {
    /// The outcome with these sides ranked (the first the winner), ended for `reason`.
    pub(crate) fn new(reason: End, ranked: &[Side]) -> Outcome {
        let mut places = [Side::new(0, 2); MAX_PLAYERS];
        let len = ranked.len().min(MAX_PLAYERS);
        places[..len].copy_from_slice(&ranked[..len]);
        Outcome {
            reason,
            places,
            len: len as u8,
        }
    }

    /// The side that brought its horses out first. Never `None`: the game has no
    /// draws.
    pub fn winner(&self) -> Option<Side> {
        self.places().first().copied()
    }

    /// Why the game ended.
    pub fn reason(&self) -> End {
        self.reason
    }

    /// The sides ranked: playing for places (H10), every side in the order it
    /// finished (the last the side left over); otherwise the winner alone.
    pub fn places(&self) -> &[Side] {
        &self.places[..usize::from(self.len)]
    }
}

/// The serialised form of [`Outcome`]: `{"reason": "brought_out", "places": ["A"]}`.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct OutcomeData {
    reason: End,
    places: alloc::vec::Vec<Side>,
}

#[cfg(feature = "serde")]
impl From<Outcome> for OutcomeData {
    fn from(o: Outcome) -> OutcomeData {
        OutcomeData {
            reason: o.reason,
            places: o.places().to_vec(),
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<OutcomeData> for Outcome {
    type Error = &'static str;
    fn try_from(d: OutcomeData) -> Result<Outcome, &'static str> {
        if d.places.is_empty() || d.places.len() > MAX_PLAYERS {
            return Err("an outcome ranks 1 to 4 sides");
        }
        Ok(Outcome::new(d.reason, &d.places))
    }
}

/// The score (H10): per side, horses brought out and the points still needed to
/// bring out the rest (each horse's remaining route; a waiting horse the whole
/// circle). Running while the game goes on, final once it is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Score {
    /// Sides in the game ([`Side::index`] numbers them); entries beyond are zero.
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
