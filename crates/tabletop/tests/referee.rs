//! The referee as a library: every field of a request is used or refused (none
//! is dropped unread), trap stones' teams (ruling T11) through a setup, and one
//! game driven through a `Session` with JSON values.

use serde_json::{Value, json};
use tabletop::referee::{Referee, Session};

fn ask(referee: &mut Referee, request: Value) -> Value {
    referee.request(&request).0
}

fn ok(referee: &mut Referee, request: Value) -> Value {
    let answer = ask(referee, request.clone());
    assert!(answer.get("error").is_none(), "{request} -> {answer}");
    answer
}

fn refused(referee: &mut Referee, request: Value, kind: &str, words: &str) {
    let answer = ask(referee, request.clone());
    let error = answer
        .get("error")
        .unwrap_or_else(|| panic!("{request} was accepted: {answer}"));
    assert_eq!(error["kind"], kind, "{request} -> {answer}");
    let message = error["message"].as_str().unwrap();
    assert!(message.contains(words), "{request} -> {message}");
}

#[test]
fn trap_stones_teams_in_a_setup_take_their_sides_turns() {
    // Ruling T11: the members of a side take its turns in rotation.
    let mut r = Referee::new();
    let new = ok(
        &mut r,
        json!({"new": {"game": "trap_stones", "seed": 3, "setup": {"members": [2, 3]}}}),
    );
    assert_eq!(new["state"]["members"], json!([2, 3]), "{new}");
    // Play the traps and the game by the bot's choices; record who moves.
    let mut seats = Vec::new();
    for _ in 0..200 {
        let state = ok(&mut r, json!({"state": {}}))["ok"].clone();
        if state["over"] == json!(true) {
            break;
        }
        if let Some(to_move) = state.get("to_move")
            && state["awaiting"].get("move").is_some()
        {
            seats.push(to_move.clone());
        }
        ok(&mut r, json!({"bot": {"playouts": 20, "play": true}}));
    }
    // Side one's members 0, 1, 0, 1 …; side two's 0, 1, 2, 0 ….
    let members_of = |side: &str| -> Vec<u64> {
        seats
            .iter()
            .filter(|s| s["side"] == side)
            .map(|s| s["member"].as_u64().unwrap())
            .collect()
    };
    let one = members_of("one");
    let two = members_of("two");
    assert!(one.len() >= 3 && two.len() >= 3, "{seats:?}");
    for (k, m) in one.iter().enumerate() {
        assert_eq!(*m, k as u64 % 2, "side one: {one:?}");
    }
    for (k, m) in two.iter().enumerate() {
        assert_eq!(*m, k as u64 % 3, "side two: {two:?}");
    }
    // The whole setup form keeps the teams too.
    let mut r = Referee::new();
    let setup = json!({
        "draws": {"first": "one", "axis": "dark", "side": "light"},
        "traps": [["c7"], ["e3"]],
        "members": [2, 3],
    });
    let new = ok(
        &mut r,
        json!({"new": {"game": "trap_stones", "rules": {"preset": "source", "traps": 1}, "setup": setup}}),
    );
    assert_eq!(new["state"]["setup"]["members"], json!([2, 3]), "{new}");
    // A team of nine is refused with the crate's reason.
    refused(
        &mut r,
        json!({"new": {"game": "trap_stones", "setup": {"members": [1, 9]}}}),
        "bad_setup",
        "team of 9",
    );
}

