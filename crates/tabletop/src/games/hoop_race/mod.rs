//! The stick-dice race and yut nori (`hoop_race`) behind the interface.
//!
//! - **Chance**: every throw (the order-of-play throws of ruling H9 and the turn's
//!   throws of H6) is a chance node; outcome `i` is [`Throw::ALL`]`[i]` (1, 2, 3, 4,
//!   5, back-do) with the exact probability of the rules' throw model (stick model
//!   or outcome table).
//! - **Decisions**: a banked throw spent on a horse: `((seat · 8) + number) · 6 +
//!   throw`, where `seat` is 0 for the mover's own horses and 1 for the partner's
//!   (four players), `number` the horse's number (0 for `A1`), and `throw` the
//!   index in [`Throw::ALL`] — 96 actions, or 192 with four players. A team moves
//!   as one (H7), so its move is named once, by its lowest-numbered horse, and
//!   entering by the lowest-numbered waiting horse, as the crate's legal list
//!   names them; the same move named by another horse of the team is refused with
//!   the name to use, and reading a move in notation (`"A3+2"`) gives the team's
//!   action.
//! - **Players** are the seats; returns are per side (partners share them): +1 for
//!   the winning side, and for the others −1/(sides − 1) each; playing for places,
//!   `1 − 2r/(sides − 1)` for the side in place `r` (0-based). Zero-sum. Scores:
//!   the horses the seat's side has brought out.
//! - **Length**: nothing bounds a race in which horses are caught again and again,
//!   so the interface stops a game after `max_actions` actions (throws and moves;
//!   default 3000, eight times the longest of a million random games) and calls it
//!   a draw (returns 0). Random play never comes near it.
//! - **Views**: perfect information (future throws are chance, not state): every
//!   player's observation is the board, the bank and the turn.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use hoop_race::{Awaiting, Move, Player, Rules, Setup, Throw};
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

use actions::{HORSES, THROWS};
use observe::PLACES;

/// The seats' names.
const SEATS: [&str; 4] = ["A", "B", "C", "D"];
const NAME: &str = "hoop_race";
const DEFAULT_MAX_ACTIONS: i64 = 3000;

impl RulesParams for Rules {
    const PRESETS: &'static [&'static str] = Rules::PRESETS;
    fn preset(name: &str) -> Result<Rules, String> {
        Rules::preset(name).map_err(|e| e.to_string())
    }
}

/// The race under one set of parameters.
#[derive(Clone, Debug)]
pub struct HoopRace {
    def: Shared<Def>,
}

#[derive(Debug)]
struct Def {
    info: GameInfo,
    rules: Rules,
    max_actions: usize,
    /// The throw model's exact distribution, in [`Throw::ALL`] order.
    chance: [Prob; 6],
    /// The natural start (made once, when the rules were checked).
    start: hoop_race::Game,
}

impl HoopRace {
    /// The race with these parameters (the rest at their defaults).
    ///
    /// # Errors
    /// [`LoadError`] for an unknown parameter or a value the crate refuses.
    pub fn new(params: &Params) -> Result<HoopRace, LoadError> {
        let mut params = params.clone();
        let max_actions = match params.take("max_actions") {
            None => DEFAULT_MAX_ACTIONS,
            Some(p) => p.as_int().filter(|&n| n > 0).ok_or(LoadError::BadParam {
                game: NAME,
                name: "max_actions".into(),
                message: format!("{p} is not a positive whole number"),
            })?,
        };
        let (rules, mut described) = rules::rules_from::<Rules>(NAME, &mut params)?;
        rules::no_more(NAME, &params, &<HoopRace as Room>::param_specs())?;
        described.set("max_actions", Param::Int(max_actions));
        let start =
            hoop_race::Game::new(rules, Setup::default()).map_err(|e| LoadError::BadParam {
                game: NAME,
                name: rules::PRESET.into(),
                message: e.to_string(),
            })?;
        Ok(HoopRace::with_rules(
            rules,
            start,
            max_actions as usize,
            described,
        ))
    }

    fn with_rules(
        rules: Rules,
        start: hoop_race::Game,
        max_actions: usize,
        params: Params,
    ) -> HoopRace {
        let dist = rules.throw_model().distribution(rules.back_do());
        let chance = dist.map(|r| Prob::new(r.numer(), r.denom()).unwrap_or(Prob::ZERO));
        let players = rules.players();
        let seats = if players == 4 { 2 } else { 1 };
        let info = GameInfo {
            short_name: NAME,
            long_name: "Hoop race (yut nori family)",
            params,
            num_players: players,
            player_names: &SEATS[..players],
            num_distinct_actions: (seats * HORSES * THROWS) as usize,
            max_chance_outcomes: THROWS as usize,
            max_game_length: max_actions,
            max_chance_nodes: max_actions,
            observation_shape: alloc::vec![obs_len(players)],
            information_state_shape: alloc::vec![obs_len(players)],
            chance: ChanceMode::ExplicitStochastic,
            information: Information::Perfect,
            utility: Utility::ZeroSum,
            min_utility: -1.0,
            max_utility: 1.0,
            utility_sum: Some(0.0),
        };
        HoopRace {
            def: Shared::new(Def {
                info,
                rules,
                max_actions,
                chance,
                start,
            }),
        }
    }

