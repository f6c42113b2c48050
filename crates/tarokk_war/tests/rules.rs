//! One test per ruling (W1–W12), on fixed deck orders. In a deal, each hand's six
//! cards go three to the dealer's opponent (first) and three to the dealer (last).

use tarokk_war::{
    Awaiting, Card, End, Event, Game, HAND_CARDS, HandWin, IllegalMove, LOCATIONS, Laid, Move,
    Player, Rules, SOLDIERS, Setup, TOK_VIII, ZOLD_VIII,
};

fn c(s: &str) -> Card {
    s.parse().unwrap_or_else(|_| panic!("{s}"))
}

fn cards(names: &[&str]) -> Vec<Card> {
    names.iter().map(|n| c(n)).collect()
}

/// A setup: player 1 deals first, the given soldier order, every hand dealt as
/// `hand` (player 2's three, then player 1's three, when player 1 deals).
fn deal(soldiers: &[Card], hand: [&str; 6]) -> Setup {
    let h: Vec<Card> = cards(&hand);
    Setup {
        first_dealer: Player::One,
        soldiers: soldiers.try_into().unwrap(),
        hands: [h.clone().try_into().unwrap(); 10],
    }
}

/// Plays `mv` (a bare card is the awaited kind) and returns its events.
fn play(g: &mut Game, mv: &str) -> Vec<Event> {
    let m = g.parse_move(mv).unwrap();
    logged(g, m)
}

/// Plays `mv` and returns its events.
fn logged(g: &mut Game, mv: Move) -> Vec<Event> {
    let mut events = vec![];
    g.play_traced(mv, &mut |e| events.push(e))
        .unwrap_or_else(|e| panic!("{mv}: {e}"));
    events
}

#[test]
fn w1_the_pack_and_its_three_groups() {
    let mut all: Vec<Card> = SOLDIERS
        .iter()
        .chain(&LOCATIONS)
        .chain(&HAND_CARDS)
        .copied()
        .collect();
    all.sort();
    all.dedup();
    assert_eq!(
        all.len(),
        32,
        "the three groups are the whole pack, each card once"
    );
    assert!(
        HAND_CARDS.contains(&ZOLD_VIII),
        "the zöld VIII is a hand card (W1)"
    );
    assert!(
        LOCATIONS.contains(&c("zöld VII")),
        "and the zöld VII a location (W1)"
    );
    assert_eq!(
        cards(&[
            "tök VII",
            "tök X",
            "zöld VIII",
            "zöld IX",
            "zöld X",
            "makk IX"
        ]),
        HAND_CARDS
    );
    for (text, code) in [
        ("zöld VIII", "Z8"),
        ("tök ász", "TA"),
        ("makk felső", "MO"),
        ("piros alsó", "PU"),
        ("makk X", "MX"),
    ] {
        let card = c(text);
        assert_eq!(card.name(), text);
        assert_eq!(card.to_string(), code, "the notation is the code");
        assert_eq!(c(code), card);
    }
    assert_eq!(c("zold viii"), ZOLD_VIII);
    assert_eq!(c("Tok Asz"), c("tök ász"));
    assert_eq!(c("makk 10"), c("makk X"));
    for bad in ["", "zöld", "zöld XI", "kék VII", "Z", "Q8", "zöld VIII x"] {
        assert!(bad.parse::<Card>().is_err(), "{bad}");
    }
}

#[test]
fn w2_deals_are_checked_and_replay_exactly() {
    let mut d = deal(
        &SOLDIERS,
        [
            "tök VII",
            "zöld IX",
            "makk IX",
            "tök X",
            "zöld X",
            "zöld VIII",
        ],
    );
    assert!(Game::new(Rules::default(), d).is_ok());
    d.hands[3][0] = c("piros ász");
    assert!(Game::new(Rules::default(), d).is_err());
    let mut d2 = deal(
        &SOLDIERS,
        [
            "tök VII",
            "zöld IX",
            "makk IX",
            "tök X",
            "zöld X",
            "zöld VIII",
        ],
    );
    d2.soldiers[0] = d2.soldiers[1];
    assert!(Game::new(Rules::default(), d2).is_err());
    // Same deal and moves: the same game.
    use rand_core::SeedableRng;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(4);
    let mut g = Game::random(Rules::default(), &mut rng).unwrap();
    while let Some(mv) = g.random_move(&mut rng) {
        g.play(mv).unwrap();
    }
    let again = Game::replay(Rules::default(), *g.setup(), g.moves()).unwrap();
    assert_eq!(again, g);
}

