"""Go as a PettingZoo AEC environment (one module per environment,
as PettingZoo's own games are found).

    from tabletop.pettingzoo import go_v0

    env = go_v0.env(board_size=9, rules="chinese")
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Agents ``player_0`` (Black) and ``player_1`` (White). Actions: a stone on the
point in column ``c``, row ``r`` is ``r · board_size + c``; the pass is
``board_size²``. Observation: four planes of ``board_size × board_size`` (Black's
stones, White's stones, the empty points, ones when Black is to move), 0 or 1.
Parameters: every rule option of the game (``rules`` — ``tromp_taylor``, the
default, ``chinese``, ``japanese``, … — ``komi``, ``ko``, ``board_size``,
``handicap``, ``max_moves``, …; ``tabletop.param_specs("go")`` lists them).

The observation is ``{"observation": float32 array, "action_mask": int8 array}``
(``action_mask="info"``: the float32 array, the mask in ``info["action_mask"]``);
rewards at the end (+1 a win, −1 a loss, 0 a draw). ``env`` wraps ``raw_env``
as PettingZoo's classic games are wrapped (an illegal action ends the game with
−1 for its agent). No ``parallel_env``: one agent acts at a time.
"""

from tabletop.pettingzoo._env import environment

__all__ = ["env", "raw_env"]

raw_env, env = environment("go", "go_v0", "Go")
