//! The set of earlier positions, for superko (ruling G6): an open-addressing hash
//! table from position hash to move number. The slot is chosen by the low bits of
//! the 64-bit hash and holds its high 32 bits, so a match is only a candidate; the
//! game then compares the boards themselves, so a collision can never make a legal
//! move illegal. Eight-byte slots keep the table small to copy.

use alloc::vec;
use alloc::vec::Vec;

const FREE: u32 = u32::MAX;

/// The high half of a hash (the tag compared) and a move number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot {
    tag: u32,
    index: u32,
}

#[inline]
const fn tag(key: u64) -> u32 {
    (key >> 32) as u32
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
            slots: vec![
                Slot {
                    tag: 0,
                    index: FREE
                };
                cap
            ],
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
        self.slots.fill(Slot {
            tag: 0,
            index: FREE,
        });
        self.len = 0;
    }

    /// Records that position `index` has hash `key`.
    #[inline]
    pub(crate) fn insert(&mut self, key: u64, index: usize) {
        self.insert_tag(tag(key), index as u32);
    }

    fn insert_tag(&mut self, tag: u32, index: u32) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.mask();
        let mut i = self.home(tag);
        while self.slots[i].index != FREE {
            i = (i + 1) & mask;
        }
        self.slots[i] = Slot { tag, index };
        self.len += 1;
    }

    fn grow(&mut self) {
        let bigger = vec![
            Slot {
                tag: 0,
                index: FREE
            };
            self.slots.len() * 2
        ];
        let old = core::mem::replace(&mut self.slots, bigger);
        self.len = 0;
        for s in old.into_iter().filter(|s| s.index != FREE) {
            self.insert_tag(s.tag, s.index);
        }
    }

    /// Whether some position's hash has the same tag as `key` (so may equal it).
    #[inline]
    pub(crate) fn contains(&self, key: u64) -> bool {
        let (mask, tag) = (self.mask(), tag(key));
        let mut i = self.home(tag);
        loop {
            let s = self.slots[i];
            if s.index == FREE {
                return false;
            }
            if s.tag == tag {
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
                if s.index == FREE {
                    return None;
                }
                i = (i + 1) & mask;
                if s.tag == tag {
                    return Some(s.index as usize);
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