#[test]
fn every_unknown_field_is_refused_not_dropped() {
    let mut r = Referee::new();
    refused(
        &mut r,
        json!({"new": {"game": "go", "sede": 3}}),
        "bad_request",
        "\"sede\"",
    );
    for (game, field) in [
        ("go", "komi"),
        ("o_an_quan", "players"),
        ("hoop_race", "throw"),
        ("trap_stones", "trap"),
        ("tarokk_war", "hands"),
    ] {
        refused(
            &mut r,
            json!({"new": {"game": game, "setup": {field: 1}}}),
            "bad_setup",
            &format!("{field:?}"),
        );
    }
    refused(
        &mut r,
        json!({"new": {"game": "o_an_quan", "setup": {"first": "B", "position": {}}}}),
        "bad_setup",
        "not both",
    );
    refused(
        &mut r,
        json!({"new": {"game": "o_an_quan", "match": {"holdings": null, "games": 3}}}),
        "bad_setup",
        "\"games\"",
    );
    ok(&mut r, json!({"new": {"game": "o_an_quan", "match": true}}));
    // Holdings that end the match at once are refused, with the reason in words
    // (ruling Q7).
    refused(
        &mut r,
        json!({"new": {"game": "o_an_quan", "match": {"holdings": [{"stones": 50, "quan": 2}, {"stones": 0, "quan": 0}]}}}),
        "bad_setup",
        "player B holds no quan (ruling Q7)",
    );
    ok(&mut r, json!({"new": {"game": "o_an_quan", "match": true}}));
    refused(
        &mut r,
        json!({"next_game": "B"}),
        "bad_request",
        "next_game takes",
    );
    ok(&mut r, json!({"new": {"game": "go", "setup": {"size": 9}}}));
    for side in ["width", "height"] {
        refused(
            &mut r,
            json!({"new": {"game": "go", "setup": {side: 9}}}),
            "bad_setup",
            "a rectangular board is a position",
        );
    }
    ok(&mut r, json!({"new": {"game": "go", "setup": {"size": 9}}}));
    refused(
        &mut r,
        json!({"legal": {"player": 0}}),
        "bad_request",
        "no arguments",
    );
    refused(
        &mut r,
        json!({"score": {"final": true}}),
        "bad_request",
        "no arguments",
    );
    refused(
        &mut r,
        json!({"play": {"action": 3, "colour": "white"}}),
        "bad_request",
        "\"colour\"",
    );
    refused(
        &mut r,
        json!({"bot": {"playout": 10}}),
        "bad_request",
        "\"playout\"",
    );
    refused(
        &mut r,
        json!({"bot": {"playouts": "ten"}}),
        "bad_request",
        "whole number",
    );
    refused(
        &mut r,
        json!({"view": {"player": 0, "as": "text"}}),
        "bad_request",
        "\"as\"",
    );
    refused(
        &mut r,
        json!({"new": {"game": "go"}, "game": 1}),
        "bad_request",
        "no \"game\" id",
    );
    refused(
        &mut r,
        json!({"bot": {"playouts": 10, "level": 2}}),
        "bad_request",
        "one budget",
    );
    refused(
        &mut r,
        json!({"games": {"all": true}}),
        "bad_request",
        "no arguments",
    );
    refused(&mut r, json!({"close": 3}), "bad_request", "no arguments");
    refused(
        &mut r,
        json!({"quit": {"now": 1}}),
        "bad_request",
        "no arguments",
    );
    refused(
        &mut r,
        json!({"new": {"game": "go", "setup": {"size": 9, "position": {"width": 5, "height": 5, "stones": [], "to_move": "black"}}}}),
        "bad_setup",
        "position alone",
    );
    // The game went on unchanged through all of it.
    let state = ok(&mut r, json!({"state": {}}));
    assert_eq!(state["ok"]["moves"], 0);
}

#[test]
fn a_session_is_one_game_in_json_values() {
    let (mut session, opened) =
        Session::open(&json!({"game": "go", "setup": {"size": 5}}), None).expect("a game");
    assert_eq!(opened["ok"]["game"], "go");
    assert!(opened["ok"].get("id").is_none(), "a session has no id");
    let played = session.request("play", &json!("C3")).unwrap();
    assert_eq!(played["events"][0]["move"]["move"], "C3");
    let e = session.request("play", &json!("C3")).unwrap_err();
    assert_eq!(e.kind, "illegal_move");
    let e = session.request("close", &json!({})).unwrap_err();
    assert_eq!(e.kind, "bad_request");
    let sgf = session.request("sgf", &json!({})).unwrap();
    assert!(
        sgf["ok"]["sgf"].as_str().unwrap().contains(";B[cc]"),
        "{sgf}"
    );
}

