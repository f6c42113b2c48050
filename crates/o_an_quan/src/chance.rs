//! The one uniform draw. Ô ăn quan has no chance in its rules; random play (a
//! uniformly random legal move, random playouts) draws through [`below`].

use rand_core::Rng;

/// A uniform integer in `0..n`, exact (Lemire's multiply-shift with rejection): the
/// one uniform draw every random helper of this crate uses
/// ([`Game::random_move`](crate::Game::random_move),
/// [`Game::play_out`](crate::Game::play_out)). Its output for a seed is part of the
/// API: replays and tests depend on it.
///
/// For `n = 0` it returns 0, as for `n = 1` (and draws once): no panic.
///
/// ```
/// use rand_core::SeedableRng;
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let k = o_an_quan::below(&mut rng, 10);
/// assert!(k < 10);
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
