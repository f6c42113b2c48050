//! Many games of one game and one rules setting, stepped together: what a
//! training loop wants, N games per call instead of one, into buffers the
//! caller owns (NumPy arrays, in the Python package), without allocating per
//! step.
//!
//! - [`Batch::reset`] starts every game from its seed; [`Batch::step`] takes one
//!   action per game, for the player to move.
//! - **Chance** is resolved inside, from each game's own generator (seeded from
//!   its seed, and going on across its episodes), so the caller sees decisions
//!   only.
//! - **Auto-reset**: a game that ends (or reaches the batch's step limit) starts
//!   its next episode at once, in the same step; what its last step showed is
//!   kept in the final buffers ([`Outputs::final_observations`] …) for the
//!   steps that ended an episode.
//! - **Hidden information**: each game's observation is what its player to
//!   move may see ([`State::observation_tensor`] of that player; at the end, of
//!   the player who moved last). The full state is never written.
//! - **The same as single games**: game `i` of a batch reset with seeds
//!   `s_1 … s_N` is, move for move, the single game started with
//!   [`Batch::single`]`(s_i)` and given the same actions (tested for every game).
//! - **Threads**: the games are split in contiguous runs, one per thread
//!   ([`Batch::set_threads`]); each thread writes its own games' parts of the
//!   buffers.

use std::vec;
use std::vec::Vec;

use crate::action::{Action, ActionError, ActionList};
use crate::interface::{Game, State};
use crate::rng::SplitMix64;
use crate::turn::Turn;

/// Why a batch refused a call. The games are unchanged when it does.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum BatchError {
    /// A buffer or a list of the wrong length.
    #[error("{what} has {found} entries, not {expected}")]
    Length {
        /// Which argument.
        what: &'static str,
        /// Its length.
        found: usize,
        /// The length it must have.
        expected: usize,
    },
    /// An action the game refuses (the game's reason).
    #[error("game {game}: action {action}: {error}")]
    Illegal {
        /// Its index in the batch.
        game: usize,
        /// The action.
        action: Action,
        /// Why.
        error: ActionError,
    },
    /// A step before the first reset.
    #[error("the batch has not been reset")]
    NotReset,
    /// A player the game does not have.
    #[error("player {player}: the game has players 0 to {last}")]
    NoSuchPlayer {
        /// The player named.
        player: usize,
        /// The game's last player.
        last: usize,
    },
}

/// The caller's buffers a call writes, one row per game (row-major: game `i`'s
/// observation is `observations[i * len .. (i + 1) * len]`).
pub struct Outputs<'a> {
    /// The observation of each game's player to move ([`Batch::observation_len`]
    /// numbers a game).
    pub observations: &'a mut [f32],
    /// Each game's legal decisions as 0/1 over the action space
    /// ([`Batch::num_actions`] a game).
    pub masks: &'a mut [u8],
    /// What the step paid each player ([`Batch::num_players`] a game): its return
    /// when the game ended in this step, else 0.
    pub rewards: &'a mut [f32],
    /// Whether the game ended in this step (its next episode has begun).
    pub terminated: &'a mut [bool],
    /// Whether the game reached the batch's step limit in this step without
    /// ending (its next episode has begun).
    pub truncated: &'a mut [bool],
    /// The player to move in each game (after any reset).
    pub players: &'a mut [i32],
    /// For the games whose episode ended in this step, the last observation of
    /// that episode (the view of the player who moved last, or of
    /// [`Batch::set_final_viewer`]'s player); other rows untouched.
    pub final_observations: &'a mut [f32],
}

/// N games of one game under one rules setting.
#[derive(Clone, Debug)]
pub struct Batch<G: Game> {
    game: G,
    /// The initial state, made once: every reset copies it into a game's
    /// state, reusing that state's buffers (no allocation per episode).
    fresh: G::State,
    states: Vec<G::State>,
    rngs: Vec<SplitMix64>,
    /// Steps taken in each game's current episode.
    steps: Vec<u32>,
    /// The player who moved last in each game.
    last_player: Vec<usize>,
    /// Each game's legal decisions as a bit set (`words` words a game), as its
    /// mask was last written: a step checks its actions here, and random
    /// actions are drawn from it.
    legal: Vec<u64>,
    words: usize,
    /// Steps after which an episode is truncated (`None`: only the game ends it).
    max_steps: Option<u32>,
    /// Whose view the final observations are (`None`: the player who moved
    /// last).
    final_viewer: Option<usize>,
    threads: usize,
}