#[test]
fn w3_the_higher_numeral_takes_and_the_taker_leads() {
    // Player 2 holds tök VII, zöld IX, makk IX; player 1 (dealer) tök X, zöld X, zöld VIII.
    let mut g = Game::new(
        Rules::default(),
        deal(
            &SOLDIERS,
            [
                "tök VII",
                "zöld IX",
                "makk IX",
                "tök X",
                "zöld X",
                "zöld VIII",
            ],
        ),
    )
    .unwrap();
    assert_eq!(
        g.awaiting(),
        Awaiting::Play(Player::One),
        "the dealer leads"
    );
    play(&mut g, "tök X");
    let e = play(&mut g, "tök VII");
    assert!(e.contains(&Event::Took {
        player: Player::One,
        cards: 2
    }));
    assert_eq!(g.awaiting(), Awaiting::Play(Player::One), "the taker leads");
    // Suits do not matter: zöld X takes makk IX.
    play(&mut g, "zöld X");
    let e = play(&mut g, "makk IX");
    assert!(
        e.contains(&Event::HandWon {
            player: Player::One,
            by: HandWin::FourCards
        }),
        "{e:?}"
    );
}

#[test]
fn w3_equal_values_go_to_a_pot_for_the_next_taker() {
    let mut g = Game::new(
        Rules::default(),
        deal(
            &SOLDIERS,
            [
                "zöld IX",
                "tök VII",
                "zöld VIII",
                "makk IX",
                "tök X",
                "zöld X",
            ],
        ),
    )
    .unwrap();
    play(&mut g, "makk IX");
    let e = play(&mut g, "zöld IX");
    assert!(e.contains(&Event::Pot { cards: 2 }));
    assert_eq!(
        g.awaiting(),
        Awaiting::Play(Player::One),
        "the same leader leads again"
    );
    play(&mut g, "tök X");
    let e = play(&mut g, "tök VII");
    assert!(
        e.contains(&Event::Took {
            player: Player::One,
            cards: 4
        }),
        "the pot goes too"
    );
    assert!(e.contains(&Event::HandWon {
        player: Player::One,
        by: HandWin::FourCards
    }));
}

#[test]
fn w4_the_zold_viii_wins_led_or_followed() {
    // Led: player 1 holds it and leads it.
    let mut g = Game::new(
        Rules::default(),
        deal(
            &SOLDIERS,
            [
                "tök VII",
                "zöld IX",
                "makk IX",
                "tök X",
                "zöld X",
                "zöld VIII",
            ],
        ),
    )
    .unwrap();
    let e = play(&mut g, "zöld VIII");
    assert!(e.contains(&Event::HandWon {
        player: Player::One,
        by: HandWin::ZoldVIII
    }));
    // Followed: player 2 holds it and plays it to player 1's lead.
    let mut g = Game::new(
        Rules::default(),
        deal(
            &SOLDIERS,
            [
                "zöld VIII",
                "zöld IX",
                "makk IX",
                "tök X",
                "zöld X",
                "tök VII",
            ],
        ),
    )
    .unwrap();
    play(&mut g, "tök VII");
    let e = play(&mut g, "zöld VIII");
    assert!(e.contains(&Event::HandWon {
        player: Player::Two,
        by: HandWin::ZoldVIII
    }));
}

