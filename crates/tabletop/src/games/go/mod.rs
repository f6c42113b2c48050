//! Go (`go_core`) behind the interface.
//!
//! - **Players**: 0 is Black, 1 is White (whoever moves first: with handicap
//!   stones White does).
//! - **Actions**: a stone on the point in column `c`, row `r` (both from 0, row 0
//!   at the bottom, as GTP's `A1`) is `r · width + c`; a pass is `width · height`.
//!   A resignation is no action of the game tree (as in OpenSpiel and GTP's
//!   `all_legal`); the crate still has it. Actions print as GTP points (`E5`,
//!   `pass`).
//! - **Length**: under positional superko a game is finite, but no useful bound
//!   follows; the interface stops a game after `max_moves` moves (default four
//!   times the points: 324 at 9×9, 1,444 at 19×19; OpenSpiel's Go stops at twice
//!   the points) and scores it as it stands under the rules. Real games never come
//!   near it; uniformly random games at 9×9 average 146 moves.
//! - **Returns**: +1 the winner, −1 the loser, 0 both for a draw (jigo) — by the
//!   rules' count after two passes, or at the cap. Scores: each colour's points
//!   under the rules (komi added to White's).
//! - **Views**: perfect information; the observation tensor has four planes of
//!   `height × width`: Black's stones, White's stones, the empty points, and a
//!   plane of ones when Black is to move.
//! - **Playouts** (parameter `playouts`): `heavy` (the default) is the crate's
//!   heavy policy with its default settings ([`go_core::HeavyPolicy`],
//!   [`go_core::Game::heavy_playout_move`]): a chain in atari next to the last
//!   move captured or saved, MoGo's 3×3 patterns around it, no self-atari of two
//!   stones or more, else uniform among the legal moves that fill no own eye —
//!   what the search's playouts need to judge Go positions (measured:
//!   `docs/bots.md`). `light` is the crate's light policy (uniform among the
//!   legal moves that fill no own eye, superko checked;
//!   [`go_core::Game::playout_move`]), about twice as fast. Both are what
//!   [`State::playout_action`] draws and [`State::playout_step`] plays.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use go_core::{Color, HeavyPolicy, Move, Rules, Setup};
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
#[cfg(feature = "std")]
mod search;

#[cfg(feature = "std")]
pub use search::GoKnowledge;

const NAME: &str = "go";

impl RulesParams for Rules {
    const PRESETS: &'static [&'static str] = Rules::PRESETS;
    fn preset(name: &str) -> Result<Rules, String> {
        Rules::preset(name).map_err(|e| e.to_string())
    }
}

/// Go under one set of parameters.
#[derive(Clone, Debug)]
pub struct Go {
    def: Shared<Def>,
}

#[derive(Debug)]
struct Def {
    info: GameInfo,
    rules: Rules,
    width: u8,
    height: u8,
    max_moves: usize,
    start: go_core::Game,
    /// The heavy playout policy, `None` for the light one.
    playouts: Option<HeavyPolicy>,
}

/// The `playouts` parameter's values, the default first.
const PLAYOUTS: [&str; 2] = ["heavy", "light"];

/// The policy a `playouts` value names.
fn playout_policy(name: &str) -> Option<Option<HeavyPolicy>> {
    match name {
        "heavy" => Some(Some(HeavyPolicy::default())),
        "light" => Some(None),
        _ => None,
    }
}

