//! The positions at the start of each turn (ruling Q9): kept as compact snapshots,
//! they count repetitions exactly and let a game undo moves.
//!
//! A snapshot is the whole position as 16-bit words: the ring's counts, the quan
//! still on it, the player to move, stores, quan taken and loans. A hash of it
//! finds earlier candidates in an open-addressed table; each candidate is compared
//! word for word, so a hash collision can never end a game.

use alloc::vec::Vec;

use crate::board::Player;
use crate::position::Position;

/// Snapshots and the table that finds equal ones.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct History {
    /// Snapshots one after another, `width` words each.
    words: Vec<u16>,
    width: usize,
    /// Open addressing: 0 is empty, else hash's top 32 bits and snapshot index + 1.
    slots: Vec<u64>,
}

impl Clone for History {
    fn clone(&self) -> History {
        History {
            words: self.words.clone(),
            width: self.width,
            slots: self.slots.clone(),
        }
    }

    fn clone_from(&mut self, source: &History) {
        self.words.clone_from(&source.words);
        self.width = source.width;
        self.slots.clone_from(&source.slots);
    }
}

impl History {
    /// How many kept positions equal the last one (0 if none is kept).
    pub(crate) fn occurrences_of_last(&self) -> u32 {
        let n = self.len();
        if n == 0 {
            return 0;
        }
        let last = &self.words[(n - 1) * self.width..];
        self.words
            .chunks_exact(self.width)
            .filter(|w| *w == last)
            .count() as u32
    }

    /// How many positions are kept.
    pub(crate) fn len(&self) -> usize {
        self.words.len().checked_div(self.width).unwrap_or(0)
    }

    /// Forgets everything, keeping the memory.
    pub(crate) fn clear(&mut self) {
        self.words.clear();
        self.slots.iter_mut().for_each(|s| *s = 0);
    }

    /// Keeps `pos` and says how many times it has now occurred (1 the first time).
    pub(crate) fn record(&mut self, pos: &Position) -> u32 {
        let start = self.words.len();
        encode(pos, &mut self.words);
        self.width = self.words.len() - start;
        let index = start / self.width;
        if (index + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let hash = hash_words(&self.words[start..]);
        let tag = hash >> 32;
        let mask = self.slots.len() - 1;
        let mut slot = hash as usize & mask;
        let mut seen = 1;
        loop {
            let entry = self.slots[slot];
            if entry == 0 {
                self.slots[slot] = tag << 32 | (index as u64 + 1);
                return seen;
            }
            if entry >> 32 == tag {
                let other = (entry as u32 - 1) as usize * self.width;
                if self.words[other..other + self.width] == self.words[start..] {
                    seen += 1;
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Puts snapshot `index` back into `pos` (same game, so same ring and owners)
    /// and forgets every later snapshot.
    pub(crate) fn rewind(&mut self, index: usize, pos: &mut Position) {
        let w = &self.words[index * self.width..(index + 1) * self.width];
        decode(w, pos);
        self.words.truncate((index + 1) * self.width);
        self.rehash();
    }

    fn grow(&mut self) {
        let cap = (self.slots.len() * 2).max(64);
        self.slots.clear();
        self.slots.resize(cap, 0);
        self.rehash_upto(self.len().saturating_sub(1));
    }

    fn rehash(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = 0);
        self.rehash_upto(self.len());
    }

    /// Enters snapshots `0..count` into empty slots.
    fn rehash_upto(&mut self, count: usize) {
        let mask = self.slots.len() - 1;
        for index in 0..count {
            let hash = hash_words(&self.words[index * self.width..(index + 1) * self.width]);
            let mut slot = hash as usize & mask;
            while self.slots[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = (hash >> 32) << 32 | (index as u64 + 1);
        }
    }
}

/// Appends the words of `pos` (everything but ownership, fixed for a game, and the
/// stones collected at the end, always zero at the start of a turn).
fn encode(pos: &Position, out: &mut Vec<u16>) {
    let b = &pos.board;
    let n = b.players();
    out.extend_from_slice(&b.counts[..b.len()]);
    let stride = b.row_len() + 1;
    let quan = (0..n).fold(0u16, |acc, p| {
        acc | (((b.quan >> (p * stride)) & 1) as u16) << p
    });
    out.push(quan);
    out.push(pos.to_move.index() as u16);
    out.extend_from_slice(&pos.stores[..n]);
    for p in 0..n {
        out.push(u16::from(pos.quan_taken[p]));
        out.push(pos.loans[p] as u16);
        out.push((pos.loans[p] >> 16) as u16);
    }
}

fn decode(w: &[u16], pos: &mut Position) {
    let n = pos.board.players();
    let len = pos.board.len();
    let stride = pos.board.row_len() + 1;
    pos.board.counts[..len].copy_from_slice(&w[..len]);
    pos.board.quan = (0..n).fold(0u64, |acc, p| {
        acc | u64::from(w[len] >> p & 1) << (p * stride)
    });
    pos.to_move = Player::new(w[len + 1] as usize).unwrap_or(Player::A);
    pos.stores[..n].copy_from_slice(&w[len + 2..len + 2 + n]);
    for p in 0..n {
        let k = len + 2 + n + 3 * p;
        pos.quan_taken[p] = w[k] as u8;
        pos.loans[p] = (u32::from(w[k + 1]) | u32::from(w[k + 2]) << 16) as i32;
        pos.collected[p] = 0;
    }
}

/// A fast 64-bit hash of a snapshot (multiply–rotate over 64-bit groups).
fn hash_words(words: &[u16]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = words.len() as u64;
    let mut chunks = words.chunks_exact(4);
    for c in &mut chunks {
        let v =
            u64::from(c[0]) | u64::from(c[1]) << 16 | u64::from(c[2]) << 32 | u64::from(c[3]) << 48;
        h = (h.rotate_left(5) ^ v).wrapping_mul(K);
    }
    for &v in chunks.remainder() {
        h = (h.rotate_left(5) ^ u64::from(v)).wrapping_mul(K);
    }
    // Final mix so the low bits (the slot) depend on every word.
    h ^= h >> 29;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^ h >> 32
}
