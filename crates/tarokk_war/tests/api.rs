//! The API's shape: presets, notation round trips, the stored game, errors and the
//! JSON names a client reads.

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tarokk_war::{
    Awaiting, Card, Event, Game, GameError, HAND_CARDS, HandWin, IllegalMove, Laid, Move, Player,
    Rank, Record, Rules, RulesError, SOLDIERS, Score, Setup, SetupError, Suit,
};

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

#[test]
fn every_preset_loads_equals_its_constructor_and_validates() {
    assert_eq!(Rules::PRESETS, ["source", "numeral_scoring"]);
    assert_eq!(Rules::PRESETS[0], "source", "the default first");
    let constructors = [Rules::source(), Rules::numeral_scoring()];
    for (name, rules) in Rules::PRESETS.iter().zip(constructors) {
        assert_eq!(Rules::preset(name), Ok(rules));
        assert_eq!(Rules::preset(&name.to_uppercase()), Ok(rules));
        assert_eq!(Rules::preset(&name.replace('_', "-")), Ok(rules));
        assert_eq!(rules.validate(), Ok(()));
        // Serde reads the name too.
        let read: Rules = serde_json::from_value(serde_json::json!(name)).unwrap();
        assert_eq!(read, rules);
    }
    assert_eq!(Rules::default(), Rules::source());
    assert!(!Rules::source().location_value());
    assert!(Rules::numeral_scoring().location_value());
    assert_eq!(
        Rules::preset("tarot"),
        Err(RulesError::UnknownPreset("tarot".into()))
    );
    // Case, spaces, `-` and `_` are ignored (game_kit::same_name), other letters count.
    for spelling in ["Source ", "numeral scoring", " NUMERAL-SCORING"] {
        assert!(Rules::preset(spelling).is_ok(), "{spelling}");
    }
    for unknown in ["sources", "numeral", "", "source2"] {
        assert_eq!(
            Rules::preset(unknown),
            Err(RulesError::UnknownPreset(unknown.into()))
        );
    }
}

#[test]
fn rules_serialise_as_settings_and_refuse_bad_tables() {
    let r = Rules::numeral_scoring();
    let json = serde_json::to_value(r).unwrap();
    assert_eq!(json["location_value"], true);
    assert_eq!(json["strength"][0], serde_json::json!(["P7", "P8"]));
    assert_eq!(serde_json::from_value::<Rules>(json.clone()).unwrap(), r);
    let mut bad = json.clone();
    bad["strength"][0] = serde_json::json!(["P7", "P8", "T8"]);
    assert!(serde_json::from_value::<Rules>(bad).is_err());
    let mut unknown = json;
    unknown["extra"] = serde_json::json!(1);
    assert!(serde_json::from_value::<Rules>(unknown).is_err());
}

#[test]
fn players_cards_and_moves_round_trip_through_their_notation() {
    assert_eq!(
        Player::all(2).collect::<Vec<_>>(),
        [Player::One, Player::Two]
    );
    assert_eq!(Player::all(1).collect::<Vec<_>>(), [Player::One]);
    assert_eq!(Player::all(5).count(), 2);
    for p in Player::all(2) {
        assert_eq!(p.to_string().parse::<Player>(), Ok(p));
        assert_eq!(Player::new(p.index()), Some(p));
        assert_eq!(p.other().other(), p);
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(serde_json::from_str::<Player>(&json).unwrap(), p);
    }
    assert_eq!(serde_json::to_string(&Player::One).unwrap(), "\"one\"");
    assert_eq!("2".parse::<Player>(), Ok(Player::Two));
    assert_eq!("One".parse::<Player>(), Ok(Player::One));
    assert!("player 3".parse::<Player>().is_err());
    assert_eq!(Player::new(2), None);
    for card in Card::all() {
        assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        assert_eq!(card.name().parse::<Card>(), Ok(card));
        assert_eq!(card.to_string().len(), 2);
        assert_eq!(serde_json::to_string(&card).unwrap(), format!("\"{card}\""));
    }
    for mv in Move::all() {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(json, format!("\"{mv}\""));
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
    }
    assert_eq!(Move::all().count(), 96);
    assert_eq!(
        "attack tök ász".parse::<Move>().map(|m| m.to_string()),
        Ok("attack TA".into())
    );
    let err = "lay kék 9".parse::<Move>().unwrap_err();
    assert!(err.to_string().contains("lay kék 9"), "{err}");
}