impl Go {
    /// Go with these parameters (the rest at their defaults).
    ///
    /// # Errors
    /// [`LoadError`] for an unknown parameter or a value the crate refuses.
    pub fn new(params: &Params) -> Result<Go, LoadError> {
        let mut params = params.clone();
        let int =
            |params: &mut Params, name: &str, default: i64, lo: i64, hi: i64| match params
                .take(name)
            {
                None => Ok(default),
                Some(p) => p.as_int().filter(|n| (lo..=hi).contains(n)).ok_or_else(|| {
                    LoadError::BadParam {
                        game: NAME,
                        name: name.into(),
                        message: format!("{p} is not a whole number from {lo} to {hi}"),
                    }
                }),
            };
        let size = int(&mut params, "board_size", 19, 1, 25)?;
        let handicap = int(&mut params, "handicap", 0, 0, 9)?;
        let max_moves = int(&mut params, "max_moves", 0, 0, 1 << 24)?;
        let playouts_name = match params.take("playouts") {
            None => PLAYOUTS[0].to_string(),
            Some(p) => p
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| p.to_string()),
        };
        let playouts = playout_policy(&playouts_name).ok_or_else(|| LoadError::BadParam {
            game: NAME,
            name: "playouts".into(),
            message: format!("{playouts_name} is not one of {}", PLAYOUTS.join(", ")),
        })?;
        let (rules, mut described) = rules::rules_from::<Rules>(NAME, &mut params)?;
        rules::no_more(NAME, &params, &<Go as Room>::param_specs())?;
        let setup = if handicap > 0 {
            go_core::handicap::fixed(size as u8, handicap as u8)
        } else {
            Ok(Setup::new(size as u8, size as u8))
        }
        .map_err(|e| LoadError::BadParam {
            game: NAME,
            name: "handicap".into(),
            message: e.to_string(),
        })?;
        let start = go_core::Game::new(rules, setup).map_err(|e| LoadError::BadParam {
            game: NAME,
            name: rules::PRESET.into(),
            message: e.to_string(),
        })?;
        for (name, value) in [
            ("board_size", size),
            ("handicap", handicap),
            ("max_moves", max_moves),
        ] {
            described.set(name, Param::Int(value));
        }
        described.set("playouts", Param::Str(playouts_name));
        let points = (size * size) as usize;
        let cap = if max_moves == 0 {
            4 * points
        } else {
            max_moves as usize
        };
        Ok(Go::with_start(start, cap, described, playouts))
    }

    fn with_start(
        start: go_core::Game,
        max_moves: usize,
        params: Params,
        playouts: Option<HeavyPolicy>,
    ) -> Go {
        let (width, height) = (start.board().width(), start.board().height());
        let points = usize::from(width) * usize::from(height);
        let info = GameInfo {
            short_name: NAME,
            long_name: "Go",
            params,
            num_players: 2,
            player_names: &["B", "W"],
            num_distinct_actions: points + 1,
            max_chance_outcomes: 0,
            max_game_length: max_moves,
            max_chance_nodes: 0,
            observation_shape: alloc::vec![4, usize::from(height), usize::from(width)],
            information_state_shape: alloc::vec![4, usize::from(height), usize::from(width)],
            chance: ChanceMode::Deterministic,
            information: Information::Perfect,
            utility: Utility::ZeroSum,
            min_utility: -1.0,
            max_utility: 1.0,
            utility_sum: Some(0.0),
        };
        Go {
            def: Shared::new(Def {
                info,
                rules: *start.rules(),
                width,
                height,
                max_moves,
                start,
                playouts,
            }),
        }
    }

    /// The crate's rules.
    pub fn rules(&self) -> &Rules {
        &self.def.rules
    }

    /// A state starting from `setup` (any size, stones and first player) instead
    /// of the parameters' board; the game's actions are those of the setup's board.
    ///
    /// # Errors
    /// The crate's refusal of the setup, as text.
    pub fn state_with_setup(&self, setup: Setup) -> Result<GoState, String> {
        let start = go_core::Game::new(self.def.rules, setup).map_err(|e| e.to_string())?;
        let mut params = self.def.info.params.clone();
        params.set("board_size", Param::Int(i64::from(start.board().width())));
        let game = Go::with_start(start, self.def.max_moves, params, self.def.playouts);
        Ok(game.new_initial_state())
    }
}

impl Go {
    /// The interface's state for a game of the crate as it stands (its rules,
    /// setup and moves; a GTP engine's game, say), capped at four times its points
    /// or its length so far, whichever is more; heavy playouts.
    pub fn state_of(game: &go_core::Game) -> GoState {
        Go::state_with_playouts(game, true)
    }

    /// [`Go::state_of`] with the heavy playout policy (`heavy`) or the light one.
    pub fn state_with_playouts(game: &go_core::Game, heavy: bool) -> GoState {
        let mut start = game.clone();
        if start.undo_many(game.move_count()).is_err() {
            start = game.clone();
        }
        let (w, h) = (game.board().width(), game.board().height());
        let points = usize::from(w) * usize::from(h);
        let cap = (4 * points).max(game.move_count() + points);
        let mut params = Params::new();
        if let Ok(serde_json::Value::Object(fields)) = serde_json::to_value(game.rules()) {
            for (k, v) in &fields {
                params.set(k, Param::from_json(v));
            }
        }
        params.set("board_size", Param::Int(i64::from(w)));
        params.set("max_moves", Param::Int(cap as i64));
        let name = PLAYOUTS[usize::from(!heavy)];
        params.set("playouts", Param::Str(name.into()));
        let policy = heavy.then(HeavyPolicy::default);
        let def = Go::with_start(start, cap, params, policy);
        let mut state = def.new_initial_state();
        state.game = game.clone();
        state.history = game
            .moves()
            .filter_map(|(_, mv)| state.move_to_action(mv))
            .collect();
        state
    }
}

