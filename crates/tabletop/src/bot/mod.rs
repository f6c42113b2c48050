//! Bots worth playing: Monte Carlo tree search over the interface, for every game.
//!
//! - **Search**: UCT with the game's own playout policy
//!   ([`State::playout_step`](crate::State::playout_step)), chance nodes sampled by their exact probabilities,
//!   optionally RAVE (all-moves-as-first, for Go), and progressive widening where
//!   a node has too many actions to try each once (trap stones' va-bank
//!   declarations). A budget of playouts, nodes or time; seeded and reproducible
//!   (a playout or node budget gives the same choice for the same seed); no heap
//!   allocation per playout step (the tree grows, the scratch space is reused).
//! - **Hidden information**: in a game of imperfect information every playout
//!   starts from a state drawn by [`State::resample_from_infostate`](crate::State::resample_from_infostate) for the
//!   searching player (determinization, information-set MCTS with availability
//!   counts), so the bot decides from its own view only: two games that differ
//!   only in what it cannot see give the same choice. In the tree every player
//!   decides from its own view too: a node is a player's information set — the
//!   actions so far as that player saw them
//!   ([`State::action_hidden_from`](crate::State::action_hidden_from)) — so the
//!   opponent's node after the bot's secret trap or face-down soldier is one node
//!   whichever it was, and the bot's after the opponent's likewise (as in
//!   multiple-observer information-set MCTS; a tree keyed by the actions
//!   themselves would let each side see the other's secrets and play to them).
//! - **Early stop**: a search ends as soon as its most visited root child leads
//!   by more visits than the budget's playouts left ([`Config::stop_early`]):
//!   exactly the same choice under a playout budget, sooner answers under a clock.
//! - **Levels**: [`Level`] names budgets from 1 (a few hundred playouts) to 10 (a
//!   few seconds); [`Config::for_game`] sets the options each game profits from.

mod dirichlet;
mod evaluator;
mod knowledge;
mod puct;
mod puct_config;
mod search;
mod tree;
mod views;

use core::time::Duration;

pub use evaluator::{EvalError, Evaluations, Evaluator, Leaves, UniformEvaluator, WithRollouts};
pub use knowledge::{Knowledge, NoKnowledge, Prior};
pub use puct::{Puct, PuctChild, PuctError, PuctReport, search_many};
pub use puct_config::{ConfigError, DirichletNoise, FirstPlay, PuctConfig};
pub use search::{ChildStats, Report, Searcher, choose};

/// A monotonic clock for time budgets: the time since some fixed moment. Where the
/// standard library has no clock (`wasm32-unknown-unknown`, where
/// `std::time::Instant::now` panics), the embedder supplies one
/// ([`Searcher::set_clock`]; the wasm package passes the browser's
/// `performance.now()`).
pub type Clock = fn() -> Duration;

/// The standard library's monotonic clock, where the target has one.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) fn system_clock() -> Option<Clock> {
    fn since_first_call() -> Duration {
        static EPOCH: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        EPOCH.get_or_init(std::time::Instant::now).elapsed()
    }
    Some(since_first_call)
}

/// No clock on `wasm32-unknown-unknown` unless the embedder gives one.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) fn system_clock() -> Option<Clock> {
    None
}

/// How much a search may spend. The search stops at the first limit reached; at
/// least one playout is always made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Playouts (iterations).
    pub playouts: Option<u64>,
    /// Nodes in the tree.
    pub nodes: Option<usize>,
    /// Wall-clock time (checked every few playouts). Without a clock (see
    /// [`Clock`]) a time budget is spent at its first check.
    pub time: Option<Duration>,
}

impl Budget {
    /// A budget of `n` playouts (reproducible for a seed).
    pub const fn playouts(n: u64) -> Budget {
        Budget {
            playouts: Some(n),
            nodes: None,
            time: None,
        }
    }

    /// A budget of wall-clock time.
    pub const fn time(t: Duration) -> Budget {
        Budget {
            playouts: None,
            nodes: None,
            time: Some(t),
        }
    }
}

/// A strength level, 1 (weakest) to 10: a playout budget that grows
/// geometrically, `200 × 2^(level − 1)` playouts (200 at level 1, 3,200 at 5,
/// 102,400 at 10). Playout budgets keep a level's strength the same on every
/// machine and make the bot reproducible. A search spends fewer once its choice
/// cannot change ([`Config::stop_early`]), making the same choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Level(u8);

impl Level {
    /// The level `n`, clamped to 1..=10.
    pub const fn new(n: u8) -> Level {
        Level(if n < 1 {
            1
        } else if n > 10 {
            10
        } else {
            n
        })
    }

    /// Its number.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Its budget.
    pub const fn budget(self) -> Budget {
        Budget::playouts(200u64 << (self.0 - 1))
    }
}

/// Progressive widening: a node visited `n` times may have at most
/// `ceil(c · n^alpha)` children; new children are proposed by the game's playout
/// policy. For nodes with far more actions than playouts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Widening {
    /// Children allowed at the first visit.
    pub c: f64,
    /// Growth exponent (0.5: the square root of the visits).
    pub alpha: f64,
    /// Nodes with fewer legal actions than this are expanded fully.
    pub above: usize,
}

