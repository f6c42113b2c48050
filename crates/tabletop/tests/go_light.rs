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

/// `Go::state_of` (how the GTP engine hands its game to the search): the game
/// as it stands, its moves as the history, and a move cap of four times the
/// points or the moves so far and the points again, whichever is more; light
/// playouts only when asked.
#[test]
fn a_game_as_it_stands_becomes_a_state() {
    use go_core::{Color, Game as GoGame, Move, Point, Rules, Setup};
    use tabletop::games::go::Go;
    let mut game = GoGame::new(Rules::chinese(), Setup::new(7, 9)).unwrap();
    assert_eq!(Go::state_of(&game).info().max_game_length, 4 * 63);
    game.play(Move::Play(Point::new(3, 4).unwrap())).unwrap();
    game.play(Move::Pass).unwrap();
    let state = Go::state_of(&game);
    assert!(*state.game() == game);
    assert_eq!(state.history().len(), 2);
    assert_eq!(state.current_player(), tabletop::Turn::Player(0));
    assert_eq!(game.to_move(), Color::Black);
    assert!(state.light_playouts().is_none(), "heavy playouts");
    assert!(
        Go::state_with_playouts(&game, false)
            .light_playouts()
            .is_some()
    );
    // The state's parameters name the policy.
    for (heavy, name) in [(true, "heavy"), (false, "light")] {
        let state = Go::state_with_playouts(&game, heavy);
        let described = state.info().params.get("playouts").and_then(|p| p.as_str());
        assert_eq!(described, Some(name));
    }
    // Actions are the points row by row, then the pass; points off the board
    // (a column or row past the edge) have none.
    assert_eq!(
        state.move_to_action(Move::Play(Point::new(3, 4).unwrap())),
        Some(4 * 7 + 3)
    );
    assert_eq!(state.move_to_action(Move::Pass), Some(63));
    for (c, r) in [(7, 0), (0, 9), (7, 9)] {
        let off = Move::Play(Point::new(c, r).unwrap());
        assert_eq!(state.move_to_action(off), None, "{off}");
    }
    assert_eq!(
        state.action_to_move(31),
        Some(Move::Play(Point::new(3, 4).unwrap()))
    );
    assert_eq!(state.action_to_move(63), Some(Move::Pass));
    for past in [64, 70, 1000] {
        assert_eq!(state.action_to_move(past), None, "{past}");
    }
    // A long game: its moves so far and the points again.
    // Three kos under simple ko (Japanese rules): the six moves of the cycle
    // bring back the starting board, again and again.
    let triple_ko = "
        . X O .
        X O . O
        . X O .
        . . . .
        . X O .
        X . X O
        . X O .
        . . . .
        . X O .
        X O . O
        . X O .
    ";
    let setup = Setup::from_diagram(triple_ko, Color::Black).unwrap();
    let mut long = GoGame::new(Rules::japanese(), setup).unwrap();
    for _ in 0..25 {
        for p in ["C2", "B6", "C10", "B2", "C6", "B10"] {
            long.play(Move::Play(p.parse().unwrap())).unwrap();
        }
    }
    let n = long.move_count();
    assert_eq!(n, 150);
    // More than four times the 44 points: the moves so far and the points.
    assert_eq!(Go::state_of(&long).info().max_game_length, 150 + 44);
}
