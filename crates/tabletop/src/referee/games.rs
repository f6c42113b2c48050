//! What the referee says of each game: setups read from JSON, the full state, a
//! player's view, the score, and each action's events as the referee and as each
//! player sees them. Everything here goes through the interface's game types; the
//! game crates' own values are serialised as they define them.

use std::collections::VecDeque;
use std::string::{String, ToString};
use std::vec::Vec;
use std::{format, vec};

use serde::Serialize;
use serde_json::{Map, Value, json};

use super::{Failure, Logged, fail};
use crate::action::{Action, ActionError};
use crate::interface::{Game, State};
use crate::params::{Param, Params};

use crate::registry::{AnyGame, AnyState};
use crate::turn::Turn;

fn to_json<T: Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

fn lines(text: &str) -> Value {
    json!(text.lines().collect::<Vec<_>>())
}

#[cfg(feature = "trap_stones")]
fn cells(c: &[trap_stones::Cell]) -> Vec<String> {
    c.iter().map(ToString::to_string).collect()
}

fn bad_setup(e: impl core::fmt::Display) -> Failure {
    fail("bad_setup", e.to_string())
}

fn from_setup<T: serde::de::DeserializeOwned>(v: &Value) -> Result<T, Failure> {
    serde_json::from_value(v.clone()).map_err(bad_setup)
}

/// The registry name of a game named in `new`.
pub(super) fn canonical(name: &str) -> Option<&'static str> {
    crate::registry::canonical(name)
}

/// Setup fields that are the interface's parameters (Go's board size and
/// handicap), moved into `params`.
pub(super) fn setup_params(
    game: &str,
    setup: &Map<String, Value>,
    params: &mut Params,
) -> Result<(), Failure> {
    if game != "go" {
        return Ok(());
    }
    for (key, param) in [("size", "board_size"), ("handicap", "handicap")] {
        if let Some(v) = setup.get(key) {
            let n = v
                .as_u64()
                .ok_or_else(|| fail("bad_setup", format!("{key} is a whole number")))?;
            params.set(param, Param::Int(n as i64));
        }
    }
    for key in ["width", "height"] {
        if setup.contains_key(key) {
            return Err(fail(
                "bad_setup",
                "a rectangular board is a position: {\"position\": {\"width\": W, \"height\": H, \"stones\": [], \"to_move\": \"black\"}}",
            ));
        }
    }
    Ok(())
}

/// An Ô ăn quan seat named in a request: `"A"` to `"D"`.
#[cfg(feature = "o_an_quan")]
pub(super) fn o_an_quan_player(v: &Value) -> Result<o_an_quan::Player, Failure> {
    from_setup(v).map_err(|_| {
        fail(
            "bad_setup",
            format!("a player is a seat letter A to D, not {v}"),
        )
    })
}

