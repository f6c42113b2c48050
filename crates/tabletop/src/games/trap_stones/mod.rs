//! The hidden-trap game (`trap_stones`) behind the interface.
//!
//! - **Players**: the two sides (`0` is side 1, `1` side 2); team members (ruling
//!   T11) share a side's decisions and information, so the interface has one player
//!   per side, whichever member is to move (a state with teams:
//!   [`TrapStones::state_with_members`]; the referee shows the member to move).
//! - **Chance**: the three draws of ruling T2, one chance node each, two equally
//!   likely outcomes: who moves first (0: side 1, 1: side 2), the axis stone and
//!   the side stone (0: dark, 1: light).
//! - **Secret decisions**: then side 1 chooses its traps one cell at a time, then
//!   side 2 (ruling T3; the rules' count each). The other side sees that a trap was
//!   chosen, never where, until the game is over (T10).
//! - **Actions**, with `N` = width × height cells numbered row by row from a1:
//!   `[0, N)` a trap on a cell, `[N, 2N)` an ordinary stone (T4), `[2N, 3N)` a
//!   scarecrow (T5), `[3N, 4N)` the winner's extra stone when staking the win (T9),
//!   `4N` declining the stake, and from `4N + 1` every va-bank group (T6): each
//!   8-connected set of 1 to 4 cells of the board, in increasing order of its cells
//!   (6,706 groups on 9×9). Actions print in the crate's notation (`e5`, `*c3`,
//!   `$e8`, `decline`, `!c3+d4`; traps as `trap e5`).
//! - **Returns**: +1 the winner, −1 the loser, 0 both on a draw (a lost stake).
//!   Scores: the points of ruling T8.
//! - **Length**: every move puts a stone on a cell without one of the mover's
//!   colour, so a game has at most `2N + 1` moves (T7) after the traps.
//! - **Views**: a side sees its own traps, every stone, and the opponent's traps
//!   only once the game is over (T10); [`State::resample_from_infostate`] draws
//!   the opponent's traps afresh among the sets consistent with what the side has
//!   seen (uniform over cells without the side's stones, with the trap its stone
//!   hit when it lost and the stake is being decided).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use rand_core::Rng;
use trap_stones::{Awaiting, Cell, Color, Draws, Move, Rules, Setup, Side, Traps};

use super::Room;
use super::rules::{self, RulesParams};
use crate::Shared;
use crate::action::{Action, ActionError, ActionList, NotationError};
use crate::info::{ChanceMode, GameInfo, Information, Utility};
use crate::interface::{Game, PerPlayer, State};
use crate::params::{ParamSpec, Params};
use crate::prob::Prob;
use crate::registry::LoadError;
use crate::rng::below;
use crate::turn::Turn;

mod actions;
#[cfg(feature = "referee")]
mod json;
mod observe;
mod resample;
#[cfg(feature = "std")]
mod search;

use actions::all_groups;

const NAME: &str = "trap_stones";
/// Observation planes (see `observe.rs`).
const PLANES: usize = 13;

impl RulesParams for Rules {
    const PRESETS: &'static [&'static str] = Rules::PRESETS;
    fn preset(name: &str) -> Result<Rules, String> {
        Rules::preset(name).map_err(|e| e.to_string())
    }
}

/// The hidden-trap game under one set of parameters.
#[derive(Clone, Debug)]
pub struct TrapStones {
    def: Shared<Def>,
}

#[derive(Debug)]
struct Def {
    info: GameInfo,
    rules: Rules,
    width: u16,
    height: u16,
    /// Every va-bank group: its cells' numbers, increasing, padded with `PAD`;
    /// sorted, so an action's group is `groups[action - 4N - 1]`.
    groups: Vec<[u16; 4]>,
}

