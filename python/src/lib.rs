//! `tabletop._tabletop`: the native half of the Python package. Everything goes
//! through the `tabletop` interface; Python wrappers (`tabletop/*.py`) add the
//! OpenSpiel and PettingZoo faces.

mod batch;
mod puct;

use std::time::{Duration, Instant};

use numpy::{PyArray1, PyArrayMethods};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use rand_core::SeedableRng;
use tabletop::bot::{Budget, Config, Level, Searcher};
use tabletop::params::{Param, ParamSpec, Params};
use tabletop::rng::SplitMix64;
use tabletop::{AnyGame, AnyState, ChanceMode, Game, Information, State, Turn, Utility};

create_exception!(
    _tabletop,
    TabletopError,
    PyException,
    "Every error of the package."
);
create_exception!(
    _tabletop,
    LoadError,
    TabletopError,
    "A game or parameter that cannot be made."
);
create_exception!(
    _tabletop,
    IllegalAction,
    TabletopError,
    "An action the rules refuse now (the message says why)."
);
create_exception!(
    _tabletop,
    NotationError,
    TabletopError,
    "Text that is not a move of the game."
);
create_exception!(
    _tabletop,
    StateError,
    TabletopError,
    "A serialised state that cannot be read back."
);

fn to_param(v: &Bound<'_, PyAny>) -> PyResult<Param> {
    if let Ok(b) = v.extract::<bool>() {
        return Ok(Param::Bool(b));
    }
    if let Ok(i) = v.extract::<i64>() {
        return Ok(Param::Int(i));
    }
    if let Ok(x) = v.extract::<f64>() {
        return Ok(Param::Float(x));
    }
    if let Ok(s) = v.extract::<String>() {
        return Ok(Param::Str(s));
    }
    // Structured values (a throw table, a strength table): as JSON text.
    let json = v.py().import("json")?.call_method1("dumps", (v,))?;
    Ok(Param::Str(json.extract()?))
}

fn from_param(py: Python<'_>, p: &Param) -> PyResult<Py<PyAny>> {
    Ok(match p {
        Param::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        Param::Int(i) => i.into_pyobject(py)?.into_any().unbind(),
        Param::Float(x) => x.into_pyobject(py)?.into_any().unbind(),
        // Absent options and structured ones (a throw table) come back as
        // Python values: None, dicts, lists.
        Param::Str(s) if s == "null" => py.None(),
        Param::Str(s) if s.starts_with('{') || s.starts_with('[') => py
            .import("json")?
            .call_method1("loads", (s.as_str(),))?
            .unbind(),
        Param::Str(s) => s.into_pyobject(py)?.into_any().unbind(),
    })
}

fn params_dict<'py>(py: Python<'py>, params: &Params) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (k, v) in params.iter() {
        d.set_item(k, from_param(py, v)?)?;
    }
    Ok(d)
}

fn json_value<'py>(py: Python<'py>, v: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (v.to_string(),))
}

/// The registry names of the games.
#[pyfunction]
fn names() -> Vec<&'static str> {
    tabletop::NAMES.to_vec()
}

/// The parameters a game takes: a list of (name, default, meaning).
#[pyfunction]
fn param_specs(py: Python<'_>, name: &str) -> PyResult<Vec<(String, Py<PyAny>, String)>> {
    let specs: Vec<ParamSpec> =
        tabletop::param_specs(name).map_err(|e| LoadError::new_err(e.to_string()))?;
    specs
        .into_iter()
        .map(|s| Ok((s.name, from_param(py, &s.default)?, s.doc.to_string())))
        .collect()
}

/// The rules presets of a game, the default first.
#[pyfunction]
fn presets(name: &str) -> PyResult<Vec<&'static str>> {
    tabletop::presets(name)
        .map(<[&str]>::to_vec)
        .map_err(|e| LoadError::new_err(e.to_string()))
}

