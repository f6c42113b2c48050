//! One search: selection with UCB (and RAVE), expansion (full or progressive),
//! playout with the game's policy, backpropagation; determinized for games of
//! imperfect information.

use core::hash::BuildHasherDefault;
use core::time::Duration;
use std::collections::HashMap;
use std::vec::Vec;

use super::knowledge::{Knowledge, NoKnowledge, Prior};
use super::tree::{NO_PLAYER, NO_RAVE, NONE, Tree, UNKNOWN};
use super::views::{HIDDEN, KeyHasher, mix};
use super::{Clock, Config, EARLY_STOP_MARGIN, Widening, system_clock};
use crate::action::{Action, ActionList};
use crate::info::Information;
use crate::interface::{Game, PerPlayer, State};
use crate::rng::{SplitMix64, below};
use crate::turn::Turn;

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The action chosen (the root child visited most), `None` if the searching
    /// state had no decision to make. A state with one legal action gets it at
    /// once, without playouts (`playouts` 0, no children, `value` 0).
    pub action: Option<Action>,
    /// Playouts made.
    pub playouts: u64,
    /// Nodes in the tree.
    pub nodes: usize,
    /// Playout steps taken (tree descent and rollout), for playouts per second and
    /// the search's overhead.
    pub steps: u64,
    /// Time spent (zero without a clock).
    pub elapsed: core::time::Duration,
    /// The chosen action's mean utility for the searching player (−1..=1): its
    /// mean return, blended with the score term when the search weighs the score
    /// ([`Config::score_weight`]).
    pub value: f64,
    /// The chosen action's mean return for the searching player (−1..=1; the
    /// winning chance is `(win + 1) / 2`).
    pub win: f64,
    /// The chosen action's mean score margin for the searching player (its
    /// score minus the best other score at the playouts' ends).
    pub margin: f64,
    /// The root's children, most visited first.
    pub children: Vec<ChildStats>,
    /// Playouts through the root kept from the previous search
    /// ([`Config::reuse_tree`]); `playouts` counts only this search's.
    pub reused: u64,
}

/// One root child's statistics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChildStats {
    /// Its action.
    pub action: Action,
    /// Visits.
    pub visits: u32,
    /// Mean utility for the searching player (see [`Report::value`]).
    pub value: f64,
    /// Mean return for the searching player (see [`Report::win`]).
    pub win: f64,
    /// Mean score margin for the searching player (see [`Report::margin`]).
    pub margin: f64,
}

/// A reusable searcher: the tree and scratch space survive between searches, so a
/// bot playing a whole game allocates only while its tree grows past earlier sizes.
#[derive(Clone, Debug)]
pub struct Searcher {
    config: Config,
    rng: SplitMix64,
    tree: Tree,
    legal: ActionList,
    path: Vec<u32>,
    /// Decisions taken in the current playout: (player, action, path index of the
    /// node they were taken from, or `u32::MAX` in the rollout).
    moves: Vec<(u8, Action, u32)>,
    /// RAVE: actions each player played later in the playout.
    seen: Vec<Vec<u64>>,
    /// Whether the game has perfect information: then a node is always the same
    /// position, so its legal actions are listed once, at its first visit.
    perfect: bool,
    /// Scratch space for a node's priors.
    priors: Vec<Option<Prior>>,
    /// The history of the last search's root, to find it again
    /// ([`Config::reuse_tree`]).
    root_history: Vec<Action>,
    /// What time budgets are measured with.
    clock: Option<Clock>,
    /// Imperfect information: each player's view of the playout so far (a hash
    /// of the actions as that player saw them), and the node of each view met
    /// so far — the player's information set in the tree.
    keys: Vec<u64>,
    views: HashMap<u64, u32, BuildHasherDefault<KeyHasher>>,
    /// The other threads' searchers ([`Config::threads`]), kept between
    /// searches with their trees.
    helpers: Vec<Searcher>,
    /// The score's weight now ([`Config::score_weight`],
    /// [`Config::score_weight_decided`]).
    weight: f64,
}

impl Searcher {
    /// A searcher with these settings.
    pub fn new(config: Config) -> Searcher {
        Searcher {
            rng: SplitMix64::new(config.seed),
            config,
            tree: Tree::default(),
            legal: ActionList::new(),
            path: Vec::new(),
            moves: Vec::new(),
            seen: Vec::new(),
            perfect: false,
            priors: Vec::new(),
            root_history: Vec::new(),
            clock: system_clock(),
            keys: Vec::new(),
            views: HashMap::default(),
            helpers: Vec::new(),
            weight: 0.0,
        }
    }