impl<G: Game + Sync> Batch<G>
where
    G::State: Send + Sync,
{
    /// `n` games of `game` (not started: [`Batch::reset`] starts them).
    pub fn new(game: G, n: usize) -> Batch<G> {
        let words = game.info().num_distinct_actions.div_ceil(64);
        Batch {
            fresh: game.new_initial_state(),
            legal: vec![0; n * words],
            words,
            states: Vec::with_capacity(n),
            rngs: vec![SplitMix64::new(0); n],
            steps: vec![0; n],
            last_player: vec![0; n],
            max_steps: None,
            final_viewer: None,
            threads: 1,
            game,
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The games in the batch.
    pub fn len(&self) -> usize {
        self.rngs.len()
    }

    /// Whether the batch holds no game.
    pub fn is_empty(&self) -> bool {
        self.rngs.is_empty()
    }

    /// Numbers in one game's observation.
    pub fn observation_len(&self) -> usize {
        self.game.info().observation_len()
    }

    /// Entries of one game's mask: the decision action space.
    pub fn num_actions(&self) -> usize {
        self.game.info().num_distinct_actions
    }

    /// Players of the game: entries of one game's rewards.
    pub fn num_players(&self) -> usize {
        self.game.info().num_players
    }

    /// Truncates an episode after `steps` decisions (`None`: never).
    pub fn set_max_steps(&mut self, steps: Option<u32>) {
        self.max_steps = steps;
    }

    /// Steps the games on `threads` threads (1: on the calling thread; the
    /// default).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Writes the final observations from `player`'s view (`None`, the
    /// default: the player who moved last). For a program that plays one seat
    /// against a policy of its own ([`Batch::step_some`]): the end of its
    /// episode as that seat sees it, even when the other side moved last.
    ///
    /// # Errors
    /// [`BatchError::NoSuchPlayer`] for a player the game does not have.
    pub fn set_final_viewer(&mut self, player: Option<usize>) -> Result<(), BatchError> {
        if let Some(p) = player {
            let players = self.num_players();
            if p >= players {
                return Err(BatchError::NoSuchPlayer {
                    player: p,
                    last: players.saturating_sub(1),
                });
            }
        }
        self.final_viewer = player;
        Ok(())
    }

    /// The states of the games (for a program that looks at one game closely:
    /// a referee's view, a debugger). A batch's user sees only observations.
    pub fn states(&self) -> &[G::State] {
        &self.states
    }

    /// The game that game `i` of a batch reset with seed `seed` is, before its
    /// first decision: the initial state with chance resolved by a generator
    /// seeded with `seed`, and that generator (which resolves its later chance).
    pub fn single(game: &G, seed: u64) -> (G::State, SplitMix64) {
        let mut rng = SplitMix64::new(seed);
        let mut state = game.new_initial_state();
        resolve_chance(&mut state, &mut rng);
        (state, rng)
    }

    /// Starts every game from its seed (`seeds.len()` must be the batch's size)
    /// and writes the first observations, masks and players; rewards 0, no game
    /// terminated or truncated.
    ///
    /// # Errors
    /// [`BatchError::Length`] for a list or buffer of the wrong length.
    pub fn reset(&mut self, seeds: &[u64], out: &mut Outputs<'_>) -> Result<(), BatchError> {
        self.check_lengths(seeds.len(), "seeds", out)?;
        self.states.resize_with(self.len(), || self.fresh.clone());
        for (i, &seed) in seeds.iter().enumerate() {
            let mut rng = SplitMix64::new(seed);
            self.states[i].clone_from(&self.fresh);
            resolve_chance(&mut self.states[i], &mut rng);
            self.rngs[i] = rng;
            self.steps[i] = 0;
        }
        let mut scratch = ActionList::new();
        let sizes = self.sizes();
        for i in 0..self.len() {
            let last = self.last_player[i];
            let legal = &mut self.legal[i * self.words..(i + 1) * self.words];
            write_row(&self.states[i], i, last, &sizes, out, legal, &mut scratch);
            out.terminated[i] = false;
            out.truncated[i] = false;
            out.rewards[i * sizes.players..(i + 1) * sizes.players].fill(0.0);
        }
        Ok(())
    }

    /// Takes `actions[i]` in game `i` for its player to move, resolves the
    /// chance that follows, starts the next episode of every game that ended,
    /// and writes every buffer of `out`. Every action is checked before any is
    /// taken: on an error no game changed.
    ///
    /// # Errors
    /// [`BatchError::Illegal`] for the first action a game refuses,
    /// [`BatchError::Length`] for a list or buffer of the wrong length,
    /// [`BatchError::NotReset`] before [`Batch::reset`].
    pub fn step(&mut self, actions: &[Action], out: &mut Outputs<'_>) -> Result<(), BatchError> {
        self.step_where(actions, None, out)
    }

    /// As [`Batch::step`], in the games `i` where `active[i]` only: for a
    /// program whose games wait for different deciders (its own policy for one
    /// seat, another for the others). The other games do not move and their
    /// actions are not looked at; they are neither terminated nor truncated,
    /// their rewards are 0, and their rows of observations, masks and players
    /// are left as they are — as the last call wrote them, so pass the same
    /// buffers to every call.
    ///
    /// # Errors
    /// As [`Batch::step`]; [`BatchError::Length`] also for `active`.
    pub fn step_some(
        &mut self,
        actions: &[Action],
        active: &[bool],
        out: &mut Outputs<'_>,
    ) -> Result<(), BatchError> {
        if active.len() != self.len() {
            return Err(BatchError::Length {
                what: "active",
                found: active.len(),
                expected: self.len(),
            });
        }
        self.step_where(actions, Some(active), out)
    }

    fn step_where(
        &mut self,
        actions: &[Action],
        active: Option<&[bool]>,
        out: &mut Outputs<'_>,
    ) -> Result<(), BatchError> {
        if self.states.len() != self.len() {
            return Err(BatchError::NotReset);
        }
        self.check_lengths(actions.len(), "actions", out)?;
        // Legal exactly when its bit is set (the bits are the game's legal list
        // as of the last step); the game's own check says why not.
        for (game, &action) in actions.iter().enumerate() {
            if active.is_some_and(|a| !a[game]) {
                continue;
            }
            if !bit(
                &self.legal[game * self.words..(game + 1) * self.words],
                action,
            ) {
                let error = match self.states[game].check(action) {
                    Err(e) => e,
                    Ok(()) => ActionError::Illegal("not among the legal actions".into()),
                };
                return Err(BatchError::Illegal {
                    game,
                    action,
                    error,
                });
            }
        }
        let sizes = self.sizes();
        let threads = self.threads.min(self.len()).max(1);
        let per = self.len().div_ceil(threads);
        let fresh = &self.fresh;
        let max_steps = self.max_steps;
        let final_viewer = self.final_viewer;
        let words = self.words;
        // Each thread takes a contiguous run of games and its rows.
        let mut runs: Vec<Run<'_, G>> = Vec::with_capacity(threads);
        {
            let mut states = &mut self.states[..];
            let mut rngs = &mut self.rngs[..];
            let mut steps = &mut self.steps[..];
            let mut last = &mut self.last_player[..];
            let mut legal = &mut self.legal[..];
            let mut acts = actions;
            let mut act = active;
            let mut obs = &mut out.observations[..];
            let mut masks = &mut out.masks[..];
            let mut rewards = &mut out.rewards[..];
            let mut terminated = &mut out.terminated[..];
            let mut truncated = &mut out.truncated[..];
            let mut players = &mut out.players[..];
            let mut finals = &mut out.final_observations[..];
            while !states.is_empty() {
                let k = per.min(states.len());
                let (s, s_rest) = states.split_at_mut(k);
                let (r, r_rest) = rngs.split_at_mut(k);
                let (st, st_rest) = steps.split_at_mut(k);
                let (l, l_rest) = last.split_at_mut(k);
                let (g, g_rest) = legal.split_at_mut(k * words);
                let (a, a_rest) = acts.split_at(k);
                let (on, on_rest) = match act {
                    Some(x) => {
                        let (on, rest) = x.split_at(k);
                        (Some(on), Some(rest))
                    }
                    None => (None, None),
                };
                let (o, o_rest) = obs.split_at_mut(k * sizes.observation);
                let (m, m_rest) = masks.split_at_mut(k * sizes.actions);
                let (w, w_rest) = rewards.split_at_mut(k * sizes.players);
                let (te, te_rest) = terminated.split_at_mut(k);
                let (tr, tr_rest) = truncated.split_at_mut(k);
                let (p, p_rest) = players.split_at_mut(k);
                let (f, f_rest) = finals.split_at_mut(k * sizes.observation);
                runs.push(Run {
                    states: s,
                    rngs: r,
                    steps: st,
                    last: l,
                    legal: g,
                    words,
                    actions: a,
                    active: on,
                    final_viewer,
                    out: Outputs {
                        observations: o,
                        masks: m,
                        rewards: w,
                        terminated: te,
                        truncated: tr,
                        players: p,
                        final_observations: f,
                    },
                });
                (states, rngs, steps, last, acts) = (s_rest, r_rest, st_rest, l_rest, a_rest);
                act = on_rest;
                legal = g_rest;
                (obs, masks, rewards, terminated) = (o_rest, m_rest, w_rest, te_rest);
                (truncated, players, finals) = (tr_rest, p_rest, f_rest);
            }
        }
        if runs.len() == 1 {
            if let Some(run) = runs.pop() {
                run.step(fresh, max_steps, &sizes);
            }
        } else {
            std::thread::scope(|scope| {
                let mut runs = runs.into_iter();
                let mine = runs.next();
                for run in runs {
                    let sizes = &sizes;
                    scope.spawn(move || run.step(fresh, max_steps, sizes));
                }
                if let Some(run) = mine {
                    run.step(fresh, max_steps, &sizes);
                }
            });
        }
        Ok(())
    }

    /// A uniformly random legal decision for every game (one [`crate::rng::below`]
    /// draw from `rng` among its legal actions), into `actions`: a random
    /// policy, and a benchmark's.
    ///
    /// # Errors
    /// [`BatchError::Length`], [`BatchError::NotReset`].
    pub fn random_actions(
        &self,
        rng: &mut SplitMix64,
        actions: &mut [Action],
    ) -> Result<(), BatchError> {
        if self.states.len() != self.len() {
            return Err(BatchError::NotReset);
        }
        if actions.len() != self.len() {
            return Err(BatchError::Length {
                what: "actions",
                found: actions.len(),
                expected: self.len(),
            });
        }
        for (i, a) in actions.iter_mut().enumerate() {
            let bits = &self.legal[i * self.words..(i + 1) * self.words];
            let count: u32 = bits.iter().map(|w| w.count_ones()).sum();
            let mut k = crate::rng::below(rng, count);
            *a = 0;
            for (w, &word) in bits.iter().enumerate() {
                let ones = word.count_ones();
                if k < ones {
                    let mut m = word;
                    for _ in 0..k {
                        m &= m - 1;
                    }
                    *a = (w * 64) as Action + m.trailing_zeros();
                    break;
                }
                k -= ones;
            }
        }
        Ok(())
    }

    fn sizes(&self) -> Sizes {
        Sizes {
            observation: self.observation_len(),
            actions: self.num_actions(),
            players: self.num_players(),
        }
    }

    fn check_lengths(
        &self,
        n: usize,
        what: &'static str,
        out: &Outputs<'_>,
    ) -> Result<(), BatchError> {
        let len = self.len();
        let s = self.sizes();
        for (what, found, expected) in [
            (what, n, len),
            ("observations", out.observations.len(), len * s.observation),
            ("masks", out.masks.len(), len * s.actions),
            ("rewards", out.rewards.len(), len * s.players),
            ("terminated", out.terminated.len(), len),
            ("truncated", out.truncated.len(), len),
            ("players", out.players.len(), len),
            (
                "final_observations",
                out.final_observations.len(),
                len * s.observation,
            ),
        ] {
            if found != expected {
                return Err(BatchError::Length {
                    what,
                    found,
                    expected,
                });
            }
        }
        Ok(())
    }
}

/// The sizes of one game's rows.
struct Sizes {
    observation: usize,
    actions: usize,
    players: usize,
}

/// One thread's games and their rows.
struct Run<'a, G: Game> {
    states: &'a mut [G::State],
    rngs: &'a mut [SplitMix64],
    steps: &'a mut [u32],
    last: &'a mut [usize],
    legal: &'a mut [u64],
    words: usize,
    actions: &'a [Action],
    /// The games that move (`None`: all).
    active: Option<&'a [bool]>,
    final_viewer: Option<usize>,
    out: Outputs<'a>,
}

impl<G: Game> Run<'_, G> {
    fn step(mut self, fresh: &G::State, max_steps: Option<u32>, sizes: &Sizes) {
        let mut scratch = ActionList::with_capacity(sizes.actions.min(4096));
        for i in 0..self.states.len() {
            if self.active.is_some_and(|a| !a[i]) {
                self.out.terminated[i] = false;
                self.out.truncated[i] = false;
                self.out.rewards[i * sizes.players..(i + 1) * sizes.players].fill(0.0);
                continue;
            }
            let state = &mut self.states[i];
            if let Turn::Player(p) = state.current_player() {
                self.last[i] = p;
            }
            // Checked by `Batch::step` before any game moved.
            let _ = state.apply_action(self.actions[i]);
            resolve_chance(state, &mut self.rngs[i]);
            self.steps[i] += 1;
            let ended = state.is_terminal();
            let cut = !ended && max_steps.is_some_and(|m| self.steps[i] >= m);
            self.out.terminated[i] = ended;
            self.out.truncated[i] = cut;
            let rewards = &mut self.out.rewards[i * sizes.players..(i + 1) * sizes.players];
            if ended {
                for (r, x) in rewards.iter_mut().zip(state.returns()) {
                    *r = x as f32;
                }
            } else {
                rewards.fill(0.0);
            }
            if ended || cut {
                let last = self.final_viewer.unwrap_or(self.last[i]);
                let row = &mut self.out.final_observations
                    [i * sizes.observation..(i + 1) * sizes.observation];
                state.observation_tensor(last, row);
                // The next episode, from the game's generator where it stands.
                state.clone_from(fresh);
                resolve_chance(state, &mut self.rngs[i]);
                self.steps[i] = 0;
            }
            let legal = &mut self.legal[i * self.words..(i + 1) * self.words];
            write_row(
                state,
                i,
                self.last[i],
                sizes,
                &mut self.out,
                legal,
                &mut scratch,
            );
        }
    }
}