#[test]
fn w5_draws_the_tok_viii_and_the_odd_soldier() {
    // Player 1 wins every hand by playing the zöld VIII at once (it is always in
    // player 1's cards: last three when dealing, first three when not).
    let mut soldiers = SOLDIERS;
    soldiers.swap(0, 1); // the tök VIII on top: the first hand's winner draws it
    let mut g = Game::new(Rules::default(), zold_viii_deal(&soldiers)).unwrap();
    let mut draws = vec![];
    let mut dealers = vec![];
    let mut dealt = vec![];
    for hand in 0..10 {
        if let Awaiting::Play(p) = g.awaiting() {
            dealers.push(p);
            if p == Player::Two {
                play(&mut g, "makk IX");
            }
        }
        let events = play(&mut g, "zöld VIII");
        for e in events {
            match e {
                Event::Dealt { hand: number, .. } => dealt.push(number),
                Event::Drew { player, card } => draws.push((player, card.unwrap())),
                Event::TokVIII { player, location } => {
                    assert_eq!((hand, player, location), (0, Player::One, c("piros IX")));
                }
                _ => {}
            }
        }
    }
    assert_eq!(
        dealers[..4],
        [Player::One, Player::Two, Player::One, Player::Two],
        "the deal alternates"
    );
    assert_eq!(
        dealt,
        [2, 3, 4, 5, 6, 7, 8, 9, 10],
        "hands are numbered from 1"
    );
    assert_eq!(draws.len(), 19);
    assert_eq!(draws[0], (Player::One, TOK_VIII), "the winner draws first");
    assert_eq!(draws[1].0, Player::Two);
    assert_eq!(
        draws[18].0,
        Player::One,
        "the odd 19th soldier goes to the last winner"
    );
    assert!(g.in_phase_two());
    assert!(!g.soldiers(Player::One).any(|s| s == TOK_VIII), "buried");
    assert_eq!(g.soldiers(Player::One).count(), 9);
    assert_eq!(g.soldiers(Player::Two).count(), 9);
}

/// A deal in which player 1 holds the zöld VIII in every hand (it is always in
/// player 1's cards: the last three when player 1 deals, the first three when
/// player 2 deals), with `soldiers` as the soldier pile.
fn zold_viii_deal(soldiers: &[Card; 19]) -> Setup {
    let mut d = deal(
        soldiers,
        [
            "tök VII",
            "zöld IX",
            "makk IX",
            "tök X",
            "zöld X",
            "zöld VIII",
        ],
    );
    for (k, h) in d.hands.iter_mut().enumerate() {
        if k % 2 == 1 {
            // Player 2 deals: player 1 gets the first three.
            *h = cards(&[
                "zöld VIII",
                "zöld X",
                "tök X",
                "makk IX",
                "zöld IX",
                "tök VII",
            ])
            .try_into()
            .unwrap();
        }
    }
    d
}

/// Player 1 wins every hand with the zöld VIII; soldiers alternate player 1, 2, ….
fn to_phase_two(rules: Rules, soldiers: [Card; 19]) -> Game {
    let mut g = Game::new(rules, zold_viii_deal(&soldiers)).unwrap();
    while !g.in_phase_two() {
        if g.awaiting() == Awaiting::Play(Player::Two) {
            play(&mut g, "makk IX");
        }
        play(&mut g, "zöld VIII");
    }
    g
}

/// Player 1 strong (aces, kings, two felsők), player 2 weak and the tök VIII drawer.
fn strong_one_weak_two() -> [Card; 19] {
    cards(&[
        "piros ász",
        "tök VIII",
        "tök ász",
        "piros VII",
        "zöld ász",
        "piros VIII",
        "makk ász",
        "zöld alsó",
        "makk király",
        "makk alsó",
        "tök király",
        "piros alsó",
        "zöld király",
        "tök alsó",
        "piros király",
        "piros felső",
        "tök felső",
        "zöld felső",
        "makk felső",
    ])
    .try_into()
    .unwrap()
}

