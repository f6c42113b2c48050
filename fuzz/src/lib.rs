//! Helpers shared by the fuzz targets.

/// Reads an input one byte at a time, zero once it runs out.
pub struct Bytes<'a>(pub &'a [u8]);

impl Bytes<'_> {
    /// The next byte, or 0.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// Bytes left.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether none are left.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// splitmix64 as a `rand_core` generator: setups and chance drawn from a seed in
/// the input.
pub struct SplitMix(pub u64);

impl rand_core::TryRng for SplitMix {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        self.try_next_u64().map(|v| (v >> 32) as u32)
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Ok(z ^ (z >> 31))
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        for chunk in dst.chunks_mut(8) {
            let v = self.try_next_u64()?.to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
        Ok(())
    }
}

/// The `k`-th element of `list` (taken modulo its length), `None` when it is
/// empty.
pub fn pick<T: Copy>(list: &[T], k: usize) -> Option<T> {
    (!list.is_empty()).then(|| list[k % list.len()])
}
