//! What the PUCT search asks of a network: priors over the actions and a value
//! for every player, for many positions at once ([`Evaluator`]); the evaluator
//! with no knowledge at all ([`UniformEvaluator`]); and an evaluator's values
//! mixed with playouts ([`WithRollouts`]).

use std::format;
use std::string::String;

use super::ConfigError;

use crate::interface::{MAX_PLAYERS, State};
use crate::rng::SplitMix64;

/// A batch of positions to evaluate: the leaves one round of the search
/// collected (see [`Puct`](super::Puct)), row-major, one row per leaf.
///
/// Leaf `i`'s observation is `observations[i * observation_len ..][..
/// observation_len]` (what `players[i]`, the player to move there, sees; empty
/// when the evaluator does not want tensors, [`Evaluator::wants_tensors`]),
/// its legal actions are `masks[i * num_actions ..][.. num_actions]` (1 legal,
/// 0 not) and, in a game of hidden information, `states[i]` is the
/// determinised state the leaf was reached in: the unseen drawn afresh for the
/// searching player, so it holds no more than that player may know.
#[derive(Debug)]
pub struct Leaves<'a, S> {
    /// The leaf states (an evaluator that plays them out clones them).
    pub states: &'a [S],
    /// The player to move at each leaf.
    pub players: &'a [usize],
    /// The observations (or information-state tensors,
    /// [`PuctConfig::information_state`](super::PuctConfig::information_state)),
    /// `len() × observation_len` numbers.
    pub observations: &'a [f32],
    /// The legal actions as 0/1, `len() × num_actions` entries.
    pub masks: &'a [u8],
    /// Numbers in one observation (the game's tensor length).
    pub observation_len: usize,
    /// Entries of one mask and of one row of priors: the game's decision
    /// action space.
    pub num_actions: usize,
    /// Entries of one row of values: the game's players.
    pub num_players: usize,
}

impl<S> Leaves<'_, S> {
    /// The leaves in the batch.
    pub fn len(&self) -> usize {
        self.players.len()
    }

    /// Whether the batch is empty (the search never asks for an empty one).
    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }

    /// Leaf `i`'s observation (empty when out of range or not written).
    pub fn observation(&self, i: usize) -> &[f32] {
        let len = self.observation_len;
        self.observations
            .get(i * len..(i + 1) * len)
            .unwrap_or_default()
    }

    /// Leaf `i`'s mask (empty when out of range).
    pub fn mask(&self, i: usize) -> &[u8] {
        let len = self.num_actions;
        self.masks.get(i * len..(i + 1) * len).unwrap_or_default()
    }
}

/// Where an evaluator writes its answers, one row per leaf, row-major; both
/// are zero when [`Evaluator::evaluate`] is called.
///
/// - `priors`: `num_actions` non-negative weights a leaf. They need not sum to
///   1 nor be zero on illegal actions: the search keeps the legal actions'
///   weights and divides by their sum; a leaf whose legal weights are all zero
///   or not finite gets uniform priors.
/// - `values`: `num_players` numbers a leaf, each player's expected return
///   (in the game's utility range, `min_utility..=max_utility`, where they are
///   clamped; a value that is not a number counts as 0).
#[derive(Debug)]
pub struct Evaluations<'a> {
    /// `len × num_actions` prior weights.
    pub priors: &'a mut [f32],
    /// `len × num_players` values.
    pub values: &'a mut [f32],
}

/// Why an evaluator could not answer (a network that failed, an exception in a
/// Python callable). The search stops and returns it inside
/// [`PuctError::Evaluator`](super::PuctError::Evaluator).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the evaluator failed: {message}")]
pub struct EvalError {
    /// What went wrong.
    pub message: String,
}

impl EvalError {
    /// An error saying `message`.
    pub fn new(message: impl Into<String>) -> EvalError {
        EvalError {
            message: message.into(),
        }
    }
}

/// Priors and values for a batch of positions: a neural network, or anything
/// else that can judge a position. The PUCT search collects up to
/// [`PuctConfig::batch_size`](super::PuctConfig::batch_size) leaves and asks
/// for them all in one call, so a network runs one batched forward pass.
pub trait Evaluator<S: State> {
    /// Writes each leaf's priors and values into `out` (see [`Evaluations`]).
    ///
    /// # Errors
    /// [`EvalError`] when it cannot: the search stops and reports it.
    fn evaluate(
        &mut self,
        leaves: &Leaves<'_, S>,
        out: &mut Evaluations<'_>,
    ) -> Result<(), EvalError>;

    /// Whether the search should write the leaves' observation tensors (an
    /// evaluator that reads only the states or nothing says `false`, and
    /// saves the search that work). By default `true`.
    fn wants_tensors(&self) -> bool {
        true
    }
}

impl<S: State, E: Evaluator<S> + ?Sized> Evaluator<S> for &mut E {
    fn evaluate(
        &mut self,
        leaves: &Leaves<'_, S>,
        out: &mut Evaluations<'_>,
    ) -> Result<(), EvalError> {
        (**self).evaluate(leaves, out)
    }

    fn wants_tensors(&self) -> bool {
        (**self).wants_tensors()
    }
}

/// Playouts of the game's own policy from a leaf ([`State::play_out`]), each
/// stopped after 10,000 steps and then counted as it stands (the game's
/// returns, 0 before its end), drawn from a seeded generator: the values of
/// [`UniformEvaluator::with_rollouts`] and [`WithRollouts`].
#[derive(Clone, Debug)]
struct Playouts {
    rollouts: u32,
    max_steps: usize,
    rng: SplitMix64,
}

impl Playouts {
    fn new(rollouts: u32, seed: u64) -> Playouts {
        Playouts {
            rollouts,
            max_steps: 10_000,
            rng: SplitMix64::new(seed),
        }
    }

