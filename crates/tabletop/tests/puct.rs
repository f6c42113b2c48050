//! The PUCT search (`tabletop::bot::Puct`) with the uniform evaluator: legal
//! choices only, in random positions of all five games (two to four
//! players, chance, hidden information); forced wins found; reproducible for
//! a seed at every batch size; the root's noise and the temperature doing
//! what they say; decisions from the searching player's view only; errors
//! typed, never a panic.

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tabletop::bot::{
    DirichletNoise, EvalError, Evaluations, Evaluator, FirstPlay, Leaves, Puct, PuctConfig,
    PuctError, PuctReport, UniformEvaluator, WithRollouts, search_many,
};
use tabletop::{AnyGame, AnyState, Game, State, Turn, load};

/// Every game the tests search, with more than two players where a game has
/// them.
const GAMES: &[&str] = &[
    #[cfg(feature = "go")]
    "go(board_size=5,komi=0.5)",
    #[cfg(feature = "o_an_quan")]
    "o_an_quan",
    #[cfg(feature = "o_an_quan")]
    "o_an_quan(players=3)",
    #[cfg(feature = "hoop_race")]
    "hoop_race",
    #[cfg(feature = "hoop_race")]
    "hoop_race(players=4)",
    #[cfg(feature = "trap_stones")]
    "trap_stones",
    #[cfg(feature = "tarokk_war")]
    "tarokk_war",
];

/// Plays `steps` actions from the start (chance by probability, decisions by
/// the playout policy), then on through chance to a decision; `None` if the
/// game ends first.
fn position(game: &AnyGame, steps: usize, seed: u64) -> Option<AnyState> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut s = game.new_initial_state();
    let mut k = 0;
    loop {
        let a = match s.current_player() {
            Turn::Terminal => return None,
            Turn::Chance => s.sample_chance(&mut rng),
            Turn::Player(_) if k >= steps => return Some(s),
            Turn::Player(_) => s.playout_action(&mut rng),
        };
        s.apply_action(a?).ok()?;
        k += 1;
    }
}

fn config(simulations: u32, batch_size: usize, seed: u64) -> PuctConfig {
    PuctConfig {
        batch_size,
        ..PuctConfig::new(simulations, seed)
    }
}

/// The report's promises about `state`: a legal action, a policy over the
/// action space that sums to 1 and is zero off the legal actions, every child
/// legal, visits adding up, values in the utility range.
fn check_report(state: &AnyState, r: &PuctReport, what: &str) {
    let info = state.info();
    let legal = state.legal_actions();
    assert!(
        legal.contains(&r.action),
        "{what}: {} is not legal",
        r.action
    );
    assert_eq!(r.policy.len(), info.num_distinct_actions, "{what}");
    let sum: f32 = r.policy.iter().sum();
    assert!((sum - 1.0).abs() < 1e-4, "{what}: policy sums to {sum}");
    for (a, &p) in r.policy.iter().enumerate() {
        assert!(p >= 0.0, "{what}");
        if p > 0.0 {
            assert!(legal.contains(&(a as u32)), "{what}: policy on illegal {a}");
        }
    }
    for c in &r.children {
        assert!(
            legal.contains(&c.action),
            "{what}: child {} illegal",
            c.action
        );
        assert!(c.value.abs() <= info.max_utility.abs().max(info.min_utility.abs()) + 1e-9);
    }
    if r.simulations > 0 {
        let visits: u32 = r.children.iter().map(|c| c.visits).sum();
        // The root's own evaluation is a simulation that passes no child.
        assert_eq!(visits + 1, r.simulations, "{what}");
    }
    assert!(r.value.is_finite(), "{what}");
    assert!(r.evaluator_time <= r.elapsed, "{what}");
}

#[test]
fn chooses_only_legal_actions_in_random_positions_of_every_game() {
    for name in GAMES {
        let game = load(name).unwrap();
        let mut searched = 0;
        for seed in 0..6u64 {
            for steps in [0, 3, 9, 20, 45] {
                let Some(s) = position(&game, steps, seed) else {
                    continue;
                };
                for (batch, temperature, noise) in [(1, 0.0, None), (8, 1.0, Some(0.3))] {
                    let mut c = config(24, batch, seed);
                    c.temperature = temperature;
                    c.noise = noise.map(|alpha| DirichletNoise {
                        alpha,
                        epsilon: 0.25,
                    });
                    c.skip_forced = false;
                    let mut puct = Puct::new(c).unwrap();
                    let mut eval = UniformEvaluator::with_rollouts(1, seed);
                    let r = puct.search(&s, &mut eval).unwrap();
                    check_report(&s, &r, &format!("{name} seed {seed} step {steps}"));
                    assert_eq!(r.simulations, 24);
                    searched += 1;
                }
            }
        }
        assert!(searched >= 20, "{name}: only {searched} positions");
    }
}

