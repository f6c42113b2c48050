//! Properties of random games for every player count and rules option: horses are
//! conserved, forward moves advance, the legal-move list is exactly the moves the
//! check accepts (one per distinct result), games end, and replays and serde give
//! the same game. Case counts from `PROPTEST_CASES` (default 64).

use hoop_race::{
    Action, Awaiting, Exit, Game, Horse, Move, Place, Player, Rules, Shortcuts, Throw, ThrowModel,
};
use proptest::prelude::*;
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn rules() -> impl Strategy<Value = Rules> {
    (
        2u8..=4,
        prop::option::of(1u8..=5),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        1u32..=7,
    )
        .prop_map(
            |(players, horses, yut, pass, back_do, bonus, places, white)| {
                Rules::default()
                    .with_players(players)
                    .with_horses(horses)
                    .with_shortcuts(if yut {
                        Shortcuts::YutNori
                    } else {
                        Shortcuts::Source
                    })
                    .with_exit(if pass { Exit::Pass } else { Exit::Reach })
                    .with_back_do(back_do)
                    .with_bonus_on_rethrow(bonus)
                    .with_play_for_places(places)
                    .with_throw_model(ThrowModel::Sticks {
                        white_num: white,
                        white_den: 8,
                    })
            },
        )
}

/// Every move that could be named: each horse of each seat with each throw.
fn every_move() -> Vec<Move> {
    let mut v = Vec::new();
    for p in 0..4 {
        for n in 0..5u8 {
            for t in Throw::ALL {
                v.push(Move::new(Horse::new(Player::new(p).unwrap(), n), t));
            }
        }
    }
    v
}

fn count_places(g: &Game) -> (usize, usize, usize) {
    let (mut waiting, mut on, mut out) = (0, 0, 0);
    for p in 0..g.rules().players() {
        for (_, place) in g.horses(Player::new(p).unwrap()) {
            match place {
                Place::Waiting => waiting += 1,
                Place::On { .. } => on += 1,
                Place::Out => out += 1,
            }
        }
    }
    (waiting, on, out)
}

/// A safe bound on a random game's length in throws and moves.
const MAX_ACTIONS: usize = 100_000;

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(64),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_games_keep_every_invariant(rules in rules(), seed: u64) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut game = Game::new(rules).unwrap();
        let total = rules.players() * rules.horses();
        let candidates = every_move();
        let mut actions = 0;
        loop {
            let (w, on, out) = count_places(&game);
            prop_assert_eq!(w + on + out, total, "horses are conserved");
            for p in (0..rules.players()).map(|p| Player::new(p).unwrap()) {
                for (h, place) in game.horses(p) {
                    prop_assert!(place.is_consistent(&rules), "{} on {:?}", h, place);
                }
            }
            match game.awaiting() {
                Awaiting::Over => break,
                Awaiting::OrderThrow(_) | Awaiting::Throw(_) => {
                    prop_assert!(game.legal_moves().is_empty());
                    game.throw_random(&mut rng).unwrap();
                }
                Awaiting::Move(player) => {
                    let legal = game.legal_moves();
                    prop_assert!(!legal.is_empty(), "a move is awaited only when one exists");
                    // Each listed move is accepted and gives a distinct result; every
                    // accepted move gives the result of exactly one listed move.
                    let results: Vec<Game> = legal
                        .iter()
                        .map(|&m| {
                            let mut g = game.clone();
                            g.play(m).unwrap();
                            g
                        })
                        .collect();
                    for i in 0..results.len() {
                        for j in i + 1..results.len() {
                            if legal[i].throw != legal[j].throw {
                                continue; // two throws may well end alike (both exit)
                            }
                            prop_assert!(!same_position(&results[i], &results[j]),
                                "{} and {} give the same result", legal[i], legal[j]);
                        }
                    }
                    for &m in &candidates {
                        let mut g = game.clone();
                        match g.play(m) {
                            Ok(_) => prop_assert!(
                                results.iter().any(|r| same_position(r, &g)),
                                "{} is accepted but matches no listed move", m
                            ),
                            Err(_) => prop_assert!(g == game, "a refused move changed the game"),
                        }
                    }
                    // A forward move brings the horse closer to the exit.
                    let mv = game.random_move(&mut rng).unwrap();
                    prop_assert!(legal.contains(&mv), "random move {} is not listed", mv);
                    let from = game.place(mv.horse);
                    let report = game.play(mv).unwrap();
                    prop_assert_eq!(report.player, player);
                    if !mv.throw.is_back_do() {
                        prop_assert!(
                            report.to == Place::Out
                                || report.to.remaining(rules.exit()) < from.remaining(rules.exit()),
                            "{} from {} to {}", mv, from, report.to
                        );
                    }
                }
            }
            actions += 1;
            prop_assert!(actions < MAX_ACTIONS, "the game did not end");
        }
        // A finished game refuses everything.
        prop_assert!(game.throw(Throw::points(1).unwrap()).is_err());
        prop_assert!(game.legal_moves().is_empty());
        let outcome = game.outcome().unwrap();
        let score = game.score();
        prop_assert!(score.out[outcome.winner.index()] as usize >= rules.horses_to_win());
        // The same throws and moves replay to the same game.
        let replayed = Game::replay(rules, None, &[], game.record()).unwrap();
        prop_assert!(replayed == game);
        prop_assert_eq!(
            game.record().iter().filter(|a| matches!(a, Action::Move(_))).count() > 0,
            true
        );
    }
}