/// The `score` answer is each game's own count, in its crate's terms.
#[test]
fn every_games_score_is_its_own_count() {
    let mut r = Referee::new();
    ok(&mut r, json!({"new": {"game": "go", "setup": {"size": 5}}}));
    ok(&mut r, json!({"play": "C3"}));
    // The game's own count is the detail (the rest is the interface's).
    let score = ok(&mut r, json!({"score": {}}))["ok"]["detail"].clone();
    assert_eq!(score["black"], 25, "{score}");
    assert_eq!(score["result"], "B+25", "{score}");
    ok(&mut r, json!({"new": {"game": "o_an_quan"}}));
    let score = ok(&mut r, json!({"score": {}}))["ok"]["detail"].clone();
    // Per player, up to the crate's most players.
    assert_eq!(score["players"], 2, "{score}");
    assert_eq!(score["quan_value"], 10, "{score}");
    assert_eq!(score["captured"], json!([0, 0, 0, 0]), "{score}");
    ok(&mut r, json!({"new": {"game": "hoop_race", "seed": 1}}));
    let score = ok(&mut r, json!({"score": {}}))["ok"]["detail"].clone();
    assert_eq!(score["sides"], 2, "{score}");
    let out = score["out"].as_array().unwrap();
    assert!(out.len() >= 2 && out.iter().all(|n| n == 0), "{score}");
    // Trap stones counts once the traps are set (here by the setup).
    let setup = json!({
        "draws": {"first": "one", "axis": "dark", "side": "light"},
        "traps": [["c7"], ["e3"]],
    });
    ok(
        &mut r,
        json!({"new": {"game": "trap_stones", "rules": {"preset": "source", "traps": 1}, "setup": setup}}),
    );
    let score = ok(&mut r, json!({"score": {}}))["ok"]["detail"].clone();
    assert_eq!(score, json!([0, 0]), "{score}");
}

/// The `state` answer (no viewer) is the game's whole position in its own terms,
/// with the turn fields every game shares; a player's `view` is that player's
/// part of it (the hidden games show one's own traps or hand only).
#[test]
fn every_games_state_and_view_show_its_own_fields() {
    let mut r = Referee::new();
    for (game, fields, seen) in [
        ("go", &["board"][..], &["board"][..]),
        (
            "o_an_quan",
            &["board", "position", "totals"][..],
            &["board", "position", "totals"][..],
        ),
        (
            "hoop_race",
            &["horses", "bank", "settling_order", "order"][..],
            &["horses", "bank", "settling_order", "order"][..],
        ),
        (
            "trap_stones",
            &["draws", "phase", "traps"][..],
            &["draws", "phase", "own_traps", "opponent_traps_chosen"][..],
        ),
        (
            "tarokk_war",
            &["players", "soldier_pile", "location_pile"][..],
            &["hand"][..],
        ),
    ] {
        let new = ok(&mut r, json!({"new": {"game": game, "seed": 1}}));
        // The game's rules, in its crate's terms.
        let rules = &new["ok"]["rules"];
        assert!(
            rules.as_object().is_some_and(|o| !o.is_empty()),
            "{game}: rules {rules}"
        );
        let state = ok(&mut r, json!({"state": {}}))["ok"].clone();
        assert_eq!(new["state"], state, "{game}");
        assert_eq!(state["game"], game, "{state}");
        assert_eq!(state["over"], false, "{state}");
        for field in fields {
            assert!(
                state.get(field).is_some(),
                "{game}: no {field:?} in {state}"
            );
        }
        let view = ok(&mut r, json!({"view": {"player": 0}}))["ok"].clone();
        assert_eq!(view["game"], game, "{view}");
        for field in seen {
            assert!(
                view.get(field).is_some(),
                "{game}: no {field:?} in the view {view}"
            );
        }
    }
}

/// Tarokk war's state names who took a location with the tök VIII in phase I
/// (ruling W5), and the location, once it has happened, and in phase II the
/// location fought over and its defender; the view shows both to both players.
#[cfg(feature = "tarokk_war")]
#[test]
fn tarokk_wars_tok_viii_and_front_are_in_the_state_and_the_views() {
    use rand_core::SeedableRng;
    use tabletop::{AnyState, Game, State, load, referee};
    let game = load("tarokk_war").unwrap();
    let mut rng = tabletop::rng::SplitMix64::seed_from_u64(1);
    let (mut seen, mut fronts) = (0, 0);
    for _ in 0..40 {
        let mut state = game.new_initial_state();
        while !state.is_terminal() {
            state.playout_step(&mut rng);
            let AnyState::TarokkWar(s) = &state else {
                unreachable!("tarokk war")
            };
            let json = referee::state_json(&state);
            match s.game().and_then(|g| g.tok_viii_location()) {
                None => assert_eq!(json["tok_viii"], Value::Null, "{json}"),
                Some((_, location)) => {
                    assert_eq!(json["tok_viii"]["location"], location.to_string(), "{json}");
                    assert!(json["tok_viii"]["player"].is_string(), "{json}");
                    for p in [0, 1] {
                        let view = referee::view_json(&state, p);
                        assert_eq!(view["tok_viii"], json["tok_viii"], "{view}");
                    }
                    seen += 1;
                }
            }
            match s.game().and_then(|g| g.front()) {
                None => assert_eq!(json["front"], Value::Null, "{json}"),
                Some((location, defender)) => {
                    assert!(s.game().unwrap().in_phase_two(), "{json}");
                    let want = json!({
                        "location": location.to_string(),
                        "defender": serde_json::to_value(defender).unwrap(),
                    });
                    assert_eq!(json["front"], want, "{json}");
                    for p in [0, 1] {
                        assert_eq!(referee::view_json(&state, p)["front"], want);
                    }
                    fronts += 1;
                }
            }
        }
    }
    assert!(seen > 0, "no game took a location with the tök VIII");
    assert!(fronts > 0, "no game reached phase II");
}

