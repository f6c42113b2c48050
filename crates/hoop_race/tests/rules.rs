//! One test per ruling (H1–H11), each on a position set up by hand. Stations: the
//! circle counter-clockwise from А = 0 (Б = 5, В = 10, Д = 15); routes from А:
//! circle (20 steps), Б→Г→Д (16), Б→Г→А (11), В→Г→А (16).

use hoop_race::{
    Awaiting, End, Exit, Game, GameError, Horse, IllegalMove, Place, Player, Ratio, Report, Route,
    Rules, Setup, Shortcuts, Station, Throw, ThrowModel,
};

const A: Player = Player::A;
const B: Player = Player::B;
const C: Player = Player::C;
const D: Player = Player::D;

fn t(n: i8) -> Throw {
    if n < 0 {
        Throw::BACK_DO
    } else {
        Throw::points(n as u8).unwrap()
    }
}

fn on(route: Route, step: u8) -> Place {
    Place::On { route, step }
}

fn horse(s: &str) -> Horse {
    s.parse().unwrap()
}

/// A game in seat order with these horses placed (the rest waiting).
fn setup(rules: Rules, places: &[(&str, Place)]) -> Game {
    let places: Vec<(Horse, Place)> = places.iter().map(|&(h, p)| (horse(h), p)).collect();
    Game::new(
        rules,
        Setup {
            places,
            ..Setup::in_seat_order(rules.players())
        },
    )
    .unwrap()
}

/// A setup with this order of play and no horse placed.
fn order(players: &[Player]) -> Setup {
    Setup {
        order: Some(players.to_vec()),
        places: vec![],
    }
}

/// What the game waits for, and from whom: the tests' shorthand over
/// `Game::awaiting`, `Game::is_settling_order` and `Game::to_move`.
#[derive(Debug, PartialEq)]
enum Next {
    OrderThrow(Player),
    Throw(Player),
    Move(Player),
    Over,
}

fn next(g: &Game) -> Next {
    match g.awaiting() {
        Awaiting::Chance if g.is_settling_order() => Next::OrderThrow(g.to_move()),
        Awaiting::Chance => Next::Throw(g.to_move()),
        Awaiting::Move(p) => {
            assert_eq!(p, g.to_move());
            Next::Move(p)
        }
        Awaiting::Over => Next::Over,
    }
}

fn throws(g: &mut Game, ts: &[i8]) {
    for &n in ts {
        let r = g.throw(t(n)).unwrap();
        assert_eq!(r.next, g.awaiting());
    }
}

/// Throws `n`; what the game waits for then (the report says the same).
fn throw(g: &mut Game, n: i8) -> Next {
    throws(g, &[n]);
    next(g)
}

fn play(g: &mut Game, mv: &str) -> Report {
    let r = g.play(mv.parse().unwrap()).unwrap();
    assert_eq!(r.next, g.awaiting());
    r
}

/// Where one throw takes A1 from `from` (a 4 or 5 is followed by a 1 to end the throwing).
fn one(rules: Rules, from: Place, n: i8) -> Report {
    let mut g = setup(rules, &[("A1", from)]);
    throws(&mut g, &[n]);
    if t(n).rethrow() {
        throws(&mut g, &[1]);
    }
    play(
        &mut g,
        &format!("A1{}", if n < 0 { "-1".into() } else { format!("+{n}") }),
    )
}

fn source() -> Rules {
    Rules::default()
}

#[test]
fn h1_twenty_nine_stations_named_in_cyrillic_and_latin() {
    assert_eq!(Station::all().count(), 29);
    for s in Station::all() {
        assert_eq!(s.latin().parse::<Station>().unwrap(), s);
        assert_eq!(s.cyrillic().parse::<Station>().unwrap(), s);
    }
    let names: Vec<&str> = [Station::A, Station::B, Station::V, Station::G, Station::D]
        .iter()
        .map(|s| s.cyrillic())
        .collect();
    assert_eq!(names, ["А", "Б", "В", "Г", "Д"]);
    assert_eq!("5".parse::<Station>().unwrap(), Station::B);
    assert_eq!("г".parse::<Station>().unwrap(), Station::G);
    assert_eq!("д2".parse::<Station>().unwrap().to_string(), "d2");
    assert!("20".parse::<Station>().is_err());
    assert!("e1".parse::<Station>().is_err());
    // The routes: lengths and the diameters' stations.
    let ends: Vec<u8> = Route::ALL.iter().map(|r| r.end()).collect();
    assert_eq!(ends, [20, 16, 11, 16]);
    let names =
        |r: Route| -> Vec<String> { (0..=r.end()).map(|k| r.station(k).to_string()).collect() };
    assert_eq!(
        names(Route::BToD)[5..12],
        ["B", "b1", "b2", "G", "d1", "d2", "D"]
    );
    assert_eq!(
        names(Route::VToA)[10..],
        ["V", "v1", "v2", "G", "a1", "a2", "A"]
    );
    assert_eq!(
        names(Route::BToA)[5..],
        ["B", "b1", "b2", "G", "a1", "a2", "A"]
    );
    // A step past the route's end is its end (А), never a panic.
    for r in Route::ALL {
        assert_eq!(r.station(r.end() + 1), Station::A, "{r:?}");
        assert_eq!(r.station(u8::MAX), Station::A, "{r:?}");
    }
}

/// A station's number and name convert both ways: `u8` and `String` are its
/// serialized forms.
#[test]
fn stations_convert_to_numbers_and_names_and_back() {
    for (i, s) in Station::all().enumerate() {
        assert_eq!(u8::from(s), i as u8);
        assert_eq!(Station::try_from(u8::from(s)), Ok(s));
        let name = String::from(s);
        assert_eq!(name, s.to_string());
        assert_eq!(Station::try_from(name), Ok(s));
    }
    assert_eq!(u8::from(Station::G), Station::G.index() as u8);
}

#[test]
fn h2_a_waiting_horse_enters_n_stations_from_a() {
    let r = one(source(), Place::Waiting, 3);
    assert_eq!(r.to, on(Route::Circle, 3));
    assert_eq!(r.to.station().unwrap().to_string(), "3");
}

#[test]
fn h3_entering_with_a_five_goes_b_g_d() {
    let r = one(source(), Place::Waiting, 5);
    assert_eq!(r.to, on(Route::BToD, 5));
    // Г offers no choice: the horse goes on to d1, d2, Д and round to А.
    assert_eq!(one(source(), on(Route::BToD, 5), 3).to, on(Route::BToD, 8));
    let r = one(source(), on(Route::BToD, 8), 1);
    assert_eq!(r.to.station().unwrap().to_string(), "d1");
    let r = one(source(), on(Route::BToD, 10), 2);
    assert_eq!(
        r.to.station().unwrap().to_string(),
        "16",
        "after Д, round the circle"
    );
    assert_eq!(one(source(), on(Route::BToD, 15), 1).to, Place::Out);
}

#[test]
fn h3_stopping_on_b_later_goes_b_g_a() {
    assert_eq!(
        one(source(), on(Route::Circle, 2), 3).to,
        on(Route::BToA, 5)
    );
    let r = one(source(), on(Route::BToA, 5), 3);
    assert_eq!(r.to, on(Route::BToA, 8));
    assert_eq!(r.to.station(), Some(Station::G));
    let r = one(source(), on(Route::BToA, 8), 2);
    assert_eq!(r.to.station().unwrap().to_string(), "a2");
}

#[test]
fn h3_stopping_on_v_goes_v_g_a() {
    assert_eq!(
        one(source(), on(Route::Circle, 7), 3).to,
        on(Route::VToA, 10)
    );
    let r = one(source(), on(Route::VToA, 10), 3);
    assert_eq!(r.to.station(), Some(Station::G));
    assert_eq!(
        one(source(), on(Route::VToA, 13), 2).to,
        on(Route::VToA, 15)
    );
}

#[test]
fn h3_passing_b_and_v_goes_round_the_circle() {
    assert_eq!(
        one(source(), on(Route::Circle, 3), 3).to,
        on(Route::Circle, 6)
    );
    assert_eq!(
        one(source(), on(Route::Circle, 8), 3).to,
        on(Route::Circle, 11)
    );
    // Д has no shortcut.
    assert_eq!(
        one(source(), on(Route::Circle, 13), 2).to,
        on(Route::Circle, 15)
    );
    assert_eq!(
        one(source(), on(Route::Circle, 15), 3).to,
        on(Route::Circle, 18)
    );
}