    /// Measures time budgets with `clock` instead of the standard library's
    /// (needed on `wasm32-unknown-unknown`, which has none; see [`Clock`]).
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = Some(clock);
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Changes the settings (the generator keeps its state unless the seed changed).
    pub fn set_config(&mut self, config: Config) {
        if config.seed != self.config.seed {
            self.rng = SplitMix64::new(config.seed);
        }
        self.config = config;
    }

    /// Drops the tree kept for reuse ([`Config::reuse_tree`]): the next search
    /// starts afresh. For a caller that starts another game.
    pub fn forget(&mut self) {
        self.tree.nodes.clear();
        self.tree.untried.clear();
        self.root_history.clear();
        for h in &mut self.helpers {
            h.forget();
        }
    }

    /// Searches from `state` for the player to move and returns the choice. At a
    /// chance node or the end there is nothing to choose (`action: None`); a forced
    /// move (one legal action) is returned without searching.
    pub fn search<S: State + Sync>(&mut self, state: &S) -> Report {
        self.search_with(state, &mut NoKnowledge)
    }

    /// [`Searcher::search`] with a game's [`Knowledge`]: priors for the children
    /// of each node when the tree grows a node at a time ([`Config::expand_after`]),
    /// and actions left out of the tree ([`Knowledge::keep`]). With several
    /// [`threads`](Config::threads) each thread searches its own tree (its own
    /// generator, a share of a playout or node budget, the whole time budget)
    /// and the roots' children are merged: visits and sums added up.
    pub fn search_with<S, K>(&mut self, state: &S, knowledge: &mut K) -> Report
    where
        S: State + Sync,
        K: Knowledge<S> + Clone + Send,
    {
        let threads = usable_threads(self.config.threads);
        let budgets = split_budget(self.config.budget, threads);
        if threads == 1 {
            return self.search_alone(state, knowledge, budgets[0]);
        }
        let mut helpers = core::mem::take(&mut self.helpers);
        helpers.resize_with(threads - 1, || Searcher::new(self.config));
        for (k, h) in helpers.iter_mut().enumerate() {
            h.set_config(Config {
                seed: mix(self.config.seed, k as u64 + 1),
                threads: 1,
                ..self.config
            });
            h.clock = self.clock;
        }
        let (mine, theirs) = std::thread::scope(|scope| {
            let handles: Vec<_> = helpers
                .iter_mut()
                .zip(&budgets[1..])
                .map(|(h, &budget)| {
                    let mut knowledge = knowledge.clone();
                    scope.spawn(move || h.search_alone(state, &mut knowledge, budget))
                })
                .collect();
            let mine = self.search_alone(state, knowledge, budgets[0]);
            let theirs: Vec<Report> = handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect();
            (mine, theirs)
        });
        self.helpers = helpers;
        merge(mine, &theirs)
    }

    /// The principal variation after the root action `first` in this thread's
    /// tree: `first`, then at each node its most visited child, at most `most`
    /// actions (fewer where the tree ends).
    pub fn principal_variation(&self, first: Action, most: usize) -> Vec<Action> {
        let mut pv = Vec::new();
        if !self.perfect || self.tree.nodes.is_empty() {
            pv.push(first);
            return pv;
        }
        let mut node = self.tree.child(0, first);
        while let Some(n) = node {
            if pv.len() >= most {
                break;
            }
            pv.push(self.tree.nodes[n as usize].action);
            node = self
                .tree
                .children(n)
                .filter(|&c| self.tree.nodes[c as usize].visits > 0)
                .max_by_key(|&c| self.tree.nodes[c as usize].visits);
        }
        if pv.is_empty() {
            pv.push(first);
        }
        pv
    }

