//! Per-cell tables of a board (its cells and its chains), indexed without bounds
//! checks. This is the one module of `go_core` with `unsafe` code, and the reason
//! is measured: the checks cost 7 % of a 9×9 playout (97,000 against 104,000
//! playouts a second; `docs/benchmarks.md`). Masking the index into a
//! power-of-two array instead removes the checks safely but costs as much.
//!
//! # Why every index is in range
//! A table has one entry per cell of its board's padded array (the board and the
//! frame of edge cells around it), and only [`Board`](crate::board::Board) indexes
//! it, with:
//! - the cell of a point, from `Board::index`, which maps a point off the board to
//!   cell 0 (every caller also checks the point first);
//! - a neighbour (`±1`, `±stride`) or diagonal (`±stride ± 1`) of a cell of the
//!   board proper, inside the array thanks to the frame (the engine never looks
//!   around an edge cell: searches stop at edges);
//! - a chain head, a next link or an entry of the empty-point list, which the
//!   board only ever sets to cells of the board proper.
//!
//! Every access asserts this in debug builds, which is how the test suite (the
//! exhaustive move-tree counts, the GNU Go oracle, the property tests), the fuzz
//! targets (built with debug assertions) and Miri (`.ci/run`) check it.

#![allow(unsafe_code)]

use alloc::vec::Vec;
use core::ops::{Deref, DerefMut, Index, IndexMut};

/// One entry per cell.
#[derive(Debug)]
pub(crate) struct Table<T> {
    entries: Vec<T>,
}

impl<T: Copy> Table<T> {
    /// A table of `len` copies of `fill`.
    pub(crate) fn new(len: usize, fill: T) -> Table<T> {
        Table {
            entries: alloc::vec![fill; len],
        }
    }
}

impl<T: Copy> Clone for Table<T> {
    fn clone(&self) -> Table<T> {
        Table {
            entries: self.entries.clone(),
        }
    }

    fn clone_from(&mut self, source: &Table<T>) {
        self.entries.clone_from(&source.entries);
    }
}

impl<T> Index<usize> for Table<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        debug_assert!(i < self.entries.len(), "cell {i} of {}", self.entries.len());
        // SAFETY: `i` is a cell of the table's board (module documentation).
        unsafe { self.entries.get_unchecked(i) }
    }
}

impl<T> IndexMut<usize> for Table<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut T {
        debug_assert!(i < self.entries.len(), "cell {i} of {}", self.entries.len());
        // SAFETY: as for `index`.
        unsafe { self.entries.get_unchecked_mut(i) }
    }
}

impl<T> Deref for Table<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.entries
    }
}

impl<T> DerefMut for Table<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.entries
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_read_write_and_clone() {
        let mut a = Table::new(5, 7u8);
        assert_eq!(*a, [7; 5]);
        a[2] = 1;
        assert_eq!(a[2], 1);
        let mut b = Table::new(9, 3u8);
        b.clone_from(&a);
        assert_eq!(*b, [7, 7, 1, 7, 7]);
        assert_eq!(*a.clone(), *b);
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "cell 5 of 5")]
    fn an_index_out_of_range_is_caught_in_debug_builds() {
        let a = Table::new(5, 0u8);
        let _ = a[5];
    }
}
