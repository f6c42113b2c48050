//! Each game's observation tensor laid out as its module documents it, entry by
//! entry, at known positions (the suite checks sizes and determinism; this
//! checks what the numbers say).

use tabletop::rng::SplitMix64;
use tabletop::{Game, State, Turn, load};

/// hoop_race (`games/hoop_race/observe.rs`): per seat 65 places (waiting, out,
/// then the four routes' steps), the bank of 6 throw kinds, whether a throw or a
/// move is due (2), the mover (4), and whether the order of play is still being
/// settled (1; ruling H9: each player throws before play).
#[cfg(feature = "hoop_race")]
#[test]
fn hoop_race_observation_layout() {
    use rand_core::SeedableRng;
    const PLACES: usize = 65;
    let game = load("hoop_race").unwrap();
    let n = game.info().observation_shape[0];
    assert_eq!(n, 2 * PLACES + 6 + 2 + 4 + 1);
    let mut state = game.new_initial_state();
    let mut out = vec![0.0f32; n];
    state.observation_tensor(0, &mut out);
    let horses = out[0];
    assert!(horses > 0.0, "every horse waiting");
    assert_eq!(out[PLACES], horses);
    let at = 2 * PLACES + 6;
    assert_eq!(out[at..at + 2], [1.0, 0.0], "a throw is due");
    assert_eq!(out[n - 1], 1.0, "the order of play is being settled (H9)");
    // Throw until the first move is due: the order is settled by then.
    let mut rng = SplitMix64::seed_from_u64(1);
    while state.current_player() == Turn::Chance {
        let a = state.sample_chance(&mut rng).unwrap();
        state.apply_action(a).unwrap();
    }
    let Turn::Player(mover) = state.current_player() else {
        panic!("the game ended before its first move");
    };
    state.observation_tensor(0, &mut out);
    assert_eq!(out[at..at + 2], [0.0, 1.0], "a move is due");
    let mut seats = [0.0; 4];
    seats[mover] = 1.0;
    assert_eq!(out[at + 2..at + 6], seats, "the mover");
    assert_eq!(out[n - 1], 0.0, "the order is settled");
    assert!(out[2 * PLACES..at].iter().sum::<f32>() >= 1.0, "a throw in the bank");
}