#[test]
fn h4_exit_by_reaching_or_passing_a_with_surplus_lost() {
    assert_eq!(
        one(source(), on(Route::Circle, 18), 2).to,
        Place::Out,
        "exactly on А"
    );
    let r = one(source(), on(Route::BToA, 8), 5);
    assert_eq!(
        r.to,
        Place::Out,
        "5 points for the 3 needed: the surplus is lost"
    );
    assert_eq!(r.exited, 1);
    // Option: the exit must pass beyond А; landing on it leaves the horse there.
    let pass = source().with_exit(Exit::Pass);
    let r = one(pass, on(Route::Circle, 18), 2);
    assert_eq!(r.to, on(Route::Circle, 20));
    assert_eq!(r.to.station(), Some(Station::A));
    assert_eq!(one(pass, on(Route::Circle, 20), 1).to, Place::Out);
}

#[test]
fn h4_a_horse_standing_on_a_can_be_caught_or_joined() {
    let pass = source().with_exit(Exit::Pass);
    let mut g = setup(
        pass,
        &[("A1", on(Route::Circle, 20)), ("B1", on(Route::Circle, 18))],
    );
    throws(&mut g, &[1]);
    play(&mut g, "A2+1");
    throws(&mut g, &[2]);
    let r = play(&mut g, "B1+2");
    assert_eq!(r.caught().collect::<Vec<_>>(), [horse("A1")]);
    assert_eq!(g.place(horse("A1")), Place::Waiting);
    let mut g = setup(
        pass,
        &[("A1", on(Route::Circle, 20)), ("A2", on(Route::BToA, 9))],
    );
    throws(&mut g, &[2]);
    let r = play(&mut g, "A2+2");
    assert_eq!(r.joined, 1);
}

#[test]
fn h5_exact_throw_distributions() {
    let frac = |n, d| Ratio::new(n, d).unwrap();
    let fair = ThrowModel::FAIR.distribution(false);
    assert_eq!(
        fair,
        [
            frac(4, 16),
            frac(6, 16),
            frac(4, 16),
            frac(1, 16),
            frac(1, 16),
            Ratio::ZERO
        ]
    );
    // With back-do one stick is marked: p(1-p)^3 of the 1s become back-do.
    let bd = ThrowModel::FAIR.distribution(true);
    assert_eq!((bd[0], bd[5]), (frac(3, 16), frac(1, 16)));
    // White with probability 1/3: 5 (no white) is (2/3)^4 = 16/81, 4 is 1/81 ...
    let third = ThrowModel::Sticks {
        white_num: 1,
        white_den: 3,
    }
    .distribution(false);
    assert_eq!(
        third,
        [
            frac(32, 81),
            frac(24, 81),
            frac(8, 81),
            frac(1, 81),
            frac(16, 81),
            Ratio::ZERO
        ]
    );
    // A full outcome table, as published throw counts would give.
    let table = ThrowModel::Table {
        weights: [30, 35, 20, 5, 5, 5],
    };
    assert_eq!(table.distribution(true)[1], frac(35, 100));
    assert!(
        table.validate(false).is_err(),
        "back-do weight while back-do is off"
    );
    for bad in [
        ThrowModel::Sticks {
            white_num: 0,
            white_den: 2,
        },
        ThrowModel::Sticks {
            white_num: 2,
            white_den: 2,
        },
        ThrowModel::Table { weights: [0; 6] },
        // The denominator's limit (1..=2^30), one past it.
        ThrowModel::Sticks {
            white_num: 1,
            white_den: hoop_race::MAX_DENOMINATOR + 1,
        },
    ] {
        assert!(bad.validate(true).is_err(), "{bad:?}");
        assert!(
            source()
                .with_back_do(true)
                .with_throw_model(bad)
                .validate()
                .is_err()
        );
    }
}

/// H5: the stick probability may use the largest denominator; probabilities are
/// exact fractions, in lowest terms.
#[test]
fn h5_probabilities_are_exact_fractions_in_lowest_terms() {
    let finest = ThrowModel::Sticks {
        white_num: 1,
        white_den: hoop_race::MAX_DENOMINATOR,
    };
    assert_eq!(finest.validate(true), Ok(()));
    let r = Ratio::new(6, 16).unwrap();
    assert_eq!((r.numer(), r.denom()), (3, 8));
    assert_eq!(r.to_string(), "3/8");
    assert_eq!(r, Ratio::new(3, 8).unwrap());
    assert_eq!(Ratio::new(1, 0), None);
    // Two fair sticks of four white: 6 of the 16 equal outcomes.
    assert_eq!(
        ThrowModel::FAIR.distribution(false)[1],
        Ratio::new(6, 16).unwrap()
    );
    // Products and sums stay exact, factors cancelled crosswise first.
    let frac = |n, d| Ratio::new(n, d).unwrap();
    assert_eq!(frac(2, 3).checked_mul(frac(3, 4)), Some(frac(1, 2)));
    assert_eq!(frac(4, 9).checked_mul(frac(3, 8)), Some(frac(1, 6)));
    assert_eq!(frac(1, 6).checked_add(frac(1, 3)), Some(frac(1, 2)));
    assert_eq!(frac(3, 8).complement(), frac(5, 8));
}

/// A throw converts to its number (−1 for back-do) and its name, and back.
#[test]
fn h5_throws_convert_to_numbers_and_names_and_back() {
    let names = ["1", "2", "3", "4", "5", "back-do"];
    for (t, name) in Throw::ALL.into_iter().zip(names) {
        let n = i8::from(t);
        assert_eq!(
            n,
            if t.is_back_do() {
                -1
            } else {
                t.index() as i8 + 1
            }
        );
        assert_eq!(Throw::try_from(n), Ok(t));
        assert_eq!(t.to_string(), name);
        assert_eq!(String::from(t), name);
        assert_eq!(name.parse::<Throw>(), Ok(t));
        assert_eq!(Throw::try_from(String::from(t)), Ok(t));
    }
    for (name, t) in [
        ("-1", Throw::BACK_DO),
        ("Back-Do", Throw::BACK_DO),
        ("backdo", Throw::BACK_DO),
        ("do", t(1)),
        ("gae", t(2)),
        ("geol", t(3)),
        ("yut", t(4)),
        ("mo", t(5)),
    ] {
        assert_eq!(name.parse::<Throw>(), Ok(t), "{name}");
    }
    assert_eq!("back".parse::<Throw>(), Ok(Throw::BACK_DO));
    assert!("0".parse::<Throw>().is_err());
    assert!(Throw::try_from(0).is_err());
    for n in [0, 6, u8::MAX] {
        assert_eq!(Throw::points(n), None, "{n}");
    }
    assert_eq!(Throw::points(5), Some(t(5)));
}

/// A place after a number of steps no throw gives is no place (H2–H4).
#[test]
fn steps_no_throw_gives_lead_nowhere() {
    let rules = source();
    for from in [Place::Waiting, on(Route::Circle, 3), on(Route::BToA, 8)] {
        for steps in [0, 6, -2, i8::MIN, i8::MAX] {
            assert_eq!(from.after(steps, &rules), None, "{from:?} {steps}");
        }
        assert!(from.after(1, &rules).is_some());
    }
    assert!(on(Route::Circle, 3).after(-1, &rules).is_some());
    assert_eq!(Place::Waiting.after(-1, &rules), None);
}

/// Chi-squared of `draws` samples against the exact distribution.
fn chi_squared(model: ThrowModel, back_do: bool, draws: u32, seed: u64) -> (f64, usize) {
    use rand_core::SeedableRng;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut seen = [0u32; 6];
    for _ in 0..draws {
        seen[model.draw(back_do, &mut rng).index()] += 1;
    }
    let p = model.probabilities(back_do);
    let mut chi = 0.0;
    let mut cells = 0;
    for (o, p) in seen.iter().zip(p) {
        if p > 0.0 {
            let e = p * f64::from(draws);
            chi += (f64::from(*o) - e).powi(2) / e;
            cells += 1;
        } else {
            assert_eq!(*o, 0, "a throw of probability 0 was drawn");
        }
    }
    (chi, cells - 1)
}

