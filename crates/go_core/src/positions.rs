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

/// Hash → every move number whose position has that hash. Linear probing;
/// deletion by backward shift, so undo leaves no tombstones.
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

    /// Removes the entry (key, index); nothing happens when it is absent.
    pub(crate) fn remove(&mut self, key: u64, index: usize) {
        let mask = self.mask();
        let mut i = self.home(key);
        loop {
            let s = self.slots[i];
            if s.index == FREE {
                return;
            }
            if s.key == key && s.index as usize == index {
                break;
            }
            i = (i + 1) & mask;
        }
        // Backward-shift: pull later members of the probe run into the hole when
        // their home does not lie cyclically in (hole, their slot].
        let mut hole = i;
        let mut j = (i + 1) & mask;
        loop {
            let s = self.slots[j];
            if s.index == FREE {
                break;
            }
            let home = self.home(s.key);
            let dist_home = j.wrapping_sub(home) & mask;
            let dist_hole = j.wrapping_sub(hole) & mask;
            if dist_home >= dist_hole {
                self.slots[hole] = s;
                hole = j;
            }
            j = (j + 1) & mask;
        }
        self.slots[hole] = Slot {
            key: 0,
            index: FREE,
        };
        self.len -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_find_remove_with_collisions_and_growth() {
        let mut t = PositionTable::with_capacity(4);
        // Keys that share a home slot, plus duplicates of one key.
        let keys: Vec<u64> = (0..200u64).map(|k| (k % 37) << 40).collect();
        for (i, &k) in keys.iter().enumerate() {
            t.insert(k, i);
        }
        for (i, &k) in keys.iter().enumerate() {
            assert!(t.find(k).any(|j| j == i));
        }
        for (i, &k) in keys.iter().enumerate().rev().step_by(3) {
            t.remove(k, i);
            assert!(!t.find(k).any(|j| j == i));
        }
        for (i, &k) in keys.iter().enumerate() {
            let removed = (keys.len() - 1 - i).is_multiple_of(3);
            assert_eq!(t.find(k).any(|j| j == i), !removed, "entry {i}");
        }
    }
}
