//! The JSON-lines referee's request loop (`tabletop::referee::Referee::handle`) fed
//! arbitrary lines and structured requests. The input is text up to its first NUL
//! byte, split at newlines and sent line by line (the seeds are sessions, one a
//! game), then typed bytes: after each line of text, and then to the end, a
//! structured request built from typed choices over the protocol's request names — `new` for every
//! game with presets, seeds and setups, `legal`, `check` and `play` of listed or
//! arbitrary moves, `chance`, `state`, `view`, `viewer`, `events`, `undo`,
//! `score`, `bot` with tiny playout budgets only, `games`, `close`, `quit`, `sgf`,
//! `save` followed by a `restore` that must give back the same state, and
//! `restore` of arbitrary text, with or without a `"game"` id. Every answer is one line of JSON, an object with `"ok"`
//! or `"error"` (never both), an error has a kind and a message, and nothing
//! panics. Raw lines asking the bot for more than a tiny budget are cut down to one
//! first (the search itself is not what this target is about).
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use serde_json::{Map, Value, json};
use tabletop::referee::Referee;

#[derive(Debug, Arbitrary)]
enum Game {
    Go,
    OAnQuan,
    HoopRace,
    TrapStones,
    TarokkWar,
    /// An alias or an unknown name.
    Named(String),
}

#[derive(Debug, Arbitrary)]
enum RulesChoice {
    Absent,
    Preset(u8),
    /// A preset with one setting over it.
    Setting { preset: u8, key: u8, value: i16 },
    Text(String),
}

#[derive(Debug, Arbitrary)]
enum Request {
    /// Raw text, split at newlines.
    Text(String),
    New { game: Game, rules: RulesChoice, seed: Option<u64>, setup: u8, client_chance: Option<bool> },
    Legal,
    /// `check` of the k-th listed move (asked for with `legal` first), or of text.
    CheckListed(u16),
    CheckText(String),
    PlayListed(u16),
    PlayText(String),
    Chance(Option<u8>),
    State,
    View(u8),
    Viewer(Option<u8>),
    Events(Option<u8>),
    Undo,
    Score,
    Bot { playouts: u8, seed: u8, play: bool },
    Games,
    Close(Option<u8>),
    Quit,
    /// `save`, then `new` with `restore` of what it wrote: the restored game's
    /// state must be the saved one's.
    SaveRestore,
    /// `new` with `restore` of arbitrary text.
    RestoreText(String),
    Sgf,
}

#[derive(Debug, Arbitrary)]
struct Line {
    request: Request,
    /// `"game": ID` beside the request.
    game: Option<u8>,
}

const PRESETS: [&[&str]; 5] = [
    go_core::Rules::PRESETS,
    o_an_quan::Rules::PRESETS,
    hoop_race::Rules::PRESETS,
    trap_stones::Rules::PRESETS,
    tarokk_war::Rules::PRESETS,
];
const SETTINGS: [&str; 12] = [
    "komi", "players", "row", "young_quan", "move_limit", "horses", "back_do", "traps", "width",
    "scarecrows", "stake", "location_value",
];
const SEATS: [&str; 4] = ["A", "B", "C", "D"];
const THROWS: [&str; 8] = ["1", "2", "3", "4", "5", "back-do", "mo", "yut"];

/// Answers `line`, checking the answer's shape.
fn ask(referee: &mut Referee, line: &str) -> Value {
    let (reply, _quit) = referee.handle(line);
    assert!(!reply.contains('\n'), "a reply of more than one line: {reply}");
    let value: Value = serde_json::from_str(&reply).unwrap_or_else(|e| panic!("not JSON ({e}): {reply}"));
    let obj = value.as_object().unwrap_or_else(|| panic!("not an object: {reply}"));
    assert!(obj.contains_key("ok") != obj.contains_key("error"), "neither or both of ok and error: {reply}");
    if let Some(err) = obj.get("error") {
        assert!(err["kind"].is_string() && err["message"].is_string(), "an error without kind and message: {reply}");
    }
    value
}

