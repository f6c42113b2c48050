//! The JSON-lines referee behind `examples/referee.rs`: one request per line, one
//! response per line, for every game of the workspace. The protocol is documented
//! in `docs/referee.md`; errors never end the session.

use std::collections::VecDeque;

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// A refused request: a stable kind for programs and the crate's own message.
#[derive(Debug)]
pub struct Failure {
    /// One of the kinds listed in `docs/referee.md`.
    pub kind: &'static str,
    /// What went wrong, in words.
    pub message: String,
}

fn fail(kind: &'static str, message: impl Into<String>) -> Failure {
    Failure {
        kind,
        message: message.into(),
    }
}

/// What a move, a throw or a new game did.
struct Played {
    ok: Value,
    events: Vec<Value>,
}

/// One game in progress, whatever the game.
trait Session {
    fn legal(&self) -> Value;
    fn play(&mut self, mv: &str) -> Result<Played, Failure>;
    fn chance(&mut self, value: &Value) -> Result<Played, Failure>;
    fn state(&self) -> Value;
    fn players(&self) -> u64;
    fn view(&self, player: u64) -> Value {
        let mut v = self.state();
        v["player"] = json!(player);
        v
    }
    fn undo(&mut self) -> Result<Value, Failure>;
    fn score(&self) -> Value;
}

/// The games a `new` request can name.
pub const GAMES: &str = "go, o_an_quan, hoop_race, trap_stones, tarokk_war";

/// A referee session: at most one game at a time.
#[derive(Default)]
pub struct Referee {
    session: Option<Box<dyn Session>>,
}

impl Referee {
    /// A referee with no game yet.
    pub fn new() -> Referee {
        Referee::default()
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

    fn dispatch(&mut self, line: &str, quit: &mut bool) -> Result<Value, Failure> {
        let request: Value =
            serde_json::from_str(line).map_err(|e| fail("malformed_json", e.to_string()))?;
        let (key, arg) = match request.as_object() {
            Some(o) if o.len() == 1 => o.iter().next().map(|(k, v)| (k.clone(), v.clone())),
            _ => None,
        }
        .ok_or_else(|| {
            fail(
                "bad_request",
                "a request is an object with one key: new, legal, play, chance, state, view, undo, score or quit",
            )
        })?;
        match key.as_str() {
            "new" => {
                let (session, played) = new_session(&arg)?;
                let state = session.state();
                self.session = Some(session);
                return Ok(json!({"ok": played.ok, "events": played.events, "state": state}));
            }
            "quit" => {
                *quit = true;
                return Ok(json!({"ok": "bye"}));
            }
            "legal" | "play" | "chance" | "state" | "view" | "undo" | "score" => {}
            other => {
                return Err(fail(
                    "bad_request",
                    format!(
                        "unknown request {other:?} (expected new, legal, play, chance, state, view, undo, score or quit)"
                    ),
                ));
            }
        }
        let session = self.session.as_mut().ok_or_else(|| {
            fail(
                "no_game",
                "no game is being played: start one with {\"new\": {\"game\": ...}}",
            )
        })?;
        match key.as_str() {
            "legal" => Ok(json!({"ok": {"moves": session.legal()}})),
            "play" => {
                let mv = arg
                    .as_str()
                    .ok_or_else(|| fail("bad_request", "play takes the move as a string"))?;
                let p = session.play(mv)?;
                Ok(json!({"ok": p.ok, "events": p.events, "state": session.state()}))
            }
            "chance" => {
                let p = session.chance(&arg)?;
                Ok(json!({"ok": p.ok, "events": p.events, "state": session.state()}))
            }
            "state" => Ok(json!({"ok": session.state()})),
            "view" => {
                let player = arg
                    .get("player")
                    .and_then(Value::as_u64)
                    .ok_or_else(|| fail("bad_request", "view takes {\"player\": N}"))?;
                if player >= session.players() {
                    return Err(fail(
                        "bad_player",
                        format!(
                            "player {player}: this game has players 0 to {}",
                            session.players() - 1
                        ),
                    ));
                }
                Ok(json!({"ok": session.view(player)}))
            }
            "undo" => {
                let undone = session.undo()?;
                Ok(json!({"ok": undone, "state": session.state()}))
            }
            _ => Ok(json!({"ok": session.score()})),
        }
    }
}

fn new_session(arg: &Value) -> Result<(Box<dyn Session>, Played), Failure> {
    let game = arg
        .get("game")
        .and_then(Value::as_str)
        .ok_or_else(|| fail("bad_request", "new takes {\"game\": NAME, ...}"))?;
    let seed = match arg.get("seed") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_u64()
                .ok_or_else(|| fail("bad_request", "the seed is a whole number"))?,
        ),
    };
    let rules = arg.get("rules");
    let setup = arg.get("setup").cloned().unwrap_or(json!({}));
    if !setup.is_object() {
        return Err(fail("bad_setup", "the setup is an object"));
    }
    match game {
        "go" | "go_core" => GoSession::start(rules, &setup),
        "o_an_quan" => QuanSession::start(rules, &setup),
        "hoop_race" | "yut_nori" => HoopSession::start(rules, seed, &setup),
        "trap_stones" => TrapSession::start(rules, seed, &setup),
        "tarokk_war" => TarokkSession::start(rules, seed, &setup),
        other => Err(fail(
            "unknown_game",
            format!("unknown game {other:?} (games: {GAMES})"),
        )),
    }
}

