//! The PUCT search ([`Puct`]), one search or many at once ([`search_many`]).

use core::hash::BuildHasherDefault;
use core::time::Duration;
use std::collections::HashMap;
use std::vec::Vec;

use super::dirichlet::dirichlet;
use super::evaluator::{EvalError, Evaluations, Evaluator, Leaves};
use super::puct_config::{ConfigError, FirstPlay, PuctConfig};
use super::views::{HIDDEN, KeyHasher, mix};
use super::{Clock, system_clock};
use crate::action::{Action, ActionList};
use crate::info::Information;
use crate::interface::{MAX_PLAYERS, State};
use crate::rng::SplitMix64;
use crate::turn::Turn;

/// Why a PUCT search could not be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PuctError {
    /// A setting out of range.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The state has no decision to search: a chance node, the end, or a
    /// player with no legal action.
    #[error("no decision to search at this state ({0})")]
    NoDecision(Turn),
    /// The evaluator failed; the search stopped.
    #[error(transparent)]
    Evaluator(#[from] EvalError),
    /// [`search_many`] was given states of games with other tensor shapes,
    /// action spaces or player counts than the first state's, or not one
    /// searcher a state.
    #[error("search_many: {0}")]
    Mismatch(&'static str),
}

/// One child of the root after a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuctChild {
    /// Its action.
    pub action: Action,
    /// Simulations through it.
    pub visits: u32,
    /// The evaluator's prior for it (before the root's noise).
    pub prior: f32,
    /// Its mean value for the searching player (0 without visits).
    pub value: f64,
}

/// What a PUCT search found.
#[derive(Clone, Debug, PartialEq)]
pub struct PuctReport {
    /// The action chosen: the most visited root child, or drawn from the
    /// visits under a temperature ([`PuctConfig::temperature`]).
    pub action: Action,
    /// The root's visits as a distribution over the decision action space
    /// (`num_distinct_actions` entries summing to 1): the policy target of
    /// AlphaZero's training. Without any visit to a child (one simulation:
    /// only the root's evaluation), the root's priors; a forced move's is all
    /// on it.
    pub policy: Vec<f32>,
    /// The root's children, most visited first (ties: higher prior, lower
    /// action).
    pub children: Vec<PuctChild>,
    /// The root's mean value for the searching player over the simulations
    /// (its own evaluation included); 0 for a forced move.
    pub value: f64,
    /// Simulations made (0 for a forced move).
    pub simulations: u32,
    /// Leaves the evaluator judged.
    pub evaluations: u32,
    /// Calls of the evaluator ([`search_many`]: the calls this search took
    /// part in).
    pub batches: u32,
    /// Nodes in the tree.
    pub nodes: usize,
    /// The search's time, evaluator included (zero without a clock).
    pub elapsed: Duration,
    /// The time spent inside the evaluator ([`search_many`]: this search's
    /// share of each call, by its leaves). `elapsed − evaluator_time` is the
    /// search's own work.
    pub evaluator_time: Duration,
}

/// Where a node stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    /// Made, not yet sent to the evaluator.
    Fresh,
    /// Waiting in the round's batch at this slot.
    Pending(u32),
    /// Evaluated: it has its edges.
    Expanded,
}

/// One action of a node, with its statistics for the node's player.
#[derive(Clone, Copy, Debug)]
struct Edge {
    action: Action,
    prior: f32,
    visits: u32,
    /// Descents through it waiting for the evaluator (virtual losses).
    pending: u32,
    /// Sum of the values backed up through it, for the node's player.
    value: f64,
}

/// A decision node: a position, or (hidden information) a player's
/// information set within the search.
#[derive(Clone, Debug)]
struct Node {
    player: u8,
    status: Status,
    visits: u32,
    pending: u32,
    /// Sum of the values backed up through it, for its player.
    value: f64,
    edges: Vec<Edge>,
}

impl Node {
    fn new(player: usize) -> Node {
        Node {
            player: player as u8,
            status: Status::Fresh,
            visits: 0,
            pending: 0,
            value: 0.0,
            edges: Vec::new(),
        }
    }
}

/// A descent waiting for its leaf's evaluation: its edges
/// (`path[start..start + len]`), the leaf node and the leaf's slot.
#[derive(Clone, Copy, Debug)]
struct Descent {
    start: u32,
    len: u32,
    leaf: u32,
    slot: u32,
}

