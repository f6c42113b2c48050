//! The invariant suite: what every game behind the interface must satisfy, checked
//! on random games. Public, so that an implementation of [`Game`] outside this
//! crate can be held to it too (as board-game-rs does for its games):
//!
//! ```
//! use tabletop::suite::{self, Config};
//! let game = tabletop::load("o_an_quan")?;
//! suite::check(&game, &Config { games: 3, ..Config::default() })?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Each check returns a [`Violation`] naming the game, the step and the state
//! (serialised, so the failure can be replayed) instead of panicking.
//!
//! What is checked, at every step of `games` random games (chance by its
//! probabilities; decisions uniform in even-numbered games and by the game's
//! playout policy in odd-numbered ones, which reach deeper where uniform play ends
//! quickly):
//! - the legal list is sorted, without duplicates, and equal to the set of actions
//!   [`State::check`] accepts over the whole action space of the node; every listed
//!   action plays and makes a state unequal to the one before; refused actions
//!   change nothing;
//! - chance nodes: outcomes sorted, each with a positive exact probability, summing
//!   to exactly 1, and the legal list is the outcomes, the same when
//!   [`State::chance_outcomes_into`] is given a buffer already used; anywhere
//!   else there are no outcomes and [`State::sample_chance`] draws nothing, and
//!   [`State::random_action`] and [`State::playout_action`] draw nothing
//!   unless a player is to move (at a chance node or the end);
//! - a finished game refuses every action of both spaces and has no legal actions;
//!   returns lie within the declared utilities (and sum as declared); before the
//!   end, returns are 0; scores are one finite number per player throughout;
//! - every game ends within the declared bounds ([`GameInfo::max_game_length`]
//!   decisions, [`GameInfo::max_chance_nodes`] chance nodes);
//! - action strings are unique among the legal actions and read back to the action;
//!   [`State::action_hidden_from`] agrees with [`State::action_seen_by`];
//! - tensors have the declared length and finite values;
//! - the serialised state reads back equal, at every step; replaying the history
//!   from the initial state gives an equal state; the same seed gives the same game;
//! - indistinguishability: for each player, a state resampled from the player's
//!   information ([`State::resample_from_infostate`]) gives the same observation
//!   and information-state strings and tensors for that player; in a game of
//!   imperfect information some resampled state differs from the true one (so the
//!   check can fail);
//! - uniformity: [`State::random_action`] is uniform over the legal actions and
//!   [`State::sample_chance`] follows the probabilities (chi-squared,
//!   [`stats::fits`], p-value at least one in a million), at states met along the way.

pub mod stats;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use rand_core::{Rng, SeedableRng};

use crate::rng::SplitMix64 as SuiteRng;

use crate::action::{Action, ActionList};
use crate::info::{GameInfo, Information, Utility};
use crate::interface::{Game, State};
use crate::prob::Prob;
use crate::turn::Turn;

/// How much the suite does.
#[derive(Clone, Debug)]
pub struct Config {
    /// Random games to play.
    pub games: usize,
    /// Seed of the first game (game `k` uses `seed + k`).
    pub seed: u64,
    /// Draws per uniformity test.
    pub draws: u64,
    /// Uniformity tests per game (at evenly spread states).
    pub uniformity_checks: usize,
    /// Refused actions tried at each step to see that they change nothing.
    pub refusals_per_step: usize,
    /// Steps of a game at which the whole action space is checked against the
    /// legal list (every step when 0; large spaces make this the costly part).
    pub full_check_every: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            games: 8,
            seed: 1,
            draws: 20_000,
            uniformity_checks: 2,
            refusals_per_step: 4,
            full_check_every: 0,
        }
    }
}