/// Rules from a request: absent (the crate's default), a preset name, or an object
/// of settings over a preset (`{"preset": NAME, SETTING: VALUE, …}`, the default
/// preset when none is named). Settings are the crate's serialised rules fields,
/// checked by the crate when read.
fn rules_from<R: Serialize + DeserializeOwned>(
    value: Option<&Value>,
    default: R,
    preset: impl Fn(&str) -> Option<R>,
) -> Result<R, Failure> {
    let named = |name: &str| {
        preset(name).ok_or_else(|| fail("bad_rules", format!("unknown rules preset {name:?}")))
    };
    let overrides = match value {
        None | Some(Value::Null) => return Ok(default),
        Some(Value::String(name)) => return named(name),
        Some(Value::Object(o)) => o,
        Some(_) => {
            return Err(fail(
                "bad_rules",
                "rules are a preset name or an object of settings",
            ));
        }
    };
    let base = match overrides.get("preset") {
        None => default,
        Some(Value::String(name)) => named(name)?,
        Some(_) => return Err(fail("bad_rules", "the preset is a name")),
    };
    let mut v = serde_json::to_value(base).map_err(|e| fail("bad_rules", e.to_string()))?;
    let fields = v
        .as_object_mut()
        .ok_or_else(|| fail("bad_rules", "these rules have no settings"))?;
    for (k, val) in overrides {
        if k == "preset" {
            continue;
        }
        if !fields.contains_key(k) {
            let known: Vec<&String> = fields.keys().collect();
            return Err(fail(
                "bad_rules",
                format!("unknown rules setting {k:?} (settings: {known:?})"),
            ));
        }
        fields.insert(k.clone(), val.clone());
    }
    serde_json::from_value(v).map_err(|e| fail("bad_rules", e.to_string()))
}

/// A move read in the game's notation.
fn parsed<M: std::str::FromStr>(text: &str) -> Result<M, Failure>
where
    M::Err: std::fmt::Display,
{
    text.parse()
        .map_err(|e: M::Err| fail("bad_move", e.to_string()))
}

/// A move the rules refuse now.
fn illegal(e: impl std::fmt::Display) -> Failure {
    fail("illegal_move", e.to_string())
}

/// A move that is not in the game's notation.
fn bad_move(e: impl std::fmt::Display) -> Failure {
    fail("bad_move", e.to_string())
}

fn lines(text: &str) -> Value {
    json!(text.lines().collect::<Vec<_>>())
}

fn to_json<T: Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

fn no_chance(game: &str) -> Failure {
    fail(
        "no_chance",
        format!("{game} has no chance events during play"),
    )
}

// ----- Go -----

struct GoSession {
    game: go_core::Game,
}

