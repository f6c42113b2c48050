//! Action spaces as the game modules document them, against counts made
//! here independently.

use tabletop::{Game, load};

/// The 8-connected sets of 1 to 4 cells of a `w` × `h` board, counted by
/// trying every set of up to four cells.
fn connected_sets_up_to_four(w: i32, h: i32) -> usize {
    let cells: Vec<(i32, i32)> = (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).collect();
    let touch = |a: (i32, i32), b: (i32, i32)| (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1;
    let connected = |set: &[(i32, i32)]| {
        let mut reached = vec![set[0]];
        let mut grew = true;
        while grew {
            grew = false;
            for &c in set {
                if !reached.contains(&c) && reached.iter().any(|&r| touch(r, c)) {
                    reached.push(c);
                    grew = true;
                }
            }
        }
        reached.len() == set.len()
    };
    let n = cells.len();
    let mut count = n;
    for a in 0..n {
        for b in a + 1..n {
            count += usize::from(connected(&[cells[a], cells[b]]));
            for c in b + 1..n {
                count += usize::from(connected(&[cells[a], cells[b], cells[c]]));
                for d in c + 1..n {
                    count += usize::from(connected(&[cells[a], cells[b], cells[c], cells[d]]));
                }
            }
        }
    }
    count
}

/// trap_stones (`games/trap_stones/actions.rs`): with `N` cells, `4N + 1`
/// actions (traps, stones, scarecrows, stakes, declining) and then one per
/// va-bank group (ruling T6: 1 to 4 cells, 8-connected).
#[cfg(feature = "trap_stones")]
#[test]
fn trap_stones_has_an_action_for_every_va_bank_group() {
    // Two by two: every set of its cells touches (4 + 6 + 4 + 1).
    assert_eq!(connected_sets_up_to_four(2, 2), 15);
    // One row: runs only (3 + 2 + 1).
    assert_eq!(connected_sets_up_to_four(3, 1), 6);
    for (w, h) in [(2, 2), (3, 2), (4, 3), (5, 4), (6, 5)] {
        let game = load(&format!("trap_stones(width={w},height={h})")).unwrap();
        let n = (w * h) as usize;
        assert_eq!(
            game.info().num_distinct_actions,
            4 * n + 1 + connected_sets_up_to_four(w, h),
            "{w}×{h}"
        );
    }
}

/// trap_stones' draws read by their names or as 0 and 1, and nothing else
/// (`games/trap_stones/mod.rs`: the draws' notation).
#[cfg(feature = "trap_stones")]
#[test]
fn trap_stones_draws_read_their_names_and_numbers_only() {
    use tabletop::State;
    let mut s = load("trap_stones").unwrap().new_initial_state();
    let names = [
        ["side 1 moves first", "side 2 moves first"],
        ["axis stone dark", "axis stone light"],
        ["side stone dark", "side stone light"],
    ];
    for [zero, one] in names {
        assert_eq!(s.string_to_action(zero), Ok(0));
        assert_eq!(s.string_to_action(&one.to_uppercase()), Ok(1));
        assert_eq!(s.string_to_action(" 0 "), Ok(0));
        assert_eq!(s.string_to_action("1"), Ok(1));
        for wrong in ["2", "", "dark", "side 3 moves first", "10"] {
            assert!(s.string_to_action(wrong).is_err(), "{wrong:?}");
        }
        s.apply_action(1).unwrap();
    }
}

/// tarokk_war's chance outcomes: who deals first, then each card dealt as
/// `deal CARD`, read back to its action.
#[cfg(feature = "tarokk_war")]
#[test]
fn tarokk_war_deals_read_as_deals() {
    use tabletop::{State, Turn};
    let mut s = load("tarokk_war").unwrap().new_initial_state();
    let name = |s: &tabletop::AnyState, a| s.action_to_string(Turn::Chance, a);
    assert_eq!(name(&s, 0), "player one deals first");
    assert_eq!(name(&s, 1), "player two deals first");
    s.apply_action(1).unwrap();
    let mut dealt = 0;
    while s.current_player() == Turn::Chance {
        let outcomes = s.legal_actions();
        for &a in &outcomes {
            let text = name(&s, a);
            assert!(text.starts_with("deal "), "{text}");
            assert_eq!(s.string_to_action(&text), Ok(a), "{text}");
        }
        s.apply_action(outcomes[0]).unwrap();
        dealt += 1;
    }
    assert!(dealt > 30, "{dealt} cards dealt");
}

/// o_an_quan: an action is a square and a direction, and the move of every
/// legal action reads back to it (`move_to_action`), for two to four players.
#[cfg(feature = "o_an_quan")]
#[test]
fn o_an_quan_moves_and_actions_agree() {
    use rand_core::SeedableRng;
    use tabletop::{AnyState, State};
    let mut rng = tabletop::rng::SplitMix64::seed_from_u64(6);
    for players in 2..=4 {
        let game = load(&format!("o_an_quan(players={players})")).unwrap();
        let mut state = game.new_initial_state();
        let mut checked = 0;
        while checked < 200 {
            if state.is_terminal() {
                state = game.new_initial_state();
            }
            let AnyState::OAnQuan(s) = &state else {
                unreachable!("Ô ăn quan")
            };
            for a in s.legal_actions() {
                let mv = s.action_to_move(a).unwrap();
                assert_eq!(s.move_to_action(mv), Some(a), "{mv}");
                assert_eq!(s.action_to_string(s.current_player(), a), mv.to_string());
                checked += 1;
            }
            state.playout_step(&mut rng);
        }
    }
}