/// A game under one set of parameters: `Game("go", board_size=9)` or
/// `Game.load("go(board_size=9)")`.
#[pyclass(module = "tabletop._tabletop", name = "Game", frozen)]
#[derive(Clone)]
struct PyGame {
    game: AnyGame,
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (name, **params))]
    fn new(name: &str, params: Option<&Bound<'_, PyDict>>) -> PyResult<PyGame> {
        let mut p = Params::new();
        if let Some(d) = params {
            for (k, v) in d.iter() {
                p.set(&k.extract::<String>()?, to_param(&v)?);
            }
        }
        let game = tabletop::load_with(name, &p).map_err(|e| LoadError::new_err(e.to_string()))?;
        Ok(PyGame { game })
    }

    /// The game named by an OpenSpiel-style string, `"go(board_size=9,komi=6.5)"`.
    #[staticmethod]
    fn load(game_string: &str) -> PyResult<PyGame> {
        let game = tabletop::load(game_string).map_err(|e| LoadError::new_err(e.to_string()))?;
        Ok(PyGame { game })
    }

    /// The registry name (`go`, `o_an_quan`, …).
    #[getter]
    fn short_name(&self) -> &'static str {
        self.game.info().short_name
    }

    /// A name for people.
    #[getter]
    fn long_name(&self) -> &'static str {
        self.game.info().long_name
    }

    /// Every parameter with its value (defaults filled in).
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        params_dict(py, &self.game.info().params)
    }

    /// The game with its parameters, as OpenSpiel writes it.
    #[getter]
    fn game_string(&self) -> String {
        self.game.info().game_string()
    }

    #[getter]
    fn num_players(&self) -> usize {
        self.game.info().num_players
    }

    #[getter]
    fn num_distinct_actions(&self) -> usize {
        self.game.info().num_distinct_actions
    }

    #[getter]
    fn max_chance_outcomes(&self) -> usize {
        self.game.info().max_chance_outcomes
    }

    #[getter]
    fn max_game_length(&self) -> usize {
        self.game.info().max_game_length
    }

    #[getter]
    fn max_chance_nodes(&self) -> usize {
        self.game.info().max_chance_nodes
    }

    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.game.info().observation_shape.clone()
    }

    #[getter]
    fn information_state_shape(&self) -> Vec<usize> {
        self.game.info().information_state_shape.clone()
    }

    /// `"deterministic"` or `"explicit_stochastic"`.
    #[getter]
    fn chance_mode(&self) -> &'static str {
        match self.game.info().chance {
            ChanceMode::Deterministic => "deterministic",
            ChanceMode::ExplicitStochastic => "explicit_stochastic",
        }
    }

    /// `"perfect"` or `"imperfect"`.
    #[getter]
    fn information(&self) -> &'static str {
        match self.game.info().information {
            Information::Perfect => "perfect",
            Information::Imperfect => "imperfect",
        }
    }

    /// `"zero_sum"`, `"constant_sum"` or `"general_sum"`.
    #[getter]
    fn utility(&self) -> &'static str {
        match self.game.info().utility {
            Utility::ZeroSum => "zero_sum",
            Utility::ConstantSum => "constant_sum",
            Utility::GeneralSum => "general_sum",
        }
    }

    #[getter]
    fn min_utility(&self) -> f64 {
        self.game.info().min_utility
    }

    #[getter]
    fn max_utility(&self) -> f64 {
        self.game.info().max_utility
    }

    #[getter]
    fn utility_sum(&self) -> Option<f64> {
        self.game.info().utility_sum
    }

    /// The state before the first action.
    fn new_initial_state(&self) -> PyState {
        PyState::new(self.game.new_initial_state(), self.game.clone())
    }

    /// Reads a state written by `State.serialize()`.
    fn deserialize_state(&self, text: &str) -> PyResult<PyState> {
        let state = self
            .game
            .deserialize_state(text)
            .map_err(|e| StateError::new_err(e.to_string()))?;
        Ok(PyState::new(state, self.game.clone()))
    }

    /// Plays `count` whole random games from the start without returning to Python
    /// (the bulk path for rollouts and data): chance by its probabilities, decisions
    /// uniform (`policy="uniform"`) or by the game's playout policy
    /// (`policy="playout"`). Returns a dict: `games`, `actions` (total),
    /// `lengths` (actions per game), `returns` (per game, per player), `seconds`.
    /// Go's light playouts (`playouts="light"`, area scoring without group tax or
    /// button) run on go_core's playout board: the same games, faster.
    #[pyo3(signature = (count, seed = 0, policy = "uniform"))]
    fn random_playouts<'py>(
        &self,
        py: Python<'py>,
        count: usize,
        seed: u64,
        policy: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
        let playout = match policy {
            "uniform" => false,
            "playout" => true,
            other => {
                return Err(TabletopError::new_err(format!(
                    "policy is \"uniform\" or \"playout\", not {other:?}"
                )));
            }
        };
        let game = self.game.clone();
        let players = game.info().num_players;
        let (lengths, returns, seconds) = py.detach(move || {
            let mut rng = SplitMix64::seed_from_u64(seed);
            let start = Instant::now();
            let mut lengths = Vec::with_capacity(count);
            let mut returns = Vec::with_capacity(count * players);
            let initial = game.new_initial_state();
            // Go's light playouts on go_core's playout board, where they are
            // the same moves and returns as the state's own (tested in the
            // tabletop crate): faster, the same results.
            let light = match &initial {
                AnyState::Go(s) if playout => s.light_playouts(),
                _ => None,
            };
            if let Some(mut light) = light {
                for _ in 0..count {
                    lengths.push(light.run(&mut rng));
                    returns.extend(light.returns().iter().copied());
                }
                return (lengths, returns, start.elapsed().as_secs_f64());
            }
            for _ in 0..count {
                let mut s = initial.clone();
                let n = if playout {
                    // The game's own playout loop: the actions stepping would take.
                    s.play_out(&mut rng, usize::MAX)
                } else {
                    uniform_playout(&mut s, &mut rng)
                };
                lengths.push(n);
                returns.extend(s.returns().iter().copied());
            }
            (lengths, returns, start.elapsed().as_secs_f64())
        });
        let d = PyDict::new(py);
        d.set_item("games", count)?;
        d.set_item("actions", lengths.iter().sum::<usize>())?;
        let rows: Vec<Vec<f64>> = returns
            .chunks(players.max(1))
            .map(<[f64]>::to_vec)
            .collect();
        d.set_item("lengths", lengths)?;
        d.set_item("returns", rows)?;
        d.set_item("seconds", seconds)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!("tabletop.Game.load({:?})", self.game.info().game_string())
    }

    fn __str__(&self) -> String {
        self.game.info().game_string()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let load = py
            .import("tabletop._tabletop")?
            .getattr("Game")?
            .getattr("load")?;
        Ok((load, (self.game.info().game_string(),)))
    }
}

