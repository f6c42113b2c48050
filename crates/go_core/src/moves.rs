//! Moves (ruling G4) and the fixed-capacity list that holds the legal ones.

use core::fmt;
use core::ops::Deref;
use core::str::FromStr;

use crate::error::ParseError;
use crate::point::{MAX_SIDE, Point};

/// A move: a stone on a point, a pass, or a resignation (which ends the game).
///
/// `Display`/`FromStr` use GTP words: `D4`, `pass`, `resign` (case-insensitive).
///
/// ```
/// use go_core::Move;
/// assert_eq!("pass".parse::<Move>()?, Move::Pass);
/// assert_eq!("q16".parse::<Move>()?.to_string(), "Q16");
/// # Ok::<(), go_core::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

/// The most moves a list can hold: every point and a pass.
pub const MAX_MOVES: usize = MAX_SIDE as usize * MAX_SIDE as usize + 1;

/// A list of moves on the stack (no heap allocation); it dereferences to `&[Move]`.
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; MAX_MOVES],
}

impl MoveList {
    pub(crate) const fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [Move::Pass; MAX_MOVES],
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        **self == **other
    }
}

impl Eq for MoveList {}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
