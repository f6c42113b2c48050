"""The games as PettingZoo environments: one module per environment, NumPy
observations with an int8 action mask, and PettingZoo's own tests pass."""

import functools
import importlib
import pickle
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import pettingzoo  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import tabletop  # noqa: E402
import tabletop.pettingzoo as tpz  # noqa: E402
from conftest import CONFIGS, config_id  # noqa: E402
from tabletop.pettingzoo import go_v0, hoop_race_v0, o_an_quan_v0, tarokk_war_v0, trap_stones_v0  # noqa: E402

api_test_module = importlib.import_module("pettingzoo.test.api_test")

MODULES = {
    "go": go_v0,
    "o_an_quan": o_an_quan_v0,
    "hoop_race": hoop_race_v0,
    "trap_stones": trap_stones_v0,
    "tarokk_war": tarokk_war_v0,
}

#: The two warnings PettingZoo 1.27's `api_test` gives every environment with a
#: dict observation whose name is not on its lists `env_obs_dicts` and
#: `env_obs_space` (its own classic games are on them; upstream has since
#: dropped both checks, PettingZoo pull request 1391).
NAME_LIST_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
}


def run_api_test(env, num_cycles=300):
    """`api_test`, returning every warning it gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=num_cycles, verbose_progress=False)
    return [str(w.message) for w in caught]


@pytest.fixture
def dict_observations_listed(monkeypatch):
    """PettingZoo's `api_test` as it runs for its own classic games: our
    environments' names on its lists of environments with dict observations (the
    lists hold names only; every other check stays)."""
    names = [f"{name}_v0" for name in MODULES]
    for attr in ("env_obs_dicts", "env_obs_space"):
        if hasattr(api_test_module, attr):
            monkeypatch.setattr(api_test_module, attr, list(getattr(api_test_module, attr)) + names)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_api_test_passes_without_warnings_with_the_mask_in_info(config):
    name, params = config
    assert run_api_test(MODULES[name].env(action_mask="info", **params)) == []


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_api_test_passes_with_dict_observations(config, dict_observations_listed):
    name, params = config
    # Under the conditions PettingZoo's own classic games are tested in: no warning.
    assert run_api_test(MODULES[name].env(**params)) == []


def test_unlisted_dict_observations_get_the_name_list_warnings_alone():
    messages = set(run_api_test(go_v0.env(board_size=5)))
    if hasattr(api_test_module, "env_obs_dicts"):
        assert messages == NAME_LIST_WARNINGS
    else:  # a PettingZoo without the lists: none at all
        assert messages == set()


@pytest.mark.skipif(not hasattr(api_test_module, "env_obs_dicts"), reason="no name lists")
def test_pettingzoos_own_dict_observations_get_them_unlisted():
    pytest.importorskip("pygame")  # PettingZoo's classic games need it
    if hasattr(pettingzoo, "make"):
        theirs = pettingzoo.make("aec", "classic/connect_four_v3")
    else:
        from pettingzoo.classic import connect_four_v3

        theirs = connect_four_v3.env()
    theirs.unwrapped.metadata = dict(theirs.unwrapped.metadata, name="connect_four_unlisted")
    assert NAME_LIST_WARNINGS <= set(run_api_test(theirs))


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@pytest.mark.parametrize("mask", ["observation", "info"])
def test_seed_test_passes(config, mask):
    name, params = config
    seed_test(functools.partial(MODULES[name].env, action_mask=mask, **params), num_cycles=100)


def test_one_module_per_environment():
    assert set(tpz.all_environments) == {f"tabletop/{n}_v0" for n in MODULES}
    for name, module in MODULES.items():
        assert tpz.all_environments[f"tabletop/{name}_v0"] is module
        e = module.env()
        raw = e.unwrapped
        assert isinstance(raw, module.raw_env) and isinstance(raw, pettingzoo.AECEnv)
        assert raw.metadata["name"] == f"{name}_v0" == str(e)
        assert raw.game.short_name == name
        # Turn-based: no parallel form (see the package's documentation).
        assert not hasattr(module, "parallel_env")
        assert raw.metadata["is_parallelizable"] is False
        # The factory by name gives the module's environment.
        assert type(tpz.env(name).unwrapped) is module.raw_env
        assert type(tpz.raw_env(name)) is module.raw_env
    assert type(tpz.env("weiqi", board_size=5).unwrapped) is go_v0.raw_env


@pytest.mark.skipif(not hasattr(pettingzoo, "make"), reason="PettingZoo without its registry")
def test_registered_with_pettingzoo():
    e = pettingzoo.make("aec", "tabletop/go_v0", board_size=5)
    assert type(e.unwrapped) is go_v0.raw_env and e.unwrapped.game.params["board_size"] == 5
    for name in MODULES:
        assert type(pettingzoo.make("aec", f"tabletop/{name}_v0").unwrapped) is MODULES[name].raw_env


def play(e, seed, steps=10_000, check=None):
    """Plays the environment with masked random actions; `check(e, agent, obs,
    info)` at every live step."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in e.agent_iter(steps):
        obs, _reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        if check is not None:
            check(e, agent, obs, info)
        mask = obs["action_mask"] if isinstance(obs, dict) else info["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_observations_are_the_seat_tensor_and_the_mask(config):
    name, params = config
    e = MODULES[name].env(**params)
    raw = e.unwrapped
    game = raw.game
    shape = tuple(game.observation_shape)

    def check(e, agent, obs, info):
        state = raw.state
        assert not state.is_chance_node(), "an agent never sees a chance node"
        seat = int(agent.split("_")[1])
        assert state.current_player() == seat
        for other in e.agents:
            o = raw.observe(other)
            s = int(other.split("_")[1])
            assert o["observation"].dtype == np.float32 and o["observation"].shape == shape
            np.testing.assert_array_equal(o["observation"].ravel(), state.observation_tensor(s))
            mask = o["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (game.num_distinct_actions,)
            expected = np.zeros(game.num_distinct_actions, np.int8)
            if s == seat:
                expected[state.legal_actions()] = 1
            np.testing.assert_array_equal(mask, expected)
            space = e.observation_space(other)
            assert space is e.observation_space(other)
            assert space.contains(o)
            assert space["observation"].dtype == np.float32 and space["action_mask"].dtype == np.int8
        assert info == {}

    for seed in range(2):
        play(e, seed, steps=600, check=check)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_the_mask_in_info(name):
    e = MODULES[name].env(action_mask="info")
    raw = e.unwrapped

    def check(e, agent, obs, info):
        seat = int(agent.split("_")[1])
        assert isinstance(obs, np.ndarray) and obs.dtype == np.float32
        assert e.observation_space(agent).contains(obs)
        for other in e.agents:
            expected = raw.state.action_mask(int(other.split("_")[1]))
            np.testing.assert_array_equal(e.infos[other]["action_mask"], expected)
        assert info["action_mask"].dtype == np.int8 and info["action_mask"][raw.state.legal_actions()].all()
        assert raw.state.current_player() == seat

    play(e, 3, steps=400, check=check)


@pytest.mark.parametrize(
    "name,params", [("trap_stones", {"rules": "blitz"}), ("tarokk_war", {})]
)
def test_hidden_information_stays_hidden(name, params):
    # An agent's observation is the same in every state it cannot tell from the
    # true one (its own view only), and the hidden part is really there: the
    # other seat's observation changes when the hidden cards or traps are redrawn.
    e = MODULES[name].raw_env(**params)
    rng = tabletop.Rng(5)
    differed = 0
    for seed in range(3):
        e.reset(seed=seed)
        for _ in range(12):
            if e.state.is_terminal():
                break
            seat = e.state.current_player()
            mine = e.observe(f"player_{seat}")["observation"].ravel()
            for _ in range(4):
                other = e.state.resample_from_infostate(seat, rng)
                np.testing.assert_array_equal(other.observation_tensor(seat), mine)
                theirs = 1 - seat
                if not np.array_equal(other.observation_tensor(theirs), e.state.observation_tensor(theirs)):
                    differed += 1
            legal = e.state.legal_actions()
            e.step(legal[seed % len(legal)])
    assert differed > 0


def test_chance_comes_from_the_seed():
    def history(seed):
        e = hoop_race_v0.raw_env()
        e.reset(seed=seed)
        for _ in range(30):
            if e.state.is_terminal():
                break
            e.step(e.state.legal_actions()[0])
        return e.state.history()

    assert history(1) == history(1)
    assert history(1) != history(2)


def test_an_illegal_action_ends_the_game_against_its_player():
    e = go_v0.env(board_size=5)
    e.reset(seed=1)
    e.step(12)  # C3
    agent = e.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's own "illegal move" notice
        e.step(12)  # C3 again: occupied
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1


def test_render_pickle_and_bad_arguments():
    e = trap_stones_v0.raw_env(render_mode="ansi")
    e.reset(seed=4)
    assert isinstance(e.render(), str)
    again = pickle.loads(pickle.dumps(go_v0.raw_env(board_size=7, action_mask="info")))
    assert type(again) is go_v0.raw_env and again.game.params["board_size"] == 7
    assert again.observation_space("player_0").shape == (4, 7, 7)
    with pytest.raises(ValueError):
        go_v0.raw_env(action_mask="both")
    with pytest.raises(ValueError):
        go_v0.raw_env(render_mode="human")
    with pytest.raises(tabletop.LoadError):
        go_v0.raw_env(board_size=99)