/// An Ô ăn quan move in the referee answers the crate's report, with each
/// sowing step as an event, and leaves the crate's board (the same move played
/// on the crate's own game beside it).
#[cfg(feature = "o_an_quan")]
#[test]
fn o_an_quans_move_reports_each_sowing_step() {
    let mut r = Referee::new();
    ok(&mut r, json!({"new": {"game": "o_an_quan"}}));
    let mut game =
        o_an_quan::Game::new(o_an_quan::Rules::default(), o_an_quan::Setup::default()).unwrap();
    for text in ["A5R", "B1L"] {
        let played = ok(&mut r, json!({"play": text}));
        let mv = game.parse_move(text).unwrap();
        let mut steps = Vec::new();
        let report = game
            .play_traced(mv, &mut |e| steps.push(serde_json::to_value(e).unwrap()))
            .unwrap();
        assert!(
            steps.len() >= 5,
            "five stones sown, one step each: {steps:?}"
        );
        assert_eq!(
            played["ok"],
            serde_json::to_value(report).unwrap(),
            "{played}"
        );
        assert_eq!(played["events"], Value::Array(steps), "{played}");
        assert_eq!(
            played["state"]["board"],
            game.board().ring().to_string(),
            "{played}"
        );
        let events = ok(&mut r, json!({"events": {}}))["ok"]["events"].clone();
        assert!(
            events
                .as_array()
                .unwrap()
                .ends_with(played["events"].as_array().unwrap()),
            "the session's log keeps the move's steps: {events}"
        );
    }
}

/// An Ô ăn quan match ends when a player can fill no square or holds no quan
/// (ruling Q7): `match` names the end and the player, in the same terms as the
/// `match_over` refusal of a next game. B starts with a single square's worth.
#[cfg(feature = "o_an_quan")]
#[test]
fn an_o_an_quan_match_names_how_it_ended() {
    let mut r = Referee::new();
    let holdings = json!([{"stones": 45, "quan": 1}, {"stones": 5, "quan": 1}]);
    ok(
        &mut r,
        json!({"new": {"game": "o_an_quan", "match": {"holdings": holdings}}}),
    );
    for game in 1..=40 {
        // Played with the first legal move each time, a game ends well within
        // this (a game not over is not counted: `games_played` below).
        for _ in 0..1000 {
            if ok(&mut r, json!({"state": {}}))["ok"]["over"] == true {
                break;
            }
            let legal = ok(&mut r, json!({"legal": {}}));
            let first = legal["ok"]["actions"][0].clone();
            let played = ok(&mut r, json!({"play": {"action": first}}));
            assert!(played["ok"].is_object(), "a move's report: {played}");
        }
        let standing = ok(&mut r, json!({"match": {}}))["ok"].clone();
        assert_eq!(standing["games_played"], game, "{standing}");
        let Some(outcome) = standing["outcome"].as_object() else {
            ok(&mut r, json!({"next_game": {}}));
            continue;
        };
        let (how, who) = outcome["end"].as_object().unwrap().iter().next().unwrap();
        let who = who.as_str().unwrap();
        let words = match how.as_str() {
            "cannot_fill" => format!("player {who} can fill no square (ruling Q7)"),
            "no_quan" => format!("player {who} holds no quan (ruling Q7)"),
            other => panic!("an end of a match the rules do not have: {other}"),
        };
        assert!(["A", "B"].contains(&who), "{standing}");
        assert!(
            !outcome["leaders"].as_array().unwrap().is_empty(),
            "{standing}"
        );
        refused(&mut r, json!({"next_game": {}}), "match_over", &words);
        return;
    }
    panic!("the match did not end in 40 games");
}

