//! The hot path of the board: what a move would do, the eye test of playouts,
//! placing a stone, joining and removing chains — with the cell and chain tables
//! read without bounds checks.
//!
//! This is the one module of `go_core` with `unsafe` code, and the reason is
//! measured (callgrind, `instructions_per_move.sh`, 9×9 light playouts;
//! `docs/benchmarks.md`): with every table access checked, a playout move executes
//! 834 instructions; with this module, 724. (Masking indices into power-of-two
//! tables removes the checks safely but costs as much as the checks.) Everything
//! else in the crate, the rest of the board included, indexes the tables with
//! checks.
//!
//! # Why every unchecked index is in range
//! Both tables have one entry per cell of the board's padded array
//! (`stride·(height + 2) + 1` cells: the points and the frame of edge cells around
//! them), made so by `Board::new` and kept so by `Clone`; nothing changes their
//! length. The indices read here without checks are:
//! 1. a cell `i` that is **surrounded**: every cell within one step of it (`±1`,
//!    `±stride`, `±stride ± 1`) is in the tables. Every cell of a point is
//!    surrounded, thanks to the frame. No cell is taken on trust from outside this
//!    module: a function that takes one checks it ([`Board::surrounded`], one
//!    comparison), and the hot ones take a *position in the empty-point list*
//!    instead (a playout candidate, [`Effect::at`](super::Effect)), which indexes
//!    that list with its bounds check and gives a cell of case 3;
//! 2. a neighbour or diagonal of a surrounded cell;
//! 3. a chain head, a next link or an entry of the empty-point list. Only this
//!    module writes them after `Board::new` (which sets every head and next link to
//!    cell 0), and it writes only surrounded cells there: the cell of the stone
//!    placed, or a head or link read from the tables. So every head and link in the
//!    tables is a table index (an empty or edge cell keeps a stale one, which the
//!    branch-free updates below read and add zero to), and the empty-point list
//!    holds only cells of points.
//!
//! A wrong position or a stale [`Effect`] (of another board, or of a position
//! since changed) can therefore make a wrong move, never an access outside the
//! tables. Each unchecked access says which case it is; they are asserted in debug
//! builds, which is how the test suite (the exhaustive move-tree counts, the GNU Go
//! oracle, the property tests), the fuzz targets (built with debug assertions) and
//! Miri (`tests/miri.rs`, in `.ci/run`) check them.

#![allow(unsafe_code)]

use alloc::vec::Vec;

use super::{Board, Cell, Chain, EDGE, EMPTY, Effect, key, splat, zero_bytes};

impl Board {
    /// Cell `i` of the cell table, unchecked.
    ///
    /// # Safety
    /// `i < self.cells.len()` (one of the three cases of the module documentation).
    #[inline(always)]
    unsafe fn cell(&self, i: usize) -> &Cell {
        debug_assert!(i < self.cells.len(), "cell {i} of {}", self.cells.len());
        // SAFETY: the caller's promise.
        unsafe { self.cells.get_unchecked(i) }
    }

    /// Cell `i` of the cell table, unchecked, to change.
    ///
    /// # Safety
    /// As [`Board::cell`].
    #[inline(always)]
    unsafe fn cell_mut(&mut self, i: usize) -> &mut Cell {
        debug_assert!(i < self.cells.len(), "cell {i} of {}", self.cells.len());
        // SAFETY: the caller's promise.
        unsafe { self.cells.get_unchecked_mut(i) }
    }

    /// The chain totals at cell `h` (meaningful at a chain's head), unchecked.
    ///
    /// # Safety
    /// `h < self.chains.len()`, which is `self.cells.len()`.
    #[inline(always)]
    unsafe fn totals(&self, h: usize) -> &Chain {
        debug_assert!(h < self.chains.len(), "chain {h} of {}", self.chains.len());
        // SAFETY: the caller's promise.
        unsafe { self.chains.get_unchecked(h) }
    }

