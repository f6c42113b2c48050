//! Moves (rulings T4–T6, T9) and their notation, and the legal moves as bitboards.

use core::fmt;
use core::str::FromStr;

use crate::board::{Bits, Cell, Shape};
use crate::error::ParseError;

/// A va-bank group: 1 to 4 cells (ruling T6; connectivity is checked when played).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "alloc::vec::Vec<Cell>", into = "alloc::vec::Vec<Cell>")
)]
pub struct Group {
    cells: [Cell; 4],
    len: u8,
}

impl Group {
    /// The group of `cells` (1 to 4).
    ///
    /// # Errors
    /// [`ParseError::GroupSize`] for none or more than 4.
    pub fn new(cells: &[Cell]) -> Result<Group, ParseError> {
        if cells.is_empty() || cells.len() > 4 {
            return Err(ParseError::GroupSize(cells.len()));
        }
        let mut g = Group {
            cells: [cells[0]; 4],
            len: cells.len() as u8,
        };
        g.cells[..cells.len()].copy_from_slice(cells);
        Ok(g)
    }

    /// The cells, as given.
    pub fn cells(&self) -> &[Cell] {
        &self.cells[..self.len as usize]
    }
}

impl TryFrom<alloc::vec::Vec<Cell>> for Group {
    type Error = ParseError;
    fn try_from(v: alloc::vec::Vec<Cell>) -> Result<Group, ParseError> {
        Group::new(&v)
    }
}

impl From<Group> for alloc::vec::Vec<Cell> {
    fn from(g: Group) -> alloc::vec::Vec<Cell> {
        g.cells().to_vec()
    }
}

/// A move.
///
/// Notation: an ordinary stone `c3`; a scarecrow `*c3` (or `scarecrow c3`); va-bank
/// `!c3+d4` (or `vabank c3 d4`); the extra move of double the stake `$c3` (or
/// `stake c3`); declining it `decline`.
///
/// ```
/// use trap_stones::{Cell, Move};
/// let mv: Move = "vabank c3 d4".parse()?;
/// assert_eq!(mv.to_string(), "!c3+d4");
/// assert_eq!("*e5".parse::<Move>()?, Move::Scarecrow("e5".parse()?));
/// # Ok::<(), trap_stones::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
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

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Stone(c) => write!(f, "{c}"),
            Move::Scarecrow(c) => write!(f, "*{c}"),
            Move::Stake(c) => write!(f, "${c}"),
            Move::Decline => f.write_str("decline"),
            Move::VaBank(g) => {
                f.write_str("!")?;
                for (k, c) in g.cells().iter().enumerate() {
                    if k > 0 {
                        f.write_str("+")?;
                    }
                    write!(f, "{c}")?;
                }
                Ok(())
            }
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
        let cells = |rest: &str| -> Result<alloc::vec::Vec<Cell>, ParseError> {
            rest.split(|c: char| c == '+' || c == ',' || c.is_whitespace())
                .filter(|t| !t.is_empty())
                .map(|t| t.parse::<Cell>().map_err(|_| ParseError::Move))
                .collect()
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
            Ok(Move::VaBank(Group::new(&cells(rest)?)?))
        } else {
            Ok(Move::Stone(s.parse().map_err(|_| ParseError::Move)?))
        }
    }
}

/// The legal moves of the side to move, as bitboards (no heap allocation): the
/// cells for an ordinary stone and for a scarecrow, and whether va-bank, the stake
/// move and declining are open. Va-bank groups are too many to list: see
/// [`Game::va_bank_count`](crate::Game::va_bank_count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LegalMoves {
    pub(crate) shape: Shape,
    pub(crate) stones: Bits,
    pub(crate) scarecrows: Bits,
    /// Whether va-bank may be declared.
    pub va_bank: bool,
    /// Whether this is the stake decision: then `stones` are the stake moves.
    pub stake: bool,
    /// Whether declining the stake is open (an optional stake, T9).
    pub decline: bool,
}

impl LegalMoves {
    /// The cells where an ordinary stone (or, in the stake decision, the extra
    /// stone) may go, in cell order.
    pub fn stones(&self) -> impl Iterator<Item = Cell> + '_ {
        self.stones
            .iter(self.shape.words as usize)
            .map(|i| self.shape.cell(i))
    }

    /// The cells where a scarecrow may go.
    pub fn scarecrows(&self) -> impl Iterator<Item = Cell> + '_ {
        self.scarecrows
            .iter(self.shape.words as usize)
            .map(|i| self.shape.cell(i))
    }

    /// Every listed move: stones (or stake moves and `Decline`), then scarecrows.
    /// Va-bank is not listed (see [`LegalMoves::va_bank`]).
    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        let stake = self.stake;
        self.stones()
            .map(move |c| {
                if stake {
                    Move::Stake(c)
                } else {
                    Move::Stone(c)
                }
            })
            .chain(self.decline.then_some(Move::Decline))
            .chain(self.scarecrows().map(Move::Scarecrow))
    }

    /// How many moves [`LegalMoves::iter`] lists.
    pub fn len(&self) -> usize {
        let w = self.shape.words as usize;
        (self.stones.count(w) + self.scarecrows.count(w)) as usize + usize::from(self.decline)
    }

    /// Whether no move is listed (va-bank may still be open).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether an ordinary stone may go on `cell`.
    pub fn has_stone(&self, cell: Cell) -> bool {
        self.shape.contains(cell) && self.stones.get(self.shape.index(cell))
    }

    /// Whether a scarecrow may go on `cell`.
    pub fn has_scarecrow(&self, cell: Cell) -> bool {
        self.shape.contains(cell) && self.scarecrows.get(self.shape.index(cell))
    }
}
