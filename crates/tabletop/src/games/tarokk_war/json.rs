//! What the referee says of tarokk war: a given deal or one drawn card by card,
//! both players' holdings and the piles (the referee's state), each player's
//! view, and every event with each player's redacted form.

use std::collections::VecDeque;
use std::string::{String, ToString};
use std::vec;
use std::vec::Vec;

use serde_json::{Value, json};

use super::{TarokkWar, TarokkWarState};
use crate::action::{Action, ActionError};
use crate::games::{Failure, Setup};
use crate::interface::{Game, State};
use crate::referee::Logged;
use crate::referee::fields::{bad_setup, from_setup, lines, only_fields, to_json};
use crate::turn::Turn;

/// The start: before the deal; a given `deal` (the crate's setup) is queued as
/// the deal's chance outcomes, so its opening events are logged as it completes.
pub(super) fn start(
    game: &TarokkWar,
    setup: &Setup,
) -> Result<(TarokkWarState, VecDeque<Action>), Failure> {
    only_fields("tarokk war's setup", setup, &["deal"])?;
    let mut queue = VecDeque::new();
    if let Some(d) = setup.get("deal") {
        let s: tarokk_war::Setup = from_setup(d)?;
        let dealt = game.state_with_setup(s).map_err(bad_setup)?;
        queue.extend(dealt.history().iter().copied());
    }
    Ok((game.new_initial_state(), queue))
}

/// Who drew the tök VIII, and the location it took (ruling W5).
fn tok_viii_json(t: Option<(tarokk_war::Player, tarokk_war::Card)>) -> Value {
    t.map_or(
        Value::Null,
        |(p, c)| json!({"player": to_json(&p), "location": c.to_string()}),
    )
}

/// The location fought over in phase II, and who defends it.
fn front_json(f: Option<(tarokk_war::Card, tarokk_war::Player)>) -> Value {
    f.map_or(
        Value::Null,
        |(c, p)| json!({"location": c.to_string(), "defender": to_json(&p)}),
    )
}

/// Everything: both players' hands, tricks, soldiers, reserves and holdings, the
/// piles, the front, the face-down soldier, the graveyard, score and outcome.
pub(super) fn state(s: &TarokkWarState) -> Value {
    let Some(game) = s.game() else {
        return json!({"dealing": s.history().len()});
    };
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

/// The crate's view for `player` (nothing the player may not see, W11).
pub(super) fn view(s: &TarokkWarState, player: usize) -> Value {
    match (s.game(), tarokk_war::Player::new(player)) {
        (Some(game), Some(p)) => {
            let view = game.view(p);
            let mut out = to_json(&view);
            out["picture"] = lines(&view.to_string());
            // Pairs as objects, named as in the referee's state.
            out["tok_viii"] = tok_viii_json(view.tok_viii);
            out["front"] = front_json(view.front);
            out
        }
        _ => json!({"dealing": s.history().len()}),
    }
}

/// A deal outcome (public for the first dealer, "a card" to the players
/// otherwise), or a move and its events, each redacted per player.
pub(super) fn apply_logged(
    s: &mut TarokkWarState,
    action: Action,
    log: &mut Vec<Logged>,
) -> Result<Value, ActionError> {
    let players = s.info().num_players;
    let turn = s.current_player();
    let name = s.action_to_string(turn, action);
    let mut events: Vec<Logged> = Vec::new();
    let r = s.apply_traced(action, &mut |e| {
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
        let first = s.history().len() == 1;
        let seen = if first {
            all.clone()
        } else {
            json!({"deal": "a card"})
        };
        log.push(Logged {
            all,
            seen: vec![seen; players],
        });
    }
    log.extend(events);
    Ok(match r {
        Some(report) => to_json(&report),
        None => json!({"deal": name}),
    })
}