/// A broken invariant: what, where, and the state to replay it from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The game string.
    pub game: String,
    /// The random game's seed.
    pub seed: u64,
    /// The step (actions taken before it).
    pub step: usize,
    /// What is wrong.
    pub what: String,
    /// The state, serialised ([`State::serialize`]).
    pub state: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (seed {}, step {}): {}\nstate:\n{}",
            self.game, self.seed, self.step, self.what, self.state
        )
    }
}

impl core::error::Error for Violation {}

/// What the suite saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games played.
    pub games: usize,
    /// Decisions taken.
    pub decisions: usize,
    /// Chance outcomes taken.
    pub chance_nodes: usize,
    /// Uniformity tests passed.
    pub uniformity_tests: usize,
    /// Resampled states that differed from the true one.
    pub resamples_differing: usize,
}

/// Runs every check on `config.games` random games of `game`.
///
/// # Errors
/// The first [`Violation`] found.
pub fn check<G: Game>(game: &G, config: &Config) -> Result<Summary, Violation> {
    let mut summary = Summary::default();
    let info = game.info();
    for k in 0..config.games {
        let seed = config.seed.wrapping_add(k as u64);
        check_one_game(game, config, seed, &mut summary)?;
        check_playout_paths(game, seed).map_err(|what| Violation {
            game: info.game_string(),
            seed,
            step: 0,
            what,
            state: String::new(),
        })?;
        summary.games += 1;
    }
    if info.information == Information::Imperfect
        && summary.games > 0
        && summary.resamples_differing == 0
    {
        return Err(Violation {
            game: info.game_string(),
            seed: config.seed,
            step: 0,
            what: "a game of imperfect information whose resampled states never differ \
                   from the true one: the indistinguishability check could not fail"
                .into(),
            state: String::new(),
        });
    }
    Ok(summary)
}

/// Plays one random game from `seed`, checking every invariant at every step.
fn check_one_game<G: Game>(
    game: &G,
    config: &Config,
    seed: u64,
    summary: &mut Summary,
) -> Result<(), Violation> {
    let info = game.info();
    let mut rng = SuiteRng::seed_from_u64(seed);
    let mut state = game.new_initial_state();
    let initial = state.clone();
    let mut list = ActionList::new();
    let (mut decisions, mut chance_nodes) = (0usize, 0usize);
    let mut step = 0usize;
    let mut uniformity_left = config.uniformity_checks;
    loop {
        let at = step;
        let fail = |what: String, s: &G::State| Violation {
            game: info.game_string(),
            seed,
            step: at,
            what,
            state: s.serialize(),
        };
        let full = config.full_check_every == 0 || step.is_multiple_of(config.full_check_every);
        check_node(&state, &mut list, full, config.refusals_per_step, &mut rng)
            .map_err(|w| fail(w, &state))?;
        check_views(&state).map_err(|w| fail(w, &state))?;
        check_round_trip(game, &state).map_err(|w| fail(w, &state))?;
        for p in 0..info.num_players {
            let other = state.resample_from_infostate(p, &mut rng);
            if let Some(w) = same_for(&state, &other, p) {
                return Err(fail(w, &state));
            }
            if other != state {
                summary.resamples_differing += 1;
            }
        }
        if uniformity_left > 0
            && uniformity_due(seed, step)
            && let Some(done) = check_uniformity(&state, config.draws, &mut rng)
        {
            done.map_err(|w| fail(w, &state))?;
            summary.uniformity_tests += 1;
            uniformity_left -= 1;
        }
        let turn = state.current_player();
        if turn != Turn::Chance && state.sample_chance(&mut rng.clone()).is_some() {
            return Err(fail(
                "sample_chance drew an outcome where chance is not to act".into(),
                &state,
            ));
        }
        if !matches!(turn, Turn::Player(_))
            && (state.random_action(&mut rng.clone()).is_some()
                || state.playout_action(&mut rng.clone()).is_some())
        {
            return Err(fail(
                "a decision drawn where no player is to move".into(),
                &state,
            ));
        }
        let action = match turn {
            Turn::Terminal => break,
            Turn::Chance => {
                chance_nodes += 1;
                state.sample_chance(&mut rng)
            }
            Turn::Player(_) => {
                decisions += 1;
                if seed.is_multiple_of(2) {
                    state.random_action(&mut rng)
                } else {
                    state.playout_action(&mut rng)
                }
            }
        };
        let Some(action) = action else {
            return Err(fail(
                "a player or chance is to act but no action could be drawn".into(),
                &state,
            ));
        };
        if let Err(e) = state.apply_action(action) {
            return Err(fail(
                format!("the drawn action {action} was refused: {e}"),
                &state,
            ));
        }
        step += 1;
        if decisions > info.max_game_length || chance_nodes > info.max_chance_nodes {
            return Err(fail(
                format!(
                    "the game passed its declared bounds: {decisions} decisions (max {}), \
                     {chance_nodes} chance nodes (max {})",
                    info.max_game_length, info.max_chance_nodes
                ),
                &state,
            ));
        }
    }
    summary.decisions += decisions;
    summary.chance_nodes += chance_nodes;
    let fail = |what: String, s: &G::State| Violation {
        game: info.game_string(),
        seed,
        step,
        what,
        state: s.serialize(),
    };
    // Replay from the initial state, and the same seed gives the same game.
    let mut replayed = initial.clone();
    for &a in state.history() {
        replayed
            .apply_action(a)
            .map_err(|e| fail(format!("replaying the history: {a} refused: {e}"), &state))?;
    }
    if replayed != state {
        return Err(fail(
            "replaying the history gives another state".into(),
            &state,
        ));
    }
    let mut again = initial;
    let mut rng2 = SuiteRng::seed_from_u64(seed);
    replay_with_same_draws(game, config, &mut again, &mut rng2, seed);
    if again.history() != state.history() {
        return Err(fail("the same seed gave another game".into(), &state));
    }
    Ok(())
}

