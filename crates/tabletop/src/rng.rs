//! A small seeded generator (SplitMix64) for the suite and the bots, so that
//! both are reproducible without a dependency. Any `rand_core::Rng` works where
//! the interface takes one; this one is what the crate itself seeds.

use rand_core::{SeedableRng, TryRng};

/// SplitMix64 (Steele, Lea and Flood): 64 bits of state, every output a mix of
/// a Weyl sequence. Fast and good enough for playouts and tests; not
/// cryptographic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The generator seeded with `seed` (the same as `seed_from_u64`).
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    fn step(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl TryRng for SplitMix64 {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok((self.step() >> 32) as u32)
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(self.step())
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for chunk in dst.chunks_mut(8) {
            let v = self.step().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
        Ok(())
    }
}

impl SeedableRng for SplitMix64 {
    type Seed = [u8; 8];
    fn from_seed(seed: [u8; 8]) -> SplitMix64 {
        SplitMix64(u64::from_le_bytes(seed))
    }
    fn seed_from_u64(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }
}

/// A uniform draw from `0..n`: the game crates' own ([`game_kit::below`]), so
/// that the interface draws as they do.
pub use game_kit::below;

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::Rng;

    #[test]
    fn splitmix64_matches_the_reference_output() {
        // The reference implementation seeded with 0 gives 0xE220A8397B1DCDAF,
        // 0x6E789E6AA1B965F4, 0x06C45D188009454F.
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(r.next_u64(), 0x06C4_5D18_8009_454F);
    }
}
