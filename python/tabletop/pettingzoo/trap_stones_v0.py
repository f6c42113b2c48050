"""Trap stones as a PettingZoo AEC environment (one module per environment,
as PettingZoo's own games are found).

    from tabletop.pettingzoo import trap_stones_v0

    env = trap_stones_v0.env(rules="blitz")
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Agents ``player_0`` and ``player_1``. The three opening draws are chance,
drawn inside the environment; the traps are chosen in secret. Observation: 13
planes of the board, each 0 or 1 — own and opponent stones and scarecrows, own
traps, the opponent's traps only once the game is over, the homes, whose turn, a
stake pending, before the play, each side's scarecrows left (scaled to 0–1) —
nothing of the opponent's traps before the end. Parameters: ``rules``
(``source``, ``blitz``, ``blitz3``, ``corners``) and every rule option
(``tabletop.param_specs("trap_stones")``).

The observation is ``{"observation": float32 array, "action_mask": int8 array}``
(``action_mask="info"``: the float32 array, the mask in ``info["action_mask"]``);
rewards at the end (+1 a win, −1 a loss, 0 a draw). ``env`` wraps ``raw_env``
as PettingZoo's classic games are wrapped (an illegal action ends the game with
−1 for its agent). No ``parallel_env``: one agent acts at a time.
"""

from tabletop.pettingzoo._env import environment

__all__ = ["env", "raw_env"]

raw_env, env = environment("trap_stones", "trap_stones_v0", "Trap stones")
