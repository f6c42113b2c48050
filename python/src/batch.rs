//! `tabletop._tabletop.Batch`: N games of one game stepped together
//! (`tabletop::batch`), writing into NumPy arrays the batch owns, read from
//! Python without a copy. `tabletop/vector.py` builds the Gymnasium and the
//! functional interfaces on it.

use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use tabletop::batch::{Batch, BatchError, Outputs};
use tabletop::{Action, AnyGame, Game};

use crate::{IllegalAction, PyGame, Rng, TabletopError};

/// The most games a batch holds, and the most threads it steps them on: beyond
/// these a request is a mistake, and honouring it could exhaust memory or the
/// system's threads (which would abort the interpreter, not raise).
const MAX_GAMES: usize = 1 << 22;
const MAX_THREADS: usize = 256;

fn batch_error(e: BatchError) -> PyErr {
    match e {
        BatchError::Illegal { .. } => IllegalAction::new_err(e.to_string()),
        BatchError::Length { .. } | BatchError::NoSuchPlayer { .. } => {
            PyValueError::new_err(e.to_string())
        }
        _ => TabletopError::new_err(e.to_string()),
    }
}

/// N games of one game and one rules setting, stepped together in Rust.
///
/// ``Batch(game, num_envs, threads=1, max_steps=None)``: ``game`` a
/// :class:`Game` or a game string (``"go(board_size=9)"``). ``reset(seeds)``
/// starts game ``i`` from ``seeds[i]``; ``step(actions)`` takes ``actions[i]``
/// in game ``i`` for its player to move, resolves the chance that follows from
/// the game's own generator, and starts the next episode at once in every game
/// that ended (same-step auto-reset).
///
/// The results are arrays the batch owns, one row per game:
/// ``observations`` (float32, ``(N, *game.observation_shape)``: the player to
/// move's view), ``masks`` (bool, ``(N, num_actions)``), ``rewards``
/// (float32, ``(N, num_players)``: what the step paid each player, its return
/// when the game ended), ``terminated`` and ``truncated`` (bool, ``(N,)``),
/// ``players`` (int32, ``(N,)``: the player to move) and
/// ``final_observations`` (float32, like ``observations``: the last view of
/// each episode that ended in the step; other rows are stale).
///
/// **How long an array is valid.** Each attribute is a read-only NumPy view of
/// the batch's buffer, the same object at every access, **overwritten in place
/// by the next** ``reset``, ``step`` or ``step_some``. Keeping one is safe (it
/// keeps the buffer alive, even past the batch), but it shows the latest step:
/// copy what must outlive the next call (``obs = batch.observations.copy()``).
/// Do not read the arrays from another thread while a step runs (the step
/// releases the interpreter lock and writes them).
#[pyclass(module = "tabletop._tabletop", name = "Batch")]
pub(crate) struct PyBatch {
    batch: Batch<AnyGame>,
    /// The buffers Rust writes (writable NumPy arrays) …
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<u8>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    players: Py<PyArray1<i32>>,
    final_observations: Py<PyArray2<f32>>,
    /// … and the read-only views of them Python sees.
    views: [Py<PyAny>; 7],
    /// The actions of a step, converted.
    actions: Vec<Action>,
    active: Vec<bool>,
    started: bool,
    /// The settings, as last set (the batch keeps its own copy).
    threads: usize,
    max_steps: Option<u32>,
    final_viewer: Option<usize>,
}

/// A read-only view of `array` shaped `shape` (and viewed as `dtype` when given).
fn view<'py>(
    array: &Bound<'py, PyUntypedArray>,
    shape: &[usize],
    dtype: Option<&str>,
) -> PyResult<Py<PyAny>> {
    let py = array.py();
    let mut v = array.call_method1("reshape", (PyTuple::new(py, shape)?,))?;
    if let Some(d) = dtype {
        v = v.call_method1("view", (py.import("numpy")?.getattr(d)?,))?;
    } else {
        v = v.call_method0("view")?;
    }
    v.getattr("flags")?.setattr("writeable", false)?;
    Ok(v.unbind())
}