/// The three ways to play a random game take the same actions from the same
/// draws: stepping by hand (chance by [`State::sample_chance`], decisions by
/// [`State::playout_action`], each applied with [`State::apply_action`]),
/// [`State::playout_step`], and [`State::play_out`] (called twice, the first
/// time for a few steps), which games override with faster paths.
fn check_playout_paths<G: Game>(game: &G, seed: u64) -> Result<(), String> {
    let start = game.new_initial_state();
    let mut by_hand = start.clone();
    let mut rng = SuiteRng::seed_from_u64(seed);
    loop {
        let action = match by_hand.current_player() {
            Turn::Terminal => break,
            Turn::Chance => by_hand.sample_chance(&mut rng),
            Turn::Player(_) => by_hand.playout_action(&mut rng),
        };
        let action = action.ok_or("no action could be drawn in a game that goes on")?;
        by_hand
            .apply_action(action)
            .map_err(|e| format!("the playout's action {action} was refused: {e}"))?;
    }
    let mut stepped = start.clone();
    let mut rng = SuiteRng::seed_from_u64(seed);
    let mut steps = 0;
    while stepped.playout_step(&mut rng).is_some() {
        steps += 1;
    }
    let mut bulk = start;
    let mut rng = SuiteRng::seed_from_u64(seed);
    let first = bulk.play_out(&mut rng, 5);
    let rest = bulk.play_out(&mut rng, usize::MAX);
    for (name, state, count) in [
        ("playout_step", &stepped, steps),
        ("play_out", &bulk, first + rest),
    ] {
        if state.history() != by_hand.history() || *state != by_hand {
            return Err(format!(
                "{name} took other actions than stepping by hand: {:?} against {:?}",
                state.history(),
                by_hand.history()
            ));
        }
        if count != by_hand.history().len() {
            return Err(format!(
                "{name} counted {count} steps for {} actions",
                by_hand.history().len()
            ));
        }
    }
    if first != by_hand.history().len().min(5) {
        return Err(format!("play_out(5) took {first} steps"));
    }
    Ok(())
}

