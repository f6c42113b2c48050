//! Whose decision it is.

use core::fmt;

/// What a state waits for: a player's decision, chance, or nothing (the end).
/// Simultaneous decisions do not occur: hidden decisions made "at the same time"
/// (trap placement) are sequential secret decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// Player `n` (0-based seat) decides.
    Player(usize),
    /// A chance outcome comes next ([`State::chance_outcomes`](crate::State::chance_outcomes)).
    Chance,
    /// The game is over ([`State::returns`](crate::State::returns)).
    Terminal,
}

impl Turn {
    /// The player, if a player decides.
    pub const fn player(self) -> Option<usize> {
        match self {
            Turn::Player(p) => Some(p),
            _ => None,
        }
    }

    /// OpenSpiel's integer for it: the seat, −1 for chance, −4 for terminal.
    pub const fn openspiel_id(self) -> i32 {
        match self {
            Turn::Player(p) => p as i32,
            Turn::Chance => -1,
            Turn::Terminal => -4,
        }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Turn::Player(p) => write!(f, "player {p}"),
            Turn::Chance => f.write_str("chance"),
            Turn::Terminal => f.write_str("terminal"),
        }
    }
}
