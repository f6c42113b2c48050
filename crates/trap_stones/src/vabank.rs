//! The va-bank groups (ruling T6): the 8-connected sets of 1 to 4 cells among the
//! cells without a stone of the declarer's color, counted and listed one by one by
//! Redelmeier's enumeration, which produces each set exactly once (from its lowest
//! cell, its root) without storing any.
//!
//! The count, the iterator and the `k`-th group all follow the same order: roots
//! from the lowest cell up; within a root, depth first, each set before the sets
//! that grow it, and the untried cells taken last-in first-out.

use crate::board::{Bits, Cell, Shape};
use crate::moves::{Group, MAX_GROUP};

/// Room for the untried cells of one level. The root level holds the root; each
/// later level holds what its parent had left plus at most 8 new neighbours, so
/// the deepest level that is extended (size 3) holds at most 1 + 3 × 7 = 22.
const UNTRIED: usize = 32;

/// The number of groups within `allowed`.
pub(crate) fn count(s: &Shape, allowed: &Bits) -> u32 {
    let mut seen = Bits::EMPTY;
    let mut total = 0;
    for root in allowed.iter(s.words as usize) {
        total += count_root(s, allowed, root, &mut seen);
    }
    total
}

/// The number of groups whose lowest cell is `root`.
fn count_root(s: &Shape, allowed: &Bits, root: usize, seen: &mut Bits) -> u32 {
    extend(s, allowed, root, seen, &[root as u16], 0)
}

/// Counts the sets that grow the current one (of `size` cells) by one of the
/// `untried` cells, taken from the last, and then by its new neighbours.
fn extend(
    s: &Shape,
    allowed: &Bits,
    root: usize,
    seen: &mut Bits,
    untried: &[u16],
    size: usize,
) -> u32 {
    let mut list = [0u16; UNTRIED];
    let mut len = untried.len().min(UNTRIED);
    list[..len].copy_from_slice(&untried[..len]);
    let mut total = 0;
    while len > 0 {
        len -= 1;
        let v = list[len] as usize;
        total += 1; // the current set with v
        if size + 1 == MAX_GROUP {
            continue;
        }
        let mut next = list;
        let mut n = len;
        let mut added = [0u16; 8];
        let mut k = 0;
        for i in s.neighbours(v) {
            if i > root && allowed.get(i) && !seen.get(i) && n < UNTRIED {
                seen.set(i);
                next[n] = i as u16;
                n += 1;
                added[k] = i as u16;
                k += 1;
            }
        }
        // Sets one short of the largest grow by exactly one untried cell each.
        total += if size + 2 == MAX_GROUP {
            n as u32
        } else {
            extend(s, allowed, root, seen, &next[..n], size + 1)
        };
        for &i in &added[..k] {
            seen.clear(i as usize);
        }
    }
    total
}

/// The `k`-th group (from 0) within `allowed`, in the order of [`VaBankGroups`]:
/// the roots' counts are added up until the one that holds it, whose groups alone
/// are then listed.
pub(crate) fn nth(s: &Shape, allowed: &Bits, mut k: u32) -> Option<Group> {
    let mut seen = Bits::EMPTY;
    for root in allowed.iter(s.words as usize) {
        let c = count_root(s, allowed, root, &mut seen);
        if k < c {
            return VaBankGroups::new(*s, *allowed, Some(root)).nth(k as usize);
        }
        k -= c;
    }
    None
}

/// The most roots a board has: one per cell of the largest board.
const ROOTS: usize = crate::board::MAX_SIDE as usize * crate::board::MAX_SIDE as usize;

/// Each root's count of groups within `allowed`, kept to find the `k`-th group
/// after one counting pass ([`Counts::nth`]).
pub(crate) struct Counts {
    roots: [u16; ROOTS],
    counts: [u32; ROOTS],
    len: usize,
    /// The number of groups.
    pub(crate) total: u32,
}

impl Counts {
    /// Counts the groups within `allowed`, root by root.
    pub(crate) fn new(s: &Shape, allowed: &Bits) -> Counts {
        let mut c = Counts {
            roots: [0; ROOTS],
            counts: [0; ROOTS],
            len: 0,
            total: 0,
        };
        let mut seen = Bits::EMPTY;
        for (root, (r, n)) in allowed
            .iter(s.words as usize)
            .zip(c.roots.iter_mut().zip(c.counts.iter_mut()))
        {
            *r = root as u16;
            *n = count_root(s, allowed, root, &mut seen);
            c.total += *n;
            c.len += 1;
        }
        c
    }

    /// The `k`-th group (from 0), as [`nth`] finds it, without counting again.
    pub(crate) fn nth(&self, s: &Shape, allowed: &Bits, mut k: u32) -> Option<Group> {
        for (&root, &n) in self.roots[..self.len].iter().zip(&self.counts[..self.len]) {
            if k < n {
                return VaBankGroups::new(*s, *allowed, Some(root as usize)).nth(k as usize);
            }
            k -= n;
        }
        None
    }
}