impl GoSession {
    fn start(rules: Option<&Value>, setup: &Value) -> Result<(Box<dyn Session>, Played), Failure> {
        let rules = rules_from(rules, go_core::Rules::default(), |n| {
            go_core::Rules::preset(n).ok()
        })?;
        let size = |key: &str, default: u64| -> Result<u8, Failure> {
            match setup.get(key) {
                None => Ok(default as u8),
                Some(v) => v
                    .as_u64()
                    .filter(|&n| (1..=25).contains(&n))
                    .map(|n| n as u8)
                    .ok_or_else(|| fail("bad_setup", format!("{key} is a whole number 1..25"))),
            }
        };
        let side = size("size", 19)?;
        let (w, h) = (size("width", side.into())?, size("height", side.into())?);
        let game = match setup.get("handicap") {
            None => go_core::Game::new(rules, go_core::Setup::new(w, h)),
            Some(v) => {
                let stones = v
                    .as_u64()
                    .ok_or_else(|| fail("bad_setup", "handicap is a whole number"))?;
                go_core::handicap::fixed(side, stones.min(255) as u8)
                    .map_err(go_core::GameError::from)
                    .and_then(|setup| go_core::Game::new(rules, setup))
            }
        }
        .map_err(|e| fail("bad_setup", e.to_string()))?;
        let ok = json!({"game": "go", "rules": to_json(&rules)});
        Ok((Box::new(GoSession { game }), Played { ok, events: vec![] }))
    }
}

impl Session for GoSession {
    fn legal(&self) -> Value {
        json!(crate::notation(&self.game.legal_moves()))
    }

    fn play(&mut self, mv: &str) -> Result<Played, Failure> {
        let r = self.game.play(parsed(mv)?).map_err(illegal)?;
        let captured: Vec<String> = self.game.last_captures().map(|p| p.to_string()).collect();
        let mut events =
            vec![json!({"move": {"color": r.color.to_string(), "move": r.mv.to_string()}})];
        if !captured.is_empty() {
            events.push(json!({"captured": captured}));
        }
        if r.end.is_some() {
            events.push(json!({"game_over": self.game.result().map(|g| g.to_string())}));
        }
        let ok = json!({
            "color": r.color.to_string(), "move": r.mv.to_string(),
            "captured": r.captured, "self_captured": r.self_captured, "game_over": r.end.is_some(),
        });
        Ok(Played { ok, events })
    }

    fn chance(&mut self, _: &Value) -> Result<Played, Failure> {
        Err(no_chance("go"))
    }

    fn state(&self) -> Value {
        let b = self.game.board();
        json!({
            "game": "go",
            "width": b.width(), "height": b.height(),
            "board": lines(&b.to_string()),
            "to_move": self.game.to_move().to_string(),
            "moves": self.game.move_count(),
            "last_move": self.game.last_move().map(|(c, m)| format!("{c} {m}")),
            "prisoners": {
                "black": self.game.prisoners(go_core::Color::Black),
                "white": self.game.prisoners(go_core::Color::White),
            },
            "over": self.game.is_over(),
            "result": self.game.result().map(|r| r.to_string()),
        })
    }

    fn players(&self) -> u64 {
        2
    }

    fn undo(&mut self) -> Result<Value, Failure> {
        let mv = self
            .game
            .undo()
            .map_err(|e| fail("nothing_to_undo", e.to_string()))?;
        Ok(json!({"undone": mv.to_string()}))
    }

    fn score(&self) -> Value {
        let s = self.game.score();
        json!({
            "black": s.points(go_core::Color::Black),
            "white": s.points(go_core::Color::White),
            "komi": s.komi.points(),
            "result": s.result().to_string(),
            "final": self.game.is_over(),
        })
    }
}

// ----- Ô ăn quan -----

struct QuanSession {
    game: o_an_quan::Game,
}

