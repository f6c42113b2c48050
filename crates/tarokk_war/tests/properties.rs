//! Properties of random games: the 32 cards are always all somewhere, each once;
//! every game ends; every hand has a winner and the zöld VIII's holder can always
//! win its hand; views never hold a card hidden from their player; the legal-move
//! list is exactly what the check accepts, and every listed move plays; a refused
//! move changes nothing, a finished game refuses every move; `play` and
//! `play_traced` agree, and the events describe the report; replays and serde give
//! the same game; the random move is uniform; the one uniform draw is pinned.

use proptest::prelude::*;
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tarokk_war::{
    Awaiting, Card, Event, Game, IllegalMove, MAX_MOVES, Move, Player, Record, Report, Rules,
    ZOLD_VIII, below,
};

/// Every card's whereabouts, counted.
fn census(g: &Game) -> Vec<Card> {
    let mut all: Vec<Card> = Vec::new();
    for p in Player::all(2) {
        all.extend(g.hand(p));
        all.extend(g.taken(p));
        all.extend(g.soldiers(p));
        all.extend(g.reserve(p));
        all.extend(g.holdings(p));
    }
    all.extend(g.led());
    all.extend(g.pot());
    all.extend(g.soldier_pile());
    all.extend(g.location_pile());
    all.extend(g.tok_viii_location().map(|(_, c)| c));
    all.extend(g.graveyard_face_up());
    all.extend(g.graveyard_face_down());
    all.extend(g.front().map(|(c, _)| c));
    all.extend(g.face_down());
    all.sort();
    all
}

/// Plays `mv` with `play_traced`, returning the report and the events.
fn traced(g: &mut Game, mv: Move) -> (Report, Vec<Event>) {
    let mut events = vec![];
    let report = g.play_traced(mv, &mut |e| events.push(e)).unwrap();
    (report, events)
}

