"""Tarokk war as a PettingZoo AEC environment (one module per environment,
as PettingZoo's own games are found).

    from tabletop.pettingzoo import tarokk_war_v0

    env = tarokk_war_v0.env(rules="numeral_scoring")
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Agents ``player_0`` and ``player_1``. The deal is chance, card by card, drawn
inside the environment; each agent sees its own cards only. Observation: card
planes (own hand, the led card, soldiers, the front, reserve, holdings, the
graveyard, …) and counts (the opponent's hand, soldiers and reserve, the pot,
the taken cards, the score difference) — nothing the agent may not see.
Parameters: ``rules`` (``source``, ``numeral_scoring``) and every rule option
(``tabletop.param_specs("tarokk_war")``).

The observation is ``{"observation": float32 array, "action_mask": int8 array}``
(``action_mask="info"``: the float32 array, the mask in ``info["action_mask"]``);
rewards at the end (+1 a win, −1 a loss, 0 a draw). ``env`` wraps ``raw_env``
as PettingZoo's classic games are wrapped (an illegal action ends the game with
−1 for its agent). No ``parallel_env``: one agent acts at a time.
"""

from tabletop.pettingzoo._env import environment

__all__ = ["env", "raw_env"]

raw_env, env = environment("tarokk_war", "tarokk_war_v0", "Tarokk war")
