//! Moves (ruling Q2): a square and a direction, their notation, and the
//! fixed-capacity list of legal moves.

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;

use crate::error::ParseError;
use crate::rules::{MAX_PLAYERS, MAX_ROW};
use crate::square::Square;

/// Which way the stones are sown, named as the player sitting at their own row sees
/// it. Every player's right is the same way round the ring: counter-clockwise seen
/// from above, the ring order `QA A1 … A5 QB B1 …`. So `Right` is counter-clockwise
/// and `Left` clockwise, whoever moves.
///
/// Prints as `R`/`L`; parses `R`, `right`, `>`, `ccw`, `counterclockwise`,
/// `counter-clockwise` and `L`, `left`, `<`, `cw`, `clockwise`, either case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Direction {
    /// Towards the mover's left: clockwise, against the ring order.
    Left,
    /// Towards the mover's right: counter-clockwise, along the ring order.
    Right,
}

impl Direction {
    /// Both directions, `Left` first.
    pub const ALL: [Direction; 2] = [Direction::Left, Direction::Right];

    /// Whether this is clockwise seen from above (`Left`).
    pub const fn is_clockwise(self) -> bool {
        matches!(self, Direction::Left)
    }

    /// The other direction.
    pub const fn reverse(self) -> Direction {
        match self {
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::Left => "L",
            Direction::Right => "R",
        })
    }
}

impl FromStr for Direction {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Direction, ParseError> {
        const RIGHT: [&str; 6] = [
            "r",
            "right",
            ">",
            "ccw",
            "counterclockwise",
            "counter-clockwise",
        ];
        const LEFT: [&str; 5] = ["l", "left", "<", "cw", "clockwise"];
        let s = s.trim();
        if RIGHT.iter().any(|w| s.eq_ignore_ascii_case(w)) {
            Ok(Direction::Right)
        } else if LEFT.iter().any(|w| s.eq_ignore_ascii_case(w)) {
            Ok(Direction::Left)
        } else {
            Err(ParseError::Direction)
        }
    }
}

/// A move (ruling Q2): pick up every stone of one of the mover's small squares and
/// sow them one by one in a direction.
///
/// Notation: the square then the direction, `A3R` (seat A's third square from A's
/// left, sown to A's right). Parsing also takes spaces and the long and absolute
/// direction names (`a3 right`, `A3 ccw`, `A3>`). [`Game::parse_move`](crate::Game::parse_move)
/// also reads the short form `3R`, the square counted in the mover's own row.
///
/// ```
/// use o_an_quan::{Direction, Move, Player, Square};
/// let mv: Move = "a3 ccw".parse()?;
/// assert_eq!(mv, Move::new(Square::small(Player::A, 3), Direction::Right));
/// assert_eq!(mv.to_string(), "A3R");
/// # Ok::<(), o_an_quan::ParseError>(())
/// ```
///
/// With the `serde` feature a move is stored as its notation (`"A3R"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Move {
    /// The square emptied.
    pub square: Square,
    /// The way the stones go.
    pub direction: Direction,
}

impl Move {
    /// The move that empties `square` towards `direction`.
    pub const fn new(square: Square, direction: Direction) -> Move {
        Move { square, direction }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.square, self.direction)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let text = alloc::string::String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl FromStr for Move {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Move, ParseError> {
        let s = s.trim();
        // The square is a letter and up to two digits; the direction is the rest.
        let split = s
            .char_indices()
            .skip(1)
            .find(|(_, c)| !c.is_ascii_digit())
            .map_or(s.len(), |(i, _)| i);
        let square: Square = s[..split].parse().map_err(|_| ParseError::Move)?;
        if square.is_quan() {
            return Err(ParseError::Move);
        }
        let direction: Direction = s[split..].parse().map_err(|_| ParseError::Move)?;
        Ok(Move { square, direction })
    }
}

/// The most legal moves a position can have: [`MAX_PLAYERS`] × [`MAX_ROW`] = 48
/// small squares on the largest ring, two directions each. A move empties one of
/// the mover's small squares; after square sales in a match (Q7) a player may own
/// more than a row, but never more than every small square of the ring.
pub const MAX_MOVES: usize = 2 * MAX_PLAYERS * MAX_ROW;

/// The legal moves of a position, in a fixed-capacity array (no heap allocation):
/// for each non-empty square of the mover, in ring order, `Left` then `Right`.
/// Dereferences to a slice.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