impl TrapStones {
    /// The game with these parameters (the rest at their defaults).
    ///
    /// # Errors
    /// [`LoadError`] for an unknown parameter or a value the crate refuses.
    pub fn new(params: &Params) -> Result<TrapStones, LoadError> {
        let mut params = params.clone();
        let (rules, described) = rules::rules_from::<Rules>(NAME, &mut params)?;
        rules::no_more(NAME, &params, &<TrapStones as Room>::param_specs())?;
        let (width, height) = (u16::from(rules.width()), u16::from(rules.height()));
        let groups = all_groups(width, height);
        let n = usize::from(width) * usize::from(height);
        let k = rules.traps();
        let info = GameInfo {
            short_name: NAME,
            long_name: "Trap stones",
            params: described,
            num_players: 2,
            player_names: &["1", "2"],
            num_distinct_actions: 4 * n + 1 + groups.len(),
            max_chance_outcomes: 2,
            max_game_length: 2 * k + 2 * n + 1,
            max_chance_nodes: 3,
            observation_shape: alloc::vec![PLANES, usize::from(height), usize::from(width)],
            information_state_shape: alloc::vec![PLANES, usize::from(height), usize::from(width)],
            chance: ChanceMode::ExplicitStochastic,
            information: Information::Imperfect,
            utility: Utility::ZeroSum,
            min_utility: -1.0,
            max_utility: 1.0,
            utility_sum: Some(0.0),
        };
        Ok(TrapStones {
            def: Shared::new(Def {
                info,
                rules,
                width,
                height,
                groups,
            }),
        })
    }

    /// The crate's rules.
    pub fn rules(&self) -> &Rules {
        &self.def.rules
    }

    /// A state starting from `setup` (draws, both sides' traps and the teams'
    /// sizes given): no chance nodes, no trap decisions.
    ///
    /// # Errors
    /// The crate's refusal of the setup, as text.
    pub fn state_with_setup(&self, setup: Setup) -> Result<TrapStonesState, String> {
        let game = trap_stones::Game::new(self.def.rules, setup).map_err(|e| e.to_string())?;
        Ok(TrapStonesState {
            def: self.def.clone(),
            draws: [None; 3],
            traps: [Vec::new(), Vec::new()],
            members: setup.members,
            game: Some(game),
            given: true,
            history: Vec::new(),
        })
    }

    /// A state whose sides are teams of `members` (ruling T11: the members take
    /// their side's turns in rotation), the draws and traps still to come.
    ///
    /// # Errors
    /// The crate's refusal of a team size, as text.
    pub fn state_with_members(&self, members: [u8; 2]) -> Result<TrapStonesState, String> {
        if let Some(&n) = members
            .iter()
            .find(|n| !(1..=trap_stones::MAX_MEMBERS).contains(*n))
        {
            return Err(trap_stones::SetupError::Members(n).to_string());
        }
        Ok(TrapStonesState {
            members,
            ..self.new_initial_state()
        })
    }
}

impl Game for TrapStones {
    type State = TrapStonesState;

    fn info(&self) -> &GameInfo {
        &self.def.info
    }

    fn new_initial_state(&self) -> TrapStonesState {
        TrapStonesState {
            def: self.def.clone(),
            draws: [None; 3],
            traps: [Vec::new(), Vec::new()],
            members: [1, 1],
            game: None,
            given: false,
            history: Vec::with_capacity(64),
        }
    }
}

/// A state: the draws and traps being decided, then the crate's game.
#[derive(Clone, Debug)]
pub struct TrapStonesState {
    def: Shared<Def>,
    /// The three draws, as outcomes 0/1, once drawn.
    draws: [Option<u8>; 3],
    /// Each side's traps chosen so far.
    traps: [Vec<Cell>; 2],
    /// Each side's team size (ruling T11), for the game once it starts.
    members: [u8; 2],
    /// The game, once both sides have chosen.
    game: Option<trap_stones::Game>,
    /// Whether the setup was given (no draws or trap decisions in the history).
    given: bool,
    history: Vec<Action>,
}

impl PartialEq for TrapStonesState {
    fn eq(&self, o: &TrapStonesState) -> bool {
        self.draws == o.draws
            && self.traps == o.traps
            && self.members == o.members
            && self.game == o.game
            && self.history == o.history
    }
}

/// What a state is waiting for.
enum Phase<'a> {
    Draw(usize),
    Trap(Side),
    Play(&'a trap_stones::Game),
}

impl TrapStonesState {
    /// The crate's game, once the traps are chosen.
    pub fn game(&self) -> Option<&trap_stones::Game> {
        self.game.as_ref()
    }

