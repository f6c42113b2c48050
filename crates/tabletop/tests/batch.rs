//! Batched stepping (`tabletop::batch`): a batch of N games with seeds s₁…s_N is,
//! move for move, N single games started from those seeds and given the same
//! actions — observations, masks, rewards, ends and the next episodes — on one
//! thread and on several; a refused action changes no game; buffers of the
//! wrong size are refused; the step limit truncates.

use tabletop::batch::{Batch, BatchError, Buffers};
use tabletop::rng::SplitMix64;
use tabletop::{Action, ActionList, AnyGame, Game, State, Turn, load};

const GAMES: [&str; 6] = [
    "go(board_size=5,rules=chinese)",
    "o_an_quan",
    "hoop_race(rules=yut_nori,players=4)",
    "trap_stones(rules=blitz)",
    "tarokk_war",
    "hoop_race",
];

/// One single game as the batch's game `i` should be: its state, its chance
/// generator, the player who moved last, and its steps in the episode.
struct Single {
    state: tabletop::AnyState,
    chance: SplitMix64,
    last: usize,
}

fn resolve(state: &mut tabletop::AnyState, rng: &mut SplitMix64) {
    while state.is_chance_node() {
        let a = state.sample_chance(rng).unwrap();
        state.apply_action(a).unwrap();
    }
}

/// The rows a single game shows: observation (its player to move's, else the
/// last mover's), mask, player.
fn rows(game: &AnyGame, s: &Single) -> (Vec<f32>, Vec<u8>, i32) {
    let info = game.info();
    let (viewer, player) = match s.state.current_player() {
        Turn::Player(p) => (p, p as i32),
        _ => (s.last, -1),
    };
    let mut obs = vec![0.0; info.observation_len()];
    s.state.observation_tensor(viewer, &mut obs);
    let mut mask = vec![0u8; info.num_distinct_actions];
    let mut legal = ActionList::new();
    s.state.legal_actions_into(&mut legal);
    for a in legal {
        mask[a as usize] = 1;
    }
    (obs, mask, player)
}

fn same_as_single_games(name: &str, threads: usize, max_steps: Option<u32>) {
    let game = load(name).unwrap();
    let info = game.info().clone();
    let n = 7;
    let seeds: Vec<u64> = (0..n as u64).map(|i| 100 + 17 * i).collect();
    let mut batch = Batch::new(game.clone(), n);
    batch.set_threads(threads);
    batch.set_max_steps(max_steps);
    let mut buf = Buffers::for_batch(&batch);
    batch.reset(&seeds, &mut buf.outputs()).unwrap();
    let mut singles: Vec<Single> = seeds
        .iter()
        .map(|&seed| {
            let (state, chance) = Batch::single(&game, seed);
            Single {
                state,
                chance,
                last: 0,
            }
        })
        .collect();
    let mut steps = vec![0u32; n];
    let mut policies: Vec<SplitMix64> = (0..n as u64).map(|i| SplitMix64::new(9 + i)).collect();
    let (olen, alen, players) = (
        info.observation_len(),
        info.num_distinct_actions,
        info.num_players,
    );
    let mut episodes = 0;
    for step in 0..400 {
        // The batch's rows are the single games'.
        for (i, s) in singles.iter().enumerate() {
            let (obs, mask, player) = rows(&game, s);
            assert_eq!(
                &buf.observations[i * olen..(i + 1) * olen],
                &obs[..],
                "{name} step {step} game {i}: observation"
            );
            assert_eq!(
                &buf.masks[i * alen..(i + 1) * alen],
                &mask[..],
                "{name} step {step} game {i}: mask"
            );
            assert_eq!(buf.players[i], player, "{name} step {step} game {i}");
            assert_eq!(
                batch.states()[i],
                s.state,
                "{name} step {step} game {i}: state"
            );
        }
        let actions: Vec<Action> = singles
            .iter()
            .zip(&mut policies)
            .map(|(s, rng)| s.state.random_action(rng).unwrap())
            .collect();
        batch.step(&actions, &mut buf.outputs()).unwrap();
        for (i, s) in singles.iter_mut().enumerate() {
            if let Turn::Player(p) = s.state.current_player() {
                s.last = p;
            }
            s.state.apply_action(actions[i]).unwrap();
            resolve(&mut s.state, &mut s.chance);
            steps[i] += 1;
            let ended = s.state.is_terminal();
            let cut = !ended && max_steps.is_some_and(|m| steps[i] >= m);
            assert_eq!(buf.terminated[i], ended, "{name} step {step} game {i}");
            assert_eq!(buf.truncated[i], cut, "{name} step {step} game {i}");
            let want: Vec<f32> = if ended {
                s.state.returns().iter().map(|&x| x as f32).collect()
            } else {
                vec![0.0; players]
            };
            assert_eq!(
                &buf.rewards[i * players..(i + 1) * players],
                &want[..],
                "{name} step {step} game {i}"
            );
            if ended || cut {
                let mut last_obs = vec![0.0; olen];
                s.state.observation_tensor(s.last, &mut last_obs);
                assert_eq!(
                    &buf.final_observations[i * olen..(i + 1) * olen],
                    &last_obs[..]
                );
                s.state = game.new_initial_state();
                resolve(&mut s.state, &mut s.chance);
                steps[i] = 0;
                episodes += 1;
            }
        }
    }
    assert!(episodes > 0, "{name}: no episode ended in 400 steps");
}

