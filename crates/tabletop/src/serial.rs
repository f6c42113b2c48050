//! The serialised form of a state: the game string and the history of actions,
//! one per line after it (OpenSpiel's default form). Replaying the history checks
//! every action, so a corrupt text is an error, never a broken state.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write;

use crate::action::Action;
use crate::interface::StateError;

/// The text for a game string and a history.
pub(crate) fn write(game: &str, history: &[Action]) -> String {
    let mut s = String::with_capacity(game.len() + 1 + history.len() * 4);
    s.push_str(game);
    s.push('\n');
    for a in history {
        let _ = writeln!(s, "{a}");
    }
    s
}

/// The game string and history of a text written by [`write`].
pub(crate) fn read(text: &str) -> Result<(String, Vec<Action>), StateError> {
    let mut lines = text.lines();
    let game = lines
        .next()
        .map(str::trim)
        .filter(|g| !g.is_empty())
        .ok_or_else(|| StateError::Format("empty text".to_string()))?;
    let mut history = Vec::new();
    for line in lines {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let a = line
            .parse::<Action>()
            .map_err(|_| StateError::Format(alloc::format!("{line:?} is not an action")))?;
        history.push(a);
    }
    Ok((game.to_string(), history))
}