impl QuanSession {
    fn start(rules: Option<&Value>, setup: &Value) -> Result<(Box<dyn Session>, Played), Failure> {
        let rules = rules_from(rules, o_an_quan::Rules::default(), |n| {
            o_an_quan::Rules::preset(n).ok()
        })?;
        let game = if let Some(pos) = setup.get("position") {
            let setup: o_an_quan::Setup = serde_json::from_value(pos.clone())
                .map_err(|e| fail("bad_setup", e.to_string()))?;
            o_an_quan::Game::new(rules, setup)
        } else {
            let first = match setup.get("first") {
                None => o_an_quan::Player::A,
                Some(v) => v
                    .as_str()
                    .and_then(|s| s.parse().ok())
                    .ok_or_else(|| fail("bad_setup", "first is a seat letter such as \"B\""))?,
            };
            let setup = o_an_quan::Setup {
                to_move: first,
                ..o_an_quan::Setup::standard(&rules)
            };
            o_an_quan::Game::new(rules, setup)
        }
        .map_err(|e| fail("bad_setup", e.to_string()))?;
        let ok = json!({"game": "o_an_quan", "rules": to_json(&rules)});
        Ok((
            Box::new(QuanSession { game }),
            Played { ok, events: vec![] },
        ))
    }
}

impl Session for QuanSession {
    fn legal(&self) -> Value {
        json!(crate::notation(&self.game.legal_moves()))
    }

    fn play(&mut self, mv: &str) -> Result<Played, Failure> {
        let parsed = self.game.parse_move(mv).map_err(bad_move)?;
        let mut events = Vec::new();
        let report = self
            .game
            .play_traced(parsed, &mut |e| events.push(to_json(&e)))
            .map_err(illegal)?;
        Ok(Played {
            ok: to_json(&report),
            events,
        })
    }

    fn chance(&mut self, _: &Value) -> Result<Played, Failure> {
        Err(no_chance("o_an_quan"))
    }

    fn state(&self) -> Value {
        let score = self.game.score();
        let totals: serde_json::Map<String, Value> =
            o_an_quan::Player::all(self.game.rules().players())
                .map(|p| (p.to_string(), json!(score.total(p))))
                .collect();
        json!({
            "game": "o_an_quan",
            "board": self.game.board().ring().to_string(),
            "picture": lines(&self.game.board().to_string()),
            "position": to_json(self.game.position()),
            "to_move": self.game.to_move().to_string(),
            "moves": self.game.move_count(),
            "over": self.game.is_over(),
            "outcome": to_json(&self.game.outcome()),
            "totals": totals,
        })
    }

    fn players(&self) -> u64 {
        self.game.rules().players() as u64
    }

    fn undo(&mut self) -> Result<Value, Failure> {
        let mv = self
            .game
            .undo()
            .map_err(|e| fail("nothing_to_undo", e.to_string()))?;
        Ok(json!({"undone": mv.to_string()}))
    }

    fn score(&self) -> Value {
        let s = self.game.score();
        let totals: serde_json::Map<String, Value> =
            o_an_quan::Player::all(self.game.rules().players())
                .map(|p| (p.to_string(), json!(s.total(p))))
                .collect();
        json!({"totals": totals, "detail": to_json(&s), "final": self.game.is_over()})
    }
}

// ----- hoop race -----

struct HoopSession {
    game: hoop_race::Game,
    /// Throws drawn from the seed, when the game has one.
    rng: Option<Pcg64Mcg>,
    /// Throws given in the setup, used first.
    queue: VecDeque<hoop_race::Throw>,
}

impl HoopSession {
    fn start(
        rules: Option<&Value>,
        seed: Option<u64>,
        setup: &Value,
    ) -> Result<(Box<dyn Session>, Played), Failure> {
        let rules = rules_from(rules, hoop_race::Rules::default(), |n| {
            hoop_race::Rules::preset(n).ok()
        })?;
        let mut queue = VecDeque::new();
        if let Some(list) = setup.get("throws") {
            for t in list
                .as_array()
                .ok_or_else(|| fail("bad_setup", "throws is a list"))?
            {
                queue.push_back(throw_from(t).map_err(|m| fail("bad_setup", m))?);
            }
        }
        let game = match setup.get("order") {
            None => hoop_race::Game::new(rules, hoop_race::Setup::default()),
            Some(list) => {
                let order: Vec<hoop_race::Player> = list
                    .as_array()
                    .ok_or_else(|| fail("bad_setup", "order is a list of seat letters"))?
                    .iter()
                    .map(|p| p.as_str().and_then(|s| s.parse().ok()))
                    .collect::<Option<_>>()
                    .ok_or_else(|| fail("bad_setup", "order is a list of seat letters"))?;
                let setup = hoop_race::Setup {
                    order: Some(order),
                    places: vec![],
                };
                hoop_race::Game::new(rules, setup)
            }
        }
        .map_err(|e| fail("bad_setup", e.to_string()))?;
        let mut session = HoopSession {
            game,
            rng: seed.map(Pcg64Mcg::seed_from_u64),
            queue,
        };
        let mut events = vec![];
        session.advance(&mut events)?;
        let ok = json!({"game": "hoop_race", "rules": to_json(&rules)});
        Ok((Box::new(session), Played { ok, events }))
    }

