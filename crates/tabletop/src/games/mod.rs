//! The five games behind the interface, one folder (a *room*) each: the game
//! crate's typed moves beside dense action ids, its chance as explicit nodes, its
//! views as strings and tensors, and everything else the crate knows of the game —
//! what the referee says of it, how the bots search it — behind one crate-private
//! trait, `Room`. The registry, the referee and the bots reach a game only
//! through it, so a game is added by adding its room (and one line in
//! `registry.rs`), and a room that lacks an item does not compile.
//!
//! A room's files, by idea: `mod.rs` (the game and state types, the interface
//! and the room), `actions.rs` (moves ↔ action ids), `observe.rs` (strings and
//! tensors per player), `json.rs` (the referee's setups, states, views, scores and
//! logged events; feature `referee`) and `search.rs` (the search's settings and
//! knowledge; feature `std`).

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
use crate::interface::Game;
use crate::params::{ParamSpec, Params};
use crate::registry::LoadError;

/// Everything the crate knows of one game beyond the interface. Implemented by
/// each game type; `registry.rs`'s list of rooms dispatches [`AnyGame`] and
/// [`AnyState`] through it.
///
/// [`AnyGame`]: crate::AnyGame
/// [`AnyState`]: crate::AnyState
pub(crate) trait Room: Game + Sized {
    /// The registry name: game strings, the referee, Python.
    const NAME: &'static str;
    /// Other names the game is found by (compared by [`game_kit::same_name`], as
    /// [`NAME`](Room::NAME) is).
    const ALIASES: &'static [&'static str];

    /// The rules presets' names, the default first (the game crate's
    /// `Rules::PRESETS`).
    fn presets() -> &'static [&'static str];

    /// The parameters the game takes, with their defaults.
    fn param_specs() -> Vec<ParamSpec>;

    /// The game with `params` (the rest at their defaults).
    ///
    /// # Errors
    /// [`LoadError`] for an unknown parameter or a value the crate refuses.
    fn with_params(params: &Params) -> Result<Self, LoadError>;

    /// The state at `state`'s start (its setup), with no history.
    fn restarted(state: &Self::State) -> Self::State;

    /// The search's settings this game profits from (measured: `docs/bots.md`),
    /// with the given budget and seed.
    #[cfg(feature = "std")]
    fn search_config(budget: crate::bot::Budget, seed: u64) -> crate::bot::Config;

    /// What the game tells the search's tree before any playout.
    #[cfg(feature = "std")]
    type Knowledge: crate::bot::Knowledge<Self::State> + Default;

    /// Moves the setup's fields that are the game's parameters (Go's board size
    /// and handicap) from `setup` into `params`.
    ///
    /// # Errors
    /// A `bad_setup` failure for a field that cannot be such a parameter.
    #[cfg(feature = "referee")]
    fn setup_params(setup: &mut Setup, params: &mut Params) -> Result<(), Failure>;

    /// The first state of a game from the rest of its setup, and the chance
    /// outcomes the setup gives in advance (hoop race's throws, trap stones'
    /// draws, a given deal). Every field of `setup` is used or refused: none is
    /// dropped silently.
    ///
    /// # Errors
    /// A `bad_setup` failure.
    #[cfg(feature = "referee")]
    fn start(
        &self,
        setup: &Setup,
    ) -> Result<(Self::State, alloc::collections::VecDeque<Action>), Failure>;

    /// The game crate's rules, as it serialises them.
    #[cfg(feature = "referee")]
    fn rules_json(state: &Self::State) -> serde_json::Value;

    /// The whole state, hidden information included, as the referee shows it.
    #[cfg(feature = "referee")]
    fn state_json(state: &Self::State) -> serde_json::Value;

    /// What `player` may see: the game crate's view where information is hidden,
    /// else the whole state.
    #[cfg(feature = "referee")]
    fn view_json(state: &Self::State, player: usize) -> serde_json::Value;

    /// The game's own score now (final once the game is over).
    #[cfg(feature = "referee")]
    fn score_json(state: &Self::State) -> serde_json::Value;

    /// Takes `action` (checked), logging its events as the referee and as each
    /// player sees them; returns the crate's report (or what the chance outcome
    /// was).
    ///
    /// # Errors
    /// As [`State::apply_action`](crate::State::apply_action); nothing changes
    /// then.
    #[cfg(feature = "referee")]
    fn apply_logged(
        state: &mut Self::State,
        action: Action,
        log: &mut Vec<crate::referee::Logged>,
    ) -> Result<serde_json::Value, crate::action::ActionError>;

    /// The game's record in its own file format, where it has one (Go: SGF).
    #[cfg(feature = "referee")]
    fn record(state: &Self::State) -> Option<alloc::string::String>;
}

/// A referee setup: the `setup` object of `new`.
#[cfg(feature = "referee")]
pub(crate) type Setup = serde_json::Map<alloc::string::String, serde_json::Value>;

#[cfg(feature = "referee")]
pub(crate) use crate::referee::Failure;

/// Makes room in `history` for the rest of a whole game before a playout, so
/// that it does not grow step by step: the game's bound on decisions and chance
/// outcomes, at most 256 actions (1 KiB; a longer game grows it as usual).
fn reserve_for_playout(history: &mut Vec<Action>, info: &GameInfo) {
    let bound = (info.max_game_length + info.max_chance_nodes).min(256);
    history.reserve(bound.saturating_sub(history.len()));
}
