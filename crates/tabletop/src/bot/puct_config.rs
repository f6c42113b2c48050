//! The PUCT search's settings, checked before a search starts.

use core::time::Duration;
use std::format;
use std::string::String;

/// Dirichlet noise mixed into the root's priors (AlphaZero's exploration in
/// self-play): the root's prior for each legal action becomes
/// `(1 − epsilon) · prior + epsilon · η`, with `η` drawn from a symmetric
/// Dirichlet distribution of parameter `alpha` over the legal actions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DirichletNoise {
    /// The concentration (AlphaZero: 0.3 for chess, 0.03 for Go; about
    /// 10 / the typical number of legal actions). Positive.
    pub alpha: f64,
    /// The share of the noise in the mixture, 0..=1 (AlphaZero: 0.25).
    pub epsilon: f64,
}

/// The value a child that was never visited counts with in the selection
/// (first-play urgency), for the player choosing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FirstPlay {
    /// This value (0 is a draw's; AlphaZero).
    Value(f64),
    /// The parent's mean value for the player choosing, minus this reduction
    /// (Leela Zero's choice: an unvisited child is thought a little worse
    /// than its parent).
    ParentMinus(f64),
}

/// The PUCT search's settings ([`Puct`](super::Puct)).
///
/// A child's score at a node of player `p` is
/// `Q + c_puct · P · √N / (1 + n)`: `Q` its mean value for `p` (with virtual
/// losses, [`PuctConfig::virtual_loss`], or [`PuctConfig::first_play`] before
/// its first visit), `P` its prior, `N` the parent's visits and `n` the
/// child's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuctConfig {
    /// Simulations a search: each a descent to a leaf (evaluated, or a finished
    /// game), the root's own evaluation counted. At least 1.
    pub simulations: u32,
    /// A wall-clock limit besides the simulations: the search stops after the
    /// first round of leaves that ends past it (the root is always evaluated).
    /// Searches under a time limit are not reproducible.
    pub time: Option<Duration>,
    /// The most leaves collected for one call of the evaluator (1: one at a
    /// time, no virtual loss). Between the descents of one round each edge
    /// taken counts as a visit lost ([`PuctConfig::virtual_loss`]), so the
    /// descents spread out. At least 1.
    pub batch_size: usize,
    /// The exploration constant: the weight of the prior term. Finite, ≥ 0.
    pub c_puct: f64,
    /// The value a pending visit counts with while its leaf waits for the
    /// evaluator, subtracted from the edge's value sum for each such visit
    /// (1: a loss). Finite, ≥ 0.
    pub virtual_loss: f64,
    /// Noise at the root, or `None` (matches, analysis).
    pub noise: Option<DirichletNoise>,
    /// How the action is chosen from the root's visits: 0 the most visited
    /// (ties: the higher prior, then the lower action); above 0 drawn with
    /// probability proportional to `visits^(1 / temperature)` (1: in
    /// proportion to the visits, as self-play's first moves do). Finite, ≥ 0.
    pub temperature: f64,
    /// The value of an unvisited child.
    pub first_play: FirstPlay,
    /// Give the evaluator the information-state tensors
    /// ([`State::information_state_tensor`](crate::State::information_state_tensor))
    /// instead of the observations (the default,
    /// [`State::observation_tensor`](crate::State::observation_tensor)).
    pub information_state: bool,
    /// Answer a decision with one legal action at once, without a search (no
    /// simulations, the policy all on that action).
    pub skip_forced: bool,
    /// The generator's seed: noise, determinisation, chance outcomes in the
    /// tree and the choice under a temperature. The same seed, settings,
    /// state and evaluator give the same search (without a time limit).
    pub seed: u64,
}

impl Default for PuctConfig {
    fn default() -> PuctConfig {
        PuctConfig {
            simulations: 200,
            time: None,
            batch_size: 8,
            c_puct: 1.5,
            virtual_loss: 1.0,
            noise: None,
            temperature: 0.0,
            first_play: FirstPlay::Value(0.0),
            information_state: false,
            skip_forced: true,
            seed: 0,
        }
    }
}

/// A setting out of its range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the search setting {name} {reason}")]
pub struct ConfigError {
    /// The field.
    pub name: &'static str,
    /// What is wrong with it.
    pub reason: String,
}

impl PuctConfig {
    /// The default settings with `simulations` and `seed`.
    pub fn new(simulations: u32, seed: u64) -> PuctConfig {
        PuctConfig {
            simulations,
            seed,
            ..PuctConfig::default()
        }
    }

    /// Checks every setting's range.
    ///
    /// # Errors
    /// [`ConfigError`] naming the first setting out of range.
    pub fn check(&self) -> Result<(), ConfigError> {
        let bad = |name: &'static str, reason: String| Err(ConfigError { name, reason });
        let non_negative = |name: &'static str, x: f64| {
            if x.is_finite() && x >= 0.0 {
                Ok(())
            } else {
                bad(name, format!("is {x}: it must be a finite number ≥ 0"))
            }
        };
        if self.simulations == 0 {
            return bad("simulations", "is 0: a search makes at least one".into());
        }
        if self.batch_size == 0 {
            return bad(
                "batch_size",
                "is 0: a round collects at least one leaf".into(),
            );
        }
        non_negative("c_puct", self.c_puct)?;
        non_negative("virtual_loss", self.virtual_loss)?;
        non_negative("temperature", self.temperature)?;
        match self.first_play {
            FirstPlay::Value(x) | FirstPlay::ParentMinus(x) if !x.is_finite() => {
                return bad("first_play", format!("is {x}: it must be finite"));
            }
            _ => {}
        }
        if let Some(noise) = self.noise {
            if !(noise.alpha.is_finite() && noise.alpha > 0.0) {
                return bad(
                    "noise.alpha",
                    format!("is {}: it must be finite and > 0", noise.alpha),
                );
            }
            if !(0.0..=1.0).contains(&noise.epsilon) {
                return bad(
                    "noise.epsilon",
                    format!("is {}: it must be in 0..=1", noise.epsilon),
                );
            }
        }
        Ok(())
    }
}