    /// Makes the throws the game waits for from the setup's list, then from the
    /// seed; stops when a move is awaited or the caller must supply the throw.
    fn advance(&mut self, events: &mut Vec<Value>) -> Result<(), Failure> {
        loop {
            let waiting = matches!(self.game.awaiting(), hoop_race::Awaiting::Chance);
            if !waiting {
                return Ok(());
            }
            let t = match self.queue.pop_front() {
                Some(t) => t,
                None => match &mut self.rng {
                    Some(rng) => self
                        .game
                        .rules()
                        .throw_model()
                        .draw(self.game.rules().back_do(), rng),
                    None => return Ok(()),
                },
            };
            let r = self
                .game
                .throw(t)
                .map_err(|e| fail("bad_setup", format!("a given throw: {e}")))?;
            events.push(json!({"throw": to_json(&r)}));
        }
    }
}

fn throw_from(v: &Value) -> Result<hoop_race::Throw, String> {
    let text = match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => return Err("a throw is 1..5, -1, back-do or a yut name".into()),
    };
    text.parse::<hoop_race::Throw>().map_err(|e| e.to_string())
}

impl Session for HoopSession {
    fn legal(&self) -> Value {
        json!(crate::notation(&self.game.legal_moves()))
    }

    fn play(&mut self, mv: &str) -> Result<Played, Failure> {
        let r = self.game.play(parsed(mv)?).map_err(illegal)?;
        let caught: Vec<String> = r.caught().map(|h| h.to_string()).collect();
        let mut ok = to_json(&r);
        ok["caught"] = json!(caught);
        let mut events = vec![json!({"move": ok.clone()})];
        self.advance(&mut events)?;
        Ok(Played { ok, events })
    }

    fn chance(&mut self, value: &Value) -> Result<Played, Failure> {
        let t = throw_from(value).map_err(|m| fail("bad_chance", m))?;
        let r = self
            .game
            .throw(t)
            .map_err(|e| fail("illegal_chance", e.to_string()))?;
        let ok = to_json(&r);
        let mut events = vec![json!({"throw": ok.clone()})];
        self.advance(&mut events)?;
        Ok(Played { ok, events })
    }

    fn state(&self) -> Value {
        let mut horses = serde_json::Map::new();
        for p in hoop_race::Player::all(self.game.rules().players()) {
            for (h, place) in self.game.horses(p) {
                horses.insert(h.to_string(), json!(place.to_string()));
            }
        }
        let bank: Vec<String> = hoop_race::Throw::ALL
            .iter()
            .zip(self.game.bank())
            .flat_map(|(t, n)| std::iter::repeat_n(t.to_string(), n as usize))
            .collect();
        json!({
            "game": "hoop_race",
            "picture": lines(&self.game.to_string()),
            "horses": horses,
            "bank": bank,
            "awaiting": to_json(&self.game.awaiting()),
            "to_move": self.game.to_move().to_string(),
            "order": self.game.order().map(|p| p.to_string()).collect::<Vec<_>>(),
            "over": self.game.is_over(),
            "winner": self.game.outcome().and_then(|o| o.winner()).map(|w| w.to_string()),
        })
    }

    fn players(&self) -> u64 {
        self.game.rules().players() as u64
    }