/// Resolves chance nodes from `rng` up to a decision or the end.
fn resolve_chance<S: State>(state: &mut S, rng: &mut SplitMix64) {
    while state.is_chance_node() {
        match state.sample_chance(rng) {
            Some(a) if state.apply_action(a).is_ok() => {}
            _ => break,
        }
    }
}

/// Writes game `i`'s observation (its player to move's; at the end, `last`'s),
/// mask and player into its rows of `out`, and its legal decisions into the
/// bit set `legal`.
fn write_row<S: State>(
    state: &S,
    i: usize,
    last: usize,
    sizes: &Sizes,
    out: &mut Outputs<'_>,
    legal: &mut [u64],
    scratch: &mut ActionList,
) {
    let (viewer, player) = match state.current_player() {
        Turn::Player(p) => (p, p as i32),
        _ => (last, -1),
    };
    let obs = &mut out.observations[i * sizes.observation..(i + 1) * sizes.observation];
    state.observation_tensor(viewer, obs);
    let mask = &mut out.masks[i * sizes.actions..(i + 1) * sizes.actions];
    mask.fill(0);
    legal.fill(0);
    if player >= 0 {
        state.legal_actions_into(scratch);
        for &a in scratch.iter() {
            if let Some(m) = mask.get_mut(a as usize) {
                *m = 1;
                legal[a as usize / 64] |= 1 << (a % 64);
            }
        }
    }
    out.players[i] = player;
}