/// The first state of a new game from its setup, and chance outcomes the setup
/// gives in advance (hoop race's throws, trap stones' draws).
pub(super) fn start(
    game: &AnyGame,
    setup: &Map<String, Value>,
) -> Result<(AnyState, VecDeque<Action>), Failure> {
    let mut queue = VecDeque::new();
    let state = match game {
        #[cfg(feature = "go")]
        AnyGame::Go(g) => match setup.get("position") {
            Some(p) => AnyState::Go(g.state_with_setup(from_setup(p)?).map_err(bad_setup)?),
            None => AnyState::Go(g.new_initial_state()),
        },
        #[cfg(feature = "o_an_quan")]
        AnyGame::OAnQuan(g) => {
            if let Some(p) = setup.get("position") {
                AnyState::OAnQuan(g.state_with_setup(from_setup(p)?).map_err(bad_setup)?)
            } else if let Some(first) = setup.get("first") {
                let first = o_an_quan_player(first)?;
                let mut s = o_an_quan::Setup::standard(g.rules());
                s.to_move = first;
                AnyState::OAnQuan(g.state_with_setup(s).map_err(bad_setup)?)
            } else {
                AnyState::OAnQuan(g.new_initial_state())
            }
        }
        #[cfg(feature = "hoop_race")]
        AnyGame::HoopRace(g) => {
            if let Some(list) = setup.get("throws") {
                for t in list
                    .as_array()
                    .ok_or_else(|| fail("bad_setup", "throws is a list"))?
                {
                    let text = match t {
                        Value::String(s) => s.clone(),
                        Value::Number(n) => n.to_string(),
                        _ => {
                            return Err(fail(
                                "bad_setup",
                                "a throw is 1..5, back-do or a yut name",
                            ));
                        }
                    };
                    let throw: hoop_race::Throw = text.parse().map_err(bad_setup)?;
                    queue.push_back(throw.index() as Action);
                }
            }
            if setup.contains_key("order") || setup.contains_key("places") {
                let mut fields = Map::new();
                for k in ["order", "places"] {
                    if let Some(v) = setup.get(k) {
                        fields.insert(k.into(), v.clone());
                    }
                }
                let s: hoop_race::Setup = from_setup(&Value::Object(fields))?;
                AnyState::HoopRace(g.state_with_setup(s).map_err(bad_setup)?)
            } else {
                AnyState::HoopRace(g.new_initial_state())
            }
        }
        #[cfg(feature = "trap_stones")]
        AnyGame::TrapStones(g) => {
            if setup.contains_key("traps") {
                let s: trap_stones::Setup = from_setup(&Value::Object(setup.clone()))?;
                AnyState::TrapStones(g.state_with_setup(s).map_err(bad_setup)?)
            } else {
                if let Some(d) = setup.get("draws") {
                    let d: trap_stones::Draws = from_setup(d)?;
                    let light =
                        |c: trap_stones::Color| Action::from(c == trap_stones::Color::Light);
                    queue.extend([
                        Action::from(d.first == trap_stones::Side::Two),
                        light(d.axis),
                        light(d.side),
                    ]);
                }
                AnyState::TrapStones(g.new_initial_state())
            }
        }
        #[cfg(feature = "tarokk_war")]
        AnyGame::TarokkWar(g) => match setup.get("deal") {
            Some(d) => {
                // The deal's own opening events are logged by `apply` when the
                // deal completes; a given deal is applied through the queue.
                let s: tarokk_war::Setup = from_setup(d)?;
                let dealt = g.state_with_setup(s).map_err(bad_setup)?;
                queue.extend(dealt.history().iter().copied());
                AnyState::TarokkWar(g.new_initial_state())
            }
            None => AnyState::TarokkWar(g.new_initial_state()),
        },
    };
    Ok((state, queue))
}

/// The game crate's rules, as it serialises them.
pub fn rules_json(s: &AnyState) -> Value {
    match s {
        #[cfg(feature = "go")]
        AnyState::Go(s) => to_json(s.game().rules()),
        #[cfg(feature = "o_an_quan")]
        AnyState::OAnQuan(s) => to_json(s.game().rules()),
        #[cfg(feature = "hoop_race")]
        AnyState::HoopRace(s) => to_json(s.game().rules()),
        #[cfg(feature = "trap_stones")]
        AnyState::TrapStones(s) => to_json(s.rules()),
        #[cfg(feature = "tarokk_war")]
        AnyState::TarokkWar(s) => to_json(s.rules()),
    }
}

/// The state at the start of `s`'s game (its setup), with no history.
pub(super) fn restarted(s: &AnyState) -> AnyState {
    match s {
        #[cfg(feature = "go")]
        AnyState::Go(s) => AnyState::Go(s.restarted()),
        #[cfg(feature = "o_an_quan")]
        AnyState::OAnQuan(s) => AnyState::OAnQuan(s.restarted()),
        #[cfg(feature = "hoop_race")]
        AnyState::HoopRace(s) => AnyState::HoopRace(s.restarted()),
        #[cfg(feature = "trap_stones")]
        AnyState::TrapStones(s) => AnyState::TrapStones(s.restarted()),
        #[cfg(feature = "tarokk_war")]
        AnyState::TarokkWar(s) => AnyState::TarokkWar(s.restarted()),
    }
}

