//! Returns at known ends: a game's leaders share the win and the others share the
//! loss, so the returns sum to zero however many lead.

use tabletop::{AnyGame, State, load};

/// Ô ăn quan with three or four players: an ended position (no quan on the
/// ring, nothing left to sow) whose totals tie two or three leaders.
#[cfg(feature = "o_an_quan")]
#[test]
fn o_an_quans_leaders_share_the_win() {
    use o_an_quan::{Player, Setup};
    let empty_row = " 0 0 0 0 0";
    // (players, each one's captured stones, the returns)
    for (players, stores, returns) in [
        (3, &[30, 30, 15][..], &[0.5, 0.5, -1.0][..]),
        (3, &[30, 15, 30][..], &[0.5, -1.0, 0.5][..]),
        (
            4,
            &[20, 20, 20, 5][..],
            &[1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0, -1.0][..],
        ),
        (4, &[20, 5, 20, 5][..], &[0.5, -0.5, 0.5, -0.5][..]),
        (4, &[20, 20, 20, 20][..], &[0.0; 4][..]),
    ] {
        let AnyGame::OAnQuan(game) = load(&format!("o_an_quan(players={players})")).unwrap() else {
            unreachable!("Ô ăn quan")
        };
        let ring = format!("(){empty_row}").repeat(players);
        let mut setup = Setup::new(ring.parse().unwrap(), Player::A);
        setup.stores = stores.to_vec();
        setup.quan_taken = vec![1; players];
        let state = game.state_with_setup(setup).unwrap();
        assert!(state.is_terminal(), "{players} players, {stores:?}");
        let got = state.returns().to_vec();
        assert_eq!(got.len(), players);
        for (g, want) in got.iter().zip(returns) {
            assert!(
                (g - want).abs() < 1e-12,
                "{stores:?}: {got:?}, not {returns:?}"
            );
        }
        assert_eq!(
            state.scores().to_vec(),
            stores
                .iter()
                .map(|&s| f64::from(s) + 10.0)
                .collect::<Vec<_>>(),
            "stones plus a quan worth ten"
        );
    }
}

/// Hoop race with three sides: played for places (ruling H10's option), the
/// returns fall by place (1, 0, −1); played for the win alone, the winner
/// takes 1 and the others share the loss (−½ each).
#[cfg(feature = "hoop_race")]
#[test]
fn hoop_races_returns_follow_places_or_the_winner() {
    use rand_core::SeedableRng;
    use tabletop::Game;
    for (name, want) in [
        (
            "hoop_race(players=3,play_for_places=true)",
            [-1.0, 0.0, 1.0],
        ),
        ("hoop_race(players=3)", [-0.5, -0.5, 1.0]),
    ] {
        let game = load(name).unwrap();
        let mut rng = tabletop::rng::SplitMix64::seed_from_u64(8);
        for _ in 0..5 {
            let mut state = game.new_initial_state();
            state.play_out(&mut rng, usize::MAX);
            assert!(state.is_terminal());
            let mut got = state.returns().to_vec();
            got.sort_by(f64::total_cmp);
            assert_eq!(got, want, "{name}");
            // Ended by the race, not by the action cap: the picture says so.
            let picture = state.observation_string(0);
            assert!(!picture.contains("action cap"), "{picture}");
            // Over: an action is refused as coming after the end, not as a
            // move when a throw is due.
            for action in [0, 1] {
                assert_eq!(state.check(action), Err(tabletop::ActionError::Terminal));
                assert_eq!(
                    state.apply_action(action),
                    Err(tabletop::ActionError::Terminal)
                );
            }
        }
    }
}

/// A hoop race stopped at its action cap is a draw, and its picture says so.
#[cfg(feature = "hoop_race")]
#[test]
fn a_capped_hoop_race_is_a_draw_and_says_so() {
    use rand_core::SeedableRng;
    use tabletop::Game;
    let game = load("hoop_race(max_actions=12)").unwrap();
    let mut state = game.new_initial_state();
    let mut rng = tabletop::rng::SplitMix64::seed_from_u64(3);
    // Under way, nothing about a cap.
    state.play_out(&mut rng, 6);
    let picture = state.observation_string(0);
    assert!(!picture.contains("action cap"), "{picture}");
    state.play_out(&mut rng, usize::MAX);
    assert!(state.is_terminal());
    assert_eq!(state.history().len(), 12);
    assert_eq!(state.returns().to_vec(), [0.0, 0.0]);
    let picture = state.observation_string(1);
    assert!(
        picture.ends_with("stopped at the action cap: a draw\n"),
        "{picture}"
    );
}

/// Go's scores are each colour's area, White's with the komi added: an empty
/// board passed out scores 0 to komi, one black stone the whole board.
#[cfg(feature = "go")]
#[test]
fn go_scores_add_the_komi_to_white() {
    use tabletop::Game;
    for (komi, moves, want) in [
        ("7.5", "pass pass", [0.0, 7.5]),
        ("6.5", "E5 pass pass", [81.0, 6.5]),
        ("-3", "pass E5 pass pass", [0.0, 81.0 - 3.0]),
    ] {
        let game = load(&format!("go(board_size=9,komi={komi})")).unwrap();
        let mut state = game.new_initial_state();
        for mv in moves.split(' ') {
            let a = state.string_to_action(mv).unwrap();
            state.apply_action(a).unwrap();
        }
        assert!(state.is_terminal(), "{moves}");
        assert_eq!(state.scores().to_vec(), want, "komi {komi}: {moves}");
    }
}
