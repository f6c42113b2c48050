//! Zobrist keys: one random 64-bit key per (colour, cell), fixed at compile time so
//! hashes are the same in every run, on every platform.

use crate::board::MAX_CELLS;

/// splitmix64: a small, well-mixed generator, evaluated at compile time.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Entries of each row of [`STONE`]: a power of two at least `MAX_CELLS`, so that
/// a cell index masked to that range needs no bounds check (the light playouts).
pub(crate) const PADDED: usize = 1024;
const _: () = assert!(MAX_CELLS <= PADDED);

/// Keys for the first `MAX_CELLS` cells of each row, zeros after them.
const fn make_keys() -> [[u64; PADDED]; 2] {
    let mut keys = [[0u64; PADDED]; 2];
    let mut state = 0x676F_5F63_6F72_6521; // "go_core!"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < MAX_CELLS {
            let (s, k) = splitmix64(state);
            state = s;
            keys[c][i] = k;
            i += 1;
        }
        c += 1;
    }
    keys
}

/// `STONE[colour index][cell]`: the key of a stone of that colour on that cell.
pub(crate) static STONE: [[u64; PADDED]; 2] = make_keys();

/// Xor-ed into the positional hash to make the situational one when White is to move.
pub(crate) const WHITE_TO_MOVE: u64 = splitmix64(0x5768_6974_6554_6F4D).1;