#[test]
fn w6_phase_two_setup() {
    let g = to_phase_two(Rules::default(), strong_one_weak_two());
    assert_eq!(
        g.front(),
        Some((c("piros IX"), Player::Two)),
        "the tök VIII drawer defends first"
    );
    // The other six dealt alternately, attacker (player 1) first; last dealt on top.
    assert_eq!(
        g.reserve(Player::One).collect::<Vec<_>>(),
        cards(&["makk X", "makk VIII", "makk VII"])
    );
    assert_eq!(
        g.reserve(Player::Two).collect::<Vec<_>>(),
        cards(&["zöld VII", "tök IX", "piros X"])
    );
    let v = g.view(Player::One);
    for h in HAND_CARDS {
        assert!(
            v.graveyard.contains(&h),
            "the hand cards are in the graveyard"
        );
    }
    assert_eq!(v.graveyard_face_down, 1, "the buried tök VIII");
    assert_eq!(g.awaiting(), Awaiting::Defend(Player::Two));
}

#[test]
fn w7_w9_battles_fronts_and_ties() {
    let mut g = to_phase_two(Rules::default(), strong_one_weak_two());
    assert_eq!(
        g.check(Move::Attack(c("piros ász"))),
        Err(IllegalMove::DefenderFirst)
    );
    // Attacker wins: piros IX passes to player 1; player 2 (the loser) defends next
    // with its reserve's top, piros X.
    play(&mut g, "lay piros VII");
    let e = play(&mut g, "attack piros ász");
    assert!(e.contains(&Event::Battle {
        attacker: c("piros ász"),
        defender: c("piros VII"),
        winner: Player::One
    }));
    assert!(e.contains(&Event::Location {
        holder: Player::One,
        location: c("piros IX"),
        captured: true
    }));
    assert_eq!(g.front(), Some((c("piros X"), Player::Two)));
    // A tie: the defender wins and keeps piros X; player 1 (the loser) defends next
    // with its reserve's top, makk VII.
    play(&mut g, "lay zöld felső");
    let e = play(&mut g, "attack makk felső");
    assert!(e.contains(&Event::Battle {
        attacker: c("makk felső"),
        defender: c("zöld felső"),
        winner: Player::Two
    }));
    assert!(e.contains(&Event::Location {
        holder: Player::Two,
        location: c("piros X"),
        captured: false
    }));
    assert_eq!(g.front(), Some((c("makk VII"), Player::One)));
    // The defender (player 1) wins outright with a stronger soldier.
    play(&mut g, "lay tök ász");
    let e = play(&mut g, "attack piros felső");
    assert!(e.contains(&Event::Battle {
        attacker: c("piros felső"),
        defender: c("tök ász"),
        winner: Player::One
    }));
    assert_eq!(g.front(), Some((c("tök IX"), Player::Two)));
    assert_eq!(
        g.holdings(Player::One).collect::<Vec<_>>(),
        cards(&["piros IX", "makk VII"])
    );
}

#[test]
fn w9_a_spent_reserve_puts_up_the_last_location_won() {
    let mut g = to_phase_two(Rules::default(), strong_one_weak_two());
    for (lay, attack) in [
        ("piros VII", "piros ász"), // player 1 takes piros IX; player 2 puts up piros X
        ("zöld felső", "makk felső"), // a tie: player 2 keeps piros X; player 1 defends makk VII
        ("tök ász", "piros VIII"),  // player 1 keeps makk VII; player 2 puts up tök IX
        ("zöld alsó", "zöld ász"),  // player 1 takes tök IX; player 2 puts up zöld VII
    ] {
        play(&mut g, &format!("lay {lay}"));
        play(&mut g, &format!("attack {attack}"));
    }
    assert_eq!(g.front(), Some((c("zöld VII"), Player::Two)));
    assert_eq!(
        g.reserve(Player::Two).count(),
        0,
        "player 2's reserve is spent"
    );
    play(&mut g, "lay makk alsó");
    let e = play(&mut g, "attack makk ász");
    // Player 2 lost again and must defend: from its holdings, the location it kept.
    assert!(
        e.contains(&Event::Front {
            defender: Player::Two,
            location: c("piros X")
        }),
        "{e:?}"
    );
    assert_eq!(g.holdings(Player::Two).count(), 0);
    assert_eq!(
        g.holdings(Player::One).collect::<Vec<_>>(),
        cards(&["piros IX", "makk VII", "tök IX", "zöld VII"])
    );
}