#[test]
fn h5_the_sampler_follows_the_distribution() {
    // Critical values at the 0.1 % level for 4 and 5 degrees of freedom.
    let critical = |df: usize| if df == 4 { 18.47 } else { 20.52 };
    for (model, back_do) in [
        (ThrowModel::FAIR, false),
        (ThrowModel::FAIR, true),
        (
            ThrowModel::Sticks {
                white_num: 1,
                white_den: 3,
            },
            false,
        ),
        (
            ThrowModel::Sticks {
                white_num: 3,
                white_den: 8,
            },
            true,
        ),
        // A denominator that is no power of two draws stick by stick.
        (
            ThrowModel::Sticks {
                white_num: 2,
                white_den: 5,
            },
            true,
        ),
        (
            ThrowModel::Sticks {
                white_num: 1,
                white_den: 5,
            },
            true,
        ),
        // A power of two beyond one draw's reach (four sticks of 8 bits).
        (
            ThrowModel::Sticks {
                white_num: 100,
                white_den: 256,
            },
            true,
        ),
        (
            ThrowModel::Table {
                weights: [30, 35, 20, 5, 5, 5],
            },
            true,
        ),
    ] {
        let (chi, df) = chi_squared(model, back_do, 200_000, 42);
        assert!(
            chi < critical(df),
            "{model:?} back-do {back_do}: chi-squared {chi} with {df} df"
        );
    }
}

#[test]
fn h6_a_four_or_five_earns_another_throw_before_moving() {
    let mut g = setup(source(), &[]);
    assert_eq!(throw(&mut g, 4), Next::Throw(A));
    assert_eq!(throw(&mut g, 5), Next::Throw(A));
    assert_eq!(throw(&mut g, 2), Next::Move(A));
    assert_eq!(g.bank(), [0, 1, 0, 1, 1, 0]);
    // No throw while the bank waits to be spent; no move while a throw is awaited.
    assert_eq!(g.throw(t(1)), Err(IllegalMove::MoveExpected));
    // The throws are spent in any order, on any horses.
    play(&mut g, "A1+2");
    play(&mut g, "A2+5");
    assert_eq!(next(&g), Next::Move(A), "the 4 is still banked");
    let moves: Vec<String> = g.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["A1+4", "A2+4", "A3+4"]);
    play(&mut g, "A2+4");
    assert_eq!(next(&g), Next::Throw(B));
    assert_eq!(
        g.play("B1+1".parse().unwrap()),
        Err(IllegalMove::ThrowExpected)
    );
}

#[test]
fn h6_a_capture_earns_a_bonus_throw() {
    let mut g = setup(
        source(),
        &[("A1", on(Route::Circle, 2)), ("B1", on(Route::BToA, 5))],
    );
    throws(&mut g, &[3]);
    let r = play(&mut g, "A1+3");
    assert_eq!(r.caught().collect::<Vec<_>>(), [horse("B1")]);
    assert!(r.bonus);
    assert_eq!(next(&g), Next::Throw(A));
    assert_eq!(g.place(horse("B1")), Place::Waiting);
    // The bonus throw has its own re-throws.
    assert_eq!(throw(&mut g, 5), Next::Throw(A));
    assert_eq!(throw(&mut g, 1), Next::Move(A));
}

#[test]
fn h6_option_no_bonus_for_a_capture_made_with_a_four_or_five() {
    let places = [("A1", on(Route::Circle, 1)), ("B1", on(Route::BToA, 5))];
    for (bonus_rule, expect) in [(true, Next::Throw(A)), (false, Next::Move(A))] {
        let mut g = setup(source().with_bonus_on_rethrow(bonus_rule), &places);
        throws(&mut g, &[4, 1]);
        let r = play(&mut g, "A1+4");
        assert_eq!(r.caught().count(), 1);
        assert_eq!(r.bonus, bonus_rule);
        assert_eq!(next(&g), expect, "the 1 is still banked either way");
    }
    // A capture with a 1..3 earns it under both.
    let mut g = setup(
        source().with_bonus_on_rethrow(false),
        &[("A1", on(Route::Circle, 2)), ("B1", on(Route::BToA, 5))],
    );
    throws(&mut g, &[3]);
    assert!(play(&mut g, "A1+3").bonus);
}

#[test]
fn h6_a_throw_no_horse_can_use_is_void() {
    // Back-do with none of A's horses on the board: void, the turn passes.
    let rules = Rules::yut_nori();
    let mut g = setup(rules, &[]);
    let r = g.throw(Throw::BACK_DO).unwrap();
    assert_eq!(r.voided, 1);
    assert_eq!(r.next, Awaiting::Chance);
    assert_eq!(next(&g), Next::Throw(B));
    // But a back-do banked with a forward throw must be used once a horse is on.
    let mut g = setup(rules, &[]);
    throws(&mut g, &[5, -1]);
    play(&mut g, "A1+5");
    assert_eq!(next(&g), Next::Move(A));
    assert_eq!(
        g.legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>(),
        ["A1-1"]
    );
    // A back-do left after the move that takes A's only horse on the board
    // home is void: one `Voided` event for it, and the turn passes.
    let mut g = setup(rules, &[("A1", on(Route::Circle, 18))]);
    throws(&mut g, &[4, -1]);
    let mut events = Vec::new();
    let r = g
        .play_traced("A1+4".parse().unwrap(), &mut |e| events.push(e))
        .unwrap();
    assert_eq!(g.place(horse("A1")), Place::Out);
    assert_eq!(r.voided, 1);
    let voided: Vec<_> = events
        .iter()
        .filter(|e| matches!(e, hoop_race::Event::Voided { .. }))
        .collect();
    assert_eq!(
        voided,
        [&hoop_race::Event::Voided {
            throw: Throw::BACK_DO,
            count: 1
        }]
    );
    assert_eq!(next(&g), Next::Throw(B));
}

#[test]
fn h7_horses_of_a_player_join_and_move_as_a_team() {
    let mut g = setup(
        source(),
        &[("A1", on(Route::Circle, 3)), ("A2", on(Route::Circle, 6))],
    );
    throws(&mut g, &[3]);
    let r = play(&mut g, "A1+3");
    assert_eq!(r.joined, 1);
    throws(&mut g, &[1]);
    play(&mut g, "B1+1");
    throws(&mut g, &[1]);
    // One move per team (its lowest horse) and one for entering: no duplicates.
    let moves: Vec<String> = g.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["A1+1", "A3+1"]);
    // Moving either horse moves the team.
    let r = play(&mut g, "A2+1");
    assert_eq!(r.moved, 2);
    assert_eq!(g.place(horse("A1")), on(Route::Circle, 7));
    assert_eq!(g.place(horse("A2")), on(Route::Circle, 7));
}

#[test]
fn h7_a_team_keeps_the_route_of_the_horse_that_arrived() {
    // A2 stands on Г on its way В→Г→А; A1 arrives on the Б→Г→Д diameter.
    let mut g = setup(
        source(),
        &[("A1", on(Route::BToD, 7)), ("A2", on(Route::VToA, 13))],
    );
    throws(&mut g, &[1]);
    let r = play(&mut g, "A1+1");
    assert_eq!(r.joined, 1);
    assert_eq!(g.place(horse("A2")), on(Route::BToD, 8));
}

#[test]
fn h8_catching_sends_a_whole_team_back_and_passing_over_does_nothing() {
    let mut g = setup(
        source(),
        &[
            ("A1", on(Route::Circle, 3)),
            ("B1", on(Route::Circle, 6)),
            ("B2", on(Route::Circle, 6)),
            ("B3", on(Route::Circle, 4)),
        ],
    );
    throws(&mut g, &[3]);
    let r = play(&mut g, "A1+3");
    assert_eq!(r.caught().collect::<Vec<_>>(), [horse("B1"), horse("B2")]);
    assert_eq!(
        g.place(horse("B3")),
        on(Route::Circle, 4),
        "passed over: untouched"
    );
    assert_eq!(g.place(horse("B2")), Place::Waiting);
}

