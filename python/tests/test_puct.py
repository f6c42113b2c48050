"""The PUCT bot with a Python evaluator: NumPy arrays in and out, the
interpreter lock given back during the search, exceptions raised as they
were, reproducible for a seed, values mixed with rollouts. Without PyTorch
(tabletop.learn's tests, which need it, are in test_learn.py). Seconds in
all."""

import threading

import numpy as np
import pytest

import tabletop
from conftest import CONFIGS, config_id
from tabletop._tabletop import PuctBot


def uniform(players):
    """A NumPy evaluator: uniform over the legal actions, values 0."""

    def evaluate(observations, masks):
        assert observations.dtype == np.float32
        assert masks.dtype == np.bool_
        assert observations.shape[0] == masks.shape[0]
        return masks.astype(np.float32), np.zeros((len(masks), players), np.float32)

    return evaluate


def decision(game, seed=0, steps=6):
    """A state a few random steps in, at a decision (or None)."""
    rng = tabletop.Rng(seed)
    s = game.new_initial_state()
    k = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(s.sample_chance(rng))
        elif k >= steps:
            return s
        else:
            s.apply_action(s.random_action(rng))
            k += 1
    return None


def choice(game, seed=0):
    """A state with at least two legal actions, a few random steps in (fewer
    in games that random play ends early, such as trap_stones)."""
    for k in range(seed, seed + 50):
        for steps in (6, 4, 2, 0):
            s = decision(game, seed=k, steps=steps)
            if s is not None and len(s.legal_actions()) > 1:
                return s
    return None


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_a_numpy_evaluator_searches_every_game(config):
    name, params = config
    game = tabletop.Game(name, **params)
    shapes = []

    def evaluate(observations, masks):
        shapes.append((observations.shape, masks.shape))
        return uniform(game.num_players)(observations, masks)

    bot = PuctBot(game, evaluate, simulations=24, batch_size=4, seed=1, skip_forced=False)
    s = choice(game)
    assert s is not None
    r = bot.search(s)
    assert s.is_legal(r["action"])
    assert r["simulations"] == 24
    policy = r["policy"]
    assert policy.dtype == np.float32 and policy.shape == (game.num_distinct_actions,)
    assert abs(policy.sum() - 1) < 1e-4
    assert all(s.is_legal(a) for a in np.nonzero(policy)[0])
    assert r["evaluations"] == sum(o[0] for o, _ in shapes)
    for obs_shape, mask_shape in shapes:
        assert list(obs_shape[1:]) == game.observation_shape
        assert mask_shape == (obs_shape[0], game.num_distinct_actions)
        assert 1 <= obs_shape[0] <= 4
    assert 0 <= r["evaluator_seconds"] <= r["seconds"]


def test_the_callable_sees_the_players_views_and_its_priors_count():
    game = tabletop.load("o_an_quan")
    s = game.new_initial_state()
    favourite = s.legal_actions()[-1]

    def evaluate(observations, masks):
        priors = np.full(masks.shape, 1e-3, np.float32)
        priors[:, favourite] = 1.0
        return priors, np.zeros((len(masks), 2), np.float32)

    r = PuctBot(game, evaluate, simulations=50, seed=0).search(s)
    assert r["action"] == favourite
    # A float64 list of lists is accepted too.
    r2 = PuctBot(game, lambda o, m: (m.tolist(), [[0.0, 0.0]] * len(m)), simulations=20).search(s)
    assert s.is_legal(r2["action"])


def test_the_same_seed_gives_the_same_search():
    game = tabletop.load("hoop_race")
    s = choice(game, seed=3)

    def run(seed):
        bot = PuctBot(game, uniform(2), simulations=60, batch_size=8, dirichlet_alpha=0.5, temperature=1.0, seed=seed)
        r = bot.search(s)
        return r["action"], r["children"], r["policy"].tolist()

    assert run(5) == run(5)
    assert any(run(5) != run(k) for k in range(6, 12))


