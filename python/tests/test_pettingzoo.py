"""The games as PettingZoo environments: PettingZoo's own tests pass."""

import functools

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from conftest import CONFIGS, config_id  # noqa: E402
from tabletop.pettingzoo import env, raw_env  # noqa: E402


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_api_and_seed_tests_pass(config):
    name, params = config
    api_test(env(name, **params), num_cycles=300, verbose_progress=False)
    seed_test(functools.partial(env, name, **params), num_cycles=100)


def test_an_illegal_action_ends_the_game_against_its_player():
    e = env("go", board_size=5)
    e.reset(seed=1)
    e.step(12)  # C3
    agent = e.agent_selection
    e.step(12)  # C3 again: occupied
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1


def test_masks_and_render():
    e = raw_env("trap_stones", render_mode="ansi")
    e.reset(seed=4)
    obs = e.observe(e.agent_selection)
    assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].sum() > 0
    other = [a for a in e.agents if a != e.agent_selection][0]
    assert e.observe(other)["action_mask"].sum() == 0
    assert isinstance(e.render(), str)