    /// The chain totals at cell `h`, unchecked, to change.
    ///
    /// # Safety
    /// As [`Board::totals`].
    #[inline(always)]
    unsafe fn totals_mut(&mut self, h: usize) -> &mut Chain {
        debug_assert!(h < self.chains.len(), "chain {h} of {}", self.chains.len());
        // SAFETY: the caller's promise.
        unsafe { self.chains.get_unchecked_mut(h) }
    }

    /// Whether every cell within one step of `i` (`±1`, `±stride`, `±stride ± 1`)
    /// is in the tables: true for the cell of every point.
    #[inline(always)]
    pub(super) fn surrounded(&self, i: usize) -> bool {
        // Wrapping: a cell below `stride + 1` becomes huge and fails the test.
        debug_assert_eq!(self.span, self.cells.len() - 2 * (self.stride + 1));
        i.wrapping_sub(self.stride + 1) < self.span
    }

    /// Stops on a cell that is not surrounded: the crate never passes one (it
    /// takes cells from points of the board or from the board's own lists), so
    /// this is a bug caught, never a case handled.
    #[inline(always)]
    fn check(&self, i: usize) {
        if !self.surrounded(i) {
            not_surrounded(i);
        }
    }

    // ----- reading around a cell -----

    /// The head of the chain through a stone at `q`; some table index for an
    /// empty or edge cell.
    ///
    /// # Safety
    /// `q < self.cells.len()`.
    #[inline(always)]
    unsafe fn head_unchecked(&self, q: usize) -> usize {
        // SAFETY: the caller's promise.
        unsafe { self.cell(q) }.head as usize
    }

    /// The colours of the four neighbours of the surrounded cell `i`, one byte
    /// each.
    ///
    /// # Safety
    /// `i` is surrounded.
    #[inline]
    unsafe fn around(&self, i: usize) -> u32 {
        // SAFETY: neighbours of the surrounded cell `i` (case 2).
        u32::from_le_bytes(self.neighbours(i).map(|q| unsafe { self.cell(q) }.color))
    }

    /// Whether the chain headed at `head` has all its liberties at `p`.
    ///
    /// # Safety
    /// `head < self.chains.len()`.
    #[inline(always)]
    unsafe fn atari_at(&self, head: usize, p: usize) -> bool {
        // SAFETY: the caller's promise.
        let c = unsafe { self.totals(head) };
        let n = u64::from(c.libs);
        let p = p as u64;
        n > 0 && u64::from(c.lib_sum) == n * p && u64::from(c.lib_sq) == n * p * p
    }

    /// Whether a stone of `code` on the empty cell `i` lives and takes nothing,
    /// so that the board after it is this one with one stone more (its hash this
    /// hash xor the stone's key): it has an empty neighbour, and no opponent
    /// chain beside it has its last liberty at `i`.
    #[inline(always)]
    pub(crate) fn adds_one_stone(&self, i: usize, code: u8) -> bool {
        self.check(i);
        // SAFETY: `i` was checked to be surrounded.
        let packed = unsafe { self.around(i) };
        if zero_bytes(packed) == 0 {
            return false;
        }
        let opp = code ^ 3;
        if zero_bytes(packed ^ splat(opp)) == 0 {
            return true;
        }
        let colors = packed.to_le_bytes();
        !self
            .neighbours(i)
            .into_iter()
            .zip(colors)
            .any(|(q, color)| {
                // SAFETY: a neighbour of the surrounded cell `i` (case 2), and its
                // head a chain head for a stone (case 3).
                color == opp && unsafe { self.atari_at(self.head_unchecked(q), i) }
            })
    }