/// The va-bank groups a side may declare, one by one (ruling T6): every
/// 8-connected set of 1 to 4 cells without a stone of its color, each once, with
/// its cells sorted. Made by [`MoveList::va_bank_groups`](crate::MoveList::va_bank_groups);
/// nothing is allocated.
#[derive(Clone, Debug)]
pub struct VaBankGroups {
    shape: Shape,
    allowed: Bits,
    seen: Bits,
    /// The root of the groups being listed.
    root: usize,
    /// Whether to stop after the groups of `root`.
    one_root: bool,
    /// Whether the listing has begun.
    started: bool,
    /// Levels in use: the current set has `depth` cells.
    depth: usize,
    /// Whether the set last returned is still to be grown.
    grow: bool,
    lists: [[u16; UNTRIED]; MAX_GROUP],
    lens: [u8; MAX_GROUP],
    chosen: [u16; MAX_GROUP],
    added: [[u16; 8]; MAX_GROUP],
    n_added: [u8; MAX_GROUP],
}

impl VaBankGroups {
    /// The groups within `allowed`; only those of `root` if given.
    pub(crate) fn new(shape: Shape, allowed: Bits, root: Option<usize>) -> VaBankGroups {
        VaBankGroups {
            shape,
            allowed,
            seen: Bits::EMPTY,
            root: root.unwrap_or(0),
            one_root: root.is_some(),
            started: false,
            depth: 0,
            grow: false,
            lists: [[0; UNTRIED]; MAX_GROUP],
            lens: [0; MAX_GROUP],
            chosen: [0; MAX_GROUP],
            added: [[0; 8]; MAX_GROUP],
            n_added: [0; MAX_GROUP],
        }
    }

    /// Opens the level below the current set: the cells its parent left untried
    /// and the new neighbours of the cell last added.
    fn open_level(&mut self) {
        let parent = self.depth - 1;
        let v = self.chosen[parent] as usize;
        let mut n = self.lens[parent] as usize;
        let mut next = self.lists[parent];
        let mut k = 0;
        for i in self.shape.neighbours(v) {
            if i > self.root && self.allowed.get(i) && !self.seen.get(i) && n < UNTRIED {
                self.seen.set(i);
                next[n] = i as u16;
                n += 1;
                self.added[parent][k] = i as u16;
                k += 1;
            }
        }
        self.n_added[parent] = k as u8;
        self.lists[self.depth] = next;
        self.lens[self.depth] = n as u8;
        self.depth += 1;
    }

    /// Moves to the next root, if any.
    fn next_root(&mut self) -> bool {
        let from = if self.started {
            if self.one_root {
                return false;
            }
            self.root + 1
        } else {
            self.started = true;
            if self.one_root { self.root } else { 0 }
        };
        match self.allowed.next_set(from, self.shape.words as usize) {
            Some(r) if !self.one_root || r == self.root => {
                self.root = r;
                self.lists[0][0] = r as u16;
                self.lens[0] = 1;
                self.depth = 1;
                true
            }
            _ => false,
        }
    }
}

impl Iterator for VaBankGroups {
    type Item = Group;

    fn next(&mut self) -> Option<Group> {
        loop {
            if self.grow {
                self.grow = false;
                if self.depth < MAX_GROUP {
                    self.open_level();
                }
            }
            if self.depth == 0 && !self.next_root() {
                return None;
            }
            let level = self.depth - 1;
            if self.lens[level] == 0 {
                // This level is done: back to its parent, forgetting the
                // neighbours its cell brought in.
                self.depth -= 1;
                if let Some(parent) = self.depth.checked_sub(1) {
                    let k = self.n_added[parent] as usize;
                    for &i in &self.added[parent][..k] {
                        self.seen.clear(i as usize);
                    }
                }
                continue;
            }
            self.lens[level] -= 1;
            self.chosen[level] = self.lists[level][self.lens[level] as usize];
            self.grow = true;
            let mut cells = [Cell::A1; MAX_GROUP];
            for (c, &i) in cells.iter_mut().zip(&self.chosen[..=level]) {
                *c = self.shape.cell(i as usize);
            }
            return Some(Group::sorted(cells[0], &cells[..=level]));
        }
    }
}

impl core::iter::FusedIterator for VaBankGroups {}

#[cfg(test)]
mod tests {
    use super::{VaBankGroups, count};
    use crate::board::{Cell, Geometry};
    use alloc::vec::Vec;

    /// T6: a va-bank group is made of cells without the declarer's stones, so a
    /// root that holds one (not allowed) has no groups; the groups of one root are
    /// those it is the lowest cell of, and the roots' groups together are all.
    #[test]
    fn the_groups_of_one_root_are_those_it_is_the_lowest_cell_of() {
        for (w, h) in [(3, 3), (4, 2), (5, 5)] {
            let g = Geometry::new(w, h);
            let s = g.shape();
            let mut allowed = g.valid;
            let own_stone = g.index(Cell::new(1, 1).unwrap());
            allowed.clear(own_stone);
            assert_eq!(
                VaBankGroups::new(s, allowed, Some(own_stone)).count(),
                0,
                "{w}x{h}: a cell with a stone of the declarer's roots no group"
            );
            let all: Vec<_> = VaBankGroups::new(s, allowed, None).collect();
            assert_eq!(all.len(), count(&s, &allowed) as usize, "{w}x{h}");
            let mut by_root = Vec::new();
            for root in allowed.iter(g.words) {
                for group in VaBankGroups::new(s, allowed, Some(root)) {
                    let lowest = group.cells().iter().map(|&c| g.index(c)).min();
                    assert_eq!(lowest, Some(root), "{group:?} on {w}x{h}");
                    by_root.push(group);
                }
            }
            assert_eq!(by_root, all, "{w}x{h}: the same groups in the same order");
        }
    }
}
