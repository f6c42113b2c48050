//! The referee: every game over JSON lines, for programs in other languages. One
//! request per line, one response per line; no input ends a session except
//! `{"quit": {}}` or the end of input. The protocol, with a transcript per game,
//! is `docs/referee.md`; its request and response shapes are
//! `docs/referee.schema.json`.
//!
//! ```
//! use tabletop::referee::Referee;
//! let mut referee = Referee::new();
//! let (reply, _) = referee.handle(r#"{"new": {"game": "o_an_quan"}}"#);
//! assert!(reply.contains(r#""id":1"#));
//! let (reply, _) = referee.handle(r#"{"check": "A1L"}"#);
//! assert!(reply.contains(r#""legal":true"#));
//! let (reply, quit) = referee.handle(r#"{"quit": {}}"#);
//! assert!(quit && reply.contains("bye"));
//! ```

pub(crate) mod fields;
mod session;

pub use session::{Session, rules_json, score_json, state_json, view_json};

use std::collections::BTreeMap;
use std::format;
use std::string::{String, ToString};
use std::vec;
use std::vec::Vec;

use serde_json::{Value, json};

use crate::bot::Clock;
use crate::interface::Game;

/// A refused request: a stable kind for programs and the crate's own message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// One of the kinds listed in `docs/referee.md`.
    pub kind: &'static str,
    /// What went wrong, in words.
    pub message: String,
}

pub(crate) fn fail(kind: &'static str, message: impl Into<String>) -> Failure {
    Failure {
        kind,
        message: message.into(),
    }
}

/// Every request the referee knows.
pub const REQUESTS: &[&str] = &[
    "new",
    "games",
    "close",
    "legal",
    "check",
    "play",
    "chance",
    "state",
    "view",
    "viewer",
    "events",
    "undo",
    "score",
    "bot",
    "save",
    "sgf",
    "match",
    "next_game",
    "quit",
];

/// One event of the log: the referee's form, and each player's.
#[derive(Clone, Debug)]
pub(crate) struct Logged {
    /// The event as the referee sees it (everything).
    pub all: Value,
    /// The event as each player sees it.
    pub seen: Vec<Value>,
}

impl Logged {
    /// An event every player sees whole.
    pub(crate) fn public(v: Value, players: usize) -> Logged {
        Logged {
            seen: vec![v.clone(); players],
            all: v,
        }
    }
}

/// A referee session: any number of games, each with an id; requests name one
/// with `"game": ID` beside the request, else the last one started.
#[derive(Default)]
pub struct Referee {
    sessions: BTreeMap<u64, Session>,
    next_id: u64,
    current: Option<u64>,
    clock: Option<Clock>,
}

impl Referee {
    /// A referee with no game yet.
    pub fn new() -> Referee {
        Referee::default()
    }

    /// Measures the bot's time budgets (`{"bot": {"time_ms": N}}`) with `clock`:
    /// for targets without a standard clock (`wasm32-unknown-unknown`); elsewhere
    /// the standard library's is used.
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = Some(clock);
        for s in self.sessions.values_mut() {
            s.set_clock(clock);
        }
    }

    /// Answers one request line; the flag says the client asked to quit.
    pub fn handle(&mut self, line: &str) -> (String, bool) {
        let mut quit = false;
        let response = serde_json::from_str(line)
            .map_err(|e| fail("malformed_json", e.to_string()))
            .and_then(|request| self.dispatch(&request, &mut quit));
        (answer(response).to_string(), quit)
    }

    /// Answers one request given as a JSON value, for programs that hold JSON
    /// already: the response as [`Referee::handle`] writes it (`{"ok": …}` or
    /// `{"error": {"kind", "message"}}`), and whether the client asked to quit.
    pub fn request(&mut self, request: &Value) -> (Value, bool) {
        let mut quit = false;
        let response = self.dispatch(request, &mut quit);
        (answer(response), quit)
    }

    /// Reads requests from `input` and answers each on `output` until `quit` or the
    /// end of input.
    ///
    /// # Errors
    /// Only an input or output error ends the loop early.
    pub fn serve(
        &mut self,
        input: impl std::io::BufRead,
        mut output: impl std::io::Write,
    ) -> std::io::Result<()> {
        for line in input.lines() {
            let line = line?;
            if line.trim().is_empty() {
                continue;
            }
            let (reply, quit) = self.handle(&line);
            writeln!(output, "{reply}")?;
            output.flush()?;
            if quit {
                break;
            }
        }
        Ok(())
    }

    fn dispatch(&mut self, request: &Value, quit: &mut bool) -> Result<Value, Failure> {
        let obj = request
            .as_object()
            .ok_or_else(|| fail("bad_request", "a request is a JSON object"))?;
        let mut keys = obj.keys().filter(|k| *k != "game");
        let (Some(key), None) = (keys.next(), keys.next()) else {
            return Err(fail(
                "bad_request",
                format!(
                    "a request is an object with one of the keys {} (and optionally \"game\": ID)",
                    REQUESTS.join(", ")
                ),
            ));
        };
        let arg = &obj[key];
        let id = match obj.get("game") {
            None => None,
            Some(v) => Some(
                v.as_u64()
                    .ok_or_else(|| fail("bad_request", "\"game\" beside a request is a game id"))?,
            ),
        };
        match key.as_str() {
            "new" => {
                if id.is_some() {
                    return Err(fail(
                        "bad_request",
                        "new starts a game: it takes no \"game\" id beside it",
                    ));
                }
                let (session, mut answer) = Session::open(arg, self.clock)?;
                self.next_id += 1;
                let id = self.next_id;
                answer["ok"]["id"] = json!(id);
                self.sessions.insert(id, session);
                self.current = Some(id);
                return Ok(answer);
            }
            "quit" => {
                session::no_args(key, arg)?;
                *quit = true;
                return Ok(json!({"ok": "bye"}));
            }
            "games" => {
                session::no_args(key, arg)?;
                let list: Vec<Value> = self
                    .sessions
                    .iter()
                    .map(|(id, s)| {
                        json!({"id": id, "game": s.game().info().short_name,
                               "over": crate::State::is_terminal(s.state()),
                               "match": s.in_match()})
                    })
                    .collect();
                return Ok(json!({"ok": {"games": list, "current": self.current}}));
            }
            k if !REQUESTS.contains(&k) => {
                return Err(fail(
                    "bad_request",
                    format!("unknown request {k:?} (requests: {})", REQUESTS.join(", ")),
                ));
            }
            _ => {}
        }
        let id = id.or(self.current).ok_or_else(|| {
            fail(
                "no_game",
                "no game is being played: start one with {\"new\": {\"game\": ...}}",
            )
        })?;
        if key == "close" {
            session::no_args(key, arg)?;
            self.sessions
                .remove(&id)
                .ok_or_else(|| fail("no_game", format!("no game with id {id}")))?;
            if self.current == Some(id) {
                self.current = self.sessions.keys().next_back().copied();
            }
            return Ok(json!({"ok": {"closed": id}}));
        }
        let session = self
            .sessions
            .get_mut(&id)
            .ok_or_else(|| fail("no_game", format!("no game with id {id}")))?;
        session.request(key, arg)
    }
}

/// A response: the answer, or the failure as `{"error": {"kind", "message"}}`.
fn answer(response: Result<Value, Failure>) -> Value {
    match response {
        Ok(v) => v,
        Err(f) => json!({"error": {"kind": f.kind, "message": f.message}}),
    }
}
