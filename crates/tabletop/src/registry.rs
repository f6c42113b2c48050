//! Every game by name: [`load`] and [`load_with`] make an [`AnyGame`], whose states
//! are [`AnyState`]s — the five games behind one type, for programs that choose
//! the game at run time (the referee, the Python package, the web page). Generic
//! code can use the games' own types ([`crate::games`]) for static dispatch.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use rand_core::Rng;

use crate::action::{Action, ActionError, ActionList, NotationError};
use crate::info::GameInfo;
use crate::interface::{Game, PerPlayer, State, StateError};
use crate::params::{ParamSpec, Params, ParamsError};
use crate::prob::Prob;
use crate::turn::Turn;

/// Why a game could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// No game of that name (or its feature is off).
    #[error("no game named {0:?} (games: {names})", names = NAMES.join(", "))]
    UnknownGame(String),
    /// The game string could not be read.
    #[error(transparent)]
    Params(#[from] ParamsError),
    /// A parameter the game does not take.
    #[error("{game} takes no parameter {name:?} (it takes: {known})")]
    UnknownParam {
        /// The game.
        game: &'static str,
        /// The parameter.
        name: String,
        /// The names it takes.
        known: String,
    },
    /// A parameter value the game refuses; the message is the crate's own.
    #[error("{game}: bad value for {name}: {message}")]
    BadParam {
        /// The game.
        game: &'static str,
        /// The parameter (`rules` for the rule set as a whole).
        name: String,
        /// Why.
        message: String,
    },
}