/// A raw line, with any bot request cut down to a tiny playout budget.
fn tame(line: &str) -> String {
    let Ok(Value::Object(mut obj)) = serde_json::from_str::<Value>(line) else {
        return line.to_string();
    };
    if let Some(arg) = obj.get_mut("bot") {
        let playouts = arg.get("playouts").and_then(Value::as_u64).unwrap_or(1).clamp(1, 50);
        let mut tamed = Map::new();
        tamed.insert("playouts".into(), json!(playouts));
        for key in ["play", "seed"] {
            if let Some(v) = arg.get(key) {
                tamed.insert(key.into(), v.clone());
            }
        }
        *arg = Value::Object(tamed);
        return Value::Object(obj).to_string();
    }
    line.to_string()
}

/// The k-th move `legal` lists for the current (or given) game, and whether it
/// is a chance outcome.
fn listed(referee: &mut Referee, game: Option<u8>, k: u16) -> Option<(String, bool)> {
    let mut request = json!({"legal": {}});
    if let Some(id) = game {
        request["game"] = json!(id);
    }
    let answer = ask(referee, &request.to_string());
    let moves = answer["ok"]["moves"].as_array()?;
    let chance = answer["ok"]["chance"] == json!(true);
    let mv = moves.get(usize::from(k) % moves.len().max(1))?.as_str()?;
    Some((mv.to_string(), chance))
}

fuzz_target!(|data: &[u8]| {
    // The input: lines of text (a session, as the seeds are), then after a NUL
    // byte the typed requests, one sent after each line of text and the rest
    // after the last.
    let (text, typed) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let mut u = Unstructured::new(typed);
    let mut referee = Referee::new();
    for raw in text.split(|&b| b == b'\n') {
        ask(&mut referee, &tame(&String::from_utf8_lossy(raw)));
        if let Ok(line) = Line::arbitrary(&mut u) {
            typed_request(&mut referee, line);
        }
    }
    while let Ok(line) = Line::arbitrary(&mut u) {
        typed_request(&mut referee, line);
        if u.is_empty() {
            break;
        }
    }
});