/// Replays the random draws of [`check_one_game`] (the same calls on the generator
/// in the same order) to see that the same seed gives the same game.
fn replay_with_same_draws<G: Game>(
    game: &G,
    config: &Config,
    state: &mut G::State,
    rng: &mut SuiteRng,
    seed: u64,
) {
    let info = game.info();
    let mut list = ActionList::new();
    let mut uniformity_left = config.uniformity_checks;
    let mut step = 0usize;
    loop {
        let full = config.full_check_every == 0 || step.is_multiple_of(config.full_check_every);
        let _ = check_node(state, &mut list, full, config.refusals_per_step, rng);
        for p in 0..info.num_players {
            let _ = state.resample_from_infostate(p, rng);
        }
        if uniformity_left > 0
            && uniformity_due(seed, step)
            && check_uniformity(state, config.draws, rng).is_some()
        {
            uniformity_left -= 1;
        }
        let action = match state.current_player() {
            Turn::Terminal => return,
            Turn::Chance => state.sample_chance(rng),
            Turn::Player(_) if seed.is_multiple_of(2) => state.random_action(rng),
            Turn::Player(_) => state.playout_action(rng),
        };
        match action {
            Some(a) if state.apply_action(a).is_ok() => step += 1,
            _ => return,
        }
    }
}

/// Whether to test uniformity at `step` of the game from `seed`: about one step
/// in five, at places that differ from game to game.
fn uniformity_due(seed: u64, step: usize) -> bool {
    (step as u64)
        .wrapping_mul(7)
        .wrapping_add(seed)
        .is_multiple_of(5)
}

