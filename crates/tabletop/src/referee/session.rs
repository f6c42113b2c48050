//! One game as the referee keeps it: its state, who resolves chance, the event
//! log, the viewer, and the requests about it. A [`Referee`](super::Referee)
//! holds any number of them by id; a program that plays one game at a time (the
//! WebAssembly package) holds a [`Session`] directly, asking with JSON values.

use std::collections::VecDeque;
use std::format;
use std::string::{String, ToString};
use std::time::Duration;
use std::vec::Vec;

use serde_json::{Map, Value, json};

use super::fields::{only_fields, turn_json};
use super::{Failure, Logged, fail};
use crate::action::Action;
use crate::bot::{Budget, Clock, Config, GameKnowledge, Level, Searcher};
use crate::interface::{Game, State};
use crate::params::{Param, Params};
use crate::registry::{AnyGame, AnyState, LoadError, NAMES, canonical, load, load_with};
use crate::rng::SplitMix64;
use crate::turn::Turn;

#[cfg(feature = "o_an_quan")]
use crate::games::o_an_quan::series::{self, Series};

/// The fields `new` takes.
const NEW_FIELDS: [&str; 7] = [
    "game", "rules", "params", "seed", "setup", "chance", "match",
];

/// One game in progress, with everything the referee answers about it.
pub struct Session {
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
    /// Ô ăn quan's match, when the session plays one (ruling Q7).
    #[cfg(feature = "o_an_quan")]
    series: Option<Series>,
    /// Whether the game began at its standard start (not a given position), so
    /// that its game string and history restore it (`save`).
    standard_start: bool,
    /// The bot's clock, when the embedder gave one.
    clock: Option<Clock>,
}