#[test]
fn the_tok_viii_event_and_the_laid_soldier_have_snake_case_names() {
    let e = Event::TokVIII {
        player: Player::Two,
        location: c("P9"),
    };
    let json = serde_json::to_string(&e).unwrap();
    assert_eq!(json, r#"{"tok_viii":{"player":"two","location":"P9"}}"#);
    assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), e);
    assert_eq!(serde_json::to_string(&Laid::None).unwrap(), r#""none""#);
    assert_eq!(
        serde_json::to_string(&Laid::FaceDown).unwrap(),
        r#""face_down""#
    );
    assert_eq!(
        serde_json::to_string(&Laid::Known(c("PA"))).unwrap(),
        r#"{"known":"PA"}"#
    );
}

fn setup() -> Setup {
    Setup::random(&mut Pcg64Mcg::seed_from_u64(8))
}

#[test]
fn setups_are_checked() {
    let good = setup();
    assert_eq!(good.validate(), Ok(()));
    let mut s = good;
    s.soldiers[3] = s.soldiers[4];
    assert_eq!(
        Game::new(Rules::default(), s),
        Err(GameError::Setup(SetupError::Soldiers))
    );
    let mut s = good;
    s.hands[7][2] = SOLDIERS[0];
    assert_eq!(
        Game::new(Rules::default(), s),
        Err(GameError::Setup(SetupError::Hand(7)))
    );
    // Serialised with codes, unknown fields refused.
    let json = serde_json::to_value(good).unwrap();
    assert_eq!(json["soldiers"].as_array().unwrap().len(), 19);
    assert_eq!(serde_json::from_value::<Setup>(json.clone()).unwrap(), good);
    let mut extra = json;
    extra["deal"] = serde_json::json!(1);
    assert!(serde_json::from_value::<Setup>(extra).is_err());
    // `Game::random` draws its setup as `Setup::random` does.
    let a = Game::random(Rules::default(), &mut Pcg64Mcg::seed_from_u64(8)).unwrap();
    assert_eq!(*a.setup(), good);
    assert_eq!(HAND_CARDS.len(), 6);
}