    /// Whether a stone of `code` on the empty cell `i` has a liberty once its
    /// captures are made, so is no suicide: an empty neighbour, an opponent
    /// chain whose last liberty is `i` (captured), or a chain of its own with a
    /// liberty besides `i` (joined).
    #[inline]
    pub(crate) fn breathes(&self, i: usize, code: u8) -> bool {
        self.check(i);
        // SAFETY: `i` was checked to be surrounded.
        let packed = unsafe { self.around(i) };
        if zero_bytes(packed) != 0 {
            return true;
        }
        let colors = packed.to_le_bytes();
        self.neighbours(i)
            .into_iter()
            .zip(colors)
            .any(|(q, color)| {
                // SAFETY: a neighbour of the surrounded cell `i` (case 2), and its
                // head a chain head for a stone (case 3).
                let atari = unsafe { self.atari_at(self.head_unchecked(q), i) };
                (color == code && !atari) || (color == code ^ 3 && atari)
            })
    }

    /// What playing `code` on the empty cell `i` would do.
    #[inline]
    pub(crate) fn effect(&self, i: usize, code: u8) -> Effect {
        self.check(i);
        // SAFETY: `i` was checked to be surrounded.
        unsafe {
            let mut e = self.effect_around(i, code, self.around(i));
            e.at = self.cell(i).empty_at;
            e
        }
    }

    /// What playing `code` on the empty point at position `k` of the empty-point
    /// list would do, when that fills none of `code`'s own eyes (see
    /// [`Board::is_eye`]) and `allows` accepts it: a playout candidate. `None`
    /// otherwise, and when `k` is past the list.
    #[inline]
    pub(crate) fn playout_effect(
        &self,
        k: usize,
        code: u8,
        allows: impl FnOnce(&Effect) -> bool,
    ) -> Option<Effect> {
        let i = usize::from(*self.empties.get(k)?);
        // SAFETY: `i` is a cell of a point, from the empty-point list (case 3), so
        // it is surrounded.
        let around = unsafe { self.around(i) };
        // SAFETY: as above.
        if unsafe { self.is_eye(i, code, around) } {
            return None;
        }
        // SAFETY: as above.
        let mut e = unsafe { self.effect_around(i, code, around) };
        e.at = k as u16;
        allows(&e).then_some(e)
    }

    /// [`Board::effect`] given the neighbour colours `packed` (from
    /// [`Board::around`]).
    ///
    /// # Safety
    /// `i` is surrounded.
    #[inline]
    unsafe fn effect_around(&self, i: usize, code: u8, packed: u32) -> Effect {
        let nbrs = self.neighbours(i);
        let colors = packed.to_le_bytes();
        let has_empty = zero_bytes(packed) != 0;
        let has_own = zero_bytes(packed ^ splat(code)) != 0;
        let mut e = Effect {
            cell: i as u16,
            suicide: false,
            lone: !has_empty && !has_own,
            friendly: has_own,
            ..Effect::default()
        };
        // Opponent chains in atari at `i` are captured (each counted once).
        let opp = code ^ 3;
        let mut seen = [usize::MAX; 4];
        let has_opp = zero_bytes(packed ^ splat(opp)) != 0;
        for n in 0..if has_opp { 4 } else { 0 } {
            if colors[n] != opp {
                continue;
            }
            // SAFETY: a neighbour of the surrounded cell `i` (case 2).
            let h = unsafe { self.head_unchecked(nbrs[n]) };
            if seen[..n].contains(&h) {
                continue;
            }
            seen[n] = h;
            // SAFETY: `h` is a chain head (case 3).
            let (atari, c) = unsafe { (self.atari_at(h, i), self.totals(h)) };
            if atari {
                e.captured += c.size;
                e.removed_hash ^= c.hash;
            }
        }
        if has_empty || e.captured > 0 {
            return e;
        }
        // No liberty of its own and nothing captured: suicide unless a friendly
        // chain keeps another liberty.
        e.suicide = true;
        if !has_own {
            return e;
        }
        for n in 0..4 {
            if colors[n] != code {
                continue;
            }
            // SAFETY: a neighbour of the surrounded cell `i` (case 2).
            let h = unsafe { self.head_unchecked(nbrs[n]) };
            if seen[..n].contains(&h) {
                continue;
            }
            seen[n] = h;
            // SAFETY: `h` is a chain head (case 3).
            let (atari, c) = unsafe { (self.atari_at(h, i), self.totals(h)) };
            e.removed_hash ^= c.hash;
            if !atari {
                e.suicide = false;
            }
        }
        if !e.suicide {
            e.removed_hash = 0; // the friendly chains live on
        }
        e
    }

