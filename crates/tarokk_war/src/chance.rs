//! Chance: the one uniform draw and the shuffles built on it (ruling W2). A game
//! holds no random generator; every shuffle enters as part of the [`Setup`], which
//! [`Setup::random`] draws from any `rand_core` generator through [`below`].
//!
//! [`Setup`]: crate::Setup
//! [`Setup::random`]: crate::Setup::random

use rand_core::Rng;

/// A uniform integer in `0..n`, exact (Lemire's multiply-shift with rejection):
/// the one uniform draw every random helper of this crate uses (the shuffles of
/// [`Setup::random`](crate::Setup::random), [`Game::random_move`](crate::Game::random_move)).
/// Its output for a seed is part of the API: replays and tests depend on it.
///
/// For `n = 0` it returns 0 (and still consumes one draw, as for `n = 1`); it never
/// panics.
///
/// ```
/// use rand_core::SeedableRng;
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let d = tarokk_war::below(&mut rng, 6);
/// assert!(d < 6);
/// assert_eq!(tarokk_war::below(&mut rng, 0), 0);
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

/// Fisher–Yates with exact uniform draws (one [`below`] per position, last first).
pub(crate) fn shuffle<R: Rng + ?Sized, T>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}
