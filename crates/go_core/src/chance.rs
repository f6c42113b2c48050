//! Chance: the one uniform draw every random helper of this crate uses.

/// A uniform integer in `0..n`, exact:
/// the one uniform draw every random helper of this crate uses
/// ([`Game::random_move`](crate::Game::random_move),
/// [`Game::playout_move`](crate::Game::playout_move),
/// [`Game::play_out`](crate::Game::play_out),
/// [`handicap::nigiri_random`](crate::handicap::nigiri_random)).
///
/// It is [`game_kit::below`], shared by the rules crates so that they all draw
/// alike: its output for a seed is part of this crate's API (replays and tests
/// depend on it); `n = 0` returns 0 after one draw and never panics.
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
pub use game_kit::below;