    /// Whether the empty cell `i` (neighbour colours `around`) is an eye of `code`
    /// for playout purposes: every neighbour is that colour or the edge, and the
    /// opponent holds fewer than two diagonal points (none when the point is on the
    /// edge).
    ///
    /// # Safety
    /// `i` is surrounded.
    #[inline]
    unsafe fn is_eye(&self, i: usize, code: u8, around: u32) -> bool {
        // Colours are 0 empty, 1 black, 2 white, 3 edge: a neighbour is the mover's
        // or the edge exactly when it has the mover's bit.
        if around & splat(code) != splat(code) {
            return false;
        }
        let s = self.stride;
        let diagonals = u32::from_le_bytes(
            // SAFETY: diagonals of the surrounded cell `i` (case 2).
            [i - s - 1, i - s + 1, i + s - 1, i + s + 1].map(|q| unsafe { self.cell(q) }.color),
        );
        // One bit per opponent (per edge) diagonal. No population counts: the
        // baseline x86-64 target has no instruction for them.
        let opponents = zero_bytes(diagonals ^ splat(code ^ 3));
        let edges = zero_bytes(diagonals ^ splat(EDGE));
        let at_most_one = opponents & opponents.wrapping_sub(1) == 0;
        opponents == 0 || (edges == 0 && at_most_one)
    }

    // ----- changing the board -----

    /// Takes the cell `i`, at position `at` of the empty-point list, out of the
    /// list.
    #[inline]
    fn take_empty(&mut self, i: usize, at: usize) {
        let last = self.empties.pop().unwrap_or_else(|| unreachable!()) as usize;
        if last != i {
            self.empties[at] = last as u16;
            // SAFETY: an entry of the empty-point list (case 3).
            unsafe { self.cell_mut(last) }.empty_at = at as u16;
        }
    }

    /// Puts the surrounded cell `i` on the empty-point list.
    ///
    /// # Safety
    /// `i` is surrounded.
    #[inline]
    unsafe fn give_empty(&mut self, i: usize) {
        let at = self.empties.len() as u16;
        // SAFETY: `i` is surrounded.
        unsafe { self.cell_mut(i) }.empty_at = at;
        self.empties.push(i as u16);
    }

    /// Puts a stone of `code` on the empty cell `i`, joining friendly chains, with
    /// no captures (for setups and diagrams).
    pub(super) fn place(&mut self, i: usize, code: u8) {
        self.check(i);
        // SAFETY: `i` was checked to be surrounded.
        unsafe {
            let at = usize::from(self.cell(i).empty_at);
            self.add_stone(i, at, code, true);
        }
    }

