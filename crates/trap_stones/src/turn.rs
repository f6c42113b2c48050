//! Whose decision is next (rulings T9, T11).

use crate::player::Player;

/// What the game waits for: a move of the seat named, the winner's stake decision
/// (T9), or nothing once it is over. The game has no chance after its setup, so
/// it never waits for chance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Awaiting {
    /// A stone, a scarecrow or va-bank of this seat.
    Move(Player),
    /// The winner's decision on double the stake: the extra stone or `decline`
    /// (T9), by this seat of the winning side.
    Stake(Player),
    /// Nothing: the game is over.
    Over,
}
