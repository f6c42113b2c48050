//! The API's shape: presets, notation round trips, the stored game, errors and the
//! JSON names a client reads.

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tarokk_war::{
    Card, Event, Game, GameError, HAND_CARDS, IllegalMove, Laid, Move, Player, Record, Rules,
    RulesError, SOLDIERS, Setup, SetupError,
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
    assert!(Rules::preset("source ").is_err());
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