impl Game for Go {
    type State = GoState;

    fn info(&self) -> &GameInfo {
        &self.def.info
    }

    fn new_initial_state(&self) -> GoState {
        GoState {
            def: self.def.clone(),
            game: self.def.start.clone(),
            history: Vec::with_capacity(self.def.info.num_distinct_actions * 2),
        }
    }
}

/// A position of Go with its history.
#[derive(Debug)]
pub struct GoState {
    def: Shared<Def>,
    game: go_core::Game,
    history: Vec<Action>,
}

impl Clone for GoState {
    fn clone(&self) -> GoState {
        GoState {
            def: self.def.clone(),
            game: self.game.clone(),
            history: self.history.clone(),
        }
    }

    /// Reuses this state's buffers (the search restarts every playout this way).
    fn clone_from(&mut self, source: &GoState) {
        if !Shared::ptr_eq(&self.def, &source.def) {
            self.def = source.def.clone();
        }
        self.game.clone_from(&source.game);
        self.history.clone_from(&source.history);
    }
}

impl PartialEq for GoState {
    fn eq(&self, o: &GoState) -> bool {
        self.game == o.game && self.history == o.history
    }
}

fn player_of(c: Color) -> usize {
    c.index()
}

impl GoState {
    /// The crate's game (board, history, score).
    pub fn game(&self) -> &go_core::Game {
        &self.game
    }

    /// Playouts from this state on go_core's [`LightPlayout`](go_core::LightPlayout)
    /// board, when they are exactly this state's [`State::play_out`] followed
    /// by [`State::returns`]: under the light playout policy (`playouts=light`)
    /// and a count by area without group tax or button (the count a finished
    /// light playout's area decides). `None` otherwise. For many playouts from
    /// one position, made once (the bulk path of the Python package).
    pub fn light_playouts(&self) -> Option<LightPlayouts> {
        let rules = self.game.rules();
        let exact = self.def.playouts.is_none()
            && rules.scoring() == go_core::Scoring::Area
            && rules.tax() == go_core::Tax::None
            && !rules.button();
        exact.then(|| LightPlayouts {
            light: go_core::LightPlayout::new(&self.game),
            room: self.def.max_moves.saturating_sub(self.history.len()),
        })
    }

    fn capped(&self) -> bool {
        self.history.len() >= self.def.max_moves
    }

    fn checked(&self, a: Action) -> Result<Move, ActionError> {
        if self.current_player() == Turn::Terminal {
            return Err(ActionError::Terminal);
        }
        let size = self.def.info.num_distinct_actions;
        let mv = self
            .action_to_move(a)
            .ok_or(ActionError::OutOfRange { action: a, size })?;
        self.game
            .check(mv)
            .map_err(|e| ActionError::Illegal(e.to_string()))?;
        Ok(mv)
    }

    /// Takes `action` as [`State::apply_action`] does, giving each of the move's
    /// events to `observer`, and returns the crate's report.
    ///
    /// # Errors
    /// As [`State::apply_action`]; nothing changes then.
    pub fn apply_traced(
        &mut self,
        action: Action,
        observer: &mut impl FnMut(go_core::Event),
    ) -> Result<go_core::Report, ActionError> {
        if self.current_player() == Turn::Terminal {
            return Err(ActionError::Terminal);
        }
        let mv = self.action_to_move(action).ok_or(ActionError::OutOfRange {
            action,
            size: self.def.info.num_distinct_actions,
        })?;
        // The crate checks the move as it plays it (and changes nothing if not).
        let report = self
            .game
            .play_traced(mv, observer)
            .map_err(|e| ActionError::Illegal(e.to_string()))?;
        self.history.push(action);
        Ok(report)
    }

    fn score_winner(&self) -> Option<Color> {
        match self.game.outcome() {
            Some(o) => o.winner(),
            None => self.game.score().result().winner(),
        }
    }
}

