//! Moves (ruling G4) and the fixed-capacity list that holds the legal ones.

#[cfg(feature = "serde")]
use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::error::ParseError;
use crate::point::{MAX_SIDE, Point};

/// A move: a stone on a point, a pass, or a resignation (which ends the game).
///
/// `Display`/`FromStr` use GTP words: `D4`, `pass`, `resign` (case-insensitive);
/// serde uses the same strings (`"D4"`, `"pass"`).
///
/// ```
/// use go_core::Move;
/// assert_eq!("pass".parse::<Move>()?, Move::Pass);
/// assert_eq!("q16".parse::<Move>()?.to_string(), "Q16");
/// # Ok::<(), go_core::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "String", try_from = "String"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Move {
    /// A stone on this point.
    Play(Point),
    /// Pass; two passes in a row end the game.
    Pass,
    /// Resign; the opponent wins.
    Resign,
}

impl Move {
    /// The point of a `Play`, `None` for pass and resign.
    pub const fn point(self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(p),
            _ => None,
        }
    }
}

impl From<Point> for Move {
    fn from(p: Point) -> Move {
        Move::Play(p)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(p) => p.fmt(f),
            Move::Pass => f.write_str("pass"),
            Move::Resign => f.write_str("resign"),
        }
    }
}

#[cfg(feature = "serde")]
impl From<Move> for String {
    fn from(m: Move) -> String {
        alloc::format!("{m}")
    }
}

#[cfg(feature = "serde")]
impl TryFrom<String> for Move {
    type Error = ParseError;
    fn try_from(s: String) -> Result<Move, ParseError> {
        s.parse()
    }
}

impl FromStr for Move {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Move, ParseError> {
        if s.eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else if s.eq_ignore_ascii_case("resign") {
            Ok(Move::Resign)
        } else {
            s.parse().map(Move::Play).map_err(|_| ParseError::Move)
        }
    }
}

/// The most moves a [`MoveList`] holds: every point of the largest board (25×25,
/// ruling G1) and a pass. [`Game::legal_moves`](crate::Game::legal_moves) lists
/// each empty point at most once, then `Pass`, so its list never holds more.
pub const MAX_MOVES: usize = MAX_SIDE as usize * MAX_SIDE as usize + 1;

/// A list of moves on the stack (no heap allocation); it dereferences to `&[Move]`.
pub type MoveList = arrayvec::ArrayVec<Move, MAX_MOVES>;
