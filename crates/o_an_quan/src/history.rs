//! The positions at the start of each turn (ruling Q9), kept as 64-bit hashes in
//! an open-addressed table: recording one costs a few nanoseconds. A hash match is
//! only a candidate: the game then replays its record and compares the positions
//! themselves ([`Game`](crate::Game) does this), so a hash collision can never end
//! a game.

use alloc::vec::Vec;

use crate::position::Position;
use crate::rules::MAX_PLAYERS;

/// The hash of every turn's starting position, in order, and the table that finds
/// equal ones.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct History {
    hashes: Vec<u64>,
    /// Open addressing: the hash's top 32 bits, then `base` + index + 1. A slot
    /// whose low half is `base` or less is left from an earlier game: empty.
    slots: Vec<u64>,
    /// Numbers of earlier games' entries are at most this: clearing the table is
    /// raising it (playouts clear it after every game of a dozen moves).
    base: u32,
}

impl Clone for History {
    fn clone(&self) -> History {
        History {
            hashes: self.hashes.clone(),
            slots: self.slots.clone(),
            base: self.base,
        }
    }

    fn clone_from(&mut self, source: &History) {
        self.hashes.clone_from(&source.hashes);
        self.slots.clone_from(&source.slots);
        self.base = source.base;
    }
}

impl History {
    /// Turns recorded.
    pub(crate) fn len(&self) -> usize {
        self.hashes.len()
    }

    /// The hash recorded for turn `turn`.
    pub(crate) fn hash(&self, turn: usize) -> Option<u64> {
        self.hashes.get(turn).copied()
    }

    /// Forgets everything, keeping the memory.
    pub(crate) fn clear(&mut self) {
        let used = u32::try_from(self.hashes.len()).unwrap_or(u32::MAX);
        match self.base.checked_add(used) {
            // Another game's worth of numbers must fit above the new base.
            Some(base) if base < u32::MAX / 2 => self.base = base,
            _ => {
                self.slots.iter_mut().for_each(|s| *s = 0);
                self.base = 0;
            }
        }
        self.hashes.clear();
    }

