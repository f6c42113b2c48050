//! One game as the referee keeps it (`tabletop::referee::Session`): requests and
//! answers as JSON values, errors with the referee's kind and the crate's
//! message. Plain Rust; `crate::js` puts JavaScript around it.

use serde_json::{Value, json};
use tabletop::bot::Clock;
use tabletop::referee::{Failure, Session};

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

/// One game as the referee keeps it ([`Session`]): requests and answers as JSON
/// values, with no text in between.
pub struct Table {
    session: Session,
    opened: Value,
}

impl Table {
    /// Starts a game: `new` is the referee's `new` argument (`{"game": NAME,
    /// "rules": …, "seed": …, "setup": …, "chance": …}` or `{"restore": TEXT, …}`).
    /// The answer is the referee's: `ok` (game, players, rules, params),
    /// `events`, `state`.
    ///
    /// # Errors
    /// [`TableError`] as the referee refuses the game (`unknown_game`,
    /// `bad_rules`, `bad_setup`, `bad_restore`, `bad_request`).
    pub fn open(new: Value, clock: Option<Clock>) -> Result<(Table, Value), TableError> {
        let (session, answer) = Session::open(&new, clock).map_err(TableError::from)?;
        let table = Table {
            session,
            opened: answer["ok"].clone(),
        };
        Ok((table, answer))
    }

    /// What `new` answered: game, players, rules, params.
    pub fn opened(&self) -> &Value {
        &self.opened
    }

    /// The referee's answer to request `key` with `arg` for this game.
    ///
    /// # Errors
    /// [`TableError`]: the referee's error kinds.
    pub fn ask(&mut self, key: &str, arg: Value) -> Result<Value, TableError> {
        self.session.request(key, &arg).map_err(TableError::from)
    }
}

impl From<Failure> for TableError {
    fn from(f: Failure) -> TableError {
        TableError {
            kind: f.kind.into(),
            message: f.message,
        }
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