fn count(events: &[Event], f: impl Fn(&Event) -> bool) -> u8 {
    events.iter().filter(|e| f(e)).count() as u8
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(64),
        ..ProptestConfig::default()
    })]

    #[test]
    fn play_out_plays_the_random_moves_one_at_a_time_would(seed: u64, cut in 0usize..60) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let start = Game::random(Rules::default(), &mut rng).unwrap();
        let (mut stepped, mut rng1) = (start.clone(), rng.clone());
        while let Some(mv) = stepped.random_move(&mut rng1) {
            stepped.play(mv).unwrap();
        }
        // In two pieces, the first `cut` moves long.
        let mut bulk = start;
        let first = bulk.play_out(&mut rng, cut);
        let rest = bulk.play_out(&mut rng, usize::MAX);
        prop_assert_eq!(first, cut.min(stepped.moves().len()));
        prop_assert_eq!(first + rest, stepped.moves().len());
        prop_assert!(bulk.is_over());
        prop_assert_eq!(bulk, stepped);
        prop_assert_eq!(rng, rng1);
    }

    #[test]
    fn random_games_keep_every_invariant(seed: u64, numeral: bool) {
        let rules = Rules::default().with_location_value(numeral);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut game = Game::random(rules, &mut rng).unwrap();
        let mut moves = 0;
        let mut hand_winners = 0;
        while !game.is_over() {
            // The census: all 32, each once (W1).
            let mut c = census(&game);
            c.dedup();
            prop_assert_eq!(c.len(), 32, "cards lost or doubled: {:?}", census(&game));
            // The legal-move list is exactly what the check accepts, without
            // duplicates, within its capacity, and every listed move plays.
            let legal = game.legal_moves();
            prop_assert!(!legal.is_empty() && legal.len() <= MAX_MOVES);
            let accepted: Vec<Move> = Move::all().filter(|&m| game.check(m).is_ok()).collect();
            let mut listed = legal.to_vec();
            listed.sort_by_key(|m| m.to_string());
            listed.dedup();
            prop_assert_eq!(listed.len(), legal.len(), "duplicates in {:?}", legal);
            let mut acc = accepted.clone();
            acc.sort_by_key(|m| m.to_string());
            prop_assert_eq!(listed, acc);
            for m in Move::all() {
                prop_assert_eq!(game.is_legal(m), game.check(m).is_ok());
            }
            for &m in &legal {
                prop_assert!(game.clone().play(m).is_ok(), "{} is listed but refused", m);
            }
            // The awaited player is the one to move.
            prop_assert_eq!(game.awaiting().player(), Some(game.to_move()));
            // Views: no card hidden from their player, in any form.
            for viewer in Player::all(2) {
                let view = game.view(viewer);
                let json = serde_json::to_string(&view).unwrap();
                let back: tarokk_war::View = serde_json::from_str(&json).unwrap();
                prop_assert_eq!(&back, &view);
                let other = viewer.other();
                let hidden = game
                    .hand(other)
                    .chain(game.soldiers(other))
                    .chain(game.reserve(other))
                    .chain(game.face_down().filter(|_| game.front().map(|(_, d)| d) == Some(other)));
                let debug = format!("{view:?}");
                let picture = view.to_string();
                for h in hidden {
                    prop_assert!(!json.contains(&format!("\"{h}\"")), "{} leaks to {}", h, viewer);
                    prop_assert!(!picture.contains(&h.to_string()), "{} leaks to {}'s picture", h, viewer);
                    prop_assert!(!debug.contains(&format!("{h:?}")), "{} leaks to {}'s Debug", h, viewer);
                }
            }
            // The holder of the zöld VIII can always win the hand (W4): from the
            // hand's start, by playing it at the first turn.
            let hand_start = game.led().is_none()
                && game.pot().next().is_none()
                && Player::all(2).all(|p| game.taken(p).next().is_none())
                && Player::all(2).all(|p| game.hand(p).count() == 3);
            if matches!(game.awaiting(), Awaiting::Play(_)) && hand_start {
                let holder = Player::all(2).find(|&p| game.hand(p).any(|c| c == ZOLD_VIII));
                if let Some(h) = holder {
                    let mut trial = game.clone();
                    let mut won = None;
                    while won.is_none() {
                        let mv = match trial.awaiting() {
                            Awaiting::Play(p) if p == h => Move::Play(ZOLD_VIII),
                            _ => trial.random_move(&mut rng).unwrap(),
                        };
                        won = trial.play(mv).unwrap().hand.map(|w| w.winner);
                    }
                    prop_assert_eq!(won, Some(h));
                }
            }
            let mv = game.random_move(&mut rng).unwrap();
            let before = game.clone();
            let mover = game.to_move();
            // `play` and `play_traced` leave equal games and return equal reports.
            let mut quiet = game.clone();
            let quiet_report = quiet.play(mv).unwrap();
            let (report, events) = traced(&mut game, mv);
            prop_assert_eq!(&quiet, &game);
            prop_assert_eq!(quiet_report, report);
            // The events describe the report.
            prop_assert_eq!(report.player, mover);
            let opens = matches!(events.first(), Some(Event::Played { player, .. } | Event::Laid { player, .. }) if *player == mover)
                || matches!(events.first(), Some(Event::Battle { .. }));
            prop_assert!(opens, "the first event is the move itself: {:?}", events);
            prop_assert_eq!(report.drawn, count(&events, |e| matches!(e, Event::Drew { .. })));
            prop_assert_eq!(report.unopposed, count(&events, |e| matches!(e, Event::Unopposed { .. })));
            prop_assert_eq!(report.captured, count(&events, |e| matches!(e, Event::Location { captured: true, .. })));
            prop_assert_eq!(report.hand.is_some(), count(&events, |e| matches!(e, Event::HandWon { .. })) == 1);
            prop_assert_eq!(report.trick.is_some(), count(&events, |e| matches!(e, Event::Took { .. })) == 1);
            prop_assert_eq!(report.pot.is_some(), count(&events, |e| matches!(e, Event::Pot { .. })) == 1);
            prop_assert_eq!(report.battle.is_some(), matches!(mv, Move::Attack(_)));
            if let Some(b) = report.battle {
                let battle = Event::Battle { attacker: b.attacker, defender: b.defender, winner: b.winner };
                prop_assert!(events.contains(&battle), "{:?}", events);
            }
            prop_assert_eq!(report.over, game.is_over());
            prop_assert_eq!(report.over, count(&events, |e| matches!(e, Event::GameOver { .. })) == 1);
            if let Some(Event::GameOver { outcome }) = events.last() {
                prop_assert_eq!(Some(*outcome), game.outcome());
            }
            // Events serialise and read back; each player's events hide the other's cards.
            for e in &events {
                let back: Event = serde_json::from_str(&serde_json::to_string(e).unwrap()).unwrap();
                prop_assert_eq!(&back, e);
                for viewer in Player::all(2) {
                    match e.seen_by(viewer) {
                        Event::Drew { player, card } | Event::Laid { player, card } => {
                            prop_assert_eq!(card.is_some(), player == viewer);
                        }
                        Event::Dealt { cards, .. } => {
                            prop_assert!(cards[viewer.other().index()].is_none());
                        }
                        _ => {}
                    }
                }
            }
            // A new front from holdings (an empty reserve) is the most recently won
            // location (W9): the holdings are a stack.
            let fronts: Vec<Event> = events.iter().copied().filter(|e| matches!(e, Event::Front { .. })).collect();
            if let [Event::Front { defender, location }] = fronts[..]
                && game.reserve(defender).next().is_none()
                && !before.reserve(defender).any(|c| c == location)
            {
                let mut held: Vec<Card> = before.holdings(defender).collect();
                for e in &events {
                    if let Event::Location { holder, location: l, .. } = e
                        && *holder == defender
                    {
                        held.push(*l);
                    }
                }
                prop_assert_eq!(held.last().copied(), Some(location), "a holdings front must be the last won");
            }
            hand_winners += usize::from(report.hand.is_some());
            // A refused move changes nothing.
            for bad in Move::all().filter(|&m| before.check(m).is_err()).take(8) {
                let mut probe = before.clone();
                prop_assert_eq!(probe.play(bad).err(), before.check(bad).err());
                let mut heard = 0;
                prop_assert!(probe.play_traced(bad, &mut |_| heard += 1).is_err());
                prop_assert_eq!(heard, 0);
                prop_assert_eq!(&probe, &before);
            }
            moves += 1;
            prop_assert!(moves <= 78, "a game takes at most 60 + 18 moves");
        }
        prop_assert_eq!(hand_winners, 10, "ten hands, each with a winner");
        let o = game.outcome().unwrap();
        prop_assert_eq!(o.score(), game.score());
        prop_assert!(o.winner().is_some(), "seven locations never split evenly (W10)");
        prop_assert_eq!(game.awaiting(), Awaiting::Over);
        prop_assert!(game.legal_moves().is_empty());
        prop_assert_eq!(game.random_move(&mut rng), None);
        // A finished game refuses every move, and nothing changes.
        for m in Move::all() {
            let mut probe = game.clone();
            prop_assert_eq!(probe.play(m), Err(IllegalMove::GameOver));
            prop_assert_eq!(&probe, &game);
        }
        // Replays and serde give the same game.
        let replayed = game.record().replay().unwrap();
        prop_assert_eq!(&replayed, &game);
        let replayed = Game::replay(rules, *game.setup(), game.moves()).unwrap();
        prop_assert_eq!(&replayed, &game);
        let json = serde_json::to_string(&game).unwrap();
        let record: Record = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&record, &game.record());
        let back: Game = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, game);
    }
}

