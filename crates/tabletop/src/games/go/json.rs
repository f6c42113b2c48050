//! What the referee says of Go: setups (a board size, a handicap or a whole
//! position), the board, the score with komi, each move's events, and SGF.

use std::collections::VecDeque;
use std::format;
use std::string::{String, ToString};
use std::vec;
use std::vec::Vec;

use serde_json::{Value, json};

use super::{Go, GoState};
use crate::action::{Action, ActionError};
use crate::games::{Failure, Setup};
use crate::interface::{Game, State};
use crate::params::{Param, Params};
use crate::referee::Logged;
use crate::referee::fields::{bad_setup, fail, from_setup, lines, only_fields, to_json};

/// Moves `size` (→ `board_size`) and `handicap` into `params`; refuses `width`
/// and `height` (a rectangle is a position).
pub(super) fn setup_params(setup: &mut Setup, params: &mut Params) -> Result<(), Failure> {
    if setup.contains_key("position")
        && let Some(k) = ["size", "handicap"]
            .into_iter()
            .find(|k| setup.contains_key(*k))
    {
        return Err(fail(
            "bad_setup",
            format!("a position has its own size and stones: give position alone, not {k:?}"),
        ));
    }
    for (key, param) in [("size", "board_size"), ("handicap", "handicap")] {
        if let Some(v) = setup.remove(key) {
            let n = v
                .as_u64()
                .ok_or_else(|| fail("bad_setup", format!("{key} is a whole number")))?;
            params.set(param, Param::Int(n as i64));
        }
    }
    if setup.contains_key("width") || setup.contains_key("height") {
        return Err(fail(
            "bad_setup",
            "a rectangular board is a position: {\"position\": {\"width\": W, \"height\": H, \"stones\": [], \"to_move\": \"black\"}}",
        ));
    }
    Ok(())
}

/// The start: the parameters' board, or a whole `position` (size, stones,
/// player to move).
pub(super) fn start(go: &Go, setup: &Setup) -> Result<(GoState, VecDeque<Action>), Failure> {
    only_fields("Go's setup", setup, &["position", "size", "handicap"])?;
    let state = match setup.get("position") {
        Some(p) => go.state_with_setup(from_setup(p)?).map_err(bad_setup)?,
        None => go.new_initial_state(),
    };
    Ok((state, VecDeque::new()))
}

/// The board, whose turn, moves, last move, prisoners, ko point and result.
pub(super) fn state(s: &GoState) -> Value {
    let game = s.game();
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

/// Each colour's points under the rules, the komi and the result.
pub(super) fn score(s: &GoState) -> Value {
    let sc = s.game().score();
    json!({
        "black": sc.points(go_core::Color::Black),
        "white": sc.points(go_core::Color::White),
        "komi": sc.komi.points(),
        "result": sc.result().to_string(),
    })
}

/// The move (who played what), then the crate's events (captures, the end).
pub(super) fn apply_logged(
    s: &mut GoState,
    action: Action,
    log: &mut Vec<Logged>,
) -> Result<Value, ActionError> {
    let players = s.info().num_players;
    let name = s.action_to_string(s.current_player(), action);
    let color = s.game().to_move();
    let mut events = vec![Logged::public(
        json!({"move": {"color": color.to_string(), "move": name}}),
        players,
    )];
    let report = s.apply_traced(action, &mut |e| {
        events.push(Logged::public(to_json(&e), players));
    })?;
    log.extend(events);
    Ok(to_json(&report))
}

/// The game as SGF (`FF[4]`, the main line, the result once over).
pub(super) fn sgf(s: &GoState) -> String {
    go_core::sgf::SgfGame::from_game(s.game()).to_sgf()
}
