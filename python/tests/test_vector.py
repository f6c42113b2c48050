"""Batched stepping from Python (`tabletop.vector`, `tabletop._tabletop.Batch`):
a batch of N games with seeds s1…sN is, move for move, N single games started
from those seeds (`tabletop.load`, chance drawn by `tabletop.Rng(seed)`) and
given the same actions — observations, masks, players, rewards, ends, the final
observations and the next episodes — for all five games, on one thread and on
several; a refused action raises and changes nothing; hidden information stays
hidden; the Gymnasium face passes the checks that apply to it."""

import importlib.util
import os
import subprocess
import sys

import numpy as np
import pytest

import tabletop
import tabletop.vector as tv
from tabletop import _tabletop

GAMES = [
    "go(board_size=5)",
    "go(board_size=9,rules=chinese)",
    "o_an_quan",
    "o_an_quan(players=3)",
    "hoop_race",
    "hoop_race(rules=yut_nori,players=4)",
    "trap_stones(rules=blitz)",
    "tarokk_war",
]

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


class Single:
    """One single game as game `i` of a batch should be: its state, the
    generator of its chance, the player who moved last, its decisions."""

    def __init__(self, game, seed):
        self.game = game
        self.rng = tabletop.Rng(seed)
        self.last = 0
        self.new_episode()

    def new_episode(self):
        self.state = self.game.new_initial_state()
        self.resolve()
        self.steps = 0

    def resolve(self):
        while self.state.is_chance_node():
            self.state.apply_action(self.state.sample_chance(self.rng))

    def viewer(self):
        p = self.state.current_player()
        return (p, p) if p >= 0 else (self.last, -1)

    def rows(self):
        viewer, player = self.viewer()
        obs = self.state.observation_tensor(viewer)
        mask = np.zeros(self.game.num_distinct_actions, bool)
        if player >= 0:
            mask[self.state.legal_actions()] = True
        return obs, mask, player

    def step(self, action, max_steps=None, final_viewer=None):
        """Returns (rewards, terminated, truncated, final observation or None)."""
        p = self.state.current_player()
        if p >= 0:
            self.last = p
        self.state.apply_action(int(action))
        self.resolve()
        self.steps += 1
        ended = self.state.is_terminal()
        cut = not ended and max_steps is not None and self.steps >= max_steps
        players = self.game.num_players
        rewards = np.array(self.state.returns(), np.float32) if ended else np.zeros(players, np.float32)
        final = None
        if ended or cut:
            viewer = self.last if final_viewer is None else final_viewer
            final = self.state.observation_tensor(viewer)
            self.new_episode()
        return rewards, ended, cut, final


def assert_rows(batch, singles, where):
    n = len(singles)
    obs = batch.observations.reshape(n, -1)
    for i, s in enumerate(singles):
        o, m, p = s.rows()
        np.testing.assert_array_equal(obs[i], o, err_msg=f"{where} game {i}: observation")
        np.testing.assert_array_equal(batch.masks[i], m, err_msg=f"{where} game {i}: mask")
        assert batch.players[i] == p, f"{where} game {i}: player"


def run_against_singles(name, threads=1, max_steps=None, steps=300, n=5):
    game = tabletop.load(name)
    seeds = [1000 + 31 * i for i in range(n)]
    batch = _tabletop.Batch(name, n, threads=threads, max_steps=max_steps)
    batch.reset(seeds)
    singles = [Single(game, s) for s in seeds]
    policy = np.random.default_rng(7)
    episodes = 0
    for step in range(steps):
        where = f"{name} step {step}"
        assert_rows(batch, singles, where)
        actions = [int(policy.choice(s.state.legal_actions())) for s in singles]
        batch.step(np.array(actions))
        finals = batch.final_observations.reshape(n, -1)
        for i, s in enumerate(singles):
            rewards, ended, cut, final = s.step(actions[i], max_steps)
            np.testing.assert_array_equal(batch.rewards[i], rewards, err_msg=f"{where} game {i}")
            assert batch.terminated[i] == ended, f"{where} game {i}"
            assert batch.truncated[i] == cut, f"{where} game {i}"
            if final is not None:
                np.testing.assert_array_equal(finals[i], final, err_msg=f"{where} game {i}: final")
                episodes += 1
    assert_rows(batch, singles, f"{name} end")
    return episodes


@pytest.mark.parametrize("name", GAMES)
def test_a_batch_is_its_single_games(name):
    assert run_against_singles(name) > 0, "no episode ended: autoreset untested"


@pytest.mark.parametrize("name", ["o_an_quan", "tarokk_war", "hoop_race(rules=yut_nori,players=4)", "go(board_size=5)"])
def test_a_batch_on_three_threads_is_its_single_games(name):
    run_against_singles(name, threads=3, steps=150)


