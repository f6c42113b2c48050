//! States are equal when they are the same game at the same point: a clone is
//! equal, while the same actions under other rules, or another point of the
//! same game, are not.

use rand_core::SeedableRng;
use tabletop::rng::SplitMix64;
use tabletop::{Game, State, Turn, load};

/// Tarokk war under the source's scoring and under numeral scoring, with the
/// same deal and the same cards played: after the deal the two states hold
/// different games (their rules differ), though their histories are the same.
#[cfg(feature = "tarokk_war")]
#[test]
fn tarokk_war_states_under_other_rules_differ() {
    let source = load("tarokk_war").unwrap();
    let numeral = load("tarokk_war(rules=numeral_scoring)").unwrap();
    let mut rng = SplitMix64::seed_from_u64(3);
    let (mut a, mut b) = (source.new_initial_state(), numeral.new_initial_state());
    let mut earlier = Vec::new();
    while !a.is_terminal() {
        let action = match a.current_player() {
            Turn::Chance => a.sample_chance(&mut rng).unwrap(),
            _ => a.legal_actions()[0],
        };
        a.apply_action(action).unwrap();
        b.apply_action(action).unwrap();
        assert_eq!(a.history(), b.history());
        assert_eq!(a, a.clone());
        if a.current_player() != Turn::Chance {
            assert_ne!(a, b, "the same history under other rules");
            assert!(!earlier.contains(&a), "a decision seen before");
            earlier.push(a.clone());
        }
    }
    assert!(
        earlier.len() > 10,
        "compared at {} decisions",
        earlier.len()
    );
}