#[test]
fn h8_partners_share_a_station_and_are_caught_together() {
    let rules = source().with_players(4);
    assert_eq!(rules.horses(), 2);
    let mut g = setup(
        rules,
        &[
            ("A1", on(Route::Circle, 3)),
            ("C1", on(Route::Circle, 6)),
            ("B1", on(Route::Circle, 4)),
        ],
    );
    throws(&mut g, &[3]);
    // A may move the partner's horses too (H6).
    assert!(g.legal_moves().contains(&"C1+3".parse().unwrap()));
    let r = play(&mut g, "A1+3");
    assert_eq!(
        (r.caught().count(), r.joined),
        (0, 0),
        "partners neither catch nor join"
    );
    assert_eq!(g.place(horse("C1")), on(Route::Circle, 6));
    throws(&mut g, &[2]);
    let r = play(&mut g, "B1+2");
    assert_eq!(r.caught().collect::<Vec<_>>(), [horse("A1"), horse("C1")]);
    assert_eq!(next(&g), Next::Throw(B));
}

#[test]
fn h9_order_of_play_by_decreasing_throws_ties_throw_again() {
    let mut g = Game::new(source(), Setup::default()).unwrap();
    assert_eq!(next(&g), Next::OrderThrow(A));
    throws(&mut g, &[2]);
    assert_eq!(next(&g), Next::OrderThrow(B));
    throws(&mut g, &[5]);
    assert_eq!(g.order().collect::<Vec<_>>(), [B, A]);
    assert_eq!(next(&g), Next::Throw(B));
    // Three players: A and B tie on 3 and throw again; C's 1 puts it last.
    let mut g = Game::new(source().with_players(3), Setup::default()).unwrap();
    throws(&mut g, &[3, 3, 1]);
    assert_eq!(next(&g), Next::OrderThrow(A));
    throws(&mut g, &[1]);
    assert_eq!(next(&g), Next::OrderThrow(B));
    throws(&mut g, &[2]);
    assert_eq!(g.order().collect::<Vec<_>>(), [B, A, C]);
    assert_eq!(next(&g), Next::Throw(B));
    // Every tie again: all four throw again.
    let mut g = Game::new(source().with_players(4), Setup::default()).unwrap();
    throws(&mut g, &[2, 2, 2, 2]);
    assert_eq!(next(&g), Next::OrderThrow(A));
    throws(&mut g, &[1, 3, 2, 5]);
    assert_eq!(g.order().collect::<Vec<_>>(), [D, B, C, A]);
}

#[test]
fn h10_the_side_that_brings_out_its_horses_wins_at_once() {
    let mut g = setup(
        source(),
        &[
            ("A1", on(Route::Circle, 19)),
            ("A2", Place::Out),
            ("A3", Place::Out),
            ("A4", Place::Out),
        ],
    );
    throws(&mut g, &[5, 1]);
    let r = play(&mut g, "A1+1");
    assert_eq!(r.finished.map(|s| s.to_string()), Some("A".into()));
    assert!(g.is_over());
    assert_eq!(g.bank(), [0; 6], "unused throws are dropped");
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.winner().unwrap().to_string(), "A");
    assert_eq!(outcome.reason(), End::BroughtOut);
    assert_eq!(g.throw(t(1)), Err(IllegalMove::GameOver));
    assert_eq!(g.check("B1+1".parse().unwrap()), Err(IllegalMove::GameOver));
    // Fewer horses to bring out, as agreed.
    let mut g = setup(
        source().with_horses_to_win(Some(1)),
        &[("A1", on(Route::Circle, 19))],
    );
    throws(&mut g, &[1]);
    play(&mut g, "A1+1");
    assert!(g.is_over());
}

#[test]
fn h10_play_for_places_and_the_score() {
    let rules = source().with_players(3).with_play_for_places(true);
    let mut g = setup(
        rules,
        &[
            ("A1", on(Route::Circle, 19)),
            ("A2", Place::Out),
            ("A3", Place::Out),
            ("B1", on(Route::Circle, 18)),
            ("B2", Place::Out),
            ("B3", Place::Out),
            ("C1", on(Route::VToA, 10)),
        ],
    );
    throws(&mut g, &[1]);
    play(&mut g, "A1+1");
    assert!(!g.is_over());
    assert_eq!(next(&g), Next::Throw(B));
    let s = g.score();
    assert_eq!(s.out[..3], [3, 2, 0]);
    // B: 2 points for B1; C: 6 for C1 (on В→Г→А) and 20 for each waiting horse.
    assert_eq!(s.remaining[..3], [0, 2, 6 + 20 + 20]);
    throws(&mut g, &[2]);
    play(&mut g, "B1+2");
    assert!(g.is_over());
    let outcome = g.outcome().unwrap();
    let places: Vec<String> = outcome.places().iter().map(|s| s.to_string()).collect();
    assert_eq!(places, ["A", "B", "C"]);
    assert_eq!(outcome.winner(), outcome.places().first().copied());
    assert_eq!(outcome.reason(), End::OneSideLeft);
    // Four players: sides are partnerships.
    let g = setup(source().with_players(4), &[]);
    assert_eq!(g.score().sides, 2);
    assert_eq!(source().with_players(4).horses_to_win(), 4);
}

#[test]
fn h11_yut_nori_shortcuts() {
    let yut = Rules::yut_nori();
    assert_eq!(yut.shortcuts(), Shortcuts::YutNori);
    // Stopping on Б turns towards Г, whatever the throw that got there.
    assert_eq!(one(yut, on(Route::Circle, 2), 3).to, on(Route::BToD, 5));
    // Stopping exactly on Г turns towards А; passing Г goes on to Д.
    assert_eq!(one(yut, on(Route::BToD, 5), 3).to, on(Route::BToA, 8));
    assert_eq!(one(yut, on(Route::BToD, 5), 4).to, on(Route::BToD, 9));
    // В→Г→А as in the source.
    assert_eq!(one(yut, on(Route::Circle, 7), 3).to, on(Route::VToA, 10));
    // Exit only by passing А.
    assert_eq!(one(yut, on(Route::BToA, 8), 3).to, on(Route::BToA, 11));
    assert_eq!(one(yut, on(Route::BToA, 11), 1).to, Place::Out);
    // Each difference is its own setting: the source's shortcuts with yut's exit.
    let mixed = source().with_exit(Exit::Pass);
    assert_eq!(one(mixed, on(Route::BToD, 5), 3).to, on(Route::BToD, 8));
    assert_eq!(one(mixed, on(Route::BToA, 8), 3).to, on(Route::BToA, 11));
}

#[test]
fn h11_back_do() {
    let yut = Rules::yut_nori();
    assert!(yut.back_do());
    // One station back along the horse's route, with no re-throw.
    let mut g = setup(yut, &[("A1", on(Route::Circle, 7))]);
    assert_eq!(throw(&mut g, -1), Next::Move(A));
    assert_eq!(play(&mut g, "A1-1").to, on(Route::Circle, 6));
    // Stopping on Б by back-do takes Б's shortcut.
    assert_eq!(one(yut, on(Route::Circle, 6), -1).to, on(Route::BToD, 5));
    // Back along a diameter.
    assert_eq!(one(yut, on(Route::BToA, 9), -1).to, on(Route::BToA, 8));
    // From station 1 the horse lands on А (the end of its route), not out.
    let r = one(yut, on(Route::Circle, 1), -1);
    assert_eq!(r.to, on(Route::Circle, 20));
    assert_eq!(r.to.station(), Some(Station::A));
    // It catches like any move, and the catch earns the bonus throw.
    let mut g = setup(
        yut,
        &[("A1", on(Route::Circle, 7)), ("B1", on(Route::Circle, 6))],
    );
    throws(&mut g, &[-1]);
    let r = play(&mut g, "A1-1");
    assert_eq!(r.caught().collect::<Vec<_>>(), [horse("B1")]);
    assert!(r.bonus);
    // A waiting horse cannot go back; without back-do in the rules it cannot be thrown.
    let mut g = setup(yut, &[("A1", on(Route::Circle, 7))]);
    throws(&mut g, &[-1]);
    assert_eq!(
        g.check("A2-1".parse().unwrap()),
        Err(IllegalMove::BackDoWaiting(horse("A2")))
    );
    let mut g = setup(source(), &[]);
    assert_eq!(g.throw(Throw::BACK_DO), Err(IllegalMove::BackDoOff));
    // The back-do throw's probability: p(1-p)^3 = 1/16 with fair sticks.
    assert_eq!(
        yut.throw_model().distribution(true)[5],
        Ratio::new(1, 16).unwrap()
    );
}

