//! The set of earlier positions, for superko (ruling G6): an open-addressing hash
//! table from position hash to move number. The slot is chosen by the low bits of
//! the 64-bit hash and holds its high 32 bits, so a match is only a candidate; the
//! game then compares the boards themselves, so a collision can never make a legal
//! move illegal. Eight-byte slots keep the table small to copy.

use alloc::vec;
use alloc::vec::Vec;

/// A slot: the high half of a hash (the tag compared) above the move number
/// plus one; 0 is a free slot, so a new or cleared table is zeroed memory.
type Slot = u64;
const FREE: Slot = 0;

#[inline]
const fn tag(key: u64) -> u32 {
    (key >> 32) as u32
}

#[inline]
const fn slot(tag: u32, index: u32) -> Slot {
    (tag as u64) << 32 | (index as u64 + 1)
}

#[inline]
const fn slot_tag(s: Slot) -> u32 {
    (s >> 32) as u32
}

#[inline]
const fn slot_index(s: Slot) -> u32 {
    (s as u32).wrapping_sub(1)
}

/// Hash → every move number whose position has that hash. Linear probing; undo
/// rebuilds the table rather than deleting from it.
#[derive(Debug)]
pub(crate) struct PositionTable {
    slots: Vec<Slot>,
    len: usize,
}

impl Clone for PositionTable {
    fn clone(&self) -> PositionTable {
        PositionTable {
            slots: self.slots.clone(),
            len: self.len,
        }
    }

    fn clone_from(&mut self, source: &PositionTable) {
        self.slots.clone_from(&source.slots);
        self.len = source.len;
    }
}

impl PositionTable {
    /// A table sized for about `expected` positions without growing.
    pub(crate) fn with_capacity(expected: usize) -> PositionTable {
        let cap = (expected * 2).next_power_of_two().max(16);
        PositionTable {
            slots: vec![FREE; cap],
            len: 0,
        }
    }

    #[inline]
    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    /// The first slot to probe for a tag (its low bits: the keys are uniform).
    #[inline]
    fn home(&self, tag: u32) -> usize {
        tag as usize & self.mask()
    }

    /// Forgets every position (the table keeps its size).
    pub(crate) fn clear(&mut self) {
        self.slots.fill(FREE);
        self.len = 0;
    }

    /// Records that position `index` (below `u32::MAX`) has hash `key`.
    #[inline]
    pub(crate) fn insert(&mut self, key: u64, index: usize) {
        self.insert_slot(slot(tag(key), index as u32));
    }

    fn insert_slot(&mut self, new: Slot) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.mask();
        let mut i = self.home(slot_tag(new));
        while self.slots[i] != FREE {
            i = (i + 1) & mask;
        }
        self.slots[i] = new;
        self.len += 1;
    }

    fn grow(&mut self) {
        let bigger = vec![FREE; self.slots.len() * 2];
        let old = core::mem::replace(&mut self.slots, bigger);
        self.len = 0;
        for s in old.into_iter().filter(|&s| s != FREE) {
            self.insert_slot(s);
        }
    }

    /// Whether some position's hash has the same tag as `key` (so may equal it).
    #[inline]
    pub(crate) fn contains(&self, key: u64) -> bool {
        let (mask, tag) = (self.mask(), tag(key));
        let mut i = self.home(tag);
        loop {
            let s = self.slots[i];
            if s == FREE {
                return false;
            }
            if slot_tag(s) == tag {
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    /// Every move number whose hash has the same tag as `key` (a superset of
    /// those with hash `key`), in no particular order.
    #[inline]
    pub(crate) fn find(&self, key: u64) -> impl Iterator<Item = usize> + '_ {
        let (mask, tag) = (self.mask(), tag(key));
        let mut i = self.home(tag);
        core::iter::from_fn(move || {
            loop {
                let s = self.slots[i];
                if s == FREE {
                    return None;
                }
                i = (i + 1) & mask;
                if slot_tag(s) == tag {
                    return Some(slot_index(s) as usize);
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_find_with_collisions_growth_and_clear() {
        let mut t = PositionTable::with_capacity(4);
        // Keys that share a home slot, plus duplicates of one key.
        let keys: Vec<u64> = (0..200u64).map(|k| (k % 37) << 40).collect();
        for (i, &k) in keys.iter().enumerate() {
            t.insert(k, i);
        }
        for (i, &k) in keys.iter().enumerate() {
            assert!(t.contains(k));
            assert!(t.find(k).any(|j| j == i));
            assert_eq!(t.find(k).count(), keys.iter().filter(|&&x| x == k).count());
        }
        assert!(!t.contains(12345 << 32));
        // Hashes equal in their high half are candidates for each other (the game
        // then compares boards).
        t.insert(7 << 32 | 1, 500);
        assert!(t.contains(7 << 32 | 2));
        assert_eq!(t.find(7 << 32 | 2).collect::<Vec<_>>(), [500]);
        t.clear();
        assert!(keys.iter().all(|&k| !t.contains(k)));
    }
}