#[test]
fn w9_w10_fronts_from_holdings_conquest_and_unopposed_captures() {
    // Player 2 always lays its weakest; player 1 attacks with its strongest. Player 2
    // loses every battle and defends each time: reserve first (piros X, tök IX,
    // zöld VII), then the locations it holds (none: it keeps none), so it is
    // conquered once its reserve is spent.
    let rules = Rules::default();
    let mut g = to_phase_two(rules, strong_one_weak_two());
    let mut fronts = vec![];
    let mut conquered = false;
    while !g.is_over() {
        let mv = match g.awaiting() {
            Awaiting::Defend(p) => {
                let weakest = g.soldiers(p).min_by_key(|&s| rules.strength(s)).unwrap();
                Move::Defend(weakest)
            }
            Awaiting::Attack(p) => {
                let strongest = g.soldiers(p).max_by_key(|&s| rules.strength(s)).unwrap();
                Move::Attack(strongest)
            }
            _ => unreachable!(),
        };
        for e in logged(&mut g, mv) {
            match e {
                Event::Front { location, .. } => fronts.push(location),
                Event::Conquered { player } => {
                    assert_eq!(player, Player::Two);
                    conquered = true;
                }
                _ => {}
            }
        }
    }
    assert!(conquered);
    assert_eq!(fronts, cards(&["piros X", "tök IX", "zöld VII"]));
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.winner(), o.reason(), o.conquered()),
        (Some(Player::One), End::Conquest, Some(Player::Two))
    );
    assert_eq!(
        o.score().points,
        [7, 0],
        "all seven locations: 1 point each (W10)"
    );
    assert_eq!(
        (o.score().of(Player::One), o.score().of(Player::Two)),
        (7, 0)
    );
    assert_eq!(o.to_string(), "player 1 wins 7–0 (conquest)");
    assert_eq!(g.score(), o.score());
    // With numeral values: 9 + 10 + 7 + 8 + 9 + 7 + 10.
    let mut g = to_phase_two(rules.with_location_value(true), strong_one_weak_two());
    while let Some(mv) = g.legal_moves().iter().copied().max_by_key(|m| {
        let s = rules.strength(m.card());
        if matches!(m, Move::Defend(_)) && g.awaiting() == Awaiting::Defend(Player::Two) {
            10 - s
        } else {
            s
        }
    }) {
        g.play(mv).unwrap();
    }
    assert_eq!(
        g.outcome().unwrap().score().points[0],
        9 + 10 + 7 + 8 + 9 + 7 + 10
    );
}

