//! Moves (rulings T4–T6, T9) and their notation.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use crate::board::Cell;
use crate::error::ParseError;

/// The most stones a va-bank group has (ruling T6).
pub const MAX_GROUP: usize = 4;

/// A va-bank group: 1 to 4 cells, kept sorted (ruling T6; whether they are
/// distinct and 8-connected is checked when played). Written `c3+d4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Group {
    len: u8,
    cells: [Cell; MAX_GROUP],
}

impl Group {
    /// The group of `cells` (1 to 4, in any order: a group is a set of cells).
    ///
    /// # Errors
    /// [`ParseError::GroupSize`] for none or more than 4.
    pub fn new(cells: &[Cell]) -> Result<Group, ParseError> {
        let (&first, _) = cells.split_first().ok_or(ParseError::GroupSize(0))?;
        if cells.len() > MAX_GROUP {
            return Err(ParseError::GroupSize(cells.len()));
        }
        Ok(Group::sorted(first, cells))
    }

    /// The group of 1 to 4 `cells`, `first` among them.
    pub(crate) fn sorted(first: Cell, cells: &[Cell]) -> Group {
        let n = cells.len().min(MAX_GROUP);
        let mut g = Group {
            len: n as u8,
            cells: [first; MAX_GROUP],
        };
        g.cells[..n].copy_from_slice(&cells[..n]);
        g.cells[..n].sort_unstable();
        // Unused slots repeat the first cell, so equal groups compare equal.
        let low = g.cells[0];
        g.cells[n..].fill(low);
        g
    }

    /// The cells, sorted (row by row from the South, then West to East).
    pub fn cells(&self) -> &[Cell] {
        &self.cells[..self.len as usize]
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, c) in self.cells().iter().enumerate() {
            if k > 0 {
                f.write_str("+")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl FromStr for Group {
    type Err = ParseError;
    /// Cells separated by `+`, `,` or spaces, such as `c3+d4`.
    fn from_str(s: &str) -> Result<Group, ParseError> {
        let cells = s
            .split(|c: char| c == '+' || c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .map(|t| t.parse::<Cell>().map_err(|_| ParseError::Move))
            .collect::<Result<Vec<Cell>, ParseError>>()?;
        Group::new(&cells)
    }
}

impl TryFrom<String> for Group {
    type Error = ParseError;
    fn try_from(s: String) -> Result<Group, ParseError> {
        s.parse()
    }
}

impl From<Group> for String {
    fn from(g: Group) -> String {
        g.to_string()
    }
}

/// A move.
///
/// Notation: an ordinary stone `c3`; a scarecrow `*c3` (or `scarecrow c3`); va-bank
/// `!c3+d4` (or `vabank c3 d4`); the extra move of double the stake `$c3` (or
/// `stake c3`); declining it `decline`. Serialised as that notation (the short
/// forms).
///
/// ```
/// use trap_stones::Move;
///
/// fn main() -> Result<(), Box<dyn std::error::Error>> {
///     let mv: Move = "vabank d4 c3".parse()?;
///     println!("{mv}"); // !c3+d4
///     assert_eq!(mv.to_string(), "!c3+d4");
///     assert_eq!("*e5".parse::<Move>()?, Move::Scarecrow("e5".parse()?));
///     Ok(())
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Move {
    /// An ordinary stone (T4).
    Stone(Cell),
    /// A scarecrow (T5).
    Scarecrow(Cell),
    /// Va-bank: a connected group of 1–4 stones anywhere (T6).
    VaBank(Group),
    /// The winner's extra ordinary stone when staking the win (T9).
    Stake(Cell),
    /// The winner keeps the win instead of staking it (T9).
    Decline,
}

impl Move {
    /// The cells the move puts stones on (none for `Decline`).
    pub fn cells(&self) -> &[Cell] {
        match self {
            Move::Stone(c) | Move::Scarecrow(c) | Move::Stake(c) => core::slice::from_ref(c),
            Move::VaBank(g) => g.cells(),
            Move::Decline => &[],
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Stone(c) => write!(f, "{c}"),
            Move::Scarecrow(c) => write!(f, "*{c}"),
            Move::Stake(c) => write!(f, "${c}"),
            Move::Decline => f.write_str("decline"),
            Move::VaBank(g) => write!(f, "!{g}"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Move, ParseError> {
        let s = s.trim();
        // The text after a case-insensitive ASCII keyword, if it starts with it
        // (checked slicing: the input may hold any characters).
        let after = |p: &str| {
            s.get(..p.len())
                .filter(|head| head.eq_ignore_ascii_case(p))
                .and_then(|_| s.get(p.len()..))
        };
        let one = |rest: &str| rest.trim().parse::<Cell>().map_err(|_| ParseError::Move);
        if s.eq_ignore_ascii_case("decline") {
            Ok(Move::Decline)
        } else if let Some(rest) = s.strip_prefix('*').or_else(|| after("scarecrow ")) {
            Ok(Move::Scarecrow(one(rest)?))
        } else if let Some(rest) = s.strip_prefix('$').or_else(|| after("stake ")) {
            Ok(Move::Stake(one(rest)?))
        } else if let Some(rest) = s
            .strip_prefix('!')
            .or_else(|| after("vabank "))
            .or_else(|| after("va-bank "))
        {
            Ok(Move::VaBank(rest.parse()?))
        } else {
            Ok(Move::Stone(s.parse().map_err(|_| ParseError::Move)?))
        }
    }
}

impl TryFrom<String> for Move {
    type Error = ParseError;
    fn try_from(s: String) -> Result<Move, ParseError> {
        s.parse()
    }
}

impl From<Move> for String {
    fn from(m: Move) -> String {
        m.to_string()
    }
}