/// Whether taking `a` at `s` ends the game with a win for the mover.
fn wins_at_once(s: &AnyState, a: u32) -> bool {
    let Turn::Player(p) = s.current_player() else {
        return false;
    };
    let mut t = s.clone();
    t.apply_action(a).is_ok() && t.is_terminal() && t.returns()[p] > 0.0
}

/// The actions that win at once, if some do and some do not.
fn immediate_wins(s: &AnyState) -> Option<Vec<u32>> {
    let legal = s.legal_actions();
    let wins: Vec<u32> = legal
        .iter()
        .copied()
        .filter(|&a| wins_at_once(s, a))
        .collect();
    (!wins.is_empty() && wins.len() < legal.len()).then_some(wins)
}

/// Random positions of `name` with a win in one move that not every move
/// gives: the search, with values 0 (it knows only the ends it reaches),
/// takes a winning move at batch sizes 1 and 8. Returns how many positions.
fn finds_wins_in_one(name: &str, min_steps: usize, seeds: u64) -> usize {
    let game = load(name).unwrap();
    let mut found = 0;
    for seed in 0..seeds {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut s = game.new_initial_state();
        let mut steps = 0;
        while !s.is_terminal() {
            if steps >= min_steps
                && !s.is_chance_node()
                && let Some(wins) = immediate_wins(&s)
            {
                let legal = s.legal_actions().len() as u32;
                for batch in [1, 8] {
                    let mut puct = Puct::new(config(2 * legal + 16, batch, seed)).unwrap();
                    let r = puct.search(&s, &mut UniformEvaluator::new()).unwrap();
                    assert!(
                        wins.contains(&r.action),
                        "{name} seed {seed} step {steps}, batch {batch}: chose {} of {legal}, wins {wins:?}\n{}",
                        r.action,
                        s.observation_string(0)
                    );
                    // Every simulation through the win sees the win's return.
                    let best = &r.children[0];
                    assert!(best.value > 0.0, "{name}: {best:?}");
                }
                found += 1;
            }
            let a = match s.current_player() {
                Turn::Chance => s.sample_chance(&mut rng),
                _ => s.playout_action(&mut rng),
            };
            s.apply_action(a.unwrap()).unwrap();
            steps += 1;
        }
    }
    found
}

#[cfg(feature = "o_an_quan")]
#[test]
fn finds_a_winning_sow_in_o_an_quan() {
    assert!(finds_wins_in_one("o_an_quan", 0, 40) >= 5);
    assert!(finds_wins_in_one("o_an_quan(players=3)", 0, 20) >= 1);
}

#[cfg(feature = "go")]
#[test]
fn finds_the_winning_last_move_in_go() {
    // A game capped at 30 moves: the 30th is the last, scored at once. With
    // komi 0.5 on 5×5, random positions near the cap where a capture (or a
    // stone that takes a point) decides the game are common.
    let found = finds_wins_in_one("go(board_size=5,komi=0.5,max_moves=30)", 25, 60);
    assert!(found >= 5, "{found}");
}

#[cfg(feature = "go")]
#[test]
fn captures_to_win_go() {
    // 5×5, komi 0.5, the game capped at 11 moves: Black's next move is the
    // last, then the board is scored by area. White's C3 is in atari, its
    // last liberty at D3:
    //
    //   5 . . . W .
    //   4 . B B W .
    //   3 . B W . .
    //   2 . B B W .
    //   1 . . . W .
    //     A B C D E
    //
    // As it stands White has 5 stones and the 6 empty points on the right
    // (11.5 with komi) against Black's 5 stones and one more: Black loses
    // with most moves, and wins by capturing (7 points against 4.5).
    let game = load("go(board_size=5,komi=0.5,max_moves=11)").unwrap();
    let mut s = game.new_initial_state();
    for mv in ["C4", "C3", "B3", "D1", "C2", "D2", "B4", "D4", "B2", "D5"] {
        s.apply_action(s.string_to_action(mv).unwrap()).unwrap();
    }
    assert_eq!(s.current_player(), Turn::Player(0));
    let capture = s.string_to_action("D3").unwrap();
    assert!(wins_at_once(&s, capture), "{}", s.observation_string(0));
    let pass = s.string_to_action("pass").unwrap();
    assert!(!wins_at_once(&s, pass));
    let wins = immediate_wins(&s).expect("some moves lose");
    assert!(wins.len() <= 6, "{wins:?}");
    for batch in [1, 8] {
        let mut puct = Puct::new(config(120, batch, 3)).unwrap();
        let r = puct.search(&s, &mut UniformEvaluator::new()).unwrap();
        assert!(
            wins.contains(&r.action),
            "batch {batch}: chose {}",
            s.action_to_string(Turn::Player(0), r.action)
        );
    }
}