/// The legal list against the check, chance outcomes, refusals, the end.
fn check_node<S: State, R: Rng + ?Sized>(
    state: &S,
    list: &mut ActionList,
    full: bool,
    refusals: usize,
    rng: &mut R,
) -> Result<(), String> {
    let info = state.info();
    state.legal_actions_into(list);
    if list.windows(2).any(|w| w[0] >= w[1]) {
        return Err(format!("legal actions not strictly increasing: {list:?}"));
    }
    let turn = state.current_player();
    // The outcomes replace what the buffer held (callers reuse one), and there
    // are none where chance is not to act.
    let mut reused = Vec::from([(Action::MAX, Prob::ONE)]);
    state.chance_outcomes_into(&mut reused);
    let outcomes = state.chance_outcomes();
    if reused != outcomes {
        return Err(format!(
            "chance outcomes {reused:?} in a used buffer, {outcomes:?} in a new one"
        ));
    }
    if turn != Turn::Chance && !outcomes.is_empty() {
        return Err(format!(
            "chance outcomes {outcomes:?} where chance is not to act"
        ));
    }
    let space = match turn {
        Turn::Chance => info.max_chance_outcomes,
        _ => info.num_distinct_actions,
    };
    if let Some(&a) = list.iter().find(|&&a| a as usize >= space) {
        return Err(format!("legal action {a} outside the space 0..{space}"));
    }
    match turn {
        Turn::Terminal => {
            if !list.is_empty() {
                return Err(format!("a finished game lists legal actions {list:?}"));
            }
            for size in [info.num_distinct_actions, info.max_chance_outcomes] {
                for a in 0..size as Action {
                    if state.check(a).is_ok() {
                        return Err(format!("a finished game accepts action {a}"));
                    }
                }
            }
            let mut copy = state.clone();
            if copy.apply_action(0).is_ok() || copy != *state {
                return Err("a finished game took an action".into());
            }
            check_returns(state, true)?;
            return Ok(());
        }
        Turn::Chance => {
            let outcomes = state.chance_outcomes();
            let actions: Vec<Action> = outcomes.iter().map(|o| o.0).collect();
            if actions != *list {
                return Err(format!(
                    "chance outcomes {actions:?} differ from the legal actions {list:?}"
                ));
            }
            let mut sum = Prob::ZERO;
            for &(a, p) in &outcomes {
                if p == Prob::ZERO {
                    return Err(format!("chance outcome {a} listed with probability 0"));
                }
                sum = sum
                    .checked_add(p)
                    .ok_or_else(|| format!("chance probabilities exceed 1 at outcome {a}"))?;
            }
            if sum != Prob::ONE {
                return Err(format!("chance probabilities sum to {sum}, not 1"));
            }
        }
        Turn::Player(p) => {
            if p >= info.num_players {
                return Err(format!("player {p} of {}", info.num_players));
            }
            if list.is_empty() {
                return Err("a player is to move but has no legal action".into());
            }
        }
    }
    check_returns(state, false)?;
    // The legal list is exactly what the check accepts.
    if full {
        let mut listed = list.iter().peekable();
        for a in 0..space as Action {
            let is_listed = listed.peek() == Some(&&a);
            if is_listed {
                listed.next();
            }
            match (is_listed, state.check(a)) {
                (true, Err(e)) => return Err(format!("listed action {a} is refused: {e}")),
                (false, Ok(())) => {
                    return Err(format!(
                        "action {a} ({}) is accepted but not listed",
                        state.action_to_string(turn, a)
                    ));
                }
                _ => {}
            }
        }
    } else {
        for &a in list.iter() {
            if let Err(e) = state.check(a) {
                return Err(format!("listed action {a} is refused: {e}"));
            }
        }
    }
    // Every listed action plays; the strings are unique and read back.
    let mut names: Vec<String> = Vec::with_capacity(list.len());
    for &a in list.iter() {
        let mut next = state.clone();
        if let Err(e) = next.apply_action(a) {
            return Err(format!("listed action {a} failed to apply: {e}"));
        }
        if next.history().len() != state.history().len() + 1 || next.history().last() != Some(&a) {
            return Err(format!("action {a} was not recorded in the history"));
        }
        // States are equal when their positions and histories are: one more
        // action makes another state.
        if next == *state {
            return Err(format!(
                "the state after action {a} equals the state before it"
            ));
        }
        let name = state.action_to_string(turn, a);
        match state.string_to_action(&name) {
            Ok(b) if b == a => {}
            Ok(b) => return Err(format!("action {a} prints as {name:?}, which reads as {b}")),
            Err(e) => {
                return Err(format!(
                    "action {a} prints as {name:?}, which does not read: {e}"
                ));
            }
        }
        // What each player sees of it, with and without text, agrees.
        for q in 0..info.num_players {
            let seen = state.action_seen_by(a, q);
            if state.action_hidden_from(a, q) != (seen.as_ref() != Some(&name)) {
                return Err(format!(
                    "action {a} ({name}) is seen by player {q} as {seen:?}, but \
                     action_hidden_from says {}",
                    state.action_hidden_from(a, q)
                ));
            }
        }
        names.push(name);
    }
    names.sort();
    if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("two legal actions print alike: {:?}", w[0]));
    }
    // Refused actions change nothing.
    for _ in 0..refusals {
        let a = (rng.next_u32() as usize % space.max(1)) as Action;
        if list.binary_search(&a).is_ok() {
            continue;
        }
        let mut copy = state.clone();
        let before = copy.serialize();
        if copy.apply_action(a).is_ok() {
            return Err(format!("unlisted action {a} was applied"));
        }
        if copy != *state || copy.serialize() != before {
            return Err(format!("refused action {a} changed the state"));
        }
    }
    Ok(())
}

