//! Properties of random games for every player count and rules option: horses are
//! conserved, forward moves advance, the legal-move list is exactly the moves the
//! check accepts (one per distinct result, no duplicates), refused throws and moves
//! change nothing, `play` and `play_traced` agree and the events describe the move,
//! finished games refuse everything, games end, replays and serde give the same
//! game; the random move is uniform and the uniform draw `below` is pinned. Case
//! counts from `PROPTEST_CASES` (default 64).

use hoop_race::{
    Action, Awaiting, End, Event, Exit, Game, Horse, IllegalMove, Move, Place, Player, Report,
    Route, Rules, Setup, Shortcuts, Side, Throw, ThrowModel,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
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
    for p in Player::all(4) {
        for n in 0..hoop_race::MAX_HORSES as u8 {
            for t in Throw::ALL {
                v.push(Move::new(Horse::new(p, n), t));
            }
        }
    }
    v
}

fn count_places(g: &Game) -> (usize, usize, usize) {
    let (mut waiting, mut on, mut out) = (0, 0, 0);
    for p in Player::all(g.rules().players()) {
        for (_, place) in g.horses(p) {
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

/// Every throw that could be named.
fn every_throw() -> [Throw; 6] {
    Throw::ALL
}

/// A game from the rules' natural start, or (odd seeds) a given order with a horse
/// placed.
fn start(rules: Rules, seed: u64) -> Game {
    if seed.is_multiple_of(2) {
        Game::new(rules, Setup::default()).unwrap()
    } else {
        let setup = Setup {
            order: Some(Player::all(rules.players()).rev().collect()),
            places: vec![(
                Horse::new(Player::A, 0),
                Place::On {
                    route: Route::Circle,
                    step: 3,
                },
            )],
        };
        Game::new(rules, setup).unwrap()
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(64),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_games_keep_every_invariant(rules in rules(), seed: u64) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut game = start(rules, seed);
        let total = rules.players() * rules.horses();
        let candidates = every_move();
        let mut actions = 0;
        loop {
            let (w, on, out) = count_places(&game);
            prop_assert_eq!(w + on + out, total, "horses are conserved");
            for p in Player::all(rules.players()) {
                for (h, place) in game.horses(p) {
                    prop_assert!(place.is_consistent(&rules), "{} on {:?}", h, place);
                }
            }
            let legal = game.legal_moves();
            // The check and the list agree: every listed move is accepted, once;
            // is_legal is the check.
            for (i, m) in legal.iter().enumerate() {
                prop_assert!(game.check(*m).is_ok(), "{} is listed but refused", m);
                prop_assert!(!legal[..i].contains(m), "{} is listed twice", m);
            }
            for &m in &candidates {
                prop_assert_eq!(game.is_legal(m), game.check(m).is_ok(), "{}", m);
            }
            // A refused throw changes nothing.
            for t in every_throw() {
                let mut g = game.clone();
                if g.throw(t).is_err() {
                    prop_assert!(g == game, "a refused throw changed the game");
                }
            }
            match game.awaiting() {
                Awaiting::Over => {
                    prop_assert!(game.is_over());
                    break;
                }
                Awaiting::Chance => {
                    prop_assert!(legal.is_empty());
                    prop_assert!(game.random_move(&mut rng).is_none());
                    let player = game.to_move();
                    let ordering = game.is_settling_order();
                    let r = game.throw_random(&mut rng).unwrap();
                    prop_assert_eq!(r.player, player);
                    prop_assert_eq!(r.for_order, ordering);
                    prop_assert_eq!(r.next, game.awaiting());
                }
                Awaiting::Move(player) => {
                    prop_assert_eq!(player, game.to_move());
                    prop_assert!(!legal.is_empty(), "a move is awaited only when one exists");
                    // Each listed move plays and gives a distinct result; every
                    // accepted move gives the result of exactly one listed move (a
                    // team's move may be named by any of its horses, entering by any
                    // waiting horse).
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
                            Err(e) => {
                                prop_assert_eq!(Err(e), game.check(m));
                                prop_assert!(g == game, "a refused move changed the game");
                            }
                        }
                    }
                    // play and play_traced: the same game, the same report, and
                    // events that describe the move.
                    let mv = game.random_move(&mut rng).unwrap();
                    prop_assert!(legal.contains(&mv), "random move {} is not listed", mv);
                    let from = game.place(mv.horse);
                    let mut traced = game.clone();
                    let report = game.play(mv).unwrap();
                    let mut events = Vec::new();
                    let traced_report = traced.play_traced(mv, &mut |e| events.push(e)).unwrap();
                    prop_assert_eq!(traced_report, report);
                    prop_assert!(traced == game);
                    check_events(&events, &report, &game)?;
                    prop_assert_eq!(report.player, player);
                    prop_assert_eq!(report.next, game.awaiting());
                    // A forward move brings the horse closer to the exit.
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
        for t in every_throw() {
            prop_assert_eq!(game.throw(t), Err(IllegalMove::GameOver));
        }
        for &m in &candidates {
            prop_assert_eq!(game.check(m), Err(IllegalMove::GameOver));
        }
        prop_assert!(game.legal_moves().is_empty());
        prop_assert!(game.random_move(&mut rng).is_none());
        let outcome = game.outcome().unwrap();
        let winner = outcome.winner().unwrap();
        let score = game.score();
        prop_assert!(score.out[winner.index()] as usize >= rules.horses_to_win());
        if rules.play_for_places() {
            prop_assert_eq!(outcome.places().len(), rules.sides());
            prop_assert_eq!(outcome.reason(), End::OneSideLeft);
        } else {
            prop_assert_eq!(outcome.places(), &[winner][..]);
            prop_assert_eq!(outcome.reason(), End::BroughtOut);
        }
        // The same throws and moves replay to the same game.
        let record = game.record();
        prop_assert_eq!(&record.moves[..], game.actions());
        let replayed = record.replay().unwrap();
        prop_assert!(replayed == game);
        prop_assert!(game.actions().iter().any(|a| matches!(a, Action::Move(_))));
        // Restarting gives the game at its start again.
        let mut again = game.clone();
        again.restart();
        prop_assert!(again == start(rules, seed));
    }

    /// A game drawn by chance replays from its record, and playouts record every
    /// action they make.
    #[test]
    fn random_games_replay(rules in rules(), seed: u64, actions in 0usize..400) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut game = Game::random(rules, &mut rng).unwrap();
        prop_assert!(!game.is_settling_order());
        let before = game.actions().len();
        let made = game.play_out(&mut rng, actions);
        prop_assert_eq!(game.actions().len(), before + made);
        let replayed = Game::replay(rules, game.setup().clone(), game.actions()).unwrap();
        prop_assert!(replayed == game);
    }
}

/// The events of a move agree with its report and the game after it.
fn check_events(events: &[Event], report: &Report, after: &Game) -> Result<(), TestCaseError> {
    let count = |f: fn(&Event) -> bool| events.iter().filter(|e| f(e)).count();
    prop_assert_eq!(
        count(|e| matches!(e, Event::Moved { .. } | Event::Exited { .. })),
        usize::from(report.moved)
    );
    prop_assert_eq!(
        count(|e| matches!(e, Event::Exited { .. })),
        usize::from(report.exited)
    );
    prop_assert_eq!(
        count(|e| matches!(e, Event::Joined { .. })),
        usize::from(report.joined)
    );
    let caught: Vec<Horse> = events
        .iter()
        .filter_map(|e| match e {
            Event::Caught { horse, .. } => Some(*horse),
            _ => None,
        })
        .collect();
    prop_assert_eq!(caught, report.caught().collect::<Vec<_>>());
    let taken: Vec<Horse> = events
        .iter()
        .filter_map(|e| match e {
            Event::TakenOff { horse, .. } => Some(*horse),
            _ => None,
        })
        .collect();
    prop_assert_eq!(taken, report.taken_off().collect::<Vec<_>>());
    prop_assert_eq!(
        count(|e| matches!(e, Event::BonusThrow { .. })),
        usize::from(report.bonus)
    );
    let voided: u16 = events
        .iter()
        .map(|e| match e {
            Event::Voided { count, .. } => *count,
            _ => 0,
        })
        .sum();
    prop_assert_eq!(voided, report.voided);
    let finished: Vec<Side> = events
        .iter()
        .filter_map(|e| match e {
            Event::Finished { side } => Some(*side),
            _ => None,
        })
        .collect();
    prop_assert_eq!(finished, report.finished.into_iter().collect::<Vec<_>>());
    let ended = events.iter().any(|e| matches!(e, Event::Ended { .. }));
    prop_assert_eq!(ended, after.is_over());
    // The moving horses are where the events say.
    for e in events {
        match *e {
            Event::Moved { horse, to, .. } | Event::Joined { horse, to, .. } => {
                prop_assert_eq!(to, report.to);
                prop_assert!(after.place(horse) == to || report.taken_off().any(|h| h == horse));
            }
            Event::Exited { horse, .. } => prop_assert_eq!(after.place(horse), Place::Out),
            Event::Caught { horse, .. } | Event::TakenOff { horse, .. } => {
                prop_assert_eq!(after.place(horse), Place::Waiting)
            }
            _ => {}
        }
    }
    Ok(())
}

/// Two games in the same position (each player's places as a multiset — which of
/// a player's waiting horses entered does not matter —, the bank, whose turn).
fn same_position(a: &Game, b: &Game) -> bool {
    let places = |g: &Game| -> Vec<Vec<Place>> {
        Player::all(g.rules().players())
            .map(|p| {
                let mut v: Vec<Place> = g.horses(p).map(|(_, pl)| pl).collect();
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

    /// Games (from the start or from a position), records, rules, reports survive
    /// serde.
    #[test]
    fn serde_round_trips(rules in rules(), seed: u64, actions in 0usize..300) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut game = start(rules, seed);
        game.play_out(&mut rng, actions);
        let json = serde_json::to_string(&game).unwrap();
        let back: Game = serde_json::from_str(&json).unwrap();
        prop_assert!(back == game);
        let record: hoop_race::Record = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&record, &game.record());
        prop_assert_eq!(serde_json::to_string(&record).unwrap(), json);
        let r: Rules = serde_json::from_str(&serde_json::to_string(&rules).unwrap()).unwrap();
        prop_assert_eq!(r, rules);
        if let Some(o) = game.outcome() {
            let back: hoop_race::Outcome =
                serde_json::from_str(&serde_json::to_string(&o).unwrap()).unwrap();
            prop_assert_eq!(back, o);
        }
        if let Some(mv) = game.random_move(&mut rng) {
            let report = game.clone().play(mv).unwrap();
            let back: Report = serde_json::from_str(&serde_json::to_string(&report).unwrap()).unwrap();
            prop_assert_eq!(back, report);
        }
    }
}

/// Corrupt serialised games are errors; a stored game with an illegal action is
/// refused at that action.
#[cfg(feature = "serde")]
#[test]
fn corrupt_serialised_games_are_errors() {
    let setup = Setup {
        order: Some(vec![Player::B, Player::A]),
        places: vec![],
    };
    let mut game = Game::new(Rules::default(), setup).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    game.play_out(&mut rng, 10);
    let good = serde_json::to_string(&game).unwrap();
    assert!(serde_json::from_str::<Game>(&good).is_ok());
    for (from, to) in [
        ("\"players\":2", "\"players\":7"),
        ("\"order\":[\"B\",\"A\"]", "\"order\":[\"B\",\"B\"]"),
        ("\"moves\":[", "\"moves\":[\"A1+3\","),
        ("\"moves\":[", "\"moves\":[\"A1*3\","),
        ("\"white_den\":2", "\"white_den\":0"),
        ("\"places\":[]", "\"places\":[[\"A1\",\"nowhere\"]]"),
        ("\"setup\":{", "\"setup\":{\"extra\":1,"),
        ("\"rules\":{", "\"extra\":1,\"rules\":{"),
    ] {
        assert!(good.contains(from), "{from} not in {good}");
        let bad = good.replacen(from, to, 1);
        assert!(serde_json::from_str::<Game>(&bad).is_err(), "{bad}");
        assert!(
            serde_json::from_str::<hoop_race::Record>(&bad).map_or(true, |r| r.replay().is_err()),
            "{bad}"
        );
    }
    // A record refused at the right action, with the action and the reason.
    let mut record = game.record();
    let n = record.moves.len();
    record.moves.push("D1+1".parse().unwrap());
    let err = record.replay().unwrap_err();
    assert!(matches!(
        err,
        hoop_race::GameError::Replay { number, mv, .. } if number == n && mv.to_string() == "D1+1"
    ));
    assert!(
        err.to_string()
            .starts_with(&format!("move {n} (D1+1) refused: ")),
        "{err}"
    );
    record.moves.truncate(n);
    record.moves.insert(0, "A1+1".parse().unwrap());
    assert_eq!(
        record.replay().unwrap_err(),
        hoop_race::GameError::Replay {
            number: 0,
            mv: "A1+1".parse().unwrap(),
            error: IllegalMove::ThrowExpected
        }
    );
}

/// The README's stored game is a real one.
#[cfg(feature = "serde")]
#[test]
fn a_stored_game_in_json() {
    let json = r#"{
        "rules": {"players": 2, "horses": null, "horses_to_win": null, "shortcuts": "source",
                  "exit": "reach", "back_do": false, "bonus_on_rethrow": true,
                  "play_for_places": false, "throw_model": {"sticks": {"white_num": 1, "white_den": 2}}},
        "setup": {"order": ["A", "B"], "places": [["B1", {"on": {"route": "circle", "step": 7}}]]},
        "moves": ["4", "3", "A1+4", "A1+3", "3", "A1+3", "2", "B1+2"]
    }"#;
    let game: Game = serde_json::from_str(json).unwrap();
    // A1 caught B1 on 7, threw the bonus 3 and stopped on В; B1 entered again.
    assert_eq!(
        game.place("A1".parse().unwrap()),
        Place::On {
            route: Route::VToA,
            step: 10
        }
    );
    assert_eq!(
        game.place("B1".parse().unwrap()),
        Place::On {
            route: Route::Circle,
            step: 2
        }
    );
    assert_eq!(game.to_move(), Player::A);
    let record: hoop_race::Record = serde_json::from_str(json).unwrap();
    assert_eq!(record, game.record());
}

/// The random move is uniform over the legal moves (chi-squared at the 0.1 % level).
#[test]
fn random_move_is_uniform() {
    let rules = Rules::yut_nori();
    let on = |step| Place::On {
        route: Route::Circle,
        step,
    };
    let setup = Setup {
        places: vec![
            (Horse::new(Player::A, 0), on(3)),
            (Horse::new(Player::A, 1), on(7)),
        ],
        ..Setup::in_seat_order(2)
    };
    let mut game = Game::new(rules, setup).unwrap();
    for t in [4, 5, 2] {
        game.throw(Throw::points(t).unwrap()).unwrap();
    }
    let legal = game.legal_moves();
    assert_eq!(legal.len(), 9); // 3 throws x (A1, A2, enter)
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
            for route in Route::ALL {
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

/// The one uniform draw: its output for a seed is part of the API (replays and
/// tests depend on it).
#[test]
fn below_is_pinned() {
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let ns = [1, 2, 3, 10, 1000, u32::MAX];
    let drawn: Vec<u32> = ns
        .iter()
        .cycle()
        .take(12)
        .map(|&n| hoop_race::below(&mut rng, n))
        .collect();
    assert_eq!(drawn, PINNED);
    // n = 0 draws as n = 1: 0, never a panic.
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    assert_eq!(hoop_race::below(&mut rng, 0), 0);
}

const PINNED: [u32; 12] = [0, 0, 2, 2, 704, 948_110_966, 0, 1, 0, 1, 883, 3_958_879_474];

/// Notation round trips: players, sides, horses, stations, throws, moves, actions.
#[test]
fn notation_round_trips() {
    for p in Player::all(4) {
        assert_eq!(p.to_string().parse::<Player>(), Ok(p));
    }
    assert_eq!(Player::all(9).count(), 4);
    for players in 2..=4 {
        for side in Side::all(players) {
            assert_eq!(side.to_string().parse::<Side>(), Ok(side));
            assert!(side.members().all(|p| Side::of(p, players) == side));
        }
    }
    assert!("A+B".parse::<Side>().is_err());
    assert_eq!("c+a".parse::<Side>().unwrap().to_string(), "A+C");
    for st in hoop_race::Station::all() {
        assert_eq!(st.to_string().parse::<hoop_race::Station>(), Ok(st));
    }
    for m in every_move() {
        assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        assert_eq!(m.horse.to_string().parse::<Horse>(), Ok(m.horse));
        let a = Action::Move(m);
        assert_eq!(a.to_string().parse::<Action>(), Ok(a));
    }
    for t in Throw::ALL {
        assert_eq!(t.to_string().parse::<Throw>(), Ok(t));
        let a = Action::Throw(t);
        assert_eq!(a.to_string().parse::<Action>(), Ok(a));
    }
    for bad in ["", "A", "A1", "9", "A1+", "back-door"] {
        assert!(bad.parse::<Action>().is_err(), "{bad}");
    }
}