#[cfg(feature = "hoop_race")]
#[test]
fn finds_the_winning_move_in_hoop_race() {
    assert!(finds_wins_in_one("hoop_race", 0, 60) >= 3);
}

/// Whether the mover at `s` (two players, no chance, perfect information)
/// wins by `a` in at most three moves: `a` wins at once, or every reply
/// leaves a move that wins at once.
fn forces_win_in_three(s: &AnyState, a: u32) -> bool {
    let Turn::Player(me) = s.current_player() else {
        return false;
    };
    let mut t = s.clone();
    if t.apply_action(a).is_err() {
        return false;
    }
    if t.is_terminal() {
        return t.returns()[me] > 0.0;
    }
    if t.current_player() == Turn::Player(me) {
        return t.legal_actions().iter().any(|&b| wins_at_once(&t, b));
    }
    t.legal_actions().iter().all(|&b| {
        let mut u = t.clone();
        u.apply_action(b).unwrap();
        if u.is_terminal() {
            return u.returns()[me] > 0.0;
        }
        u.current_player() == Turn::Player(me)
            && u.legal_actions().iter().any(|&c| wins_at_once(&u, c))
    })
}

#[cfg(feature = "o_an_quan")]
#[test]
fn finds_forced_wins_in_three_moves_in_o_an_quan() {
    let game = load("o_an_quan").unwrap();
    let mut found = 0;
    for seed in 0..200u64 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut s = game.new_initial_state();
        while !s.is_terminal() && found < 12 {
            let legal = s.legal_actions();
            let forcing: Vec<u32> = legal
                .iter()
                .copied()
                .filter(|&a| forces_win_in_three(&s, a))
                .collect();
            // A forced win that is not a win at once, and moves that miss it.
            if immediate_wins(&s).is_none()
                && !forcing.is_empty()
                && forcing.len() < legal.len()
                && !legal.iter().any(|&a| wins_at_once(&s, a))
            {
                for batch in [1, 8] {
                    let mut puct = Puct::new(config(1500, batch, seed)).unwrap();
                    let r = puct.search(&s, &mut UniformEvaluator::new()).unwrap();
                    assert!(
                        forcing.contains(&r.action),
                        "seed {seed}, batch {batch}: chose {}, forcing {forcing:?}\n{}",
                        r.action,
                        s.observation_string(0)
                    );
                }
                found += 1;
            }
            let a = s.playout_action(&mut rng).unwrap();
            s.apply_action(a).unwrap();
        }
    }
    assert!(found >= 5, "only {found} positions");
}

#[test]
fn the_same_seed_gives_the_same_search() {
    for name in GAMES {
        let game = load(name).unwrap();
        let mut differs = false;
        for seed in 0..3u64 {
            let Some(s) = position(&game, 6 + seed as usize, seed) else {
                continue;
            };
            for batch in [1, 8] {
                let c = PuctConfig {
                    noise: Some(DirichletNoise {
                        alpha: 0.3,
                        epsilon: 0.25,
                    }),
                    temperature: 1.0,
                    skip_forced: false,
                    ..config(40, batch, seed)
                };
                let run = |c: PuctConfig| {
                    let mut puct = Puct::new(c).unwrap();
                    let mut eval = UniformEvaluator::with_rollouts(1, 11);
                    let mut r = puct.search(&s, &mut eval).unwrap();
                    r.elapsed = Default::default();
                    r.evaluator_time = Default::default();
                    r
                };
                let a = run(c);
                assert_eq!(a, run(c), "{name} seed {seed} batch {batch}");
                let other = run(PuctConfig {
                    seed: seed + 100,
                    ..c
                });
                differs |= other.children != a.children;
            }
        }
        assert!(differs, "{name}: another seed searched the same");
    }
}