/// Returns: zero before the end; at the end within the utilities, summing as
/// declared. Scores: one finite number per player, at every step.
fn check_returns<S: State>(state: &S, terminal: bool) -> Result<(), String> {
    let info = state.info();
    let scores = state.scores();
    if scores.len() != info.num_players || scores.iter().any(|x| !x.is_finite()) {
        return Err(format!(
            "scores {scores:?} for {} players",
            info.num_players
        ));
    }
    let r = state.returns();
    if r.len() != info.num_players {
        return Err(format!(
            "{} returns for {} players",
            r.len(),
            info.num_players
        ));
    }
    if !terminal {
        if r.iter().any(|&x| x != 0.0) {
            return Err(format!("returns {r:?} before the end"));
        }
        return Ok(());
    }
    for &x in &r {
        if !(info.min_utility..=info.max_utility).contains(&x) {
            return Err(format!(
                "return {x} outside the utilities {}..={}",
                info.min_utility, info.max_utility
            ));
        }
    }
    let sum: f64 = r.iter().sum();
    match (info.utility, info.utility_sum) {
        (Utility::ZeroSum, _) if sum.abs() > 1e-9 => Err(format!("returns {r:?} do not sum to 0")),
        (Utility::ConstantSum, Some(c)) if (sum - c).abs() > 1e-9 => {
            Err(format!("returns {r:?} do not sum to {c}"))
        }
        _ => Ok(()),
    }
}

/// Tensor lengths and values, for every player.
fn check_views<S: State>(state: &S) -> Result<(), String> {
    let info = state.info();
    let mut obs = alloc::vec![f32::NAN; info.observation_len()];
    let mut inf = alloc::vec![f32::NAN; info.information_state_len()];
    for p in 0..info.num_players {
        state.observation_tensor(p, &mut obs);
        state.information_state_tensor(p, &mut inf);
        if let Some(x) = obs.iter().chain(&inf).find(|x| !x.is_finite()) {
            return Err(format!("player {p}'s tensor holds {x}"));
        }
        obs.fill(f32::NAN);
        inf.fill(f32::NAN);
    }
    Ok(())
}

/// What `player` sees is the same in both states; `Some(reason)` where it differs.
fn same_for<S: State>(a: &S, b: &S, player: usize) -> Option<String> {
    let info = a.info();
    if a.current_player() != b.current_player() {
        return Some(format!(
            "resampled for player {player}: the turn differs ({} vs {})",
            a.current_player(),
            b.current_player()
        ));
    }
    if a.observation_string(player) != b.observation_string(player) {
        return Some(format!(
            "resampled for player {player}: the observation string differs:\n{}\nvs\n{}",
            a.observation_string(player),
            b.observation_string(player)
        ));
    }
    if a.information_state_string(player) != b.information_state_string(player) {
        return Some(format!(
            "resampled for player {player}: the information-state string differs:\n{}\nvs\n{}",
            a.information_state_string(player),
            b.information_state_string(player)
        ));
    }
    let (mut x, mut y) = (
        alloc::vec![0f32; info.observation_len()],
        alloc::vec![0f32; info.observation_len()],
    );
    a.observation_tensor(player, &mut x);
    b.observation_tensor(player, &mut y);
    if x != y {
        return Some(format!(
            "resampled for player {player}: the observation tensor differs"
        ));
    }
    let (mut x, mut y) = (
        alloc::vec![0f32; info.information_state_len()],
        alloc::vec![0f32; info.information_state_len()],
    );
    a.information_state_tensor(player, &mut x);
    b.information_state_tensor(player, &mut y);
    if x != y {
        return Some(format!(
            "resampled for player {player}: the information-state tensor differs"
        ));
    }
    if a.current_player() == Turn::Player(player) && a.legal_actions() != b.legal_actions() {
        return Some(format!(
            "resampled for player {player}, who is to move: the legal actions differ"
        ));
    }
    None
}

/// Serialised state and history replay read back equal.
fn check_round_trip<G: Game>(game: &G, state: &G::State) -> Result<(), String> {
    let text = state.serialize();
    match game.deserialize_state(&text) {
        Ok(back) if back == *state => Ok(()),
        Ok(_) => Err("the serialised state reads back as another state".into()),
        Err(e) => Err(format!("the serialised state does not read back: {e}")),
    }
}