/// The Python integers `0..SMALL_INTS`, made once: a list of actions is built
/// from them by reference, without creating an integer object per entry.
const SMALL_INTS: u32 = 1024;
static INTS: pyo3::sync::PyOnceLock<Vec<Py<PyAny>>> = pyo3::sync::PyOnceLock::new();

/// A new Python list of the integers `values`. Measured (docs/benchmarks.md):
/// building the list entry by entry from the cached integers takes about a
/// third of the time of converting each value, and in the loop of a random
/// game this list is most of the package's own time.
#[allow(unsafe_code)]
fn int_list<'py>(py: Python<'py>, values: &[u32]) -> PyResult<Bound<'py, PyList>> {
    let ints = INTS.get_or_init(py, || {
        (0..SMALL_INTS)
            .map(|v| v.into_pyobject(py).map(|o| o.into_any().unbind()))
            .collect::<Result<Vec<_>, _>>()
            .unwrap_or_default()
    });
    let len = pyo3::ffi::Py_ssize_t::try_from(values.len())
        .map_err(|_| PyException::new_err("too many actions for a list"))?;
    // SAFETY: the interpreter is held (`py`). `PyList_New` returns a new
    // reference to a list of `len` empty slots (or null with an exception
    // set, turned into the error); each slot `k < len` is filled exactly once
    // with a new reference (an increment of a cached integer, or a new
    // integer checked for null), which `PyList_SET_ITEM` steals; on a failure
    // the half-filled list is released (its empty slots are null, which the
    // list's deallocation skips). The returned pointer is owned and is a list.
    unsafe {
        let list = pyo3::ffi::PyList_New(len);
        if list.is_null() {
            return Err(PyErr::fetch(py));
        }
        for (k, &v) in values.iter().enumerate() {
            let item = match ints.get(v as usize) {
                Some(int) => {
                    let p = int.as_ptr();
                    pyo3::ffi::Py_INCREF(p);
                    p
                }
                None => pyo3::ffi::PyLong_FromUnsignedLong(v.into()),
            };
            if item.is_null() {
                pyo3::ffi::Py_DECREF(list);
                return Err(PyErr::fetch(py));
            }
            pyo3::ffi::PyList_SET_ITEM(list, k as pyo3::ffi::Py_ssize_t, item);
        }
        Ok(Bound::from_owned_ptr(py, list).cast_into_unchecked())
    }
}

