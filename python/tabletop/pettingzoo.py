"""The five games as PettingZoo AEC environments.

    from tabletop.pettingzoo import env
    e = env("go", board_size=9, render_mode="ansi")
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            action = None
        else:
            mask = obs["action_mask"]
            action = e.action_space(agent).sample(mask)
        e.step(action)

- Agents are named by seat: ``player_0``, ``player_1``, … (every seat of the game;
  with hidden information each sees only its own observation).
- Actions are the game's dense action ids (``Discrete(num_distinct_actions)``);
  the observation is a dict of ``observation`` (the player's observation tensor,
  float32, the game's observation shape) and ``action_mask`` (int8, all zeros for
  an agent that is not to move).
- Chance (throws, deals, draws) is resolved inside the environment, drawn from
  the seed given to ``reset``, so the same seed and actions give the same game.
- Rewards come at the end: each agent's return (+1 a win, −1 a loss, 0 a draw).
- An illegal action ends the game with −1 for the agent that took it and 0 for
  the others, as PettingZoo's classic environments do
  (``TerminateIllegalWrapper``).
- ``render_mode="ansi"`` renders what the agent to move sees, as text.

Turn-based environments have no parallel form, so PettingZoo's
``max_cycles_test`` (which needs a ``parallel_env`` with ``max_cycles``) does not
apply; games end by their rules (and the bounds the interface declares).
"""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector, wrappers

from tabletop import _tabletop


def env(game="go", render_mode=None, **params):
    """The wrapped environment PettingZoo's classic games give: illegal actions end
    the game (−1 to the offender), out-of-range actions and steps out of order are
    caught."""
    e = raw_env(game, render_mode=render_mode, **params)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):
    """A tabletop game as an AEC environment (unwrapped; see ``env``)."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game="go", render_mode=None, **params):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.game = _tabletop.Game(game, **params)
        self.metadata = dict(self.metadata, name=f"tabletop_{self.game.short_name}_v0")
        self.render_mode = render_mode
        n = self.game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents = self.possible_agents[:]
        actions = self.game.num_distinct_actions
        shape = tuple(self.game.observation_shape)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=-np.inf, high=np.inf, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._seed_rng = np.random.default_rng()
        self.state = None
        self._rng = None
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _seat(self, agent):
        return self.possible_agents.index(agent)

    def _resolve_chance(self):
        while self.state.is_chance_node():
            self.state.apply_action(self.state.sample_chance(self._rng))

    def _select(self):
        p = self.state.current_player()
        if p >= 0:
            self.agent_selection = self.possible_agents[p]
        else:
            # Over: agents leave in seat order (each steps once with None).
            self.agent_selection = self._agent_selector.next()

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        self._rng = _tabletop.Rng(int(self._seed_rng.integers(0, 2**63)))
        self.state = self.game.new_initial_state()
        self._resolve_chance()
        self.agents = self.possible_agents[:]
        self._agent_selector = AgentSelector(self.agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._agent_selector.reset()
        self._select()

    def observe(self, agent):
        seat = self._seat(agent)
        obs = self.state.observation_tensor(seat).reshape(self.game.observation_shape)
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if agent == self.agent_selection and self.state.current_player() == seat:
            mask[self.state.legal_actions()] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0
        self.state.apply_action(int(action))
        self._resolve_chance()
        if self.state.is_terminal():
            returns = self.state.returns()
            for a in self.agents:
                self.rewards[a] = returns[self._seat(a)]
                self.terminations[a] = True
            self._agent_selector.reinit(self.agents)
        self._select()
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None:
            return None
        p = self.state.current_player()
        return self.state.observation_string(p if p >= 0 else 0)

    def close(self):
        pass
