//! Keys of what a player has seen: the information-set nodes of both searches
//! (`search` and `puct`) are found by a hash of the actions so far as one player
//! saw them, kept in maps that take those hashes as they are.

use core::hash::Hasher;

/// The token of an action its observer did not see (actions are below 2³²).
pub(super) const HIDDEN: u64 = 0xFFFF_FFFF;

/// A view followed by one more observation (SplitMix64's finaliser).
pub(super) fn mix(key: u64, token: u64) -> u64 {
    let mut z = (key ^ token).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The views' keys are hashes already: the maps use them as they are.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}