    /// One thread's search with `budget` (see [`Searcher::search_with`]).
    fn search_alone<S: State, K: Knowledge<S>>(
        &mut self,
        state: &S,
        knowledge: &mut K,
        budget: super::Budget,
    ) -> Report {
        let clock = self.clock;
        let now = || clock.map_or(Duration::ZERO, |c| c());
        let start = now();
        // Without a clock a time budget is spent at once.
        let elapsed = |start: Duration| match clock {
            Some(c) => c().saturating_sub(start),
            None => Duration::MAX,
        };
        let spent = |start: Duration| now().saturating_sub(start);
        let info = state.info();
        let no_search = |action: Option<Action>| Report {
            action,
            playouts: 0,
            nodes: 0,
            steps: 0,
            elapsed: spent(start),
            value: 0.0,
            win: 0.0,
            margin: 0.0,
            children: Vec::new(),
            reused: 0,
        };
        let Turn::Player(me) = state.current_player() else {
            return no_search(None);
        };
        // A forced move is answered at once: no budget can change it.
        state.legal_actions_into(&mut self.legal);
        if let [only] = self.legal[..] {
            return no_search(Some(only));
        }
        let words = info.num_distinct_actions.div_ceil(64).max(1);
        if self.config.rave.is_some() {
            self.seen.resize_with(info.num_players, Vec::new);
            for s in &mut self.seen {
                s.clear();
                s.resize(words, 0);
            }
        }
        let hidden = info.information == Information::Imperfect;
        self.perfect = !hidden;
        let grows_nodes = self.perfect && self.config.expand_after.is_some();
        if !(grows_nodes && self.config.reuse_tree && self.reuse(state.history())) {
            self.tree.reset();
        }
        if hidden {
            // The root is the searching player's view before any playout move.
            self.views.clear();
            self.views.insert(view_seed(me), 0);
        }
        self.root_history.clear();
        self.root_history.extend_from_slice(state.history());
        let reused = u64::from(self.tree.nodes[0].visits);
        self.weigh_score();
        let mut playouts = 0u64;
        let mut steps = 0u64;
        // One state for every playout, its buffers reused (`clone_from`).
        let mut s = state.clone();
        loop {
            if hidden {
                s = state.resample_from_infostate(me, &mut self.rng);
            } else {
                s.clone_from(state);
            }
            steps += self.iterate(&mut s, knowledge);
            playouts += 1;
            if playouts.is_multiple_of(64) {
                self.weigh_score();
            }
            if budget.playouts.is_some_and(|n| playouts >= n)
                || budget.nodes.is_some_and(|n| self.tree.nodes.len() >= n)
            {
                break;
            }
            if playouts.is_multiple_of(16) || playouts < 16 {
                // The playouts the budget still allows, if it says.
                let mut left = budget.playouts.map(|n| (n - playouts) as f64);
                if let Some(t) = budget.time {
                    let e = elapsed(start);
                    if e >= t {
                        break;
                    }
                    let rate = playouts as f64 / e.as_secs_f64().max(1e-9);
                    let by_time = rate * (t - e).as_secs_f64() * EARLY_STOP_MARGIN;
                    left = Some(left.map_or(by_time, |l| l.min(by_time)));
                }
                if self.config.stop_early
                    && playouts >= 16
                    && left.is_some_and(|left| self.root_lead() as f64 > left)
                {
                    break;
                }
            }
            if budget.playouts.is_none() && budget.nodes.is_none() && budget.time.is_none() {
                break;
            }
        }
        // The choice: the most visited root child legal in the true state.
        state.legal_actions_into(&mut self.legal);
        let mut children: Vec<ChildStats> = self
            .tree
            .children(0)
            .map(|c| {
                let n = &self.tree.nodes[c as usize];
                let mean = |sum: f64| {
                    if n.visits > 0 {
                        sum / f64::from(n.visits)
                    } else {
                        0.0
                    }
                };
                ChildStats {
                    action: n.action,
                    visits: n.visits,
                    value: (1.0 - self.weight) * mean(n.wins) + self.weight * mean(n.score),
                    win: mean(n.wins),
                    margin: mean(n.margin),
                }
            })
            .filter(|c| self.legal.binary_search(&c.action).is_ok())
            .collect();
        children.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.value.total_cmp(&a.value))
                .then(a.action.cmp(&b.action))
        });
        let action = children
            .first()
            .map(|c| c.action)
            .or_else(|| self.legal.first().copied());
        Report {
            action,
            playouts,
            nodes: self.tree.nodes.len(),
            steps,
            elapsed: spent(start),
            value: children.first().map_or(0.0, |c| c.value),
            win: children.first().map_or(0.0, |c| c.win),
            margin: children.first().map_or(0.0, |c| c.margin),
            children,
            reused,
        }
    }

    /// How many more visits the root's most visited child has than the second
    /// (than none, if it is the only one): no budget that allows fewer playouts
    /// can change the choice.
    fn root_lead(&self) -> u32 {
        let (mut first, mut second) = (0u32, 0u32);
        for c in self.tree.children(0) {
            let v = self.tree.nodes[c as usize].visits;
            if v > first {
                (first, second) = (v, first);
            } else if v > second {
                second = v;
            }
        }
        first - second
    }

    /// Sets the score's weight for the playouts to come: the decided weight when
    /// the searching player's mean return over the root's children is beyond
    /// ±0.8, else the open one.
    fn weigh_score(&mut self) {
        let (open, decided) = (
            self.config.score_weight.clamp(0.0, 1.0),
            self.config.score_weight_decided.clamp(0.0, 1.0),
        );
        let (mut wins, mut visits) = (0.0, 0u64);
        for c in self.tree.children(0) {
            let n = &self.tree.nodes[c as usize];
            wins += n.wins;
            visits += u64::from(n.visits);
        }
        let decided_now = visits >= 64 && (wins / visits as f64).abs() > 0.8;
        self.weight = if decided_now { decided } else { open };
    }

    /// Keeps the subtree of the position whose history is `history` when it
    /// follows the last root's by a few actions that are in the tree; whether it
    /// did.
    fn reuse(&mut self, history: &[Action]) -> bool {
        let old = &self.root_history;
        if self.tree.nodes.is_empty()
            || history.len() < old.len()
            || history.len() > old.len() + 8
            || history[..old.len()] != old[..]
        {
            return false;
        }
        let mut node = 0u32;
        for &a in &history[old.len()..] {
            match self.tree.child(node, a) {
                Some(c) => node = c,
                None => return false,
            }
        }
        if node != 0 {
            self.tree.reroot(node);
        }
        true
    }

    /// One playout from the root: descend, expand one node, roll out, back up.
    /// Returns the steps taken.
    fn iterate<S: State, K: Knowledge<S>>(&mut self, s: &mut S, knowledge: &mut K) -> u64 {
        self.path.clear();
        self.moves.clear();
        self.path.push(0);
        let mut node = 0u32;
        let mut steps = 0u64;
        if !self.perfect {
            let players = s.info().num_players;
            self.keys.clear();
            self.keys.extend((0..players).map(view_seed));
        }
        // Selection and expansion.
        loop {
            match s.current_player() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let Some(a) = s.sample_chance(&mut self.rng) else {
                        break;
                    };
                    if !self.perfect {
                        self.observe(s, a, None);
                    }
                    if s.apply_action(a).is_err() {
                        break;
                    }
                    steps += 1;
                    if self.perfect {
                        node = match self.tree.child(node, a) {
                            Some(c) => c,
                            None => self.tree.add(node, a, NO_PLAYER),
                        };
                        self.path.push(node);
                    }
                }
                Turn::Player(p) => {
                    if !self.perfect {
                        // The node is the mover's view, whatever the others did
                        // that the mover did not see.
                        node = self.view_node(p);
                        if self.path.last() != Some(&node) {
                            self.path.push(node);
                        }
                    }
                    let chosen = if let Some(after) = self.config.expand_after
                        && self.perfect
                    {
                        self.select_grown(s, node, p, after, knowledge)
                    } else {
                        self.select_known(s, node, p, knowledge)
                    };
                    let Some((a, child, new)) = chosen else {
                        break;
                    };
                    if !self.perfect {
                        self.observe(s, a, Some(p));
                    }
                    if s.apply_action(a).is_err() {
                        break;
                    }
                    steps += 1;
                    self.moves.push((p as u8, a, (self.path.len() - 1) as u32));
                    node = child;
                    self.path.push(node);
                    if new {
                        break;
                    }
                }
            }
        }
        // Rollout with the game's policy.
        let rave = self.config.rave.is_some();
        let mut rollout = 0usize;
        while rollout < self.config.max_playout_steps {
            let turn = s.current_player();
            let Some(a) = s.playout_step(&mut self.rng) else {
                break;
            };
            if rave && let Turn::Player(p) = turn {
                self.moves.push((p as u8, a, u32::MAX));
            }
            rollout += 1;
        }
        steps += rollout as u64;
        let outcome = Outcome::of(s, &self.config);
        self.backup(&outcome);
        steps
    }

    /// Imperfect information: adds `action`, about to be taken in `s` by `actor`
    /// (`None`: chance), to each player's view, as that player sees it.
    fn observe<S: State>(&mut self, s: &S, action: Action, actor: Option<usize>) {
        let by = actor.map_or(0, |p| p as u64 + 1) << 32;
        for (q, key) in self.keys.iter_mut().enumerate() {
            let seen = if s.action_hidden_from(action, q) {
                HIDDEN
            } else {
                u64::from(action)
            };
            *key = mix(*key, by | seen);
        }
    }

    /// Imperfect information: the node of player `p`'s current view, made at its
    /// first visit.
    fn view_node(&mut self, p: usize) -> u32 {
        let key = self.keys[p];
        if let Some(&node) = self.views.get(&key) {
            return node;
        }
        let node = self.tree.add_detached();
        self.views.insert(key, node);
        node
    }

    /// At a decision node of player `p`: the action to take, its child, and
    /// whether the child is new. A node is one player's decision with the same
    /// legal actions at every visit — a position in a game of perfect
    /// information, the mover's information set otherwise (a player knows what
    /// it may do) — so its legal actions (those the knowledge keeps,
    /// [`Knowledge::keep`]) are listed once, at the first visit, and tried one
    /// by one: in random order, or under progressive widening the playout
    /// policy's proposal first. Once every action has a child (or widening
    /// allows no more), the best child by UCB (and RAVE). An action that a
    /// determinised state refuses ends that playout's descent.
    fn select_known<S: State, K: Knowledge<S>>(
        &mut self,
        s: &S,
        node: u32,
        p: usize,
        knowledge: &mut K,
    ) -> Option<(Action, u32, bool)> {
        let n = node as usize;
        if self.tree.nodes[n].untried_len == super::tree::UNKNOWN {
            s.legal_actions_into(&mut self.legal);
            if self.legal.is_empty() {
                return None;
            }
            if self.legal.iter().any(|&a| knowledge.keep(s, a)) {
                self.legal.retain(|a| knowledge.keep(s, *a));
            }
            self.tree.nodes[n].untried_at = self.tree.untried.len() as u32;
            self.tree.nodes[n].untried_len = self.legal.len() as u32;
            self.tree.untried.extend_from_slice(&self.legal);
        }
        let (at, len) = (
            self.tree.nodes[n].untried_at as usize,
            self.tree.nodes[n].untried_len as usize,
        );
        let children = self.tree.nodes[n].first_child != NONE;
        let may_grow = match self.config.widening {
            Some(Widening { c, alpha, .. }) if len > 0 && children => {
                let visits = f64::from(self.tree.nodes[n].visits);
                let allowed = (c * (visits + 1.0).powf(alpha)).ceil() as usize;
                self.tree.child_count(node) < allowed.max(1)
            }
            _ => true,
        };
        if len > 0 && may_grow {
            // Take an untried action, the policy's proposal under widening, else
            // at random: swap it to the end of the run.
            let run = at..at + len;
            let proposed = if self.config.widening.is_some() {
                s.playout_action(&mut self.rng)
                    .and_then(|a| self.tree.untried[run.clone()].iter().position(|&u| u == a))
            } else {
                None
            };
            let k = at + proposed.unwrap_or_else(|| below(&mut self.rng, len as u32) as usize);
            let last = at + len - 1;
            self.tree.untried.swap(k, last);
            let a = self.tree.untried[last];
            self.tree.nodes[n].untried_len -= 1;
            let child = self.tree.add(node, a, p as u8);
            // Every sibling is available at every visit of the parent.
            self.tree.nodes[child as usize].available = self.tree.nodes[n].visits.max(1);
            return Some((a, child, true));
        }
        // Every child is legal; availability is the parent's visits.
        let visits = self.tree.nodes[n].visits.max(1);
        let mut c = self.tree.nodes[n].first_child;
        while c != NONE {
            let child = &mut self.tree.nodes[c as usize];
            child.available = visits;
            c = child.next_sibling;
        }
        self.best_child_any(node)
            .map(|c| (self.tree.nodes[c as usize].action, c, false))
    }

    /// As [`Searcher::select_known`] for a tree grown a node at a time
    /// ([`Config::expand_after`]): a node visited fewer than `after` times (the
    /// root excepted) is a leaf, where the descent stops (`None`); at the visit
    /// that reaches `after` it gets a child for every legal action the
    /// knowledge keeps, with its prior; then the best child by UCB (and RAVE).
    fn select_grown<S: State, K: Knowledge<S>>(
        &mut self,
        s: &S,
        node: u32,
        p: usize,
        after: u32,
        knowledge: &mut K,
    ) -> Option<(Action, u32, bool)> {
        let n = node as usize;
        if self.tree.nodes[n].untried_len == UNKNOWN {
            if node != 0 && self.tree.nodes[n].visits < after {
                return None;
            }
            s.legal_actions_into(&mut self.legal);
            if self.legal.is_empty() {
                return None;
            }
            knowledge.priors(s, &self.legal, &mut self.priors);
            let keep_all = self.priors.iter().all(Option::is_none);
            // Children are prepended: add them backwards, so they are listed in
            // the actions' order.
            for k in (0..self.legal.len()).rev() {
                let prior = match self.priors.get(k).copied().flatten() {
                    Some(prior) => prior,
                    None if keep_all => Prior::NONE,
                    None => continue,
                };
                let c = self.tree.add(node, self.legal[k], p as u8);
                let child = &mut self.tree.nodes[c as usize];
                child.prior_visits = prior.visits.max(0.0);
                child.prior_value = prior.value.clamp(-1.0, 1.0);
                child.flags = if prior.rave { 0 } else { NO_RAVE };
            }
            self.tree.nodes[n].untried_len = 0;
        }
        self.best_grown(node)
            .map(|c| (self.tree.nodes[c as usize].action, c, false))
    }

    /// The child with the highest score in a tree grown a node at a time: the
    /// mean return with the prior's imagined playouts, blended with the RAVE
    /// mean (the prior added there too), plus the UCB exploration term; a child
    /// with no statistics at all scores [`Config::first_play`].
    fn best_grown(&self, node: u32) -> Option<u32> {
        let c_explore = self.config.exploration;
        let log_parent = f64::from(self.tree.nodes[node as usize].visits.max(1)).ln();
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        let mut c = self.tree.nodes[node as usize].first_child;
        while c != NONE {
            let n = &self.tree.nodes[c as usize];
            let pv = f64::from(n.prior_visits);
            let pq = f64::from(n.prior_value);
            let visits = f64::from(n.visits) + pv;
            let w = self.weight;
            let score_mean = |sum: f64, k: u32| if k > 0 { sum / f64::from(k) } else { 0.0 };
            let mut q = (visits > 0.0).then(|| {
                (1.0 - w) * (n.wins + pv * pq) / visits + w * score_mean(n.score, n.visits)
            });
            if let Some(k) = self.config.rave {
                let rave_visits = f64::from(n.rave_visits) + pv;
                if rave_visits > 0.0 {
                    let rq = (1.0 - w) * (n.rave_wins + pv * pq) / rave_visits
                        + w * score_mean(n.rave_score, n.rave_visits);
                    q = Some(match q {
                        Some(q) => {
                            let beta = (k / (3.0 * visits + k)).sqrt();
                            (1.0 - beta) * q + beta * rq
                        }
                        None => rq,
                    });
                }
            }
            let explore = if c_explore > 0.0 {
                c_explore * (log_parent / visits.max(1.0)).sqrt()
            } else {
                0.0
            };
            let score = q.unwrap_or(self.config.first_play) + explore;
            if score > best_score {
                best_score = score;
                best = Some(c);
            }
            c = n.next_sibling;
        }
        best
    }

    /// The child with the highest UCB score (every child legal).
    fn best_child_any(&self, node: u32) -> Option<u32> {
        self.best_by(node, |_| true)
    }

    /// The child with the highest UCB score among those `eligible` accepts.
    fn best_by(&self, node: u32, eligible: impl Fn(Action) -> bool) -> Option<u32> {
        let c_explore = self.config.exploration;
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        let mut c = self.tree.nodes[node as usize].first_child;
        while c != NONE {
            let n = &self.tree.nodes[c as usize];
            if eligible(n.action) {
                let visits = f64::from(n.visits.max(1));
                let w = self.weight;
                let mut q = ((1.0 - w) * n.wins + w * n.score) / visits;
                if let Some(k) = self.config.rave
                    && n.rave_visits > 0
                {
                    let beta = (k / (3.0 * visits + k)).sqrt();
                    let rq =
                        ((1.0 - w) * n.rave_wins + w * n.rave_score) / f64::from(n.rave_visits);
                    q = (1.0 - beta) * q + beta * rq;
                }
                let explore = if c_explore > 0.0 {
                    c_explore * (f64::from(n.available.max(1)).ln() / visits).sqrt()
                } else {
                    0.0
                };
                let score = q + explore;
                if score > best_score {
                    best_score = score;
                    best = Some(c);
                }
            }
            c = n.next_sibling;
        }
        best
    }

    /// Adds the playout's returns to every node on the path (each from its actor's
    /// side), and the RAVE statistics of the path's decision nodes' children.
    fn backup(&mut self, outcome: &Outcome) {
        for &id in &self.path {
            let n = &mut self.tree.nodes[id as usize];
            n.visits += 1;
            if n.actor != NO_PLAYER {
                let p = n.actor as usize;
                n.wins += outcome.returns.get(p).copied().unwrap_or(0.0);
                n.score += outcome.score.get(p).copied().unwrap_or(0.0);
                n.margin += outcome.margin.get(p).copied().unwrap_or(0.0);
            }
        }
        if self.config.rave.is_none() {
            return;
        }
        for s in &mut self.seen {
            s.fill(0);
        }
        // Walk the moves backwards: when a move taken from a path node is reached,
        // `seen` holds that move and every later one.
        for k in (0..self.moves.len()).rev() {
            let (p, a, at) = self.moves[k];
            if let Some(bits) = self.seen.get_mut(p as usize) {
                set(bits, a);
            }
            if at == u32::MAX {
                continue;
            }
            let parent = self.path[at as usize];
            let Some(bits) = self.seen.get(p as usize) else {
                continue;
            };
            let r = outcome.returns.get(p as usize).copied().unwrap_or(0.0);
            let t = outcome.score.get(p as usize).copied().unwrap_or(0.0);
            let mut c = self.tree.nodes[parent as usize].first_child;
            while c != NONE {
                let n = &mut self.tree.nodes[c as usize];
                if n.flags & NO_RAVE == 0 && get(bits, n.action) {
                    n.rave_visits += 1;
                    n.rave_wins += r;
                    n.rave_score += t;
                }
                c = n.next_sibling;
            }
        }
    }
}