    /// Each leaf's value row becomes `(1 − weight) · row + weight · mean
    /// return` (nothing changes without rollouts).
    fn mix_into<S: State>(&mut self, leaves: &Leaves<'_, S>, values: &mut [f32], weight: f32) {
        if self.rollouts == 0 {
            return;
        }
        let players = leaves.num_players;
        let n = self.rollouts as f32;
        let mut sums = [0.0f32; MAX_PLAYERS];
        for (i, leaf) in leaves.states.iter().enumerate() {
            let Some(row) = values.get_mut(i * players..(i + 1) * players) else {
                break;
            };
            let sums = &mut sums[..players.min(MAX_PLAYERS)];
            sums.fill(0.0);
            let mut s = leaf.clone();
            for _ in 0..self.rollouts {
                s.clone_from(leaf);
                s.play_out(&mut self.rng, self.max_steps);
                for (sum, r) in sums.iter_mut().zip(s.returns()) {
                    *sum += r as f32;
                }
            }
            for (v, sum) in row.iter_mut().zip(sums.iter()) {
                let mean = sum / n;
                // A value that is not a number counts as 0 (as the search
                // reads it); a weight of 1 ignores the value, even infinite.
                let own = if v.is_nan() { 0.0 } else { *v };
                *v = if weight >= 1.0 {
                    mean
                } else {
                    (1.0 - weight) * own + weight * mean
                };
            }
        }
    }
}

/// The evaluator that knows nothing: uniform priors over the legal actions,
/// and a value of 0 for every player — or, with rollouts, each player's mean
/// return over that many playouts of the game's own playout policy
/// ([`State::play_out`]) from the leaf, drawn from the evaluator's own seeded
/// generator. With values of 0 the search finds what its tree reaches (wins
/// within the simulations' depth); with rollouts it is Monte Carlo tree search
/// in PUCT's clothes. Used by the tests and as a baseline.
#[derive(Clone, Debug)]
pub struct UniformEvaluator {
    playouts: Playouts,
}

impl Default for UniformEvaluator {
    fn default() -> UniformEvaluator {
        UniformEvaluator::new()
    }
}

impl UniformEvaluator {
    /// Uniform priors, values 0.
    pub fn new() -> UniformEvaluator {
        UniformEvaluator::with_rollouts(0, 0)
    }

    /// Uniform priors, values the mean returns of `rollouts` playouts a leaf
    /// (each stopped after 10,000 steps, then counted as it stands: the
    /// game's returns, 0 before its end), drawn from a generator seeded with
    /// `seed`.
    pub fn with_rollouts(rollouts: u32, seed: u64) -> UniformEvaluator {
        UniformEvaluator {
            playouts: Playouts::new(rollouts, seed),
        }
    }

    /// The playouts a leaf.
    pub fn rollouts(&self) -> u32 {
        self.playouts.rollouts
    }
}

impl<S: State> Evaluator<S> for UniformEvaluator {
    fn evaluate(
        &mut self,
        leaves: &Leaves<'_, S>,
        out: &mut Evaluations<'_>,
    ) -> Result<(), EvalError> {
        // Equal weights everywhere: the search keeps the legal ones.
        out.priors.fill(1.0);
        out.values.fill(0.0);
        self.playouts.mix_into(leaves, out.values, 1.0);
        Ok(())
    }

    fn wants_tensors(&self) -> bool {
        false
    }
}

/// Another evaluator's priors, and its values mixed with playouts: a leaf's
/// value is `(1 − weight) · the evaluator's value + weight · the mean return of
/// `rollouts` playouts` of the game's own policy from the leaf (AlphaGo's
/// mixing of a value network with rollouts, `weight` its λ). A network whose
/// value head is still weak gets the playouts' judgement, and its priors still
/// steer the search. Without rollouts it is the evaluator itself.
#[derive(Clone, Debug)]
pub struct WithRollouts<E> {
    inner: E,
    weight: f32,
    playouts: Playouts,
}

impl<E> WithRollouts<E> {
    /// `inner`'s priors, its values mixed with `rollouts` playouts a leaf at
    /// `weight` (0: the evaluator's values only, 1: the playouts' only), the
    /// playouts drawn from a generator seeded with `seed`.
    ///
    /// # Errors
    /// [`ConfigError`] when `weight` is not in `0..=1`.
    pub fn new(inner: E, rollouts: u32, weight: f32, seed: u64) -> Result<Self, ConfigError> {
        if !(0.0..=1.0).contains(&weight) {
            return Err(ConfigError {
                name: "rollout_weight",
                reason: format!("is {weight}: it must be in 0..=1"),
            });
        }
        Ok(WithRollouts {
            inner,
            weight,
            playouts: Playouts::new(rollouts, seed),
        })
    }

    /// The playouts a leaf.
    pub fn rollouts(&self) -> u32 {
        self.playouts.rollouts
    }

    /// The playouts' share of a leaf's value.
    pub fn weight(&self) -> f32 {
        self.weight
    }

    /// The wrapped evaluator.
    pub fn inner(&self) -> &E {
        &self.inner
    }

    /// The wrapped evaluator, to change.
    pub fn inner_mut(&mut self) -> &mut E {
        &mut self.inner
    }
}

impl<S: State, E: Evaluator<S>> Evaluator<S> for WithRollouts<E> {
    fn evaluate(
        &mut self,
        leaves: &Leaves<'_, S>,
        out: &mut Evaluations<'_>,
    ) -> Result<(), EvalError> {
        self.inner.evaluate(leaves, out)?;
        self.playouts.mix_into(leaves, out.values, self.weight);
        Ok(())
    }

    fn wants_tensors(&self) -> bool {
        self.inner.wants_tensors()
    }
}
