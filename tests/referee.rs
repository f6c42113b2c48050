//! The JSON-lines referee (`examples/referee.rs`) driven as a subprocess, as a
//! program in another language would: every game, and every kind of error, none of
//! which ends the session.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{Value, json};

fn referee_binary() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let bin = exe.parent()?.parent()?.join("examples").join("referee");
    bin.exists().then_some(bin)
}

struct Referee {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Referee {
    fn start() -> Option<Referee> {
        let Some(bin) = referee_binary() else {
            eprintln!("SKIPPED: examples/referee was not built");
            return None;
        };
        let mut child = Command::new(bin)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .ok()?;
        let input = child.stdin.take()?;
        let output = BufReader::new(child.stdout.take()?);
        Some(Referee {
            child,
            input,
            output,
        })
    }

    /// Sends one raw line, returns the parsed response.
    fn raw(&mut self, line: &str) -> Value {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
        let mut response = String::new();
        self.output.read_line(&mut response).unwrap();
        serde_json::from_str(&response).unwrap_or_else(|e| panic!("{e}: {response}"))
    }

    fn ask(&mut self, request: Value) -> Value {
        self.raw(&request.to_string())
    }

    /// A request that must succeed; returns the response.
    fn ok(&mut self, request: Value) -> Value {
        let r = self.ask(request.clone());
        assert!(r.get("ok").is_some(), "{request} -> {r}");
        r
    }

