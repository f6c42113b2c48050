//! States are equal when they are the same game at the same point: a clone is
//! equal, while the same actions under other rules, or another point of the
//! same game, are not.

use rand_core::SeedableRng;
use tabletop::rng::SplitMix64;
use tabletop::{Game, State, Turn, load};

/// Plays a random game of `a` (chance by its probabilities, decisions the
/// first legal action) and the same actions in `b` (other rules of the same
/// game) while `b` takes them. At every decision from `b`'s `from`-th action
/// on, the two states differ, though their histories are the same; each
/// state equals its clone and none of the states before it. The number of
/// decisions compared.
fn check_other_rules_differ(a: &str, b: &str, from: usize, seed: u64) -> usize {
    let mut rng = SplitMix64::seed_from_u64(seed);
    let (mut a, mut b) = (
        load(a).unwrap().new_initial_state(),
        load(b).unwrap().new_initial_state(),
    );
    let mut earlier = Vec::new();
    while !a.is_terminal() {
        let action = match a.current_player() {
            Turn::Chance => a.sample_chance(&mut rng).unwrap(),
            _ => a.legal_actions()[0],
        };
        a.apply_action(action).unwrap();
        if b.apply_action(action).is_err() {
            break;
        }
        assert_eq!(a.history(), b.history());
        assert_eq!(a, a.clone());
        if a.current_player() != Turn::Chance && a.history().len() >= from {
            assert_ne!(a, b, "the same history under other rules");
            assert!(!earlier.contains(&a), "a decision seen before");
            earlier.push(a.clone());
        }
    }
    earlier.len()
}

/// Tarokk war under the source's scoring and under numeral scoring, with the
/// same deal and the same cards played: the two states hold different games
/// (their rules differ). Before the deal is done (80 chance outcomes) neither
/// holds a game yet.
#[cfg(feature = "tarokk_war")]
#[test]
fn tarokk_war_states_under_other_rules_differ() {
    let compared =
        check_other_rules_differ("tarokk_war", "tarokk_war(rules=numeral_scoring)", 80, 3);
    assert!(compared > 10, "compared at {compared} decisions");
}

/// Go with the same moves under another komi, or on another board (the same
/// action numbers name other points).
#[cfg(feature = "go")]
#[test]
fn go_states_under_other_rules_differ() {
    for other in [
        "go(board_size=9,komi=6.5)",
        "go(board_size=7)",
        "go(board_size=9,rules=japanese)",
    ] {
        let compared = check_other_rules_differ("go(board_size=9)", other, 0, 1);
        assert!(compared > 5, "{other}: compared at {compared} decisions");
    }
}

/// Hoop race with the same throws and moves under yut nori's rules.
#[cfg(feature = "hoop_race")]
#[test]
fn hoop_race_states_under_other_rules_differ() {
    for seed in 0..4 {
        let compared = check_other_rules_differ("hoop_race", "hoop_race(rules=yut_nori)", 0, seed);
        assert!(
            compared > 0,
            "seed {seed}: compared at {compared} decisions"
        );
    }
}

/// Ô ăn quan with the same moves under the common rules, or with another
/// move limit: the same history, another game.
#[cfg(feature = "o_an_quan")]
#[test]
fn o_an_quan_states_under_other_rules_differ() {
    for other in ["o_an_quan(rules=common)", "o_an_quan(move_limit=300)"] {
        let compared = check_other_rules_differ("o_an_quan", other, 0, 2);
        assert!(compared > 5, "{other}: compared at {compared} decisions");
    }
}

/// Trap stones with teams (ruling T11) and without: the same (empty) history,
/// other players, so other states.
#[cfg(feature = "trap_stones")]
#[test]
fn trap_stones_states_with_other_teams_differ() {
    let tabletop::AnyGame::TrapStones(game) = load("trap_stones").unwrap() else {
        unreachable!("trap stones")
    };
    let solo = game.new_initial_state();
    let teams = game.state_with_members([2, 3]).unwrap();
    assert_eq!(solo.history(), teams.history());
    assert_ne!(solo, teams);
    assert_eq!(teams, game.state_with_members([2, 3]).unwrap());
}