#[test]
fn moves_are_refused_with_a_reason_and_change_nothing() {
    let mut g = setup(
        source(),
        &[("A1", Place::Out), ("A2", on(Route::Circle, 3))],
    );
    throws(&mut g, &[2]);
    let before = g.clone();
    for (mv, err) in [
        ("A1+2", IllegalMove::HorseOut(horse("A1"))),
        ("A2+3", IllegalMove::NotBanked(t(3))),
        (
            "B1+2",
            IllegalMove::NotYours {
                horse: horse("B1"),
                player: A,
            },
        ),
        ("A5+2", IllegalMove::NoSuchHorse(horse("A5"))),
        ("C1+2", IllegalMove::NoSuchHorse(horse("C1"))),
    ] {
        assert_eq!(g.play(mv.parse().unwrap()), Err(err), "{mv}");
        assert_eq!(g, before);
    }
    for bad in [&[A][..], &[A, A], &[A, C], &[A, B, C]] {
        assert_eq!(Game::new(source(), order(bad)), Err(GameError::Order));
    }
}

#[test]
fn probabilities_for_one_horse_are_exact() {
    let rules = source();
    let after = rules.after_one_throw(on(Route::Circle, 2));
    let total = after
        .iter()
        .fold(Ratio::ZERO, |acc, &(_, r)| acc.checked_add(r).unwrap());
    assert_eq!(total, Ratio::ONE);
    // 2 + 3 lands on Б (4/16) and takes Б→Г→А.
    assert!(after.contains(&(on(Route::BToA, 5), Ratio::new(4, 16).unwrap())));
    // From Г on Б→Г→А (3 to go): out unless the throw is 1 or 2.
    let g = on(Route::BToA, 8);
    assert_eq!(rules.chance_home_within_exact(g, 1), Ratio::new(6, 16));
    // Two throws from Г: out at once with 3, 4 or 5 (6/16); after a 1 (on a1, 2 to
    // go) out unless the next is a 1 (12/16); after a 2 (on a2) always out:
    // 6/16 + 4/16 × 12/16 + 6/16 = 15/16.
    assert_eq!(rules.chance_home_within_exact(g, 2), Ratio::new(15, 16));
    let f = rules.chance_home_within(g, 2);
    assert!((f - 15.0 / 16.0).abs() < 1e-12);
    // Back-do from station 1 (H11 as amended), fair sticks (back-do 1/16): with exit
    // by reaching А it brings the horse out at once (1/16 in one throw); with exit by
    // passing А it stands on А, and any forward throw next brings it out (15/16), so
    // within two throws 1/16 × 15/16 (no forward pair of throws gets from 1 to А).
    let one = on(Route::Circle, 1);
    let reach = Rules::yut_nori().with_exit(Exit::Reach);
    assert_eq!(reach.chance_home_within_exact(one, 1), Ratio::new(1, 16));
    let pass = Rules::yut_nori();
    assert_eq!(pass.chance_home_within_exact(one, 1), Some(Ratio::ZERO));
    assert_eq!(pass.chance_home_within_exact(one, 2), Ratio::new(15, 256));
}

#[test]
fn h9_ties_may_go_on_as_long_as_the_throws_tie() {
    // Regression (found by fuzzing): hundreds of tied rounds once overflowed a counter.
    let mut g = Game::new(source().with_players(4), Setup::default()).unwrap();
    for _ in 0..1000 {
        throws(&mut g, &[3, 3, 3, 3]);
    }
    assert_eq!(next(&g), Next::OrderThrow(A));
    throws(&mut g, &[3, 3, 1, 1]);
    throws(&mut g, &[2, 1, 2, 1]); // A beats B; C beats D
    assert_eq!(g.order().collect::<Vec<_>>(), [A, B, C, D]);
    // A table with a single possible throw could never settle the order: refused.
    let one = ThrowModel::Table {
        weights: [0, 0, 7, 0, 0, 0],
    };
    assert!(source().with_throw_model(one).validate().is_err());
    // Two possible throws are enough.
    let two = ThrowModel::Table {
        weights: [0, 0, 7, 1, 0, 0],
    };
    assert_eq!(source().with_throw_model(two).validate(), Ok(()));
    // Weights may add up to u32::MAX, not more.
    let most = ThrowModel::Table {
        weights: [u32::MAX - 1, 1, 0, 0, 0, 0],
    };
    assert_eq!(source().with_throw_model(most).validate(), Ok(()));
    let over = ThrowModel::Table {
        weights: [u32::MAX, 1, 0, 0, 0, 0],
    };
    assert!(source().with_throw_model(over).validate().is_err());
}

// ----- Back-do in full (ruling H11, as amended) -----
//
// The routes near the corners, as the diagrams below name them (→ forward):
//
//   circle:  … 3 → 4 → Б → 6 … 9 → В → 11 … 14 → Д → 16 … 19 → А
//   Б→Г→Д:   … 4 → Б → b1 → b2 → Г → d1 → d2 → Д → 16 …
//   Б→Г→А:   … 4 → Б → b1 → b2 → Г → a1 → a2 → А
//   В→Г→А:   … 9 → В → v1 → v2 → Г → a1 → a2 → А

/// Where a back-do takes a lone A1 from `from` under `rules`.
fn back(rules: Rules, from: Place) -> Place {
    one(rules, from, -1).to
}

#[test]
fn h11_back_do_onto_a_circle_station_before_a_corner_undoes_the_corner_choice() {
    let yut = Rules::yut_nori();
    let source_back = source().with_back_do(true);
    //   4 ← Б (on Б→Г→Д or Б→Г→А): the horse is on the circle before Б again.
    for rules in [yut, source_back] {
        assert_eq!(back(rules, on(Route::BToD, 5)), on(Route::Circle, 4));
    }
    assert_eq!(back(source_back, on(Route::BToA, 5)), on(Route::Circle, 4));
    //   9 ← В (on В→Г→А): on the circle before В.
    for rules in [yut, source_back] {
        assert_eq!(back(rules, on(Route::VToA, 10)), on(Route::Circle, 9));
    }
    //   14 ← Д (round the circle): on the circle, Д has no rule.
    assert_eq!(back(yut, on(Route::Circle, 15)), on(Route::Circle, 14));
    //   19 ← А (standing on А, exit by passing): the station before А on its route.
    assert_eq!(back(yut, on(Route::Circle, 20)), on(Route::Circle, 19));
    assert_eq!(back(yut, on(Route::BToD, 16)), on(Route::BToD, 15));
    assert_eq!(
        on(Route::BToD, 15).station(),
        Some("19".parse::<Station>().unwrap())
    );
    // From 4 the next move passes or stops on Б as any circle horse does:
    // a 2 passes Б and goes round to 6; a 1 stops on Б and takes Б's shortcut.
    assert_eq!(one(yut, on(Route::Circle, 4), 2).to, on(Route::Circle, 6));
    assert_eq!(one(yut, on(Route::Circle, 4), 1).to, on(Route::BToD, 5));
    assert_eq!(
        one(source(), on(Route::Circle, 4), 1).to,
        on(Route::BToA, 5)
    );
    // From 9 a 2 passes В round the circle.
    assert_eq!(one(yut, on(Route::Circle, 9), 2).to, on(Route::Circle, 11));
}

