//! Whole hands sown in one step: the tables behind the quiet sowing walks of
//! [`crate::sowing`].
//!
//! Sowing stone by stone is a loop whose length is the hand, and in random play the
//! hand is random: the loop's exit is mispredicted about once a hand, the largest
//! single cost of a move. A hand smaller than the ring changes the counts by a
//! vector that depends only on where it starts, which way it goes and how many
//! stones it holds (−hand where it is picked up, +1 on each square sown); so do the
//! repetition hash (by a sum of keys) and the set of filled squares.
//!
//! - On a ring of 12 squares (the standard board: two players with rows of five;
//!   also three with rows of three, four with rows of two) all 2 × 12 × 12 runs are
//!   in [`RUNS`], a cache line each, with the square after the last stone: a hand
//!   is one table load and one 16-lane vector addition.
//! - On the other rings of up to [`WIDE`] squares the run is computed: its squares
//!   as a bit set, widened to lanes 8 at a time by [`EXPAND`], the hand taken off
//!   the square picked up through [`PICKED`], the hash change from [`KEY_SUMS`].
//!
//! The lane loops are plain Rust; the compiler turns them into SIMD additions
//! where the target has them. Larger hands, larger rings and traced moves go stone
//! by stone; the property tests play the same games both ways.

use crate::board::LANES;
use crate::history::keys;

/// The ring length the table serves.
pub(crate) const RING: usize = 12;

/// Lanes changed by a run: the counts array's first 16 entries.
pub(crate) const RUN_LANES: usize = 16;

/// One hand sown: picked up from `from` and dropped one by one on the next
/// `hand` squares.
#[derive(Clone, Copy)]
#[repr(align(64))] // a cache line each, found by shifts
pub(crate) struct Run {
    /// Added (wrapping) to the counts: −hand at `from`, +1 on each square sown.
    pub(crate) add: [u16; RUN_LANES],
    /// Added (wrapping) to the repetition hash.
    pub(crate) hash: u64,
    /// Ring bits of the squares sown (all filled afterwards).
    pub(crate) filled: u64,
    /// The square after the one the last stone fell on.
    pub(crate) next: u8,
}

/// `RUNS[right][from][hand]`: the run from ring square `from` (indices 12–15 are
/// unused, so that a masked index needs no bounds check) of `hand` stones (0: no
/// change), towards the ring order if `right`.
pub(crate) static RUNS: [[[Run; RING]; RUN_LANES]; 2] = {
    let empty = Run {
        add: [0; RUN_LANES],
        hash: 0,
        filled: 0,
        next: 0,
    };
    let mut table = [[[empty; RING]; RUN_LANES]; 2];
    let mut right = 0;
    while right < 2 {
        let mut from = 0;
        while from < RING {
            let mut hand = 0;
            while hand < RING {
                let mut run = empty;
                run.add[from] = 0u16.wrapping_sub(hand as u16);
                run.hash = 0u64.wrapping_sub((hand as u64).wrapping_mul(keys::SQUARE[from]));
                let mut i = from;
                let mut k = 0;
                while k < hand {
                    i = if right == 1 {
                        (i + 1) % RING
                    } else {
                        (i + RING - 1) % RING
                    };
                    run.add[i] += 1;
                    run.hash = run.hash.wrapping_add(keys::SQUARE[i]);
                    run.filled |= 1 << i;
                    k += 1;
                }
                run.next = if right == 1 {
                    (i + 1) % RING
                } else {
                    (i + RING - 1) % RING
                } as u8;
                table[right][from][hand] = run;
                hand += 1;
            }
            from += 1;
        }
        right += 1;
    }
    table
};

/// Lanes of the computed runs: rings of up to 32 squares.
pub(crate) const WIDE: usize = 32;

/// `EXPAND[b][k]`: bit `k` of byte `b`, as a lane.
pub(crate) static EXPAND: [[u16; 8]; 256] = {
    let mut table = [[0u16; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        while k < 8 {
            table[b][k] = (b >> k & 1) as u16;
            k += 1;
        }
        b += 1;
    }
    table
};

/// `KEY_SUMS[i]`: the sum of the square keys of ring indices below `i`.
pub(crate) static KEY_SUMS: [u64; LANES] = {
    let mut table = [0u64; LANES];
    let mut i = 0;
    while i + 1 < LANES {
        table[i + 1] = table[i].wrapping_add(keys::SQUARE[i]);
        i += 1;
    }
    table
};

/// `PICKED[i]`: all ones in lane `i`, else zero (masks the hand subtracted from
/// the square picked up; a table, because a lane-by-lane comparison with `i` did
/// not reliably compile to 16-bit vector comparisons).
pub(crate) static PICKED: [[u16; WIDE]; WIDE] = {
    let mut table = [[0u16; WIDE]; WIDE];
    let mut i = 0;
    while i < WIDE {
        table[i][i] = u16::MAX;
        i += 1;
    }
    table
};
