//! Properties of random games: the 32 cards are always all somewhere, each once;
//! every game ends; every hand has a winner and the zöld VIII's holder can always
//! win its hand; views never hold a card hidden from their player; replays and
//! serde give the same game; the legal-move list is what the check accepts.

use proptest::prelude::*;
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tarokk_war::{Awaiting, Card, Event, Game, Move, Player, Rules, ZOLD_VIII};

/// Every card's whereabouts, counted.
fn census(g: &Game) -> Vec<Card> {
    let mut all: Vec<Card> = Vec::new();
    for p in [Player::One, Player::Two] {
        all.extend(g.hand(p));
        all.extend(g.soldiers(p));
        all.extend(g.reserve(p));
        all.extend(g.holdings(p));
    }
    all.extend(g.played());
    all.extend(g.soldier_pile());
    all.extend(g.location_pile());
    all.extend(g.tok_viii_location().map(|(_, c)| c));
    let (up, down) = g.graveyard();
    all.extend(up);
    all.extend(down);
    all.extend(g.front().map(|(c, _)| c));
    all.extend(g.face_down());
    // Phase I: the hand cards are in hands or played; between phases they are buried.
    all.sort();
    all
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(64),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_games_keep_every_invariant(seed: u64, numeral: bool) {
        let rules = Rules::default().with_location_value(numeral);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut game = Game::random(rules, &mut rng).unwrap();
        let every: Vec<Card> = Card::all().collect();
        let kinds = |c: Card| [Move::Play(c), Move::Defend(c), Move::Attack(c)];
        let mut moves = 0;
        let mut hand_winners = 0;
        while !game.is_over() {
            // The census: all 32, each once (W1).
            let mut c = census(&game);
            c.dedup();
            prop_assert_eq!(c.len(), 32, "cards lost or doubled: {:?}", census(&game));
            // The legal-move list is exactly what the check accepts.
            let legal = game.legal_moves();
            prop_assert!(!legal.is_empty());
            let accepted: Vec<Move> = every.iter().flat_map(|&c| kinds(c)).filter(|&m| game.check(m).is_ok()).collect();
            let mut listed = legal.to_vec();
            listed.sort_by_key(|m| (m.card(), format!("{m}")));
            let mut acc = accepted.clone();
            acc.sort_by_key(|m| (m.card(), format!("{m}")));
            prop_assert_eq!(listed, acc);
            // Views: no card hidden from their player.
            for viewer in [Player::One, Player::Two] {
                let json = serde_json::to_string(&game.view(viewer)).unwrap();
                let other = viewer.other();
                let hidden = game
                    .hand(other)
                    .chain(game.soldiers(other))
                    .chain(game.reserve(other))
                    .chain(game.face_down().filter(|_| game.front().map(|(_, d)| d) == Some(other)));
                for h in hidden {
                    prop_assert!(!json.contains(&format!("\"{h:#}\"")), "{} leaks to {}", h, viewer);
                }
            }
            // The holder of the zöld VIII can always win the hand (W4): from the
            // hand's start, by playing it at the first turn.
            if matches!(game.awaiting(), Awaiting::Play(_)) && game.played().next().is_none() {
                let holder = [Player::One, Player::Two].into_iter().find(|&p| game.hand(p).any(|c| c == ZOLD_VIII));
                if let Some(h) = holder {
                    let mut trial = game.clone();
                    let mut won = None;
                    while won.is_none() {
                        let mv = match trial.awaiting() {
                            Awaiting::Play(p) if p == h => Move::Play(ZOLD_VIII),
                            _ => trial.random_move(&mut rng).unwrap(),
                        };
                        for e in trial.play_logged(mv).unwrap() {
                            if let Event::HandWon { player, .. } = e {
                                won = Some(player);
                            }
                        }
                    }
                    prop_assert_eq!(won, Some(h));
                }
            }
            let mv = game.random_move(&mut rng).unwrap();
            let before = game.clone();
            let events = game.play_logged(mv).unwrap();
            // A new front from holdings (an empty reserve) is the most recently won
            // location (W9): the holdings are a stack.
            let fronts: Vec<Event> = events.iter().copied().filter(|e| matches!(e, Event::Front { .. })).collect();
            if let [Event::Front { defender, location }] = fronts[..]
                && game.reserve(defender).next().is_none()
                && !before.reserve(defender).any(|c| c == location)
            {
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
            }
            hand_winners += events.iter().filter(|e| matches!(e, Event::HandWon { .. })).count();
            // A refused move changes nothing.
            if let Some(bad) = every.iter().flat_map(|&c| kinds(c)).find(|&m| before.check(m).is_err()) {
                let mut probe = before.clone();
                prop_assert!(probe.play(bad).is_err());
                prop_assert_eq!(&probe, &before);
            }
            moves += 1;
            prop_assert!(moves < 1000, "the game did not end");
        }
        prop_assert_eq!(hand_winners, 10, "ten hands, each with a winner");
        let o = game.outcome().unwrap();
        prop_assert!(o.winner.is_some() || o.points[0] == o.points[1]);
        let replayed = Game::replay(rules, *game.deal(), game.moves()).unwrap();
        prop_assert_eq!(&replayed, &game);
        let back: Game = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
        prop_assert_eq!(back, game);
    }
}
