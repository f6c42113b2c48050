//! The JavaScript face: `TabletopGame`, `games()` and `randomPlayouts()`, with
//! TypeScript types for every answer. Answers are plain objects (the referee's
//! JSON, `docs/referee.md`); errors are `Error`s named `TabletopError` with the
//! referee's `kind` and the crate's message.

use core::time::Duration;

use serde_json::{Map, Value, json};
use wasm_bindgen::prelude::*;

use crate::table::{Table, TableError, catalogue};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** A seat, from 0. */
export type Player = number;
/** Whose decision it is: a seat, chance, or nobody (the game is over). */
export type Turn = Player | "chance" | "terminal";
/** How to start a game (all optional; see docs/referee.md, `new`). */
export interface NewOptions {
  /** A preset name ("chinese", "common", "yut_nori", …) or settings over one: {preset: "common", players: 3}. */
  rules?: string | Record<string, unknown>;
  /** Seeds the chance the package resolves (deals, throws, draws); default 0. */
  seed?: number;
  /** The game's setup: Go {size: 9} or {handicap: 4}, Ô ăn quan {first: "B"}, … */
  setup?: Record<string, unknown>;
  /** Who resolves chance: "referee" (the package, from the seed) or "client" (you, with chance()). */
  chance?: "referee" | "client";
  /** The interface's parameters beside the rules (Go: board_size, komi, …). */
  params?: Record<string, unknown>;
}
/** How to go on from a saved game. */
export interface RestoreOptions { seed?: number; chance?: "referee" | "client"; }
/** One game of the catalogue. */
export interface GameSummary {
  name: string; long_name: string; players: number;
  /** The rules presets, the default (the source's rules) first. */
  presets: string[];
  params: { name: string; default: unknown; doc: string }[];
}
/** What a new game is. */
export interface Opened {
  id: number; game: string; players: number;
  /** The crate's rules, every setting. */
  rules: Record<string, unknown>;
  params: Record<string, unknown>;
}
/** The legal moves (or at a chance node the outcomes). */
export interface Legal {
  moves: string[]; actions: number[]; chance: boolean;
  outcomes?: { outcome: string; action: number; probability: string }[];
}
/** Whether a move is legal now, and if not why. */
export interface Check { legal: boolean; action: number; reason?: string; }
/** A state or a view: the game's own fields (docs/referee.md) and these. */
export interface StateBase {
  game: string; over: boolean; current_player: Turn;
  [field: string]: unknown;
}
/** What one player may see. */
export interface View extends StateBase { player: Player; }
/** One event of the log (a move, a sowing step, a throw, a capture, a trick …). */
export type GameEvent = Record<string, unknown>;
/** The bot's choice. */
export interface BotMove { move: string; action: number; playouts: number; value: number; milliseconds: number; }
/** What a move did: the crate's report, the events (everything, as the referee sees it), the referee's state. */
export interface Played { report: Record<string, unknown>; events: GameEvent[]; state: StateBase; bot?: BotMove; }
/** The bot's budget: a level 1–10 (200·2^(level−1) playouts), playouts, or time; seeded. */
export interface BotOptions { level?: number; playouts?: number; timeMs?: number; seed?: number; stopEarly?: boolean; }
/** The score now (final once the game is over). */
export interface Score { final: boolean; scores: number[]; returns: number[]; detail: Record<string, unknown>; }
/** How a finished game ended. */
export interface Outcome {
  /** Each seat's return: +1 a win, −1 a loss, 0 a draw (see each game's docs for more sides). */
  returns: number[];
  /** Each seat's score in the game's own terms. */
  scores: number[];
  /** The seats with the best return (all of them in a draw). */
  winners: Player[];
  /** The game's own account: Go's result ("B+3.5"), the other games' outcome objects. */
  detail: unknown;
}
/** What undo took back. */
export interface Undone { undone: string; state: StateBase; }
"#;