/// A reusable searcher gives the same report as a fresh one with the same
/// generator position: its tree does not leak from one search to the next.
#[cfg(feature = "o_an_quan")]
#[test]
fn a_searcher_forgets_its_last_tree() {
    let game = load("o_an_quan").unwrap();
    let a = position(&game, 4, 1).unwrap();
    let b = position(&game, 9, 2).unwrap();
    let mut puct = Puct::new(config(50, 4, 5)).unwrap();
    let mut eval = UniformEvaluator::new();
    puct.search(&a, &mut eval).unwrap();
    let mut second = puct.search(&b, &mut eval).unwrap();
    let mut fresh = Puct::new(config(50, 4, 5))
        .unwrap()
        .search(&b, &mut eval)
        .unwrap();
    second.elapsed = Default::default();
    second.evaluator_time = Default::default();
    fresh.elapsed = Default::default();
    fresh.evaluator_time = Default::default();
    // No generator use in a deterministic game of perfect information
    // without noise or temperature: the same search.
    assert_eq!(second, fresh);
}

#[cfg(feature = "o_an_quan")]
#[test]
fn batches_collect_up_to_their_size_and_agree_on_clear_choices() {
    // Ô ăn quan's first move, judged by rollouts (8 a leaf): one move stands
    // out (the MCTS bot, given as many playouts, finds it too).
    let game = load("o_an_quan").unwrap();
    let s = game.new_initial_state();
    let mut tops = Vec::new();
    for batch in [1usize, 8] {
        let mut puct = Puct::new(config(1000, batch, 1)).unwrap();
        let mut eval = UniformEvaluator::with_rollouts(8, 2);
        let r = puct.search(&s, &mut eval).unwrap();
        check_report(&s, &r, "o_an_quan start");
        assert_eq!(r.simulations, 1000);
        // The root alone, then rounds of `batch` descents; a descent that
        // ends the game or meets a waiting leaf needs no evaluation.
        assert!(r.batches as usize <= 1 + 999usize.div_ceil(batch), "{r:?}");
        assert!(r.evaluations >= r.batches);
        if batch == 1 {
            assert_eq!(r.batches, r.evaluations);
        } else {
            assert!(r.evaluations >= 4 * r.batches, "{r:?}");
        }
        // Most visits on the best move.
        assert!(r.children[0].visits >= 600, "{:?}", r.children);
        tops.push(r.action);
    }
    assert_eq!(tops[0], tops[1]);
}

#[cfg(feature = "o_an_quan")]
#[test]
fn noise_changes_the_root_priors_and_nothing_else() {
    let game = load("o_an_quan").unwrap();
    let s = position(&game, 2, 0).unwrap();
    let run = |noise: Option<DirichletNoise>, seed: u64| {
        let c = PuctConfig {
            noise,
            ..config(200, 1, seed)
        };
        Puct::new(c)
            .unwrap()
            .search(&s, &mut UniformEvaluator::new())
            .unwrap()
    };
    let plain = run(None, 0);
    // epsilon 0: noise drawn, mixed in with weight 0 — the same visits.
    let zero = run(
        Some(DirichletNoise {
            alpha: 0.3,
            epsilon: 0.0,
        }),
        0,
    );
    assert_eq!(plain.policy, zero.policy);
    // All noise, concentrated (alpha 0.03): the visits follow the noise,
    // which differs from seed to seed.
    let mut tops = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let noisy = run(
            Some(DirichletNoise {
                alpha: 0.03,
                epsilon: 1.0,
            }),
            seed,
        );
        check_report(&s, &noisy, "noisy");
        // The priors reported are the evaluator's, before the noise.
        assert!(
            noisy
                .children
                .iter()
                .all(|c| (c.prior - plain.children[0].prior).abs() < 1e-6)
        );
        assert_ne!(noisy.policy, plain.policy);
        tops.insert(noisy.action);
    }
    assert!(tops.len() >= 3, "{tops:?}");
}

#[cfg(feature = "o_an_quan")]
#[test]
fn temperature_draws_in_proportion_to_the_visits() {
    let game = load("o_an_quan").unwrap();
    let s = position(&game, 1, 0).unwrap();
    // A deterministic game without noise: the search itself uses no random
    // draw, so every seed gives the same visits and only the choice varies.
    let search = |temperature: f64, seed: u64| {
        let c = PuctConfig {
            temperature,
            ..config(100, 1, seed)
        };
        Puct::new(c)
            .unwrap()
            .search(&s, &mut UniformEvaluator::with_rollouts(2, 9))
            .unwrap()
    };
    let base = search(0.0, 0);
    assert_eq!(base.action, base.children[0].action);
    let draws = 2000;
    let mut counts = std::collections::BTreeMap::new();
    for seed in 0..draws {
        let r = search(1.0, seed);
        assert_eq!(r.policy, base.policy);
        *counts.entry(r.action).or_insert(0u32) += 1;
    }
    // Each action's share is within a few standard errors of its visits'.
    for c in &base.children {
        let p = f64::from(c.visits) / 99.0;
        let got = f64::from(counts.get(&c.action).copied().unwrap_or(0)) / draws as f64;
        let se = (p * (1.0 - p) / draws as f64).sqrt();
        assert!(
            (got - p).abs() <= 4.0 * se + 1e-9,
            "{c:?}: {got} against {p}"
        );
    }
    // A tiny temperature is the most visited action.
    for seed in 0..50 {
        assert_eq!(search(0.01, seed).action, base.action);
    }
}