/// The leaves of one round, and the evaluator's answers for them.
#[derive(Clone, Debug)]
struct LeafBuf<S> {
    /// Leaf states; entries past `len` are kept to reuse their buffers.
    states: Vec<S>,
    len: usize,
    players: Vec<usize>,
    observations: Vec<f32>,
    masks: Vec<u8>,
    /// Each leaf's legal actions: `legal[at[i].0 .. at[i].0 + at[i].1]`.
    legal: Vec<Action>,
    at: Vec<(u32, u32)>,
    priors: Vec<f32>,
    values: Vec<f32>,
    observation_len: usize,
    num_actions: usize,
    num_players: usize,
    min_value: f32,
    max_value: f32,
    tensors: bool,
    information_state: bool,
    scratch: ActionList,
}

impl<S: State> LeafBuf<S> {
    fn new(state: &S, tensors: bool, information_state: bool) -> LeafBuf<S> {
        let info = state.info();
        LeafBuf {
            states: Vec::new(),
            len: 0,
            players: Vec::new(),
            observations: Vec::new(),
            masks: Vec::new(),
            legal: Vec::new(),
            at: Vec::new(),
            priors: Vec::new(),
            values: Vec::new(),
            observation_len: if information_state {
                info.information_state_len()
            } else {
                info.observation_len()
            },
            num_actions: info.num_distinct_actions,
            num_players: info.num_players,
            min_value: info.min_utility as f32,
            max_value: info.max_utility as f32,
            tensors,
            information_state,
            scratch: ActionList::new(),
        }
    }

    fn clear(&mut self) {
        self.len = 0;
        self.players.clear();
        self.observations.clear();
        self.masks.clear();
        self.legal.clear();
        self.at.clear();
    }

    /// Adds the leaf `s`, whose player `p` is to move; returns its slot.
    fn push(&mut self, s: &S, p: usize) -> u32 {
        let slot = self.len;
        if slot < self.states.len() {
            self.states[slot].clone_from(s);
        } else {
            self.states.push(s.clone());
        }
        self.len += 1;
        self.players.push(p);
        if self.tensors {
            let at = self.observations.len();
            self.observations.resize(at + self.observation_len, 0.0);
            let out = &mut self.observations[at..];
            if self.information_state {
                s.information_state_tensor(p, out);
            } else {
                s.observation_tensor(p, out);
            }
        }
        s.legal_actions_into(&mut self.scratch);
        let at = self.masks.len();
        self.masks.resize(at + self.num_actions, 0);
        for &a in &self.scratch {
            if let Some(m) = self.masks.get_mut(at + a as usize) {
                *m = 1;
            }
        }
        self.at
            .push((self.legal.len() as u32, self.scratch.len() as u32));
        self.legal.extend_from_slice(&self.scratch);
        slot as u32
    }

    fn legal(&self, slot: u32) -> &[Action] {
        let (at, len) = self.at[slot as usize];
        &self.legal[at as usize..(at + len) as usize]
    }

    /// Asks `evaluator` about every leaf, then makes its answers usable: each
    /// leaf's priors over its legal actions non-negative and summing to 1
    /// (uniform where they cannot be), values finite and in range.
    fn evaluate<E: Evaluator<S>>(&mut self, evaluator: &mut E) -> Result<(), EvalError> {
        let (n, a, p) = (self.len, self.num_actions, self.num_players);
        self.priors.clear();
        self.priors.resize(n * a, 0.0);
        self.values.clear();
        self.values.resize(n * p, 0.0);
        let leaves = Leaves {
            states: &self.states[..n],
            players: &self.players,
            observations: &self.observations,
            masks: &self.masks,
            observation_len: self.observation_len,
            num_actions: a,
            num_players: p,
        };
        let mut out = Evaluations {
            priors: &mut self.priors,
            values: &mut self.values,
        };
        evaluator.evaluate(&leaves, &mut out)?;
        for slot in 0..n {
            let (at, len) = self.at[slot];
            let legal = &self.legal[at as usize..(at + len) as usize];
            let row = &mut self.priors[slot * a..(slot + 1) * a];
            let clean = |x: f32| if x.is_finite() && x > 0.0 { x } else { 0.0 };
            let sum: f32 = legal
                .iter()
                .map(|&k| row.get(k as usize).copied().map_or(0.0, clean))
                .sum();
            let uniform = !(sum > 0.0 && sum.is_finite());
            for &k in legal {
                if let Some(x) = row.get_mut(k as usize) {
                    *x = if uniform {
                        1.0 / legal.len() as f32
                    } else {
                        clean(*x) / sum
                    };
                }
            }
            for v in &mut self.values[slot * p..(slot + 1) * p] {
                *v = if v.is_nan() {
                    0.0
                } else {
                    v.clamp(self.min_value, self.max_value)
                };
            }
        }
        Ok(())
    }
}

