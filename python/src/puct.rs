//! `tabletop._tabletop.PuctBot`: the PUCT search (`tabletop::bot::Puct`) with a
//! Python callable as its evaluator, so that a PyTorch, JAX or ONNX model
//! judges the leaves, a batch at a time. The search runs without the
//! interpreter lock; the lock is taken again only to call the evaluator.

use std::time::Duration;

use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use tabletop::bot::{
    DirichletNoise, EvalError, Evaluations, Evaluator, FirstPlay, Leaves, Puct, PuctConfig,
    PuctError, PuctReport, UniformEvaluator, WithRollouts, search_many,
};
use tabletop::{AnyGame, AnyState, Game, State};

use crate::{PyGame, PyState, TabletopError};

/// The most searches `search_many` runs at once (each keeps a tree).
const MAX_SEARCHES: usize = 1 << 16;

/// A Python callable as the search's evaluator: called with the observations
/// (float32, `(B, *shape)`) and the legal masks (bool, `(B, num_actions)`), it
/// returns `(priors, values)`, array-likes of `(B, num_actions)` and
/// `(B, num_players)`. Its exception is kept, for the bot to raise.
struct PyEvaluator {
    callable: Py<PyAny>,
    shape: Vec<usize>,
    error: Option<PyErr>,
}

impl PyEvaluator {
    fn call(
        &self,
        py: Python<'_>,
        leaves: &Leaves<'_, AnyState>,
        out: &mut Evaluations<'_>,
    ) -> PyResult<()> {
        let n = leaves.len();
        let mut shape = Vec::with_capacity(self.shape.len() + 1);
        shape.push(n);
        shape.extend_from_slice(&self.shape);
        let observations = PyArray1::from_slice(py, leaves.observations).reshape(shape)?;
        let masks: Vec<bool> = leaves.masks.iter().map(|&m| m != 0).collect();
        let masks = PyArray1::from_vec(py, masks).reshape([n, leaves.num_actions])?;
        let result = self.callable.call1(py, (observations, masks))?;
        let result = result.bind(py);
        let pair = || {
            PyTypeError::new_err(
                "the evaluator must return a pair (priors, values): arrays of shapes \
                 (batch, num_actions) and (batch, num_players)",
            )
        };
        let items: Vec<Bound<'_, PyAny>> = if let Ok(t) = result.cast::<PyTuple>() {
            t.iter().collect()
        } else if let Ok(l) = result.cast::<PyList>() {
            l.iter().collect()
        } else {
            return Err(pair());
        };
        let [priors, values] = <[Bound<'_, PyAny>; 2]>::try_from(items).map_err(|_| pair())?;
        let numpy = py.import("numpy")?;
        let float32 = numpy.getattr("float32")?;
        let copy = |what: &str, x: Bound<'_, PyAny>, cols: usize, into: &mut [f32]| {
            let array = numpy
                .call_method1("ascontiguousarray", (x, &float32))
                .map_err(|e| {
                    PyTypeError::new_err(format!(
                        "the evaluator's {what} are not an array of numbers ({e}); \
                         a torch tensor needs .detach()"
                    ))
                })?
                .cast_into::<numpy::PyArrayDyn<f32>>()
                .map_err(|e| PyTypeError::new_err(e.to_string()))?;
            if array.shape() != [n, cols] {
                return Err(PyValueError::new_err(format!(
                    "the evaluator's {what} have shape {:?}, not ({n}, {cols})",
                    array.shape()
                )));
            }
            let view = array.readonly();
            let slice = view
                .as_slice()
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            into.copy_from_slice(slice);
            Ok(())
        };
        copy("priors", priors, leaves.num_actions, out.priors)?;
        copy("values", values, leaves.num_players, out.values)?;
        Ok(())
    }
}

impl Evaluator<AnyState> for PyEvaluator {
    fn evaluate(
        &mut self,
        leaves: &Leaves<'_, AnyState>,
        out: &mut Evaluations<'_>,
    ) -> Result<(), EvalError> {
        // The interpreter lock only for the call: the search (and the
        // rollouts of `WithRollouts`) run without it.
        Python::attach(|py| {
            self.call(py, leaves, out).map_err(|e| {
                let message = e.to_string();
                self.error = Some(e);
                EvalError::new(message)
            })
        })
    }
}