    /// The crate's rules.
    pub fn rules(&self) -> &Rules {
        &self.def.rules
    }

    /// A state starting from `setup` (the order of play and horses placed) instead
    /// of the natural start.
    ///
    /// # Errors
    /// The crate's refusal of the setup, as text.
    pub fn state_with_setup(&self, setup: Setup) -> Result<HoopRaceState, String> {
        let game = hoop_race::Game::new(self.def.rules, setup).map_err(|e| e.to_string())?;
        Ok(HoopRaceState {
            def: self.def.clone(),
            game,
            history: Vec::new(),
        })
    }
}

fn obs_len(players: usize) -> usize {
    players * PLACES + 6 + 2 + 4 + 1
}

impl Game for HoopRace {
    type State = HoopRaceState;

    fn info(&self) -> &GameInfo {
        &self.def.info
    }

    fn new_initial_state(&self) -> HoopRaceState {
        HoopRaceState {
            def: self.def.clone(),
            game: self.def.start.clone(),
            history: Vec::with_capacity(128),
        }
    }
}

/// What an action did: a throw's report or a move's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applied {
    /// A throw (a chance outcome).
    Throw(hoop_race::ThrowReport),
    /// A move.
    Move(hoop_race::Report),
}

/// A state of the race: the crate's game and the interface's history.
#[derive(Clone, Debug)]
pub struct HoopRaceState {
    def: Shared<Def>,
    game: hoop_race::Game,
    history: Vec<Action>,
}

impl PartialEq for HoopRaceState {
    fn eq(&self, other: &HoopRaceState) -> bool {
        self.game == other.game && self.history == other.history
    }
}

impl HoopRaceState {
    /// The crate's game (its typed moves, horses, board and record).
    pub fn game(&self) -> &hoop_race::Game {
        &self.game
    }

    fn capped(&self) -> bool {
        self.history.len() >= self.def.max_actions
    }

    /// Takes `action` as [`State::apply_action`] does, giving each of the move's
    /// events to `observer`, and returns what the throw or the move did.
    ///
    /// # Errors
    /// As [`State::apply_action`]; nothing changes then.
    pub fn apply_traced(
        &mut self,
        action: Action,
        observer: &mut impl FnMut(hoop_race::Event),
    ) -> Result<Applied, ActionError> {
        let done = match self.current_player() {
            Turn::Terminal => return Err(ActionError::Terminal),
            Turn::Chance => {
                let t = self.throw_outcome(action)?;
                Applied::Throw(
                    self.game
                        .throw(t)
                        .map_err(|e| ActionError::Illegal(e.to_string()))?,
                )
            }
            Turn::Player(_) => {
                let mv = self.checked_move(action)?;
                Applied::Move(
                    self.game
                        .play_traced(mv, observer)
                        .map_err(|e| ActionError::Illegal(e.to_string()))?,
                )
            }
        };
        self.history.push(action);
        Ok(done)
    }

    fn mover(&self) -> Option<Player> {
        match self.game.awaiting() {
            Awaiting::Move(p) if !self.capped() => Some(p),
            _ => None,
        }
    }

    /// The move for `action`, checked.
    fn checked_move(&self, action: Action) -> Result<Move, ActionError> {
        let size = self.def.info.num_distinct_actions;
        if action as usize >= size {
            return Err(ActionError::OutOfRange { action, size });
        }
        let Some(mover) = self.mover() else {
            return Err(match self.current_player() {
                Turn::Terminal => ActionError::Terminal,
                _ => ActionError::Illegal("a throw is due, not a move".into()),
            });
        };
        let mv = self
            .action_to_move(mover, action)
            .ok_or_else(|| ActionError::Illegal("there is no partner in this game".into()))?;
        self.game
            .check(mv)
            .map_err(|e| ActionError::Illegal(e.to_string()))?;
        let head = self.unit_head(mv.horse);
        if head != mv.horse {
            return Err(ActionError::Illegal(format!(
                "{} moves with {head}: the move is named by {head} (ruling H7)",
                mv.horse
            )));
        }
        Ok(mv)
    }