/// A PUCT searcher (AlphaZero's search): priors and values from an [`Evaluator`], leaves
/// collected in rounds with virtual loss and evaluated in one batch, Dirichlet
/// noise at the root, a temperature for the choice, and the root's visits as
/// a policy to train on.
///
/// - **Chance** nodes are sampled: at each chance node of a descent an
///   outcome is drawn with its exact probability
///   ([`State::sample_chance`]), so a child's value is the mean over the
///   outcomes that followed it (hoop race's throws, a deal).
/// - **Hidden information** by determinisation, one per simulation: every
///   descent starts from [`State::resample_from_infostate`] for the searching
///   player (the unseen drawn afresh, consistent with everything the player
///   saw), and a node of the tree is a player's information set within the
///   search — the actions since the root as that player saw them
///   ([`State::action_hidden_from`]), as in the MCTS bot
///   ([`Searcher`](super::Searcher)). So the searching player decides from its
///   own view only, and no player's node branches on what that player cannot
///   see. A node keeps the legal actions of the determinisation that first
///   reached it, with the evaluator's priors; an action legal in a later
///   determinisation only is added then, with the prior `1 / legal actions`.
///   At each visit only the actions legal in the current determinisation
///   compete. The evaluator sees each leaf's determinised state (the
///   observation of its player to move), never the true hidden information.
/// - **Values per player**: the evaluator gives every player's value, and each
///   node's statistics are kept for the player who decides there, so games of
///   more than two players (hoop race and Ô ăn quan with up to four) need
///   nothing special.
/// - **Reproducible**: one seeded generator for the noise, the
///   determinisations, the chance outcomes and a temperature's draw; the same
///   seed, settings, state and evaluator give the same search (without a time
///   limit). Batch sizes change the search (virtual loss spreads the descents
///   of one round), each size reproducibly.
/// - No tree is kept from one search to the next.
///
/// ```
/// use tabletop::bot::{Puct, PuctConfig, UniformEvaluator};
/// use tabletop::{Game, State, load};
///
/// let game = load("o_an_quan").unwrap();
/// let state = game.new_initial_state();
/// let mut puct = Puct::new(PuctConfig::new(64, 7)).unwrap();
/// let report = puct.search(&state, &mut UniformEvaluator::new()).unwrap();
/// assert!(state.is_legal(report.action));
/// assert_eq!(report.simulations, 64);
/// // The root's visits as a distribution over the action space: what a
/// // network learns to predict.
/// let total: f32 = report.policy.iter().sum();
/// assert!((total - 1.0).abs() < 1e-5);
/// ```
///
/// A searcher keeps its settings, its generator, and its tree and scratch
/// space, reused from search to search.
#[derive(Clone, Debug)]
pub struct Puct<S> {
    config: PuctConfig,
    rng: SplitMix64,
    clock: Option<Clock>,
    nodes: Vec<Node>,
    map: HashMap<u64, u32, BuildHasherDefault<KeyHasher>>,
    /// Each player's view of the current descent (one key for all in a game
    /// of perfect information).
    keys: Vec<u64>,
    /// The edges of this round's waiting descents.
    path: Vec<(u32, u32)>,
    descents: Vec<Descent>,
    scratch: Option<S>,
    legal: ActionList,
    bits: Vec<u64>,
    noise: Vec<f64>,
    /// The root's priors before the noise.
    root_priors: Vec<f32>,
    // The current search.
    me: usize,
    hidden: bool,
    simulations: u32,
    evaluations: u32,
    batches: u32,
    evaluator_time: Duration,
    start: Duration,
    forced: Option<Action>,
    done: bool,
}

/// The most steps one descent takes (tree and chance) before it is counted
/// as a draw: a guard, far beyond any game here.
const MAX_DESCENT: usize = 1 << 20;