@pytest.mark.parametrize("name", GAMES)
def test_the_step_limit_truncates(name):
    run_against_singles(name, threads=2, max_steps=7, steps=60)


def test_trap_stones_default_rules_few_steps():
    # Thousands of actions (the va-bank declarations): a few steps suffice.
    run_against_singles("trap_stones", steps=20, n=3)


@pytest.mark.parametrize("name", ["go(board_size=9)", "o_an_quan", "hoop_race", "trap_stones(rules=blitz)", "tarokk_war"])
def test_threads_give_the_same_results(name):
    arrays = []
    for threads in (1, 2, 4):
        b = tv.Batch(name, 37, threads=threads, copy=True)
        state = b.init(seed=5)
        rng = tabletop.Rng(3)
        trace = []
        for _ in range(120):
            state = b.step(state, b.random_actions(rng))
            trace.append(state)
        arrays.append(trace)
    for other in arrays[1:]:
        for a, b in zip(arrays[0], other):
            for x, y in zip(a, b):
                np.testing.assert_array_equal(x, y)


def test_a_refused_action_raises_and_changes_nothing():
    b = _tabletop.Batch("go(board_size=5)", 4)
    with pytest.raises(tabletop.TabletopError, match="reset"):
        b.step([0, 0, 0, 0])
    b.reset([1, 2, 3, 4])
    b.step([12, 12, 12, 12])
    before = [np.array(a) for a in (b.observations, b.masks, b.rewards, b.players, b.terminated, b.truncated)]

    def unchanged():
        after = (b.observations, b.masks, b.rewards, b.players, b.terminated, b.truncated)
        for x, y in zip(before, after):
            np.testing.assert_array_equal(x, y)

    # Game 2 plays on an occupied point: the rules' reason, and nobody moved.
    with pytest.raises(tabletop.IllegalAction, match="game 2"):
        b.step([0, 1, 12, 3])
    unchanged()
    for bad, error in [
        ([0, 1, 2, -1], tabletop.IllegalAction),  # not an action
        ([0, 1, 2, 26], tabletop.IllegalAction),  # beyond the action space
        (np.array([0, 1, 2, 2**40]), tabletop.IllegalAction),
        ([0, 1, 2], ValueError),  # too few
        (np.zeros((2, 2), np.int64), ValueError),
        (np.array([0.0, 1.0, 2.0, 3.0]), TypeError),
        ([0, 1, 2, 3.5], TypeError),
        ("abcd", TypeError),
    ]:
        with pytest.raises(error):
            b.step(bad)
        unchanged()
    # The arrays are the batch's: read-only from Python.
    with pytest.raises(ValueError):
        b.observations[0, 0, 0, 0] = 1.0
    # The games go on as before: the same as single games.
    game = tabletop.load("go(board_size=5)")
    singles = [Single(game, s) for s in [1, 2, 3, 4]]
    for s in singles:
        s.step(12)
    assert_rows(b, singles, "after the refusals")


def test_bad_settings_raise():
    for kwargs, error in [
        ({"num_envs": 0}, ValueError),
        ({"num_envs": 1 << 40}, ValueError),
        ({"num_envs": 2, "threads": 0}, ValueError),
        ({"num_envs": 2, "threads": 100000}, ValueError),
        ({"num_envs": 2, "max_steps": 0}, ValueError),
    ]:
        with pytest.raises(error):
            _tabletop.Batch("o_an_quan", **kwargs)
    with pytest.raises(tabletop.LoadError):
        _tabletop.Batch("chess", 2)
    with pytest.raises(TypeError):
        _tabletop.Batch(3, 2)
    b = _tabletop.Batch("o_an_quan", 2)
    with pytest.raises(ValueError):
        b.final_viewer = 2
    with pytest.raises(ValueError):
        b.reset([1])
    with pytest.raises(ValueError):
        b.reset([1, -1])
    with pytest.raises(TypeError):
        b.reset(["a", "b"])
    with pytest.raises(tabletop.TabletopError):
        b.random_actions(tabletop.Rng(1))


def test_step_some_moves_only_the_games_named():
    name = "hoop_race"
    game = tabletop.load(name)
    b = _tabletop.Batch(name, 6, threads=2)
    seeds = list(range(6))
    b.reset(seeds)
    singles = [Single(game, s) for s in seeds]
    policy = np.random.default_rng(1)
    for step in range(200):
        active = policy.random(6) < 0.6
        actions = [int(policy.choice(s.state.legal_actions())) if on else -5 for s, on in zip(singles, active)]
        b.step_some(actions, active)
        for i, s in enumerate(singles):
            if active[i]:
                rewards, ended, cut, _ = s.step(actions[i])
                np.testing.assert_array_equal(b.rewards[i], rewards)
                assert b.terminated[i] == ended
            else:
                assert not b.terminated[i] and not b.truncated[i]
                assert not b.rewards[i].any()
        assert_rows(b, singles, f"step_some {step}")
    # An illegal action of a game that moves is refused, and nothing moved.
    legal = [int(np.flatnonzero(m)[0]) for m in b.masks]
    bad = list(legal)
    bad[3] = 47 if not b.masks[3][47] else 46
    with pytest.raises(tabletop.IllegalAction, match="game 3"):
        b.step_some(bad, [True] * 6)
    assert_rows(b, singles, "after the refusal")
    with pytest.raises(ValueError):
        b.step_some(legal, [True] * 5)