    fn undo(&mut self) -> Result<Value, Failure> {
        Err(fail(
            "not_supported",
            "hoop_race has no undo: throws are chance events",
        ))
    }

    fn score(&self) -> Value {
        json!({"score": to_json(&self.game.score()), "winner": self.game.outcome().and_then(|o| o.winner()).map(|w| w.to_string()), "final": self.game.is_over()})
    }
}

// ----- trap stones -----

struct TrapSession {
    game: trap_stones::Game,
}

impl TrapSession {
    fn start(
        rules: Option<&Value>,
        seed: Option<u64>,
        setup: &Value,
    ) -> Result<(Box<dyn Session>, Played), Failure> {
        let rules = rules_from(rules, trap_stones::Rules::default(), |n| {
            trap_stones::Rules::preset(n).ok()
        })?;
        rules
            .validate()
            .map_err(|e| fail("bad_rules", e.to_string()))?;
        // An explicit setup (draws, traps, members) or one drawn from the seed.
        let setup = if setup.as_object().is_some_and(|o| !o.is_empty()) {
            serde_json::from_value::<trap_stones::Setup>(setup.clone())
                .map_err(|e| fail("bad_setup", e.to_string()))?
        } else {
            let mut rng = Pcg64Mcg::seed_from_u64(seed.unwrap_or(0));
            trap_stones::Setup::random(&rules, &mut rng)
        };
        let game =
            trap_stones::Game::new(rules, setup).map_err(|e| fail("bad_setup", e.to_string()))?;
        let ok = json!({"game": "trap_stones", "rules": to_json(&rules)});
        Ok((
            Box::new(TrapSession { game }),
            Played { ok, events: vec![] },
        ))
    }

    fn side(player: u64) -> trap_stones::Player {
        if player == 0 {
            trap_stones::Player::solo(trap_stones::Side::One)
        } else {
            trap_stones::Player::solo(trap_stones::Side::Two)
        }
    }
}

impl Session for TrapSession {
    fn legal(&self) -> Value {
        json!(
            self.game
                .legal_moves()
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
        )
    }

    fn play(&mut self, mv: &str) -> Result<Played, Failure> {
        let r = self.game.play(parsed(mv)?).map_err(illegal)?;
        let mut events = vec![
            json!({"move": {"side": to_json(&r.player.side), "member": r.player.member, "move": r.mv.to_string()}}),
        ];
        if let Some(cell) = r.hit {
            events.push(json!({"trap_hit": cell.to_string()}));
        }
        if r.stake_offered {
            events.push(json!({"stake_offered": to_json(&self.game.to_move().side)}));
        }
        if let Some(o) = r.outcome {
            events.push(json!({"game_over": to_json(&o)}));
        }
        Ok(Played {
            ok: to_json(&r),
            events,
        })
    }

    fn chance(&mut self, _: &Value) -> Result<Played, Failure> {
        Err(no_chance("trap_stones"))
    }

    fn state(&self) -> Value {
        let g = &self.game;
        json!({
            "game": "trap_stones",
            "board": lines(&g.referee_picture().to_string()),
            "setup": to_json(g.setup()),
            "to_move": to_json(&g.to_move().side),
            "member": g.to_move().member,
            "turns": g.turns(),
            "va_bank_open": g.legal_moves().va_bank_open(),
            "stake_pending": matches!(g.awaiting(), trap_stones::Awaiting::Stake(_)),
            "scarecrows_left": [g.scarecrows_left(trap_stones::Side::One), g.scarecrows_left(trap_stones::Side::Two)],
            "over": g.is_over(),
            "outcome": to_json(&g.outcome()),
        })
    }

    fn players(&self) -> u64 {
        2
    }

    /// A side's view: the public board and its own traps only (ruling T10).
    fn view(&self, player: u64) -> Value {
        let v = self.game.view(TrapSession::side(player));
        let mut out = to_json(&v);
        out["board"] = lines(&v.to_string());
        out["player"] = json!(player);
        out
    }

    fn undo(&mut self) -> Result<Value, Failure> {
        Err(fail(
            "not_supported",
            "trap_stones has no undo (a stone on a trap cannot be taken back)",
        ))
    }