/// The search's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// What a search may spend.
    pub budget: Budget,
    /// The UCT exploration constant, for returns in −1..=1.
    pub exploration: f64,
    /// RAVE's equivalence parameter `k` (β = √(k / (3n + k))); `None` turns RAVE off.
    pub rave: Option<f64>,
    /// Progressive widening, or `None` to try every action.
    pub widening: Option<Widening>,
    /// Playout steps after which a playout stops (its returns then count as a draw).
    pub max_playout_steps: usize,
    /// The generator's seed.
    pub seed: u64,
    /// How a game of perfect information grows its tree. `None`: one child per
    /// visit, each legal action tried once in random order before UCB chooses.
    /// `Some(n)`: a node gets all its children at once, with the priors of the
    /// search's [`Knowledge`], at its `n`-th visit (the root at once); until then
    /// playouts start from it. UCB (with RAVE) then chooses among all children
    /// from the first visit, an unvisited child scored by its prior, its RAVE
    /// statistics, or else [`Config::first_play`].
    pub expand_after: Option<u32>,
    /// The score of a child with no visits, no prior and no RAVE statistics
    /// (first-play urgency, a return in −1..=1; above 1 tries every such child
    /// before any other is revisited). Only with [`Config::expand_after`].
    pub first_play: f64,
    /// Keep the subtree of the position searched next when it follows the last
    /// search's position by a few actions (a game's next turn): its statistics
    /// carry over. Only with [`Config::expand_after`] (perfect information).
    pub reuse_tree: bool,
    /// Stop before the budget is spent once the choice cannot change: when the
    /// most visited root child leads the second by more visits than the playouts
    /// left. Exact under a playout budget (the same choice as the whole budget,
    /// from fewer playouts; the generator then stands elsewhere, so a searcher's
    /// later searches draw other samples than they would without the stop).
    /// Under a time budget the playouts left are estimated from the rate so far,
    /// with a margin ([`EARLY_STOP_MARGIN`]). A node budget alone never stops
    /// early. Checked every 16 playouts. With several [`threads`](Config::threads)
    /// each thread stops on its own tree.
    pub stop_early: bool,
    /// How much the score counts beside winning while the result is open (0:
    /// not at all, the default; at most 1). A playout's utility for a player is
    /// `(1 − w) · return + w · (2/π) · atan(share / score_scale)`, where the
    /// share is the player's margin (its score minus the best other score,
    /// [`State::scores`](crate::State::scores)) over the sum of the scores' sizes
    /// (in Go every point of the board and the komi), as Pachi's and KataGo's
    /// score terms weigh the margin.
    pub score_weight: f64,
    /// The score's weight once the result looks decided: when the searching
    /// player's mean return over the root's children is beyond ±0.8 (a winning
    /// chance under 10 % or over 90 %), checked every 64 playouts. Then winning
    /// tells the moves apart no more, and the margin does: a lost position
    /// prefers the smallest loss (no self-destruction), a won one the safest
    /// win. The nodes keep the returns and the score terms apart, so the weight
    /// can change within a search.
    pub score_weight_decided: f64,
    /// The share of all points at which the score term is half its largest
    /// (`atan(1) = π/4`).
    pub score_scale: f64,
    /// Threads searching at once (root parallelism: each thread grows its own
    /// tree with its own generator and a share of a playout or node budget; the
    /// roots' statistics are merged). 1 searches on the calling thread;
    /// targets without threads (`wasm32-unknown-unknown`) always search on one.
    pub threads: usize,
}

/// Under a time budget, the playouts a search could still make are estimated as
/// the rate so far times the time left, times this margin, so that a search whose
/// playouts speed up later still stops early only when the full time would not
/// have changed its choice ([`Config::stop_early`]).
pub const EARLY_STOP_MARGIN: f64 = 1.5;

impl Default for Config {
    fn default() -> Config {
        Config {
            budget: Level::new(5).budget(),
            exploration: 1.0,
            rave: None,
            widening: None,
            max_playout_steps: 10_000,
            seed: 1,
            expand_after: None,
            first_play: 1.0,
            reuse_tree: false,
            stop_early: true,
            score_weight: 0.0,
            score_weight_decided: 0.0,
            score_scale: 0.5,
            threads: 1,
        }
    }
}

impl Config {
    /// The default settings with `budget` and `seed`.
    pub fn with_budget(budget: Budget, seed: u64) -> Config {
        Config {
            budget,
            seed,
            ..Config::default()
        }
    }

    /// The settings the game called `name` profits from (measured:
    /// `docs/bots.md`; each game's room says which: RAVE for Go, widening for
    /// trap stones' va-bank declarations), with `budget` and `seed`; the default
    /// settings for a name no game has.
    pub fn for_game(name: &str, budget: Budget, seed: u64) -> Config {
        crate::registry::search_config(name, budget, seed)
            .unwrap_or_else(|| Config::with_budget(budget, seed))
    }
}

/// Every game's knowledge for the search's tree ([`Knowledge`]) behind one
/// type, for [`AnyState`](crate::AnyState): each game's own (Go's
/// [`GoKnowledge`](crate::games::go::GoKnowledge); none for the others).
#[derive(Clone, Copy, Debug, Default)]
pub struct GameKnowledge;