    /// A request that must fail with `kind`.
    fn error(&mut self, request: Value, kind: &str) -> Value {
        let r = self.ask(request.clone());
        assert_eq!(r["error"]["kind"], kind, "{request} -> {r}");
        assert!(
            r["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty())
        );
        r
    }
}

impl Drop for Referee {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

#[test]
fn go_session() {
    let Some(mut r) = Referee::start() else {
        return;
    };
    let new = r.ok(json!({"new": {"game": "go", "rules": {"preset": "japanese", "komi": 0.5}, "setup": {"size": 9}}}));
    assert_eq!(new["ok"]["rules"]["komi"], 0.5);
    assert_eq!(new["state"]["width"], 9);
    let legal = r.ok(json!({"legal": {}}));
    assert_eq!(
        legal["ok"]["moves"].as_array().unwrap().len(),
        82,
        "81 points and pass"
    );
    let played = r.ok(json!({"play": "E5"}));
    assert_eq!(played["ok"]["move"], "E5");
    assert_eq!(played["state"]["to_move"], "white");
    r.error(json!({"play": "E5"}), "illegal_move");
    r.error(json!({"play": "Z99"}), "bad_move");
    r.error(json!({"chance": "4"}), "no_chance");
    r.ok(json!({"view": {"player": 1}}));
    r.error(json!({"view": {"player": 2}}), "bad_player");
    let undone = r.ok(json!({"undo": {}}));
    assert_eq!(undone["ok"]["undone"], "E5");
    r.error(json!({"undo": {}}), "nothing_to_undo");
    r.ok(json!({"play": "pass"}));
    let over = r.ok(json!({"play": "pass"}));
    assert_eq!(over["state"]["over"], true);
    let score = r.ok(json!({"score": {}}));
    assert_eq!(score["ok"]["result"], "W+0.5");
    r.error(json!({"play": "D4"}), "illegal_move");
    r.error(
        json!({"new": {"game": "go", "setup": {"size": 40}}}),
        "bad_setup",
    );
    r.error(
        json!({"new": {"game": "go", "rules": {"komi": 0.25}}}),
        "bad_rules",
    );
    r.error(
        json!({"new": {"game": "go", "rules": {"ko_rule": "simple"}}}),
        "bad_rules",
    );
    r.ok(json!({"new": {"game": "go", "setup": {"size": 19, "handicap": 4}}}));
    assert_eq!(r.ok(json!({"state": {}}))["ok"]["to_move"], "white");
}

#[test]
fn o_an_quan_session() {
    let Some(mut r) = Referee::start() else {
        return;
    };
    r.ok(json!({"new": {"game": "o_an_quan", "rules": {"preset": "common", "players": 3}}}));
    let legal = r.ok(json!({"legal": {}}));
    assert_eq!(legal["ok"]["moves"].as_array().unwrap().len(), 10);
    let played = r.ok(json!({"play": "A5R"}));
    let events = played["events"].as_array().unwrap();
    assert_eq!(events[0], json!({"pick_up": {"square": "A5", "stones": 5}}));
    assert!(
        events.iter().any(|e| e.get("capture").is_some()),
        "{played}"
    );
    assert_eq!(played["state"]["to_move"], "B");
    r.error(json!({"play": "A1R"}), "illegal_move");
    r.error(json!({"play": "nonsense"}), "bad_move");
    r.ok(json!({"play": "2L"}));
    r.ok(json!({"view": {"player": 2}}));
    r.error(json!({"view": {"player": 3}}), "bad_player");
    assert_eq!(r.ok(json!({"undo": {}}))["ok"]["undone"], "B2L");
    r.ok(json!({"score": {}}));
    r.error(json!({"chance": 1}), "no_chance");
    // A position as the setup.
    let pos = json!({"board": "(Q) 1 0 0 4 2 (Q) 1 1 1 1 1", "owners": ["A","A","A","A","A","B","B","B","B","B"],
        "stores": [0,0], "quan_taken": [0,0], "loans": [], "to_move": "A", "history": []});
    r.ok(json!({"new": {"game": "o_an_quan", "setup": {"position": pos}}}));
    let p = r.ok(json!({"play": "A1R"}));
    assert_eq!(p["ok"]["stones_captured"], 4);
    r.error(
        json!({"new": {"game": "o_an_quan", "setup": {"first": "Z"}}}),
        "bad_setup",
    );
    r.error(
        json!({"new": {"game": "o_an_quan", "rules": "ancient"}}),
        "bad_rules",
    );
    r.error(
        json!({"new": {"game": "o_an_quan", "rules": {"players": 9}}}),
        "bad_rules",
    );
}

#[test]
fn hoop_race_session() {
    let Some(mut r) = Referee::start() else {
        return;
    };
    // Throws given in the setup, then by the caller.
    let new = r.ok(
        json!({"new": {"game": "hoop_race", "setup": {"order": ["A", "B"], "throws": [4, 2]}}}),
    );
    assert_eq!(new["events"].as_array().unwrap().len(), 2);
    assert_eq!(new["state"]["bank"], json!(["2", "4"]));
    let legal = r.ok(json!({"legal": {}}));
    assert_eq!(legal["ok"]["moves"], json!(["A1+2", "A1+4"]));
    let m = r.ok(json!({"play": "A1+4"}));
    assert_eq!(m["ok"]["to"], json!({"on": {"route": "circle", "step": 4}}));
    r.error(json!({"play": "A1+4"}), "illegal_move");
    r.error(json!({"chance": 3}), "illegal_chance");
    r.ok(json!({"play": "A1+2"}));
    // B's turn: the caller throws.
    let state = r.ok(json!({"state": {}}));
    assert_eq!(state["ok"]["awaiting"], json!("chance"));
    assert_eq!(state["ok"]["to_move"], json!("B"));
    r.error(json!({"chance": "seven"}), "bad_chance");
    let t = r.ok(json!({"chance": "mo"}));
    assert_eq!(t["ok"]["throw"], "5");
    r.ok(json!({"chance": 1}));
    r.ok(json!({"play": "B1+5"}));
    r.error(json!({"play": "B9"}), "bad_move");
    r.error(json!({"undo": {}}), "not_supported");
    r.ok(json!({"score": {}}));
    // With a seed the throws are drawn by the referee: a whole game by moves alone.
    r.ok(json!({"new": {"game": "hoop_race", "rules": "yut_nori", "seed": 11}}));
    let mut moves = 0;
    loop {
        let state = r.ok(json!({"state": {}}));
        if state["ok"]["over"] == true {
            break;
        }
        let legal = r.ok(json!({"legal": {}}));
        let first = legal["ok"]["moves"][0]
            .as_str()
            .expect("a move is awaited")
            .to_string();
        r.ok(json!({"play": first}));
        moves += 1;
        assert!(moves < 10_000);
    }
    assert!(r.ok(json!({"score": {}}))["ok"]["winner"].is_string());
    r.error(
        json!({"new": {"game": "hoop_race", "setup": {"throws": [9]}}}),
        "bad_setup",
    );
    r.error(
        json!({"new": {"game": "hoop_race", "setup": {"order": ["A"]}}}),
        "bad_setup",
    );
    r.error(
        json!({"new": {"game": "hoop_race", "rules": {"players": 4, "horses": 20}}}),
        "bad_rules",
    );
}

#[test]
fn protocol_errors_never_end_the_session() {
    let Some(mut r) = Referee::start() else {
        return;
    };
    r.error(json!({"legal": {}}), "no_game");
    assert_eq!(r.raw("this is not json")["error"]["kind"], "malformed_json");
    assert_eq!(r.raw("{\"play\": ")["error"]["kind"], "malformed_json");
    r.error(json!(["new"]), "bad_request");
    r.error(json!({"new": {}, "play": "x"}), "bad_request");
    r.error(json!({"dance": {}}), "bad_request");
    r.error(json!({"new": {"game": "chess"}}), "unknown_game");
    r.error(json!({"new": {"game": "go", "seed": "x"}}), "bad_request");
    r.error(json!({"new": {"game": "go", "rules": 7}}), "bad_rules");
    r.ok(json!({"new": {"game": "go", "setup": {"size": 5}}}));
    r.error(json!({"play": 5}), "bad_request");
    r.error(json!({"view": {}}), "bad_request");
    // Still alive, and quits on request.
    r.ok(json!({"play": "C3"}));
    assert_eq!(r.ok(json!({"quit": {}}))["ok"], "bye");
    let status = r.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn trap_stones_session() {
    let Some(mut r) = Referee::start() else {
        return;
    };
    let setup = json!({"draws": {"first": "one", "axis": "dark", "side": "light"}, "traps": [["c7"], ["e3"]], "members": [1, 1]});
    let new = r.ok(json!({"new": {"game": "trap_stones", "rules": {"preset": "source", "stake": "optional"}, "setup": setup}}));
    assert_eq!(
        new["state"]["setup"]["traps"],
        json!([["c7"], ["e3"]]),
        "the referee knows both traps"
    );
    let legal = r.ok(json!({"legal": {}}));
    assert_eq!(
        legal["ok"]["moves"].as_array().unwrap().len(),
        9,
        "Player 1 opens on its edge"
    );
    r.error(json!({"play": "e2"}), "illegal_move");
    r.error(json!({"play": "q99"}), "bad_move");
    r.error(json!({"play": "q9"}), "illegal_move");
    for m in ["e1", "e9", "e2", "e8"] {
        r.ok(json!({"play": m}));
    }
    // Each view holds its own trap and not the other's.
    let v0 = r.ok(json!({"view": {"player": 0}}));
    let text = v0.to_string();
    assert!(text.contains("c7") && !text.contains("e3"), "{text}");
    let v1 = r.ok(json!({"view": {"player": 1}}));
    assert!(v1.to_string().contains("e3") && !v1.to_string().contains("c7"));
    r.error(json!({"view": {"player": 2}}), "bad_player");
    // Player 1 steps on e3: Player 2 wins and may stake.
    let hit = r.ok(json!({"play": "e3"}));
    let events = hit["events"].as_array().unwrap();
    assert!(events.contains(&json!({"trap_hit": "e3"})), "{hit}");
    assert!(events.contains(&json!({"stake_offered": "two"})), "{hit}");
    let done = r.ok(json!({"play": "decline"}));
    assert_eq!(done["state"]["outcome"]["score"], json!([0, 95]));
    // Once the game is over, both views show both sides' traps (ruling T10).
    for player in [0, 1] {
        let v = r.ok(json!({"view": {"player": player}}));
        assert_eq!(v["ok"]["traps"], json!([["c7"], ["e3"]]), "{v}");
    }
    r.error(json!({"undo": {}}), "not_supported");
    r.error(json!({"chance": 1}), "no_chance");
    r.error(json!({"new": {"game": "trap_stones", "setup": {"draws": {"first": "one", "axis": "dark", "side": "light"}, "traps": [["z9"], ["e3"]]}}}), "bad_setup");
    r.error(
        json!({"new": {"game": "trap_stones", "rules": {"width": 40}}}),
        "bad_rules",
    );
    // A seed draws the setup.
    r.ok(json!({"new": {"game": "trap_stones", "seed": 5}}));
}

#[test]
fn tarokk_war_session() {
    let Some(mut r) = Referee::start() else {
        return;
    };
    let new = r.ok(json!({"new": {"game": "tarokk_war", "seed": 3}}));
    assert!(new["events"][0].get("dealt").is_some(), "{new}");
    // Play the whole game by taking the first legal move each time.
    let mut moves = 0;
    loop {
        let state = r.ok(json!({"state": {}}));
        if state["ok"]["over"] == true {
            break;
        }
        if moves == 3 {
            // Views: a player's view holds none of the other's hand.
            let full = &state["ok"]["players"];
            let v0 = r.ok(json!({"view": {"player": 0}})).to_string();
            for card in full[1]["hand"].as_array().unwrap() {
                let code =
                    serde_json::from_value::<tarokk_war::Card>(json!(card.as_str().unwrap()))
                        .map(|c| format!("\"{c:#}\""));
                if let Ok(code) = code {
                    assert!(!v0.contains(&code), "{code} leaks into player 1's view");
                }
            }
        }
        let legal = r.ok(json!({"legal": {}}));
        let first = legal["ok"]["moves"][0].as_str().unwrap().to_string();
        r.ok(json!({"play": first}));
        moves += 1;
        assert!(moves < 500);
    }
    assert!(r.ok(json!({"score": {}}))["ok"]["outcome"]["score"].is_array());
    r.error(json!({"play": "zöld VIII"}), "illegal_move");
    r.error(json!({"play": "kék 9"}), "bad_move");
    r.error(json!({"chance": 1}), "no_chance");
    r.error(json!({"undo": {}}), "not_supported");
    r.error(
        json!({"new": {"game": "tarokk_war", "setup": {"deal": {"first_dealer": "one"}}}}),
        "bad_setup",
    );
    r.error(
        json!({"new": {"game": "tarokk_war", "rules": "tarot"}}),
        "bad_rules",
    );
}
