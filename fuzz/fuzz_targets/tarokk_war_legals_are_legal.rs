//! Typed games of tarokk war under both presets (location values varied), from a
//! deal shuffled by a seed in the input: each step plays the k-th listed legal move
//! or tries an arbitrary move. Every listed move passes `check` and plays; the list
//! has no duplicates, holds only moves of the kind awaited, and is empty exactly
//! when the game is over; an arbitrary move is accepted exactly when it is listed;
//! a refused move leaves the game as it was, with the error `check` gave; a
//! finished game refuses every move of the move space.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use tabletop_fuzz::{SplitMix, pick};
use tarokk_war::{Awaiting, Game, Move, Rules};

#[derive(Debug, Arbitrary)]
enum Step {
    Listed(u8),
    Try(Move),
}

#[derive(Debug, Arbitrary)]
struct Input {
    preset: u8,
    location_value: Option<bool>,
    seed: u64,
    steps: Vec<Step>,
}

fuzz_target!(|input: Input| {
    let name = pick(Rules::PRESETS, usize::from(input.preset)).expect("presets");
    let mut rules = Rules::preset(name).expect("a listed preset");
    if let Some(numeral) = input.location_value {
        rules = rules.with_location_value(numeral);
    }
    let mut game = Game::random(rules, &mut SplitMix(input.seed)).expect("a shuffled deal");
    for step in input.steps {
        let legal = game.legal_moves();
        assert_eq!(legal.is_empty(), game.is_over(), "a running game always has a move");
        for (i, &mv) in legal.iter().enumerate() {
            assert!(!legal[i + 1..].contains(&mv), "{mv} listed twice");
            assert_eq!(game.check(mv), Ok(()), "listed {mv} refused by check");
            let kind_ok = matches!(
                (game.awaiting(), mv),
                (Awaiting::Play(_), Move::Play(_))
                    | (Awaiting::Defend(_), Move::Defend(_))
                    | (Awaiting::Attack(_), Move::Attack(_))
            );
            assert!(kind_ok, "{mv} listed while {}", game.awaiting());
        }
        let mv = match step {
            Step::Listed(k) => match pick(&legal, usize::from(k)) {
                Some(mv) => {
                    game.play(mv).unwrap_or_else(|e| panic!("listed {mv} did not play: {e}"));
                    continue;
                }
                None => Move::all().next().expect("96 moves"),
            },
            Step::Try(mv) => mv,
        };
        let listed = legal.contains(&mv);
        let checked = game.check(mv);
        assert_eq!(checked.is_ok(), listed, "{mv}: check says {checked:?}, listed: {listed}");
        assert_eq!(game.is_legal(mv), listed);
        let before = game.clone();
        match game.play(mv) {
            Ok(_) => assert!(listed, "{mv} played but not listed"),
            Err(e) => {
                assert_eq!(Err(e.clone()), checked, "play and check disagree on {mv}");
                assert_eq!(game, before, "a refused {mv} changed the game");
            }
        }
    }
    if game.is_over() {
        for mv in Move::all() {
            assert!(game.check(mv).is_err(), "a finished game accepts {mv}");
        }
    }
});
