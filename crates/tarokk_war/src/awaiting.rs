//! What the game waits for: the three kinds of decision (W12), or nothing.

use core::fmt;

use crate::player::Player;

/// What the game waits for: one of its three kinds of decision, each naming the
/// player to decide, or nothing once it is over. There is no `Chance` variant: every
/// shuffle is in the [`Setup`](crate::Setup), so play never waits for chance.
/// Serialised as `{"play": "one"}`, `{"defend": "two"}`, `{"attack": "one"}`, `"over"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Awaiting {
    /// Phase I: this player plays a card (leading when no card is on the table).
    Play(Player),
    /// Phase II: this player, the defender, lays a soldier face down.
    Defend(Player),
    /// Phase II: this player, the attacker, lays a soldier face up.
    Attack(Player),
    /// Nothing: the game is over.
    Over,
}

impl Awaiting {
    /// The player to decide; `None` once the game is over.
    pub const fn player(self) -> Option<Player> {
        match self {
            Awaiting::Play(p) | Awaiting::Defend(p) | Awaiting::Attack(p) => Some(p),
            Awaiting::Over => None,
        }
    }
}

impl fmt::Display for Awaiting {
    /// `player 1 to play`, `player 2 to lay a soldier`, `player 1 to attack`,
    /// `game over`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Awaiting::Play(p) => write!(f, "{p} to play"),
            Awaiting::Defend(p) => write!(f, "{p} to lay a soldier"),
            Awaiting::Attack(p) => write!(f, "{p} to attack"),
            Awaiting::Over => f.write_str("game over"),
        }
    }
}
