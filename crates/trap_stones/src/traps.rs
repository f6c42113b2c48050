//! A side's traps (ruling T3): how many, where they may lie.

use crate::board::{Bits, Cell, Geometry};
use crate::draws::Home;
use crate::error::SetupError;
use crate::rules::Rules;

/// The most traps a side may have (ruling T3: one, or two or three in blitz).
pub const MAX_TRAPS: usize = 3;

/// A side's traps: 1 to [`MAX_TRAPS`] cells, kept sorted (T3). Serialised as the
/// list of their cell names, such as `["c7"]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "alloc::vec::Vec<Cell>", into = "alloc::vec::Vec<Cell>")
)]
pub struct Traps {
    cells: [Cell; MAX_TRAPS],
    len: u8,
}

impl Traps {
    /// Traps on `cells` (1 to 3; distinct and on the board is checked against the
    /// rules by [`Setup::validate`](crate::Setup::validate)).
    ///
    /// # Errors
    /// [`SetupError::TrapCells`] for none or more than 3 (ruling T3).
    pub fn new(cells: &[Cell]) -> Result<Traps, SetupError> {
        let (&first, _) = cells.split_first().ok_or(SetupError::TrapCells(0))?;
        if cells.len() > MAX_TRAPS {
            return Err(SetupError::TrapCells(cells.len()));
        }
        // Unused slots repeat the first cell, so equal traps compare equal.
        let mut t = Traps {
            cells: [first; MAX_TRAPS],
            len: cells.len() as u8,
        };
        t.cells[..cells.len()].copy_from_slice(cells);
        t.cells[..cells.len()].sort();
        let first = t.cells[0];
        t.cells[cells.len()..].fill(first);
        Ok(t)
    }

    /// The cells, sorted.
    pub fn cells(&self) -> &[Cell] {
        &self.cells[..self.len as usize]
    }

    pub(crate) fn bits(&self, g: &Geometry) -> Bits {
        let mut b = Bits::EMPTY;
        for &c in self.cells() {
            if g.contains(c) {
                b.set(g.index(c));
            }
        }
        b
    }
}

impl TryFrom<alloc::vec::Vec<Cell>> for Traps {
    type Error = SetupError;
    fn try_from(v: alloc::vec::Vec<Cell>) -> Result<Traps, SetupError> {
        Traps::new(&v)
    }
}

impl From<Traps> for alloc::vec::Vec<Cell> {
    fn from(t: Traps) -> alloc::vec::Vec<Cell> {
        t.cells().to_vec()
    }
}

/// Checks one side's traps against the rules and the opponent's home (T3).
pub(crate) fn check_traps(
    rules: &Rules,
    g: &Geometry,
    t: &Traps,
    opponent_home: Home,
) -> Result<(), SetupError> {
    if t.cells().len() != rules.traps() {
        return Err(SetupError::TrapCount {
            expected: rules.traps(),
            found: t.cells().len(),
        });
    }
    check_cells(g, t.cells(), opponent_home)
}

/// Cells on the board, distinct, and not covering every cell the opponent may open
/// on (T3); any number of them. Adding cells only covers more, and a board always
/// has cells outside a home, so a choice that passes can be completed.
pub(crate) fn check_cells(
    g: &Geometry,
    cells: &[Cell],
    opponent_home: Home,
) -> Result<(), SetupError> {
    let mut bits = Bits::EMPTY;
    for (k, &c) in cells.iter().enumerate() {
        if !g.contains(c) {
            return Err(SetupError::OffBoard(c));
        }
        if cells[..k].contains(&c) {
            return Err(SetupError::Duplicate(c));
        }
        bits.set(g.index(c));
    }
    // Traps covering every cell the opponent may open on would win by force (T3).
    let home = opponent_home.bits(g);
    if home.and_not(&bits, g.words).is_empty(g.words) {
        return Err(SetupError::ForcedWin);
    }
    Ok(())
}