/// Sends a typed request (for `check` and `play` of a listed move, after the
/// `legal` that lists it).
fn typed_request(referee: &mut Referee, Line { request, game }: Line) {
    {
        let with_id = |mut v: Value| {
            if let Some(id) = game {
                v["game"] = json!(id);
            }
            v.to_string()
        };
        let line = match request {
            Request::Text(text) => {
                for piece in text.split('\n') {
                    ask(referee, &tame(piece));
                }
                return;
            }
            Request::New { game: g, rules, seed, setup, client_chance } => {
                let (name, n) = match &g {
                    Game::Go => ("go", 0),
                    Game::OAnQuan => ("o_an_quan", 1),
                    Game::HoopRace => ("hoop_race", 2),
                    Game::TrapStones => ("trap_stones", 3),
                    Game::TarokkWar => ("tarokk_war", 4),
                    Game::Named(s) => (s.as_str(), usize::from(setup) % 5),
                };
                let presets = PRESETS[n];
                let rules = match rules {
                    RulesChoice::Absent => Value::Null,
                    RulesChoice::Preset(p) => json!(presets[usize::from(p) % presets.len()]),
                    RulesChoice::Setting { preset, key, value } => {
                        let setting = SETTINGS[usize::from(key) % SETTINGS.len()];
                        json!({"preset": presets[usize::from(preset) % presets.len()], setting: value})
                    }
                    RulesChoice::Text(t) => json!(t),
                };
                let setup = match (n, setup % 4) {
                    (_, 0) => json!({}),
                    (0, 1) => json!({"size": 1 + setup % 25}),
                    (0, 2) => json!({"size": 9, "handicap": setup % 10}),
                    (1, _) => json!({"first": SEATS[usize::from(setup % 4)]}),
                    (2, 1) => json!({"order": ["B", "A"]}),
                    (2, _) => {
                        let throws: Vec<&str> =
                            THROWS.iter().cycle().skip(usize::from(setup)).take(usize::from(setup % 7)).copied().collect();
                        json!({"throws": throws})
                    },
                    (3, _) => json!({"draws": {"first": "one", "axis": "dark", "side": "light"}, "traps": [["c7"], ["e3"]], "members": [1, 1 + setup % 2]}),
                    _ => json!({"size": setup}),
                };
                let mut arg = json!({"game": name, "rules": rules, "seed": seed, "setup": setup});
                if let Some(client) = client_chance {
                    arg["chance"] = json!(if client { "client" } else { "referee" });
                }
                with_id(json!({"new": arg}))
            }
            Request::Legal => with_id(json!({"legal": {}})),
            Request::CheckListed(k) => {
                let Some((mv, chance)) = listed(referee, game, k) else { return };
                let answer = ask(referee, &with_id(json!({"check": mv})));
                if !chance {
                    assert_eq!(answer["ok"]["legal"], json!(true), "a listed move checked illegal: {mv} {answer}");
                }
                return;
            }
            Request::CheckText(t) => with_id(json!({"check": t})),
            Request::PlayListed(k) => {
                let Some((mv, chance)) = listed(referee, game, k) else { return };
                let key = if chance { "chance" } else { "play" };
                let answer = ask(referee, &with_id(json!({key: mv})));
                assert!(answer.get("ok").is_some(), "a listed {key} refused: {mv} {answer}");
                return;
            }
            Request::PlayText(t) => with_id(json!({"play": t})),
            Request::Chance(None) => with_id(json!({"chance": "random"})),
            Request::Chance(Some(t)) => with_id(json!({"chance": THROWS[usize::from(t) % THROWS.len()]})),
            Request::State => with_id(json!({"state": {}})),
            Request::View(p) => with_id(json!({"view": {"player": p % 5}})),
            Request::Viewer(p) => with_id(json!({"viewer": {"player": p.map(|p| p % 5)}})),
            Request::Events(p) => with_id(json!({"events": {"player": p.map(|p| p % 5)}})),
            Request::Undo => with_id(json!({"undo": {}})),
            Request::Score => with_id(json!({"score": {}})),
            Request::Bot { playouts, seed, play } => {
                with_id(json!({"bot": {"playouts": 1 + playouts % 50, "seed": seed, "play": play}}))
            }
            Request::Games => with_id(json!({"games": {}})),
            Request::Close(id) => match id {
                Some(id) => json!({"close": {}, "game": id}).to_string(),
                None => with_id(json!({"close": {}})),
            },
            Request::Quit => with_id(json!({"quit": {}})),
            Request::Sgf => with_id(json!({"sgf": {}})),
            Request::RestoreText(t) => json!({"new": {"restore": t}}).to_string(),
            Request::SaveRestore => {
                let saved = ask(referee, &with_id(json!({"save": {}})));
                let Some(text) = saved["ok"]["saved"].as_str() else { return };
                let state = ask(referee, &with_id(json!({"state": {}})));
                let restored = ask(referee, &json!({"new": {"restore": text, "chance": "client"}}).to_string());
                assert!(restored.get("ok").is_some(), "a saved game not restored: {restored}");
                // The referee's view of the same position (the saved session may
                // show a player's view; compare the referee's on both sides).
                let id = restored["ok"]["id"].clone();
                let again = ask(referee, &json!({"state": {}, "game": id}).to_string());
                if state.get("ok").is_some() && state["ok"].get("player").is_none() {
                    assert_eq!(again["ok"], state["ok"], "restored state differs: {text}");
                }
                return;
            }
        };
        ask(referee, &line);
    }
}
