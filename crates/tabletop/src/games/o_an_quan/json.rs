//! What the referee says of Ô ăn quan: setups (who moves first, or a whole
//! position with its loans and history), the board, totals, and each sowing
//! step as an event.

use std::collections::VecDeque;
use std::string::{String, ToString};
use std::vec::Vec;

use serde_json::{Map, Value, json};

use super::{OAnQuan, OAnQuanState};
use crate::action::{Action, ActionError};
use crate::games::{Failure, Setup};
use crate::interface::{Game, State};
use crate::referee::Logged;
use crate::referee::fields::{bad_setup, from_setup, lines, only_fields, to_json};

/// The start: the standard board, with `first` to move, or a whole `position`.
pub(super) fn start(
    game: &OAnQuan,
    setup: &Setup,
) -> Result<(OAnQuanState, VecDeque<Action>), Failure> {
    only_fields("Ô ăn quan's setup", setup, &["position", "first"])?;
    let state = match (setup.get("position"), setup.get("first")) {
        (Some(_), Some(_)) => {
            return Err(bad_setup(
                "a position says who moves first (its to_move): give position or first, not both",
            ));
        }
        (Some(p), None) => game.state_with_setup(from_setup(p)?).map_err(bad_setup)?,
        (None, Some(first)) => {
            let mut s = o_an_quan::Setup::standard(game.rules());
            s.to_move = super::series::player(first)?;
            game.state_with_setup(s).map_err(bad_setup)?
        }
        (None, None) => game.new_initial_state(),
    };
    Ok((state, VecDeque::new()))
}

/// The ring, the picture, the position, whose turn, loans, the outcome, each
/// player's total, and the position as a setup to resume from.
pub(super) fn state(s: &OAnQuanState) -> Value {
    let game = s.game();
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

/// The sowing's steps, each an event everyone sees.
pub(super) fn apply_logged(
    s: &mut OAnQuanState,
    action: Action,
    log: &mut Vec<Logged>,
) -> Result<Value, ActionError> {
    let players = s.info().num_players;
    let mut events = Vec::new();
    let report = s.apply_traced(action, &mut |e| {
        events.push(Logged::public(to_json(&e), players));
    })?;
    log.extend(events);
    Ok(to_json(&report))
}