/// Whether `a` is in the bit set `bits`.
fn bit(bits: &[u64], a: Action) -> bool {
    bits.get(a as usize / 64)
        .is_some_and(|w| w >> (a % 64) & 1 == 1)
}

/// A batch's buffers, owned: for a Rust program that has no arrays of its own.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Buffers {
    /// See [`Outputs::observations`].
    pub observations: Vec<f32>,
    /// See [`Outputs::masks`].
    pub masks: Vec<u8>,
    /// See [`Outputs::rewards`].
    pub rewards: Vec<f32>,
    /// See [`Outputs::terminated`].
    pub terminated: Vec<bool>,
    /// See [`Outputs::truncated`].
    pub truncated: Vec<bool>,
    /// See [`Outputs::players`].
    pub players: Vec<i32>,
    /// See [`Outputs::final_observations`].
    pub final_observations: Vec<f32>,
}

impl Buffers {
    /// Buffers for `batch`.
    pub fn for_batch<G: Game + Sync>(batch: &Batch<G>) -> Buffers
    where
        G::State: Send + Sync,
    {
        let n = batch.len();
        Buffers {
            observations: vec![0.0; n * batch.observation_len()],
            masks: vec![0; n * batch.num_actions()],
            rewards: vec![0.0; n * batch.num_players()],
            terminated: vec![false; n],
            truncated: vec![false; n],
            players: vec![0; n],
            final_observations: vec![0.0; n * batch.observation_len()],
        }
    }

