//! The one uniform draw. Ô ăn quan has no chance in its rules; random play (a
//! uniformly random legal move, random playouts) draws through [`below`].

/// A uniform integer in `0..n`, exact: the
/// one uniform draw every random helper of this crate uses
/// ([`Game::random_move`](crate::Game::random_move),
/// [`Game::play_out`](crate::Game::play_out)).
///
/// It is [`game_kit::below`], shared by the rules crates so that they all draw
/// alike: its output for a seed is part of this crate's API (replays and tests
/// depend on it); `n = 0` returns 0 after one draw and never panics.
///
/// ```
/// use rand_core::SeedableRng;
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let k = o_an_quan::below(&mut rng, 10);
/// assert!(k < 10);
/// ```
pub use game_kit::below;