    fn score(&self) -> Value {
        json!({"outcome": to_json(&self.game.outcome()), "final": self.game.is_over()})
    }
}

// ----- tarokk war -----

struct TarokkSession {
    game: tarokk_war::Game,
}

impl TarokkSession {
    fn start(
        rules: Option<&Value>,
        seed: Option<u64>,
        setup: &Value,
    ) -> Result<(Box<dyn Session>, Played), Failure> {
        let rules = match rules {
            None | Some(Value::Null) => tarokk_war::Rules::default(),
            Some(Value::String(n)) if n == "default" || n == "completion" => {
                tarokk_war::Rules::default()
            }
            Some(v) => rules_from(Some(v), tarokk_war::Rules::default(), |n| {
                tarokk_war::Rules::preset(n).ok()
            })?,
        };
        // An explicit deal (every shuffle) or one drawn from the seed.
        let deal = match setup.get("deal") {
            Some(d) => serde_json::from_value::<tarokk_war::Setup>(d.clone())
                .map_err(|e| fail("bad_setup", e.to_string()))?,
            None => tarokk_war::Setup::random(&mut Pcg64Mcg::seed_from_u64(seed.unwrap_or(0))),
        };
        let game =
            tarokk_war::Game::new(rules, deal).map_err(|e| fail("bad_setup", e.to_string()))?;
        let mut events = vec![];
        game.opening_events(&mut |e| events.push(to_json(&e)));
        let ok = json!({"game": "tarokk_war", "rules": to_json(&rules)});
        Ok((Box::new(TarokkSession { game }), Played { ok, events }))
    }
}

impl Session for TarokkSession {
    fn legal(&self) -> Value {
        json!(crate::notation(&self.game.legal_moves()))
    }

    fn play(&mut self, mv: &str) -> Result<Played, Failure> {
        let parsed = self.game.parse_move(mv).map_err(bad_move)?;
        let mut events = vec![];
        self.game
            .play_traced(parsed, &mut |e| events.push(to_json(&e)))
            .map_err(illegal)?;
        Ok(Played {
            ok: json!({"move": parsed.to_string()}),
            events,
        })
    }

    fn chance(&mut self, _: &Value) -> Result<Played, Failure> {
        Err(fail(
            "no_chance",
            "tarokk_war's shuffles are all in the deal (setup or seed)",
        ))
    }

    fn state(&self) -> Value {
        let g = &self.game;
        let side = |p: tarokk_war::Player| {
            json!({
                "hand": g.hand(p).map(|c| c.to_string()).collect::<Vec<_>>(),
                "soldiers": g.soldiers(p).map(|c| c.to_string()).collect::<Vec<_>>(),
                "reserve": g.reserve(p).map(|c| c.to_string()).collect::<Vec<_>>(),
                "holdings": g.holdings(p).map(|c| c.to_string()).collect::<Vec<_>>(),
            })
        };
        json!({
            "game": "tarokk_war",
            "awaiting": to_json(&g.awaiting()),
            "phase_two": g.in_phase_two(),
            "players": [side(tarokk_war::Player::One), side(tarokk_war::Player::Two)],
            "front": g.front().map(|(c, p)| json!({"location": c.to_string(), "defender": to_json(&p)})),
            "face_down": g.face_down().map(|c| c.to_string()),
            "soldier_pile": g.soldier_pile().len(),
            "over": g.is_over(),
            "outcome": to_json(&g.outcome()),
        })
    }

    fn players(&self) -> u64 {
        2
    }

    /// A player's view: only what that player may see (ruling W11).
    fn view(&self, player: u64) -> Value {
        let p = if player == 0 {
            tarokk_war::Player::One
        } else {
            tarokk_war::Player::Two
        };
        let mut v = to_json(&self.game.view(p));
        v["player_index"] = json!(player);
        v
    }

    fn undo(&mut self) -> Result<Value, Failure> {
        Err(fail("not_supported", "tarokk_war has no undo"))
    }

    fn score(&self) -> Value {
        json!({"outcome": to_json(&self.game.outcome()), "final": self.game.is_over()})
    }
}