/// Two games in the same position (each player's places as a multiset — which of
/// a player's waiting horses entered does not matter —, the bank, whose turn).
fn same_position(a: &Game, b: &Game) -> bool {
    let places = |g: &Game| -> Vec<Vec<Place>> {
        (0..g.rules().players())
            .map(|p| {
                let mut v: Vec<Place> = g
                    .horses(Player::new(p).unwrap())
                    .map(|(_, pl)| pl)
                    .collect();
                v.sort();
                v
            })
            .collect()
    };
    places(a) == places(b) && a.bank() == b.bank() && a.awaiting() == b.awaiting()
}

#[cfg(feature = "serde")]
proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(32),
        ..ProptestConfig::default()
    })]

    /// Games (from the start or from a position), rules, reports survive serde.
    #[test]
    fn serde_round_trips(rules in rules(), seed: u64, actions in 0usize..300) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let order: Vec<Player> = (0..rules.players()).rev().map(|p| Player::new(p).unwrap()).collect();
        let place = Place::On { route: hoop_race::Route::Circle, step: 3 };
        let mut game = if seed % 2 == 0 {
            Game::new(rules).unwrap()
        } else {
            Game::from_places(rules, &order, &[(Horse::new(Player::A, 0), place)]).unwrap()
        };
        game.play_out(&mut rng, actions);
        let json = serde_json::to_string(&game).unwrap();
        let back: Game = serde_json::from_str(&json).unwrap();
        prop_assert!(back == game);
        let r: Rules = serde_json::from_str(&serde_json::to_string(&rules).unwrap()).unwrap();
        prop_assert_eq!(r, rules);
    }
}

/// Corrupt serialised games are errors.
#[cfg(feature = "serde")]
#[test]
fn corrupt_serialised_games_are_errors() {
    let mut game = Game::with_order(Rules::default(), &[Player::B, Player::A]).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    game.play_out(&mut rng, 10);
    let good = serde_json::to_string(&game).unwrap();
    assert!(serde_json::from_str::<Game>(&good).is_ok());
    for (from, to) in [
        ("\"players\":2", "\"players\":7"),
        ("\"order\":[\"B\",\"A\"]", "\"order\":[\"B\",\"B\"]"),
        (
            "\"record\":[",
            "\"record\":[{\"move\":{\"horse\":{\"owner\":\"A\",\"number\":0},\"throw\":3}},",
        ),
        ("\"white_den\":2", "\"white_den\":0"),
    ] {
        assert!(good.contains(from), "{from} not in {good}");
        let bad = good.replacen(from, to, 1);
        assert!(serde_json::from_str::<Game>(&bad).is_err(), "{bad}");
    }
}