/// A uniformity test of the draw at this node: `random_action` at a decision
/// with several legal actions, `sample_chance` at a chance node with several
/// outcomes; `None` where there is nothing to test.
fn check_uniformity<S: State, R: Rng + ?Sized>(
    state: &S,
    draws: u64,
    rng: &mut R,
) -> Option<Result<(), String>> {
    match state.current_player() {
        Turn::Player(_) => {
            let list = state.legal_actions();
            if list.len() < 2 || draws < 5 * list.len() as u64 {
                return None;
            }
            let mut counts = alloc::vec![0u64; list.len()];
            for _ in 0..draws {
                let a = state.random_action(rng)?;
                match list.binary_search(&a) {
                    Ok(i) => counts[i] += 1,
                    Err(_) => return Some(Err(format!("random_action drew unlisted {a}"))),
                }
            }
            let p = alloc::vec![1.0 / list.len() as f64; list.len()];
            Some(if stats::fits(&counts, &p) {
                Ok(())
            } else {
                let (c, df) = stats::chi_squared(&counts, &p);
                Err(format!(
                    "random_action is not uniform over {} actions: chi-squared {c:.1} on {df} df",
                    list.len()
                ))
            })
        }
        Turn::Chance => {
            let outcomes = state.chance_outcomes();
            if outcomes.len() < 2 {
                return None;
            }
            let mut counts = alloc::vec![0u64; outcomes.len()];
            for _ in 0..draws {
                let a = state.sample_chance(rng)?;
                match outcomes.binary_search_by_key(&a, |o| o.0) {
                    Ok(i) => counts[i] += 1,
                    Err(_) => return Some(Err(format!("sample_chance drew impossible {a}"))),
                }
            }
            let p: Vec<f64> = outcomes.iter().map(|o| o.1.to_f64()).collect();
            Some(if stats::fits(&counts, &p) {
                Ok(())
            } else {
                let (c, df) = stats::chi_squared(&counts, &p);
                Err(format!(
                    "sample_chance does not follow the probabilities: chi-squared {c:.1} on {df} df"
                ))
            })
        }
        Turn::Terminal => None,
    }
}

/// The number of states within `depth` actions of `state` (itself at depth 0),
/// counting each history once: every decision node and terminal state, and the
/// chance nodes only when `chance_nodes` is set (the actions that lead through a
/// chance node count either way). With `terminals_beyond`, terminal states one
/// action beyond `depth` count too, as OpenSpiel's `get_all_states` counts them
/// (it keeps a terminal state before it looks at the depth). For checking
/// enumerations against published tables and other programs.
pub fn tree_size<S: State>(
    state: &S,
    depth: usize,
    chance_nodes: bool,
    terminals_beyond: bool,
) -> u64 {
    let here = u64::from(chance_nodes || !state.is_chance_node());
    if state.is_terminal() {
        return 1;
    }
    if depth == 0 {
        if !terminals_beyond {
            return here;
        }
        let mut total = here;
        for a in state.legal_actions() {
            let mut next = state.clone();
            if next.apply_action(a).is_ok() && next.is_terminal() {
                total += 1;
            }
        }
        return total;
    }
    let mut total = here;
    for a in state.legal_actions() {
        let mut next = state.clone();
        if next.apply_action(a).is_ok() {
            total += tree_size(&next, depth - 1, chance_nodes, terminals_beyond);
        }
    }
    total
}

/// The description of a game, for reports.
pub fn describe(info: &GameInfo) -> String {
    format!(
        "{}: {} players, {} actions, {} chance outcomes, at most {} decisions",
        info.game_string(),
        info.num_players,
        info.num_distinct_actions,
        info.max_chance_outcomes,
        info.max_game_length
    )
}
