//! Typed games of trap stones under every preset with the stake rule and board
//! size varied, from arbitrary draws, traps and teams (or a setup drawn from a
//! seed when those do not suit the rules): each step plays the k-th listed legal
//! move or tries an arbitrary move. Listed moves (a sample of them on long lists,
//! all of them on short ones) pass `check` and are in the list by `contains`; the
//! k-th plays; an arbitrary move is accepted exactly when the list `contains` it
//! (and, on short lists, exactly when listing finds it); a refused move leaves the
//! game as it was, with the error `check` gave; a finished game lists nothing and
//! refuses everything.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use tabletop_fuzz::{SplitMix, pick};
use trap_stones::{Cell, Draws, Game, Move, Rules, Setup, Stake, Traps};

#[derive(Debug, Arbitrary)]
enum Step {
    Listed(u32),
    Try(Move),
}

#[derive(Debug, Arbitrary)]
struct Input {
    preset: u8,
    /// 0: the preset's stake rule, 1: off, 2: optional, 3: compulsory.
    stake: u8,
    /// Some: a board of (5 + w % 8) × (5 + h % 8).
    size: Option<(u8, u8)>,
    draws: Draws,
    traps: [Traps; 2],
    members: [u8; 2],
    seed: u64,
    steps: Vec<Step>,
}

/// The listed moves to check at this step: all of a short list, else a sample.
fn sample(len: usize, salt: usize) -> Vec<usize> {
    if len <= 256 {
        (0..len).collect()
    } else {
        (0..16).map(|i| (i * len / 16 + salt) % len).chain([len - 1]).collect()
    }
}

fuzz_target!(|input: Input| {
    let name = pick(Rules::PRESETS, usize::from(input.preset)).expect("presets");
    let mut rules = Rules::preset(name).expect("a listed preset");
    match input.stake % 4 {
        1 => rules = rules.with_stake(Stake::Off),
        2 => rules = rules.with_stake(Stake::Optional),
        3 => rules = rules.with_stake(Stake::Compulsory),
        _ => {}
    }
    if let Some((w, h)) = input.size {
        let sized = rules.with_size(5 + w % 8, 5 + h % 8);
        if sized.validate().is_ok() {
            rules = sized;
        }
    }
    let mut setup = Setup::new(input.draws, input.traps);
    setup.members = input.members.map(|m| 1 + m % 3);
    let mut game = match Game::new(rules, setup) {
        Ok(g) => g,
        Err(_) => match Game::random(rules, &mut SplitMix(input.seed)) {
            Ok(g) => g,
            Err(e) => panic!("a random setup under valid rules {name}: {e}"),
        },
    };
    for (n, step) in input.steps.into_iter().enumerate() {
        let legal = game.legal_moves();
        let len = legal.len();
        assert_eq!(len == 0, game.is_over(), "a running game always has a move");
        for k in sample(len, n) {
            let mv = legal.get(k).unwrap_or_else(|| panic!("move {k} of {len} missing"));
            assert!(legal.contains(mv), "listed {mv} not in the list");
            assert_eq!(game.check(mv), Ok(()), "listed {mv} refused by check");
        }
        assert_eq!(legal.get(len), None);
        if len <= 256 {
            assert_eq!(legal.iter().count(), len);
        }
        let mv = match step {
            Step::Listed(k) => match len {
                0 => Move::Decline,
                _ => {
                    let mv = legal.get(k as usize % len).expect("k < len");
                    game.play(mv).unwrap_or_else(|e| panic!("listed {mv} did not play: {e}"));
                    continue;
                }
            },
            Step::Try(mv) => mv,
        };
        let listed = legal.contains(mv);
        if len <= 256 {
            assert_eq!(legal.iter().any(|m| m == mv), listed, "contains and listing disagree on {mv}");
        }
        let checked = game.check(mv);
        assert_eq!(checked.is_ok(), listed, "{mv}: check says {checked:?}, listed: {listed}");
        assert_eq!(game.is_legal(mv), listed);
        let before = game.clone();
        match game.play(mv) {
            Ok(_) => assert!(listed, "{mv} played but not listed"),
            Err(e) => {
                assert_eq!(Err(e), checked, "play and check disagree on {mv}");
                assert_eq!(game, before, "a refused {mv} changed the game");
            }
        }
    }
    if game.is_over() {
        let a1 = Cell::A1;
        for mv in [Move::Stone(a1), Move::Scarecrow(a1), Move::Stake(a1), Move::Decline] {
            assert!(game.check(mv).is_err(), "a finished game accepts {mv}");
            let before = game.clone();
            assert!(game.play(mv).is_err());
            assert_eq!(game, before);
        }
    }
});
