//! Points, with their GTP (`D4`) and SGF (`dd`) notations (ruling G1).

use core::fmt;
use core::str::FromStr;

use crate::error::ParseError;
#[cfg(feature = "serde")]
use alloc::string::String;

/// The largest board side (ruling G1): boards are 1..=25 points wide and high.
pub const MAX_SIDE: u8 = 25;

/// The GTP column letters: `A`..`Z` without `I`, so exactly [`MAX_SIDE`] of them.
const GTP_COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// An intersection, by column (`0` = left, `A` in GTP) and row (`0` = bottom, `1` in
/// GTP). A point is just coordinates: whether it lies on a given board is checked by
/// the board (`Board::contains`).
///
/// `Display` and `FromStr` use the GTP form (`D4`; letters skip `I`), and so does
/// serde (`"D4"`). The SGF form
/// (`dd`, rows counted from the top) needs the board height: [`Point::to_sgf`],
/// [`Point::from_sgf`].
///
/// ```
/// use go_core::Point;
/// let p: Point = "D4".parse()?;
/// assert_eq!((p.col(), p.row()), (3, 3));
/// assert_eq!(p.to_string(), "D4");
/// assert_eq!(p.to_sgf(19), "dp");
/// assert_eq!(Point::from_sgf("dp", 19)?, p);
/// # Ok::<(), go_core::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "String", try_from = "String"))]
pub struct Point {
    col: u8,
    row: u8,
}

/// The serialised form of a point: its GTP notation (`"D4"`).
#[cfg(feature = "serde")]
impl From<Point> for String {
    fn from(p: Point) -> String {
        alloc::format!("{p}")
    }
}

#[cfg(feature = "serde")]
impl TryFrom<String> for Point {
    type Error = ParseError;
    fn try_from(s: String) -> Result<Point, ParseError> {
        s.parse()
    }
}

impl Point {
    /// The point at `col` (from the left, 0-based) and `row` (from the bottom,
    /// 0-based); `None` when either is `MAX_SIDE` or more.
    pub const fn new(col: u8, row: u8) -> Option<Point> {
        if col < MAX_SIDE && row < MAX_SIDE {
            Some(Point { col, row })
        } else {
            None
        }
    }

    /// The point at `col`, `row`, which the caller knows to be below
    /// [`MAX_SIDE`] (a board's own cells): no check on the hot path.
    #[inline]
    pub(crate) const fn on_board(col: u8, row: u8) -> Point {
        debug_assert!(col < MAX_SIDE && row < MAX_SIDE);
        Point { col, row }
    }

    /// Column, 0-based from the left.
    #[inline]
    pub const fn col(self) -> u8 {
        self.col
    }

    /// Row, 0-based from the bottom.
    #[inline]
    pub const fn row(self) -> u8 {
        self.row
    }

    /// The SGF form on a board `height` rows high: column letter then row letter
    /// counted from the top (`a`..`y`). A point outside the height gives `"??"`.
    pub fn to_sgf(self, height: u8) -> SgfPoint {
        if self.row >= height {
            return SgfPoint(*b"??");
        }
        SgfPoint([b'a' + self.col, b'a' + (height - 1 - self.row)])
    }

    /// Parses the SGF form (`dd`) on a board `height` rows high. Only lower-case
    /// letters `a`..`y` are points here; `tt` and the empty value (pass) are moves,
    /// handled by the SGF reader.
    ///
    /// # Errors
    /// [`ParseError::SgfPoint`] when the text is not two letters inside the height.
    pub fn from_sgf(s: &str, height: u8) -> Result<Point, ParseError> {
        let b = s.as_bytes();
        let letter = |c: u8| (b'a'..b'a' + MAX_SIDE).contains(&c).then(|| c - b'a');
        match (
            b.len(),
            b.first().copied().and_then(letter),
            b.get(1).copied().and_then(letter),
        ) {
            (2, Some(col), Some(from_top)) if from_top < height => Ok(Point {
                col,
                row: height - 1 - from_top,
            }),
            _ => Err(ParseError::SgfPoint),
        }
    }

    /// The GTP column letter of this point (`A`..`Z`, skipping `I`).
    pub fn column_letter(self) -> char {
        GTP_COLUMNS[self.col as usize] as char
    }
}

/// A point in SGF form: two ASCII letters, printable with `Display` and `as_str`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SgfPoint([u8; 2]);

impl SgfPoint {
    /// The two letters as a string slice.
    pub fn as_str(&self) -> &str {
        // Both bytes are ASCII letters or '?', set above.
        core::str::from_utf8(&self.0).unwrap_or("??")
    }
}

impl fmt::Display for SgfPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<&str> for SgfPoint {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.column_letter(), self.row + 1)
    }
}

impl FromStr for Point {
    type Err = ParseError;

    /// Parses GTP form, case-insensitive: a column letter (`A`..`Z` without `I`) and a
    /// row number `1..=25`.
    fn from_str(s: &str) -> Result<Point, ParseError> {
        let b = s.as_bytes();
        let Some((&first, digits)) = b.split_first() else {
            return Err(ParseError::GtpPoint);
        };
        let upper = first.to_ascii_uppercase();
        let col = GTP_COLUMNS
            .iter()
            .position(|&c| c == upper)
            .ok_or(ParseError::GtpPoint)? as u8;
        if digits.is_empty()
            || digits.len() > 2
            || !digits.iter().all(u8::is_ascii_digit)
            || digits[0] == b'0'
        {
            return Err(ParseError::GtpPoint);
        }
        let row = digits.iter().fold(0u8, |n, d| n * 10 + (d - b'0'));
        if row == 0 || row > MAX_SIDE {
            return Err(ParseError::GtpPoint);
        }
        Ok(Point { col, row: row - 1 })
    }
}
