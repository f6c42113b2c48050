//! The five games behind the interface, each in its own module: the game crate's
//! typed moves beside dense action ids, its chance as explicit nodes, its views as
//! strings and tensors.

#[cfg(feature = "go")]
pub mod go;
#[cfg(feature = "hoop_race")]
pub mod hoop_race;
#[cfg(feature = "o_an_quan")]
pub mod o_an_quan;
#[cfg(feature = "tarokk_war")]
pub mod tarokk_war;
#[cfg(feature = "trap_stones")]
pub mod trap_stones;

mod rules;

use alloc::vec::Vec;

use crate::action::Action;
use crate::info::GameInfo;

/// Makes room in `history` for the rest of a whole game before a playout, so
/// that it does not grow step by step: the game's bound on decisions and chance
/// outcomes, at most 256 actions (1 KiB; a longer game grows it as usual).
fn reserve_for_playout(history: &mut Vec<Action>, info: &GameInfo) {
    let bound = (info.max_game_length + info.max_chance_nodes).min(256);
    history.reserve(bound.saturating_sub(history.len()));
}
