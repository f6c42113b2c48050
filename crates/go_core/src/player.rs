//! The players: Black and White (ruling G4).

use core::fmt;
use core::str::FromStr;

use crate::error::ParseError;

/// A player's colour. Black moves first unless a handicap or a setup says otherwise.
///
/// `Display` writes `black` / `white`; `FromStr` reads those and `b` / `w` in any
/// case (as GTP does); serde uses `"black"` / `"white"`.
///
/// ```
/// use go_core::Color;
/// for c in Color::all() {
///     assert_eq!(c.to_string().parse::<Color>()?, c);
/// }
/// assert_eq!(Color::Black.opponent(), Color::White);
/// # Ok::<(), go_core::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Color {
    /// The first player.
    Black,
    /// The second player.
    White,
}

impl Color {
    /// Both colours, Black first (the order of [`Color::index`]).
    pub const fn all() -> [Color; 2] {
        [Color::Black, Color::White]
    }

    /// The other colour.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `0` for Black, `1` for White: an index into per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The one-letter form used by SGF and results: `B` or `W`.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

impl FromStr for Color {
    type Err = ParseError;

    /// Accepts `b`, `black`, `w`, `white` in any case (as GTP does).
    fn from_str(s: &str) -> Result<Self, ParseError> {
        if s.eq_ignore_ascii_case("b") || s.eq_ignore_ascii_case("black") {
            Ok(Color::Black)
        } else if s.eq_ignore_ascii_case("w") || s.eq_ignore_ascii_case("white") {
            Ok(Color::White)
        } else {
            Err(ParseError::Color)
        }
    }
}
