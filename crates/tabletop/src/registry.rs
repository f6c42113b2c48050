//! Every game by name: [`load`] and [`load_with`] make an [`AnyGame`], whose states
//! are [`AnyState`]s — the five games behind one type, for programs that choose
//! the game at run time (the referee, the Python package, the web page). Generic
//! code can use the games' own types ([`crate::games`]) for static dispatch.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use rand_core::Rng;

use crate::action::{Action, ActionError, ActionList, NotationError};
use crate::games::Room;
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
    ($( $(#[$meta:meta])* $variant:ident => $module:ident ),* $(,)?) => {
        /// Every game's registry name, in the order of the crates.
        pub const NAMES: &[&str] = &[$( $(#[$meta])* <crate::games::$module::$variant as Room>::NAME ),*];

        /// Any of the games, chosen at run time.
        #[derive(Clone, Debug)]
        #[non_exhaustive]
        pub enum AnyGame {
            $( $(#[$meta])* #[doc = concat!("`", stringify!($module), "`.")] $variant(crate::games::$module::$variant), )*
        }

        /// A state of any of the games.
        #[derive(Clone, Debug, PartialEq)]
        #[allow(clippy::large_enum_variant)] // a state is made once and played in place
        #[non_exhaustive]
        pub enum AnyState {
            $( $(#[$meta])* #[doc = concat!("A state of `", stringify!($module), "`.")] $variant(<crate::games::$module::$variant as Game>::State), )*
        }

        /// Runs `$body` with `$room` naming the room (the game type) of the game
        /// called `$name` (a registry name or alias), giving `Some` of its value;
        /// `None` for a name no room has.
        macro_rules! with_room_named {
            ($name:expr, $room:ident => $body:expr) => {{
                let name: &str = $name;
                let mut found = None;
                $( $(#[$meta])* {
                    type $room = crate::games::$module::$variant;
                    if found.is_none()
                        && (game_kit::same_name(<$room as Room>::NAME, name)
                            || <$room as Room>::ALIASES.iter().any(|a| game_kit::same_name(a, name)))
                    {
                        found = Some($body);
                    }
                } )*
                found
            }};
        }

        /// Runs `$body` with `$g` the game inside an [`AnyGame`] and `$room` its
        /// room (type).
        macro_rules! with_game {
            ($game:expr, $room:ident, $g:ident => $body:expr) => {
                match $game {
                    $( $(#[$meta])* AnyGame::$variant($g) => {
                        #[allow(dead_code)]
                        type $room = crate::games::$module::$variant;
                        $body
                    } )*
                }
            };
        }

        /// Runs `$body` with `$s` the state inside an [`AnyState`] and `$room`
        /// its room (the game type).
        macro_rules! with_state {
            ($state:expr, $room:ident, $s:ident => $body:expr) => {
                match $state {
                    $( $(#[$meta])* AnyState::$variant($s) => {
                        #[allow(dead_code)]
                        type $room = crate::games::$module::$variant;
                        $body
                    } )*
                }
            };
        }

        /// Wraps a room's state in [`AnyState`].
        macro_rules! any_state {
            ($state:expr, $room:ident, $s:ident => $body:expr) => {
                match $state {
                    $( $(#[$meta])* AnyState::$variant($s) => AnyState::$variant({
                        #[allow(dead_code)]
                        type $room = crate::games::$module::$variant;
                        $body
                    }), )*
                }
            };
        }

        impl Game for AnyGame {
            type State = AnyState;
            fn info(&self) -> &GameInfo {
                with_game!(self, R, g => g.info())
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

        $( $(#[$meta])* impl From<crate::games::$module::$variant> for AnyGame {
            fn from(g: crate::games::$module::$variant) -> AnyGame {
                AnyGame::$variant(g)
            }
        }

        $(#[$meta])* impl From<<crate::games::$module::$variant as Game>::State> for AnyState {
            fn from(s: <crate::games::$module::$variant as Game>::State) -> AnyState {
                AnyState::$variant(s)
            }
        } )*
    };
}

any_games! {
    #[cfg(feature = "go")] Go => go,
    #[cfg(feature = "o_an_quan")] OAnQuan => o_an_quan,
    #[cfg(feature = "hoop_race")] HoopRace => hoop_race,
    #[cfg(feature = "trap_stones")] TrapStones => trap_stones,
    #[cfg(feature = "tarokk_war")] TarokkWar => tarokk_war,
}

impl State for AnyState {
    fn info(&self) -> &GameInfo {
        with_state!(self, R, s => s.info())
    }
    fn current_player(&self) -> Turn {
        with_state!(self, R, s => s.current_player())
    }
    fn legal_actions_into(&self, out: &mut ActionList) {
        with_state!(self, R, s => s.legal_actions_into(out))
    }
    fn check(&self, action: Action) -> Result<(), ActionError> {
        with_state!(self, R, s => s.check(action))
    }
    fn apply_action(&mut self, action: Action) -> Result<(), ActionError> {
        with_state!(self, R, s => s.apply_action(action))
    }
    fn chance_outcomes_into(&self, out: &mut Vec<(Action, Prob)>) {
        with_state!(self, R, s => s.chance_outcomes_into(out))
    }
    fn returns(&self) -> PerPlayer {
        with_state!(self, R, s => s.returns())
    }
    fn scores(&self) -> PerPlayer {
        with_state!(self, R, s => s.scores())
    }
    fn action_to_string(&self, turn: Turn, action: Action) -> String {
        with_state!(self, R, s => s.action_to_string(turn, action))
    }
    fn string_to_action(&self, text: &str) -> Result<Action, NotationError> {
        with_state!(self, R, s => s.string_to_action(text))
    }
    fn action_seen_by(&self, action: Action, player: usize) -> Option<String> {
        with_state!(self, R, s => s.action_seen_by(action, player))
    }
    fn action_hidden_from(&self, action: Action, player: usize) -> bool {
        with_state!(self, R, s => s.action_hidden_from(action, player))
    }
    fn observation_string(&self, player: usize) -> String {
        with_state!(self, R, s => s.observation_string(player))
    }
    fn information_state_string(&self, player: usize) -> String {
        with_state!(self, R, s => s.information_state_string(player))
    }
    fn observation_tensor(&self, player: usize, out: &mut [f32]) {
        with_state!(self, R, s => s.observation_tensor(player, out))
    }
    fn information_state_tensor(&self, player: usize, out: &mut [f32]) {
        with_state!(self, R, s => s.information_state_tensor(player, out))
    }
    fn history(&self) -> &[Action] {
        with_state!(self, R, s => s.history())
    }
    fn random_action<G: Rng + ?Sized>(&self, rng: &mut G) -> Option<Action> {
        with_state!(self, R, s => s.random_action(rng))
    }
    fn playout_action<G: Rng + ?Sized>(&self, rng: &mut G) -> Option<Action> {
        with_state!(self, R, s => s.playout_action(rng))
    }
    fn sample_chance<G: Rng + ?Sized>(&self, rng: &mut G) -> Option<Action> {
        with_state!(self, R, s => s.sample_chance(rng))
    }
    fn playout_step<G: Rng + ?Sized>(&mut self, rng: &mut G) -> Option<Action> {
        with_state!(self, R, s => s.playout_step(rng))
    }
    fn play_out<G: Rng + ?Sized>(&mut self, rng: &mut G, max_steps: usize) -> usize {
        with_state!(self, R, s => s.play_out(rng, max_steps))
    }
    fn resample_from_infostate<G: Rng + ?Sized>(&self, player: usize, rng: &mut G) -> AnyState {
        any_state!(self, R, s => s.resample_from_infostate(player, rng))
    }
}

impl AnyState {
    /// The state at this state's start (its setup), with no history.
    pub fn restarted(&self) -> AnyState {
        any_state!(self, R, s => <R as Room>::restarted(s))
    }
}

/// The registry name for a name or alias (`go_core` → `go`, `yut_nori` →
/// `hoop_race` …), compared by [`game_kit::same_name`] (case, spaces, `-` and
/// `_` ignored). Only the referee needs it.
#[cfg(feature = "referee")]
pub(crate) fn canonical(name: &str) -> Option<&'static str> {
    with_room_named!(name, R => <R as Room>::NAME)
}

/// The parameters `name` takes, with their defaults.
///
/// # Errors
/// [`LoadError::UnknownGame`].
pub fn param_specs(name: &str) -> Result<Vec<ParamSpec>, LoadError> {
    with_room_named!(name, R => <R as Room>::param_specs())
        .ok_or_else(|| LoadError::UnknownGame(name.to_string()))
}

/// The rules presets of `name`, the default first: the values its `rules`
/// parameter takes.
///
/// # Errors
/// [`LoadError::UnknownGame`].
pub fn presets(name: &str) -> Result<&'static [&'static str], LoadError> {
    with_room_named!(name, R => <R as Room>::presets())
        .ok_or_else(|| LoadError::UnknownGame(name.to_string()))
}

/// The game called `name` (a registry name or alias) with `params` (the rest
/// at their defaults).
///
/// # Errors
/// [`LoadError`]: unknown game or parameter, or a value the game refuses.
pub fn load_with(name: &str, params: &Params) -> Result<AnyGame, LoadError> {
    with_room_named!(name, R => <R as Room>::with_params(params).map(AnyGame::from))
        .unwrap_or_else(|| Err(LoadError::UnknownGame(name.to_string())))
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

/// The search's settings the game called `name` profits from, with `budget`
/// and `seed`; `None` for a name no game has.
#[cfg(feature = "std")]
pub(crate) fn search_config(
    name: &str,
    budget: crate::bot::Budget,
    seed: u64,
) -> Option<crate::bot::Config> {
    with_room_named!(name, R => <R as Room>::search_config(budget, seed))
}

#[cfg(feature = "std")]
impl crate::bot::Knowledge<AnyState> for crate::bot::GameKnowledge {
    fn priors(
        &mut self,
        state: &AnyState,
        actions: &[Action],
        out: &mut Vec<Option<crate::bot::Prior>>,
    ) {
        with_state!(state, R, s => {
            let mut knowledge = <<R as Room>::Knowledge as Default>::default();
            crate::bot::Knowledge::priors(&mut knowledge, s, actions, out);
        });
    }

    fn keep(&mut self, state: &AnyState, action: Action) -> bool {
        with_state!(state, R, s => {
            let mut knowledge = <<R as Room>::Knowledge as Default>::default();
            crate::bot::Knowledge::keep(&mut knowledge, s, action)
        })
    }
}

/// The referee's view of any game, through each game's room.
#[cfg(feature = "referee")]
impl AnyState {
    pub(crate) fn rules_json(&self) -> serde_json::Value {
        with_state!(self, R, s => <R as Room>::rules_json(s))
    }

    pub(crate) fn state_json(&self) -> serde_json::Value {
        with_state!(self, R, s => <R as Room>::state_json(s))
    }

    pub(crate) fn view_json(&self, player: usize) -> serde_json::Value {
        with_state!(self, R, s => <R as Room>::view_json(s, player))
    }

    pub(crate) fn score_json(&self) -> serde_json::Value {
        with_state!(self, R, s => <R as Room>::score_json(s))
    }

    pub(crate) fn apply_logged(
        &mut self,
        action: Action,
        log: &mut Vec<crate::referee::Logged>,
    ) -> Result<serde_json::Value, ActionError> {
        with_state!(self, R, s => <R as Room>::apply_logged(s, action, log))
    }

    pub(crate) fn record(&self) -> Option<String> {
        with_state!(self, R, s => <R as Room>::record(s))
    }
}

#[cfg(feature = "referee")]
impl AnyGame {
    /// Moves the setup's fields that are parameters into `params` (the game
    /// named `name`).
    pub(crate) fn setup_params(
        name: &str,
        setup: &mut crate::games::Setup,
        params: &mut Params,
    ) -> Option<Result<(), crate::referee::Failure>> {
        with_room_named!(name, R => <R as Room>::setup_params(setup, params))
    }

    /// The first state from a referee setup, and the chance outcomes it gives.
    pub(crate) fn start(
        &self,
        setup: &crate::games::Setup,
    ) -> Result<(AnyState, alloc::collections::VecDeque<Action>), crate::referee::Failure> {
        with_game!(self, R, g => <R as Room>::start(g, setup).map(|(s, q)| (AnyState::from(s), q)))
    }
}