impl<S: State> Puct<S> {
    /// A searcher with these settings.
    ///
    /// # Errors
    /// [`PuctError::Config`] when a setting is out of range
    /// ([`PuctConfig::check`]).
    pub fn new(config: PuctConfig) -> Result<Puct<S>, PuctError> {
        config.check()?;
        Ok(Puct {
            rng: SplitMix64::new(config.seed),
            config,
            clock: system_clock(),
            nodes: Vec::new(),
            map: HashMap::default(),
            keys: Vec::new(),
            path: Vec::new(),
            descents: Vec::new(),
            scratch: None,
            legal: ActionList::new(),
            bits: Vec::new(),
            noise: Vec::new(),
            root_priors: Vec::new(),
            me: 0,
            hidden: false,
            simulations: 0,
            evaluations: 0,
            batches: 0,
            evaluator_time: Duration::ZERO,
            start: Duration::ZERO,
            forced: None,
            done: true,
        })
    }

    /// The settings.
    pub fn config(&self) -> &PuctConfig {
        &self.config
    }

    /// Changes the settings; the generator restarts from the new seed when
    /// the seed changed, and goes on otherwise.
    ///
    /// # Errors
    /// [`PuctError::Config`] when a setting is out of range (nothing changes).
    pub fn set_config(&mut self, config: PuctConfig) -> Result<(), PuctError> {
        config.check()?;
        if config.seed != self.config.seed {
            self.rng = SplitMix64::new(config.seed);
        }
        self.config = config;
        Ok(())
    }

