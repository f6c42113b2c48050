//! Chance (ruling T2: the draws, T3: traps laid at random): the one uniform draw
//! every random helper of this crate uses.

use rand_core::Rng;

/// A uniform integer in `0..n`, exact (Lemire's multiply-shift with rejection).
///
/// This is the one uniform draw every random helper of this crate uses
/// ([`Draws::random`](crate::Draws::random), [`Setup::random`](crate::Setup::random),
/// [`Game::random_move`](crate::Game::random_move),
/// [`Game::playout_move`](crate::Game::playout_move)); its output for a seed is part
/// of the API: replays and tests depend on it. It reads one `u32` from `rng`, and
/// more only when the first falls in the rejected zone.
///
/// `n = 0` does not panic: it is taken as `n = 1`, so the draw returns 0 (and still
/// reads one `u32`).
///
/// ```
/// use rand_core::SeedableRng;
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let k = trap_stones::below(&mut rng, 6);
/// assert!(k < 6);
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