/// A state: a position with its history. Actions are dense ids; moves are the
/// game's notation.
#[pyclass(module = "tabletop._tabletop", name = "State")]
struct PyState {
    state: AnyState,
    game: AnyGame,
    /// Scratch for `legal_actions`, reused from call to call (not state: a
    /// clone starts with an empty one).
    actions: Vec<u32>,
}

impl PyState {
    fn new(state: AnyState, game: AnyGame) -> PyState {
        PyState {
            state,
            game,
            actions: Vec::new(),
        }
    }
}

impl Clone for PyState {
    fn clone(&self) -> PyState {
        PyState::new(self.state.clone(), self.game.clone())
    }
}

fn turn_id(t: Turn) -> i64 {
    i64::from(t.openspiel_id())
}

#[pymethods]
impl PyState {
    /// The game.
    #[getter]
    fn game(&self) -> PyGame {
        PyGame {
            game: self.game.clone(),
        }
    }

    /// The player to decide (0-based), -1 at a chance node, -4 at the end (as
    /// OpenSpiel numbers them).
    fn current_player(&self) -> i64 {
        turn_id(self.state.current_player())
    }

    fn is_terminal(&self) -> bool {
        self.state.is_terminal()
    }

    fn is_chance_node(&self) -> bool {
        self.state.is_chance_node()
    }