/// An evaluator that answers nonsense: NaN and negative priors, values far
/// out of range and NaN.
struct Garbage;

impl<S: State> Evaluator<S> for Garbage {
    fn evaluate(
        &mut self,
        leaves: &Leaves<'_, S>,
        out: &mut Evaluations<'_>,
    ) -> Result<(), EvalError> {
        assert_eq!(out.priors.len(), leaves.len() * leaves.num_actions);
        assert_eq!(out.values.len(), leaves.len() * leaves.num_players);
        assert_eq!(
            leaves.observations.len(),
            leaves.len() * leaves.observation_len
        );
        for (k, x) in out.priors.iter_mut().enumerate() {
            *x = match k % 4 {
                0 => f32::NAN,
                1 => -3.0,
                2 => f32::INFINITY,
                _ => 0.0,
            };
        }
        for (k, v) in out.values.iter_mut().enumerate() {
            *v = if k % 2 == 0 { f32::NAN } else { 1e9 };
        }
        Ok(())
    }
}

/// An evaluator that fails at its `n`-th call.
struct FailsAt(u32);

impl<S: State> Evaluator<S> for FailsAt {
    fn evaluate(&mut self, _: &Leaves<'_, S>, _: &mut Evaluations<'_>) -> Result<(), EvalError> {
        if self.0 == 0 {
            return Err(EvalError::new("out of coffee"));
        }
        self.0 -= 1;
        Ok(())
    }
}

#[test]
fn survives_nonsense_and_reports_failures() {
    for name in GAMES {
        let game = load(name).unwrap();
        let Some(s) = position(&game, 5, 1) else {
            continue;
        };
        let c = PuctConfig {
            skip_forced: false,
            ..config(30, 4, 1)
        };
        let r = Puct::new(c).unwrap().search(&s, &mut Garbage).unwrap();
        check_report(&s, &r, name);
        let err = Puct::new(c)
            .unwrap()
            .search(&s, &mut FailsAt(2))
            .unwrap_err();
        assert_eq!(
            err,
            PuctError::Evaluator(EvalError::new("out of coffee")),
            "{name}"
        );
        assert!(err.to_string().contains("out of coffee"));
    }
}

#[test]
fn refuses_bad_settings_and_states_without_a_decision() {
    let bad = [
        PuctConfig::new(0, 1),
        PuctConfig {
            batch_size: 0,
            ..PuctConfig::default()
        },
        PuctConfig {
            c_puct: f64::NAN,
            ..PuctConfig::default()
        },
        PuctConfig {
            virtual_loss: -1.0,
            ..PuctConfig::default()
        },
        PuctConfig {
            temperature: f64::INFINITY,
            ..PuctConfig::default()
        },
        PuctConfig {
            first_play: FirstPlay::ParentMinus(f64::NAN),
            ..PuctConfig::default()
        },
        PuctConfig {
            noise: Some(DirichletNoise {
                alpha: 0.0,
                epsilon: 0.25,
            }),
            ..PuctConfig::default()
        },
        PuctConfig {
            noise: Some(DirichletNoise {
                alpha: 0.3,
                epsilon: 1.5,
            }),
            ..PuctConfig::default()
        },
    ];
    for c in bad {
        let err = Puct::<AnyState>::new(c).unwrap_err();
        assert!(matches!(err, PuctError::Config(_)), "{c:?}");
        assert!(!err.to_string().is_empty());
    }
    let mut puct = Puct::new(PuctConfig::default()).unwrap();
    assert!(
        puct.set_config(PuctConfig::new(0, 1)).is_err(),
        "a bad setting is refused"
    );
    assert_eq!(puct.config(), &PuctConfig::default());
    for name in GAMES {
        let game = load(name).unwrap();
        let mut s = game.new_initial_state();
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        while !s.is_terminal() {
            let turn = s.current_player();
            if turn == Turn::Chance {
                assert_eq!(
                    puct.search(&s, &mut UniformEvaluator::new()),
                    Err(PuctError::NoDecision(Turn::Chance))
                );
            }
            let a = match turn {
                Turn::Chance => s.sample_chance(&mut rng),
                _ => s.random_action(&mut rng),
            };
            s.apply_action(a.unwrap()).unwrap();
        }
        assert_eq!(
            puct.search(&s, &mut UniformEvaluator::new()),
            Err(PuctError::NoDecision(Turn::Terminal))
        );
    }
}