/// Light playouts from one Go position on go_core's playout board
/// ([`GoState::light_playouts`]): the same moves and returns as the state's
/// own playouts from that position, for the same random numbers, faster.
#[derive(Clone, Debug)]
pub struct LightPlayouts {
    light: go_core::LightPlayout,
    /// Moves the interface's cap leaves to a playout.
    room: usize,
}

impl LightPlayouts {
    /// Plays a playout from the position, up to the interface's cap; returns
    /// its number of actions.
    pub fn run<R: Rng + ?Sized>(&mut self, rng: &mut R) -> usize {
        self.light.run(rng, self.room)
    }

    /// The returns of the last playout's end: 1 to the winner, −1 to the
    /// loser, 0 each for a draw.
    pub fn returns(&self) -> PerPlayer {
        let mut r: PerPlayer = [0.0, 0.0].into_iter().collect();
        if let Some(w) = self.light.winner() {
            r[player_of(w)] = 1.0;
            r[player_of(w.opponent())] = -1.0;
        }
        r
    }
}

impl State for GoState {
    fn info(&self) -> &GameInfo {
        &self.def.info
    }

    fn current_player(&self) -> Turn {
        if self.game.is_over() || self.capped() {
            Turn::Terminal
        } else {
            Turn::Player(player_of(self.game.to_move()))
        }
    }

    fn legal_actions_into(&self, out: &mut ActionList) {
        out.clear();
        if self.current_player() == Turn::Terminal {
            return;
        }
        out.reserve(self.game.board().empty_count() + 1);
        // The crate's points are on the board: no range check, as in
        // `move_to_action`.
        let width = u32::from(self.def.width);
        let pass = self.pass();
        self.game.for_each_legal_move(|mv| match mv {
            Move::Play(p) => out.push(u32::from(p.row()) * width + u32::from(p.col())),
            Move::Pass => out.push(pass),
            Move::Resign => {}
        });
        // The crate lists points in board order, then the pass: already sorted.
        debug_assert!(out.is_sorted());
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
        let mut r: PerPlayer = [0.0, 0.0].into_iter().collect();
        if self.current_player() != Turn::Terminal {
            return r;
        }
        if let Some(w) = self.score_winner() {
            r[player_of(w)] = 1.0;
            r[player_of(w.opponent())] = -1.0;
        }
        r
    }

    fn scores(&self) -> PerPlayer {
        let s = self.game.score();
        let komi = s.komi.points();
        [
            s.points(Color::Black) as f64,
            s.points(Color::White) as f64 + komi,
        ]
        .into_iter()
        .collect()
    }

    fn action_to_string(&self, _turn: Turn, action: Action) -> String {
        self.action_to_move(action)
            .map_or_else(|| format!("{action}"), |m| m.to_string())
    }

    fn string_to_action(&self, text: &str) -> Result<Action, NotationError> {
        let mv: Move = text
            .trim()
            .parse()
            .map_err(|e: go_core::ParseError| NotationError::Parse(e.to_string()))?;
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
        self.write_planes(out);
    }

    fn information_state_tensor(&self, player: usize, out: &mut [f32]) {
        self.observation_tensor(player, out);
    }

    fn history(&self) -> &[Action] {
        &self.history
    }

    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        if self.current_player() == Turn::Terminal {
            return None;
        }
        self.game
            .random_move(rng)
            .and_then(|m| self.move_to_action(m))
    }

    fn playout_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        if self.current_player() == Turn::Terminal {
            return None;
        }
        match &self.def.playouts {
            Some(policy) => self.game.heavy_playout_move(rng, policy),
            None => self.game.playout_move(rng),
        }
        .and_then(|m| self.move_to_action(m))
    }

    fn sample_chance<R: Rng + ?Sized>(&self, _rng: &mut R) -> Option<Action> {
        None
    }

    fn playout_step<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Action> {
        if self.current_player() == Turn::Terminal {
            return None;
        }
        // The crate's own playout step: the candidate it draws is checked once.
        let played = match &self.def.playouts {
            Some(policy) => self.game.heavy_play_out(rng, 1, policy),
            None => self.game.play_out(rng, 1),
        };
        if played == 0 {
            return None;
        }
        let (_, mv) = self.game.last_move()?;
        let a = self.move_to_action(mv)?;
        self.history.push(a);
        Some(a)
    }

    fn play_out<R: Rng + ?Sized>(&mut self, rng: &mut R, max_steps: usize) -> usize {
        super::reserve_for_playout(&mut self.history, &self.def.info);
        if self.current_player() == Turn::Terminal {
            return 0;
        }
        // The crate's own playout loop (the same draws as stepping), up to the
        // cap, then the actions read back from its record.
        let room = max_steps.min(self.def.max_moves - self.history.len());
        let before = self.game.move_count();
        let played = match &self.def.playouts {
            Some(policy) => self.game.heavy_play_out(rng, room, policy),
            None => self.game.play_out(rng, room),
        };
        for (_, mv) in self.game.moves().skip(before) {
            if let Some(a) = self.move_to_action(mv) {
                self.history.push(a);
            }
        }
        played
    }

    fn resample_from_infostate<R: Rng + ?Sized>(&self, _player: usize, _rng: &mut R) -> Self {
        self.clone()
    }
}