/// The bot stops its search once more playouts could not change its choice,
/// unless told `"stop_early": false`: then it runs its whole budget, and
/// chooses the same move.
#[cfg(feature = "o_an_quan")]
#[test]
fn the_bot_stops_early_unless_told_not_to() {
    let mut r = Referee::new();
    ok(&mut r, json!({"new": {"game": "o_an_quan"}}));
    let whole = ok(
        &mut r,
        json!({"bot": {"playouts": 2000, "stop_early": false}}),
    )["ok"]
        .clone();
    assert_eq!(whole["playouts"], 2000, "{whole}");
    let early = ok(
        &mut r,
        json!({"bot": {"playouts": 2000, "stop_early": true}}),
    )["ok"]
        .clone();
    assert!(early["playouts"].as_u64().unwrap() < 2000, "{early}");
    assert_eq!(early["move"], whole["move"]);
    let default = ok(&mut r, json!({"bot": {"playouts": 2000}}))["ok"].clone();
    assert_eq!(
        default["playouts"], early["playouts"],
        "stopping early is the default"
    );
}

/// `sgf` is Go's game record: every other game refuses it, by name.
#[test]
fn sgf_is_gos_record_only() {
    let mut r = Referee::new();
    for game in ["o_an_quan", "hoop_race", "trap_stones", "tarokk_war"] {
        if ask(&mut r, json!({"new": {"game": game}}))
            .get("error")
            .is_some()
        {
            continue; // the game's feature is off
        }
        refused(
            &mut r,
            json!({"sgf": {}}),
            "bad_request",
            &format!("sgf is Go's game record; this game is {game}"),
        );
    }
}

/// Trap stones' draws given in a setup are the draws the game makes (the
/// colours of the axis and side stones, and who moves first), shown as given
/// while the traps are chosen and in the game's setup once it starts.
#[cfg(feature = "trap_stones")]
#[test]
fn trap_stones_draws_given_are_the_draws_made() {
    let mut r = Referee::new();
    for first in ["one", "two"] {
        for axis in ["dark", "light"] {
            for side in ["dark", "light"] {
                let draws = json!({"first": first, "axis": axis, "side": side});
                let opened = ok(
                    &mut r,
                    json!({"new": {"game": "trap_stones", "setup": {"draws": draws}}}),
                );
                assert_eq!(opened["state"]["phase"], "traps", "{opened}");
                assert_eq!(opened["state"]["draws"], draws, "{opened}");
                // One trap each (the source's rules): the game starts.
                ok(&mut r, json!({"play": "a1"}));
                let started = ok(&mut r, json!({"play": "a9"}));
                assert_eq!(started["state"]["setup"]["draws"], draws, "{started}");
            }
        }
    }
}

