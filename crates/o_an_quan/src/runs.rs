//! Whole hands sown in one step on a ring of 12 squares (the standard board: two
//! players with rows of five; also three players with rows of three, four with rows
//! of two).
//!
//! Sowing stone by stone is a loop whose length is the hand, and in random play the
//! hand is random: the loop's exit is mispredicted about once a hand, the largest
//! single cost of a move. On a ring of 12, a hand of fewer than 12 stones changes
//! the counts by a fixed vector that depends only on where it starts, which way it
//! goes and how many stones it holds; so does the repetition hash (by a fixed sum of
//! keys) and the set of filled squares. [`RUNS`] holds all 2 × 12 × 12 of them:
//! the move adds one vector of 16 lanes to the counts (two SIMD additions where the
//! target has them; the compiler vectorises the plain loop), with no branch.
//! Larger hands and other rings sow stone by stone ([`crate::sowing`]); the
//! property tests play the same games both ways.

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
