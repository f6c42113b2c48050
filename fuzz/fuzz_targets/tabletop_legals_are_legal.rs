//! Every game through the interface (`tabletop::State`), under every rules
//! preset (Go on small boards too): each step takes the k-th listed action (a
//! decision, or at a chance node an outcome), or tries an arbitrary action id.
//! The list is sorted without duplicates and empty exactly at the end; every
//! listed action passes `check` and is taken; at a chance node the outcomes
//! with their probabilities are the list and sum to 1; an arbitrary action is
//! accepted exactly when it is listed, and a refused one leaves the state as it
//! was with the error `check` gave; a finished game refuses everything. One
//! generic body over the trait, for all five games.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use tabletop::params::{Param, Params};
use tabletop::{Action, Game, NAMES, Prob, State, Turn, load_with, presets};
use tabletop_fuzz::pick;

#[derive(Debug, Arbitrary)]
enum Step {
    /// The k-th listed action.
    Listed(u16),
    /// Any action id at all (mostly near the action space, sometimes anywhere).
    Try(u32),
}

#[derive(Debug, Arbitrary)]
struct Input {
    game: u8,
    preset: u8,
    /// Go's board side, 1 to 9 (small boards end; every size is a board).
    side: u8,
    steps: Vec<Step>,
}

/// At most this many listed actions are each checked at a step (trap stones
/// lists thousands of va-bank declarations): a stride through the list.
const CHECKED: usize = 256;

fn run<G: Game>(game: &G, steps: &[Step]) {
    let mut state = game.new_initial_state();
    let size = |s: &G::State| match s.current_player() {
        Turn::Chance => s.info().max_chance_outcomes,
        _ => s.info().num_distinct_actions,
    };
    for step in steps {
        let legal = state.legal_actions();
        assert!(legal.windows(2).all(|w| w[0] < w[1]), "unsorted or duplicated: {legal:?}");
        assert_eq!(legal.is_empty(), state.is_terminal(), "{legal:?} at {:?}", state.current_player());
        let stride = legal.len().div_ceil(CHECKED).max(1);
        for &a in legal.iter().step_by(stride) {
            assert!((a as usize) < size(&state), "{a} beyond the action space");
            assert_eq!(state.check(a), Ok(()), "listed {a} refused by check");
        }
        if state.is_chance_node() {
            let outcomes = state.chance_outcomes();
            let listed: Vec<Action> = outcomes.iter().map(|&(a, _)| a).collect();
            assert_eq!(listed, legal.to_vec(), "chance outcomes and the list differ");
            let total = outcomes
                .iter()
                .try_fold(Prob::ZERO, |t, &(_, p)| t.checked_add(p))
                .expect("the outcomes' probabilities add up exactly");
            assert_eq!(total, Prob::ONE, "outcomes sum to {total}");
        }
        let action = match *step {
            Step::Listed(k) => match pick(&legal, usize::from(k)) {
                Some(a) => {
                    state
                        .apply_action(a)
                        .unwrap_or_else(|e| panic!("listed {a} was refused: {e}"));
                    continue;
                }
                None => 0,
            },
            // Ids near the space most of the time, so that refusals of real
            // moves are tried, not only ids out of range.
            Step::Try(a) if a & 0x8000_0000 == 0 => a % (size(&state) as u32 + 2),
            Step::Try(a) => a,
        };
        let listed = legal.contains(&action);
        let checked = state.check(action);
        assert_eq!(checked.is_ok(), listed, "{action}: check says {checked:?}, listed: {listed}");
        let before = state.clone();
        match state.apply_action(action) {
            Ok(()) => assert!(listed, "{action} was taken but not listed"),
            Err(e) => {
                assert_eq!(Err(e), checked, "apply and check disagree on {action}");
                assert!(state == before, "a refused {action} changed the state");
            }
        }
    }
    if state.is_terminal() {
        assert!(state.legal_actions().is_empty());
        for a in [0, 1, state.info().num_distinct_actions as Action] {
            assert!(state.check(a).is_err(), "a finished game accepts {a}");
            let before = state.clone();
            assert!(state.apply_action(a).is_err());
            assert!(state == before);
        }
    }
}

fuzz_target!(|input: Input| {
    let name = pick(NAMES, usize::from(input.game)).expect("games");
    let preset = pick(presets(name).expect("a game's presets"), usize::from(input.preset))
        .expect("presets");
    let mut params = Params::new().with("rules", Param::Str(preset.into()));
    if name == "go" {
        params.set("board_size", Param::Int(i64::from(1 + input.side % 9)));
    }
    let game = load_with(name, &params).expect("every preset loads");
    run(&game, &input.steps);
});