#[test]
fn h11_back_do_onto_a_corner_is_a_stop_there() {
    let yut = Rules::yut_nori();
    let source_back = source().with_back_do(true);
    //   Б ← 6 (circle) and Б ← b1: Б's stop rule, yut nori Б→Г(→Д at Г's choice),
    //   the source Б→Г→А as for "a later throw".
    assert_eq!(back(yut, on(Route::Circle, 6)), on(Route::BToD, 5));
    assert_eq!(back(source_back, on(Route::Circle, 6)), on(Route::BToA, 5));
    assert_eq!(back(yut, on(Route::BToD, 6)), on(Route::BToD, 5));
    assert_eq!(back(source_back, on(Route::BToD, 6)), on(Route::BToA, 5));
    assert_eq!(back(source_back, on(Route::BToA, 6)), on(Route::BToA, 5));
    //   В ← 11 and В ← v1: В→Г→А.
    for rules in [yut, source_back] {
        assert_eq!(back(rules, on(Route::Circle, 11)), on(Route::VToA, 10));
        assert_eq!(back(rules, on(Route::VToA, 11)), on(Route::VToA, 10));
    }
    //   Д ← 16: no rule, round the circle (or on along Б→Г→Д).
    assert_eq!(back(yut, on(Route::Circle, 16)), on(Route::Circle, 15));
    assert_eq!(back(yut, on(Route::BToD, 12)), on(Route::BToD, 11));
}

#[test]
fn h11_back_do_onto_g() {
    let yut = Rules::yut_nori();
    let source_back = source().with_back_do(true);
    //   Г ← d1 (Б→Г→Д): under yut nori a stop on Г turns to А; under the source's
    //   routes Г has no rule and the route fixed at Б stands.
    assert_eq!(back(yut, on(Route::BToD, 9)), on(Route::BToA, 8));
    assert_eq!(back(source_back, on(Route::BToD, 9)), on(Route::BToD, 8));
    //   Г ← a1: on to А either way.
    assert_eq!(back(yut, on(Route::BToA, 9)), on(Route::BToA, 8));
    assert_eq!(back(yut, on(Route::VToA, 14)), on(Route::VToA, 13));
    assert_eq!(back(source_back, on(Route::BToA, 9)), on(Route::BToA, 8));
}

#[test]
fn h11_back_do_off_g_makes_the_choice_at_g_again() {
    let yut = Rules::yut_nori();
    let source_back = source().with_back_do(true);
    //   b2 ← Г (yut nori, having turned to А at Г): on b2 before Г again, with the
    //   choice at Г to make afresh: a 1 stops on Г (→ А), a 2 passes Г on to d1.
    let b2 = back(yut, on(Route::BToA, 8));
    assert_eq!(b2, on(Route::BToD, 7));
    assert_eq!(one(yut, b2, 1).to, on(Route::BToA, 8));
    assert_eq!(one(yut, b2, 2).to.station().unwrap().to_string(), "d1");
    //   v2 ← Г: the only way on is a1.
    let v2 = back(yut, on(Route::VToA, 13));
    assert_eq!(v2, on(Route::VToA, 12));
    assert_eq!(one(yut, v2, 2).to.station().unwrap().to_string(), "a1");
    //   Under the source's routes the route fixed at Б stands (Г has no choice).
    assert_eq!(back(source_back, on(Route::BToA, 8)), on(Route::BToA, 7));
    assert_eq!(back(source_back, on(Route::BToD, 8)), on(Route::BToD, 7));
}

#[test]
fn h11_back_do_along_the_other_diameter_stations() {
    let yut = Rules::yut_nori();
    //   a2 ← А (standing on А at the end of Б→Г→А or В→Г→А), a1 ← a2, d1 ← d2,
    //   d2 ← Д, b1 ← b2, v1 ← v2: the same diameter, the same direction.
    assert_eq!(back(yut, on(Route::BToA, 11)), on(Route::BToA, 10));
    assert_eq!(back(yut, on(Route::VToA, 16)), on(Route::VToA, 15));
    assert_eq!(back(yut, on(Route::BToA, 10)), on(Route::BToA, 9));
    assert_eq!(back(yut, on(Route::BToD, 10)), on(Route::BToD, 9));
    assert_eq!(back(yut, on(Route::BToD, 11)), on(Route::BToD, 10));
    assert_eq!(back(yut, on(Route::BToD, 7)), on(Route::BToD, 6));
    assert_eq!(back(yut, on(Route::VToA, 12)), on(Route::VToA, 11));
}

#[test]
fn h11_back_do_from_station_one_under_both_exit_rules() {
    //   А ← 1. Exit by passing А (yut nori): the horse stands on А at the end of its
    //   route, leaves with its next forward move, and a back-do takes it to 19.
    let yut = Rules::yut_nori();
    assert_eq!(back(yut, on(Route::Circle, 1)), on(Route::Circle, 20));
    assert_eq!(one(yut, on(Route::Circle, 20), 1).to, Place::Out);
    assert_eq!(back(yut, on(Route::Circle, 20)), on(Route::Circle, 19));
    // Exit by reaching А: out at once, counted as brought out, and it may end the game.
    let reach = yut.with_exit(Exit::Reach);
    let mut g = setup(
        reach,
        &[
            ("A1", on(Route::Circle, 1)),
            ("A2", Place::Out),
            ("A3", Place::Out),
            ("A4", Place::Out),
        ],
    );
    throws(&mut g, &[-1]);
    let r = play(&mut g, "A1-1");
    assert_eq!(r.to, Place::Out);
    assert_eq!(r.exited, 1);
    assert_eq!(r.finished.map(|s| s.to_string()), Some("A".into()));
    assert!(g.is_over());
}

/// A reported case: a back-do from Б onto 4 leaves the diameter (yut nori).
#[test]
fn h11_back_do_off_b_then_round_the_circle() {
    let mut g = Game::new(Rules::yut_nori(), order(&[A, B])).unwrap();
    throws(&mut g, &[5, -1]);
    play(&mut g, "A1+5");
    assert_eq!(play(&mut g, "A1-1").to, on(Route::Circle, 4));
    throws(&mut g, &[1]);
    play(&mut g, "B1+1");
    throws(&mut g, &[2]);
    let r = play(&mut g, "A1+2");
    assert_eq!(r.to, on(Route::Circle, 6));
    // The same from В: a back-do off В puts the horse on 9 on the circle.
    let mut g = setup(Rules::yut_nori(), &[("A1", on(Route::VToA, 10))]);
    throws(&mut g, &[-1]);
    assert_eq!(play(&mut g, "A1-1").to, on(Route::Circle, 9));
}

/// A reported case: backing off Г onto b2 undoes the choice made at Г (yut nori).
#[test]
fn h11_back_do_off_g_then_on_to_d() {
    let mut g = Game::new(Rules::yut_nori(), order(&[A, B])).unwrap();
    throws(&mut g, &[5, 3]);
    play(&mut g, "A1+5");
    assert_eq!(play(&mut g, "A1+3").to, on(Route::BToA, 8));
    throws(&mut g, &[1]);
    play(&mut g, "B1+1");
    throws(&mut g, &[-1]);
    assert_eq!(play(&mut g, "A1-1").to, on(Route::BToD, 7));
    throws(&mut g, &[1]);
    play(&mut g, "B1+1");
    throws(&mut g, &[2]);
    let r = play(&mut g, "A1+2");
    assert_eq!(r.to.station().unwrap().to_string(), "d1");
}

/// A reported case (ruling H10 as amended): playing for places, a side that has
/// finished takes its horses still on the board off at once.
#[test]
fn h10_a_finished_side_takes_its_horses_off() {
    let rules = source()
        .with_players(3)
        .with_horses_to_win(Some(2))
        .with_play_for_places(true);
    let mut g = setup(
        rules,
        &[
            ("A1", on(Route::Circle, 19)),
            ("A2", Place::Out),
            ("A3", on(Route::Circle, 7)),
            ("B1", on(Route::Circle, 6)),
            ("C1", on(Route::Circle, 3)),
        ],
    );
    throws(&mut g, &[1]);
    let r = play(&mut g, "A1+1");
    assert_eq!(r.finished.map(|s| s.to_string()), Some("A".into()));
    assert_eq!(r.taken_off().collect::<Vec<_>>(), [horse("A3")]);
    assert_eq!(g.place(horse("A3")), Place::Waiting);
    assert_eq!(g.horses_on("7".parse().unwrap()).count(), 0);
    assert_eq!(
        g.horses_on("6".parse().unwrap()).collect::<Vec<_>>(),
        [horse("B1")]
    );
    // Landing where A3 stood catches nothing and earns no throw.
    throws(&mut g, &[1]);
    let r = play(&mut g, "B1+1");
    assert_eq!(r.caught().count(), 0);
    assert!(!r.bonus);
    assert_eq!(next(&g), Next::Throw(C));
    // The taken-off horse counts as waiting in the progress measure.
    assert_eq!(g.score().remaining[0], 20);
}