def test_hidden_information_is_not_in_the_observations():
    """In trap stones and tarokk war each observation is the player to move's
    view: the same whatever the hidden part of the game (resampled), and the
    batch exposes no state."""
    for name in ["trap_stones(rules=blitz)", "tarokk_war"]:
        game = tabletop.load(name)
        seeds = [11, 12, 13]
        b = _tabletop.Batch(name, 3)
        b.reset(seeds)
        singles = [Single(game, s) for s in seeds]
        policy = np.random.default_rng(2)
        rng = tabletop.Rng(9)
        differs = 0
        for _ in range(40):
            obs = b.observations.reshape(3, -1)
            for i, s in enumerate(singles):
                p = s.state.current_player()
                for _ in range(3):
                    other = s.state.resample_from_infostate(p, rng)
                    np.testing.assert_array_equal(other.observation_tensor(p), obs[i])
                    q = 1 - p
                    differs += not np.array_equal(other.observation_tensor(q), s.state.observation_tensor(q))
            actions = [int(policy.choice(s.state.legal_actions())) for s in singles]
            b.step(actions)
            for s, a in zip(singles, actions):
                s.step(a)
        assert differs > 0, f"{name}: the resampling changed nothing hidden: the test proves nothing"
        assert not any(hasattr(b, attr) for attr in ("states", "state", "full_state"))


def test_functional_interface():
    b = tv.make("go(board_size=5)", 4)
    assert b.batch_size == 4 and b.num_actions == 26 and b.num_players == 2
    assert b.observation_shape == (4, 5, 5)
    s0 = b.init([1, 2, 3, 4])
    assert s0.observation.shape == (4, 4, 5, 5) and s0.observation.dtype == np.float32
    assert s0.legal_action_mask.dtype == np.bool_ and s0.legal_action_mask.shape == (4, 26)
    assert s0.rewards.shape == (4, 2) and s0.current_player.dtype == np.int32
    assert not s0.terminated.any() and not s0.truncated.any()
    s1 = b.step(s0, b.random_actions(1))
    with pytest.raises(ValueError, match="latest"):
        b.step(s0, b.random_actions(1))
    # Views: the same buffer, rewritten; copies with copy=True.
    assert np.shares_memory(s0.observation, s1.observation)
    c = tv.Batch("go", 4, board_size=5, copy=True)
    t0 = c.init([1, 2, 3, 4])
    t1 = c.step(t0, c.random_actions(1))
    assert not np.shares_memory(t0.observation, t1.observation)
    np.testing.assert_array_equal(t1.observation, s1.observation)
    with pytest.raises(tabletop.TabletopError):
        tv.Batch("o_an_quan", 2).step(s0, [0, 0])


# ---- the Gymnasium face --------------------------------------------------

#: The Gymnasium tests need gymnasium 1.0 or later (its `AutoresetMode`).
needs_gymnasium = pytest.mark.skipif(
    importlib.util.find_spec("gymnasium") is None, reason="gymnasium is not installed"
)


def masked_random(rng, masks):
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks])


