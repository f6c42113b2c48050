//! `GoState::light_playouts` against the state's own playouts: the same lengths
//! and returns for the same random numbers, from the start and from positions
//! along random games, with the interface's move cap; and `None` wherever the two
//! could differ.

#![cfg(feature = "go")]

use rand_core::SeedableRng;
use tabletop::rng::SplitMix64;
use tabletop::{AnyState, Game, State, load};

fn go_state(game: &str) -> AnyState {
    load(game).unwrap().new_initial_state()
}

fn light(state: &AnyState) -> Option<tabletop::games::go::LightPlayouts> {
    match state {
        AnyState::Go(s) => s.light_playouts(),
        _ => None,
    }
}

#[test]
fn light_playouts_are_the_states_own() {
    for game in [
        "go(board_size=9,playouts=light)",
        "go(board_size=5,playouts=light,rules=chinese)",
        "go(board_size=7,playouts=light,rules=chinese_ogs,max_moves=30)",
        "go(board_size=4,playouts=light,rules=tromp_taylor)",
    ] {
        let mut state = go_state(game);
        let mut walk = SplitMix64::seed_from_u64(9);
        for step in 0..6 {
            let mut bulk = light(&state).unwrap_or_else(|| panic!("{game}: no light path"));
            for seed in 0..20 {
                let mut own = state.clone();
                let n = own.play_out(&mut SplitMix64::seed_from_u64(seed), usize::MAX);
                let m = bulk.run(&mut SplitMix64::seed_from_u64(seed));
                assert_eq!(m, n, "{game} step {step} seed {seed}");
                assert_eq!(
                    bulk.returns(),
                    own.returns(),
                    "{game} step {step} seed {seed}"
                );
            }
            // Move the start along a random game.
            for _ in 0..7 {
                if state.is_terminal() {
                    break;
                }
                state.playout_step(&mut walk);
            }
        }
    }
}

#[test]
fn no_light_path_where_the_result_could_differ() {
    for game in [
        "go(board_size=9)",                                    // heavy playouts
        "go(board_size=9,playouts=light,rules=japanese)",      // territory
        "go(board_size=9,playouts=light,rules=aga_button)",    // the button
        "go(board_size=9,playouts=light,rules=stone_scoring)", // group tax
    ] {
        assert!(light(&go_state(game)).is_none(), "{game}");
    }
}

/// `clone_from` (how the searches restart a playout, reusing buffers) from a
/// state of another configuration gives that state whole: its board, its
/// history and its game's definition (size, rules, action space, playouts).
#[test]
fn clone_from_another_configuration_takes_its_definition() {
    let go = |game: &str| match go_state(game) {
        AnyState::Go(s) => s,
        _ => unreachable!("{game} is Go"),
    };
    let mut walk = SplitMix64::seed_from_u64(3);
    let mut small = go("go(board_size=5,playouts=light)");
    for _ in 0..4 {
        small.playout_step(&mut walk);
    }
    let big = go("go(board_size=9,rules=japanese)");
    for (mut into, from) in [(big.clone(), small.clone()), (small.clone(), big.clone())] {
        into.clone_from(&from);
        assert!(into == from);
        assert_eq!(into.info(), from.info());
        assert_eq!(into.legal_actions(), from.legal_actions());
        assert_eq!(into.observation_string(0), from.observation_string(0));
        assert_eq!(
            light(&AnyState::Go(into)).is_some(),
            light(&AnyState::Go(from)).is_some()
        );
    }
}