/// Trap stones' three draws, made by the referee, are public events, each
/// named as the draw's action reads; a trap is an event whose cell only its
/// own side sees.
#[cfg(feature = "trap_stones")]
#[test]
fn trap_stones_draws_and_traps_are_events() {
    let mut r = Referee::new();
    let opened = ok(&mut r, json!({"new": {"game": "trap_stones", "seed": 4}}));
    let draws: Vec<&Value> = opened["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e.get("draw"))
        .collect();
    assert_eq!(draws.len(), 3, "{opened}");
    let log = ok(&mut r, json!({"events": {"player": 1}}))["ok"]["events"].clone();
    assert_eq!(log, opened["events"], "seen by both sides");
    for (k, d) in draws.iter().enumerate() {
        assert!(d.as_str().is_some_and(|s| !s.is_empty()), "draw {k}: {d}");
    }
    // A trap: its cell seen by its own side only.
    let side = ok(&mut r, json!({"state": {}}))["ok"]["current_player"].clone();
    let side = side.as_u64().expect("a side chooses its trap") as usize;
    let legal = ok(&mut r, json!({"legal": {}}))["ok"].clone();
    let chosen = ok(&mut r, json!({"play": {"action": legal["actions"][0]}}));
    let cell = legal["moves"][0]
        .as_str()
        .unwrap()
        .trim_start_matches("trap ");
    let trap = json!({"trap": {"side": side + 1, "cell": cell}});
    assert_eq!(chosen["events"], json!([trap]), "{chosen}");
    for viewer in [0, 1] {
        let log = ok(&mut r, json!({"events": {"player": viewer}}))["ok"]["events"].clone();
        let seen = if viewer == side {
            trap.clone()
        } else {
            json!({"trap": {"side": side + 1}})
        };
        assert_eq!(log.as_array().unwrap().last(), Some(&seen), "{log}");
        // And each side's view: its own traps, the number the other chose.
        let view = ok(&mut r, json!({"view": {"player": viewer}}))["ok"].clone();
        let (own, others) = if viewer == side {
            (json!([cell]), 0)
        } else {
            (json!([]), 1)
        };
        assert_eq!(view["own_traps"], own, "{view}");
        assert_eq!(view["opponent_traps_chosen"], others, "{view}");
    }
}

/// Undo in a trap stones game started from a whole setup (draws and traps
/// given): back to the setup's position, the game still there to play.
#[cfg(feature = "trap_stones")]
#[test]
fn undo_returns_a_given_trap_stones_setup_to_its_start() {
    let mut r = Referee::new();
    let setup = json!({
        "draws": {"first": "one", "axis": "dark", "side": "light"},
        "traps": [["c7"], ["e3"]],
    });
    let opened = ok(
        &mut r,
        json!({"new": {"game": "trap_stones", "rules": {"preset": "source", "traps": 1}, "setup": setup}}),
    );
    let legal = ok(&mut r, json!({"legal": {}}))["ok"].clone();
    for _ in 0..2 {
        let first = legal["actions"][0].clone();
        ok(&mut r, json!({"play": {"action": first}}));
        let undone = ok(&mut r, json!({"undo": {}}));
        assert_eq!(undone["state"], opened["state"], "{undone}");
        assert_eq!(ok(&mut r, json!({"legal": {}}))["ok"], legal);
    }
}

/// Tarokk war's `score` detail is the crate's score once the cards are dealt,
/// and nothing before.
#[cfg(feature = "tarokk_war")]
#[test]
fn tarokk_wars_score_is_the_crates() {
    use rand_core::SeedableRng;
    use tabletop::{AnyState, Game, State, load, referee};
    let mut state = load("tarokk_war").unwrap().new_initial_state();
    assert_eq!(referee::score_json(&state)["detail"], Value::Null);
    let mut rng = tabletop::rng::SplitMix64::seed_from_u64(4);
    let mut compared = 0;
    while !state.is_terminal() {
        state.playout_step(&mut rng);
        let AnyState::TarokkWar(s) = &state else {
            unreachable!("tarokk war")
        };
        if let Some(g) = s.game() {
            let want = serde_json::to_value(g.score()).unwrap();
            assert_eq!(referee::score_json(&state)["detail"], want);
            compared += 1;
        }
    }
    assert!(compared > 10);
}

/// A tarokk war game through the referee from a given deal: each decision's
/// answer is the crate's report of the same move, played on the crate's own
/// game beside it, and at the end the session's state is over with the crate's
/// score.
#[cfg(feature = "tarokk_war")]
#[test]
fn tarokk_war_moves_report_as_the_crates() {
    use rand_core::SeedableRng;
    let mut rng = tabletop::rng::SplitMix64::seed_from_u64(8);
    let setup = tarokk_war::Setup::random(&mut rng);
    let mut game = tarokk_war::Game::new(tarokk_war::Rules::default(), setup).unwrap();
    let mut r = Referee::new();
    let deal = serde_json::to_value(setup).unwrap();
    let started = ok(
        &mut r,
        json!({"new": {"game": "tarokk_war", "setup": {"deal": deal}}}),
    );
    // The deal's 80 chance outcomes are logged as deals, the first naming the
    // first dealer; a move logs none.
    let deals = |answer: &Value| -> Vec<Value> {
        answer["events"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|e| e.get("deal").cloned())
            .collect()
    };
    let dealt = deals(&started);
    assert_eq!(dealt.len(), 80, "{started}");
    assert!(
        dealt[0].as_str().unwrap().ends_with("deals first"),
        "{started}"
    );
    // Each player sees who deals first, and of each card dealt only that a
    // card was dealt (its face comes in the `dealt` events, to its holder).
    for player in [0, 1] {
        let seen = ok(&mut r, json!({"events": {"player": player}}))["ok"].clone();
        let seen = deals(&seen);
        assert_eq!(seen.len(), 80);
        assert_eq!(seen[0], dealt[0], "player {player}");
        assert!(seen[1..].iter().all(|d| d == "a card"), "player {player}");
    }
    let mut moves = 0;
    while !game.is_over() {
        let mv = game.legal_moves()[0];
        let played = ok(&mut r, json!({"play": mv.to_string()}));
        assert_eq!(deals(&played), Vec::<Value>::new(), "{played}");
        let report = game.play(mv).unwrap();
        assert_eq!(
            played["ok"],
            serde_json::to_value(report).unwrap(),
            "{mv}: {played}"
        );
        moves += 1;
    }
    let state = ok(&mut r, json!({"state": {}}))["ok"].clone();
    assert_eq!(state["over"], true, "{state}");
    assert_eq!(
        state["score"],
        serde_json::to_value(game.score()).unwrap(),
        "{state}"
    );
    assert!(moves > 20, "a whole game: {moves} moves");
}

/// Hoop race throws given in a setup, by name or number, are the throws
/// made as the chance nodes come: first the order's (ruling H9), then play.
#[cfg(feature = "hoop_race")]
#[test]
fn hoop_race_throws_given_by_name_or_number() {
    let mut r = Referee::new();
    let started = ok(
        &mut r,
        json!({"new": {"game": "hoop_race", "setup": {"throws": ["gae", "geol", "YUT", 1]}}}),
    );
    let thrown: Vec<(bool, &str)> = started["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let t = &e["throw"];
            (
                t["for_order"].as_bool().unwrap(),
                t["throw"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        thrown,
        [(true, "2"), (true, "3"), (false, "4"), (false, "1")],
        "{started}"
    );
    assert_eq!(started["state"]["order"], json!(["B", "A"]), "{started}");
}

/// An Ô ăn quan match opens each game with an event: its number, who moves
/// first and the holdings it starts from (ruling Q7), and the sales.
#[cfg(feature = "o_an_quan")]
#[test]
fn an_o_an_quan_match_opens_each_game_with_an_event() {
    let mut r = Referee::new();
    let holdings = json!([{"stones": 45, "quan": 1}, {"stones": 20, "quan": 1}]);
    let started = ok(
        &mut r,
        json!({"new": {"game": "o_an_quan", "match": {"holdings": holdings}}}),
    );
    let opening =
        json!({"match_game": {"game": 1, "first": "A", "holdings": holdings, "sales": []}});
    assert_eq!(started["events"], json!([opening]), "{started}");
    for _ in 0..1000 {
        if ok(&mut r, json!({"state": {}}))["ok"]["over"] == true {
            break;
        }
        let legal = ok(&mut r, json!({"legal": {}}));
        ok(
            &mut r,
            json!({"play": {"action": legal["ok"]["actions"][0]}}),
        );
    }
    let standing = ok(&mut r, json!({"match": {}}))["ok"].clone();
    assert_eq!(standing["games_played"], 1, "{standing}");
    let next = ok(&mut r, json!({"next_game": {}}));
    let event = &next["events"][0]["match_game"];
    assert_eq!(event["game"], 2, "{next}");
    assert!(event["first"] == "A" || event["first"] == "B", "{next}");
    // The holdings it starts from are the match's, as `match` shows them.
    let held: Vec<Value> = next["ok"]["holdings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| json!({"stones": h["stones"], "quan": h["quan"]}))
        .collect();
    assert_eq!(event["holdings"], json!(held), "{next}");
    assert_eq!(event["first"], next["ok"]["first"], "{next}");
}

/// A hoop race setup giving only the order of play (or only places) is used:
/// no throws for the order, the first throw given is the first player's in
/// play.
#[cfg(feature = "hoop_race")]
#[test]
fn hoop_race_setup_with_the_order_alone() {
    let mut r = Referee::new();
    let started = ok(
        &mut r,
        json!({"new": {"game": "hoop_race", "setup": {"order": ["B", "A"], "throws": [3]}}}),
    );
    assert_eq!(started["state"]["order"], json!(["B", "A"]), "{started}");
    let throw = &started["events"][0]["throw"];
    assert_eq!(
        (&throw["player"], &throw["for_order"], &throw["throw"]),
        (&json!("B"), &json!(false), &json!("3")),
        "{started}"
    );
    let placed = ok(
        &mut r,
        json!({"new": {"game": "hoop_race", "setup": {"places": [["A1", {"on": {"route": "circle", "step": 3}}]]}}}),
    );
    assert_ne!(placed["state"]["horses"]["A1"], "waiting", "{placed}");
}