macro_rules! any_games {
    ($( $(#[$meta:meta])* $variant:ident => $module:ident, $name:literal ),* $(,)?) => {
        /// Every game's registry name, in the order of the crates.
        pub const NAMES: &[&str] = &[$( $(#[$meta])* $name ),*];

        /// Any of the games, chosen at run time.
        #[derive(Clone, Debug)]
        #[non_exhaustive]
        pub enum AnyGame {
            $( $(#[$meta])* #[doc = concat!("`", $name, "`.")] $variant(crate::games::$module::$variant), )*
        }

        /// A state of any of the games.
        #[derive(Clone, Debug, PartialEq)]
        #[allow(clippy::large_enum_variant)] // a state is made once and played in place
        #[non_exhaustive]
        pub enum AnyState {
            $( $(#[$meta])* #[doc = concat!("A state of `", $name, "`.")] $variant(<crate::games::$module::$variant as Game>::State), )*
        }

        /// The parameters `name` takes, with their defaults.
        ///
        /// # Errors
        /// [`LoadError::UnknownGame`].
        pub fn param_specs(name: &str) -> Result<Vec<ParamSpec>, LoadError> {
            match canonical(name) {
                $( $(#[$meta])* Some($name) => Ok(crate::games::$module::$variant::param_specs()), )*
                _ => Err(LoadError::UnknownGame(name.to_string())),
            }
        }

        /// The rules presets of `name`, the default first: the values its
        /// `rules` parameter takes.
        ///
        /// # Errors
        /// [`LoadError::UnknownGame`].
        pub fn presets(name: &str) -> Result<&'static [&'static str], LoadError> {
            match canonical(name) {
                $( $(#[$meta])* Some($name) => Ok(crate::games::$module::$variant::presets()), )*
                _ => Err(LoadError::UnknownGame(name.to_string())),
            }
        }

        /// The game called `name` with `params` (the rest at their defaults).
        ///
        /// # Errors
        /// [`LoadError`]: unknown game or parameter, or a value the game refuses.
        pub fn load_with(name: &str, params: &Params) -> Result<AnyGame, LoadError> {
            match canonical(name) {
                $( $(#[$meta])* Some($name) => crate::games::$module::$variant::new(params).map(AnyGame::$variant), )*
                _ => Err(LoadError::UnknownGame(name.to_string())),
            }
        }

        macro_rules! each_game {
            ($self:expr, $g:ident => $body:expr) => {
                match $self {
                    $( $(#[$meta])* AnyGame::$variant($g) => $body, )*
                }
            };
        }

        macro_rules! each_state {
            ($self:expr, $s:ident => $body:expr) => {
                match $self {
                    $( $(#[$meta])* AnyState::$variant($s) => $body, )*
                }
            };
        }

        impl Game for AnyGame {
            type State = AnyState;
            fn info(&self) -> &GameInfo {
                each_game!(self, g => g.info())
            }
            fn new_initial_state(&self) -> AnyState {
                match self {
                    $( $(#[$meta])* AnyGame::$variant(g) => AnyState::$variant(g.new_initial_state()), )*
                }
            }
            fn deserialize_state(&self, text: &str) -> Result<AnyState, StateError> {
                match self {
                    $( $(#[$meta])* AnyGame::$variant(g) => g.deserialize_state(text).map(AnyState::$variant), )*
                }
            }
        }

        impl State for AnyState {
            fn info(&self) -> &GameInfo { each_state!(self, s => s.info()) }
            fn current_player(&self) -> Turn { each_state!(self, s => s.current_player()) }
            fn legal_actions_into(&self, out: &mut ActionList) { each_state!(self, s => s.legal_actions_into(out)) }
            fn check(&self, action: Action) -> Result<(), ActionError> { each_state!(self, s => s.check(action)) }
            fn apply_action(&mut self, action: Action) -> Result<(), ActionError> { each_state!(self, s => s.apply_action(action)) }
            fn chance_outcomes_into(&self, out: &mut Vec<(Action, Prob)>) { each_state!(self, s => s.chance_outcomes_into(out)) }
            fn returns(&self) -> PerPlayer { each_state!(self, s => s.returns()) }
            fn scores(&self) -> PerPlayer { each_state!(self, s => s.scores()) }
            fn action_to_string(&self, turn: Turn, action: Action) -> String { each_state!(self, s => s.action_to_string(turn, action)) }
            fn string_to_action(&self, text: &str) -> Result<Action, NotationError> { each_state!(self, s => s.string_to_action(text)) }
            fn action_seen_by(&self, action: Action, player: usize) -> Option<String> { each_state!(self, s => s.action_seen_by(action, player)) }
            fn action_hidden_from(&self, action: Action, player: usize) -> bool { each_state!(self, s => s.action_hidden_from(action, player)) }
            fn observation_string(&self, player: usize) -> String { each_state!(self, s => s.observation_string(player)) }
            fn information_state_string(&self, player: usize) -> String { each_state!(self, s => s.information_state_string(player)) }
            fn observation_tensor(&self, player: usize, out: &mut [f32]) { each_state!(self, s => s.observation_tensor(player, out)) }
            fn information_state_tensor(&self, player: usize, out: &mut [f32]) { each_state!(self, s => s.information_state_tensor(player, out)) }
            fn history(&self) -> &[Action] { each_state!(self, s => s.history()) }
            fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> { each_state!(self, s => s.random_action(rng)) }
            fn playout_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> { each_state!(self, s => s.playout_action(rng)) }
            fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> { each_state!(self, s => s.sample_chance(rng)) }
            fn playout_step<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Action> { each_state!(self, s => s.playout_step(rng)) }
            fn play_out<R: Rng + ?Sized>(&mut self, rng: &mut R, max_steps: usize) -> usize { each_state!(self, s => s.play_out(rng, max_steps)) }
            fn resample_from_infostate<R: Rng + ?Sized>(&self, player: usize, rng: &mut R) -> AnyState {
                match self {
                    $( $(#[$meta])* AnyState::$variant(s) => AnyState::$variant(s.resample_from_infostate(player, rng)), )*
                }
            }
        }
    };
}

any_games! {
    #[cfg(feature = "go")] Go => go, "go",
    #[cfg(feature = "o_an_quan")] OAnQuan => o_an_quan, "o_an_quan",
    #[cfg(feature = "hoop_race")] HoopRace => hoop_race, "hoop_race",
    #[cfg(feature = "trap_stones")] TrapStones => trap_stones, "trap_stones",
    #[cfg(feature = "tarokk_war")] TarokkWar => tarokk_war, "tarokk_war",
}

/// The registry name for a name or alias (`go_core` → `go`, `yut_nori` →
/// `hoop_race` …), case-insensitive, `-` read as `_`.
pub(crate) fn canonical(name: &str) -> Option<&'static str> {
    let n: String = name
        .trim()
        .chars()
        .map(|c| {
            if c == '-' {
                '_'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect();
    let found = match n.as_str() {
        "go" | "go_core" | "weiqi" | "baduk" => "go",
        "o_an_quan" | "oanquan" => "o_an_quan",
        "hoop_race" | "yut_nori" | "yut" => "hoop_race",
        "trap_stones" => "trap_stones",
        "tarokk_war" => "tarokk_war",
        _ => return None,
    };
    NAMES.contains(&found).then_some(found)
}

/// The game a game string names, OpenSpiel style: `"go"`, `"go(board_size=9)"`,
/// `"hoop_race(rules=yut_nori,players=4)"`.
///
/// # Errors
/// [`LoadError`]: the string cannot be read, the game is unknown, or a parameter
/// is unknown or refused.
pub fn load(game_string: &str) -> Result<AnyGame, LoadError> {
    let (name, params) = Params::parse_game_string(game_string)?;
    load_with(&name, &params)
}