    /// The legal actions in increasing order (at a chance node, the outcomes).
    fn legal_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        // Into the reused buffer, then straight into a new list: no vector
        // allocated a call (the loop of a random game calls this every move).
        self.state.legal_actions_into(&mut self.actions);
        int_list(py, &self.actions)
    }

    /// The legal actions as a 0/1 mask over the node's action space.
    fn legal_actions_mask(&self) -> Vec<u8> {
        self.state.legal_actions_mask()
    }

    /// The legal moves in the game's notation, in the order of `legal_actions()`.
    fn legal_moves(&self) -> Vec<String> {
        let turn = self.state.current_player();
        self.state
            .legal_actions()
            .into_iter()
            .map(|a| self.state.action_to_string(turn, a))
            .collect()
    }

    /// The legal actions of `player` as PettingZoo's action mask: an int8
    /// array of `num_distinct_actions` entries, 1 for a legal action, all zeros
    /// unless `player` is to decide.
    fn action_mask<'py>(
        &mut self,
        py: Python<'py>,
        player: usize,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        self.player_ok(player)?;
        let mask = PyArray1::<i8>::zeros(py, self.state.info().num_distinct_actions, false);
        if self.state.current_player() == Turn::Player(player) {
            self.state.legal_actions_into(&mut self.actions);
            let mut w = mask.try_readwrite()?;
            let slice = w.as_slice_mut()?;
            for &a in &self.actions {
                if let Some(x) = slice.get_mut(a as usize) {
                    *x = 1;
                }
            }
        }
        Ok(mask)
    }

    /// Whether `action` may be taken now.
    fn is_legal(&self, action: u32) -> bool {
        self.state.is_legal(action)
    }

    /// Raises `IllegalAction` saying why `action` may not be taken now.
    fn check(&self, action: u32) -> PyResult<()> {
        self.state
            .check(action)
            .map_err(|e| IllegalAction::new_err(e.to_string()))
    }

    /// Takes `action` (a decision, or at a chance node the outcome that happened).
    /// On an error nothing changes.
    fn apply_action(&mut self, action: u32) -> PyResult<()> {
        self.state
            .apply_action(action)
            .map_err(|e| IllegalAction::new_err(e.to_string()))
    }

    /// Takes the move written in the game's notation.
    fn apply_move(&mut self, text: &str) -> PyResult<()> {
        let a = self.string_to_action(text)?;
        self.apply_action(a)
    }

    /// The chance outcomes with their probabilities (empty unless at a chance node).
    fn chance_outcomes(&self) -> Vec<(u32, f64)> {
        self.state
            .chance_outcomes()
            .into_iter()
            .map(|(a, p)| (a, p.to_f64()))
            .collect()
    }

    /// The chance outcomes with their exact probabilities as (numerator,
    /// denominator) pairs.
    fn chance_outcomes_exact(&self) -> Vec<(u32, (u128, u128))> {
        self.state
            .chance_outcomes()
            .into_iter()
            .map(|(a, p)| (a, (p.numerator(), p.denominator())))
            .collect()
    }

    /// Each player's return: +1 a win, -1 a loss, 0 a draw; 0 before the end.
    fn returns(&self) -> Vec<f64> {
        self.state.returns().to_vec()
    }

    /// Each player's score in the game's own terms.
    fn scores(&self) -> Vec<f64> {
        self.state.scores().to_vec()
    }

    /// The action as a move in the game's notation, taken by `player` (-1: a
    /// chance outcome).
    fn action_to_string(&self, player: i64, action: u32) -> String {
        let turn = match player {
            -1 => Turn::Chance,
            p if p >= 0 => Turn::Player(p as usize),
            _ => Turn::Terminal,
        };
        self.state.action_to_string(turn, action)
    }

    /// The action a move in the game's notation names at this node.
    fn string_to_action(&self, text: &str) -> PyResult<u32> {
        self.state
            .string_to_action(text)
            .map_err(|e| NotationError::new_err(e.to_string()))
    }

    /// How `player` sees `action` taken now: its notation, or None when hidden.
    fn action_seen_by(&self, action: u32, player: usize) -> Option<String> {
        self.state.action_seen_by(action, player)
    }

    fn observation_string(&self, player: usize) -> PyResult<String> {
        self.player_ok(player)?;
        Ok(self.state.observation_string(player))
    }

    fn information_state_string(&self, player: usize) -> PyResult<String> {
        self.player_ok(player)?;
        Ok(self.state.information_state_string(player))
    }

    /// The observation as a flat float32 array (shape: `game.observation_shape`).
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: usize,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.player_ok(player)?;
        let mut v = vec![0f32; self.state.info().observation_len()];
        self.state.observation_tensor(player, &mut v);
        Ok(PyArray1::from_vec(py, v))
    }

    /// Writes the observation into `out` (a float32 array of the right length).
    fn observation_tensor_into(
        &self,
        player: usize,
        out: &Bound<'_, PyArray1<f32>>,
    ) -> PyResult<()> {
        self.player_ok(player)?;
        let mut w = out.try_readwrite()?;
        let slice = w.as_slice_mut()?;
        if slice.len() != self.state.info().observation_len() {
            return Err(TabletopError::new_err("the array has the wrong length"));
        }
        self.state.observation_tensor(player, slice);
        Ok(())
    }

    /// The information state as a flat float32 array.
    fn information_state_tensor<'py>(
        &self,
        py: Python<'py>,
        player: usize,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.player_ok(player)?;
        let mut v = vec![0f32; self.state.info().information_state_len()];
        self.state.information_state_tensor(player, &mut v);
        Ok(PyArray1::from_vec(py, v))
    }

    /// What `player` may see, as the referee's JSON view (a dict).
    fn view<'py>(&self, py: Python<'py>, player: usize) -> PyResult<Bound<'py, PyAny>> {
        self.player_ok(player)?;
        json_value(py, &tabletop::referee::view_json(&self.state, player))
    }

    /// Everything, as the referee's JSON state (a dict): hidden information
    /// included.
    fn full_state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_value(py, &tabletop::referee::state_json(&self.state))
    }

    /// Every action since the start, chance outcomes included.
    fn history(&self) -> Vec<u32> {
        self.state.history().to_vec()
    }

    /// Decisions and chance outcomes taken so far.
    fn move_number(&self) -> usize {
        self.state.history().len()
    }

    /// The state as text (`Game.deserialize_state` reads it back).
    fn serialize(&self) -> String {
        self.state.serialize()
    }

    /// A uniformly random legal decision (None unless a player is to move).
    fn random_action(&self, rng: &mut Rng) -> Option<u32> {
        self.state.random_action(&mut rng.rng)
    }

    /// A decision of the game's playout policy (None unless a player is to move).
    fn playout_action(&self, rng: &mut Rng) -> Option<u32> {
        self.state.playout_action(&mut rng.rng)
    }

    /// A chance outcome drawn by its probability (None unless at a chance node).
    fn sample_chance(&self, rng: &mut Rng) -> Option<u32> {
        self.state.sample_chance(&mut rng.rng)
    }

    /// Plays on to the end (or `max_steps` steps) with the playout policy and
    /// chance; returns the steps taken.
    #[pyo3(signature = (rng, max_steps = 1_000_000))]
    fn play_out(&mut self, rng: &mut Rng, max_steps: usize) -> usize {
        self.state.play_out(&mut rng.rng, max_steps)
    }

    /// A state `player` cannot tell from this one, its hidden information drawn
    /// afresh.
    fn resample_from_infostate(&self, player: usize, rng: &mut Rng) -> PyResult<PyState> {
        self.player_ok(player)?;
        Ok(PyState::new(
            self.state.resample_from_infostate(player, &mut rng.rng),
            self.game.clone(),
        ))
    }

    /// A copy (states share nothing: clones are independent).
    fn clone(&self) -> PyState {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyState {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        Clone::clone(self)
    }

    fn __eq__(&self, other: &PyState) -> bool {
        self.state == other.state
    }

    fn __str__(&self) -> String {
        match self.state.current_player() {
            Turn::Player(p) => self.state.observation_string(p),
            _ => self.state.observation_string(0),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<tabletop state of {} after {} actions>",
            self.game.info().game_string(),
            self.state.history().len()
        )
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = py.import("tabletop._tabletop")?.getattr("_restore_state")?;
        let args = PyTuple::new(py, [self.game.info().game_string(), self.state.serialize()])?;
        Ok((restore, args))
    }
}