#[test]
fn a_stored_game_round_trips_and_refuses_what_does_not_replay() {
    let mut rng = Pcg64Mcg::seed_from_u64(12);
    let mut game = Game::random(Rules::numeral_scoring(), &mut rng).unwrap();
    for _ in 0..30 {
        let mv = game.random_move(&mut rng).unwrap();
        game.play(mv).unwrap();
    }
    let record = game.record();
    assert_eq!(record.moves.len(), 30);
    assert_eq!(record.replay().unwrap(), game);
    let json = serde_json::to_value(&game).unwrap();
    assert_eq!(json, serde_json::to_value(&record).unwrap());
    assert_eq!(serde_json::from_value::<Game>(json.clone()).unwrap(), game);
    assert_eq!(
        serde_json::from_value::<Record>(json.clone()).unwrap(),
        record
    );
    // Unknown fields are refused.
    let mut extra = json.clone();
    extra["comment"] = serde_json::json!("hi");
    assert!(serde_json::from_value::<Record>(extra.clone()).is_err());
    assert!(serde_json::from_value::<Game>(extra).is_err());
    // A move that does not replay is refused with its index.
    let mut bad = record.clone();
    let held = game.legal_moves()[0];
    bad.moves.insert(4, Move::Attack(held.card()));
    let err = bad.replay().unwrap_err();
    assert!(
        matches!(
            err,
            GameError::Replay {
                number: 4,
                error: IllegalMove::WrongPhase,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().starts_with("move 4 (attack "), "{err}");
    let mut bad_json = json;
    bad_json["moves"][4] = serde_json::json!(format!("{}", Move::Attack(held.card())));
    let err = serde_json::from_value::<Game>(bad_json).unwrap_err();
    assert!(err.to_string().contains("move 4"), "{err}");
}

#[test]
fn opening_events_give_the_first_deal() {
    let game = Game::new(Rules::default(), setup()).unwrap();
    let mut events = vec![];
    game.opening_events(&mut |e| events.push(e));
    let [
        Event::Dealt {
            hand: 1,
            dealer,
            cards: [Some(one), Some(two)],
        },
    ] = events[..]
    else {
        panic!("{events:?}");
    };
    assert_eq!(dealer, setup().first_dealer);
    assert_eq!(game.hand(Player::One).count(), 3);
    for card in one {
        assert!(game.hand(Player::One).any(|h| h == card));
    }
    for card in two {
        assert!(game.hand(Player::Two).any(|h| h == card));
    }
}

#[test]
fn cards_know_their_suit_rank_and_index() {
    let suits = [Suit::Piros, Suit::Tok, Suit::Zold, Suit::Makk];
    let ranks = [
        Rank::VII,
        Rank::VIII,
        Rank::IX,
        Rank::X,
        Rank::Also,
        Rank::Felso,
        Rank::Kiraly,
        Rank::Asz,
    ];
    for (si, &suit) in suits.iter().enumerate() {
        for (ri, &rank) in ranks.iter().enumerate() {
            let card = Card::new(suit, rank);
            let i = si * 8 + ri;
            assert_eq!(card.index(), i);
            assert_eq!((card.suit(), card.rank()), (suit, rank), "{card}");
            assert_eq!(Card::from_index(i as u8), Some(card));
        }
    }
    assert_eq!(Card::all().count(), 32);
    assert_eq!(Card::from_index(31), Some(c("MA")), "the last card");
    for i in [32, 33, 64, 255] {
        assert_eq!(Card::from_index(i), None, "{i} is no card");
    }
    // Numerals may be written as digits (W1's names print Roman numerals).
    for (text, code) in [
        ("zöld 7", "Z7"),
        ("piros 8", "P8"),
        ("Tök 9", "T9"),
        ("makk 10", "MX"),
    ] {
        assert_eq!(c(text), c(code), "{text}");
    }
    assert!("zöld 11".parse::<Card>().is_err());
}

#[test]
fn players_parse_every_spelling() {
    for (text, p) in [
        ("1", Player::One),
        ("one", Player::One),
        ("player 1", Player::One),
        ("Player One", Player::One),
        ("2", Player::Two),
        ("two", Player::Two),
        ("TWO", Player::Two),
        ("player two", Player::Two),
        (" player 2 ", Player::Two),
    ] {
        assert_eq!(text.parse::<Player>(), Ok(p), "{text}");
    }
    for bad in ["", "three", "player", "player 0", "twos"] {
        assert!(bad.parse::<Player>().is_err(), "{bad}");
    }
}

#[test]
fn what_the_game_awaits_and_how_hands_are_won_print_as_documented() {
    assert_eq!(Awaiting::Play(Player::One).to_string(), "player 1 to play");
    assert_eq!(
        Awaiting::Defend(Player::Two).to_string(),
        "player 2 to lay a soldier"
    );
    assert_eq!(
        Awaiting::Attack(Player::One).to_string(),
        "player 1 to attack"
    );
    assert_eq!(Awaiting::Over.to_string(), "game over");
    assert_eq!(Awaiting::Over.player(), None);
    assert_eq!(Awaiting::Defend(Player::Two).player(), Some(Player::Two));
    assert_eq!(HandWin::ZoldVIII.to_string(), "with the zöld VIII");
    assert_eq!(HandWin::FourCards.to_string(), "with four cards");
    let score = Score { points: [7, 2] };
    assert_eq!(score.to_string(), "7–2");
    assert_eq!((score.of(Player::One), score.of(Player::Two)), (7, 2));
}

#[test]
fn rules_of_the_wrong_type_say_what_is_expected() {
    let err = serde_json::from_value::<Rules>(serde_json::json!(5)).unwrap_err();
    assert!(
        err.to_string()
            .contains("a preset name or an object of rules settings"),
        "{err}"
    );
    // A table naming a soldier twice is refused, even when every soldier is in it.
    let mut tiers = Rules::default().strength_tiers();
    tiers.push(vec![c("PA")]);
    assert_eq!(
        Rules::default().with_strength(&tiers),
        Err(RulesError::Strength)
    );
    tiers.pop();
    assert_eq!(Rules::default().with_strength(&tiers), Ok(Rules::default()));
}

#[test]
fn a_seed_gives_the_same_setup_forever() {
    // Stored games and seeded tests depend on this deal (W2): the coin first, then
    // the soldiers, then the ten hands, each a Fisher-Yates shuffle with `below`.
    let s = setup();
    let codes = |cards: &[Card]| {
        cards
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(s.first_dealer, Player::Two);
    assert_eq!(
        codes(&s.soldiers),
        "T8 MK P8 TO PO P7 ZA ZK PK ZU MA PU MU ZO MO TU TK TA PA"
    );
    assert_eq!(codes(&s.hands[0]), "Z8 T7 ZX TX Z9 M9");
    assert_eq!(codes(&s.hands[9]), "TX T7 Z8 Z9 M9 ZX");
}