#[test]
fn w10_unopposed_captures_and_the_end_when_the_attacker_has_none() {
    // Player 2 (8 soldiers, 3 reserve locations) defends with its weakest and loses
    // every battle to player 1's strongest: it is conquered after three battles,
    // long before either side runs out of soldiers: no unopposed capture.
    let rules = Rules::default();
    let mut g = to_phase_two(rules, strong_one_weak_two());
    let mut unopposed = vec![];
    while !g.is_over() {
        let mv = match g.awaiting() {
            Awaiting::Defend(p) => {
                Move::Defend(g.soldiers(p).min_by_key(|&s| rules.strength(s)).unwrap())
            }
            Awaiting::Attack(p) => {
                Move::Attack(g.soldiers(p).max_by_key(|&s| rules.strength(s)).unwrap())
            }
            _ => unreachable!(),
        };
        for e in logged(&mut g, mv) {
            if let Event::Unopposed { player, card } = e {
                unopposed.push((player, card));
            }
        }
    }
    assert!(unopposed.is_empty());
    assert_eq!(g.outcome().unwrap().conquered(), Some(Player::Two));
    // Unopposed captures in real games: whenever one happens, the defender had no
    // soldier, the attacker had, and the front went to the attacker (W10).
    use rand_core::SeedableRng;
    let mut seen = 0;
    for seed in 0..300 {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut g = Game::random(rules, &mut rng).unwrap();
        while let Some(mv) = g.random_move(&mut rng) {
            let before = g.clone();
            let events = logged(&mut g, mv);
            if let Some(k) = events
                .iter()
                .position(|e| matches!(e, Event::Unopposed { .. }))
            {
                let Event::Unopposed { player, card } = events[k] else {
                    unreachable!()
                };
                seen += 1;
                assert!(
                    before.soldiers(player).any(|s| s == card),
                    "the attacker's own soldier"
                );
                assert!(
                    !g.soldiers(player).any(|s| s == card),
                    "the soldier is spent"
                );
                assert_eq!(
                    g.soldiers(player.other()).count(),
                    0,
                    "the defender had none"
                );
                assert!(
                    matches!(events.get(k + 1), Some(Event::Location { holder, captured: true, .. }) if *holder == player),
                    "{events:?}"
                );
            }
        }
    }
    assert!(
        seen > 10,
        "unopposed captures happen in random games ({seen})"
    );
    // The attacker runs out first: player 2 strong, player 1 weak but attacking.
    let reversed: [Card; 19] = cards(&[
        "piros VII",
        "tök VIII",
        "piros VIII",
        "piros ász",
        "zöld alsó",
        "tök ász",
        "makk alsó",
        "zöld ász",
        "piros alsó",
        "makk ász",
        "tök alsó",
        "makk király",
        "piros felső",
        "tök király",
        "zöld felső",
        "zöld király",
        "makk felső",
        "piros király",
        "tök felső",
    ])
    .try_into()
    .unwrap();
    let mut g = to_phase_two(Rules::default(), reversed);
    while let Some(mv) = g.legal_moves().first().copied() {
        g.play(mv).unwrap();
    }
    let o = g.outcome().unwrap();
    assert_eq!(
        o.score().points[0] + o.score().points[1],
        7,
        "every location is someone's"
    );
    // Games that end with the attacker out of soldiers: the points decide (W10).
    let mut on_points = 0;
    for seed in 0..40 {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut g = Game::random(Rules::default(), &mut rng).unwrap();
        g.play_out(&mut rng, usize::MAX);
        let o = g.outcome().unwrap();
        if o.reason() != End::OutOfSoldiers {
            continue;
        }
        on_points += 1;
        let [one, two] = o.score().points;
        let winner = if one > two { Player::One } else { Player::Two };
        assert_ne!(one, two, "seven locations never split evenly");
        assert_eq!((o.winner(), o.conquered()), (Some(winner), None));
        assert_eq!(
            o.to_string(),
            format!("{winner} wins {one}–{two} (on points)")
        );
    }
    assert!(on_points > 3, "{on_points} games ended on points");
}

#[test]
fn w8_a_custom_strength_table() {
    // Reverse the default: piros VII/VIII strongest, ászok weakest.
    let r = Rules::default();
    let tier = |rank: &str| -> Vec<Card> {
        SOLDIERS
            .iter()
            .copied()
            .filter(|&s| s != TOK_VIII && s.name().ends_with(rank))
            .collect()
    };
    let tiers = vec![
        tier("ász"),
        tier("király"),
        tier("felső"),
        tier("alsó"),
        cards(&["piros VII", "piros VIII"]),
    ];
    let reversed = r.with_strength(&tiers).unwrap();
    assert!(reversed.strength(c("piros VII")) > reversed.strength(c("tök ász")));
    let mut g = to_phase_two(reversed, strong_one_weak_two());
    play(&mut g, "lay piros VII");
    let e = play(&mut g, "attack piros ász");
    assert!(e.contains(&Event::Battle {
        attacker: c("piros ász"),
        defender: c("piros VII"),
        winner: Player::Two
    }));
    // Tables must hold each phase-II soldier once.
    assert!(r.with_strength(&[cards(&["piros ász"])]).is_err());
    assert!(r.with_strength(&[cards(&["tök VIII"])]).is_err());
    assert!(r.with_strength(&[tier("ász"), tier("ász")]).is_err());
}

