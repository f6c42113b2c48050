//! Chance: the one uniform draw every random helper of this crate uses.

use rand_core::Rng;

/// A uniform integer in `0..n`, exact (Lemire's multiply-shift with rejection):
/// the one uniform draw every random helper of this crate uses
/// ([`Game::random_move`](crate::Game::random_move),
/// [`Game::playout_move`](crate::Game::playout_move),
/// [`Game::play_out`](crate::Game::play_out),
/// [`handicap::nigiri_random`](crate::handicap::nigiri_random)). Its output for a
/// seed is part of the API: replays and tests depend on it.
///
/// It takes one 32-bit value from `rng`, and more only to reject the few values
/// that would bias the result (never for a power of two). `n = 0` does not panic:
/// it is read as `n = 1` and returns `0` (after taking one value).
///
/// ```
/// use go_core::below;
/// use rand_core::SeedableRng;
/// use rand_pcg::Pcg64Mcg;
/// let mut rng = Pcg64Mcg::seed_from_u64(1);
/// let die = below(&mut rng, 6) + 1;
/// assert!((1..=6).contains(&die));
/// assert_eq!(below(&mut rng, 0), 0);
/// ```
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    let n = n.max(1);
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}