#[test]
fn a_forced_move_is_answered_at_once() {
    for name in GAMES {
        let game = load(name).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(3);
        let mut s = game.new_initial_state();
        let mut checked = false;
        while !s.is_terminal() && !checked {
            if !s.is_chance_node() && s.legal_actions().len() == 1 {
                let only = s.legal_actions()[0];
                let mut puct = Puct::new(config(50, 4, 1)).unwrap();
                let r = puct.search(&s, &mut FailsAt(0)).unwrap();
                assert_eq!(r.action, only);
                assert_eq!(r.simulations, 0);
                assert_eq!(r.policy[only as usize], 1.0);
                checked = true;
            }
            let a = match s.current_player() {
                Turn::Chance => s.sample_chance(&mut rng),
                _ => s.random_action(&mut rng),
            };
            s.apply_action(a.unwrap()).unwrap();
        }
    }
}

#[test]
fn many_searches_at_once_are_the_searches_one_by_one() {
    for name in GAMES {
        let game = load(name).unwrap();
        let states: Vec<AnyState> = (0..5u64)
            .filter_map(|k| position(&game, 3 + 2 * k as usize, k))
            .collect();
        let configs: Vec<PuctConfig> = (0..states.len() as u64)
            .map(|k| PuctConfig {
                noise: Some(DirichletNoise {
                    alpha: 0.5,
                    epsilon: 0.25,
                }),
                ..config(20 + 7 * k as u32, 1 + k as usize, k)
            })
            .collect();
        let mut searchers: Vec<Puct<AnyState>> =
            configs.iter().map(|&c| Puct::new(c).unwrap()).collect();
        // Values 0 and uniform priors: the answer for a leaf does not depend
        // on the batch it comes in.
        let together = search_many(&mut searchers, &states, &mut UniformEvaluator::new()).unwrap();
        for ((s, &c), mut t) in states.iter().zip(&configs).zip(together) {
            let mut alone = Puct::new(c)
                .unwrap()
                .search(s, &mut UniformEvaluator::new())
                .unwrap();
            for r in [&mut alone, &mut t] {
                r.elapsed = Default::default();
                r.evaluator_time = Default::default();
                r.batches = 0;
            }
            assert_eq!(alone, t, "{name}");
        }
        assert!(matches!(
            search_many(&mut searchers[..1], &states, &mut UniformEvaluator::new()),
            Err(PuctError::Mismatch(_))
        ));
    }
}

/// The searching player in `state` searches it and a game that differs only
/// in what that player cannot see, with the same seed: the same report. A
/// search that looked at the hidden cards or traps would differ somewhere.
fn check_own_view(state: &AnyState, seed: u64) -> bool {
    let Turn::Player(p) = state.current_player() else {
        return false;
    };
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let Some(other) = (0..50)
        .map(|_| state.resample_from_infostate(p, &mut rng))
        .find(|o| o != state)
    else {
        return false;
    };
    let c = PuctConfig {
        noise: Some(DirichletNoise {
            alpha: 0.3,
            epsilon: 0.25,
        }),
        skip_forced: false,
        ..config(60, 4, seed)
    };
    let run = |s: &AnyState| {
        let mut r = Puct::new(c)
            .unwrap()
            .search(s, &mut UniformEvaluator::with_rollouts(1, 5))
            .unwrap();
        r.elapsed = Default::default();
        r.evaluator_time = Default::default();
        r
    };
    assert_eq!(
        run(state),
        run(&other),
        "{}",
        state.information_state_string(p)
    );
    true
}

#[cfg(any(feature = "trap_stones", feature = "tarokk_war"))]
#[test]
fn decides_from_its_own_view_only() {
    let games: &[(&str, &[usize])] = &[
        #[cfg(feature = "tarokk_war")]
        ("tarokk_war", &[82, 88, 100, 120, 140]),
        #[cfg(feature = "trap_stones")]
        ("trap_stones", &[4, 6, 10, 16, 24]),
    ];
    for (name, steps) in games {
        let game = load(name).unwrap();
        let mut checked = 0;
        for seed in 0..5u64 {
            for &k in *steps {
                let mut rng = Pcg64Mcg::seed_from_u64(seed);
                let mut s = game.new_initial_state();
                for _ in 0..k {
                    let a = match s.current_player() {
                        Turn::Terminal => break,
                        Turn::Chance => s.sample_chance(&mut rng),
                        Turn::Player(_) => s.playout_action(&mut rng),
                    };
                    s.apply_action(a.unwrap()).unwrap();
                }
                if check_own_view(&s, seed) {
                    checked += 1;
                }
            }
        }
        assert!(checked >= 10, "{name}: only {checked} positions");
    }
}