#[test]
fn w11_w12_views_and_events_hide_what_they_must() {
    let mut g = to_phase_two(Rules::default(), strong_one_weak_two());
    let v1 = g.view(Player::One);
    assert_eq!(v1.soldiers.len(), 10);
    assert_eq!(v1.opponent_soldiers, 8);
    assert_eq!(v1.reserve, cards(&["makk X", "makk VIII", "makk VII"]));
    let json = serde_json::to_string(&v1).unwrap();
    for s in g.soldiers(Player::Two) {
        assert!(
            !json.contains(&format!("\"{s}\"")),
            "{s} leaks into player 1's view"
        );
    }
    // The defender's face-down soldier is hidden from the attacker until turned;
    // before it is laid, both see that nothing lies there.
    assert_eq!(g.view(Player::One).laid, Laid::None);
    assert_eq!(g.view(Player::Two).laid, Laid::None);
    let e = play(&mut g, "lay piros VII");
    let laid = e[0];
    assert_eq!(
        laid.seen_by(Player::One),
        Event::Laid {
            player: Player::Two,
            card: None
        }
    );
    assert_eq!(
        laid.seen_by(Player::Two),
        Event::Laid {
            player: Player::Two,
            card: Some(c("piros VII"))
        }
    );
    assert_eq!(g.view(Player::One).laid, Laid::FaceDown);
    assert_eq!(g.view(Player::Two).laid, Laid::Known(c("piros VII")));
    // A draw is "you drew X" for one and "a soldier" for the other.
    let d = Event::Drew {
        player: Player::One,
        card: Some(c("tök ász")),
    };
    assert_eq!(
        d.seen_by(Player::Two),
        Event::Drew {
            player: Player::One,
            card: None
        }
    );
    assert_eq!(d.seen_by(Player::One), d);
    // Moves of the wrong kind are refused and change nothing.
    let before = g.clone();
    assert_eq!(g.play(Move::Play(c("tök X"))), Err(IllegalMove::WrongPhase));
    assert_eq!(
        g.play(Move::Attack(c("piros VII"))),
        Err(IllegalMove::NotHeld(c("piros VII")))
    );
    assert_eq!(
        g.play(Move::Defend(c("piros VIII"))),
        Err(IllegalMove::AttackerNext)
    );
    assert_eq!(g, before);
}

/// A reported leak, fixed: once phase II starts, a view keeps no count of phase I's last
/// hand (the six hand cards are in the graveyard, not taken or in the pot).
#[test]
fn w6_w11_phase_two_views_keep_no_phase_one_counts() {
    let soldiers: [Card; 19] = cards(&[
        "PO", "T8", "MK", "TK", "PA", "TO", "ZK", "ZA", "ZO", "P8", "ZU", "MU", "MA", "TA", "PK",
        "P7", "MO", "PU", "TU",
    ])
    .try_into()
    .unwrap();
    let mut hands = [[c("T7"); 6]; 10];
    for h in &mut hands[..9] {
        *h = cards(&["T7", "TX", "ZX", "Z8", "Z9", "M9"])
            .try_into()
            .unwrap();
    }
    hands[9] = cards(&["TX", "Z9", "Z8", "T7", "ZX", "M9"])
        .try_into()
        .unwrap();
    let setup = Setup {
        first_dealer: Player::One,
        soldiers,
        hands,
    };
    let mut g = Game::new(Rules::default(), setup).unwrap();
    // Nine hands won by their dealer with the zöld VIII led at once.
    for _ in 0..9 {
        play(&mut g, "Z8");
    }
    // The tenth: player 2 deals and leads T7, player 1 takes it with TX (two cards
    // taken), then wins with the zöld VIII: the last soldier, and phase II.
    play(&mut g, "T7");
    play(&mut g, "TX");
    assert_eq!(g.taken(Player::One).count(), 2);
    assert_eq!(g.view(Player::Two).taken, [2, 0]);
    play(&mut g, "Z8");
    assert!(g.in_phase_two());
    let v = g.view(Player::One);
    assert_eq!(v.taken, [0, 0], "no phase I counts in phase II");
    assert_eq!(v.pot, 0);
    assert_eq!(v.led, None);
    assert!(v.hand.is_empty() && v.opponent_hand == 0);
    for h in HAND_CARDS {
        assert!(v.graveyard.contains(&h), "{h} is in the graveyard");
    }
    assert_eq!(
        g.taken(Player::One).count() + g.taken(Player::Two).count(),
        0
    );
    assert_eq!(g.pot().count(), 0);
}

