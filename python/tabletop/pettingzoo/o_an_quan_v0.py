"""Ô ăn quan as a PettingZoo AEC environment (one module per environment,
as PettingZoo's own games are found).

    from tabletop.pettingzoo import o_an_quan_v0

    env = o_an_quan_v0.env(rules="common")
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Agents ``player_0`` … (2 to 4 seats, ``players``). Actions: a square of the
ring and a direction (``A3R``). Observation: per square its stones, whether its quan is there and its
owner; per player captured stones, captured quan and net loans; who is to move.
Parameters: ``rules`` (``source``, ``common``) and every rule option
(``tabletop.param_specs("o_an_quan")``).

The observation is ``{"observation": float32 array, "action_mask": int8 array}``
(``action_mask="info"``: the float32 array, the mask in ``info["action_mask"]``);
rewards at the end (+1 a win, −1 a loss, 0 a draw). ``env`` wraps ``raw_env``
as PettingZoo's classic games are wrapped (an illegal action ends the game with
−1 for its agent). No ``parallel_env``: one agent acts at a time.
"""

from gymnasium.utils import EzPickle

from tabletop.pettingzoo._env import TabletopEnv, wrap

__all__ = ["env", "raw_env"]


class raw_env(TabletopEnv):
    """Ô ăn quan, unwrapped (``env`` wraps it). ``.state`` is the native state."""

    metadata = dict(TabletopEnv.metadata, name="o_an_quan_v0")

    def __init__(self, render_mode=None, action_mask="observation", **params):
        super().__init__("o_an_quan", render_mode=render_mode, action_mask=action_mask, **params)
        EzPickle.__init__(self, render_mode=render_mode, action_mask=action_mask, **params)


def env(**kwargs):
    """The environment as PettingZoo's classic games give theirs: ``raw_env``
    with the illegal-action, bounds and order wrappers."""
    return wrap(raw_env(**kwargs))
