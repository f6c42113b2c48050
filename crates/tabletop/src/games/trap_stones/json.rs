//! What the referee says of trap stones: setups (draws given in advance, team
//! sizes, or a whole setup with both sides' traps), the referee's board with
//! every trap, each side's view, and each event with each side's form (a trap
//! chosen is seen by the other side only as "a trap").

use std::collections::VecDeque;
use std::string::{String, ToString};
use std::vec::Vec;

use serde_json::{Value, json};
use trap_stones::{Cell, Side};

use super::{TrapStones, TrapStonesState};
use crate::action::{Action, ActionError};
use crate::games::{Failure, Setup};
use crate::interface::{Game, State};
use crate::referee::Logged;
use crate::referee::fields::{bad_setup, from_setup, lines, only_fields, to_json};
use crate::turn::Turn;

fn cells(c: &[Cell]) -> Vec<String> {
    c.iter().map(ToString::to_string).collect()
}

fn side_of(player: usize) -> Side {
    if player == 0 { Side::One } else { Side::Two }
}

/// The start: a whole setup (`draws`, `traps`, optionally `members`: no chance,
/// no trap decisions), or the draws and traps still to come with `draws` given
/// in advance and `members` (team sizes, ruling T11).
pub(super) fn start(
    game: &TrapStones,
    setup: &Setup,
) -> Result<(TrapStonesState, VecDeque<Action>), Failure> {
    only_fields("trap stones' setup", setup, &["draws", "traps", "members"])?;
    let mut queue = VecDeque::new();
    if setup.contains_key("traps") {
        let s: trap_stones::Setup = from_setup(&Value::Object(setup.clone()))?;
        return Ok((game.state_with_setup(s).map_err(bad_setup)?, queue));
    }
    if let Some(d) = setup.get("draws") {
        let d: trap_stones::Draws = from_setup(d)?;
        let light = |c: trap_stones::Color| Action::from(c == trap_stones::Color::Light);
        queue.extend([
            Action::from(d.first == Side::Two),
            light(d.axis),
            light(d.side),
        ]);
    }
    let state = match setup.get("members") {
        Some(m) => game.state_with_members(from_setup(m)?).map_err(bad_setup)?,
        None => game.new_initial_state(),
    };
    Ok((state, queue))
}

/// Everything: the referee's board with both sides' traps, the setup, whose turn
/// (side and member), the stake, scarecrows left and the outcome; before the
/// play, the draws and the traps chosen.
pub(super) fn state(s: &TrapStonesState) -> Value {
    match s.game() {
        Some(game) => json!({
            "board": lines(&game.referee_picture().to_string()),
            "setup": to_json(game.setup()),
            "to_move": to_json(&game.to_move()),
            "awaiting": to_json(&game.awaiting()),
            "turns": game.turns(),
            "va_bank_open": game.legal_moves().va_bank_open(),
            "scarecrows_left": [
                game.scarecrows_left(Side::One),
                game.scarecrows_left(Side::Two),
            ],
            "outcome": to_json(&game.outcome()),
        }),
        None => json!({
            "phase": if s.is_chance_node() { "draws" } else { "traps" },
            "draws": to_json(&s.draws()),
            "members": s.members,
            "traps": [cells(s.traps_chosen(Side::One)), cells(s.traps_chosen(Side::Two))],
        }),
    }
}

/// The crate's view for a side; before the play, the draws, the side's own traps
/// and how many the other side has chosen.
pub(super) fn view(s: &TrapStonesState, player: usize) -> Value {
    let side = side_of(player);
    match s.game() {
        Some(game) => {
            let view = game.view(trap_stones::Player::solo(side));
            let mut out = to_json(&view);
            out["board"] = lines(&view.to_string());
            out
        }
        None => json!({
            "phase": if s.is_chance_node() { "draws" } else { "traps" },
            "draws": to_json(&s.draws()),
            "members": s.members,
            "own_traps": cells(s.traps_chosen(side)),
            "opponent_traps_chosen": s.traps_chosen(side.other()).len(),
        }),
    }
}

/// A draw (public), a trap (its cell seen by its side only), or a move and its
/// events.
pub(super) fn apply_logged(
    s: &mut TrapStonesState,
    action: Action,
    log: &mut Vec<Logged>,
) -> Result<Value, ActionError> {
    let players = s.info().num_players;
    let turn = s.current_player();
    let name = s.action_to_string(turn, action);
    let in_play = s.game().is_some();
    let mut events = Vec::new();
    let r = s.apply_traced(action, &mut |e| {
        events.push(Logged::public(to_json(&e), players));
    })?;
    match (turn, in_play) {
        (Turn::Chance, _) => log.push(Logged::public(json!({"draw": name}), players)),
        (Turn::Player(p), false) => {
            let all = json!({"trap": {"side": p + 1, "cell": name.trim_start_matches("trap ")}});
            let hidden = json!({"trap": {"side": p + 1}});
            let seen = (0..players)
                .map(|q| if q == p { all.clone() } else { hidden.clone() })
                .collect();
            log.push(Logged { all, seen });
        }
        _ => {}
    }
    log.extend(events);
    Ok(match r {
        Some(report) => to_json(&report),
        None => json!({"action": name}),
    })
}
