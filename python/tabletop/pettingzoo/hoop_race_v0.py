"""The hoop race (yut nori family) as a PettingZoo AEC environment (one module per environment,
as PettingZoo's own games are found).

    from tabletop.pettingzoo import hoop_race_v0

    env = hoop_race_v0.env(rules="yut_nori")
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Agents ``player_0`` … (2 to 4 seats, ``players``). The throws are chance,
drawn inside the environment; a bonus throw can give the same agent the next
turn. Observation: per seat its horses on each place, the bank of throws,
whether a throw or a move is due, the mover, whether the order of play is still
being settled. Parameters: ``rules`` (``source``, ``yut_nori``) and every rule
option (``tabletop.param_specs("hoop_race")``).

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
    """The hoop race (yut nori family), unwrapped (``env`` wraps it). ``.state`` is the native state."""

    metadata = dict(TabletopEnv.metadata, name="hoop_race_v0")

    def __init__(self, render_mode=None, action_mask="observation", **params):
        super().__init__("hoop_race", render_mode=render_mode, action_mask=action_mask, **params)
        EzPickle.__init__(self, render_mode=render_mode, action_mask=action_mask, **params)


def env(**kwargs):
    """The environment as PettingZoo's classic games give theirs: ``raw_env``
    with the illegal-action, bounds and order wrappers."""
    return wrap(raw_env(**kwargs))