/// The actions that win at once at `s` whatever the unseen is: winning in
/// `s` and in every one of 24 states drawn from the mover's view, if some
/// such actions exist and some legal actions are not among them.
fn sure_wins(s: &AnyState, seed: u64) -> Option<Vec<u32>> {
    let Turn::Player(p) = s.current_player() else {
        return None;
    };
    let mut wins = immediate_wins(s)?;
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    for _ in 0..24 {
        let t = s.resample_from_infostate(p, &mut rng);
        wins.retain(|&a| t.is_legal(a) && wins_at_once(&t, a));
    }
    (!wins.is_empty()).then_some(wins)
}

/// Random positions of a game of hidden information with a move that wins
/// whatever the unseen is, and moves that do not: the search, by
/// determinisation, with values 0, takes a sure win at batch sizes 1 and 8.
/// Positions with more than `max_legal` actions are passed over (the search
/// is given twice as many simulations). Returns how many positions.
fn finds_sure_wins_in_one(name: &str, seeds: u64, max_legal: usize) -> usize {
    let game = load(name).unwrap();
    let mut found = 0;
    for seed in 0..seeds {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut s = game.new_initial_state();
        while !s.is_terminal() {
            if !s.is_chance_node()
                && s.legal_actions().len() <= max_legal
                && let Some(wins) = sure_wins(&s, seed)
            {
                let legal = s.legal_actions().len() as u32;
                for batch in [1, 8] {
                    let mut puct = Puct::new(config(2 * legal + 16, batch, seed)).unwrap();
                    let r = puct.search(&s, &mut UniformEvaluator::new()).unwrap();
                    let Turn::Player(p) = s.current_player() else {
                        unreachable!()
                    };
                    assert!(
                        wins.contains(&r.action),
                        "{name} seed {seed}, batch {batch}: chose {} of {legal}, sure wins {wins:?}\n{}",
                        r.action,
                        s.information_state_string(p)
                    );
                }
                found += 1;
            }
            let a = match s.current_player() {
                Turn::Chance => s.sample_chance(&mut rng),
                _ => s.playout_action(&mut rng),
            };
            s.apply_action(a.unwrap()).unwrap();
        }
    }
    found
}

#[cfg(feature = "trap_stones")]
#[test]
fn finds_the_winning_move_in_trap_stones() {
    // A va-bank wins if a stone lands on the opponent's trap, which nobody
    // sees: on a 2×2 board, once the player's first stone is down safely, a
    // va-bank on the three other cells is sure to hit it.
    let found = finds_sure_wins_in_one("trap_stones(width=2,height=2)", 20, 8000);
    assert!(found >= 3, "{found}");
    let found = finds_sure_wins_in_one("trap_stones(width=3,height=2)", 20, 8000);
    assert!(found >= 1, "{found}");
}

#[cfg(feature = "tarokk_war")]
#[test]
fn finds_the_winning_card_in_tarokk_war() {
    let found = finds_sure_wins_in_one("tarokk_war", 40, 64);
    assert!(found >= 3, "{found}");
}

/// An evaluator of fixed answers: priors rising with the action's number,
/// every leaf's values `values`.
#[cfg(feature = "o_an_quan")]
struct Fixed {
    values: Vec<f32>,
}

#[cfg(feature = "o_an_quan")]
impl Evaluator<AnyState> for Fixed {
    fn evaluate(
        &mut self,
        leaves: &Leaves<'_, AnyState>,
        out: &mut Evaluations<'_>,
    ) -> Result<(), EvalError> {
        for (i, p) in out.priors.iter_mut().enumerate() {
            *p = (i % leaves.num_actions) as f32 + 1.0;
        }
        for (i, v) in out.values.iter_mut().enumerate() {
            *v = self.values[i % leaves.num_players];
        }
        Ok(())
    }

    fn wants_tensors(&self) -> bool {
        false
    }
}