/// Takes `action`, logging its events; returns the crate's report (or what the
/// chance outcome was).
pub(super) fn apply(
    s: &mut AnyState,
    action: Action,
    log: &mut Vec<Logged>,
) -> Result<Value, ActionError> {
    let players = s.info().num_players;
    let turn = s.current_player();
    let name = s.action_to_string(turn, action);
    let mut events: Vec<Logged> = Vec::new();
    let report = match s {
        #[cfg(feature = "go")]
        AnyState::Go(g) => {
            let color = g.game().to_move();
            events.push(Logged::public(
                json!({"move": {"color": color.to_string(), "move": name}}),
                players,
            ));
            let r = g.apply_traced(action, &mut |e| {
                events.push(Logged::public(to_json(&e), players));
            })?;
            to_json(&r)
        }
        #[cfg(feature = "o_an_quan")]
        AnyState::OAnQuan(g) => {
            let r = g.apply_traced(action, &mut |e| {
                events.push(Logged::public(to_json(&e), players));
            })?;
            to_json(&r)
        }
        #[cfg(feature = "hoop_race")]
        AnyState::HoopRace(g) => {
            let mut moves = Vec::new();
            let r = g.apply_traced(action, &mut |e| moves.push(to_json(&e)))?;
            let report = match r {
                crate::games::hoop_race::Applied::Throw(t) => {
                    events.push(Logged::public(json!({"throw": to_json(&t)}), players));
                    to_json(&t)
                }
                crate::games::hoop_race::Applied::Move(m) => {
                    let mut ok = to_json(&m);
                    ok["caught"] = json!(m.caught().map(|h| h.to_string()).collect::<Vec<_>>());
                    events.push(Logged::public(json!({"move": ok.clone()}), players));
                    ok
                }
            };
            events.extend(moves.into_iter().map(|e| Logged::public(e, players)));
            report
        }
        #[cfg(feature = "trap_stones")]
        AnyState::TrapStones(g) => {
            let in_play = g.game().is_some();
            let r = g.apply_traced(action, &mut |e| {
                events.push(Logged::public(to_json(&e), players));
            })?;
            match (turn, in_play) {
                (Turn::Chance, _) => {
                    events.insert(0, Logged::public(json!({"draw": name}), players));
                }
                (Turn::Player(p), false) => {
                    let all =
                        json!({"trap": {"side": p + 1, "cell": name.trim_start_matches("trap ")}});
                    let hidden = json!({"trap": {"side": p + 1}});
                    let seen = (0..players)
                        .map(|q| if q == p { all.clone() } else { hidden.clone() })
                        .collect();
                    events.insert(0, Logged { all, seen });
                }
                _ => {}
            }
            match r {
                Some(report) => to_json(&report),
                None => json!({"action": name}),
            }
        }
        #[cfg(feature = "tarokk_war")]
        AnyState::TarokkWar(g) => {
            let r = g.apply_traced(action, &mut |e| {
                let seen = tarokk_war::Player::all(2)
                    .map(|p| to_json(&e.seen_by(p)))
                    .collect();
                events.push(Logged {
                    all: to_json(&e),
                    seen,
                });
            })?;
            if turn == Turn::Chance {
                let all = json!({"deal": name});
                let first = g.history().len() == 1;
                let seen = if first {
                    all.clone()
                } else {
                    json!({"deal": "a card"})
                };
                events.insert(
                    0,
                    Logged {
                        all,
                        seen: vec![seen; players],
                    },
                );
            }
            match r {
                Some(report) => to_json(&report),
                None => json!({"deal": name}),
            }
        }
    };
    log.extend(events);
    Ok(report)
}

