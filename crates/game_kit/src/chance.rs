//! The one uniform draw.

use rand_core::Rng;

/// A uniform integer in `0..n`, exact (Lemire's multiply-shift with rejection):
/// the one uniform draw every random helper of the rules crates makes. Its output
/// for a seed is part of their API: replays and tests depend on it.
///
/// It takes one 32-bit value from `rng`, and more only to reject the few values
/// that would bias the result (never for a power of two). `n = 0` does not panic:
/// it is read as `n = 1` and returns `0` (after taking one value), so that a
/// caller's stream of draws does not depend on whether a list happened to be
/// empty.
///
/// ```
/// use game_kit::below;
/// use rand_core::SeedableRng;
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let die = below(&mut rng, 6) + 1;
/// assert!((1..=6).contains(&die));
/// assert_eq!(below(&mut rng, 0), 0);
/// ```
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    let n = n.max(1);
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    // The low half below `n` is the only place a bias can hide: reject the
    // `2^32 mod n` values that would make some results more likely.
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

#[cfg(test)]
mod tests {
    use super::below;
    use rand_core::{Infallible, SeedableRng, TryRng};

    /// Replays a fixed list of 32-bit values.
    struct Script<'a>(&'a [u32]);

    impl TryRng for Script<'_> {
        type Error = Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Infallible> {
            let (first, rest) = self.0.split_first().expect("the script ran out");
            self.0 = rest;
            Ok(*first)
        }
        fn try_next_u64(&mut self) -> Result<u64, Infallible> {
            unreachable!("below draws 32 bits at a time")
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Infallible> {
            unreachable!("below draws 32 bits at a time")
        }
    }

    #[test]
    fn output_for_a_seed_is_pinned() {
        // Replays of every crate depend on these numbers.
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
        let draws: [u32; 8] = core::array::from_fn(|_| below(&mut rng, 1000));
        assert_eq!(draws, PINNED);
    }

    const PINNED: [u32; 8] = [870, 199, 690, 260, 704, 220, 888, 533];

    #[test]
    fn multiply_shift_takes_the_high_half() {
        // 2^31 · 6 = 3 · 2^32: its low half, 0, is below the threshold
        // 2^32 mod 6 = 4, so the value is rejected and the next one is used.
        let mut rng = Script(&[1 << 31, u32::MAX]);
        assert_eq!(below(&mut rng, 6), 5);
        // No rejection when the low half is at least n.
        let mut rng = Script(&[(1 << 31) + 1]);
        assert_eq!(below(&mut rng, 6), 3);
    }

    #[test]
    fn rejects_exactly_the_biased_values() {
        // n = 3: 2^32 mod 3 = 1, so only a low half of 0 is rejected.
        let mut rng = Script(&[0, 0x5555_5556]);
        assert_eq!(below(&mut rng, 3), 1);
        // A low half of 1 (below n, not below the threshold) is kept:
        // 3 · 0xAAAA_AAAB = 2 · 2^32 + 1.
        let mut rng = Script(&[0xAAAA_AAAB]);
        assert_eq!(below(&mut rng, 3), 2);
    }

    #[test]
    fn powers_of_two_never_reject() {
        for n in [1u32, 2, 4, 1 << 16, 1 << 31] {
            let mut rng = Script(&[0]);
            assert_eq!(below(&mut rng, n), 0, "n = {n}");
        }
    }

    #[test]
    fn zero_is_read_as_one_and_draws_once() {
        let mut rng = Script(&[u32::MAX]);
        assert_eq!(below(&mut rng, 0), 0);
        assert!(rng.0.is_empty());
    }

    #[test]
    fn uniform_over_a_small_range() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        let mut counts = [0u32; 7];
        let n = 70_000;
        for _ in 0..n {
            counts[below(&mut rng, 7) as usize] += 1;
        }
        // Chi-squared with 6 degrees of freedom: 22.46 is the 0.1 % point.
        let expected = f64::from(n) / 7.0;
        let chi2: f64 = counts
            .iter()
            .map(|&c| (f64::from(c) - expected).powi(2) / expected)
            .sum();
        assert!(chi2 < 22.46, "chi-squared {chi2}: {counts:?}");
    }
}