    /// Puts a stone on the empty cell `i`, at position `at` of the empty-point
    /// list, adjusting neighbours' liberties and joining friendly chains (looked
    /// for only when `friendly`); no captures.
    ///
    /// # Safety
    /// `i` is surrounded.
    #[inline(always)] // the hot half of every move (inlining measured: docs/benchmarks.md)
    unsafe fn add_stone(&mut self, i: usize, at: usize, code: u8, friendly: bool) {
        let k = key(code, i);
        self.take_empty(i, at);
        self.hash ^= k;
        self.stones[(code as usize - 1) & 1] += 1;
        // Without branches (neighbour colours are unpredictable): the new stone
        // gains each empty neighbour as a pseudo-liberty, and each neighbouring
        // stone's chain loses the pseudo-liberty `i`. For a neighbour that is not
        // a stone the subtraction is of zero, from whatever chain its stale head
        // names (the new stone's own entry is written afterwards).
        let (mut libs, mut sum, mut sq) = (0u16, 0u32, 0u32);
        let (iu, isq) = (i as u32, (i * i) as u32);
        for q in self.neighbours(i) {
            // SAFETY: a neighbour of the surrounded cell `i` (case 2), and its head,
            // stale or not, a table index (case 3).
            let (cell, chain) = unsafe {
                let cell = *self.cell(q);
                (cell, self.totals_mut(cell.head as usize))
            };
            let empty = u32::from(cell.color == EMPTY);
            libs += empty as u16;
            sum += empty * q as u32;
            sq += empty * (q * q) as u32;
            let stone = u32::from(cell.color.wrapping_sub(1) < 2);
            chain.libs -= stone as u16;
            chain.lib_sum -= stone * iu;
            chain.lib_sq -= stone * isq;
        }
        // The largest friendly chain next to the stone, if any: the stone joins it
        // directly and the other friendly chains are brought into it.
        let nbrs = self.neighbours(i);
        let mut big = usize::MAX;
        // Whether a second friendly chain touches the stone (a merge is needed).
        let mut others = false;
        if friendly {
            // Without branches, as above; the first of equal sizes wins.
            let mut big_size = 0;
            let mut first = usize::MAX;
            for &q in &nbrs {
                // SAFETY: a neighbour of the surrounded cell `i` (case 2), and its
                // head, a table index (case 3).
                let (cell, size) = unsafe {
                    let cell = *self.cell(q);
                    (cell, self.totals(cell.head as usize).size)
                };
                let is_own = cell.color == code;
                let h = cell.head as usize;
                let better = is_own & (size > big_size);
                big = if better { h } else { big };
                big_size = if better { size } else { big_size };
                others |= is_own & (first != usize::MAX) & (h != first);
                first = if is_own & (first == usize::MAX) {
                    h
                } else {
                    first
                };
            }
        }
        if big == usize::MAX {
            // SAFETY: `i` is surrounded.
            unsafe {
                *self.cell_mut(i) = Cell {
                    color: code,
                    head: i as u16,
                    next: i as u16,
                    empty_at: 0,
                };
                *self.totals_mut(i) = Chain {
                    libs,
                    size: 1,
                    lib_sum: sum,
                    lib_sq: sq,
                    hash: k,
                };
            }
            return;
        }
        // SAFETY: `big` is the head of a friendly neighbour's chain (case 3), and
        // `i` is surrounded.
        let chain = unsafe {
            let big_next = self.cell(big).next;
            *self.cell_mut(i) = Cell {
                color: code,
                head: big as u16,
                next: big_next,
                empty_at: 0,
            };
            self.cell_mut(big).next = i as u16;
            self.totals_mut(big)
        };
        chain.size += 1;
        chain.libs += libs;
        chain.lib_sum += sum;
        chain.lib_sq += sq;
        chain.hash ^= k;
        if !others {
            return;
        }
        for q in nbrs {
            // SAFETY: a neighbour of the surrounded cell `i` (case 2).
            let cell = *unsafe { self.cell(q) };
            if cell.color == code {
                let h = cell.head as usize;
                if h != big {
                    // SAFETY: both are chain heads (case 3).
                    unsafe { self.merge(big, h) };
                }
            }
        }
    }

    /// Joins two chains; the larger one's head survives.
    ///
    /// # Safety
    /// `a` and `b` are the heads of two different chains.
    unsafe fn merge(&mut self, a: usize, b: usize) {
        // SAFETY: `a` and `b` are chain heads, and the cells met on the ring of
        // `small` are its stones, reached by next links (case 3).
        unsafe {
            let (big, small) = if self.totals(a).size >= self.totals(b).size {
                (a, b)
            } else {
                (b, a)
            };
            let mut s = small;
            loop {
                let cell = self.cell_mut(s);
                cell.head = big as u16;
                s = cell.next as usize;
                if s == small {
                    break;
                }
            }
            let (bn, sn) = (self.cell(big).next, self.cell(small).next);
            self.cell_mut(big).next = sn;
            self.cell_mut(small).next = bn;
            let sm = *self.totals(small);
            let bg = self.totals_mut(big);
            bg.size += sm.size;
            bg.libs += sm.libs;
            bg.lib_sum += sm.lib_sum;
            bg.lib_sq += sm.lib_sq;
            bg.hash ^= sm.hash;
        }
    }