impl PyState {
    fn player_ok(&self, player: usize) -> PyResult<()> {
        let n = self.state.info().num_players;
        if player >= n {
            return Err(TabletopError::new_err(format!(
                "player {player}: this game has players 0 to {}",
                n - 1
            )));
        }
        Ok(())
    }
}

/// Rebuilds a pickled state.
#[pyfunction]
fn _restore_state(game_string: &str, serialized: &str) -> PyResult<PyState> {
    let game = tabletop::load(game_string).map_err(|e| LoadError::new_err(e.to_string()))?;
    let state = game
        .deserialize_state(serialized)
        .map_err(|e| StateError::new_err(e.to_string()))?;
    Ok(PyState::new(state, game))
}

/// The number of states within `depth` actions of `state`, each history once:
/// decision nodes and terminal states (chance nodes only when asked); with
/// `terminals_beyond`, terminal states one action beyond too, as OpenSpiel's
/// `get_all_states` counts them.
#[pyfunction]
#[pyo3(signature = (state, depth, chance_nodes = false, terminals_beyond = false))]
fn tree_size(
    py: Python<'_>,
    state: &PyState,
    depth: usize,
    chance_nodes: bool,
    terminals_beyond: bool,
) -> u64 {
    let s = state.state.clone();
    py.detach(move || tabletop::suite::tree_size(&s, depth, chance_nodes, terminals_beyond))
}

/// The JSON-lines referee (`docs/referee.md`): `handle(line)` answers one request
/// line with one response line.
#[pyclass(module = "tabletop._tabletop")]
struct Referee {
    referee: tabletop::referee::Referee,
}

#[pymethods]
impl Referee {
    #[new]
    fn new() -> Referee {
        Referee {
            referee: tabletop::referee::Referee::new(),
        }
    }

    /// The response line to one request line, and whether the client asked to quit.
    fn handle(&mut self, line: &str) -> (String, bool) {
        self.referee.handle(line)
    }
}

/// A seeded random generator (SplitMix64) for the random helpers.
#[pyclass(module = "tabletop._tabletop")]
struct Rng {
    rng: SplitMix64,
}

#[pymethods]
impl Rng {
    #[new]
    #[pyo3(signature = (seed = 0))]
    fn new(seed: u64) -> Rng {
        Rng {
            rng: SplitMix64::new(seed),
        }
    }
}

/// The search bot (Monte Carlo tree search over the interface; from its own view
/// only in games of hidden information). Give one budget: a `level` (1–10), a
/// number of `playouts`, or `seconds`. It stops before the budget once more
/// playouts could not change its choice, unless `stop_early=False` (the same
/// choice under a playout budget, from fewer playouts). `threads` searches on
/// that many threads at once (root parallelism; a playout budget is shared among
/// them, and the same seed gives the same choice).
#[pyclass(module = "tabletop._tabletop")]
struct Bot {
    searcher: Searcher,
}

