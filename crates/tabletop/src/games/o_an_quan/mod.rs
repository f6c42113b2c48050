//! Ô ăn quan (`o_an_quan`) behind the interface.
//!
//! - **Players**: the seats A, B (C, D with more players) as 0, 1, 2, 3.
//! - **Actions**: every square of the ring in ring order (the board's
//!   [`o_an_quan::Board::squares`], quan squares included though never playable)
//!   times the two directions: square `k` to the mover's left is `2k`, to the
//!   right `2k + 1`. Actions print as the crate's moves (`A3R`).
//! - **Length**: nothing in the source stops a player who keeps borrowing
//!   (ruling Q9's note), so a rule set without a move limit gets the crate's own
//!   move limit of 5,000 moves (ruling Q9: the game then ends as in Q5); random
//!   games never come near it (the longest of millions is under 2,000). A rule set
//!   with a limit keeps it.
//! - **Returns**: +1 for the player with the most (ruling Q5's count), −1/(n − 1)
//!   for each of the others; a draw shares: the leaders split the winner's +1
//!   and the rest share the losers' loss, so returns always sum to 0. Scores: each
//!   player's total.
//! - **Views**: perfect information; the observation holds, for every square in
//!   ring order, its stones, whether its quan is still there and its owner, then
//!   each player's captured stones, captured quan and net loans, then who is to
//!   move.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use o_an_quan::{Move, Player, Rules, Setup, Square};
use rand_core::Rng;

use super::Room;
use super::rules::{self, RulesParams};
use crate::Shared;
use crate::action::{Action, ActionError, ActionList, NotationError};
use crate::info::{ChanceMode, GameInfo, Information, Utility};
use crate::interface::{Game, PerPlayer, State};
use crate::params::{Param, ParamSpec, Params};
use crate::prob::Prob;
use crate::registry::LoadError;
use crate::turn::Turn;

mod actions;
#[cfg(feature = "referee")]
mod json;
mod observe;
#[cfg(feature = "referee")]
pub(crate) mod series;

/// The seats' names.
const SEATS: [&str; 4] = ["A", "B", "C", "D"];
const NAME: &str = "o_an_quan";
/// The move limit a rule set without one gets.
const DEFAULT_LIMIT: u32 = 5_000;

impl RulesParams for Rules {
    const PRESETS: &'static [&'static str] = Rules::PRESETS;
    fn preset(name: &str) -> Result<Rules, String> {
        Rules::preset(name).map_err(|e| e.to_string())
    }
}

/// Ô ăn quan under one set of parameters.
#[derive(Clone, Debug)]
pub struct OAnQuan {
    def: Shared<Def>,
}

#[derive(Debug)]
struct Def {
    info: GameInfo,
    rules: Rules,
    /// The ring's squares in ring order.
    squares: Vec<Square>,
    start: o_an_quan::Game,
}

impl OAnQuan {
    /// Ô ăn quan with these parameters (the rest at their defaults).
    ///
    /// # Errors
    /// [`LoadError`] for an unknown parameter or a value the crate refuses.
    pub fn new(params: &Params) -> Result<OAnQuan, LoadError> {
        let mut params = params.clone();
        if params.get("move_limit").and_then(Param::as_int) == Some(0) {
            params.take("move_limit");
        }
        let (mut rules, mut described) = rules::rules_from::<Rules>(NAME, &mut params)?;
        rules::no_more(NAME, &params, &<OAnQuan as Room>::param_specs())?;
        if rules.move_limit().is_none() {
            rules = rules.with_move_limit(Some(DEFAULT_LIMIT));
            described.set("move_limit", Param::Int(i64::from(DEFAULT_LIMIT)));
        }
        OAnQuan::with_setup(rules, Setup::standard(&rules), described)
    }

    fn with_setup(rules: Rules, setup: Setup, params: Params) -> Result<OAnQuan, LoadError> {
        let start = o_an_quan::Game::new(rules, setup).map_err(|e| LoadError::BadParam {
            game: NAME,
            name: rules::PRESET.into(),
            message: e.to_string(),
        })?;
        let squares: Vec<Square> = start.board().squares().collect();
        let players = rules.players();
        let obs = squares.len() * (2 + players) + 3 * players + players;
        let limit = rules.move_limit().unwrap_or(DEFAULT_LIMIT) as usize;
        let info = GameInfo {
            short_name: NAME,
            long_name: "O an quan",
            params,
            num_players: players,
            player_names: &SEATS[..players],
            num_distinct_actions: 2 * squares.len(),
            max_chance_outcomes: 0,
            max_game_length: limit,
            max_chance_nodes: 0,
            observation_shape: alloc::vec![obs],
            information_state_shape: alloc::vec![obs],
            chance: ChanceMode::Deterministic,
            information: Information::Perfect,
            utility: Utility::ZeroSum,
            min_utility: -1.0,
            max_utility: 1.0,
            utility_sum: Some(0.0),
        };
        Ok(OAnQuan {
            def: Shared::new(Def {
                info,
                rules,
                squares,
                start,
            }),
        })
    }