    /// Removes the chain headed at `head`, pushing its cells to `out`; returns its
    /// size.
    ///
    /// # Safety
    /// `head` is the head of a chain.
    unsafe fn remove_chain(&mut self, head: usize, out: &mut Vec<u16>) -> u32 {
        // SAFETY: `head` is a chain head (case 3).
        let (code, size, hash) = unsafe {
            let totals = *self.totals(head);
            (self.cell(head).color, totals.size, totals.hash)
        };
        self.hash ^= hash;
        self.stones[(code - 1) as usize] -= size;
        let mut s = head;
        loop {
            // SAFETY: `s` is a stone of the chain, reached by next links (case 3),
            // so surrounded.
            unsafe {
                self.cell_mut(s).color = EMPTY;
                self.give_empty(s);
                out.push(s as u16);
                s = self.cell(s).next as usize;
            }
            if s == head {
                break;
            }
        }
        // Second pass, once every stone is gone: each freed point is a new
        // pseudo-liberty of every chain next to it.
        // Without branches, as in `add_stone`: a neighbour that is not a stone
        // adds zero to whatever chain its stale head names.
        loop {
            let (su, ssq) = (s as u32, (s * s) as u32);
            for q in self.neighbours(s) {
                // SAFETY: a neighbour of the surrounded cell `s` (case 2), and its
                // head, stale or not, a table index (case 3).
                let (cell, chain) = unsafe {
                    let cell = *self.cell(q);
                    (cell, self.totals_mut(cell.head as usize))
                };
                let stone = u32::from(cell.color.wrapping_sub(1) < 2);
                chain.libs += stone as u16;
                chain.lib_sum += stone * su;
                chain.lib_sq += stone * ssq;
            }
            // SAFETY: as in the first pass.
            s = unsafe { self.cell(s) }.next as usize;
            if s == head {
                break;
            }
        }
        u32::from(size)
    }

    /// Plays `code` on the empty cell `i`: opponent chains without liberties are
    /// removed first, then the mover's own (ruling G5). Removed cells are pushed to
    /// `out`, opponents' first. Returns (opponent stones, own stones) removed.
    pub(crate) fn play(&mut self, i: usize, code: u8, out: &mut Vec<u16>) -> (u32, u32) {
        let e = self.effect(i, code);
        self.play_known(code, &e, out)
    }

    /// [`Board::play`] of `code` when the move's effect `e` is already known (it
    /// was checked): the merge and capture scans run only when the effect says they
    /// are needed. The cell is the one at position `e.at` of the empty-point list.
    ///
    /// Always inlined: left to itself, the compiler kept it out of line under
    /// the `bench` profile (fat LTO), and replaying records ran 9 % slower.
    #[inline(always)]
    pub(crate) fn play_known(&mut self, code: u8, e: &Effect, out: &mut Vec<u16>) -> (u32, u32) {
        // The cell is found again from its position in the empty-point list, with
        // the bounds check of that list: no cell is taken on trust.
        let at = usize::from(e.at);
        let i = usize::from(self.empties[at]);
        debug_assert_eq!(i, usize::from(e.cell), "an effect of another position");
        // SAFETY: `i` is an entry of the empty-point list (case 3), so surrounded.
        unsafe { self.add_stone(i, at, code, e.friendly) };
        let mut captured = 0;
        if e.captured > 0 {
            let opp = code ^ 3;
            for q in self.neighbours(i) {
                // SAFETY: a neighbour of the surrounded cell `i` (case 2); for an
                // opponent's stone, its head is a chain head (case 3).
                unsafe {
                    let cell = *self.cell(q);
                    if cell.color == opp {
                        let h = cell.head as usize;
                        if self.totals(h).libs == 0 {
                            captured += self.remove_chain(h, out);
                        }
                    }
                }
            }
        }
        let own = if e.suicide {
            // SAFETY: `i` holds the new stone; its head is a chain head (case 3).
            unsafe { self.remove_chain(self.head_unchecked(i), out) }
        } else {
            0
        };
        (captured, own)
    }
}

