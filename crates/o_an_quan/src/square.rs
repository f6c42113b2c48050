//! Squares of the ring and their names (ruling Q1): `A1`..`D12` for the small
//! squares of each seat's row, `QA`..`QD` for the quan squares.

use core::fmt;
use core::str::FromStr;

use crate::board::LANES;
use crate::error::ParseError;
use crate::player::Player;
use crate::rules::MAX_ROW;

/// A square of the ring, named by the row it belongs to: `A1`..`A5` are seat A's
/// small squares counted from A's left; `QA` is the quan square at the left end of
/// A's row (the right end of the previous row). Going round the ring in ring order
/// — `QA A1 … A5 QB B1 … B5 …` — is going to each player's right, which is
/// counter-clockwise seen from above.
///
/// ```
/// use o_an_quan::{Player, Square};
/// let s: Square = "b3".parse()?;
/// assert_eq!(s, Square::small(Player::B, 3));
/// assert_eq!(s.to_string(), "B3");
/// assert_eq!("QA".parse::<Square>()?, Square::quan(Player::A));
/// # Ok::<(), o_an_quan::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "SquareName", into = "SquareName"))]
pub struct Square {
    /// The seat whose row it is (for a quan square: the row it starts).
    pub(crate) side: u8,
    /// 1-based position in the row; 0 for the quan square.
    pub(crate) pos: u8,
}

impl Square {
    /// The quan square at the left end of `side`'s row.
    pub const fn quan(side: Player) -> Square {
        Square {
            side: side.0,
            pos: 0,
        }
    }

    /// Small square `n` (1-based, from the left of the player sitting at it) of
    /// `side`'s row. Whether it exists depends on the rules' row length.
    pub const fn small(side: Player, n: u8) -> Square {
        Square {
            side: side.0,
            pos: n,
        }
    }

    /// The row (or, for a quan square, the row it starts).
    pub const fn side(self) -> Player {
        Player(self.side)
    }

    /// The position in the row, 1-based; `None` for a quan square.
    pub const fn number(self) -> Option<u8> {
        if self.pos == 0 { None } else { Some(self.pos) }
    }

    /// Whether this is a quan square.
    pub const fn is_quan(self) -> bool {
        self.pos == 0
    }

    /// The square at ring index `i` of a ring with rows of `row`.
    /// (A table lookup: a division here was a measurable part of a playout move.)
    /// Out-of-range arguments give some square (masked, not checked: the table is
    /// sized in powers of two).
    pub(crate) const fn at_index(i: usize, row: u8) -> Square {
        Square::names(row)[i & (LANES - 1)]
    }

    /// The squares of a ring with rows of `row`, by ring index.
    pub(crate) const fn names(row: u8) -> &'static [Square; LANES] {
        &SQUARES[row as usize & (SQUARE_ROWS - 1)]
    }
}

/// Rows of [`SQUARES`]: a power of two above [`MAX_ROW`].
const SQUARE_ROWS: usize = (MAX_ROW + 1).next_power_of_two();

/// `SQUARES[row][i]`: the square at ring index `i` of a ring with rows of `row`.
static SQUARES: [[Square; LANES]; SQUARE_ROWS] = {
    let mut table = [[Square { side: 0, pos: 0 }; LANES]; SQUARE_ROWS];
    let mut row = 1;
    while row < SQUARE_ROWS {
        let mut i = 0;
        while i < LANES {
            let stride = row + 1;
            table[row][i] = Square {
                side: (i / stride) as u8,
                pos: (i % stride) as u8,
            };
            i += 1;
        }
        row += 1;
    }
    table
};

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.pos == 0 {
            write!(f, "Q{}", Player(self.side))
        } else {
            write!(f, "{}{}", Player(self.side), self.pos)
        }
    }
}

impl FromStr for Square {
    type Err = ParseError;
    /// `A1`…`D12` or `QA`…`QD`, either case.
    fn from_str(s: &str) -> Result<Square, ParseError> {
        let b = s.as_bytes();
        match b {
            [q, side] if q.eq_ignore_ascii_case(&b'Q') => Ok(Square {
                side: seat(*side)?,
                pos: 0,
            }),
            [side, digits @ ..] if !digits.is_empty() && digits.len() <= 2 => {
                let side = seat(*side)?;
                let mut n = 0u8;
                for d in digits {
                    if !d.is_ascii_digit() {
                        return Err(ParseError::Square);
                    }
                    n = n * 10 + (d - b'0');
                }
                if n == 0 || n as usize > MAX_ROW {
                    return Err(ParseError::Square);
                }
                Ok(Square { side, pos: n })
            }
            _ => Err(ParseError::Square),
        }
    }
}

fn seat(c: u8) -> Result<u8, ParseError> {
    match c.to_ascii_uppercase() {
        c @ b'A'..=b'D' => Ok(c - b'A'),
        _ => Err(ParseError::Square),
    }
}

/// A square's name, its serialised form.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
struct SquareName(alloc::string::String);

#[cfg(feature = "serde")]
impl TryFrom<SquareName> for Square {
    type Error = ParseError;
    fn try_from(s: SquareName) -> Result<Square, ParseError> {
        s.0.parse()
    }
}

#[cfg(feature = "serde")]
impl From<Square> for SquareName {
    fn from(s: Square) -> SquareName {
        SquareName(alloc::string::ToString::to_string(&s))
    }
}