/// Equal values: the pot holds both cards until a trick is taken, and every card
/// played this hand is on the table, in the pot or taken (W3).
#[test]
fn w3_the_pot_and_the_taken_cards_are_named() {
    let mut g = Game::new(
        Rules::default(),
        deal(&SOLDIERS, ["ZX", "T7", "Z9", "M9", "TX", "Z8"]),
    )
    .unwrap();
    play(&mut g, "M9");
    assert_eq!(g.led(), Some(c("M9")));
    play(&mut g, "Z9");
    assert_eq!(g.led(), None);
    assert_eq!(g.pot().collect::<Vec<_>>(), cards(&["Z9", "M9"]));
    assert_eq!(g.view(Player::Two).pot, 2);
    play(&mut g, "TX");
    play(&mut g, "T7");
    // Player 1 took all four and won the hand: hand 2 is dealt, nothing taken yet.
    assert_eq!(g.hand_number(), 2);
    assert_eq!(g.pot().count(), 0);
    assert_eq!(g.taken(Player::One).count(), 0);
    // Mid-trick, the taken cards are named.
    let mut g = Game::new(
        Rules::default(),
        deal(&SOLDIERS, ["T7", "Z9", "M9", "TX", "ZX", "Z8"]),
    )
    .unwrap();
    play(&mut g, "TX");
    play(&mut g, "T7");
    assert_eq!(
        g.taken(Player::One).collect::<Vec<_>>(),
        cards(&["T7", "TX"])
    );
    assert_eq!(g.view(Player::Two).taken, [2, 0]);
}

/// W11: the picture of a view shows what its player may see, phase I and phase II.
#[test]
fn w11_a_view_prints_as_the_table_its_player_sees() {
    let mut g = Game::new(
        Rules::default(),
        deal(&SOLDIERS, ["T7", "Z9", "M9", "TX", "ZX", "Z8"]),
    )
    .unwrap();
    play(&mut g, "TX");
    assert_eq!(
        g.view(Player::Two).to_string(),
        "player 2's view: player 2 to play\n\
         hand 1: T7, Z9, M9; opponent holds 2\n\
         led: TX\n\
         pot 0; taken 0 / 0; soldier pile 19\n\
         soldiers: none; opponent has 0\n\
         reserve: none; opponent's reserve 0\n\
         holdings: none | none\n\
         graveyard: 0 face up, 0 face down; score 0–0\n"
    );
    let mut g = to_phase_two(Rules::default(), strong_one_weak_two());
    play(&mut g, "lay piros VII");
    let v = g.view(Player::One);
    assert_eq!((v.opponent_reserve, v.opponent_soldiers), (3, 7));
    assert_eq!(
        v.to_string(),
        "player 1's view: player 1 to attack\n\
         front: P9, defended by player 2; a soldier lies face down\n\
         soldiers: PK, PA, TO, TK, TA, ZK, ZA, MO, MK, MA; opponent has 7\n\
         reserve: MX, M8, M7; opponent's reserve 3\n\
         holdings: none | none\n\
         graveyard: 6 face up, 1 face down; score 3–4\n"
    );
    assert!(
        g.view(Player::Two)
            .to_string()
            .contains("front: P9, defended by player 2; P7 lies face down\n"),
        "the defender knows its soldier"
    );
    play(&mut g, "attack piros ász");
    let picture = g.view(Player::Two).to_string();
    assert!(
        picture.contains("front: PX, defended by player 2\n"),
        "{picture}"
    );
    assert!(picture.contains("holdings: P9 | none\n"), "{picture}");
    assert!(
        picture.contains("reserve: Z7, T9; opponent's reserve 3\n"),
        "{picture}"
    );
    // Once over, the outcome closes the picture.
    while let Some(mv) = g.legal_moves().first().copied() {
        g.play(mv).unwrap();
    }
    let picture = g.view(Player::One).to_string();
    let last = picture.lines().last().unwrap();
    assert_eq!(last, g.outcome().unwrap().to_string());
}