    fn phase(&self) -> Phase<'_> {
        if let Some(g) = &self.game {
            return Phase::Play(g);
        }
        if let Some(k) = self.draws.iter().position(Option::is_none) {
            return Phase::Draw(k);
        }
        let k = self.def.rules.traps();
        if self.traps[0].len() < k {
            Phase::Trap(Side::One)
        } else {
            Phase::Trap(Side::Two)
        }
    }

    fn turn_phase(&self) -> Turn {
        if let Some(g) = &self.game {
            return match g.awaiting() {
                Awaiting::Move(p) | Awaiting::Stake(p) => Turn::Player(p.side.index()),
                Awaiting::Over => Turn::Terminal,
            };
        }
        if self.draws.iter().any(Option::is_none) {
            return Turn::Chance;
        }
        if self.traps[0].len() < self.def.rules.traps() {
            Turn::Player(0)
        } else {
            Turn::Player(1)
        }
    }

    /// The crate's rules.
    pub fn rules(&self) -> &Rules {
        &self.def.rules
    }

    /// The traps `side` has chosen so far (its own are secret until the end: a
    /// program showing a player the game shows only that player's).
    pub fn traps_chosen(&self, side: Side) -> &[Cell] {
        match &self.game {
            Some(g) => g.setup().traps[side.index()].cells(),
            None => &self.traps[side.index()],
        }
    }

    /// The three draws, once made.
    pub fn draws(&self) -> Option<Draws> {
        let [Some(first), Some(axis), Some(side)] = self.draws else {
            return None;
        };
        let color = |x: u8| if x == 0 { Color::Dark } else { Color::Light };
        Some(Draws {
            first: if first == 0 { Side::One } else { Side::Two },
            axis: color(axis),
            side: color(side),
        })
    }

    fn check_trap(&self, side: Side, action: Action) -> Result<Cell, ActionError> {
        self.trap_refusal(side, action)
            .map_err(|refusal| match refusal {
                TrapRefusal::NotATrap => ActionError::Illegal(format!(
                    "action {action} is not a trap: traps are actions 0..{}",
                    self.def.cells()
                )),
                TrapRefusal::DrawsFirst => ActionError::Illegal("the draws come first".into()),
                TrapRefusal::Setup(e) => ActionError::Illegal(e.to_string()),
            })
    }

    /// [`TrapStonesState::check_trap`] without building a message: the random
    /// trap draws try many cells.
    fn trap_refusal(&self, side: Side, action: Action) -> Result<Cell, TrapRefusal> {
        let cell = self.def.cell(action).ok_or(TrapRefusal::NotATrap)?;
        let draws = self.draws().ok_or(TrapRefusal::DrawsFirst)?;
        let chosen = &self.traps[side.index()];
        let mut cells = [cell; trap_stones::MAX_TRAPS + 1];
        let n = chosen.len().min(trap_stones::MAX_TRAPS);
        cells[..n].copy_from_slice(&chosen[..n]);
        Setup::check_traps_so_far(&self.def.rules, &draws, side, &cells[..=n])
            .map_err(TrapRefusal::Setup)?;
        Ok(cell)
    }

    /// A trap for `side` drawn uniformly among the allowed cells, with its cell:
    /// cells drawn until one is allowed (most are), falling back to the list.
    fn random_trap<R: Rng + ?Sized>(&self, side: Side, rng: &mut R) -> Option<(Action, Cell)> {
        let n = self.def.cells();
        for _ in 0..64 {
            let a = below(rng, n);
            if let Ok(cell) = self.trap_refusal(side, a) {
                return Some((a, cell));
            }
        }
        let list = self.legal_actions();
        let a = *list.get(below(rng, list.len() as u32) as usize)?;
        Some((a, self.trap_refusal(side, a).ok()?))
    }

    fn check_play(&self, game: &trap_stones::Game, action: Action) -> Result<Move, ActionError> {
        let mv = self.def.play_move(action).ok_or_else(|| {
            ActionError::Illegal(format!(
                "action {action} is a trap cell; the traps are chosen: play a stone (actions {}..)",
                self.def.cells()
            ))
        })?;
        game.check(mv)
            .map_err(|e| ActionError::Illegal(e.to_string()))?;
        Ok(mv)
    }

    /// Starts the game once both sides have chosen their traps.
    fn start_if_ready(&mut self) {
        let k = self.def.rules.traps();
        if self.game.is_some() || self.traps[1].len() < k {
            return;
        }
        let (Some(draws), Ok(one), Ok(two)) = (
            self.draws(),
            Traps::new(&self.traps[0]),
            Traps::new(&self.traps[1]),
        ) else {
            return;
        };
        let setup = Setup {
            members: self.members,
            ..Setup::new(draws, [one, two])
        };
        self.game = trap_stones::Game::new(self.def.rules, setup).ok();
    }

    /// Takes `action` as [`State::apply_action`] does, giving each event of a move
    /// to `observer`; returns the crate's report of a move (`None` for a draw or a
    /// trap choice).
    ///
    /// # Errors
    /// As [`State::apply_action`]; nothing changes then.
    pub fn apply_traced(
        &mut self,
        action: Action,
        observer: &mut impl FnMut(trap_stones::Event),
    ) -> Result<Option<trap_stones::Report>, ActionError> {
        self.check(action)?;
        let mut report = None;
        match self.phase() {
            Phase::Draw(k) => self.draws[k] = Some(action as u8),
            Phase::Trap(side) => {
                let cell = self.check_trap(side, action)?;
                self.traps[side.index()].push(cell);
                self.start_if_ready();
            }
            Phase::Play(_) => {
                let mv = self
                    .def
                    .play_move(action)
                    .ok_or(ActionError::Illegal(format!("{action} is not a move")))?;
                let Some(g) = &mut self.game else {
                    return Err(ActionError::Terminal);
                };
                report = Some(
                    g.play_traced(mv, observer)
                        .map_err(|e| ActionError::Illegal(e.to_string()))?,
                );
            }
        }
        self.history.push(action);
        Ok(report)
    }

    fn side(player: usize) -> Side {
        if player == 0 { Side::One } else { Side::Two }
    }
}