/// The random move is uniform over the legal moves (chi-squared at the 0.1 % level).
#[test]
fn random_move_is_uniform() {
    let rules = Rules::yut_nori();
    let on = |step| Place::On {
        route: hoop_race::Route::Circle,
        step,
    };
    let mut game = Game::from_places(
        rules,
        &[Player::A, Player::B],
        &[
            (Horse::new(Player::A, 0), on(3)),
            (Horse::new(Player::A, 1), on(7)),
        ],
    )
    .unwrap();
    for t in [4, 5, 2] {
        game.throw(Throw::points(t).unwrap()).unwrap();
    }
    let legal = game.legal_moves();
    assert_eq!(legal.len(), 9, "{legal:?}"); // 3 throws x (A1, A2, enter)
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let draws = 90_000;
    let mut seen = std::collections::HashMap::new();
    for _ in 0..draws {
        *seen
            .entry(game.random_move(&mut rng).unwrap())
            .or_insert(0u32) += 1;
    }
    assert_eq!(seen.len(), legal.len());
    let e = f64::from(draws) / legal.len() as f64;
    let chi: f64 = seen.values().map(|&o| (f64::from(o) - e).powi(2) / e).sum();
    assert!(chi < 26.12, "chi-squared {chi} (8 degrees of freedom)");
}

/// Every place, for every mix of shortcut and exit rules (exhaustive: the places
/// are few).
fn every_rules_and_place() -> Vec<(Rules, Place)> {
    let mut v = Vec::new();
    for shortcuts in [Shortcuts::Source, Shortcuts::YutNori] {
        for exit in [Exit::Reach, Exit::Pass] {
            let rules = Rules::default()
                .with_shortcuts(shortcuts)
                .with_exit(exit)
                .with_back_do(true);
            v.push((rules, Place::Waiting));
            v.push((rules, Place::Out));
            for route in hoop_race::Route::ALL {
                for step in 0..=route.end() + 1 {
                    v.push((rules, Place::On { route, step }));
                }
            }
        }
    }
    v
}

/// Rulings H3, H4, H11: every throw from a place a horse can stand on leads to a
/// place a horse can stand on (the routes' choices are made where the rules make
/// them, never ahead of the horse).
#[test]
fn every_throw_keeps_a_horse_on_a_consistent_place() {
    for (rules, from) in every_rules_and_place() {
        if !from.is_consistent(&rules) {
            continue;
        }
        for t in Throw::ALL {
            if let Some(to) = from.after(t.steps(), &rules) {
                assert!(
                    to.is_consistent(&rules),
                    "{rules:?}: {from:?} {t} -> {to:?}"
                );
            }
        }
    }
}

/// Ruling H11: a back-do takes a horse to the station before it on its route (from
/// station 1: onto А, out where reaching А exits), and a forward 1 from there goes
/// one station on along the route the back-do left it on: the station it backed
/// off, or another only where the back-do's stop turned it onto a new route (Б,
/// В, or Г under yut nori's rule).
#[test]
fn a_back_do_then_a_one_returns_the_horse() {
    for (rules, from) in every_rules_and_place() {
        let Place::On { route, step } = from else {
            continue;
        };
        if !from.is_consistent(&rules) {
            continue;
        }
        let back = from.after(-1, &rules).unwrap();
        assert!(
            back.is_consistent(&rules),
            "{rules:?}: {from:?} -> {back:?}"
        );
        if step == 1 {
            let expected = match rules.exit() {
                Exit::Reach => Place::Out,
                Exit::Pass => Place::On {
                    route,
                    step: route.end(),
                },
            };
            assert_eq!(back, expected);
            continue;
        }
        assert_eq!(back.station(), Some(route.station(step - 1)));
        let again = back.after(1, &rules).unwrap();
        let Place::On {
            route: back_route,
            step: back_step,
        } = back
        else {
            panic!("{from:?} backs off the board");
        };
        assert_eq!(again.station(), Some(back_route.station(back_step + 1)));
        if again.station() != from.station() {
            // Only a stop that turned the horse sends it elsewhere.
            let corner = back.station().unwrap();
            assert!(corner.is_big(), "{rules:?}: {from:?} -> {back:?}");
            assert_ne!(back_route, route, "{rules:?}: {from:?} -> {back:?}");
        }
    }
}