@needs_gymnasium
@pytest.mark.parametrize("name", ["go(board_size=5)", "o_an_quan", "hoop_race", "trap_stones(rules=blitz)", "tarokk_war"])
@pytest.mark.parametrize("opponent", ["random", None])
def test_the_vector_env_checks(name, opponent):
    from gymnasium.utils.env_checker import check_reset_seed_determinism, data_equivalence
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector.utils import batch_space

    env = tv.VectorEnv(name, 6, opponent=opponent)
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert env.num_envs == 6
    assert env.observation_space == batch_space(env.single_observation_space, 6)
    assert env.action_space == batch_space(env.single_action_space, 6)
    check_reset_seed_determinism(env)
    # The same seed and actions: the same results (Gymnasium's step
    # determinism check, with legal actions).
    runs = []
    for _ in range(2):
        rng = np.random.default_rng(0)
        obs, info = env.reset(seed=123)
        trace = [(obs, info)]
        for _ in range(40):
            trace.append(env.step(masked_random(rng, info["action_mask"])))
            info = trace[-1][-1]
        runs.append(trace)
    assert data_equivalence(runs[0], runs[1], exact=True)
    # What comes back is in the spaces, and new at every call.
    seen = []
    obs, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(60):
        assert env.observation_space.contains(obs)
        assert info["action_mask"].shape == (6, env.single_action_space.n)
        assert info["action_mask"].any(axis=1).all()
        if opponent is not None:
            assert (info["current_player"] == 0).all()
        seen.append((obs, info))
        obs, reward, terminated, truncated, info = env.step(masked_random(rng, info["action_mask"]))
        assert reward.shape == (6,) and terminated.dtype == np.bool_ and truncated.dtype == np.bool_
        if (terminated | truncated).any():
            assert (info["_final_obs"] == (terminated | truncated)).all()
            for i in np.flatnonzero(info["_final_obs"]):
                assert env.single_observation_space.contains(info["final_obs"][i])
    for a, b in zip(seen, seen[1:]):
        assert not np.shares_memory(a[0], b[0])
        assert not np.shares_memory(a[1]["action_mask"], b[1]["action_mask"])
    env.close()


@needs_gymnasium
def test_record_episode_statistics_sees_the_same_step_autoreset():
    import warnings

    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = RecordEpisodeStatistics(tv.VectorEnv("o_an_quan", 8))
    obs, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    returns = []
    for _ in range(100):
        obs, reward, terminated, truncated, info = env.step(masked_random(rng, info["action_mask"]))
        if "episode" in info:
            returns.extend(info["episode"]["r"][info["_episode"]])
            assert (info["episode"]["l"][info["_episode"]] > 0).all()
    assert len(env.return_queue) > 0 and set(np.unique(returns)) <= {-1.0, 0.0, 1.0}


@needs_gymnasium
def test_the_opponent_plays_inside_the_step():
    """With an opponent, every observation is the agent's at its turn, its
    rewards are the agent's, and the final observation is the agent's view
    even when the opponent moved last; move for move as single games where
    the opponent takes its lowest legal action."""
    for name, seat in [("tarokk_war", 1), ("o_an_quan", 0), ("hoop_race(rules=yut_nori,players=3)", 2)]:
        game = tabletop.load(name)
        n = 4

        def lowest(obs, masks):
            return masks.argmax(axis=1)

        env = tv.VectorEnv(name, n, opponent=lowest, seat=seat, max_steps=60)
        seeds = [50 + i for i in range(n)]
        obs, info = env.reset(seed=seeds)
        singles = [Single(game, s) for s in seeds]

        def opponents(s, total, final, seat=seat):
            while s.state.current_player() != seat:
                a = min(s.state.legal_actions())
                r, _, _, f = s.step(a, 60, final_viewer=seat)
                total += r
                if f is not None:
                    final = f
            return total, final

        for s in singles:
            opponents(s, np.zeros(game.num_players, np.float32), None)
        rng = np.random.default_rng(3)
        ends = 0
        for step in range(150):
            for i, s in enumerate(singles):
                assert s.state.current_player() == seat
                np.testing.assert_array_equal(obs[i].reshape(-1), s.state.observation_tensor(seat))
            actions = masked_random(rng, info["action_mask"])
            obs, reward, terminated, truncated, info = env.step(actions)
            for i, s in enumerate(singles):
                total, ended, cut, final = s.step(actions[i], 60, final_viewer=seat)
                total, final = opponents(s, total, final)
                assert reward[i] == total[seat], f"{name} step {step} game {i}"
                if final is not None:
                    ends += 1
                    assert info["_final_obs"][i]
                    np.testing.assert_array_equal(info["final_obs"][i].reshape(-1), final)
                else:
                    assert "_final_obs" not in info or not info["_final_obs"][i]
        assert ends > 0


@needs_gymnasium
def test_self_play_rewards_are_the_movers():
    env = tv.VectorEnv("o_an_quan", 8, opponent=None)
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    seen = 0
    for _ in range(300):
        mover = info["current_player"]
        obs, reward, terminated, truncated, info = env.step(masked_random(rng, info["action_mask"]))
        np.testing.assert_array_equal(reward, info["rewards"][np.arange(8), mover])
        seen += terminated.sum()
    assert seen > 0


@needs_gymnasium
def test_the_random_example_runs():
    out = subprocess.run(
        [sys.executable, os.path.join(ROOT, "python", "examples", "vector_random.py"), "--steps", "50", "--envs", "16"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "steps/s" in out.stdout


@needs_gymnasium
def test_the_ppo_example_runs_a_few_updates():
    pytest.importorskip("torch")
    out = subprocess.run(
        [sys.executable, os.path.join(ROOT, "python", "examples", "ppo_o_an_quan.py"), "--smoke"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