/// The referee's whole state of any game, as JSON: everything, hidden or not.
pub fn state_json(s: &AnyState) -> Value {
    let mut v = match s {
        #[cfg(feature = "go")]
        AnyState::Go(g) => {
            let game = g.game();
            let b = game.board();
            json!({
                "width": b.width(), "height": b.height(),
                "board": lines(&b.to_string()),
                "to_move": game.to_move().to_string(),
                "moves": game.move_count(),
                "last_move": game.last_move().map(|(c, m)| format!("{c} {m}")),
                "prisoners": {
                    "black": game.prisoners(go_core::Color::Black),
                    "white": game.prisoners(go_core::Color::White),
                },
                "ko": game.ko_point().map(|p| p.to_string()),
                "result": game.result().map(|r| r.to_string()),
            })
        }
        #[cfg(feature = "o_an_quan")]
        AnyState::OAnQuan(g) => {
            let game = g.game();
            let score = game.score();
            let totals: Map<String, Value> = o_an_quan::Player::all(game.rules().players())
                .map(|p| (p.to_string(), json!(score.total(p))))
                .collect();
            json!({
                "board": game.board().ring().to_string(),
                "picture": lines(&game.board().to_string()),
                "position": to_json(game.position()),
                "to_move": game.to_move().to_string(),
                "moves": game.move_count(),
                "loans": to_json(&game.loans()),
                "outcome": to_json(&game.outcome()),
                "totals": totals,
                "resume": to_json(&game.position_setup()),
            })
        }
        #[cfg(feature = "hoop_race")]
        AnyState::HoopRace(g) => {
            let game = g.game();
            let mut horses = Map::new();
            for p in hoop_race::Player::all(game.rules().players()) {
                for (h, place) in game.horses(p) {
                    horses.insert(h.to_string(), json!(place.to_string()));
                }
            }
            let bank: Vec<String> = hoop_race::Throw::ALL
                .iter()
                .zip(game.bank())
                .flat_map(|(t, n)| std::iter::repeat_n(t.to_string(), n as usize))
                .collect();
            json!({
                "picture": lines(&game.to_string()),
                "horses": horses,
                "bank": bank,
                "awaiting": to_json(&game.awaiting()),
                "to_move": game.to_move().to_string(),
                "settling_order": game.is_settling_order(),
                "order": game.order().map(|p| p.to_string()).collect::<Vec<_>>(),
                "outcome": to_json(&game.outcome()),
            })
        }
        #[cfg(feature = "trap_stones")]
        AnyState::TrapStones(g) => match g.game() {
            Some(game) => json!({
                "board": lines(&game.referee_picture().to_string()),
                "setup": to_json(game.setup()),
                "to_move": to_json(&game.to_move()),
                "awaiting": to_json(&game.awaiting()),
                "turns": game.turns(),
                "va_bank_open": game.legal_moves().va_bank_open(),
                "scarecrows_left": [
                    game.scarecrows_left(trap_stones::Side::One),
                    game.scarecrows_left(trap_stones::Side::Two),
                ],
                "outcome": to_json(&game.outcome()),
            }),
            None => json!({
                "phase": if g.is_chance_node() { "draws" } else { "traps" },
                "draws": to_json(&g.draws()),
                "traps": [cells(g.traps_chosen(trap_stones::Side::One)), cells(g.traps_chosen(trap_stones::Side::Two))],
            }),
        },
        #[cfg(feature = "tarokk_war")]
        AnyState::TarokkWar(g) => match g.game() {
            Some(game) => {
                let cards = |it: &mut dyn Iterator<Item = tarokk_war::Card>| -> Vec<String> {
                    it.map(|c| c.to_string()).collect()
                };
                let side = |p: tarokk_war::Player| {
                    json!({
                        "hand": cards(&mut game.hand(p)),
                        "taken": cards(&mut game.taken(p)),
                        "soldiers": cards(&mut game.soldiers(p)),
                        "reserve": cards(&mut game.reserve(p)),
                        "holdings": cards(&mut game.holdings(p)),
                    })
                };
                json!({
                    "awaiting": to_json(&game.awaiting()),
                    "phase_two": game.in_phase_two(),
                    "hand_number": game.hand_number(),
                    "dealer": to_json(&game.dealer()),
                    "players": [side(tarokk_war::Player::One), side(tarokk_war::Player::Two)],
                    "led": game.led().map(|c| c.to_string()),
                    "pot": cards(&mut game.pot()),
                    "soldier_pile": cards(&mut game.soldier_pile().iter().copied()),
                    "location_pile": cards(&mut game.location_pile().iter().copied()),
                    "tok_viii": tok_viii_json(game.tok_viii_location()),
                    "front": front_json(game.front()),
                    "face_down": game.face_down().map(|c| c.to_string()),
                    "graveyard": {
                        "face_up": cards(&mut game.graveyard_face_up()),
                        "face_down": cards(&mut game.graveyard_face_down()),
                    },
                    "score": to_json(&game.score()),
                    "outcome": to_json(&game.outcome()),
                })
            }
            None => json!({"dealing": g.history().len()}),
        },
    };
    if let Value::Object(o) = &mut v {
        o.insert("game".into(), json!(s.info().short_name));
        o.insert("over".into(), json!(s.is_terminal()));
        o.insert("current_player".into(), turn_json(s.current_player()));
    }
    v
}