impl Room for Go {
    const NAME: &'static str = NAME;
    const ALIASES: &'static [&'static str] = &["go_core", "weiqi", "baduk"];

    fn presets() -> &'static [&'static str] {
        Rules::PRESETS
    }

    /// `rules` (the crate's presets: `tromp_taylor` first), every field of the
    /// crate's serialised rules (`komi`, `ko`, `suicide`, `scoring`, …),
    /// `board_size` (default 19), `handicap` (fixed handicap stones, default 0),
    /// `max_moves` (0: four times the points) and `playouts` (`heavy`, the
    /// default, or `light`: the playout policy, see the module documentation).
    fn param_specs() -> Vec<ParamSpec> {
        let mut specs = rules::rules_specs::<Rules>();
        specs.push(ParamSpec {
            name: "board_size".into(),
            default: Param::Int(19),
            doc: "the board's side, 1 to 25",
        });
        specs.push(ParamSpec {
            name: "handicap".into(),
            default: Param::Int(0),
            doc: "fixed handicap stones for Black (2 to 9 on boards that have the points); White moves first",
        });
        specs.push(ParamSpec {
            name: "max_moves".into(),
            default: Param::Int(0),
            doc: "moves after which the game is scored as it stands (0: four times the points)",
        });
        specs.push(ParamSpec {
            name: "playouts".into(),
            default: Param::Str(PLAYOUTS[0].into()),
            doc: "the playout policy: heavy (captures, saves, patterns, no self-atari) or light (uniform, no eye filling)",
        });
        specs
    }

    fn with_params(params: &Params) -> Result<Go, LoadError> {
        Go::new(params)
    }

    fn restarted(state: &GoState) -> GoState {
        GoState {
            def: state.def.clone(),
            game: state.def.start.clone(),
            history: Vec::new(),
        }
    }

    #[cfg(feature = "std")]
    type Knowledge = GoKnowledge;

    #[cfg(feature = "std")]
    fn search_config(budget: crate::bot::Budget, seed: u64) -> crate::bot::Config {
        search::config(budget, seed)
    }

    #[cfg(feature = "referee")]
    fn setup_params(setup: &mut super::Setup, params: &mut Params) -> Result<(), super::Failure> {
        json::setup_params(setup, params)
    }

    #[cfg(feature = "referee")]
    fn start(
        &self,
        setup: &super::Setup,
    ) -> Result<(GoState, alloc::collections::VecDeque<Action>), super::Failure> {
        json::start(self, setup)
    }

    #[cfg(feature = "referee")]
    fn rules_json(state: &GoState) -> serde_json::Value {
        crate::referee::fields::to_json(state.game.rules())
    }

    #[cfg(feature = "referee")]
    fn state_json(state: &GoState) -> serde_json::Value {
        json::state(state)
    }

    #[cfg(feature = "referee")]
    fn view_json(state: &GoState, _player: usize) -> serde_json::Value {
        json::state(state)
    }

    #[cfg(feature = "referee")]
    fn score_json(state: &GoState) -> serde_json::Value {
        json::score(state)
    }

    #[cfg(feature = "referee")]
    fn apply_logged(
        state: &mut GoState,
        action: Action,
        log: &mut Vec<crate::referee::Logged>,
    ) -> Result<serde_json::Value, ActionError> {
        json::apply_logged(state, action, log)
    }

    #[cfg(feature = "referee")]
    fn record(state: &GoState) -> Option<String> {
        Some(json::sgf(state))
    }
}