/// The threads a search may use: `wanted`, at least 1; 1 where the target has no
/// threads.
fn usable_threads(wanted: usize) -> usize {
    if cfg!(all(target_arch = "wasm32", target_os = "unknown")) {
        1
    } else {
        wanted.max(1)
    }
}

/// Each thread's share of `budget`: playouts and nodes divided (the first
/// threads take the rest; at least one each), the same time for all.
fn split_budget(budget: super::Budget, threads: usize) -> Vec<super::Budget> {
    let share = |n: u64, k: u64| {
        let t = threads as u64;
        (n / t + u64::from(k < n % t)).max(1)
    };
    (0..threads as u64)
        .map(|k| super::Budget {
            playouts: budget.playouts.map(|n| share(n, k)),
            nodes: budget.nodes.map(|n| share(n as u64, k) as usize),
            time: budget.time,
        })
        .collect()
}

/// One report from the threads' reports: the root children's visits and sums
/// added up, the playouts, nodes and steps too; the longest time.
fn merge(first: Report, others: &[Report]) -> Report {
    let mut children: Vec<(ChildStats, f64, f64, f64)> = Vec::new();
    for r in core::iter::once(&first).chain(others) {
        for c in &r.children {
            let v = f64::from(c.visits);
            match children.iter_mut().find(|(m, ..)| m.action == c.action) {
                Some((m, value, win, margin)) => {
                    m.visits += c.visits;
                    *value += c.value * v;
                    *win += c.win * v;
                    *margin += c.margin * v;
                }
                None => children.push((*c, c.value * v, c.win * v, c.margin * v)),
            }
        }
    }
    let mut children: Vec<ChildStats> = children
        .into_iter()
        .map(|(mut c, value, win, margin)| {
            let v = f64::from(c.visits.max(1));
            c.value = value / v;
            c.win = win / v;
            c.margin = margin / v;
            c
        })
        .collect();
    children.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.value.total_cmp(&a.value))
            .then(a.action.cmp(&b.action))
    });
    let best = children.first().copied();
    Report {
        action: best.map(|c| c.action).or(first.action),
        playouts: first.playouts + others.iter().map(|r| r.playouts).sum::<u64>(),
        nodes: first.nodes + others.iter().map(|r| r.nodes).sum::<usize>(),
        steps: first.steps + others.iter().map(|r| r.steps).sum::<u64>(),
        elapsed: others
            .iter()
            .map(|r| r.elapsed)
            .fold(first.elapsed, core::cmp::max),
        value: best.map_or(0.0, |c| c.value),
        win: best.map_or(0.0, |c| c.win),
        margin: best.map_or(0.0, |c| c.margin),
        children,
        reused: first.reused + others.iter().map(|r| r.reused).sum::<u64>(),
    }
}

