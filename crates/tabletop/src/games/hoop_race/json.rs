//! What the referee says of the race: setups (the order of play, horses placed,
//! throws given in advance), the horses and the bank, and each throw and move as
//! events.

use std::collections::VecDeque;
use std::string::{String, ToString};
use std::vec::Vec;

use serde_json::{Map, Value, json};

use super::{Applied, HoopRace, HoopRaceState};
use crate::action::{Action, ActionError};
use crate::games::{Failure, Setup};
use crate::interface::{Game, State};
use crate::referee::Logged;
use crate::referee::fields::{bad_setup, fail, from_setup, lines, only_fields, to_json};

/// The start: the natural one, or the crate's setup (`order`, `places`); and
/// `throws` given in advance, used at the chance nodes as they come.
pub(super) fn start(
    game: &HoopRace,
    setup: &Setup,
) -> Result<(HoopRaceState, VecDeque<Action>), Failure> {
    only_fields("hoop race's setup", setup, &["throws", "order", "places"])?;
    let mut queue = VecDeque::new();
    if let Some(list) = setup.get("throws") {
        for t in list
            .as_array()
            .ok_or_else(|| fail("bad_setup", "throws is a list"))?
        {
            let text = match t {
                Value::String(s) => s.clone(),
                Value::Number(n) => n.to_string(),
                _ => return Err(fail("bad_setup", "a throw is 1..5, back-do or a yut name")),
            };
            let throw: hoop_race::Throw = text.parse().map_err(bad_setup)?;
            queue.push_back(throw.index() as Action);
        }
    }
    let state = if setup.contains_key("order") || setup.contains_key("places") {
        let mut fields = Map::new();
        for k in ["order", "places"] {
            if let Some(v) = setup.get(k) {
                fields.insert(k.into(), v.clone());
            }
        }
        let s: hoop_race::Setup = from_setup(&Value::Object(fields))?;
        game.state_with_setup(s).map_err(bad_setup)?
    } else {
        game.new_initial_state()
    };
    Ok((state, queue))
}

/// The picture, every horse's place, the bank, what is awaited, the order of
/// play and the outcome.
pub(super) fn state(s: &HoopRaceState) -> Value {
    let game = s.game();
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

/// A throw, or a move (with the horses it caught) and its events.
pub(super) fn apply_logged(
    s: &mut HoopRaceState,
    action: Action,
    log: &mut Vec<Logged>,
) -> Result<Value, ActionError> {
    let players = s.info().num_players;
    let mut moves = Vec::new();
    let r = s.apply_traced(action, &mut |e| moves.push(to_json(&e)))?;
    let report = match r {
        Applied::Throw(t) => {
            log.push(Logged::public(json!({"throw": to_json(&t)}), players));
            to_json(&t)
        }
        Applied::Move(m) => {
            let mut ok = to_json(&m);
            ok["caught"] = json!(m.caught().map(|h| h.to_string()).collect::<Vec<_>>());
            log.push(Logged::public(json!({"move": ok.clone()}), players));
            ok
        }
    };
    log.extend(moves.into_iter().map(|e| Logged::public(e, players)));
    Ok(report)
}
