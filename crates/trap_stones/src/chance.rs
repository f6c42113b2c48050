//! Chance (ruling T2: the draws, T3: traps laid at random): the one uniform draw
//! every random helper of this crate uses.

/// A uniform integer in `0..n`, exact: the one uniform draw every random helper of
/// this crate uses ([`Draws::random`](crate::Draws::random),
/// [`Setup::random`](crate::Setup::random),
/// [`Game::random_move`](crate::Game::random_move),
/// [`Game::playout_move`](crate::Game::playout_move)).
///
/// It is [`game_kit::below`], shared by the rules crates so that they all draw
/// alike: its output for a seed is part of this crate's API (replays and tests
/// depend on it); `n = 0` returns 0 after one draw and never panics.
///
/// ```
/// use rand_core::SeedableRng;
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let k = trap_stones::below(&mut rng, 6);
/// assert!(k < 6);
/// ```
pub use game_kit::below;