    fn throw_outcome(&self, action: Action) -> Result<Throw, ActionError> {
        if action >= THROWS {
            return Err(ActionError::OutOfRange {
                action,
                size: THROWS as usize,
            });
        }
        if self.def.chance[action as usize] == Prob::ZERO {
            return Err(ActionError::ImpossibleChance(action));
        }
        Ok(Throw::ALL[action as usize])
    }
}

impl State for HoopRaceState {
    fn info(&self) -> &GameInfo {
        &self.def.info
    }

    fn current_player(&self) -> Turn {
        if self.capped() {
            return Turn::Terminal;
        }
        match self.game.awaiting() {
            Awaiting::Chance => Turn::Chance,
            Awaiting::Move(p) => Turn::Player(p.index()),
            Awaiting::Over => Turn::Terminal,
        }
    }

    fn legal_actions_into(&self, out: &mut ActionList) {
        out.clear();
        match self.current_player() {
            Turn::Chance => {
                out.extend((0..THROWS).filter(|&i| self.def.chance[i as usize] != Prob::ZERO))
            }
            Turn::Player(_) => {
                let Some(mover) = self.mover() else { return };
                out.extend(
                    self.game
                        .legal_moves()
                        .iter()
                        .filter_map(|&mv| self.move_to_action(mover, mv)),
                );
                out.sort_unstable();
                out.dedup();
            }
            Turn::Terminal => {}
        }
    }

    fn check(&self, action: Action) -> Result<(), ActionError> {
        match self.current_player() {
            Turn::Terminal => Err(ActionError::Terminal),
            Turn::Chance => self.throw_outcome(action).map(|_| ()),
            Turn::Player(_) => self.checked_move(action).map(|_| ()),
        }
    }

    fn apply_action(&mut self, action: Action) -> Result<(), ActionError> {
        self.apply_traced(action, &mut |_| {}).map(|_| ())
    }

    fn chance_outcomes_into(&self, out: &mut Vec<(Action, Prob)>) {
        out.clear();
        if self.current_player() == Turn::Chance {
            out.extend(
                (0..THROWS)
                    .map(|i| (i, self.def.chance[i as usize]))
                    .filter(|o| o.1 != Prob::ZERO),
            );
        }
    }

    fn returns(&self) -> PerPlayer {
        let players = self.def.rules.players();
        let mut r: PerPlayer = (0..players).map(|_| 0.0).collect();
        let Some(outcome) = self.game.outcome() else {
            return r;
        };
        let sides = self.def.rules.sides();
        let denom = (sides - 1).max(1) as f64;
        let places = outcome.places();
        for p in Player::all(players) {
            let side = hoop_race::Side::of(p, players);
            r[p.index()] = if places.len() == sides {
                let rank = places.iter().position(|&s| s == side).unwrap_or(sides - 1);
                1.0 - 2.0 * rank as f64 / denom
            } else if outcome.winner() == Some(side) {
                1.0
            } else {
                -1.0 / denom
            };
        }
        r
    }

    fn scores(&self) -> PerPlayer {
        let players = self.def.rules.players();
        let score = self.game.score();
        Player::all(players)
            .map(|p| f64::from(score.out[hoop_race::Side::of(p, players).index()]))
            .collect()
    }

    fn action_to_string(&self, turn: Turn, action: Action) -> String {
        match turn {
            Turn::Chance => Throw::ALL
                .get(action as usize)
                .map_or_else(|| format!("throw {action}?"), |t| t.to_string()),
            Turn::Player(p) => match Player::new(p).and_then(|m| self.action_to_move(m, action)) {
                Some(mv) => mv.to_string(),
                None => format!("{action}"),
            },
            Turn::Terminal => format!("{action}"),
        }
    }

    fn string_to_action(&self, text: &str) -> Result<Action, NotationError> {
        match self.current_player() {
            Turn::Chance => {
                let t: Throw = text
                    .parse()
                    .map_err(|e: hoop_race::ParseError| NotationError::Parse(e.to_string()))?;
                Ok(t.index() as Action)
            }
            Turn::Player(p) => {
                let mv: Move = text
                    .trim()
                    .parse()
                    .map_err(|e: hoop_race::ParseError| NotationError::Parse(e.to_string()))?;
                let mover =
                    Player::new(p).ok_or_else(|| NotationError::NoSuchAction(text.into()))?;
                // Any horse of a team names the team's move.
                let mv = Move::new(self.unit_head(mv.horse), mv.throw);
                self.move_to_action(mover, mv)
                    .ok_or_else(|| NotationError::NoSuchAction(text.into()))
            }
            Turn::Terminal => Err(NotationError::NoSuchAction(text.into())),
        }
    }