/// The Wilson–Hilferty approximation of the chi-squared quantile with `df` degrees
/// of freedom at the standard normal quantile `z`.
fn chi2_quantile(df: f64, z: f64) -> f64 {
    let a = 2.0 / (9.0 * df);
    df * (1.0 - a + z * a.sqrt()).powi(3)
}

#[test]
fn random_move_is_uniform_among_the_legal_moves() {
    // For every position of 20 random games, 60 draws per legal move; the counts of
    // each list index, pooled by list length, must fit the uniform distribution
    // (chi-squared, p = 1e-6 per length: z = 4.75). Seeded: the test is exact.
    let mut draws = Pcg64Mcg::seed_from_u64(99);
    let mut pooled = [[0u64; MAX_MOVES]; MAX_MOVES + 1];
    let mut positions = [0u64; MAX_MOVES + 1];
    for seed in 0..20 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut game = Game::random(Rules::default(), &mut rng).unwrap();
        while let Some(mv) = game.random_move(&mut rng) {
            let legal = game.legal_moves();
            let k = legal.len();
            if k > 1 {
                positions[k] += 1;
                for _ in 0..60 * k {
                    let m = game.random_move(&mut draws).unwrap();
                    let i = legal.iter().position(|&l| l == m).expect("a listed move");
                    pooled[k][i] += 1;
                }
            }
            game.play(mv).unwrap();
        }
    }
    let mut lengths = 0;
    for k in 2..=MAX_MOVES {
        if positions[k] == 0 {
            continue;
        }
        lengths += 1;
        let n: u64 = pooled[k].iter().sum();
        let expected = n as f64 / k as f64;
        let chi2: f64 = pooled[k][..k]
            .iter()
            .map(|&o| (o as f64 - expected).powi(2) / expected)
            .sum();
        let limit = chi2_quantile((k - 1) as f64, 4.75);
        assert!(
            chi2 < limit,
            "{k} legal moves ({} positions): chi-squared {chi2:.1} over {limit:.1}, counts {:?}",
            positions[k],
            &pooled[k][..k]
        );
    }
    assert!(lengths >= 5, "lists of several lengths were tried");
}

#[test]
fn the_uniform_draw_is_pinned() {
    // Replays and seeded tests depend on these values: they must never change.
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let ns = [1, 2, 3, 10, 1000, u32::MAX];
    let drawn: Vec<u32> = (0..12).map(|k| below(&mut rng, ns[k % 6])).collect();
    assert_eq!(
        drawn,
        [0, 0, 2, 2, 704, 948_110_966, 0, 1, 0, 1, 883, 3_958_879_474]
    );
    // n = 0 answers 0, without panicking.
    assert_eq!(below(&mut rng, 0), 0);
}