#[test]
fn a_batch_is_its_single_games_on_one_thread() {
    for name in GAMES {
        same_as_single_games(name, 1, None);
    }
}

#[test]
fn a_batch_is_its_single_games_on_three_threads() {
    for name in GAMES {
        same_as_single_games(name, 3, None);
    }
}

#[test]
fn the_step_limit_truncates_and_starts_the_next_episode() {
    for name in GAMES {
        same_as_single_games(name, 2, Some(9));
    }
}

#[test]
fn a_refused_action_changes_no_game() {
    let game = load("go(board_size=5)").unwrap();
    let mut batch = Batch::new(game, 4);
    let mut buf = Buffers::for_batch(&batch);
    assert_eq!(
        batch.step(&[0, 0, 0, 0], &mut buf.outputs()),
        Err(BatchError::NotReset)
    );
    batch.reset(&[1, 2, 3, 4], &mut buf.outputs()).unwrap();
    batch.step(&[12, 12, 12, 12], &mut buf.outputs()).unwrap();
    let before: Vec<_> = batch.states().to_vec();
    let before_buf = buf.clone();
    // Game 2 plays on an occupied point: refused, and nobody moved.
    let e = batch.step(&[0, 1, 12, 3], &mut buf.outputs()).unwrap_err();
    assert!(
        matches!(
            e,
            BatchError::Illegal {
                game: 2,
                action: 12,
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(batch.states(), &before[..]);
    assert_eq!(buf, before_buf);
    // Too few actions, or a buffer of the wrong size.
    assert!(matches!(
        batch.step(&[0, 1], &mut buf.outputs()),
        Err(BatchError::Length {
            what: "actions",
            ..
        })
    ));
    buf.masks.pop();
    assert!(matches!(
        batch.step(&[0, 1, 2, 3], &mut buf.outputs()),
        Err(BatchError::Length { what: "masks", .. })
    ));
}

/// Hidden information stays hidden: a trap stones game's observation is its
/// player's view, the same whatever the opponent's secret traps.
#[test]
fn observations_are_the_players_views() {
    let game = load("trap_stones").unwrap();
    let mut batch = Batch::new(game.clone(), 1);
    let mut buf = Buffers::for_batch(&batch);
    batch.reset(&[5], &mut buf.outputs()).unwrap();
    let s = &batch.states()[0];
    let Turn::Player(p) = s.current_player() else {
        panic!("a decision after the draws")
    };
    let mut rng = SplitMix64::new(3);
    for _ in 0..5 {
        let other = s.resample_from_infostate(p, &mut rng);
        let mut obs = vec![0.0; game.info().observation_len()];
        other.observation_tensor(p, &mut obs);
        assert_eq!(obs, buf.observations);
    }
}