#[wasm_bindgen]
extern "C" {
    /// The page's monotonic clock, in milliseconds.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// The bot's clock: the browser's `performance.now()` (the standard library has
/// no clock on `wasm32-unknown-unknown`).
fn browser_clock() -> Duration {
    Duration::from_secs_f64(performance_now().max(0.0) / 1000.0)
}

/// The clock to give the referee: the browser's in WebAssembly, the standard
/// library's natively.
fn clock() -> Option<tabletop::bot::Clock> {
    cfg!(target_arch = "wasm32").then_some(browser_clock as tabletop::bot::Clock)
}

fn js_error(kind: &str, message: &str) -> JsValue {
    let e = js_sys::Error::new(message);
    e.set_name("TabletopError");
    let _ = js_sys::Reflect::set(&e, &"kind".into(), &kind.into());
    e.into()
}

fn thrown(e: TableError) -> JsValue {
    js_error(&e.kind, &e.message)
}

fn to_js(v: &Value) -> Result<JsValue, JsValue> {
    js_sys::JSON::parse(&v.to_string())
}

/// A JavaScript value as JSON (`undefined` and `null` as null). What JSON cannot
/// hold (a function, a symbol, a BigInt, a cycle) is a `bad_request`.
fn from_js(v: &JsValue) -> Result<Value, JsValue> {
    if v.is_undefined() || v.is_null() {
        return Ok(Value::Null);
    }
    let not_json = || js_error("bad_request", "an argument is not a JSON value");
    let text = js_sys::JSON::stringify(v)
        .map_err(|_| not_json())?
        .as_string()
        .ok_or_else(not_json)?;
    serde_json::from_str(&text).map_err(|e| js_error("bad_request", &e.to_string()))
}

/// A text argument. Arguments are taken as `JsValue` and checked here: the glue
/// for a `&str` parameter trusts the caller to pass a string.
fn text_arg(v: &JsValue, what: &str) -> Result<String, JsValue> {
    v.as_string()
        .ok_or_else(|| js_error("bad_request", &format!("{what} is a string")))
}

/// A whole-number argument from 0 to `u32::MAX` (no silent rounding or wrapping).
fn whole_arg(v: &JsValue, what: &str) -> Result<u32, JsValue> {
    match v.as_f64() {
        Some(x) if x >= 0.0 && x.fract() == 0.0 && x <= f64::from(u32::MAX) => Ok(x as u32),
        _ => Err(js_error(
            "bad_request",
            &format!("{what} is a whole number from 0"),
        )),
    }
}

/// An options argument: an object, or nothing.
fn options(v: &Option<JsValue>, what: &str) -> Result<Map<String, Value>, JsValue> {
    let Some(v) = v else {
        return Ok(Map::new());
    };
    match from_js(v)? {
        Value::Null => Ok(Map::new()),
        Value::Object(o) => Ok(o),
        _ => Err(js_error("bad_request", &format!("{what} are an object"))),
    }
}

/// One game, kept by the package's referee: moves in the game's notation or as
/// action ids, chance resolved from the seed (or by you), what each player may
/// see, the bot, undo, save and restore.
///
/// ```js
/// const game = new TabletopGame("go", { rules: "chinese", setup: { size: 9 } });
/// game.play("E5");
/// game.botPlay({ level: 2 });
/// game.view(0);
/// ```
#[wasm_bindgen]
pub struct TabletopGame {
    table: Table,
}

#[wasm_bindgen]
impl TabletopGame {
    /// Starts a game by name (`go`, `o_an_quan`, `hoop_race`, `trap_stones`,
    /// `tarokk_war`) with options (rules preset or settings, seed, setup, chance).
    /// Throws a `TabletopError` (`unknown_game`, `bad_rules`, `bad_setup`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
        #[wasm_bindgen(unchecked_param_type = "NewOptions")] options: Option<JsValue>,
    ) -> Result<TabletopGame, JsValue> {
        let game = text_arg(&game, "the game's name")?;
        let mut new = self::options(&options, "the options")?;
        if new.contains_key("restore") {
            return Err(js_error(
                "bad_request",
                "to go on from a saved game use TabletopGame.restore(saved)",
            ));
        }
        new.insert("game".into(), json!(game));
        let (table, _) = Table::open(Value::Object(new), clock()).map_err(thrown)?;
        Ok(TabletopGame { table })
    }

    /// A game that `save()` wrote, played on from where it was (its events
    /// replayed into the log); the options set the seed and who resolves chance
    /// from here on. Throws `bad_restore` for text that is not a saved game.
    pub fn restore(
        #[wasm_bindgen(unchecked_param_type = "string")] saved: JsValue,
        #[wasm_bindgen(unchecked_param_type = "RestoreOptions")] options: Option<JsValue>,
    ) -> Result<TabletopGame, JsValue> {
        let saved = text_arg(&saved, "the saved game")?;
        let mut new = self::options(&options, "the options")?;
        new.insert("restore".into(), json!(saved));
        let (table, _) = Table::open(Value::Object(new), clock()).map_err(thrown)?;
        Ok(TabletopGame { table })
    }

    /// What the game is: its name, players, every rules setting, the parameters.
    #[wasm_bindgen(getter, unchecked_return_type = "Opened")]
    pub fn info(&self) -> Result<JsValue, JsValue> {
        to_js(self.table.opened())
    }

    fn ok(&mut self, key: &str, arg: Value) -> Result<Value, JsValue> {
        let mut answer = self.table.ask(key, arg).map_err(thrown)?;
        Ok(answer["ok"].take())
    }

    /// The answer of a request that changes the game, as `Played`.
    fn played(&mut self, key: &str, arg: Value) -> Result<JsValue, JsValue> {
        let mut a = self.table.ask(key, arg).map_err(thrown)?;
        let mut out = json!({"report": a["ok"].take(), "events": a["events"].take(), "state": a["state"].take()});
        if let Some(bot) = a.get_mut("bot") {
            out["bot"] = bot.take();
        }
        to_js(&out)
    }

    /// The legal moves in the game's notation and as action ids, or at a chance
    /// node the outcomes with their exact probabilities.
    #[wasm_bindgen(unchecked_return_type = "Legal")]
    pub fn legal(&mut self) -> Result<JsValue, JsValue> {
        let v = self.ok("legal", json!({}))?;
        to_js(&v)
    }

    /// Whether a move (in the game's notation) is legal now, and if not why.
    #[wasm_bindgen(unchecked_return_type = "Check")]
    pub fn check(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] r#move: JsValue,
    ) -> Result<JsValue, JsValue> {
        let text = text_arg(&r#move, "the move")?;
        let v = self.ok("check", json!(text))?;
        to_js(&v)
    }

    /// Plays a move: text in the game's notation, or an action id. Throws
    /// `illegal_move` (with the rules' reason) or `bad_move`; a refused move
    /// changes nothing. Chance that follows is resolved unless you resolve it.
    #[wasm_bindgen(unchecked_return_type = "Played")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | number")] r#move: JsValue,
    ) -> Result<JsValue, JsValue> {
        let arg = action_arg(&r#move)?;
        self.played("play", arg)
    }

    /// Supplies a chance outcome (text such as `"5"` or `"mo"`, or an action id),
    /// or with no argument draws it from the seed.
    #[wasm_bindgen(unchecked_return_type = "Played")]
    pub fn chance(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | number")] outcome: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        let arg = match outcome {
            Some(o) if !o.is_undefined() && !o.is_null() => action_arg(&o)?,
            _ => json!("random"),
        };
        self.played("chance", arg)
    }

    /// Everything, hidden or not (the referee's state): for a referee or a
    /// replay, never for showing a player their game (use `view`).
    #[wasm_bindgen(unchecked_return_type = "StateBase")]
    pub fn state(&mut self) -> Result<JsValue, JsValue> {
        let v = self.ok("state", json!({}))?;
        to_js(&v)
    }

    /// What `player` may see now, and nothing else (trap stones: the opponent's
    /// traps only at the end; tarokk war: one's own hand).
    #[wasm_bindgen(unchecked_return_type = "View")]
    pub fn view(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player: JsValue,
    ) -> Result<JsValue, JsValue> {
        let player = whole_arg(&player, "the player")?;
        let v = self.ok("view", json!({"player": player}))?;
        to_js(&v)
    }

    /// Every event so far as `player` saw it (hidden moves without their secret),
    /// or with no player everything.
    #[wasm_bindgen(unchecked_return_type = "GameEvent[]")]
    pub fn events(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        let arg = match player {
            Some(p) if !p.is_undefined() && !p.is_null() => {
                json!({"player": whole_arg(&p, "the player")?})
            }
            _ => json!({}),
        };
        let mut v = self.ok("events", arg)?;
        to_js(&v["events"].take())
    }

    /// The score now (final once the game is over): the game's own and the returns.
    #[wasm_bindgen(unchecked_return_type = "Score")]
    pub fn score(&mut self) -> Result<JsValue, JsValue> {
        let v = self.ok("score", json!({}))?;
        to_js(&v)
    }

    /// Whose decision it is: a seat, `"chance"` or `"terminal"`.
    #[wasm_bindgen(getter, js_name = currentPlayer, unchecked_return_type = "Turn")]
    pub fn current_player(&mut self) -> Result<JsValue, JsValue> {
        let mut v = self.ok("state", json!({}))?;
        to_js(&v["current_player"].take())
    }

    /// Whether the game is over.
    #[wasm_bindgen(getter)]
    pub fn over(&mut self) -> Result<bool, JsValue> {
        Ok(self.ok("state", json!({}))?["over"] == json!(true))
    }

    /// How the game ended, or `null` while it goes on.
    #[wasm_bindgen(getter, unchecked_return_type = "Outcome | null")]
    pub fn outcome(&mut self) -> Result<JsValue, JsValue> {
        let mut state = self.ok("state", json!({}))?;
        if state["over"] != json!(true) {
            return Ok(JsValue::NULL);
        }
        let mut score = self.ok("score", json!({}))?;
        let returns: Vec<f64> = score["returns"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_f64).collect())
            .unwrap_or_default();
        let best = returns.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let winners: Vec<usize> = (0..returns.len()).filter(|&p| returns[p] == best).collect();
        let detail = match state.get_mut("outcome") {
            Some(o) if !o.is_null() => o.take(),
            _ => state["result"].take(),
        };
        to_js(
            &json!({"returns": returns, "scores": score["scores"].take(), "winners": winners, "detail": detail}),
        )
    }

    /// The search bot's move for the player to move, decided from that player's
    /// view only; not played.
    #[wasm_bindgen(js_name = botMove, unchecked_return_type = "BotMove")]
    pub fn bot_move(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "BotOptions")] options: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        let arg = bot_arg(&options, false)?;
        let v = self.ok("bot", arg)?;
        to_js(&v)
    }

    /// The search bot's move, played (its choice under `bot` in the answer).
    #[wasm_bindgen(js_name = botPlay, unchecked_return_type = "Played")]
    pub fn bot_play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "BotOptions")] options: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        let arg = bot_arg(&options, true)?;
        self.played("bot", arg)
    }

    /// Takes back the last decision and the chance after it. Throws
    /// `nothing_to_undo` before the first decision.
    #[wasm_bindgen(unchecked_return_type = "Undone")]
    pub fn undo(&mut self) -> Result<JsValue, JsValue> {
        let mut a = self.table.ask("undo", json!({})).map_err(thrown)?;
        to_js(&json!({"undone": a["ok"]["undone"].take(), "state": a["state"].take()}))
    }

    /// The game as text for `TabletopGame.restore` (its rules and history).
    /// Throws `cannot_save` for a game started from a given position.
    pub fn save(&mut self) -> Result<String, JsValue> {
        let v = self.ok("save", json!({}))?;
        Ok(v["saved"].as_str().unwrap_or_default().to_string())
    }

    /// Go's game record as SGF (`FF[4]`), to download or open in a Go program.
    pub fn sgf(&mut self) -> Result<String, JsValue> {
        let v = self.ok("sgf", json!({}))?;
        Ok(v["sgf"].as_str().unwrap_or_default().to_string())
    }
}

