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

mod games;
#[cfg(feature = "o_an_quan")]
mod series;

pub use games::{rules_json, score_json, state_json, view_json};

use std::collections::{BTreeMap, VecDeque};
use std::string::{String, ToString};
use std::time::Duration;
use std::vec::Vec;
use std::{format, vec};

use serde_json::{Map, Value, json};

use crate::action::Action;
use crate::bot::{Budget, Clock, Config, Level, Searcher};
use crate::interface::{Game, State};
use crate::params::{Param, Params};
use crate::registry::{AnyGame, AnyState, LoadError, NAMES, load, load_with};
use crate::rng::SplitMix64;
use crate::turn::Turn;

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
    pub all: Value,
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

/// One game in progress.
struct Session {
    game: AnyGame,
    state: AnyState,
    /// Draws chance outcomes: all of them when the referee resolves chance, else
    /// those the client asks it to draw (`{"chance": "random"}`).
    rng: SplitMix64,
    /// Whether the client supplies chance outcomes.
    client_chance: bool,
    /// Chance outcomes given in the setup (hoop race's throws), used first.
    queue: VecDeque<Action>,
    /// Every event so far.
    log: Vec<Logged>,
    /// The player the responses are for (`None`: the referee).
    viewer: Option<usize>,
    /// The game as named in `new`.
    name: &'static str,
    /// Ô ăn quan's match, when the session plays one (ruling Q7).
    #[cfg(feature = "o_an_quan")]
    series: Option<series::Series>,
    /// Whether the game began at its standard start (not a given position), so
    /// that its game string and history restore it (`save`).
    standard_start: bool,
    /// The bot's clock, when the referee was given one.
    clock: Option<Clock>,
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
            s.clock = Some(clock);
        }
    }

    /// Answers one request line; the flag says the client asked to quit.
    pub fn handle(&mut self, line: &str) -> (String, bool) {
        let mut quit = false;
        let response = match self.dispatch(line, &mut quit) {
            Ok(v) => v,
            Err(f) => json!({"error": {"kind": f.kind, "message": f.message}}),
        };
        (response.to_string(), quit)
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

    fn dispatch(&mut self, line: &str, quit: &mut bool) -> Result<Value, Failure> {
        let request: Value =
            serde_json::from_str(line).map_err(|e| fail("malformed_json", e.to_string()))?;
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
            "new" => return self.new_game(arg),
            "quit" => {
                *quit = true;
                return Ok(json!({"ok": "bye"}));
            }
            "games" => {
                let list: Vec<Value> = self
                    .sessions
                    .iter()
                    .map(|(id, s)| {
                        json!({"id": id, "game": s.name, "over": s.state.is_terminal(),
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

    fn new_game(&mut self, arg: &Value) -> Result<Value, Failure> {
        if arg.get("restore").is_some() {
            return self.restore_game(arg);
        }
        let name = arg
            .get("game")
            .and_then(Value::as_str)
            .ok_or_else(|| fail("bad_request", "new takes {\"game\": NAME, ...}"))?;
        let seed = seed_arg(arg)?;
        let setup = arg.get("setup").cloned().unwrap_or(json!({}));
        let Value::Object(setup) = setup else {
            return Err(fail("bad_setup", "the setup is an object"));
        };
        let mut params = rules_params(arg.get("rules"))?;
        if let Some(Value::Object(extra)) = arg.get("params") {
            for (k, v) in extra {
                params.set(k, Param::from_json(v));
            }
        }
        let canonical = games::canonical(name).ok_or_else(|| {
            fail(
                "unknown_game",
                format!("unknown game {name:?} (games: {})", NAMES.join(", ")),
            )
        })?;
        games::setup_params(canonical, &setup, &mut params)?;
        let game = load_with(canonical, &params).map_err(|e| match e {
            LoadError::UnknownGame(_) => fail("unknown_game", e.to_string()),
            _ => fail("bad_rules", e.to_string()),
        })?;
        let players = game.info().num_players;
        let (mut state, queue) = games::start(&game, &setup)?;
        let standard_start = state == game.new_initial_state();
        #[cfg(feature = "o_an_quan")]
        let mut series = None;
        if let Some(m) = arg.get("match").filter(|m| **m != Value::Bool(false)) {
            #[cfg(feature = "o_an_quan")]
            {
                let first = setup
                    .get("first")
                    .map(games::o_an_quan_player)
                    .transpose()?;
                if setup.keys().any(|k| k != "first") {
                    return Err(fail(
                        "bad_setup",
                        "a match's games start from the holdings: the setup gives only \"first\"",
                    ));
                }
                let (s, st) = series::Series::start(&game, m, first)?;
                state = st;
                series = Some(s);
            }
            #[cfg(not(feature = "o_an_quan"))]
            {
                let _ = (m, &mut state);
                return Err(fail("bad_request", "match play is Ô ăn quan's"));
            }
        }
        let client_chance = chance_arg(arg, seed, canonical)?;
        let mut session = Session {
            game,
            state,
            rng: SplitMix64::new(seed.unwrap_or(0)),
            client_chance,
            queue,
            log: Vec::new(),
            viewer: None,
            name: canonical,
            #[cfg(feature = "o_an_quan")]
            series,
            standard_start,
            clock: self.clock,
        };
        let mut events = Vec::new();
        #[cfg(feature = "o_an_quan")]
        if let Some(s) = &session.series {
            events.push(Logged::public(s.opening_event(), players));
        }
        session.advance(&mut events)?;
        Ok(self.opened(session, &events))
    }

    /// `new` with `"restore": TEXT`: the game a `save` wrote, its history replayed
    /// (the events logged as they happened), then chance resolved as `new` does.
    fn restore_game(&mut self, arg: &Value) -> Result<Value, Failure> {
        if let Some(k) = ["game", "rules", "params", "setup", "match"]
            .into_iter()
            .find(|k| arg.get(k).is_some())
        {
            return Err(fail(
                "bad_request",
                format!("a restored game takes its game and rules from the saved text, not {k:?}"),
            ));
        }
        let text = arg["restore"]
            .as_str()
            .ok_or_else(|| fail("bad_request", "restore takes the text that save wrote"))?;
        let bad = |m: String| fail("bad_restore", m);
        let (game_string, history) = crate::serial::read(text).map_err(|e| bad(e.to_string()))?;
        let game = load(&game_string).map_err(|e| bad(e.to_string()))?;
        let canonical = game.info().short_name;
        let seed = seed_arg(arg)?;
        let client_chance = chance_arg(arg, seed, canonical)?;
        let mut state = game.new_initial_state();
        let mut events = Vec::new();
        for (number, &action) in history.iter().enumerate() {
            games::apply(&mut state, action, &mut events).map_err(|e| {
                bad(format!(
                    "action {number} ({action}) of the history was refused: {e}"
                ))
            })?;
        }
        let mut session = Session {
            game,
            state,
            rng: SplitMix64::new(seed.unwrap_or(0)),
            client_chance,
            queue: VecDeque::new(),
            log: Vec::new(),
            viewer: None,
            name: canonical,
            #[cfg(feature = "o_an_quan")]
            series: None,
            standard_start: true,
            clock: self.clock,
        };
        session.advance(&mut events)?;
        Ok(self.opened(session, &events))
    }

    /// Registers a new session and answers `new` for it.
    fn opened(&mut self, session: Session, events: &[Logged]) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let info = session.game.info();
        let players = info.num_players;
        let canonical = session.name;
        let mut described = Map::new();
        for (k, v) in info.params.iter() {
            described.insert(k.to_string(), v.to_json());
        }
        let ok = json!({
            "id": id,
            "game": canonical,
            "players": players,
            "rules": games::rules_json(&session.state),
            "params": described,
        });
        let response =
            json!({"ok": ok, "events": session.shown(events), "state": session.shown_state()});
        self.sessions.insert(id, session);
        self.current = Some(id);
        response
    }
}

/// `new`'s `seed`: absent, null, or a whole number.
fn seed_arg(arg: &Value) -> Result<Option<u64>, Failure> {
    match arg.get("seed") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .map(Some)
            .ok_or_else(|| fail("bad_request", "the seed is a whole number")),
    }
}

/// Who resolves chance: `new`'s `chance` argument, by default the referee (hoop
/// race without a seed: the client, as throwing sticks is the players' business).
fn chance_arg(arg: &Value, seed: Option<u64>, canonical: &str) -> Result<bool, Failure> {
    match arg.get("chance").and_then(Value::as_str) {
        Some("client") => Ok(true),
        Some("referee") | None => Ok(seed.is_none() && canonical == "hoop_race"),
        Some(other) => Err(fail(
            "bad_request",
            format!("chance is \"referee\" or \"client\", not {other:?}"),
        )),
    }
}

/// The parameters a `rules` value asks for: absent (the game's default), a preset
/// name, or an object of settings over a preset (`{"preset": NAME, SETTING: VALUE}`).
fn rules_params(value: Option<&Value>) -> Result<Params, Failure> {
    let mut params = Params::new();
    match value {
        None | Some(Value::Null) => {}
        Some(Value::String(name)) => params.set("rules", Param::Str(name.clone())),
        Some(Value::Object(o)) => {
            for (k, v) in o {
                match (k.as_str(), v) {
                    ("preset", Value::String(name)) => {
                        params.set("rules", Param::Str(name.clone()))
                    }
                    ("preset", _) => return Err(fail("bad_rules", "the preset is a name")),
                    _ => params.set(k, Param::from_json(v)),
                }
            }
        }
        Some(_) => {
            return Err(fail(
                "bad_rules",
                "rules are a preset name or an object of settings",
            ));
        }
    }
    Ok(params)
}

impl Session {
    fn players(&self) -> usize {
        self.game.info().num_players
    }

    fn player_arg(&self, arg: &Value) -> Result<Option<usize>, Failure> {
        match arg.get("player") {
            None | Some(Value::Null) => Ok(None),
            Some(v) => {
                let p = v
                    .as_u64()
                    .ok_or_else(|| fail("bad_request", "player is a seat number from 0"))?
                    as usize;
                if p >= self.players() {
                    return Err(fail(
                        "bad_player",
                        format!(
                            "player {p}: this game has players 0 to {}",
                            self.players() - 1
                        ),
                    ));
                }
                Ok(Some(p))
            }
        }
    }

    /// Whether the session plays a match.
    fn in_match(&self) -> bool {
        #[cfg(feature = "o_an_quan")]
        return self.series.is_some();
        #[cfg(not(feature = "o_an_quan"))]
        false
    }

    /// The `match` and `next_game` requests.
    #[cfg(feature = "o_an_quan")]
    fn series_request(&mut self, key: &str, arg: &Value) -> Result<Value, Failure> {
        let Some(series) = &self.series else {
            return Err(fail(
                "no_match",
                "this game is not part of a match (start one with {\"new\": {\"game\": \"o_an_quan\", \"match\": true}})",
            ));
        };
        if key == "match" {
            return Ok(json!({"ok": series.json(&self.state)}));
        }
        let first = arg.get("first").map(games::o_an_quan_player).transpose()?;
        let (next, state) = series.next_game(&self.game, &self.state, first)?;
        let event = Logged::public(next.opening_event(), self.players());
        self.series = Some(next);
        self.state = state;
        self.log.push(event.clone());
        let shown = self.shown(&[event]);
        let status = self.series.as_ref().map(|s| s.json(&self.state));
        Ok(json!({"ok": status, "events": shown, "state": self.shown_state()}))
    }

    fn request(&mut self, key: &str, arg: &Value) -> Result<Value, Failure> {
        match key {
            #[cfg(feature = "o_an_quan")]
            "match" | "next_game" => self.series_request(key, arg),
            #[cfg(not(feature = "o_an_quan"))]
            "match" | "next_game" => Err(fail("no_match", "match play is Ô ăn quan's")),
            "legal" => Ok(json!({"ok": self.legal()})),
            "check" => {
                let text = arg
                    .as_str()
                    .ok_or_else(|| fail("bad_request", "check takes the move as a string"))?;
                let action = self
                    .state
                    .string_to_action(text)
                    .map_err(|e| fail("bad_move", e.to_string()))?;
                Ok(match self.state.check(action) {
                    Ok(()) => json!({"ok": {"legal": true, "action": action}}),
                    Err(e) => {
                        json!({"ok": {"legal": false, "action": action, "reason": e.to_string()}})
                    }
                })
            }
            "play" => {
                if self.state.is_terminal() {
                    return Err(fail("illegal_move", "the game is over"));
                }
                if self.state.is_chance_node() {
                    return Err(fail(
                        "illegal_move",
                        "a chance outcome is awaited (send it with \"chance\")",
                    ));
                }
                let action = self.action_arg(arg, "play")?;
                self.act(action, "illegal_move")
            }
            "chance" => {
                if !self.state.is_chance_node() {
                    return Err(match self.state.current_player() {
                        _ if self.game.info().max_chance_outcomes == 0 => {
                            fail("no_chance", format!("{} has no chance events", self.name))
                        }
                        _ => fail("illegal_chance", "no chance outcome is awaited now"),
                    });
                }
                let action = if arg.as_str() == Some("random") {
                    let a = self.state.sample_chance(&mut self.rng);
                    a.ok_or_else(|| fail("illegal_chance", "no chance outcome is awaited"))?
                } else {
                    self.action_arg(arg, "chance")
                        .map_err(|f| fail("bad_chance", f.message))?
                };
                self.act(action, "illegal_chance")
            }
            "state" => Ok(json!({"ok": self.shown_state()})),
            "view" => {
                let p = self
                    .player_arg(arg)?
                    .ok_or_else(|| fail("bad_request", "view takes {\"player\": N}"))?;
                Ok(json!({"ok": games::view_json(&self.state, p)}))
            }
            "viewer" => {
                self.viewer = self.player_arg(arg)?;
                Ok(json!({"ok": {"viewer": self.viewer}, "state": self.shown_state()}))
            }
            "events" => {
                let p = self.player_arg(arg)?;
                let events: Vec<Value> = self
                    .log
                    .iter()
                    .map(|e| p.map_or_else(|| e.all.clone(), |p| e.seen[p].clone()))
                    .collect();
                Ok(json!({"ok": {"events": events}}))
            }
            "undo" => self.undo(),
            "score" => Ok(json!({"ok": games::score_json(&self.state)})),
            "bot" => self.bot(arg),
            "save" => self.save(),
            "sgf" => self.sgf(),
            _ => Err(fail("bad_request", format!("unknown request {key:?}"))),
        }
    }

    /// The action a `play`/`chance` argument names: a move in the game's notation
    /// or `{"action": ID}`.
    fn action_arg(&self, arg: &Value, what: &str) -> Result<Action, Failure> {
        if let Some(id) = arg.get("action") {
            return id
                .as_u64()
                .and_then(|a| Action::try_from(a).ok())
                .ok_or_else(|| fail("bad_move", "an action is a whole number"));
        }
        let text = match arg {
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            _ => {
                return Err(fail(
                    "bad_request",
                    format!("{what} takes a move in the game's notation or {{\"action\": ID}}"),
                ));
            }
        };
        self.state
            .string_to_action(&text)
            .map_err(|e| fail("bad_move", e.to_string()))
    }

    fn legal(&self) -> Value {
        let turn = self.state.current_player();
        let actions = self.state.legal_actions();
        let moves: Vec<String> = actions
            .iter()
            .map(|&a| self.state.action_to_string(turn, a))
            .collect();
        if turn == Turn::Chance {
            let outcomes: Vec<Value> = self
                .state
                .chance_outcomes()
                .into_iter()
                .map(|(a, p)| {
                    json!({"outcome": self.state.action_to_string(Turn::Chance, a), "action": a,
                           "probability": p.to_string()})
                })
                .collect();
            return json!({"moves": moves, "actions": actions, "chance": true, "outcomes": outcomes});
        }
        json!({"moves": moves, "actions": actions, "chance": false})
    }

    /// Takes `action`, then resolves the chance the referee resolves.
    fn act(&mut self, action: Action, kind: &'static str) -> Result<Value, Failure> {
        let mut events = Vec::new();
        let report = games::apply(&mut self.state, action, &mut events)
            .map_err(|e| fail(kind, e.to_string()))?;
        self.advance(&mut events)?;
        Ok(json!({"ok": report, "events": self.shown(&events), "state": self.shown_state()}))
    }

    /// Resolves chance nodes from the setup's queue, then from the generator when
    /// the referee resolves chance; stops at a decision, at the end, or at a chance
    /// node the client resolves.
    fn advance(&mut self, events: &mut Vec<Logged>) -> Result<(), Failure> {
        while self.state.is_chance_node() {
            let action = match self.queue.pop_front() {
                Some(a) => a,
                None if self.client_chance => break,
                None => match self.state.sample_chance(&mut self.rng) {
                    Some(a) => a,
                    None => break,
                },
            };
            games::apply(&mut self.state, action, events)
                .map_err(|e| fail("bad_setup", format!("a given chance outcome: {e}")))?;
        }
        self.log.extend(events.iter().cloned());
        Ok(())
    }

    fn shown(&self, events: &[Logged]) -> Vec<Value> {
        events
            .iter()
            .map(|e| match self.viewer {
                Some(p) => e.seen[p].clone(),
                None => e.all.clone(),
            })
            .collect()
    }

    fn shown_state(&self) -> Value {
        match self.viewer {
            Some(p) => games::view_json(&self.state, p),
            None => games::state_json(&self.state),
        }
    }

    /// Takes back the last decision and every chance outcome after it: the state
    /// is rebuilt from its start and its history without them.
    fn undo(&mut self) -> Result<Value, Failure> {
        let history = self.state.history().to_vec();
        let mut state = games::restarted(&self.state);
        let from = state.history().len();
        // Replay, noting where each decision was taken.
        let mut probe = state.clone();
        let mut last = None;
        for (k, &a) in history.iter().enumerate().skip(from) {
            if let Turn::Player(_) = probe.current_player() {
                last = Some((k, probe.action_to_string(probe.current_player(), a)));
            }
            probe
                .apply_action(a)
                .map_err(|e| fail("nothing_to_undo", e.to_string()))?;
        }
        let Some((last, undone)) = last else {
            return Err(fail("nothing_to_undo", "no decision has been made yet"));
        };
        for &a in &history[from..last] {
            state
                .apply_action(a)
                .map_err(|e| fail("nothing_to_undo", e.to_string()))?;
        }
        self.state = state;
        self.log
            .push(Logged::public(json!({"undo": undone}), self.players()));
        Ok(json!({"ok": {"undone": undone}, "state": self.shown_state()}))
    }

    /// The game as text that `{"new": {"restore": TEXT}}` plays on from: the game
    /// string (rules and parameters) and the history, chance outcomes included.
    fn save(&self) -> Result<Value, Failure> {
        if !self.standard_start || self.in_match() {
            return Err(fail(
                "cannot_save",
                "a game started from a given position, or part of a match, is not its game string and history: keep the setup with the moves",
            ));
        }
        Ok(json!({"ok": {"saved": self.state.serialize()}}))
    }

    /// Go's game record as SGF (`FF[4]`, the main line, the result once over).
    fn sgf(&self) -> Result<Value, Failure> {
        match &self.state {
            #[cfg(feature = "go")]
            AnyState::Go(g) => {
                Ok(json!({"ok": {"sgf": go_core::sgf::SgfGame::from_game(g.game()).to_sgf()}}))
            }
            #[allow(unreachable_patterns)]
            _ => Err(fail(
                "bad_request",
                format!("sgf is Go's game record; this game is {}", self.name),
            )),
        }
    }

    fn bot(&mut self, arg: &Value) -> Result<Value, Failure> {
        let Turn::Player(p) = self.state.current_player() else {
            return Err(fail("illegal_move", "no player is to move"));
        };
        if self.viewer.is_some_and(|v| v != p) {
            return Err(fail(
                "bad_player",
                "the bot plays for the player to move, who is not this session's viewer",
            ));
        }
        let num = |k: &str| arg.get(k).and_then(Value::as_u64);
        let budget = if let Some(n) = num("playouts") {
            Budget::playouts(n.max(1))
        } else if let Some(ms) = num("time_ms") {
            Budget::time(Duration::from_millis(ms.max(1)))
        } else {
            Level::new(num("level").unwrap_or(5).min(10) as u8).budget()
        };
        let seed = num("seed").unwrap_or(1);
        let config = Config {
            stop_early: arg.get("stop_early").and_then(Value::as_bool) != Some(false),
            ..Config::for_game(self.game.info().short_name, budget, seed)
        };
        let mut searcher = Searcher::new(config);
        if let Some(clock) = self.clock {
            searcher.set_clock(clock);
        }
        let report = searcher.search(&self.state);
        let action = report
            .action
            .ok_or_else(|| fail("illegal_move", "no decision to make"))?;
        let name = self.state.action_to_string(Turn::Player(p), action);
        let found = json!({
            "move": name, "action": action, "playouts": report.playouts,
            "value": report.value, "milliseconds": report.elapsed.as_millis() as u64,
        });
        if arg.get("play").and_then(Value::as_bool) == Some(true) {
            let mut played = self.act(action, "illegal_move")?;
            played["bot"] = found;
            return Ok(played);
        }
        Ok(json!({"ok": found}))
    }
}
