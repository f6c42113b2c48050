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

from tabletop.pettingzoo._env import environment

__all__ = ["env", "raw_env"]

raw_env, env = environment("hoop_race", "hoop_race_v0", "The hoop race (yut nori family)")