impl Session {
    /// Starts a game: `new` is the referee's `new` argument (`{"game": NAME,
    /// "rules": …, "seed": …, "setup": …, "chance": …, "match": …}`, or
    /// `{"restore": TEXT, "seed": …, "chance": …}`); `clock` measures the bot's
    /// time budgets where the target has no standard clock. Returns the session
    /// and `new`'s answer (`ok`: game, players, rules, params; `events`; `state`),
    /// without an id (the [`Referee`](super::Referee) adds it).
    ///
    /// # Errors
    /// [`Failure`]: `unknown_game`, `bad_rules`, `bad_setup`, `bad_restore`,
    /// `bad_request` (a field `new` does not take, or a bad value).
    pub fn open(new: &Value, clock: Option<Clock>) -> Result<(Session, Value), Failure> {
        if new.get("restore").is_some() {
            return Session::restore(new, clock);
        }
        let arg = new
            .as_object()
            .ok_or_else(|| fail("bad_request", "new takes {\"game\": NAME, ...}"))?;
        if let Some(k) = arg.keys().find(|k| !NEW_FIELDS.contains(&k.as_str())) {
            return Err(fail(
                "bad_request",
                format!(
                    "new has no field {k:?} (it takes {} or \"restore\")",
                    NEW_FIELDS.join(", ")
                ),
            ));
        }
        let name = arg
            .get("game")
            .and_then(Value::as_str)
            .ok_or_else(|| fail("bad_request", "new takes {\"game\": NAME, ...}"))?;
        let seed = seed_arg(new)?;
        let mut setup = match arg.get("setup") {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(o)) => o.clone(),
            Some(_) => return Err(fail("bad_setup", "the setup is an object")),
        };
        let mut params = rules_params(arg.get("rules"))?;
        match arg.get("params") {
            None | Some(Value::Null) => {}
            Some(Value::Object(extra)) => {
                for (k, v) in extra {
                    params.set(k, Param::from_json(v));
                }
            }
            Some(_) => {
                return Err(fail(
                    "bad_request",
                    "params is an object of parameters by name",
                ));
            }
        }
        let canonical = canonical(name).ok_or_else(|| {
            fail(
                "unknown_game",
                format!("unknown game {name:?} (games: {})", NAMES.join(", ")),
            )
        })?;
        AnyGame::setup_params(canonical, &mut setup, &mut params).unwrap_or(Ok(()))?;
        let game = load_with(canonical, &params).map_err(|e| match e {
            LoadError::UnknownGame(_) => fail("unknown_game", e.to_string()),
            _ => fail("bad_rules", e.to_string()),
        })?;
        let players = game.info().num_players;
        let match_arg = arg
            .get("match")
            .filter(|m| !matches!(m, Value::Bool(false) | Value::Null));
        let (mut state, queue) = match match_arg {
            // A match's games start from the holdings (ruling Q7).
            Some(_) => (game.new_initial_state(), VecDeque::new()),
            None => game.start(&setup)?,
        };
        // Chance outcomes given in advance enter the history as they are used, so a
        // game whose state is the initial one is its game string and history.
        let standard_start = match_arg.is_none() && state == game.new_initial_state();
        #[cfg(feature = "o_an_quan")]
        let mut series = None;
        if let Some(m) = match_arg {
            #[cfg(feature = "o_an_quan")]
            {
                only_fields("a match's setup", &setup, &["first"])?;
                let first = setup.get("first").map(series::player).transpose()?;
                let (s, st) = Series::start(&game, m, first)?;
                state = st;
                series = Some(s);
            }
            #[cfg(not(feature = "o_an_quan"))]
            {
                let _ = (m, &mut state);
                return Err(fail("bad_request", "match play is Ô ăn quan's"));
            }
        }
        let client_chance = chance_arg(new, seed, canonical)?;
        let mut session = Session {
            game,
            state,
            rng: SplitMix64::new(seed.unwrap_or(0)),
            client_chance,
            queue,
            log: Vec::new(),
            viewer: None,
            #[cfg(feature = "o_an_quan")]
            series,
            standard_start,
            clock,
        };
        let mut events = Vec::new();
        #[cfg(feature = "o_an_quan")]
        if let Some(s) = &session.series {
            events.push(Logged::public(s.opening_event(), players));
        }
        let _ = players;
        session.advance(&mut events)?;
        let answer = session.opened(&events);
        Ok((session, answer))
    }

    /// `new` with `"restore": TEXT`: the game a `save` wrote, its history replayed
    /// (the events logged as they happened), then chance resolved as `new` does.
    fn restore(arg: &Value, clock: Option<Clock>) -> Result<(Session, Value), Failure> {
        if let Some(k) = arg.as_object().and_then(|o| {
            o.keys()
                .find(|k| !matches!(k.as_str(), "restore" | "seed" | "chance"))
        }) {
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
        let seed = seed_arg(arg)?;
        let client_chance = chance_arg(arg, seed, game.info().short_name)?;
        let mut state = game.new_initial_state();
        let mut events = Vec::new();
        for (number, &action) in history.iter().enumerate() {
            state.apply_logged(action, &mut events).map_err(|e| {
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
            #[cfg(feature = "o_an_quan")]
            series: None,
            standard_start: true,
            clock,
        };
        session.advance(&mut events)?;
        let answer = session.opened(&events);
        Ok((session, answer))
    }

    /// `new`'s answer for this session (without the id).
    fn opened(&self, events: &[Logged]) -> Value {
        let info = self.game.info();
        let mut described = Map::new();
        for (k, v) in info.params.iter() {
            described.insert(k.to_string(), v.to_json());
        }
        let ok = json!({
            "game": info.short_name,
            "players": info.num_players,
            "rules": self.state.rules_json(),
            "params": described,
        });
        json!({"ok": ok, "events": self.shown(events), "state": self.shown_state()})
    }

    /// The game (its parameters and description).
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The state as it stands (everything, hidden information included).
    pub fn state(&self) -> &AnyState {
        &self.state
    }

    /// Sets the clock that measures the bot's time budgets.
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = Some(clock);
    }

    fn players(&self) -> usize {
        self.game.info().num_players
    }

    /// Whether the session plays a match.
    pub fn in_match(&self) -> bool {
        #[cfg(feature = "o_an_quan")]
        return self.series.is_some();
        #[cfg(not(feature = "o_an_quan"))]
        false
    }

    /// The answer to one request about this game: `key` is the request's name
    /// (`legal`, `play`, `state`, …; see [`REQUESTS`](super::REQUESTS)) and `arg`
    /// its argument, as in the referee's protocol (`docs/referee.md`).
    ///
    /// # Errors
    /// [`Failure`] with the protocol's kinds (`illegal_move`, `bad_move`,
    /// `bad_request`, …); the game is unchanged then.
    pub fn request(&mut self, key: &str, arg: &Value) -> Result<Value, Failure> {
        match key {
            #[cfg(feature = "o_an_quan")]
            "match" | "next_game" => self.series_request(key, arg),
            #[cfg(not(feature = "o_an_quan"))]
            "match" | "next_game" => Err(fail("no_match", "match play is Ô ăn quan's")),
            "legal" => {
                no_args(key, arg)?;
                Ok(json!({"ok": self.legal()}))
            }
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
                    return Err(if self.game.info().max_chance_outcomes == 0 {
                        fail(
                            "no_chance",
                            format!("{} has no chance events", self.game.info().short_name),
                        )
                    } else {
                        fail("illegal_chance", "no chance outcome is awaited now")
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
            "state" => {
                no_args(key, arg)?;
                Ok(json!({"ok": self.shown_state()}))
            }
            "view" => {
                let p = self
                    .player_arg(key, arg)?
                    .ok_or_else(|| fail("bad_request", "view takes {\"player\": N}"))?;
                Ok(json!({"ok": view_json(&self.state, p)}))
            }
            "viewer" => {
                self.viewer = self.player_arg(key, arg)?;
                Ok(json!({"ok": {"viewer": self.viewer}, "state": self.shown_state()}))
            }
            "events" => {
                let p = self.player_arg(key, arg)?;
                let events: Vec<Value> = self
                    .log
                    .iter()
                    .map(|e| p.map_or_else(|| e.all.clone(), |p| e.seen[p].clone()))
                    .collect();
                Ok(json!({"ok": {"events": events}}))
            }
            "undo" => {
                no_args(key, arg)?;
                self.undo()
            }
            "score" => {
                no_args(key, arg)?;
                Ok(json!({"ok": score_json(&self.state)}))
            }
            "bot" => self.bot(arg),
            "save" => {
                no_args(key, arg)?;
                self.save()
            }
            "sgf" => {
                no_args(key, arg)?;
                let sgf = self.state.record().ok_or_else(|| {
                    fail(
                        "bad_request",
                        format!(
                            "sgf is Go's game record; this game is {}",
                            self.game.info().short_name
                        ),
                    )
                })?;
                Ok(json!({"ok": {"sgf": sgf}}))
            }
            _ => Err(fail(
                "bad_request",
                format!(
                    "{key:?} is not a request about one game (requests: {})",
                    super::REQUESTS.join(", ")
                ),
            )),
        }
    }

    /// `{"player": N}` (or `{}`/null for none), checked against the game's
    /// players.
    fn player_arg(&self, key: &str, arg: &Value) -> Result<Option<usize>, Failure> {
        if let Some(o) = arg.as_object() {
            only_fields(&format!("{key}'s argument"), o, &["player"])
                .map_err(|f| fail("bad_request", f.message))?;
        } else if !arg.is_null() {
            return Err(fail(
                "bad_request",
                format!("{key} takes {{\"player\": N}}"),
            ));
        }
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
            no_args(key, arg)?;
            return Ok(json!({"ok": series.json(&self.state)}));
        }
        match arg {
            Value::Null => {}
            Value::Object(o) => only_fields("next_game's argument", o, &["first"])
                .map_err(|f| fail("bad_request", f.message))?,
            _ => {
                return Err(fail(
                    "bad_request",
                    "next_game takes {\"first\": SEAT} or {}",
                ));
            }
        }
        let first = arg.get("first").map(series::player).transpose()?;
        let (next, state) = series.next_game(&self.game, &self.state, first)?;
        let event = Logged::public(next.opening_event(), self.players());
        self.series = Some(next);
        self.state = state;
        self.log.push(event.clone());
        let shown = self.shown(&[event]);
        let status = self.series.as_ref().map(|s| s.json(&self.state));
        Ok(json!({"ok": status, "events": shown, "state": self.shown_state()}))
    }

    /// The action a `play`/`chance` argument names: a move in the game's notation
    /// or `{"action": ID}`.
    fn action_arg(&self, arg: &Value, what: &str) -> Result<Action, Failure> {
        if let Some(o) = arg.as_object() {
            only_fields(&format!("{what}'s argument"), o, &["action"])
                .map_err(|f| fail("bad_request", f.message))?;
            return o
                .get("action")
                .and_then(Value::as_u64)
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
        let report = self
            .state
            .apply_logged(action, &mut events)
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
            self.state
                .apply_logged(action, events)
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
            Some(p) => view_json(&self.state, p),
            None => state_json(&self.state),
        }
    }

    /// Takes back the last decision and every chance outcome after it: the state
    /// is rebuilt from its start and its history without them.
    fn undo(&mut self) -> Result<Value, Failure> {
        let history = self.state.history().to_vec();
        let mut state = self.state.restarted();
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
                "a game started from a given setup, or part of a match, is not its game string and history: keep the setup with the moves",
            ));
        }
        Ok(json!({"ok": {"saved": self.state.serialize()}}))
    }

    fn bot(&mut self, arg: &Value) -> Result<Value, Failure> {
        if let Some(o) = arg.as_object() {
            only_fields(
                "bot's argument",
                o,
                &["playouts", "time_ms", "level", "seed", "stop_early", "play"],
            )
            .map_err(|f| fail("bad_request", f.message))?;
        } else if !arg.is_null() {
            return Err(fail("bad_request", "bot takes an object of settings"));
        }
        let Turn::Player(p) = self.state.current_player() else {
            return Err(fail("illegal_move", "no player is to move"));
        };
        if self.viewer.is_some_and(|v| v != p) {
            return Err(fail(
                "bad_player",
                "the bot plays for the player to move, who is not this session's viewer",
            ));
        }
        let num = |k: &str| -> Result<Option<u64>, Failure> {
            match arg.get(k) {
                None | Some(Value::Null) => Ok(None),
                Some(v) => v
                    .as_u64()
                    .map(Some)
                    .ok_or_else(|| fail("bad_request", format!("bot's {k} is a whole number"))),
            }
        };
        let flag = |k: &str| -> Result<Option<bool>, Failure> {
            match arg.get(k) {
                None | Some(Value::Null) => Ok(None),
                Some(v) => v
                    .as_bool()
                    .map(Some)
                    .ok_or_else(|| fail("bad_request", format!("bot's {k} is true or false"))),
            }
        };
        let budgets = ["playouts", "time_ms", "level"]
            .iter()
            .filter(|k| !matches!(arg.get(**k), None | Some(Value::Null)))
            .count();
        if budgets > 1 {
            return Err(fail(
                "bad_request",
                "bot takes one budget: playouts, time_ms or level",
            ));
        }
        let budget = if let Some(n) = num("playouts")? {
            Budget::playouts(n.max(1))
        } else if let Some(ms) = num("time_ms")? {
            Budget::time(Duration::from_millis(ms.max(1)))
        } else {
            Level::new(num("level")?.unwrap_or(5).min(10) as u8).budget()
        };
        let seed = num("seed")?.unwrap_or(1);
        let config = Config {
            stop_early: flag("stop_early")? != Some(false),
            ..Config::for_game(self.game.info().short_name, budget, seed)
        };
        let mut searcher = Searcher::new(config);
        if let Some(clock) = self.clock {
            searcher.set_clock(clock);
        }
        let report = searcher.search_with(&self.state, &mut GameKnowledge);
        let action = report
            .action
            .ok_or_else(|| fail("illegal_move", "no decision to make"))?;
        let name = self.state.action_to_string(Turn::Player(p), action);
        let found = json!({
            "move": name, "action": action, "playouts": report.playouts,
            "value": report.value, "milliseconds": report.elapsed.as_millis() as u64,
        });
        if flag("play")? == Some(true) {
            let mut played = self.act(action, "illegal_move")?;
            played["bot"] = found;
            return Ok(played);
        }
        Ok(json!({"ok": found}))
    }
}