    /// Measures time limits with `clock` instead of the standard library's
    /// (see [`Clock`]).
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = Some(clock);
    }

    /// Searches the decision at `state` for the player to move, asking
    /// `evaluator` for up to [`PuctConfig::batch_size`] leaves at a time.
    ///
    /// # Errors
    /// [`PuctError::NoDecision`] at a chance node or the end;
    /// [`PuctError::Evaluator`] when the evaluator fails.
    pub fn search<E: Evaluator<S>>(
        &mut self,
        state: &S,
        evaluator: &mut E,
    ) -> Result<PuctReport, PuctError> {
        let mut reports = drive(core::slice::from_mut(self), &[state], evaluator)?;
        reports.pop().ok_or(PuctError::Mismatch("no report"))
    }

    fn now(&self) -> Duration {
        self.clock.map_or(Duration::ZERO, |c| c())
    }

    /// Starts a search of `root`.
    fn begin(&mut self, root: &S) -> Result<(), PuctError> {
        self.done = true;
        let Turn::Player(me) = root.current_player() else {
            return Err(PuctError::NoDecision(root.current_player()));
        };
        root.legal_actions_into(&mut self.legal);
        if self.legal.is_empty() {
            return Err(PuctError::NoDecision(Turn::Player(me)));
        }
        let info = root.info();
        self.me = me;
        self.hidden = info.information == Information::Imperfect;
        self.simulations = 0;
        self.evaluations = 0;
        self.batches = 0;
        self.evaluator_time = Duration::ZERO;
        self.start = self.now();
        self.nodes.clear();
        self.map.clear();
        self.path.clear();
        self.descents.clear();
        self.root_priors.clear();
        self.forced = None;
        if self.config.skip_forced && self.legal.len() == 1 {
            self.forced = Some(self.legal[0]);
            return Ok(());
        }
        self.nodes.push(Node::new(me));
        self.reset_keys(info.num_players);
        let root_key = self.key(me);
        self.map.insert(root_key, 0);
        self.bits.clear();
        self.bits
            .resize(info.num_distinct_actions.div_ceil(64).max(1), 0);
        self.done = false;
        Ok(())
    }

    fn reset_keys(&mut self, players: usize) {
        self.keys.clear();
        if self.hidden {
            self.keys.extend((0..players).map(view_seed));
        } else {
            self.keys.push(view_seed(MAX_PLAYERS));
        }
    }

    /// The key of player `p`'s node in the current descent.
    fn key(&self, p: usize) -> u64 {
        let k = if self.hidden { p } else { 0 };
        self.keys.get(k).copied().unwrap_or(0)
    }

    /// Adds `action`, about to be taken in `s` by `actor` (`None`: chance),
    /// to each player's view as that player sees it.
    fn observe(&mut self, s: &S, action: Action, actor: Option<usize>) {
        let by = actor.map_or(0, |p| p as u64 + 1) << 32;
        if self.hidden {
            for (q, key) in self.keys.iter_mut().enumerate() {
                let seen = if s.action_hidden_from(action, q) {
                    HIDDEN
                } else {
                    u64::from(action)
                };
                *key = mix(*key, by | seen);
            }
        } else if let Some(key) = self.keys.first_mut() {
            *key = mix(*key, by | u64::from(action));
        }
    }

    /// The node of player `p` in the current descent, made at its first visit.
    fn node_for(&mut self, p: usize) -> u32 {
        let key = self.key(p);
        if let Some(&n) = self.map.get(&key) {
            return n;
        }
        let n = self.nodes.len() as u32;
        self.nodes.push(Node::new(p));
        self.map.insert(key, n);
        n
    }

    /// Collects this round's leaves into `buf`.
    fn collect(&mut self, root: &S, buf: &mut LeafBuf<S>) {
        if self.done {
            return;
        }
        if self.nodes[0].status == Status::Fresh {
            // The root alone first: its priors (and noise) before any descent.
            let slot = if self.hidden {
                let d = root.resample_from_infostate(self.me, &mut self.rng);
                buf.push(&d, self.me)
            } else {
                buf.push(root, self.me)
            };
            self.nodes[0].status = Status::Pending(slot);
            self.descents.push(Descent {
                start: 0,
                len: 0,
                leaf: 0,
                slot,
            });
            return;
        }
        let left = self.config.simulations.saturating_sub(self.simulations) as usize;
        for _ in 0..self.config.batch_size.min(left) {
            self.descend(root, buf);
        }
    }

    /// One descent from the root: to a new leaf (added to `buf`), a leaf
    /// already waiting, or the end of the game (backed up at once).
    fn descend(&mut self, root: &S, buf: &mut LeafBuf<S>) {
        let mut s = match self.scratch.take() {
            Some(mut s) if !self.hidden => {
                s.clone_from(root);
                s
            }
            _ if self.hidden => root.resample_from_infostate(self.me, &mut self.rng),
            _ => root.clone(),
        };
        self.reset_keys(root.info().num_players);
        let start = self.path.len();
        let mut values = [0.0; MAX_PLAYERS];
        for _ in 0..MAX_DESCENT {
            match s.current_player() {
                Turn::Terminal => {
                    for (v, r) in values.iter_mut().zip(s.returns()) {
                        *v = r;
                    }
                    break;
                }
                Turn::Chance => {
                    let Some(a) = s.sample_chance(&mut self.rng) else {
                        break;
                    };
                    self.observe(&s, a, None);
                    if s.apply_action(a).is_err() {
                        break;
                    }
                }
                Turn::Player(p) => {
                    let node = self.node_for(p);
                    let len = (self.path.len() - start) as u32;
                    match self.nodes[node as usize].status {
                        Status::Fresh => {
                            let slot = buf.push(&s, p);
                            self.nodes[node as usize].status = Status::Pending(slot);
                            self.descents.push(Descent {
                                start: start as u32,
                                len,
                                leaf: node,
                                slot,
                            });
                            self.scratch = Some(s);
                            return;
                        }
                        Status::Pending(slot) => {
                            self.descents.push(Descent {
                                start: start as u32,
                                len,
                                leaf: node,
                                slot,
                            });
                            self.scratch = Some(s);
                            return;
                        }
                        Status::Expanded => {}
                    }
                    let Some(e) = self.select(node, &s) else {
                        break;
                    };
                    let n = &mut self.nodes[node as usize];
                    n.pending += 1;
                    let edge = &mut n.edges[e];
                    edge.pending += 1;
                    let a = edge.action;
                    self.path.push((node, e as u32));
                    self.observe(&s, a, Some(p));
                    if s.apply_action(a).is_err() {
                        break;
                    }
                }
            }
        }
        // The end of the game (or a descent that could go no further, counted
        // as a draw): backed up now.
        self.backup(start, self.path.len() - start, None, &values);
        self.path.truncate(start);
        self.scratch = Some(s);
    }

    /// The edge to follow at `node` (an expanded node) in state `s`: the
    /// highest PUCT score among the actions legal in `s` (every edge in a game
    /// of perfect information). Hidden information: actions legal in `s` that
    /// the node has no edge for get one first.
    fn select(&mut self, node: u32, s: &S) -> Option<usize> {
        let hidden = self.hidden;
        if hidden {
            s.legal_actions_into(&mut self.legal);
            if self.legal.is_empty() {
                return None;
            }
            self.bits.fill(0);
            for &a in &self.legal {
                if let Some(w) = self.bits.get_mut((a / 64) as usize) {
                    *w |= 1 << (a % 64);
                }
            }
            // Edges whose action is legal now clear their bit; the bits left
            // are the legal actions without an edge.
            let n = &mut self.nodes[node as usize];
            for e in &n.edges {
                if let Some(w) = self.bits.get_mut((e.action / 64) as usize) {
                    *w &= !(1 << (e.action % 64));
                }
            }
            let prior = 1.0 / self.legal.len() as f32;
            for &a in &self.legal {
                if self
                    .bits
                    .get((a / 64) as usize)
                    .is_some_and(|w| w >> (a % 64) & 1 == 1)
                {
                    n.edges.push(Edge {
                        action: a,
                        prior,
                        visits: 0,
                        pending: 0,
                        value: 0.0,
                    });
                }
            }
        }
        let n = &self.nodes[node as usize];
        let parent = f64::from(n.visits + n.pending);
        let sqrt_parent = parent.max(1.0).sqrt();
        let fpu = match self.config.first_play {
            FirstPlay::Value(x) => x,
            FirstPlay::ParentMinus(r) => {
                let mean = if n.visits > 0 {
                    n.value / f64::from(n.visits)
                } else {
                    0.0
                };
                mean - r
            }
        };
        let (c, vl) = (self.config.c_puct, self.config.virtual_loss);
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        for (k, e) in n.edges.iter().enumerate() {
            if hidden && self.legal.binary_search(&e.action).is_err() {
                continue;
            }
            let visits = f64::from(e.visits + e.pending);
            let q = if visits > 0.0 {
                (e.value - vl * f64::from(e.pending)) / visits
            } else {
                fpu
            };
            let score = q + c * f64::from(e.prior) * sqrt_parent / (1.0 + visits);
            if score > best_score || best.is_none() {
                best_score = score;
                best = Some(k);
            }
        }
        best
    }

    /// Adds `values` (one per player) to the `len` edges of the path from
    /// `start` and their nodes, each for its node's player, and to `leaf`;
    /// the path's virtual losses are taken back. One simulation.
    fn backup(&mut self, start: usize, len: usize, leaf: Option<u32>, values: &[f64]) {
        let v = |p: u8| values.get(p as usize).copied().unwrap_or(0.0);
        for k in start..start + len {
            let Some(&(node, e)) = self.path.get(k) else {
                break;
            };
            let n = &mut self.nodes[node as usize];
            let x = v(n.player);
            n.visits += 1;
            n.pending = n.pending.saturating_sub(1);
            n.value += x;
            if let Some(edge) = n.edges.get_mut(e as usize) {
                edge.visits += 1;
                edge.pending = edge.pending.saturating_sub(1);
                edge.value += x;
            }
        }
        if let Some(leaf) = leaf
            && let Some(n) = self.nodes.get_mut(leaf as usize)
        {
            n.visits += 1;
            n.value += v(n.player);
        }
        self.simulations += 1;
    }

    /// Takes the round's evaluations from `buf`: the waiting leaves expanded
    /// with their priors (the root's with noise), every waiting descent
    /// backed up with its leaf's values.
    fn absorb(&mut self, buf: &LeafBuf<S>, evaluator_time: Duration) {
        if self.done {
            return;
        }
        let descents = core::mem::take(&mut self.descents);
        let mut leaves = 0u32;
        for d in &descents {
            if self.nodes[d.leaf as usize].status != Status::Pending(d.slot) {
                continue;
            }
            leaves += 1;
            let a = buf.num_actions;
            let row = &buf.priors[d.slot as usize * a..(d.slot as usize + 1) * a];
            let edges = buf
                .legal(d.slot)
                .iter()
                .map(|&action| Edge {
                    action,
                    prior: row.get(action as usize).copied().unwrap_or(0.0),
                    visits: 0,
                    pending: 0,
                    value: 0.0,
                })
                .collect();
            let n = &mut self.nodes[d.leaf as usize];
            n.edges = edges;
            n.status = Status::Expanded;
            if d.leaf == 0 {
                self.root_priors = n.edges.iter().map(|e| e.prior).collect();
                self.add_noise();
            }
        }
        let p = buf.num_players;
        let mut values = [0.0; MAX_PLAYERS];
        for d in &descents {
            let row = &buf.values[d.slot as usize * p..(d.slot as usize + 1) * p];
            for (v, &x) in values.iter_mut().zip(row) {
                *v = f64::from(x);
            }
            self.backup(d.start as usize, d.len as usize, Some(d.leaf), &values);
        }
        self.path.clear();
        self.descents = descents;
        self.descents.clear();
        self.evaluations += leaves;
        if leaves > 0 {
            self.batches += 1;
        }
        self.evaluator_time += evaluator_time;
        let out_of_time = self
            .config
            .time
            .is_some_and(|t| self.now().saturating_sub(self.start) >= t);
        if self.simulations >= self.config.simulations || out_of_time {
            self.done = true;
        }
    }

    /// Mixes Dirichlet noise into the root's priors.
    fn add_noise(&mut self) {
        let Some(noise) = self.config.noise else {
            return;
        };
        let edges = &mut self.nodes[0].edges;
        self.noise.clear();
        self.noise.resize(edges.len(), 0.0);
        dirichlet(&mut self.rng, noise.alpha, &mut self.noise);
        for (e, &eta) in edges.iter_mut().zip(&self.noise) {
            e.prior = ((1.0 - noise.epsilon) * f64::from(e.prior) + noise.epsilon * eta) as f32;
        }
    }

    /// The report of the finished search.
    fn finish(&mut self, num_actions: usize) -> PuctReport {
        let elapsed = self.now().saturating_sub(self.start);
        let mut policy = std::vec![0.0f32; num_actions];
        if let Some(a) = self.forced {
            if let Some(x) = policy.get_mut(a as usize) {
                *x = 1.0;
            }
            return PuctReport {
                action: a,
                policy,
                children: std::vec![PuctChild {
                    action: a,
                    visits: 0,
                    prior: 1.0,
                    value: 0.0,
                }],
                value: 0.0,
                simulations: 0,
                evaluations: 0,
                batches: 0,
                nodes: 0,
                elapsed,
                evaluator_time: Duration::ZERO,
            };
        }
        let Some(root) = self.nodes.first() else {
            return PuctReport {
                action: 0,
                policy,
                children: Vec::new(),
                value: 0.0,
                simulations: 0,
                evaluations: 0,
                batches: 0,
                nodes: 0,
                elapsed,
                evaluator_time: Duration::ZERO,
            };
        };
        let mut children: Vec<PuctChild> = root
            .edges
            .iter()
            .enumerate()
            .map(|(k, e)| PuctChild {
                action: e.action,
                visits: e.visits,
                prior: self.root_priors.get(k).copied().unwrap_or(e.prior),
                value: if e.visits > 0 {
                    e.value / f64::from(e.visits)
                } else {
                    0.0
                },
            })
            .collect();
        children.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.prior.total_cmp(&a.prior))
                .then(a.action.cmp(&b.action))
        });
        let total: u32 = children.iter().map(|c| c.visits).sum();
        // Weights: the visits, or the priors before any child was visited.
        let weight = |c: &PuctChild| {
            if total > 0 {
                f64::from(c.visits)
            } else {
                f64::from(c.prior)
            }
        };
        let sum: f64 = children.iter().map(weight).sum();
        for c in &children {
            if let Some(x) = policy.get_mut(c.action as usize) {
                *x = if sum > 0.0 {
                    (weight(c) / sum) as f32
                } else {
                    1.0 / children.len() as f32
                };
            }
        }
        let value = if root.visits > 0 {
            root.value / f64::from(root.visits)
        } else {
            0.0
        };
        let action = self.choose(&children, total > 0);
        PuctReport {
            action,
            policy,
            value,
            children,
            simulations: self.simulations,
            evaluations: self.evaluations,
            batches: self.batches,
            nodes: self.nodes.len(),
            elapsed,
            evaluator_time: self.evaluator_time,
        }
    }

    /// The action to play from the root's children (sorted, best first): the
    /// first under temperature 0, else drawn with weights
    /// `visits^(1/temperature)` (priors when nothing was visited).
    fn choose(&mut self, children: &[PuctChild], visited: bool) -> Action {
        let Some(first) = children.first() else {
            return 0;
        };
        let t = self.config.temperature;
        if t <= 0.0 || children.len() == 1 {
            return first.action;
        }
        let weight = |c: &PuctChild| {
            if visited {
                f64::from(c.visits)
            } else {
                f64::from(c.prior)
            }
        };
        // In logarithms against the largest, so that a small temperature does
        // not overflow.
        let top = children.iter().map(weight).fold(0.0, f64::max);
        if top <= 0.0 {
            return first.action;
        }
        let w = |c: &PuctChild| {
            let x = weight(c);
            if x > 0.0 {
                ((x.ln() - top.ln()) / t).exp()
            } else {
                0.0
            }
        };
        let sum: f64 = children.iter().map(w).sum();
        let u = (rand_core::Rng::next_u64(&mut self.rng) >> 11) as f64 / (1u64 << 53) as f64;
        let mut target = u * sum;
        for c in children {
            target -= w(c);
            if target < 0.0 {
                return c.action;
            }
        }
        first.action
    }
}