/// A playout's end for every player: the returns, the score margins, and the
/// score terms (`(2/π) · atan(margin / total / scale)`, the total being the sum
/// of the scores' sizes) the search weighs beside the returns.
struct Outcome {
    returns: PerPlayer,
    margin: PerPlayer,
    score: PerPlayer,
}

impl Outcome {
    /// The end of the playout `s`; the score terms only when the search weighs
    /// the score.
    fn of<S: State>(s: &S, config: &Config) -> Outcome {
        let returns = s.returns();
        let scores = s.scores();
        let margin: PerPlayer = (0..scores.len())
            .map(|p| {
                let best_other = scores
                    .iter()
                    .enumerate()
                    .filter(|&(q, _)| q != p)
                    .map(|(_, &x)| x)
                    .fold(f64::NEG_INFINITY, f64::max);
                if best_other.is_finite() {
                    scores[p] - best_other
                } else {
                    0.0
                }
            })
            .collect();
        let weighs = config.score_weight > 0.0 || config.score_weight_decided > 0.0;
        let scale = config.score_scale.max(f64::MIN_POSITIVE);
        // The margin as a share of all the points scored, so that one scale
        // serves every board.
        let total: f64 = scores.iter().map(|x| x.abs()).sum();
        let score = margin
            .iter()
            .map(|&m| {
                if weighs && total > 0.0 {
                    core::f64::consts::FRAC_2_PI * (m / total / scale).atan()
                } else {
                    0.0
                }
            })
            .collect();
        Outcome {
            returns,
            margin,
            score,
        }
    }
}

