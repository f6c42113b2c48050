//! The set of earlier positions, for superko (ruling G6): an open-addressing hash
//! table from 64-bit position hash to move number. A hash match is only a candidate;
//! the game then compares the boards themselves, so a collision can never make a
//! legal move illegal.

use alloc::vec;
use alloc::vec::Vec;

const FREE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot {
    key: u64,
    index: u32,
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
                    key: 0,
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

    #[inline]
    fn home(&self, key: u64) -> usize {
        // The Zobrist keys are uniform; fold the high bits in anyway.
        ((key ^ (key >> 29)) as usize) & self.mask()
    }

    /// Forgets every position (the table keeps its size).
    pub(crate) fn clear(&mut self) {
        self.slots.fill(Slot { key: 0, index: FREE });
        self.len = 0;
    }

    pub(crate) fn insert(&mut self, key: u64, index: usize) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.mask();
        let mut i = self.home(key);
        while self.slots[i].index != FREE {
            i = (i + 1) & mask;
        }
        self.slots[i] = Slot {
            key,
            index: index as u32,
        };
        self.len += 1;
    }

    fn grow(&mut self) {
        let bigger = vec![
            Slot {
                key: 0,
                index: FREE
            };
            self.slots.len() * 2
        ];
        let old = core::mem::replace(&mut self.slots, bigger);
        self.len = 0;
        for s in old.into_iter().filter(|s| s.index != FREE) {
            self.insert(s.key, s.index as usize);
        }
    }

    /// Whether some position is stored under `key`.
    #[inline]
    pub(crate) fn contains(&self, key: u64) -> bool {
        let mask = self.mask();
        let mut i = self.home(key);
        loop {
            let s = self.slots[i];
            if s.index == FREE {
                return false;
            }
            if s.key == key {
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    /// Every move number stored under `key`, in no particular order.
    #[inline]
    pub(crate) fn find(&self, key: u64) -> impl Iterator<Item = usize> + '_ {
        let mask = self.mask();
        let mut i = self.home(key);
        core::iter::from_fn(move || {
            loop {
                let s = self.slots[i];
                if s.index == FREE {
                    return None;
                }
                i = (i + 1) & mask;
                if s.key == key {
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
        assert!(!t.contains(12345));
        t.clear();
        assert!(keys.iter().all(|&k| !t.contains(k)));
    }
}