    /// Records the next turn's hash; true if an earlier turn had the same hash.
    #[inline]
    pub(crate) fn record(&mut self, hash: u64) -> bool {
        let index = self.hashes.len();
        self.hashes.push(hash);
        if (index + 1) * 2 > self.slots.len() || index >= (u32::MAX / 2) as usize {
            self.grow();
            return self.hashes[..index].contains(&hash);
        }
        let mask = self.slots.len() - 1;
        let mut slot = slot_of(hash, mask);
        let mut seen = false;
        loop {
            let entry = self.slots[slot];
            let number = entry as u32;
            if number <= self.base {
                self.slots[slot] = entry_of(hash, self.base as usize + index);
                return seen;
            }
            if entry >> 32 == hash >> 32
                && self.hashes.get((number - self.base - 1) as usize) == Some(&hash)
            {
                seen = true;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Rebuilds the table for twice the room, with every recorded hash.
    fn grow(&mut self) {
        let cap = (self.slots.len() * 2).max(64);
        self.slots.clear();
        self.slots.resize(cap, 0);
        self.base = 0;
        let mask = cap - 1;
        for (index, &hash) in self.hashes.iter().enumerate() {
            let mut slot = slot_of(hash, mask);
            while self.slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = entry_of(hash, index);
        }
    }
}

fn slot_of(hash: u64, mask: usize) -> usize {
    hash as usize & mask
}

fn entry_of(hash: u64, number: usize) -> u64 {
    (hash >> 32) << 32 | (number as u64 + 1)
}

/// The random keys of the repetition hash. The hash is linear: the sum over every
/// square of its stones times its key, plus a key for each quan on the ring, plus
/// each player's store, quan taken and loans times their keys, plus a key for the
/// player to move. A move updates it as it changes the counts ([`raw_hash`]
/// computes it from scratch); [`mix`] spreads it before it is used.
pub(crate) mod keys {
    use crate::board::LANES;
    use crate::rules::MAX_PLAYERS;

    /// splitmix64, evaluated at compile time.
    const fn splitmix64(state: u64) -> (u64, u64) {
        let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (state, z ^ (z >> 31))
    }

    /// `N` odd keys from a seed (odd: multiplying by one loses no low bits).
    const fn make<const N: usize>(seed: u64) -> [u64; N] {
        let mut keys = [0u64; N];
        let mut state = seed;
        let mut i = 0;
        while i < N {
            let (s, k) = splitmix64(state);
            state = s;
            keys[i] = k | 1;
            i += 1;
        }
        keys
    }

    /// Per ring square, times its stones.
    pub(crate) static SQUARE: [u64; LANES] = make(0x6F5F_616E_5F71_7561);
    /// Per ring square, while it holds its quan.
    pub(crate) static QUAN: [u64; LANES] = make(0x7175_616E_2121_2121);
    /// Per player, times their store.
    pub(crate) static STORE: [u64; MAX_PLAYERS] = make(0x7374_6F72_6573_2121);
    /// Per player, times the quan they took.
    pub(crate) static TAKEN: [u64; MAX_PLAYERS] = make(0x7461_6B65_6E21_2121);
    /// Per player, times their net loans.
    pub(crate) static LOAN: [u64; MAX_PLAYERS] = make(0x6C6F_616E_7321_2121);
    /// Per player, when they are to move.
    pub(crate) static TO_MOVE: [u64; MAX_PLAYERS] = make(0x746F_6D6F_7665_2121);
}

/// The repetition hash of a position, from scratch (see [`keys`]).
pub(crate) fn raw_hash(pos: &Position) -> u64 {
    let b = &pos.board;
    let mut h = 0u64;
    for i in 0..b.len() {
        h = h.wrapping_add(u64::from(b.counts[i]).wrapping_mul(keys::SQUARE[i]));
        if b.quan >> i & 1 == 1 {
            h = h.wrapping_add(keys::QUAN[i]);
        }
    }
    for p in 0..MAX_PLAYERS {
        h = h
            .wrapping_add(u64::from(pos.stores[p]).wrapping_mul(keys::STORE[p]))
            .wrapping_add(u64::from(pos.quan_taken[p]).wrapping_mul(keys::TAKEN[p]))
            .wrapping_add((pos.loans[p] as u64).wrapping_mul(keys::LOAN[p]));
    }
    h.wrapping_add(keys::TO_MOVE[pos.to_move.index() % MAX_PLAYERS])
}

/// Spreads a linear hash so that its low bits (the table slot) and high bits (the
/// tag) depend on every input.
pub(crate) fn mix(raw: u64) -> u64 {
    let mut h = raw ^ raw >> 31;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^ h >> 29
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clearing_after_long_and_short_games_forgets_everything() {
        let mut h = History::default();
        // A long game grows the table...
        for k in 0..1000u64 {
            assert!(!h.record(mix(k)));
        }
        assert!(h.record(mix(7)), "a repeated hash is a candidate");
        h.clear();
        // ...then short games see nothing of it, or of each other.
        for round in 0..3u64 {
            for k in 0..20u64 {
                assert!(!h.record(mix(round * 100 + k)), "round {round}: {k} is new");
            }
            assert!(h.record(mix(round * 100 + 3)));
            assert!(h.record(mix(round * 100 + 19)));
            assert_eq!(h.len(), 22);
            h.clear();
            assert_eq!(h.len(), 0);
        }
        for k in 0..1000u64 {
            assert!(!h.record(mix(k)), "{k} is new after the clear");
        }
    }

    #[test]
    fn the_numbering_starts_again_before_it_overflows() {
        let mut h = History::default();
        for k in 0..10u64 {
            h.record(mix(k));
        }
        h.base = u32::MAX / 2 - 5;
        h.clear();
        assert_eq!(h.base, 0);
        assert!(h.slots.iter().all(|&s| s == 0));
        for k in 0..10u64 {
            assert!(!h.record(mix(k)));
        }
        assert!(h.record(mix(4)));
    }

    /// Clearing is cheap while the numbers fit: the base rises past the old
    /// entries and the table is not zeroed (a playout clears it after every
    /// game of a dozen moves).
    #[test]
    fn clearing_raises_the_base_instead_of_zeroing_the_table() {
        let mut h = History::default();
        for k in 0..10u64 {
            h.record(mix(k));
        }
        let slots = h.slots.clone();
        h.clear();
        assert_eq!(h.base, 10);
        assert_eq!(h.slots, slots);
    }

    /// Two hashes with the same tag (top half) in the same slot are told apart
    /// by the hashes themselves: no candidate.
    #[test]
    fn a_tag_collision_is_not_a_candidate() {
        let mut h = History::default();
        let tag = 0x1234_5678u64 << 32;
        assert!(!h.record(tag | 1));
        assert_eq!(h.slots.len(), 64);
        assert!(!h.record(tag | 65), "same tag, same slot, another hash");
        assert!(h.record(tag | 65));
    }

    /// Each entry lies in its hash's own slot (`hash & mask`) or a few after
    /// it: the table spreads the hashes.
    #[test]
    fn entries_lie_near_their_own_slots() {
        let mut h = History::default();
        for k in 0..500u64 {
            h.record(mix(k));
        }
        let mask = h.slots.len() - 1;
        let mut total = 0;
        for (index, &hash) in h.hashes.iter().enumerate() {
            let home = hash as usize & mask;
            let at = (0..h.slots.len())
                .find(|&d| h.slots[(home + d) & mask] == entry_of(hash, index))
                .unwrap();
            assert!(at < 64, "hash {index} lies {at} slots after its own");
            total += at;
        }
        // Linear probing in a table at most half full: about half a slot on
        // average.
        assert!(total < 2 * h.hashes.len(), "{total} slots in all");
    }

    /// The table stays at most half full, so a probe finds an empty slot soon.
    #[test]
    fn the_table_stays_at_most_half_full() {
        let mut h = History::default();
        for k in 0..1000u64 {
            h.record(mix(k));
            assert!(
                2 * h.len() <= h.slots.len(),
                "{} in {}",
                h.len(),
                h.slots.len()
            );
        }
    }
}