/// Who drew the tök VIII, and the location it took (ruling W5).
#[cfg(feature = "tarokk_war")]
fn tok_viii_json(t: Option<(tarokk_war::Player, tarokk_war::Card)>) -> Value {
    t.map_or(
        Value::Null,
        |(p, c)| json!({"player": to_json(&p), "location": c.to_string()}),
    )
}

/// The location fought over in phase II, and who defends it.
#[cfg(feature = "tarokk_war")]
fn front_json(f: Option<(tarokk_war::Card, tarokk_war::Player)>) -> Value {
    f.map_or(
        Value::Null,
        |(c, p)| json!({"location": c.to_string(), "defender": to_json(&p)}),
    )
}

fn turn_json(t: Turn) -> Value {
    match t {
        Turn::Player(p) => json!(p),
        Turn::Chance => json!("chance"),
        Turn::Terminal => json!("terminal"),
    }
}

/// What player `p` may see of any game, as JSON (the game crate's view where
/// information is hidden).
pub fn view_json(s: &AnyState, p: usize) -> Value {
    let mut v = match s {
        #[cfg(feature = "trap_stones")]
        AnyState::TrapStones(g) => match g.game() {
            Some(game) => {
                let side = if p == 0 {
                    trap_stones::Side::One
                } else {
                    trap_stones::Side::Two
                };
                let view = game.view(trap_stones::Player::solo(side));
                let mut out = to_json(&view);
                out["board"] = lines(&view.to_string());
                out
            }
            None => {
                let side = if p == 0 {
                    trap_stones::Side::One
                } else {
                    trap_stones::Side::Two
                };
                json!({
                    "phase": if g.is_chance_node() { "draws" } else { "traps" },
                    "draws": to_json(&g.draws()),
                    "own_traps": cells(g.traps_chosen(side)),
                    "opponent_traps_chosen": g.traps_chosen(side.other()).len(),
                })
            }
        },
        #[cfg(feature = "tarokk_war")]
        AnyState::TarokkWar(g) => match (g.game(), tarokk_war::Player::new(p)) {
            (Some(game), Some(player)) => {
                let view = game.view(player);
                let mut out = to_json(&view);
                out["picture"] = lines(&view.to_string());
                // Pairs as objects, named as in the referee's state.
                out["tok_viii"] = tok_viii_json(view.tok_viii);
                out["front"] = front_json(view.front);
                out
            }
            _ => json!({"dealing": g.history().len()}),
        },
        // Perfect information: a player sees the referee's state.
        _ => state_json(s),
    };
    if let Value::Object(o) = &mut v {
        o.insert("player".into(), json!(p));
        o.insert("game".into(), json!(s.info().short_name));
        o.insert("over".into(), json!(s.is_terminal()));
        o.insert("current_player".into(), turn_json(s.current_player()));
    }
    v
}

/// The score now, as JSON (final once the game is over): the game's own and the
/// returns.
pub fn score_json(s: &AnyState) -> Value {
    let detail = match s {
        #[cfg(feature = "go")]
        AnyState::Go(g) => {
            let sc = g.game().score();
            json!({
                "black": sc.points(go_core::Color::Black),
                "white": sc.points(go_core::Color::White),
                "komi": sc.komi.points(),
                "result": sc.result().to_string(),
            })
        }
        #[cfg(feature = "o_an_quan")]
        AnyState::OAnQuan(g) => to_json(&g.game().score()),
        #[cfg(feature = "hoop_race")]
        AnyState::HoopRace(g) => to_json(&g.game().score()),
        #[cfg(feature = "trap_stones")]
        AnyState::TrapStones(g) => g.game().map_or(Value::Null, |game| to_json(&game.score())),
        #[cfg(feature = "tarokk_war")]
        AnyState::TarokkWar(g) => g.game().map_or(Value::Null, |game| to_json(&game.score())),
    };
    json!({
        "scores": s.scores().to_vec(),
        "returns": s.returns().to_vec(),
        "detail": detail,
        "final": s.is_terminal(),
    })
}