/// Searches each of `states` with its own searcher (`searchers[i]` for
/// `states[i]`, each with its settings, generator and budget), evaluating the
/// leaves of all of them in one call of `evaluator` a round: for self-play
/// and matches of many games at once, where one batch of a few leaves from
/// each search fills the network's batch. Each report is the one the
/// searcher's [`Puct::search`] would give with an evaluator that answers each
/// leaf alone in the same way, except for the shared timing.
///
/// # Errors
/// [`PuctError::Mismatch`] when the counts differ or a state's game has
/// other shapes than the first's; otherwise as [`Puct::search`] (the first
/// state with no decision, or the evaluator's failure).
pub fn search_many<S: State, E: Evaluator<S>>(
    searchers: &mut [Puct<S>],
    states: &[S],
    evaluator: &mut E,
) -> Result<Vec<PuctReport>, PuctError> {
    if searchers.len() != states.len() {
        return Err(PuctError::Mismatch("not one searcher a state"));
    }
    let refs: Vec<&S> = states.iter().collect();
    drive(searchers, &refs, evaluator)
}

/// Runs the searches of `states` by `searchers` in rounds: each collects its
/// leaves into one buffer, the evaluator judges them all, each takes its
/// answers.
fn drive<S: State, E: Evaluator<S>>(
    searchers: &mut [Puct<S>],
    states: &[&S],
    evaluator: &mut E,
) -> Result<Vec<PuctReport>, PuctError> {
    let Some(first) = states.first() else {
        return Ok(Vec::new());
    };
    let info = first.info();
    for s in states {
        let other = s.info();
        if other.num_distinct_actions != info.num_distinct_actions
            || other.num_players != info.num_players
            || other.observation_shape != info.observation_shape
            || other.information_state_shape != info.information_state_shape
        {
            return Err(PuctError::Mismatch(
                "the states belong to games of other shapes",
            ));
        }
    }
    let information_state = searchers
        .first()
        .is_some_and(|p| p.config.information_state);
    let mut buf: LeafBuf<S> = LeafBuf::new(*first, evaluator.wants_tensors(), information_state);
    for (p, s) in searchers.iter_mut().zip(states) {
        p.begin(s)?;
    }
    let clock = searchers.first().and_then(|p| p.clock);
    let now = || clock.map_or(Duration::ZERO, |c| c());
    let mut counts: Vec<usize> = Vec::with_capacity(searchers.len());
    while searchers.iter().any(|p| !p.done) {
        buf.clear();
        counts.clear();
        for (p, s) in searchers.iter_mut().zip(states) {
            let before = buf.len;
            p.collect(s, &mut buf);
            counts.push(buf.len - before);
        }
        let mut spent = Duration::ZERO;
        if buf.len > 0 {
            let t0 = now();
            buf.evaluate(evaluator)?;
            spent = now().saturating_sub(t0);
        }
        let total = buf.len.max(1) as u32;
        for (p, &n) in searchers.iter_mut().zip(&counts) {
            p.absorb(&buf, spent * n as u32 / total);
        }
    }
    let num_actions = info.num_distinct_actions;
    Ok(searchers
        .iter_mut()
        .map(|p| p.finish(num_actions))
        .collect())
}

/// Player `p`'s view before any action of the descent (`MAX_PLAYERS`: the
/// one view of a game of perfect information).
fn view_seed(p: usize) -> u64 {
    mix(0x9E6C_63D0_676A_9A99, p as u64)
}