/// Refuses an argument with settings where a request takes none (`{}` or
/// `null`).
pub(super) fn no_args(key: &str, arg: &Value) -> Result<(), Failure> {
    match arg {
        Value::Null => Ok(()),
        Value::Object(o) if o.is_empty() => Ok(()),
        _ => Err(fail(
            "bad_request",
            format!("{key} takes no arguments: send {{\"{key}\": {{}}}}"),
        )),
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
    match arg.get("chance") {
        None | Some(Value::Null) => Ok(seed.is_none() && canonical == "hoop_race"),
        Some(v) => match v.as_str() {
            Some("client") => Ok(true),
            Some("referee") => Ok(false),
            _ => Err(fail(
                "bad_request",
                format!("chance is \"referee\" or \"client\", not {v}"),
            )),
        },
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

/// The common fields of a state and a view: the game, whether it is over, and
/// whose turn it is.
fn with_turn(mut v: Value, s: &AnyState) -> Value {
    if let Value::Object(o) = &mut v {
        o.insert("game".into(), json!(s.info().short_name));
        o.insert("over".into(), json!(s.is_terminal()));
        o.insert("current_player".into(), turn_json(s.current_player()));
    }
    v
}

/// The referee's whole state of any game, as JSON: everything, hidden or not.
pub fn state_json(s: &AnyState) -> Value {
    with_turn(s.state_json(), s)
}

/// What player `p` may see of any game, as JSON (the game crate's view where
/// information is hidden).
pub fn view_json(s: &AnyState, p: usize) -> Value {
    let mut v = with_turn(s.view_json(p), s);
    if let Value::Object(o) = &mut v {
        o.insert("player".into(), json!(p));
    }
    v
}

/// The score now, as JSON (final once the game is over): the game's own and the
/// returns.
pub fn score_json(s: &AnyState) -> Value {
    json!({
        "scores": s.scores().to_vec(),
        "returns": s.returns().to_vec(),
        "detail": s.score_json(),
        "final": s.is_terminal(),
    })
}

/// The game crate's rules, as it serialises them.
pub fn rules_json(s: &AnyState) -> Value {
    s.rules_json()
}