/// Player `p`'s view before any move of the playout.
fn view_seed(p: usize) -> u64 {
    mix(0x243F_6A88_85A3_08D3, p as u64)
}

fn set(bits: &mut [u64], a: Action) {
    if let Some(w) = bits.get_mut((a / 64) as usize) {
        *w |= 1 << (a % 64);
    }
}

fn get(bits: &[u64], a: Action) -> bool {
    bits.get((a / 64) as usize)
        .is_some_and(|w| w >> (a % 64) & 1 == 1)
}

/// Searches `state` with a new searcher for `game`'s recommended settings (see
/// [`Config::for_game`]) and returns the action chosen.
pub fn choose<G: Game>(
    game: &G,
    state: &G::State,
    budget: super::Budget,
    seed: u64,
) -> Option<Action>
where
    G::State: Sync,
{
    let mut searcher = Searcher::new(Config::for_game(game.info().short_name, budget, seed));
    searcher.search(state).action
}

#[cfg(all(test, feature = "trap_stones"))]
mod tests {
    use super::*;
    use crate::bot::Budget;
    use crate::interface::Game;
    use crate::rng::SplitMix64;
    use rand_core::SeedableRng;

    /// The opponent's node after the bot's secret trap is one node, whichever
    /// trap the bot chose: in the tree the opponent does not see the trap (a
    /// tree keyed by actions would give it one node per trap, and let it dodge
    /// each).
    #[test]
    fn the_opponent_decides_without_seeing_the_bots_secret_action() {
        let game = crate::load("trap_stones").unwrap();
        let mut s = game.new_initial_state();
        let mut rng = SplitMix64::seed_from_u64(4);
        while s.is_chance_node() {
            let a = s.sample_chance(&mut rng).unwrap();
            s.apply_action(a).unwrap();
        }
        // Side 1 lays its trap first, then side 2 (the opponent).
        assert_eq!(s.current_player(), Turn::Player(0));
        let playouts = 2000;
        let mut searcher = Searcher::new(Config {
            stop_early: false,
            ..Config::for_game("trap_stones", Budget::playouts(playouts), 9)
        });
        let report = searcher.search(&s);
        assert_eq!(report.playouts, playouts);
        let after_trap = mix(view_seed(1), (1 << 32) | HIDDEN);
        let node = *searcher
            .views
            .get(&after_trap)
            .expect("the opponent's view");
        let root_children = searcher.tree.child_count(0) as u32;
        assert!(root_children > 10, "{root_children} traps tried");
        // Every playout that did not stop at a new trap of the bot's reached it.
        assert_eq!(
            searcher.tree.nodes[node as usize].visits,
            playouts as u32 - root_children
        );
    }
}
