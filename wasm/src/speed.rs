//! Random playouts for the speed comparison between the browser and the native
//! build: the same code on both sides, timed by the caller.

use rand_core::SeedableRng;
use tabletop::rng::SplitMix64;
use tabletop::{Game, State, load};

/// Plays `count` complete games of `game_string` (OpenSpiel style: `go`,
/// `go(board_size=9)`) from the start with the game's playout policy, seeded;
/// returns the actions taken in all (chance outcomes included).
///
/// # Errors
/// The game string's error, as text.
pub fn random_playouts(game_string: &str, count: u32, seed: u64) -> Result<u64, String> {
    let game = load(game_string).map_err(|e| e.to_string())?;
    let start = game.new_initial_state();
    let mut rng = SplitMix64::seed_from_u64(seed);
    let mut steps = 0u64;
    let mut state = start.clone();
    for _ in 0..count {
        state.clone_from(&start);
        steps += state.play_out(&mut rng, usize::MAX) as u64;
    }
    Ok(steps)
}