/// The integers of `obj` (a NumPy array of any integer type, or a sequence of
/// Python ints), into `out` as actions. A value that is no action of the game
/// raises `IllegalAction` naming its game.
/// With `active`, the values of the games left out are not looked at (0).
fn read_actions(
    obj: &Bound<'_, PyAny>,
    n: usize,
    space: usize,
    active: Option<&[bool]>,
    out: &mut Vec<Action>,
) -> PyResult<()> {
    out.clear();
    let push = |out: &mut Vec<Action>, game: usize, v: i128| -> PyResult<()> {
        if active.is_some_and(|a| !a.get(game).copied().unwrap_or(true)) {
            out.push(0);
            return Ok(());
        }
        match u32::try_from(v) {
            Ok(a) if (a as usize) < space => {
                out.push(a);
                Ok(())
            }
            _ => Err(IllegalAction::new_err(format!(
                "game {game}: action {v} is not an action of the game (0 to {})",
                space.saturating_sub(1)
            ))),
        }
    };
    macro_rules! from_array {
        ($($t:ty),*) => {$(
            if let Ok(a) = obj.cast::<PyArray1<$t>>() {
                let r = a.try_readonly()?;
                for (game, &v) in r.as_array().iter().enumerate() {
                    push(out, game, v as i128)?;
                }
                return check_len(out.len(), n, "actions");
            }
        )*};
    }
    from_array!(i64, i32, u32, u64, i16, u16, i8, u8);
    if let Ok(a) = obj.cast::<PyUntypedArray>() {
        let kind = a.dtype().kind();
        if a.ndim() != 1 {
            return Err(PyValueError::new_err(format!(
                "actions: a one-dimensional array, not one of shape {:?}",
                a.shape()
            )));
        }
        return Err(PyTypeError::new_err(format!(
            "actions: an array of integers, not of dtype kind {:?}",
            kind as char
        )));
    }
    let values: Vec<i128> = obj.extract().map_err(|_| {
        PyTypeError::new_err("actions: a NumPy array of integers or a sequence of ints")
    })?;
    for (game, v) in values.into_iter().enumerate() {
        push(out, game, v)?;
    }
    check_len(out.len(), n, "actions")
}

fn check_len(found: usize, expected: usize, what: &str) -> PyResult<()> {
    if found != expected {
        return Err(PyValueError::new_err(format!(
            "{what} has {found} entries, not {expected}"
        )));
    }
    Ok(())
}

/// The booleans of `obj` (a NumPy bool array or a sequence of bools) into `out`.
fn read_bools(obj: &Bound<'_, PyAny>, n: usize, out: &mut Vec<bool>) -> PyResult<()> {
    out.clear();
    if let Ok(a) = obj.cast::<PyArray1<bool>>() {
        out.extend(a.try_readonly()?.as_array().iter().copied());
    } else {
        let v: Vec<bool> = obj.extract().map_err(|_| {
            PyTypeError::new_err("active: a NumPy bool array or a sequence of bools")
        })?;
        out.extend(v);
    }
    check_len(out.len(), n, "active")
}