/// The bot's evaluator: a Python callable (its values mixed with rollouts
/// when there are any), or the uniform one in Rust.
enum BotEvaluator {
    Python(WithRollouts<PyEvaluator>),
    Uniform(UniformEvaluator),
}

impl Evaluator<AnyState> for BotEvaluator {
    fn evaluate(
        &mut self,
        leaves: &Leaves<'_, AnyState>,
        out: &mut Evaluations<'_>,
    ) -> Result<(), EvalError> {
        match self {
            BotEvaluator::Uniform(u) => u.evaluate(leaves, out),
            BotEvaluator::Python(p) => p.evaluate(leaves, out),
        }
    }

    fn wants_tensors(&self) -> bool {
        match self {
            BotEvaluator::Uniform(u) => Evaluator::<AnyState>::wants_tensors(u),
            BotEvaluator::Python(_) => true,
        }
    }
}

/// AlphaZero's search (PUCT) with your network: priors and values come from
/// ``evaluator``, a callable given a batch of leaves at a time.
///
/// ``evaluator(observations, masks)``: ``observations`` float32 of shape
/// ``(B, *game.observation_shape)`` (each leaf seen by its player to move;
/// ``information_state=True`` gives the information-state tensors),
/// ``masks`` bool ``(B, num_distinct_actions)``; it returns ``(priors,
/// values)``: ``priors`` ``(B, num_distinct_actions)`` non-negative weights
/// (illegal actions are ignored, the legal ones renormalised), ``values``
/// ``(B, num_players)`` each player's expected return. NumPy arrays or anything
/// ``numpy.asarray`` takes (a CPU torch tensor after ``.detach()``). An
/// exception in the evaluator is raised by the bot's call. ``evaluator=None``:
/// uniform priors and values 0, or the mean return of ``rollouts`` playouts
/// of the game's own playout policy a leaf. With an evaluator and
/// ``rollouts`` > 0, a leaf's value is ``(1 - rollout_weight)`` × the
/// evaluator's + ``rollout_weight`` × the playouts' mean return (AlphaGo's
/// mixing; ``rollout_weight`` in 0..=1).
///
/// The search runs without the interpreter lock and takes it only to call the
/// evaluator. Chance nodes are sampled; in games of hidden information every
/// simulation starts from a state drawn from the searching player's view
/// (determinisation) and a node is a player's information set.
/// ``simulations`` a search (the root's evaluation counted), ``batch_size``
/// leaves at most a call (virtual loss between them), ``c_puct``, Dirichlet
/// noise at the root when ``dirichlet_alpha`` is set, ``temperature`` for the
/// choice (0: the most visited), an unvisited child's value ``first_play``
/// (or the parent's value minus ``first_play_reduction``), ``seconds`` a time
/// limit besides the simulations, ``seed``: the same seed, settings and
/// evaluator give the same searches.
#[pyclass(module = "tabletop._tabletop")]
pub(crate) struct PuctBot {
    game: AnyGame,
    game_string: String,
    puct: Puct<AnyState>,
    /// The searches of `search_many`, one a state, made as needed.
    pool: Vec<Puct<AnyState>>,
    evaluator: BotEvaluator,
}

fn puct_error(e: PuctError) -> PyErr {
    match e {
        PuctError::Config(_) => PyValueError::new_err(e.to_string()),
        _ => TabletopError::new_err(e.to_string()),
    }
}

