//! How a finished game ended: who won and why (rulings G4, G8).

use crate::player::Color;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum End {
    /// Two passes in a row: the board was counted (source, G8).
    TwoPasses,
    /// A player resigned (G4).
    Resignation,
}

/// The outcome of a finished game ([`Game::outcome`](crate::Game::outcome)): the
/// winner, `None` for a draw (jigo), and why the game ended.
///
/// After two passes the winner is decided by the count of the board as it stands,
/// every stone alive, under the game's scoring rules and komi
/// ([`Game::score`](crate::Game::score)); a count with dead stones agreed by the
/// players is [`Game::score_with_dead`](crate::Game::score_with_dead).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    winner: Option<Color>,
    reason: End,
}

impl Outcome {
    pub(crate) const fn new(winner: Option<Color>, reason: End) -> Outcome {
        Outcome { winner, reason }
    }

    /// The winner, `None` for a draw.
    pub const fn winner(&self) -> Option<Color> {
        self.winner
    }

    /// Why the game ended.
    pub const fn reason(&self) -> End {
        self.reason
    }
}