impl PyBatch {
    /// Runs `f` on the batch with the buffers as `Outputs`, the interpreter
    /// lock released.
    fn with_outputs<F>(&mut self, py: Python<'_>, f: F) -> PyResult<()>
    where
        F: FnOnce(
                &mut Batch<AnyGame>,
                &[Action],
                &[bool],
                &mut Outputs<'_>,
            ) -> Result<(), BatchError>
            + Send,
    {
        let (o, m, r) = (
            self.observations.bind(py),
            self.masks.bind(py),
            self.rewards.bind(py),
        );
        let (te, tr, p, fo) = (
            self.terminated.bind(py),
            self.truncated.bind(py),
            self.players.bind(py),
            self.final_observations.bind(py),
        );
        // Unchecked on purpose: NumPy's borrow tracking (`try_readwrite`) costs
        // about 5,800 instructions for the seven arrays at every call, 42 % of a
        // one-game step called from Python (callgrind, o_an_quan, N = 1).
        //
        // SAFETY: the seven arrays are this batch's own buffers, made in `new`:
        // C-contiguous, of the lengths `Outputs` needs, distinct (no two share
        // memory), and never reallocated (nothing here resizes them, and NumPy
        // refuses to resize an array other arrays view). Python is given only
        // read-only views of them, and `&mut self` (PyO3's exclusive borrow of
        // this object) means no other call of this batch runs while the slices
        // live, which is until this function returns. What is left is a
        // program that reaches a buffer through a view's `.base` and writes it
        // from another thread during a step: a race the class documentation
        // rules out, as it is for any array a native call writes without the
        // interpreter lock.
        #[allow(unsafe_code)]
        let mut out = unsafe {
            Outputs {
                observations: o.as_slice_mut()?,
                masks: m.as_slice_mut()?,
                rewards: r.as_slice_mut()?,
                terminated: te.as_slice_mut()?,
                truncated: tr.as_slice_mut()?,
                players: p.as_slice_mut()?,
                final_observations: fo.as_slice_mut()?,
            }
        };
        let batch = &mut self.batch;
        let (actions, active) = (&self.actions[..], &self.active[..]);
        py.detach(|| f(batch, actions, active, &mut out))
            .map_err(batch_error)
    }
}

#[pymethods]
impl PyBatch {
    #[new]
    #[pyo3(signature = (game, num_envs, threads = 1, max_steps = None))]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        num_envs: usize,
        threads: usize,
        max_steps: Option<u32>,
    ) -> PyResult<PyBatch> {
        let game: AnyGame = if let Ok(g) = game.cast::<PyGame>() {
            g.get().game.clone()
        } else if let Ok(s) = game.extract::<String>() {
            tabletop::load(&s).map_err(|e| crate::LoadError::new_err(e.to_string()))?
        } else {
            return Err(PyTypeError::new_err(
                "game: a tabletop.Game or a game string",
            ));
        };
        if num_envs == 0 || num_envs > MAX_GAMES {
            return Err(PyValueError::new_err(format!(
                "num_envs: 1 to {MAX_GAMES}, not {num_envs}"
            )));
        }
        check_threads(threads)?;
        check_max_steps(max_steps)?;
        let info = game.info().clone();
        let (n, olen, alen, players) = (
            num_envs,
            info.observation_len(),
            info.num_distinct_actions,
            info.num_players,
        );
        let observations = PyArray2::<f32>::zeros(py, [n, olen], false);
        let masks = PyArray2::<u8>::zeros(py, [n, alen], false);
        let rewards = PyArray2::<f32>::zeros(py, [n, players], false);
        let terminated = PyArray1::<bool>::zeros(py, n, false);
        let truncated = PyArray1::<bool>::zeros(py, n, false);
        let players_arr = PyArray1::<i32>::from_vec(py, vec![-1; n]);
        let final_observations = PyArray2::<f32>::zeros(py, [n, olen], false);
        let mut obs_shape = vec![n];
        obs_shape.extend(&info.observation_shape);
        if info.observation_shape.iter().product::<usize>() != olen {
            obs_shape = vec![n, olen];
        }
        let views = [
            view(observations.as_untyped(), &obs_shape, None)?,
            view(masks.as_untyped(), &[n, alen], Some("bool_"))?,
            view(rewards.as_untyped(), &[n, players], None)?,
            view(terminated.as_untyped(), &[n], None)?,
            view(truncated.as_untyped(), &[n], None)?,
            view(players_arr.as_untyped(), &[n], None)?,
            view(final_observations.as_untyped(), &obs_shape, None)?,
        ];
        let mut batch = Batch::new(game, n);
        batch.set_threads(threads);
        batch.set_max_steps(max_steps);
        Ok(PyBatch {
            batch,
            observations: observations.unbind(),
            masks: masks.unbind(),
            rewards: rewards.unbind(),
            terminated: terminated.unbind(),
            truncated: truncated.unbind(),
            players: players_arr.unbind(),
            final_observations: final_observations.unbind(),
            views,
            actions: Vec::with_capacity(n),
            active: Vec::with_capacity(n),
            started: false,
            threads,
            max_steps,
            final_viewer: None,
        })
    }