#[test]
fn setup_refuses_places_a_horse_cannot_stand_on() {
    let yut = Rules::yut_nori();
    let order = [A, B];
    for (rules, place) in [
        (source(), on(Route::Circle, 20)), // on А under exit by reaching
        (source(), on(Route::Circle, 5)),  // the circle on Б: a stop there turns
        (source(), on(Route::VToA, 9)),    // В→Г→А before В
        (source(), on(Route::BToD, 4)),    // Б→Г→Д before Б
        (yut, on(Route::BToA, 6)),         // yut nori: Б→Г→А before Г
        (yut, on(Route::BToD, 8)),         // yut nori: Б→Г→Д on Г
    ] {
        let setup = Setup {
            order: Some(order.to_vec()),
            places: vec![(horse("A1"), place)],
        };
        assert_eq!(
            Game::new(rules, setup),
            Err(GameError::Place {
                horse: horse("A1"),
                place
            }),
            "{place:?}"
        );
    }
    let setup = Setup {
        order: Some(order.to_vec()),
        places: vec![(horse("A1"), on(Route::Circle, 20))],
    };
    assert!(Game::new(yut, setup).is_ok());
}

#[test]
fn setup_refuses_horses_that_cannot_start_together() {
    let refused = |rules: Rules, places: &[(&str, Place)]| {
        let places = places.iter().map(|&(h, p)| (horse(h), p)).collect();
        Game::new(
            rules,
            Setup {
                places,
                ..Setup::in_seat_order(rules.players())
            },
        )
        .unwrap_err()
    };
    let c3 = on(Route::Circle, 3);
    // A horse not in the game (2 players, 4 horses each), or placed twice.
    assert_eq!(
        refused(source(), &[("C1", c3)]),
        GameError::NoSuchHorse(horse("C1"))
    );
    assert_eq!(
        refused(source(), &[("A5", c3)]),
        GameError::NoSuchHorse(horse("A5"))
    );
    assert_eq!(
        refused(source(), &[("A1", c3), ("A1", Place::Out)]),
        GameError::PlacedTwice(horse("A1"))
    );
    // Opponents on one station (one would have caught the other, H8); one player's
    // horses on one station with different routes (they would be a team, H7).
    assert_eq!(
        refused(source(), &[("A1", c3), ("B1", c3)]),
        GameError::SharedStation {
            horse: horse("B1"),
            other: horse("A1")
        }
    );
    let on_g = [("A1", on(Route::BToD, 8)), ("A2", on(Route::VToA, 13))];
    assert_eq!(
        refused(source(), &on_g),
        GameError::SharedStation {
            horse: horse("A2"),
            other: horse("A1")
        }
    );
    // Four players: partners may share a station, but one player's horses there
    // must still be one team.
    let four = source().with_players(4);
    assert!(
        Game::new(
            four,
            Setup {
                places: vec![(horse("A1"), c3), (horse("C1"), c3)],
                ..Setup::in_seat_order(4)
            }
        )
        .is_ok()
    );
    assert_eq!(
        refused(
            four,
            &[
                ("A1", on(Route::BToD, 8)),
                ("C1", on(Route::BToD, 8)),
                ("C2", on(Route::VToA, 13))
            ]
        ),
        GameError::SharedStation {
            horse: horse("C2"),
            other: horse("C1")
        }
    );
    // A side that has already won (H10).
    let done = [
        ("A1", Place::Out),
        ("C1", Place::Out),
        ("C2", Place::Out),
        ("A2", Place::Out),
    ];
    assert_eq!(
        refused(four, &done),
        GameError::AlreadyWon("A+C".parse().unwrap())
    );
    // Invalid rules come first.
    assert!(matches!(
        Game::new(source().with_players(5), Setup::default()),
        Err(GameError::Rules(_))
    ));
}

#[test]
fn h9_a_game_drawn_by_chance_throws_its_order_and_replays() {
    use rand_core::SeedableRng;
    for players in 2..=4 {
        let rules = source().with_players(players);
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(u64::from(players));
        let g = Game::random(rules, &mut rng).unwrap();
        assert_eq!(next(&g), Next::Throw(g.order().next().unwrap()));
        assert_eq!(g.setup(), &Setup::default());
        // Every action so far is an ordering throw, kept in the record.
        let record = g.record();
        assert!(record.moves.len() >= usize::from(players));
        assert!(
            record
                .moves
                .iter()
                .all(|a| matches!(a, hoop_race::Action::Throw(_)))
        );
        assert_eq!(record.replay().unwrap(), g);
    }
}

#[test]
fn h11_presets_by_name() {
    assert_eq!(Rules::PRESETS, ["source", "yut_nori"]);
    let constructors = [Rules::source(), Rules::yut_nori()];
    for (name, rules) in Rules::PRESETS.iter().zip(constructors) {
        assert_eq!(Rules::preset(name), Ok(rules));
        assert_eq!(rules.validate(), Ok(()));
        assert_eq!(
            Rules::preset(&name.to_uppercase().replace('_', "-")),
            Ok(rules)
        );
    }
    assert_eq!(Rules::preset(Rules::PRESETS[0]), Ok(Rules::default()));
    // Case, spaces, `-` and `_` are ignored (game_kit::same_name).
    for spelling in ["Yut Nori", "yutnori", " yut-nori "] {
        assert_eq!(Rules::preset(spelling), Ok(Rules::yut_nori()), "{spelling}");
    }
    for unknown in ["yut", "yutnoris", "default", "", "sources"] {
        assert_eq!(
            Rules::preset(unknown),
            Err(hoop_race::RulesError::UnknownPreset(unknown.into()))
        );
    }
}

/// H1: the board as drawn: А bottom right, Б top right, В top left, Д bottom left, Г
/// in the middle; four stations between big ones on the circle, two on each half
/// diameter (29 in all); `*` a big station, `.` a small one. Below it, each
/// player's waiting and finished horses, and what comes next.
#[test]
fn h1_the_board_is_drawn_with_its_stations_in_place() {
    let g = Game::new(Rules::default(), order(&[A, B])).unwrap();
    let picture = g.to_string();
    let board: Vec<&str> = picture.lines().collect();
    assert_eq!(
        board,
        [
            " *     .     .     .     .     *",
            "    .                       .",
            " .                             .",
            "          .           .",
            " .                             .",
            "                *",
            " .                             .",
            "          .           .",
            " .                             .",
            "    .                       .",
            " *     .     .     .     .     *",
            "A: 4 waiting, 0 out",
            "B: 4 waiting, 0 out",
            "A to throw",
        ],
        "{picture}"
    );
}

/// H1, H3: a place on the board prints as its station and its route, the route
/// named by its big stations (Б-Г-Д, Б-Г-А, В-Г-А, in Latin letters).
#[test]
fn h1_h3_a_place_prints_its_station_and_route() {
    for (route, name) in [
        (Route::Circle, "circle"),
        (Route::BToD, "B-G-D"),
        (Route::BToA, "B-G-A"),
        (Route::VToA, "V-G-A"),
    ] {
        assert_eq!(route.name(), name);
        let place = Place::On { route, step: 3 };
        assert_eq!(place.to_string(), format!("{} ({name})", route.station(3)));
    }
    assert_eq!(Place::Waiting.to_string(), "waiting");
    assert_eq!(Place::Out.to_string(), "out");
}