/// One evaluation of `states` by `eval`: (priors, values).
#[cfg(feature = "o_an_quan")]
fn evaluate_once<E: Evaluator<AnyState>>(
    game: &AnyGame,
    states: &[AnyState],
    eval: &mut E,
) -> (Vec<f32>, Vec<f32>) {
    let info = game.info();
    let (actions, players) = (info.num_distinct_actions, info.num_players);
    let mut masks = vec![0u8; states.len() * actions];
    let mut movers = Vec::new();
    for (i, s) in states.iter().enumerate() {
        let Turn::Player(p) = s.current_player() else {
            panic!("a leaf is a decision");
        };
        movers.push(p);
        for a in s.legal_actions() {
            masks[i * actions + a as usize] = 1;
        }
    }
    let leaves = Leaves {
        states,
        players: &movers,
        observations: &[],
        masks: &masks,
        observation_len: 0,
        num_actions: actions,
        num_players: players,
    };
    let mut priors = vec![0.0; states.len() * actions];
    let mut values = vec![0.0; states.len() * players];
    eval.evaluate(
        &leaves,
        &mut Evaluations {
            priors: &mut priors,
            values: &mut values,
        },
    )
    .unwrap();
    (priors, values)
}

#[cfg(feature = "o_an_quan")]
#[test]
fn rollouts_mix_with_an_evaluators_values_at_their_weight() {
    let game = load("o_an_quan").unwrap();
    let states: Vec<AnyState> = (0..6)
        .filter_map(|k| position(&game, 2 + k, 40 + k as u64))
        .collect();
    assert!(states.len() >= 4);
    let fixed = [0.6f32, -0.2];
    // The playouts alone: the uniform evaluator's rollouts from the same seed
    // (the same draws), 16 a leaf.
    let (_, played) = evaluate_once(&game, &states, &mut UniformEvaluator::with_rollouts(16, 5));
    assert!(
        played.iter().any(|&v| v != 0.0 && v.abs() < 1.0),
        "{played:?}"
    );
    let (own_priors, _) = evaluate_once(
        &game,
        &states,
        &mut Fixed {
            values: fixed.to_vec(),
        },
    );
    for weight in [0.0f32, 0.25, 0.5, 1.0] {
        let mut mixed = WithRollouts::new(
            Fixed {
                values: fixed.to_vec(),
            },
            16,
            weight,
            5,
        )
        .unwrap();
        assert_eq!((mixed.rollouts(), mixed.weight()), (16, weight));
        let (priors, values) = evaluate_once(&game, &states, &mut mixed);
        // The evaluator's priors, untouched.
        assert_eq!(priors, own_priors);
        for (i, (v, p)) in values.iter().zip(&played).enumerate() {
            let expected = (1.0 - weight) * fixed[i % 2] + weight * p;
            assert!(
                (v - expected).abs() < 1e-5,
                "weight {weight}, value {i}: {v} ≠ {expected}"
            );
        }
    }
    // No rollouts: the evaluator itself, whatever the weight.
    let (_, values) = evaluate_once(
        &game,
        &states,
        &mut WithRollouts::new(
            Fixed {
                values: fixed.to_vec(),
            },
            0,
            0.5,
            5,
        )
        .unwrap(),
    );
    assert!(values.chunks(2).all(|row| row == fixed));
    // A value that is not a number counts as 0 before the mix.
    let (_, values) = evaluate_once(
        &game,
        &states,
        &mut WithRollouts::new(
            Fixed {
                values: vec![f32::NAN, f32::NAN],
            },
            16,
            0.5,
            5,
        )
        .unwrap(),
    );
    for (v, p) in values.iter().zip(&played) {
        assert!((v - 0.5 * p).abs() < 1e-5, "{v} {p}");
    }
    // A search with it chooses legal moves.
    let mut puct = Puct::new(config(64, 4, 3)).unwrap();
    let mut mixed = WithRollouts::new(
        Fixed {
            values: fixed.to_vec(),
        },
        1,
        0.5,
        3,
    )
    .unwrap();
    let r = puct.search(&states[0], &mut mixed).unwrap();
    check_report(&states[0], &r, "o_an_quan, mixed values");
}

#[test]
fn a_rollout_weight_outside_zero_to_one_is_refused() {
    for weight in [-0.1f32, 1.01, f32::NAN, f32::INFINITY] {
        let e = WithRollouts::new(UniformEvaluator::new(), 1, weight, 0).unwrap_err();
        assert_eq!(e.name, "rollout_weight", "{weight}");
    }
    assert!(WithRollouts::new(UniformEvaluator::new(), 1, 0.0, 0).is_ok());
    assert!(WithRollouts::new(UniformEvaluator::new(), 1, 1.0, 0).is_ok());
}