    /// The buffers as a call's [`Outputs`].
    pub fn outputs(&mut self) -> Outputs<'_> {
        Outputs {
            observations: &mut self.observations,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            players: &mut self.players,
            final_observations: &mut self.final_observations,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AnyGame, load};

    fn started(name: &str, n: usize) -> (Batch<AnyGame>, Buffers) {
        let mut batch = Batch::new(load(name).unwrap(), n);
        let mut buf = Buffers::for_batch(&batch);
        let seeds: Vec<u64> = (0..n as u64).collect();
        batch.reset(&seeds, &mut buf.outputs()).unwrap();
        (batch, buf)
    }

    /// The games left out do not move and keep their rows; with every game
    /// on, `step_some` is `step`.
    #[test]
    fn step_some_moves_only_the_games_named() {
        for name in ["o_an_quan", "hoop_race", "tarokk_war", "go(board_size=5)"] {
            let (mut all, mut all_buf) = started(name, 6);
            let (mut some, mut some_buf) = started(name, 6);
            all.set_threads(2);
            let mut rng = SplitMix64::new(4);
            let mut actions = vec![0; 6];
            let mut mine = vec![0; 6];
            for step in 0..300 {
                all.random_actions(&mut rng, &mut actions).unwrap();
                some.random_actions(&mut rng, &mut mine).unwrap();
                let on: Vec<bool> = (0..6).map(|i| (i + step) % 3 != 0).collect();
                let before = some.states().to_vec();
                let before_buf = some_buf.clone();
                some.step_some(&mine, &on, &mut some_buf.outputs()).unwrap();
                for i in (0..6).filter(|&i| !on[i]) {
                    assert_eq!(some.states()[i], before[i], "{name} step {step}");
                    let olen = some.observation_len();
                    let alen = some.num_actions();
                    assert_eq!(
                        some_buf.observations[i * olen..(i + 1) * olen],
                        before_buf.observations[i * olen..(i + 1) * olen]
                    );
                    assert_eq!(
                        some_buf.masks[i * alen..(i + 1) * alen],
                        before_buf.masks[i * alen..(i + 1) * alen]
                    );
                    assert_eq!(some_buf.players[i], before_buf.players[i]);
                    assert!(!some_buf.terminated[i] && !some_buf.truncated[i]);
                }
                // All on: the same as `step`.
                let every = vec![true; 6];
                let mut copy = all.clone();
                let mut copy_buf = all_buf.clone();
                copy.step_some(&actions, &every, &mut copy_buf.outputs())
                    .unwrap();
                all.step(&actions, &mut all_buf.outputs()).unwrap();
                assert_eq!(copy.states(), all.states());
                assert_eq!(copy_buf, all_buf);
            }
        }
    }

