//! Properties of random games for every option: the listed moves are exactly those
//! the check accepts, a running game always offers a move (T7), games end within
//! width × height × 2 turns, views hold no opponent trap, honest no-referee play
//! matches the referee, and serde round-trips. Case counts from `PROPTEST_CASES`.

use proptest::prelude::*;
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use trap_stones::{Cell, Game, Move, Rules, Secret, Setup, Side, SideGame, Stake};

fn rules() -> impl Strategy<Value = Rules> {
    (
        2u8..=7,
        2u8..=7,
        1u8..=3,
        any::<bool>(),
        0u8..=3,
        any::<bool>(),
        any::<bool>(),
        0u8..3,
    )
        .prop_map(
            |(w, h, traps, corners, scarecrows, adjacent, anchor, stake)| {
                Rules::default()
                    .with_size(w, h)
                    .with_traps(traps)
                    .with_corners(corners)
                    .with_scarecrows(scarecrows)
                    .with_scarecrow_adjacent(adjacent)
                    .with_scarecrows_anchor(anchor)
                    .with_stake([Stake::Off, Stake::Optional, Stake::Compulsory][stake as usize])
            },
        )
}

/// Every cell of the board.
fn cells(rules: &Rules) -> Vec<Cell> {
    (0..rules.height())
        .flat_map(|r| (0..rules.width()).map(move |c| Cell::new(c, r).unwrap()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(64),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_games_keep_every_invariant(rules in rules(), seed: u64) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        // Small boards with several traps may have no valid setup: skip those.
        let setup = Setup::random(&rules, &mut rng);
        prop_assume!(setup.validate(&rules).is_ok());
        let mut game = Game::new(rules, setup).unwrap();
        let all = cells(&rules);
        let limit = u32::from(rules.width()) * u32::from(rules.height()) * 2;
        while !game.is_over() {
            prop_assert!(game.turns() <= limit, "the game did not end");
            let legal = game.legal_moves();
            // Listed moves = the stones, scarecrows, stake moves the check accepts.
            for &cell in &all {
                let kinds = if legal.stake {
                    vec![(Move::Stake(cell), legal.has_stone(cell))]
                } else {
                    vec![(Move::Stone(cell), legal.has_stone(cell)), (Move::Scarecrow(cell), legal.has_scarecrow(cell))]
                };
                for (mv, listed) in kinds {
                    prop_assert_eq!(game.check(mv).is_ok(), listed, "{}", mv);
                }
            }
            prop_assert_eq!(legal.iter().count(), legal.len());
            // T7: a side still in the game always has a move; with anchoring
            // scarecrows (the default) always an ordinary one.
            prop_assert!(!legal.is_empty() || legal.va_bank, "no move at all");
            if rules.scarecrows_anchor() && !legal.stake {
                prop_assert!(legal.stones().next().is_some(), "no ordinary move under anchoring rules");
            }
            // Views never hold the other side's traps.
            for side in Side::BOTH {
                let v = game.view(side);
                prop_assert_eq!(v.own_traps, game.setup().traps[side.index()]);
                let json = serde_json::to_string(&v).unwrap();
                for &t in game.setup().traps[side.other().index()].cells() {
                    let public = v.own_traps.cells().contains(&t)
                        || v.stones.iter().any(|s| s.contains(&t))
                        || v.outcome.is_some();
                    let name = format!("\"{t}\"");
                    prop_assert!(public || !json.contains(&name), "{} leaks into {}", t, json);
                }
            }
            let mv = game.random_move(&mut rng).unwrap();
            let before = game.clone();
            if game.play(mv).is_err() {
                prop_assert!(false, "the random move {} was refused", mv);
            }
            prop_assert!(game.turns() >= before.turns());
        }
        let o = game.outcome().unwrap();
        prop_assert!(o.turns <= limit);
        prop_assert!(game.random_move(&mut rng).is_none());
        // Honest play without a referee reaches the same result.
        let (s1, s2) = (
            Secret::with_salt(game.setup().traps[0], [1; 32]),
            Secret::with_salt(game.setup().traps[1], [2; 32]),
        );
        let draws = game.setup().draws;
        let mut a = SideGame::new(rules, draws, Side::One, s1, s2.commitment()).unwrap();
        let mut b = SideGame::new(rules, draws, Side::Two, s2, s1.commitment()).unwrap();
        for &mv in game.moves() {
            let (mover, other) = if a.to_move() == Side::One { (&mut a, &mut b) } else { (&mut b, &mut a) };
            if mv == Move::Decline {
                mover.play(mv).unwrap();
                other.opponent_move(mv).unwrap();
            } else {
                mover.play(mv).unwrap();
                let said = other.opponent_move(mv).unwrap();
                mover.announcement(said).unwrap();
            }
        }
        prop_assert_eq!(a.outcome(), game.outcome());
        prop_assert_eq!(b.outcome(), game.outcome());
        prop_assert_eq!(a.verify(&s2.reveal()), Ok(()));
        prop_assert_eq!(b.verify(&s1.reveal()), Ok(()));
        // Serde: the game replays to itself.
        let back: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
        prop_assert_eq!(back, game);
    }

    #[test]
    fn notation_round_trips(col in 0u8..26, row in 0u8..26, kind in 0u8..4) {
        let cell = Cell::new(col, row).unwrap();
        prop_assert_eq!(cell.to_string().parse::<Cell>().unwrap(), cell);
        let mv = match kind {
            0 => Move::Stone(cell),
            1 => Move::Scarecrow(cell),
            2 => Move::Stake(cell),
            _ => Move::VaBank(trap_stones::Group::new(&[cell, cell]).unwrap()),
        };
        prop_assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
    }
}