def test_errors_from_the_callable_are_raised():
    game = tabletop.load("o_an_quan")
    s = game.new_initial_state()

    class Oops(Exception):
        pass

    def fails(observations, masks):
        raise Oops("the network is on fire")

    bot = PuctBot(game, fails, simulations=10)
    with pytest.raises(Oops, match="on fire"):
        bot.step(s)
    with pytest.raises(Oops):
        bot.search_many([s, s])
    # Wrong shapes and types are reported, not a crash.
    cases = [
        lambda o, m: (np.ones((len(m), 3), np.float32), np.zeros((len(m), 2), np.float32)),
        lambda o, m: (m.astype(np.float32), np.zeros((len(m), 5), np.float32)),
        lambda o, m: m,
        lambda o, m: ("no", "numbers"),
        lambda o, m: None,
    ]
    for bad in cases:
        with pytest.raises((ValueError, TypeError)):
            PuctBot(game, bad, simulations=10).step(s)
    # The bot is fine afterwards.
    bot = PuctBot(game, uniform(2), simulations=10)
    assert s.is_legal(bot.step(s))
    with pytest.raises(TypeError):
        PuctBot(game, 42)
    with pytest.raises(ValueError):
        PuctBot(game, simulations=0)
    with pytest.raises(ValueError):
        PuctBot(game, dirichlet_alpha=-1.0)
    with pytest.raises(tabletop.TabletopError):
        bot.step(tabletop.load("hoop_race").new_initial_state())
    chance = tabletop.load("hoop_race")
    with pytest.raises(tabletop.TabletopError):
        PuctBot(chance).step(chance.new_initial_state())


def test_nonsense_numbers_are_survived():
    game = tabletop.load("o_an_quan")
    s = game.new_initial_state()

    def nonsense(observations, masks):
        n = len(masks)
        return np.full(masks.shape, np.nan, np.float32), np.full((n, 2), np.inf, np.float32)

    r = PuctBot(game, nonsense, simulations=30).search(s)
    assert s.is_legal(r["action"])
    assert -1 <= r["value"] <= 1


def test_the_lock_is_released_during_the_search():
    """Another Python thread runs while a search without a Python evaluator
    searches (and between the calls of a Python one)."""
    game = tabletop.load("go(board_size=9)")
    s = game.new_initial_state()
    bot = PuctBot(game, simulations=3000, rollouts=1, seed=1)
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            stop.wait(0.001)

    t = threading.Thread(target=tick)
    t.start()
    try:
        bot.search(s)
    finally:
        stop.set()
        t.join()
    assert len(ticks) > 5


def test_search_many_is_each_search():
    game = tabletop.load("o_an_quan")
    states = [decision(game, seed=k, steps=k) for k in range(4)]
    bot = PuctBot(game, uniform(2), simulations=30, batch_size=2, seed=3)
    many = bot.search_many(states)
    assert len(many) == 4
    for s, r in zip(states, many):
        assert s.is_legal(r["action"])
        assert r["simulations"] == 30
    # The settings are changeable between searches.
    bot.temperature = 1.0
    bot.simulations = 12
    bot.dirichlet = (0.3, 0.25)
    assert bot.temperature == 1.0 and bot.simulations == 12 and bot.dirichlet == (0.3, 0.25)
    assert all(r["simulations"] == 12 for r in bot.search_many(states))
    with pytest.raises(ValueError):
        bot.temperature = -1.0


def test_a_uniform_puct_bot_beats_random_play():
    from tabletop.learn import play_match

    game = tabletop.load("o_an_quan")
    bot = PuctBot(game, simulations=100, rollouts=2, seed=0)
    r = play_match(game, bot, lambda k: "random", games=10, seed=1)
    assert r["wins"] >= 9, r


def test_rollouts_mix_with_the_callables_values():
    game = tabletop.load("o_an_quan")
    s = game.new_initial_state()  # no game ends within the search's reach

    def run(evaluator, **kwargs):
        r = PuctBot(game, evaluator, simulations=80, batch_size=4, seed=9, **kwargs).search(s)
        return r["action"], r["children"], r["value"]

    # All weight on the playouts: uniform priors from the callable give the
    # search of the uniform evaluator's rollouts (the same seed, the same draws).
    assert run(uniform(2), rollouts=2, rollout_weight=1.0) == run(None, rollouts=2)
    # No weight on them: the callable's values alone (without rollouts).
    assert run(uniform(2), rollouts=2, rollout_weight=0.0) == run(uniform(2))
    # In between, a mix that is neither.
    half = run(uniform(2), rollouts=2, rollout_weight=0.5)
    assert half != run(uniform(2)) and half != run(None, rollouts=2)
    for weight in (-0.5, 1.5, float("nan")):
        with pytest.raises(ValueError, match="rollout_weight"):
            PuctBot(game, uniform(2), rollouts=1, rollout_weight=weight)