/// Two players have 4 horses each (the source; more as an option): a horse numbered
/// past the game's horses is not in the game, and is `Out`, as is a horse of a
/// player who is not playing.
#[test]
fn a_horse_not_in_the_game_is_out() {
    let g = Game::new(Rules::default(), order(&[A, B])).unwrap();
    let horses = Rules::default().horses() as u8;
    assert_eq!(horses, 4);
    for number in 0..horses {
        assert_eq!(g.place(Horse { owner: A, number }), Place::Waiting);
    }
    assert_eq!(
        g.place(Horse {
            owner: A,
            number: horses
        }),
        Place::Out
    );
    assert_eq!(
        g.place(Horse {
            owner: C,
            number: 0
        }),
        Place::Out
    );
    assert_eq!(g.horses(A).count(), 4);
    assert_eq!(g.horses(C).count(), 0, "C is not in the game");
    let debug = format!("{g:?}");
    assert!(
        debug.starts_with("Game { rules: ") && debug.contains("bank: [0, 0, 0, 0, 0, 0]"),
        "{debug}"
    );
    // With the most horses (MAX_HORSES), the number one past them is still no horse
    // of A's (not B's first).
    let most = hoop_race::MAX_HORSES as u8;
    let rules = Rules::default().with_horses(Some(most));
    let g = Game::new(rules, order(&[A, B])).unwrap();
    assert_eq!(
        g.place(Horse {
            owner: A,
            number: most
        }),
        Place::Out
    );
    assert_eq!(
        g.place(Horse {
            owner: B,
            number: 0
        }),
        Place::Waiting
    );
}

/// H10: random play ends. `play_out` plays a game to its end (a winner), says how
/// many throws and moves it made, and makes none once the game is over; with a
/// limit it stops there.
#[test]
fn h10_a_game_played_out_ends_with_a_winner() {
    use rand_core::SeedableRng;
    for seed in 0..8 {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut g = Game::new(Rules::default(), order(&[A, B])).unwrap();
        let made = g.play_out(&mut rng, usize::MAX);
        assert!(made > 0 && g.is_over(), "seed {seed}");
        assert!(g.outcome().unwrap().winner().is_some(), "seed {seed}");
        assert_eq!(g.play_out(&mut rng, 10), 0, "over: nothing more to play");
        let mut g = Game::new(Rules::default(), order(&[A, B])).unwrap();
        assert_eq!(g.play_out(&mut rng, 5), 5, "seed {seed}");
        assert!(!g.is_over());
    }
}

/// H6, H7: every unit of the player and the partner, for every throw banked:
/// with four players of eight horses, A's and C's sixteen horses each alone on
/// a station of the circle and 4, 5 and 3 banked, 48 moves (the list holds up
/// to `MAX_MOVES`, 96).
#[test]
fn h6_every_unit_moves_with_every_banked_throw() {
    let rules = source().with_players(4).with_horses(Some(8));
    // The circle's steps but its corners Б and В (a horse there stands on a
    // diameter: H3).
    let steps = [1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18];
    let mut places = Vec::new();
    for k in 0..8 {
        places.push((format!("A{}", k + 1), on(Route::Circle, steps[k])));
        places.push((format!("C{}", k + 1), on(Route::Circle, steps[8 + k])));
    }
    let places: Vec<(&str, Place)> = places.iter().map(|(h, p)| (h.as_str(), *p)).collect();
    let mut g = setup(rules, &places);
    throws(&mut g, &[4, 5, 3]);
    assert_eq!(next(&g), Next::Move(A));
    let moves = g.legal_moves();
    assert_eq!(moves.len(), 48);
    assert_eq!(hoop_race::MAX_MOVES, 96);
    for mv in moves.iter() {
        assert!(g.is_legal(*mv), "{mv}");
    }
}

#[test]
fn horses_are_named_by_owner_and_number() {
    assert_eq!(
        "A1".parse::<Horse>().unwrap(),
        Horse {
            owner: A,
            number: 0
        }
    );
    assert_eq!(
        "D8".parse::<Horse>().unwrap(),
        Horse {
            owner: D,
            number: 7
        }
    );
    for bad in ["A0", "A9", "E1", "A", ""] {
        assert!(bad.parse::<Horse>().is_err(), "{bad}");
    }
}

/// The picture marks each horse on its station by its owner's letter (two of
/// A's joined: `AA`), counts the waiting horses and those out, and says who
/// throws, and whether for the order of play.
#[test]
fn h1_the_picture_shows_teams_and_counts() {
    let g = Game::new(
        source(),
        Setup {
            order: Some(vec![A, B]),
            places: vec![
                (horse("A1"), on(Route::Circle, 3)),
                (horse("A2"), on(Route::Circle, 3)),
                (horse("B1"), on(Route::Circle, 7)),
                (horse("A3"), Place::Out),
            ],
        },
    )
    .unwrap();
    let picture = g.to_string();
    let lines: Vec<&str> = picture.lines().collect();
    assert_eq!(lines[0], " *     .     .     B     .     *");
    assert_eq!(lines[4], " .                            AA");
    assert_eq!(
        &lines[11..],
        ["A: 1 waiting, 1 out", "B: 3 waiting, 0 out", "A to throw"]
    );
    let unsettled = Game::new(
        source(),
        Setup {
            order: None,
            places: vec![],
        },
    )
    .unwrap();
    assert!(
        unsettled
            .to_string()
            .ends_with("A throws for the order of play\n"),
        "{unsettled}"
    );
}

/// H8, H9: the sides are the players, or with four the partnerships A+C and B+D.
#[test]
fn h8_sides_are_players_or_partnerships() {
    use hoop_race::Side;
    assert_eq!(Side::all(2).count(), 2);
    assert_eq!(Side::all(3).count(), 3);
    let pairs: Vec<Side> = Side::all(4).collect();
    assert_eq!(pairs.len(), 2);
    assert!(pairs.iter().all(|s| s.is_partnership()));
    assert!(pairs[0].contains(A) && pairs[0].contains(C));
    assert!(!pairs[0].contains(B) && !pairs[0].contains(D));
    assert!(pairs[1].contains(B) && pairs[1].contains(D));
    let alone = Side::of(B, 3);
    assert!(!alone.is_partnership());
    assert!(alone.contains(B) && !alone.contains(A));
}

/// The horses to win (H10) are at most the side's horses: a partnership's
/// eight with four horses each, a player's four.
#[test]
fn h10_horses_to_win_are_at_most_the_sides() {
    let four = source().with_players(4).with_horses(Some(4));
    assert_eq!(four.with_horses_to_win(Some(8)).validate(), Ok(()));
    assert!(four.with_horses_to_win(Some(9)).validate().is_err());
    let two = source();
    assert_eq!(two.with_horses_to_win(Some(4)).validate(), Ok(()));
    assert!(two.with_horses_to_win(Some(5)).validate().is_err());
    assert!(two.with_horses_to_win(Some(0)).validate().is_err());
    let three = source().with_players(3).with_horses(Some(2));
    assert_eq!(three.with_horses_to_win(Some(2)).validate(), Ok(()));
    assert!(three.with_horses_to_win(Some(3)).validate().is_err());
}

/// A setup's order names each player once, and a horse is placed once.
#[test]
fn a_setup_names_each_player_and_horse_once() {
    let bad_order = |order: Vec<Player>| {
        Game::new(
            source(),
            Setup {
                order: Some(order),
                places: vec![],
            },
        )
        .unwrap_err()
    };
    assert_eq!(bad_order(vec![A, A]), GameError::Order);
    assert_eq!(bad_order(vec![B, B]), GameError::Order);
    assert_eq!(bad_order(vec![A, C]), GameError::Order);
    assert_eq!(bad_order(vec![A]), GameError::Order);
    assert!(Game::new(source(), order(&[B, A])).is_ok());
    for h in ["A1", "B2"] {
        let twice = Setup {
            order: Some(vec![A, B]),
            places: vec![
                (horse(h), on(Route::Circle, 3)),
                (horse(h), on(Route::Circle, 4)),
            ],
        };
        assert_eq!(
            Game::new(source(), twice).unwrap_err(),
            GameError::PlacedTwice(horse(h))
        );
    }
}

/// A stored outcome ranks one to four sides.
#[test]
fn a_stored_outcome_ranks_one_to_four_sides() {
    use hoop_race::Outcome;
    let ok = r#"{"reason":"brought_out","places":["A","B","C","D"]}"#;
    assert_eq!(
        serde_json::from_str::<Outcome>(ok).unwrap().places().len(),
        4
    );
    for bad in [
        r#"{"reason":"brought_out","places":[]}"#,
        r#"{"reason":"brought_out","places":["A","B","C","D","A"]}"#,
    ] {
        assert!(serde_json::from_str::<Outcome>(bad).is_err(), "{bad}");
    }
}