#[pymethods]
impl Bot {
    #[new]
    #[pyo3(signature = (game, level = None, playouts = None, seconds = None, seed = 1, stop_early = true, threads = 1))]
    fn new(
        game: &PyGame,
        level: Option<u8>,
        playouts: Option<u64>,
        seconds: Option<f64>,
        seed: u64,
        stop_early: bool,
        threads: usize,
    ) -> PyResult<Bot> {
        if threads == 0 {
            return Err(TabletopError::new_err("threads must be at least 1"));
        }
        let budget = match (level, playouts, seconds) {
            (_, Some(n), _) => Budget::playouts(n.max(1)),
            (_, _, Some(s)) if s > 0.0 && s.is_finite() => Budget::time(Duration::from_secs_f64(s)),
            (_, _, Some(_)) => return Err(TabletopError::new_err("seconds must be positive")),
            (Some(l), _, _) => Level::new(l).budget(),
            _ => Level::new(5).budget(),
        };
        Ok(Bot {
            searcher: Searcher::new(Config {
                stop_early,
                threads,
                ..Config::for_game(game.game.info().short_name, budget, seed)
            }),
        })
    }

    /// The action the bot chooses for the player to move (None at a chance node
    /// or the end).
    fn step(&mut self, py: Python<'_>, state: &PyState) -> Option<u32> {
        let s = state.state.clone();
        let searcher = &mut self.searcher;
        py.detach(move || searcher.search(&s).action)
    }

    /// As `step`, with the search's statistics: a dict with `action`, `playouts`,
    /// `value` (-1..1 for the player to move), `seconds` and the root's
    /// `children` as (action, visits, value). A forced move (one legal action)
    /// is returned without a search: no playouts, no children, value 0.
    fn search<'py>(&mut self, py: Python<'py>, state: &PyState) -> PyResult<Bound<'py, PyDict>> {
        let s = state.state.clone();
        let searcher = &mut self.searcher;
        let r = py.detach(move || searcher.search(&s));
        let d = PyDict::new(py);
        d.set_item("action", r.action)?;
        d.set_item("playouts", r.playouts)?;
        d.set_item("value", r.value)?;
        d.set_item("seconds", r.elapsed.as_secs_f64())?;
        let children: Vec<(u32, u32, f64)> = r
            .children
            .iter()
            .map(|c| (c.action, c.visits, c.value))
            .collect();
        d.set_item("children", children)?;
        Ok(d)
    }
}

#[pymodule]
fn _tabletop(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<Rng>()?;
    m.add_class::<Bot>()?;
    m.add_class::<Referee>()?;
    m.add_class::<batch::PyBatch>()?;
    m.add_class::<puct::PuctBot>()?;
    m.add_function(wrap_pyfunction!(tree_size, m)?)?;
    m.add_function(wrap_pyfunction!(names, m)?)?;
    m.add_function(wrap_pyfunction!(param_specs, m)?)?;
    m.add_function(wrap_pyfunction!(presets, m)?)?;
    m.add_function(wrap_pyfunction!(_restore_state, m)?)?;
    m.add("TabletopError", m.py().get_type::<TabletopError>())?;
    m.add("LoadError", m.py().get_type::<LoadError>())?;
    m.add("IllegalAction", m.py().get_type::<IllegalAction>())?;
    m.add("NotationError", m.py().get_type::<NotationError>())?;
    m.add("StateError", m.py().get_type::<StateError>())?;
    Ok(())
}

/// Plays `state` to its end with chance by its probabilities and decisions
/// uniform among the legal ones; returns the actions taken.
fn uniform_playout<S: State, R: rand_core::Rng + ?Sized>(state: &mut S, rng: &mut R) -> usize {
    let mut n = 0;
    loop {
        let a = match state.current_player() {
            Turn::Terminal => break,
            Turn::Chance => state.sample_chance(rng),
            Turn::Player(_) => state.random_action(rng),
        };
        let Some(a) = a else { break };
        if state.apply_action(a).is_err() {
            break;
        }
        n += 1;
    }
    n
}