    #[test]
    fn a_left_out_game_s_action_is_not_checked() {
        let (mut batch, mut buf) = started("o_an_quan", 3);
        let mut rng = SplitMix64::new(1);
        let mut actions = vec![0; 3];
        batch.random_actions(&mut rng, &mut actions).unwrap();
        actions[1] = 9999;
        let e = batch.step(&actions, &mut buf.outputs()).unwrap_err();
        assert!(matches!(e, BatchError::Illegal { game: 1, .. }), "{e}");
        batch
            .step_some(&actions, &[true, false, true], &mut buf.outputs())
            .unwrap();
        assert!(matches!(
            batch.step_some(&actions, &[true], &mut buf.outputs()),
            Err(BatchError::Length { what: "active", .. })
        ));
    }

    /// The final observations are the chosen player's view.
    #[test]
    fn the_final_viewer_sees_the_end() {
        let game = load("tarokk_war").unwrap();
        let (mut batch, mut buf) = started("tarokk_war", 4);
        assert_eq!(
            batch.set_final_viewer(Some(2)),
            Err(BatchError::NoSuchPlayer { player: 2, last: 1 })
        );
        batch.set_final_viewer(Some(1)).unwrap();
        let mut rng = SplitMix64::new(2);
        let mut actions = vec![0; 4];
        let mut ended = 0;
        for _ in 0..400 {
            let states = batch.states().to_vec();
            batch.random_actions(&mut rng, &mut actions).unwrap();
            batch.step(&actions, &mut buf.outputs()).unwrap();
            for i in 0..4 {
                let mut s = states[i].clone();
                s.apply_action(actions[i]).unwrap();
                if buf.terminated[i] && s.is_terminal() {
                    let mut want = vec![0.0; game.info().observation_len()];
                    s.observation_tensor(1, &mut want);
                    let len = want.len();
                    assert_eq!(buf.final_observations[i * len..(i + 1) * len], want[..]);
                    ended += 1;
                }
            }
        }
        assert!(ended > 0);
    }
}