/// Why a trap action is refused ([`TrapStonesState::check_trap`] words it).
enum TrapRefusal {
    NotATrap,
    DrawsFirst,
    Setup(trap_stones::SetupError),
}

impl State for TrapStonesState {
    fn info(&self) -> &GameInfo {
        &self.def.info
    }

    fn current_player(&self) -> Turn {
        self.turn_phase()
    }

    fn legal_actions_into(&self, out: &mut ActionList) {
        out.clear();
        match self.phase() {
            Phase::Draw(_) => out.extend([0, 1]),
            Phase::Trap(side) => {
                out.extend((0..self.def.cells()).filter(|&a| self.trap_refusal(side, a).is_ok()));
            }
            Phase::Play(g) => {
                if !g.is_over() {
                    self.def.list_moves(&g.legal_moves(), out);
                }
            }
        }
    }

    fn check(&self, action: Action) -> Result<(), ActionError> {
        let size = match self.turn_phase() {
            Turn::Terminal => return Err(ActionError::Terminal),
            Turn::Chance => 2,
            Turn::Player(_) => self.def.info.num_distinct_actions,
        };
        if action as usize >= size {
            return Err(ActionError::OutOfRange { action, size });
        }
        match self.phase() {
            Phase::Draw(_) => Ok(()),
            Phase::Trap(side) => self.check_trap(side, action).map(|_| ()),
            Phase::Play(g) => self.check_play(g, action).map(|_| ()),
        }
    }

    fn apply_action(&mut self, action: Action) -> Result<(), ActionError> {
        self.apply_traced(action, &mut |_| {}).map(|_| ())
    }

    fn chance_outcomes_into(&self, out: &mut Vec<(Action, Prob)>) {
        out.clear();
        if let Phase::Draw(_) = self.phase() {
            let half = Prob::new(1, 2).unwrap_or(Prob::ZERO);
            out.extend([(0, half), (1, half)]);
        }
    }

    fn returns(&self) -> PerPlayer {
        let mut r: PerPlayer = [0.0, 0.0].into_iter().collect();
        if let Some(o) = self.game.as_ref().and_then(|g| g.outcome())
            && let Some(w) = o.winner()
        {
            r[w.index()] = 1.0;
            r[w.other().index()] = -1.0;
        }
        r
    }

    fn scores(&self) -> PerPlayer {
        match &self.game {
            Some(g) => g.score().0.iter().map(|&x| f64::from(x)).collect(),
            None => [0.0, 0.0].into_iter().collect(),
        }
    }