/// A move or outcome argument: text, or an action id.
fn action_arg(v: &JsValue) -> Result<Value, JsValue> {
    if let Some(text) = v.as_string() {
        return Ok(json!(text));
    }
    match v.as_f64() {
        Some(x) if x >= 0.0 && x.fract() == 0.0 && x <= f64::from(u32::MAX) => {
            Ok(json!({"action": x as u64}))
        }
        _ => Err(js_error(
            "bad_move",
            "a move is text in the game's notation or an action id (a whole number)",
        )),
    }
}

/// The referee's `bot` argument from `BotOptions`.
fn bot_arg(v: &Option<JsValue>, play: bool) -> Result<Value, JsValue> {
    let mut o = options(v, "the bot's options")?;
    if let Some(t) = o.remove("timeMs") {
        o.insert("time_ms".into(), t);
    }
    if let Some(b) = o.remove("stopEarly") {
        if !b.is_boolean() {
            return Err(js_error(
                "bad_request",
                "the bot's stopEarly is true or false",
            ));
        }
        o.insert("stop_early".into(), b);
    }
    for (k, x) in &o {
        if k == "stop_early" {
            continue;
        }
        if !matches!(k.as_str(), "level" | "playouts" | "time_ms" | "seed") {
            return Err(js_error(
                "bad_request",
                &format!("the bot takes level, playouts, timeMs, seed and stopEarly, not {k:?}"),
            ));
        }
        if !x.is_u64() {
            return Err(js_error(
                "bad_request",
                &format!("the bot's {k} is a whole number"),
            ));
        }
    }
    if play {
        o.insert("play".into(), json!(true));
    }
    Ok(Value::Object(o))
}

/// Every game: name, long name, players, presets (the default first), parameters.
#[wasm_bindgen(unchecked_return_type = "GameSummary[]")]
pub fn games() -> Result<JsValue, JsValue> {
    to_js(&catalogue())
}

/// Plays `count` complete random games of `game` (a game string such as
/// `"go(board_size=9)"`) with the game's playout policy, seeded; returns the
/// actions taken. For measuring speed (time it with `performance.now()`).
#[wasm_bindgen(js_name = randomPlayouts)]
pub fn random_playouts(
    #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] count: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
) -> Result<f64, JsValue> {
    let game = text_arg(&game, "the game string")?;
    let count = whole_arg(&count, "the count")?;
    let seed = whole_arg(&seed, "the seed")?;
    crate::speed::random_playouts(&game, count, u64::from(seed))
        .map(|n| n as f64)
        .map_err(|m| js_error("unknown_game", &m))
}
