//! Typed fuzzing inputs (the `arbitrary` feature): `arbitrary::Arbitrary` for the
//! types a move and a setup are made of, always values the crate's own
//! constructors make.
//!
//! [`Side`](crate::Side), [`Color`](crate::Color), [`Draws`](crate::Draws) and
//! [`Move`](crate::Move) derive it (every variant and field value is valid).
//! [`Cell`], [`Group`] and [`Traps`] are written here: a cell through
//! [`Cell::new`] (within [`MAX_SIDE`]; whether it is on a given board is the
//! game's question), a group through [`Group::new`] of 1 to [`MAX_GROUP`] cells,
//! traps through [`Traps::new`] of 1 to [`MAX_TRAPS`] cells (whether they suit the
//! rules is [`Setup::validate`](crate::Setup::validate)'s question) — never a raw
//! byte in a private field.

use alloc::vec::Vec;

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::board::{Cell, MAX_SIDE};
use crate::moves::{Group, MAX_GROUP};
use crate::traps::{MAX_TRAPS, Traps};

impl<'a> Arbitrary<'a> for Cell {
    /// A cell with column and row below [`MAX_SIDE`], made by [`Cell::new`].
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Cell> {
        let col = u.int_in_range(0..=MAX_SIDE - 1)?;
        let row = u.int_in_range(0..=MAX_SIDE - 1)?;
        Cell::new(col, row).ok_or(arbitrary::Error::IncorrectFormat)
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (2, Some(2))
    }
}

/// 1 to `max` arbitrary cells.
fn cells(u: &mut Unstructured<'_>, max: usize) -> Result<Vec<Cell>> {
    let n = u.int_in_range(1..=max)?;
    (0..n).map(|_| Cell::arbitrary(u)).collect()
}

impl<'a> Arbitrary<'a> for Group {
    /// 1 to [`MAX_GROUP`] cells, made into a group by [`Group::new`] (repeated or
    /// scattered cells included: the game refuses those).
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Group> {
        Group::new(&cells(u, MAX_GROUP)?).map_err(|_| arbitrary::Error::IncorrectFormat)
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (3, Some(1 + 2 * MAX_GROUP))
    }
}

impl<'a> Arbitrary<'a> for Traps {
    /// 1 to [`MAX_TRAPS`] cells, made into traps by [`Traps::new`].
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Traps> {
        Traps::new(&cells(u, MAX_TRAPS)?).map_err(|_| arbitrary::Error::IncorrectFormat)
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (3, Some(1 + 2 * MAX_TRAPS))
    }
}