    fn action_to_string(&self, turn: Turn, action: Action) -> String {
        match turn {
            Turn::Chance => {
                let k = self.draws.iter().position(Option::is_none).unwrap_or(0);
                match (k, action) {
                    (0, 0) => "side 1 moves first".into(),
                    (0, _) => "side 2 moves first".into(),
                    (1, 0) => "axis stone dark".into(),
                    (1, _) => "axis stone light".into(),
                    (_, 0) => "side stone dark".into(),
                    (_, _) => "side stone light".into(),
                }
            }
            _ => match (self.game.is_some(), self.def.play_move(action)) {
                (true, Some(mv)) => mv.to_string(),
                _ => match self.def.cell(action) {
                    Some(c) => format!("trap {c}"),
                    None => format!("{action}"),
                },
            },
        }
    }

    fn string_to_action(&self, text: &str) -> Result<Action, NotationError> {
        let t = text.trim();
        match self.phase() {
            Phase::Draw(k) => {
                let low = t.to_ascii_lowercase();
                let first = ["side 1 moves first", "axis stone dark", "side stone dark"];
                let second = ["side 2 moves first", "axis stone light", "side stone light"];
                if low == first[k] || low == "0" {
                    Ok(0)
                } else if low == second[k] || low == "1" {
                    Ok(1)
                } else {
                    Err(NotationError::Parse(format!(
                        "{t:?} is not an outcome of this draw"
                    )))
                }
            }
            Phase::Trap(_) => {
                let cell = t.strip_prefix("trap").unwrap_or(t).trim();
                let c: Cell = cell
                    .parse()
                    .map_err(|e: trap_stones::ParseError| NotationError::Parse(e.to_string()))?;
                if self.def.cell(self.def.number(c)) != Some(c) {
                    return Err(NotationError::NoSuchAction(t.into()));
                }
                Ok(self.def.number(c))
            }
            Phase::Play(_) => {
                let mv: Move = t
                    .parse()
                    .map_err(|e: trap_stones::ParseError| NotationError::Parse(e.to_string()))?;
                self.def
                    .action(mv)
                    .filter(|&a| self.def.play_move(a) == Some(mv))
                    .ok_or_else(|| NotationError::NoSuchAction(t.into()))
            }
        }
    }

    fn action_seen_by(&self, action: Action, player: usize) -> Option<String> {
        let turn = self.turn_phase();
        match (self.phase(), turn) {
            (Phase::Trap(side), _) if side.index() != player => None,
            _ => Some(self.action_to_string(turn, action)),
        }
    }

    fn action_hidden_from(&self, _action: Action, player: usize) -> bool {
        // As `action_seen_by`, without its text.
        matches!(self.phase(), Phase::Trap(side) if side.index() != player)
    }

    fn observation_string(&self, player: usize) -> String {
        self.picture(player)
    }

    fn information_state_string(&self, player: usize) -> String {
        self.seen_text(player)
    }

    fn observation_tensor(&self, player: usize, out: &mut [f32]) {
        self.write_observation(player, out);
    }

    fn information_state_tensor(&self, player: usize, out: &mut [f32]) {
        self.observation_tensor(player, out);
    }

    fn history(&self) -> &[Action] {
        &self.history
    }

    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        match self.phase() {
            Phase::Draw(_) => None,
            Phase::Trap(side) => self.random_trap(side, rng).map(|(a, _)| a),
            Phase::Play(g) => g.random_move(rng).and_then(|mv| self.def.action(mv)),
        }
    }

    fn playout_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        match self.phase() {
            Phase::Play(g) => g.playout_move(rng).and_then(|mv| self.def.action(mv)),
            _ => self.random_action(rng),
        }
    }

    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        match self.phase() {
            Phase::Draw(_) => Some(below(rng, 2)),
            _ => None,
        }
    }

    fn playout_step<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Action> {
        // In play, the policy's move checked once (by the crate); before it, the
        // default step.
        if let Some(g) = &mut self.game {
            let mv = g.playout_move(rng)?;
            let a = self.def.action(mv)?;
            g.play(mv).ok()?;
            self.history.push(a);
            return Some(a);
        }
        let action = match self.current_player() {
            Turn::Terminal => return None,
            Turn::Chance => self.sample_chance(rng),
            Turn::Player(_) => self.playout_action(rng),
        }?;
        self.apply_action(action).ok().map(|()| action)
    }

    fn play_out<R: Rng + ?Sized>(&mut self, rng: &mut R, max_steps: usize) -> usize {
        super::reserve_for_playout(&mut self.history, &self.def.info);
        let mut steps = 0;
        // The draws and the traps: the default steps' draws, each checked once.
        if self.game.is_none() {
            let k = self.def.rules.traps();
            for traps in &mut self.traps {
                traps.reserve(k.saturating_sub(traps.len()));
            }
        }
        while steps < max_steps && self.game.is_none() {
            let action = match self.phase() {
                Phase::Draw(k) => {
                    let a = below(rng, 2);
                    self.draws[k] = Some(a as u8);
                    a
                }
                Phase::Trap(side) => {
                    let Some((a, cell)) = self.random_trap(side, rng) else {
                        return steps;
                    };
                    self.traps[side.index()].push(cell);
                    self.start_if_ready();
                    a
                }
                Phase::Play(_) => break,
            };
            self.history.push(action);
            steps += 1;
        }
        // The play: the crate's policy, each move checked once (by the crate).
        while steps < max_steps {
            let Some(g) = &mut self.game else { break };
            let Some(mv) = g.playout_move(rng) else { break };
            let Some(a) = self.def.action(mv) else { break };
            if g.play(mv).is_err() {
                break;
            }
            self.history.push(a);
            steps += 1;
        }
        steps
    }

    fn resample_from_infostate<R: Rng + ?Sized>(&self, player: usize, rng: &mut R) -> Self {
        self.resampled(player, rng)
    }
}