    /// The crate's rules.
    pub fn rules(&self) -> &Rules {
        &self.def.rules
    }

    /// A state starting from `setup` (a position with its loans and history).
    ///
    /// # Errors
    /// The crate's refusal of the setup, as text.
    pub fn state_with_setup(&self, setup: Setup) -> Result<OAnQuanState, String> {
        let game = OAnQuan::with_setup(self.def.rules, setup, self.def.info.params.clone())
            .map_err(|e| e.to_string())?;
        Ok(game.new_initial_state())
    }
}

impl Game for OAnQuan {
    type State = OAnQuanState;

    fn info(&self) -> &GameInfo {
        &self.def.info
    }

    fn new_initial_state(&self) -> OAnQuanState {
        OAnQuanState {
            def: self.def.clone(),
            game: self.def.start.clone(),
            history: Vec::with_capacity(64),
        }
    }
}

/// A state of Ô ăn quan.
#[derive(Clone, Debug)]
pub struct OAnQuanState {
    def: Shared<Def>,
    game: o_an_quan::Game,
    history: Vec<Action>,
}

impl PartialEq for OAnQuanState {
    fn eq(&self, o: &OAnQuanState) -> bool {
        self.game == o.game && self.history == o.history
    }
}

impl OAnQuanState {
    /// The crate's game.
    pub fn game(&self) -> &o_an_quan::Game {
        &self.game
    }

    /// Takes `action` as [`State::apply_action`] does, giving each step of the
    /// sowing to `observer`, and returns the crate's report.
    ///
    /// # Errors
    /// As [`State::apply_action`]; nothing changes then.
    pub fn apply_traced(
        &mut self,
        action: Action,
        observer: &mut impl FnMut(o_an_quan::Event),
    ) -> Result<o_an_quan::Report, ActionError> {
        let mv = self.checked(action)?;
        let report = self
            .game
            .play_traced(mv, observer)
            .map_err(|e| ActionError::Illegal(e.to_string()))?;
        self.history.push(action);
        Ok(report)
    }

    fn checked(&self, a: Action) -> Result<Move, ActionError> {
        if self.game.is_over() {
            return Err(ActionError::Terminal);
        }
        let mv = self.action_to_move(a).ok_or(ActionError::OutOfRange {
            action: a,
            size: self.def.info.num_distinct_actions,
        })?;
        self.game
            .check(mv)
            .map_err(|e| ActionError::Illegal(e.to_string()))?;
        Ok(mv)
    }
}

impl State for OAnQuanState {
    fn info(&self) -> &GameInfo {
        &self.def.info
    }

    fn current_player(&self) -> Turn {
        if self.game.is_over() {
            Turn::Terminal
        } else {
            Turn::Player(self.game.to_move().index())
        }
    }

    fn legal_actions_into(&self, out: &mut ActionList) {
        out.clear();
        out.extend(
            self.game
                .legal_moves()
                .iter()
                .filter_map(|&mv| self.move_to_action(mv)),
        );
        out.sort_unstable();
    }

    fn check(&self, action: Action) -> Result<(), ActionError> {
        self.checked(action).map(|_| ())
    }

    fn apply_action(&mut self, action: Action) -> Result<(), ActionError> {
        self.apply_traced(action, &mut |_| {}).map(|_| ())
    }

    fn chance_outcomes_into(&self, out: &mut Vec<(Action, Prob)>) {
        out.clear();
    }

    fn returns(&self) -> PerPlayer {
        let n = self.def.rules.players();
        let mut r: PerPlayer = (0..n).map(|_| 0.0).collect();
        let Some(o) = self.game.outcome() else {
            return r;
        };
        let leaders = o.leaders();
        let k = leaders.len().max(1);
        if k == n {
            return r;
        }
        // The leaders share +1 per winner seat's worth, the rest share the loss.
        let (win, lose) = (1.0 / k as f64, -1.0 / (n - k) as f64);
        for p in Player::all(n) {
            r[p.index()] = if leaders.contains(p) { win } else { lose };
        }
        r
    }

    fn scores(&self) -> PerPlayer {
        let s = self.game.score();
        Player::all(self.def.rules.players())
            .map(|p| s.total(p) as f64)
            .collect()
    }

    fn action_to_string(&self, _turn: Turn, action: Action) -> String {
        self.action_to_move(action)
            .map_or_else(|| format!("{action}"), |m| m.to_string())
    }

