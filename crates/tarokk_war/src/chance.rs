//! Chance: the one uniform draw and the shuffles built on it (ruling W2). A game
//! holds no random generator; every shuffle enters as part of the [`Setup`], which
//! [`Setup::random`] draws from any `rand_core` generator through [`below`].
//!
//! [`Setup`]: crate::Setup
//! [`Setup::random`]: crate::Setup::random

use rand_core::Rng;

/// A uniform integer in `0..n`, exact:
/// the one uniform draw every random helper of this crate uses (the shuffles of
/// [`Setup::random`](crate::Setup::random), [`Game::random_move`](crate::Game::random_move)).
///
/// It is [`game_kit::below`], shared by the rules crates so that they all draw
/// alike: its output for a seed is part of this crate's API (replays and tests
/// depend on it); `n = 0` returns 0 after one draw and never panics.
///
/// ```
/// use rand_core::SeedableRng;
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let d = tarokk_war::below(&mut rng, 6);
/// assert!(d < 6);
/// assert_eq!(tarokk_war::below(&mut rng, 0), 0);
/// ```
pub use game_kit::below;

/// Fisher–Yates with exact uniform draws (one [`below`] per position, last first).
pub(crate) fn shuffle<R: Rng + ?Sized, T>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}