/// The seed of `search_many`'s `k`-th search.
fn pool_seed(seed: u64, k: usize) -> u64 {
    seed.wrapping_add((k as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

impl PuctBot {
    /// Checks that `state` is of the bot's game.
    fn own(&self, state: &PyState) -> PyResult<AnyState> {
        let s = &state.state;
        if s.info().game_string() != self.game_string {
            return Err(TabletopError::new_err(format!(
                "the state is of {}, the bot plays {}",
                s.info().game_string(),
                self.game_string
            )));
        }
        Ok(s.clone())
    }

    /// The error of a failed search: the evaluator's own exception when it
    /// raised one.
    fn failure(&mut self, e: PuctError) -> PyErr {
        if let (PuctError::Evaluator(_), BotEvaluator::Python(p)) = (&e, &mut self.evaluator)
            && let Some(err) = p.inner_mut().error.take()
        {
            return err;
        }
        puct_error(e)
    }

    fn set(&mut self, f: impl Fn(&mut PuctConfig)) -> PyResult<()> {
        let mut c = *self.puct.config();
        f(&mut c);
        self.puct.set_config(c).map_err(puct_error)?;
        for (k, p) in self.pool.iter_mut().enumerate() {
            p.set_config(PuctConfig {
                seed: pool_seed(c.seed, k),
                ..c
            })
            .map_err(puct_error)?;
        }
        Ok(())
    }
}

fn report_dict<'py>(py: Python<'py>, r: &PuctReport) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("action", r.action)?;
    d.set_item("policy", PyArray1::from_slice(py, &r.policy))?;
    d.set_item("value", r.value)?;
    let children: Vec<(u32, u32, f32, f64)> = r
        .children
        .iter()
        .map(|c| (c.action, c.visits, c.prior, c.value))
        .collect();
    d.set_item("children", children)?;
    d.set_item("simulations", r.simulations)?;
    d.set_item("evaluations", r.evaluations)?;
    d.set_item("batches", r.batches)?;
    d.set_item("nodes", r.nodes)?;
    d.set_item("seconds", r.elapsed.as_secs_f64())?;
    d.set_item("evaluator_seconds", r.evaluator_time.as_secs_f64())?;
    Ok(d)
}

#[pymethods]
impl PuctBot {
    #[new]
    #[pyo3(signature = (
        game, evaluator = None, *, simulations = 200, batch_size = 8, c_puct = 1.5,
        dirichlet_alpha = None, dirichlet_epsilon = 0.25, temperature = 0.0,
        first_play = 0.0, first_play_reduction = None, virtual_loss = 1.0,
        seconds = None, information_state = false, skip_forced = true, rollouts = 0,
        rollout_weight = 0.5, seed = 0
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &Bound<'_, PyAny>,
        evaluator: Option<Py<PyAny>>,
        simulations: u32,
        batch_size: usize,
        c_puct: f64,
        dirichlet_alpha: Option<f64>,
        dirichlet_epsilon: f64,
        temperature: f64,
        first_play: f64,
        first_play_reduction: Option<f64>,
        virtual_loss: f64,
        seconds: Option<f64>,
        information_state: bool,
        skip_forced: bool,
        rollouts: u32,
        rollout_weight: f32,
        seed: u64,
    ) -> PyResult<PuctBot> {
        let game: AnyGame = if let Ok(g) = game.cast::<PyGame>() {
            g.get().game.clone()
        } else if let Ok(text) = game.extract::<String>() {
            tabletop::load(&text).map_err(|e| crate::LoadError::new_err(e.to_string()))?
        } else {
            return Err(PyTypeError::new_err("game is a Game or a game string"));
        };
        let time = match seconds {
            None => None,
            Some(s) if s > 0.0 && s.is_finite() && s < 1e9 => Some(Duration::from_secs_f64(s)),
            Some(s) => {
                return Err(PyValueError::new_err(format!(
                    "seconds is {s}: it must be positive and finite"
                )));
            }
        };
        let config = PuctConfig {
            simulations,
            time,
            batch_size,
            c_puct,
            virtual_loss,
            noise: dirichlet_alpha.map(|alpha| DirichletNoise {
                alpha,
                epsilon: dirichlet_epsilon,
            }),
            temperature,
            first_play: match first_play_reduction {
                Some(r) => FirstPlay::ParentMinus(r),
                None => FirstPlay::Value(first_play),
            },
            information_state,
            skip_forced,
            seed,
        };
        let puct = Puct::new(config).map_err(puct_error)?;
        let info = game.info();
        let evaluator = match evaluator {
            None => BotEvaluator::Uniform(UniformEvaluator::with_rollouts(rollouts, seed)),
            Some(callable) => {
                if !Python::attach(|py| callable.bind(py).is_callable()) {
                    return Err(PyTypeError::new_err("the evaluator must be callable"));
                }
                let python = PyEvaluator {
                    callable,
                    shape: if information_state {
                        info.information_state_shape.clone()
                    } else {
                        info.observation_shape.clone()
                    },
                    error: None,
                };
                let mixed = WithRollouts::new(python, rollouts, rollout_weight, seed)
                    .map_err(|e| PyValueError::new_err(e.to_string()))?;
                BotEvaluator::Python(mixed)
            }
        };
        Ok(PuctBot {
            game_string: info.game_string(),
            game,
            puct,
            pool: Vec::new(),
            evaluator,
        })
    }

    /// The game the bot plays.
    #[getter]
    fn game(&self) -> PyGame {
        PyGame {
            game: self.game.clone(),
        }
    }

    /// The choice's temperature (0: the most visited action). Settable: self-play
    /// draws its first moves at 1, then plays at 0.
    #[getter]
    fn temperature(&self) -> f64 {
        self.puct.config().temperature
    }

    #[setter]
    fn set_temperature(&mut self, t: f64) -> PyResult<()> {
        self.set(|c| c.temperature = t)
    }

    /// Simulations a search. Settable.
    #[getter]
    fn simulations(&self) -> u32 {
        self.puct.config().simulations
    }

    #[setter]
    fn set_simulations(&mut self, n: u32) -> PyResult<()> {
        self.set(|c| c.simulations = n)
    }

    /// The root noise's (alpha, epsilon), or None. Settable.
    #[getter]
    fn dirichlet(&self) -> Option<(f64, f64)> {
        self.puct.config().noise.map(|n| (n.alpha, n.epsilon))
    }

    #[setter]
    fn set_dirichlet(&mut self, noise: Option<(f64, f64)>) -> PyResult<()> {
        self.set(|c| {
            c.noise = noise.map(|(alpha, epsilon)| DirichletNoise { alpha, epsilon });
        })
    }

    /// The action the bot chooses for the player to move.
    fn step(&mut self, py: Python<'_>, state: &PyState) -> PyResult<u32> {
        let s = self.own(state)?;
        let (puct, evaluator) = (&mut self.puct, &mut self.evaluator);
        let r = py.detach(move || puct.search(&s, evaluator));
        r.map(|r| r.action).map_err(|e| self.failure(e))
    }

    /// One search, as a dict: ``action``, ``policy`` (float32, the root's
    /// visits over the action space: the training target), ``value`` (the
    /// root's mean value for the player to move), ``children`` as (action,
    /// visits, prior, value), ``simulations``, ``evaluations`` (leaves
    /// evaluated), ``batches`` (evaluator calls), ``nodes``, ``seconds`` and
    /// ``evaluator_seconds`` (inside the evaluator, lock taken included).
    fn search<'py>(&mut self, py: Python<'py>, state: &PyState) -> PyResult<Bound<'py, PyDict>> {
        let s = self.own(state)?;
        let (puct, evaluator) = (&mut self.puct, &mut self.evaluator);
        let r = py
            .detach(move || puct.search(&s, evaluator))
            .map_err(|e| self.failure(e))?;
        report_dict(py, &r)
    }

    /// Searches every state of the list at once, one search each (its own
    /// tree and generator), the leaves of all of them given to the evaluator
    /// in one call a round: the way to fill a network's batch in self-play
    /// and matches. Returns one dict a state, as ``search``. The searches are
    /// kept from call to call (search ``k`` seeded from the bot's seed and
    /// ``k``), so the same calls give the same results.
    fn search_many<'py>(
        &mut self,
        py: Python<'py>,
        states: Vec<PyRef<'py, PyState>>,
    ) -> PyResult<Bound<'py, PyList>> {
        if states.len() > MAX_SEARCHES {
            return Err(PyValueError::new_err(format!(
                "{} states: at most {MAX_SEARCHES} at once",
                states.len()
            )));
        }
        let owned: Vec<AnyState> = states
            .iter()
            .map(|s| self.own(s))
            .collect::<PyResult<_>>()?;
        let c = *self.puct.config();
        while self.pool.len() < owned.len() {
            let seed = pool_seed(c.seed, self.pool.len());
            self.pool
                .push(Puct::new(PuctConfig { seed, ..c }).map_err(puct_error)?);
        }
        let (pool, evaluator) = (&mut self.pool[..owned.len()], &mut self.evaluator);
        let reports = py
            .detach(move || search_many(pool, &owned, evaluator))
            .map_err(|e| self.failure(e))?;
        let list = PyList::empty(py);
        for r in &reports {
            list.append(report_dict(py, r)?)?;
        }
        Ok(list)
    }

    fn __repr__(&self) -> String {
        let c = self.puct.config();
        format!(
            "<tabletop PuctBot for {}: {} simulations, batch {}>",
            self.game_string, c.simulations, c.batch_size
        )
    }
}