    fn observation_string(&self, _player: usize) -> String {
        self.picture()
    }

    fn information_state_string(&self, _player: usize) -> String {
        self.record_text()
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
        let mover = self.mover()?;
        let mv = self.game.random_move(rng)?;
        self.move_to_action(mover, mv)
    }

    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        if self.current_player() != Turn::Chance {
            return None;
        }
        let t = self
            .def
            .rules
            .throw_model()
            .draw(self.def.rules.back_do(), rng);
        Some(t.index() as Action)
    }

    fn playout_step<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Action> {
        // The crate's own playout step (the same draws as the default step: the
        // rules' throw model, a uniform move), then its action read back.
        if self.capped() {
            return None;
        }
        let mover = self.game.to_move();
        if self.game.play_out(rng, 1) == 0 {
            return None;
        }
        let action = match *self.game.actions().last()? {
            hoop_race::Action::Throw(t) => t.index() as Action,
            hoop_race::Action::Move(mv) => self.move_to_action(mover, mv)?,
        };
        self.history.push(action);
        Some(action)
    }

    fn play_out<R: Rng + ?Sized>(&mut self, rng: &mut R, max_steps: usize) -> usize {
        super::reserve_for_playout(&mut self.history, &self.def.info);
        if self.def.rules.players() == 4 {
            // Partners move each other's horses: the mover of each move is read
            // as it is made.
            let mut steps = 0;
            while steps < max_steps && self.playout_step(rng).is_some() {
                steps += 1;
            }
            return steps;
        }
        // Without partners a move's mover owns its horse: the crate's own
        // playout loop (the same draws as stepping), up to the cap, then the
        // actions read back from its record.
        let room = max_steps.min(self.def.max_actions.saturating_sub(self.history.len()));
        let before = self.game.actions().len();
        let played = self.game.play_out(rng, room);
        for i in before..self.game.actions().len() {
            let action = match self.game.actions()[i] {
                hoop_race::Action::Throw(t) => Some(t.index() as Action),
                hoop_race::Action::Move(mv) => self.move_to_action(mv.horse.owner, mv),
            };
            if let Some(a) = action {
                self.history.push(a);
            }
        }
        played
    }

    fn resample_from_infostate<R: Rng + ?Sized>(&self, _player: usize, _rng: &mut R) -> Self {
        self.clone()
    }
}

impl Room for HoopRace {
    const NAME: &'static str = NAME;
    const ALIASES: &'static [&'static str] = &["yut_nori", "yut"];

    fn presets() -> &'static [&'static str] {
        Rules::PRESETS
    }

    /// The parameters: `rules` (`source` or `yut_nori`), every field of the
    /// crate's serialised rules, and `max_actions`.
    fn param_specs() -> Vec<ParamSpec> {
        let mut specs = rules::rules_specs::<Rules>();
        specs.push(ParamSpec {
            name: "max_actions".to_string(),
            default: Param::Int(DEFAULT_MAX_ACTIONS),
            doc: "throws and moves after which the game stops as a draw (never met in practice)",
        });
        specs
    }

    fn with_params(params: &Params) -> Result<HoopRace, LoadError> {
        HoopRace::new(params)
    }

    fn restarted(state: &HoopRaceState) -> HoopRaceState {
        let mut game = state.game.clone();
        game.restart();
        HoopRaceState {
            def: state.def.clone(),
            game,
            history: Vec::new(),
        }
    }

    /// The default search: playouts by the rules' throw model and uniform
    /// moves, no knowledge (measured: `docs/bots.md`).
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
    ) -> Result<(HoopRaceState, alloc::collections::VecDeque<Action>), super::Failure> {
        json::start(self, setup)
    }

    #[cfg(feature = "referee")]
    fn rules_json(state: &HoopRaceState) -> serde_json::Value {
        crate::referee::fields::to_json(state.game.rules())
    }

    #[cfg(feature = "referee")]
    fn state_json(state: &HoopRaceState) -> serde_json::Value {
        json::state(state)
    }

    #[cfg(feature = "referee")]
    fn view_json(state: &HoopRaceState, _player: usize) -> serde_json::Value {
        json::state(state)
    }

    #[cfg(feature = "referee")]
    fn score_json(state: &HoopRaceState) -> serde_json::Value {
        crate::referee::fields::to_json(&state.game.score())
    }

    #[cfg(feature = "referee")]
    fn apply_logged(
        state: &mut HoopRaceState,
        action: Action,
        log: &mut Vec<crate::referee::Logged>,
    ) -> Result<serde_json::Value, ActionError> {
        json::apply_logged(state, action, log)
    }

    #[cfg(feature = "referee")]
    fn record(_state: &HoopRaceState) -> Option<String> {
        None
    }
}