impl Room for TrapStones {
    const NAME: &'static str = NAME;
    const ALIASES: &'static [&'static str] = &[];

    fn presets() -> &'static [&'static str] {
        Rules::PRESETS
    }

    /// The parameters: `rules` (`source`, `blitz`, `blitz3`, `corners`) and every
    /// field of the crate's serialised rules.
    fn param_specs() -> Vec<ParamSpec> {
        rules::rules_specs::<Rules>()
    }

    fn with_params(params: &Params) -> Result<TrapStones, LoadError> {
        TrapStones::new(params)
    }

    /// Before the draws, or for a given setup before the first move; no
    /// history; the teams kept.
    fn restarted(state: &TrapStonesState) -> TrapStonesState {
        let game = match (&state.game, state.given) {
            (Some(g), true) => trap_stones::Game::new(state.def.rules, *g.setup()).ok(),
            _ => None,
        };
        TrapStonesState {
            def: state.def.clone(),
            draws: [None; 3],
            traps: [Vec::new(), Vec::new()],
            members: state.members,
            game,
            given: state.given,
            history: Vec::new(),
        }
    }

    /// No knowledge; widening for the va-bank declarations (`search.rs`).
    #[cfg(feature = "std")]
    type Knowledge = crate::bot::NoKnowledge;

    #[cfg(feature = "std")]
    fn search_config(budget: crate::bot::Budget, seed: u64) -> crate::bot::Config {
        search::config(budget, seed)
    }

    #[cfg(feature = "referee")]
    fn setup_params(_setup: &mut super::Setup, _params: &mut Params) -> Result<(), super::Failure> {
        Ok(())
    }

    #[cfg(feature = "referee")]
    fn start(
        &self,
        setup: &super::Setup,
    ) -> Result<(TrapStonesState, alloc::collections::VecDeque<Action>), super::Failure> {
        json::start(self, setup)
    }

    #[cfg(feature = "referee")]
    fn rules_json(state: &TrapStonesState) -> serde_json::Value {
        crate::referee::fields::to_json(&state.def.rules)
    }

    #[cfg(feature = "referee")]
    fn state_json(state: &TrapStonesState) -> serde_json::Value {
        json::state(state)
    }

    #[cfg(feature = "referee")]
    fn view_json(state: &TrapStonesState, player: usize) -> serde_json::Value {
        json::view(state, player)
    }

    #[cfg(feature = "referee")]
    fn score_json(state: &TrapStonesState) -> serde_json::Value {
        state.game.as_ref().map_or(serde_json::Value::Null, |g| {
            crate::referee::fields::to_json(&g.score())
        })
    }

    #[cfg(feature = "referee")]
    fn apply_logged(
        state: &mut TrapStonesState,
        action: Action,
        log: &mut Vec<crate::referee::Logged>,
    ) -> Result<serde_json::Value, ActionError> {
        json::apply_logged(state, action, log)
    }

    #[cfg(feature = "referee")]
    fn record(_state: &TrapStonesState) -> Option<String> {
        None
    }
}