    /// The game.
    #[getter]
    fn game(&self) -> PyGame {
        PyGame {
            game: self.batch.game().clone(),
        }
    }

    /// The number of games (N).
    #[getter]
    fn num_envs(&self) -> usize {
        self.batch.len()
    }

    fn __len__(&self) -> usize {
        self.batch.len()
    }

    /// The shape of one game's observation (`game.observation_shape`).
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        let info = self.batch.game().info();
        if info.observation_shape.iter().product::<usize>() == info.observation_len() {
            info.observation_shape.clone()
        } else {
            vec![info.observation_len()]
        }
    }

    /// Entries of one game's mask: the game's decision actions.
    #[getter]
    fn num_actions(&self) -> usize {
        self.batch.num_actions()
    }

    /// Players of the game: columns of `rewards`.
    #[getter]
    fn num_players(&self) -> usize {
        self.batch.num_players()
    }

    /// Threads a step runs on (1: the calling thread; at most 256). The games
    /// are split in contiguous runs, one per thread; the results do not
    /// depend on it.
    #[getter]
    fn get_threads(&self) -> usize {
        self.threads
    }

    #[setter]
    fn set_threads(&mut self, threads: usize) -> PyResult<()> {
        check_threads(threads)?;
        self.batch.set_threads(threads);
        self.threads = threads;
        Ok(())
    }

    /// Decisions after which an episode is truncated (None: only the game's
    /// end ends it).
    #[getter]
    fn get_max_steps(&self) -> Option<u32> {
        self.max_steps
    }

    #[setter]
    fn set_max_steps(&mut self, max_steps: Option<u32>) -> PyResult<()> {
        check_max_steps(max_steps)?;
        self.batch.set_max_steps(max_steps);
        self.max_steps = max_steps;
        Ok(())
    }

    /// Whose view `final_observations` holds: None (the default) for the
    /// player who moved last, or one seat (a program that plays that seat
    /// against its own opponent policy sees the end as that seat would).
    #[getter]
    fn get_final_viewer(&self) -> Option<usize> {
        self.final_viewer
    }

    #[setter]
    fn set_final_viewer(&mut self, player: Option<usize>) -> PyResult<()> {
        self.batch.set_final_viewer(player).map_err(batch_error)?;
        self.final_viewer = player;
        Ok(())
    }

    /// Starts game `i` from `seeds[i]` (non-negative integers below 2**64; a
    /// sequence or an array of N) and writes the first observations, masks and
    /// players; rewards 0, nothing terminated or truncated. Game `i` is then the
    /// single game `game.new_initial_state()` with its chance drawn by
    /// `tabletop.Rng(seeds[i])` (`state.sample_chance(rng)` until a player is to
    /// move), and that generator goes on drawing its chance, across episodes.
    fn reset(&mut self, py: Python<'_>, seeds: &Bound<'_, PyAny>) -> PyResult<()> {
        let seeds: Vec<i128> = seeds
            .extract()
            .map_err(|_| PyTypeError::new_err("seeds: a sequence of N integers"))?;
        let seeds = seeds
            .into_iter()
            .map(u64::try_from)
            .collect::<Result<Vec<u64>, _>>()
            .map_err(|_| PyValueError::new_err("seeds: integers from 0 to 2**64-1"))?;
        check_len(seeds.len(), self.batch.len(), "seeds")?;
        self.with_outputs(py, move |batch, _, _, out| batch.reset(&seeds, out))?;
        self.started = true;
        Ok(())
    }

    /// Takes `actions[i]` (an integer array or sequence of N) in game `i` for
    /// its player to move, resolves the chance that follows, starts the next
    /// episode of every game that ended or reached `max_steps`, and rewrites
    /// every array. Every action is checked before any game moves: an action
    /// that is not legal raises `IllegalAction` (naming the game and the
    /// rules' reason) and nothing changes. The interpreter lock is released
    /// while the games move.
    fn step(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<()> {
        self.ready()?;
        let (n, space) = (self.batch.len(), self.batch.num_actions());
        read_actions(actions, n, space, None, &mut self.actions)?;
        self.with_outputs(py, |batch, actions, _, out| batch.step(actions, out))
    }

    /// As `step`, in the games `i` where `active[i]` is true only. The others
    /// do not move and their actions are ignored (any integer will do); their
    /// rows of `observations`, `masks` and `players` stay as they were, their
    /// rewards are 0 and they are neither terminated nor truncated.
    fn step_some(
        &mut self,
        py: Python<'_>,
        actions: &Bound<'_, PyAny>,
        active: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        self.ready()?;
        let n = self.batch.len();
        read_bools(active, n, &mut self.active)?;
        let space = self.batch.num_actions();
        read_actions(actions, n, space, Some(&self.active), &mut self.actions)?;
        self.with_outputs(py, |batch, actions, active, out| {
            batch.step_some(actions, active, out)
        })
    }

    /// A uniformly random legal action for every game (an int64 array of N,
    /// new at each call), drawn from `rng` (a `tabletop.Rng`) among each
    /// game's legal actions as `masks` shows them.
    fn random_actions<'py>(
        &mut self,
        py: Python<'py>,
        rng: &mut Rng,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        self.ready()?;
        self.actions.resize(self.batch.len(), 0);
        self.batch
            .random_actions(&mut rng.rng, &mut self.actions)
            .map_err(batch_error)?;
        Ok(PyArray1::from_iter(
            py,
            self.actions.iter().map(|&a| i64::from(a)),
        ))
    }

    /// float32 `(N, *observation_shape)`: each game's observation, from its
    /// player to move's view (a read-only view, rewritten by every call).
    #[getter]
    fn observations(&self, py: Python<'_>) -> Py<PyAny> {
        self.views[0].clone_ref(py)
    }

    /// bool `(N, num_actions)`: each game's legal actions.
    #[getter]
    fn masks(&self, py: Python<'_>) -> Py<PyAny> {
        self.views[1].clone_ref(py)
    }

    /// float32 `(N, num_players)`: what the last step paid each player (the
    /// game's returns when it ended in that step, else 0).
    #[getter]
    fn rewards(&self, py: Python<'_>) -> Py<PyAny> {
        self.views[2].clone_ref(py)
    }

    /// bool `(N,)`: whether the game ended in the last step (its next episode
    /// has begun).
    #[getter]
    fn terminated(&self, py: Python<'_>) -> Py<PyAny> {
        self.views[3].clone_ref(py)
    }

    /// bool `(N,)`: whether the game reached `max_steps` in the last step
    /// without ending (its next episode has begun).
    #[getter]
    fn truncated(&self, py: Python<'_>) -> Py<PyAny> {
        self.views[4].clone_ref(py)
    }

    /// int32 `(N,)`: the player to move in each game.
    #[getter]
    fn players(&self, py: Python<'_>) -> Py<PyAny> {
        self.views[5].clone_ref(py)
    }

    /// float32 `(N, *observation_shape)`: for the games whose episode ended in
    /// the last step, that episode's last observation (see `final_viewer`);
    /// the other rows hold older values.
    #[getter]
    fn final_observations(&self, py: Python<'_>) -> Py<PyAny> {
        self.views[6].clone_ref(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "tabletop.Batch({:?}, {}, threads={})",
            self.batch.game().info().game_string(),
            self.batch.len(),
            self.threads
        )
    }
}

impl PyBatch {
    fn ready(&self) -> PyResult<()> {
        if self.started {
            Ok(())
        } else {
            Err(TabletopError::new_err(
                "the batch has not been reset: call reset(seeds) first",
            ))
        }
    }
}

fn check_threads(threads: usize) -> PyResult<()> {
    if threads == 0 || threads > MAX_THREADS {
        return Err(PyValueError::new_err(format!(
            "threads: 1 to {MAX_THREADS}, not {threads}"
        )));
    }
    Ok(())
}

fn check_max_steps(max_steps: Option<u32>) -> PyResult<()> {
    if max_steps == Some(0) {
        return Err(PyValueError::new_err(
            "max_steps: a positive number of steps, or None",
        ));
    }
    Ok(())
}
