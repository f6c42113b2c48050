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

from tabletop.pettingzoo._env import environment

__all__ = ["env", "raw_env"]

raw_env, env = environment("o_an_quan", "o_an_quan_v0", "Ô ăn quan")