    fn string_to_action(&self, text: &str) -> Result<Action, NotationError> {
        let mv = self
            .game
            .parse_move(text)
            .map_err(|e| NotationError::Parse(e.to_string()))?;
        self.move_to_action(mv)
            .ok_or_else(|| NotationError::NoSuchAction(text.trim().into()))
    }

    fn observation_string(&self, _player: usize) -> String {
        self.picture()
    }

    fn information_state_string(&self, _player: usize) -> String {
        self.moves_text()
    }

    fn observation_tensor(&self, _player: usize, out: &mut [f32]) {
        self.write_observation(out);
    }

    fn information_state_tensor(&self, player: usize, out: &mut [f32]) {
        self.observation_tensor(player, out);
    }

    fn history(&self) -> &[Action] {
        &self.history
    }

    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        self.game
            .random_move(rng)
            .and_then(|m| self.move_to_action(m))
    }

    fn sample_chance<R: Rng + ?Sized>(&self, _rng: &mut R) -> Option<Action> {
        None
    }

    fn playout_step<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Action> {
        // The same draw as the default step, checked once (by the crate).
        let mv = self.game.random_move(rng)?;
        let a = self.move_to_action(mv)?;
        self.game.play(mv).ok()?;
        self.history.push(a);
        Some(a)
    }

    fn play_out<R: Rng + ?Sized>(&mut self, rng: &mut R, max_steps: usize) -> usize {
        super::reserve_for_playout(&mut self.history, &self.def.info);
        // The crate's own playout loop (the same draws as stepping), then the
        // actions read back from its record.
        let before = self.game.moves().len();
        let played = self.game.play_out(rng, max_steps);
        for i in before..self.game.moves().len() {
            if let Some(a) = self.move_to_action(self.game.moves()[i]) {
                self.history.push(a);
            }
        }
        played
    }

    fn resample_from_infostate<R: Rng + ?Sized>(&self, _player: usize, _rng: &mut R) -> Self {
        self.clone()
    }
}

impl Room for OAnQuan {
    const NAME: &'static str = NAME;
    const ALIASES: &'static [&'static str] = &["oanquan"];

    fn presets() -> &'static [&'static str] {
        Rules::PRESETS
    }

    /// The parameters: `rules` (`source`, `common`) and every field of the
    /// crate's serialised rules (`move_limit` 0 or absent: 5,000).
    fn param_specs() -> Vec<ParamSpec> {
        rules::rules_specs::<Rules>()
    }

    fn with_params(params: &Params) -> Result<OAnQuan, LoadError> {
        OAnQuan::new(params)
    }

    fn restarted(state: &OAnQuanState) -> OAnQuanState {
        OAnQuanState {
            def: state.def.clone(),
            game: state.def.start.clone(),
            history: Vec::new(),
        }
    }

    /// The default search: uniform playouts, no knowledge (measured against
    /// random play: `docs/bots.md`).
    #[cfg(feature = "std")]
    type Knowledge = crate::bot::NoKnowledge;

    #[cfg(feature = "std")]
    fn search_config(budget: crate::bot::Budget, seed: u64) -> crate::bot::Config {
        crate::bot::Config::with_budget(budget, seed)
    }

    #[cfg(feature = "referee")]
    fn setup_params(_setup: &mut super::Setup, _params: &mut Params) -> Result<(), super::Failure> {
        Ok(())
    }

    #[cfg(feature = "referee")]
    fn start(
        &self,
        setup: &super::Setup,
    ) -> Result<(OAnQuanState, alloc::collections::VecDeque<Action>), super::Failure> {
        json::start(self, setup)
    }

    #[cfg(feature = "referee")]
    fn rules_json(state: &OAnQuanState) -> serde_json::Value {
        crate::referee::fields::to_json(state.game.rules())
    }

    #[cfg(feature = "referee")]
    fn state_json(state: &OAnQuanState) -> serde_json::Value {
        json::state(state)
    }

    #[cfg(feature = "referee")]
    fn view_json(state: &OAnQuanState, _player: usize) -> serde_json::Value {
        json::state(state)
    }

    #[cfg(feature = "referee")]
    fn score_json(state: &OAnQuanState) -> serde_json::Value {
        crate::referee::fields::to_json(&state.game.score())
    }

    #[cfg(feature = "referee")]
    fn apply_logged(
        state: &mut OAnQuanState,
        action: Action,
        log: &mut Vec<crate::referee::Logged>,
    ) -> Result<serde_json::Value, ActionError> {
        json::apply_logged(state, action, log)
    }

    #[cfg(feature = "referee")]
    fn record(_state: &OAnQuanState) -> Option<String> {
        None
    }
}
