//! One game as the referee keeps it (`tabletop::referee`): requests and answers as
//! JSON values, errors with the referee's kind and the crate's message. Plain
//! Rust; `crate::js` puts JavaScript around it.

use serde_json::{Value, json};
use tabletop::bot::Clock;
use tabletop::referee::Referee;

/// A refused request: the referee's error kind (`illegal_move`, `bad_rules`, …,
/// listed in `docs/referee.md`) and the crate's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    /// The kind, stable for programs.
    pub kind: String,
    /// Why, in words (the crate's own message).
    pub message: String,
}

impl core::fmt::Display for TableError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}: {}", self.kind, self.message)
    }
}

impl std::error::Error for TableError {}

/// One game in a referee session of its own.
pub struct Table {
    referee: Referee,
    id: u64,
    opened: Value,
}

impl Table {
    /// Starts a game: `new` is the referee's `new` argument (`{"game": NAME,
    /// "rules": …, "seed": …, "setup": …, "chance": …}` or `{"restore": TEXT, …}`).
    /// The answer is the referee's: `ok` (id, game, players, rules, params),
    /// `events`, `state`.
    ///
    /// # Errors
    /// [`TableError`] as the referee refuses the game (`unknown_game`,
    /// `bad_rules`, `bad_setup`, `bad_restore`, `bad_request`).
    pub fn open(new: Value, clock: Option<Clock>) -> Result<(Table, Value), TableError> {
        let mut referee = Referee::new();
        if let Some(c) = clock {
            referee.set_clock(c);
        }
        let answer = ask(&mut referee, &json!({ "new": new }))?;
        let id = answer["ok"]["id"].as_u64().unwrap_or(1);
        let table = Table {
            referee,
            id,
            opened: answer["ok"].clone(),
        };
        Ok((table, answer))
    }

    /// What `new` answered: id, game, players, rules, params.
    pub fn opened(&self) -> &Value {
        &self.opened
    }

    /// The referee's answer to request `key` with `arg` for this game.
    ///
    /// # Errors
    /// [`TableError`]: the referee's error kinds.
    pub fn ask(&mut self, key: &str, arg: Value) -> Result<Value, TableError> {
        if matches!(key, "new" | "close" | "quit" | "games") {
            return Err(TableError {
                kind: "bad_request".into(),
                message: format!("{key:?} is not a request about one game"),
            });
        }
        let mut request = serde_json::Map::new();
        request.insert(key.into(), arg);
        request.insert("game".into(), json!(self.id));
        ask(&mut self.referee, &Value::Object(request))
    }
}

/// One request to `referee`, its answer or its error.
fn ask(referee: &mut Referee, request: &Value) -> Result<Value, TableError> {
    let (line, _) = referee.handle(&request.to_string());
    let answer: Value = serde_json::from_str(&line).map_err(|e| TableError {
        kind: "internal".into(),
        message: e.to_string(),
    })?;
    match answer.get("error") {
        Some(e) => Err(TableError {
            kind: e["kind"].as_str().unwrap_or("error").into(),
            message: e["message"].as_str().unwrap_or_default().into(),
        }),
        None => Ok(answer),
    }
}

/// Every game: its name, long name, players, presets (the default first) and
/// parameters with their defaults and what they set.
pub fn catalogue() -> Value {
    let games: Vec<Value> = tabletop::NAMES
        .iter()
        .map(|&name| {
            let presets = tabletop::presets(name).unwrap_or(&[]);
            let params: Vec<Value> = tabletop::param_specs(name)
                .unwrap_or_default()
                .into_iter()
                .map(|p| json!({"name": p.name, "default": p.default.to_json(), "doc": p.doc}))
                .collect();
            let (long_name, players) = match tabletop::load_with(name, &Default::default()) {
                Ok(g) => {
                    use tabletop::Game as _;
                    (g.info().long_name, g.info().num_players)
                }
                Err(_) => ("", 0),
            };
            json!({"name": name, "long_name": long_name, "players": players,
                   "presets": presets, "params": params})
        })
        .collect();
    Value::Array(games)
}
