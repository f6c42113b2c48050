//! What a game is, independent of any state: its players, action and chance
//! spaces, length bound, tensor shapes and kind (OpenSpiel's `GameType` and the
//! game attributes beside it).

use alloc::string::String;
use alloc::vec::Vec;

use crate::params::Params;

/// Whether chance takes part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChanceMode {
    /// No chance nodes.
    Deterministic,
    /// Chance nodes with explicit outcomes and exact probabilities.
    ExplicitStochastic,
}

/// Whether every player sees everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Information {
    /// Every player sees the whole state (future chance aside).
    Perfect,
    /// Some of the state is hidden from some players.
    Imperfect,
}

/// How the players' returns relate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Utility {
    /// Returns always sum to 0.
    ZeroSum,
    /// Returns always sum to the same constant.
    ConstantSum,
    /// No constraint.
    GeneralSum,
}

/// The description of a game under one set of parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct GameInfo {
    /// The registry name (`go`, `o_an_quan`, `hoop_race`, `trap_stones`, `tarokk_war`).
    pub short_name: &'static str,
    /// A name for people.
    pub long_name: &'static str,
    /// The parameters it was made with, each one (defaults filled in).
    pub params: Params,
    /// Players (seats).
    pub num_players: usize,
    /// Each player's name as the game's players write it, one per player: Go's
    /// `B` and `W`, the seats `A` to `D`, the sides `1` and `2`.
    pub player_names: &'static [&'static str],
    /// Size of the decision action space: every decision id is below it.
    pub num_distinct_actions: usize,
    /// Size of the chance outcome space (0 without chance).
    pub max_chance_outcomes: usize,
    /// The most decisions (player actions) any game can take; see each game's docs
    /// for where the bound comes from.
    pub max_game_length: usize,
    /// The most chance nodes any game can pass through.
    pub max_chance_nodes: usize,
    /// Shape of [`State::observation_tensor`](crate::State::observation_tensor)
    /// (row-major).
    pub observation_shape: Vec<usize>,
    /// Shape of [`State::information_state_tensor`](crate::State::information_state_tensor).
    pub information_state_shape: Vec<usize>,
    /// Chance.
    pub chance: ChanceMode,
    /// Hidden information.
    pub information: Information,
    /// How returns relate.
    pub utility: Utility,
    /// The lowest return a player can get.
    pub min_utility: f64,
    /// The highest return a player can get.
    pub max_utility: f64,
    /// The sum of returns (zero- and constant-sum games).
    pub utility_sum: Option<f64>,
}

impl GameInfo {
    /// Elements of the observation tensor.
    pub fn observation_len(&self) -> usize {
        self.observation_shape.iter().product()
    }

    /// Elements of the information-state tensor.
    pub fn information_state_len(&self) -> usize {
        self.information_state_shape.iter().product()
    }

    /// The game with its parameters as OpenSpiel writes it: `go(board_size=9,komi=7.5)`.
    pub fn game_string(&self) -> String {
        alloc::format!("{}{}", self.short_name, self.params)
    }
}