/// The bug [`Board::check`] stops on, out of the hot path.
#[cold]
#[inline(never)]
fn not_surrounded(i: usize) -> ! {
    panic!("cell {i} is not a cell of a point of this board")
}

#[cfg(test)]
mod tests {
    use crate::board::Board;

    #[test]
    fn every_cell_of_a_point_is_surrounded_and_no_frame_cell_at_the_ends() {
        for (w, h) in [(1, 1), (1, 25), (25, 1), (9, 9), (19, 13), (25, 25)] {
            let b = Board::new(w, h).unwrap();
            for p in b.points() {
                assert!(b.surrounded(b.index(p)), "{w}x{h} {p}");
            }
            let n = b.cells.len();
            for i in (0..=b.stride).chain(n - b.stride - 1..n + 3) {
                assert!(!b.surrounded(i), "{w}x{h} cell {i}");
            }
        }
    }

    /// `adds_one_stone` (the superko list's quick test): a stone on an empty board
    /// lives and takes nothing, at every point; a stone on the last liberty of an
    /// opponent's stone takes it (not one stone more); a stone with no empty
    /// neighbour is left to the full check.
    #[test]
    fn adds_one_stone_is_a_stone_that_lives_and_takes_nothing() {
        use crate::board::{BLACK, WHITE};
        use crate::point::Point;
        let b = Board::new(9, 9).unwrap();
        for p in b.points() {
            assert!(b.adds_one_stone(b.index(p), BLACK), "{p}");
            assert!(b.adds_one_stone(b.index(p), WHITE), "{p}");
        }
        // White on A1, Black on B1: A2 is White's last liberty.
        let mut b = Board::new(9, 9).unwrap();
        let [a1, b1, a2, c1] =
            [(0, 0), (1, 0), (0, 1), (2, 0)].map(|(c, r)| b.index(Point::new(c, r).unwrap()));
        b.place(a1, WHITE);
        b.place(b1, BLACK);
        assert!(!b.adds_one_stone(a2, BLACK), "Black on A2 takes A1");
        assert!(
            b.adds_one_stone(a2, WHITE),
            "White on A2 joins A1 and lives"
        );
        assert!(b.adds_one_stone(c1, BLACK));
        // Black on A2, C2 and B3 as well (stones placed, nothing taken): B2's four
        // neighbours hold stones.
        let [b2, c2, b3] =
            [(1, 1), (2, 1), (1, 2)].map(|(c, r)| b.index(Point::new(c, r).unwrap()));
        for i in [a2, c2, b3] {
            b.place(i, BLACK);
        }
        assert!(!b.adds_one_stone(b2, BLACK), "no empty neighbour");
        // Black's A1 in atari at B1, White's C1 beside B1 with two liberties
        // more: Black on B1 saves A1 and takes nothing.
        let mut b = Board::new(9, 9).unwrap();
        b.place(a1, BLACK);
        b.place(a2, WHITE);
        b.place(c1, WHITE);
        assert!(b.adds_one_stone(b1, BLACK), "Black on B1 joins A1");
    }

    #[test]
    #[should_panic(expected = "is not a cell of a point")]
    fn a_cell_off_the_board_is_refused() {
        let mut b = Board::new(3, 3).unwrap();
        b.place(0, 1);
    }

    #[test]
    #[should_panic(expected = "out of bounds")]
    fn an_effect_of_a_bigger_board_reaches_no_cell_outside_the_tables() {
        let big = Board::new(19, 19).unwrap();
        let last = big.empty_count() - 1;
        let e = big.playout_effect(last, 1, |_| true).unwrap();
        let mut small = Board::new(3, 3).unwrap();
        let _ = small.play_known(1, &e, &mut alloc::vec::Vec::new());
    }
}
