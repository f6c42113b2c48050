"""The AEC environment the five game modules share (``tabletop.pettingzoo``)."""

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle, seeding
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector, wrappers

from tabletop import _tabletop

#: Where the action mask is given: in the observation dict, as PettingZoo's
#: classic games give it (the default), or in ``info`` beside a plain array.
MASK_PLACES = ("observation", "info")

#: The largest finite float32: the bound of a count the interface declares no
#: bound for (as Gymnasium's CartPole bounds its velocities).
_F32_MAX = float(np.finfo(np.float32).max)


def observation_bounds(short_name):
    """The observation tensor's bounds, (low, high), for a game.

    Go's and trap stones' tensors are planes of 0 and 1 (trap stones' scarecrow
    counts are scaled into 0–1); the race's are counts and flags, never negative;
    Ô ăn quan's (net loans) and tarokk war's (the score difference) have entries
    that may be negative, and counts the interface gives no bound for.
    """
    if short_name in ("go", "trap_stones"):
        return 0.0, 1.0
    if short_name == "hoop_race":
        return 0.0, _F32_MAX
    return -_F32_MAX, _F32_MAX


def wrap(raw):
    """The wrappers PettingZoo's classic games get: an illegal action ends the
    game with −1 for the agent that took it, an action out of range or a step out
    of order is an error."""
    env = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def environment(game, name, title):
    """One environment module's ``raw_env`` class and ``env`` function, for the
    game ``game`` under the PettingZoo name ``name`` (``go_v0``): the module
    ``tabletop.pettingzoo.<name>`` binds them, so that pickling finds the class
    there."""

    class raw_env(TabletopEnv):
        metadata = dict(TabletopEnv.metadata, name=name)

        def __init__(self, render_mode=None, action_mask="observation", **params):
            super().__init__(game, render_mode=render_mode, action_mask=action_mask, **params)
            EzPickle.__init__(self, render_mode=render_mode, action_mask=action_mask, **params)

    def env(**kwargs):
        """The environment as PettingZoo's classic games give theirs: ``raw_env``
        with the illegal-action, bounds and order wrappers."""
        return wrap(raw_env(**kwargs))

    raw_env.__doc__ = f"{title}, unwrapped (``env`` wraps it). ``.state`` is the native state."
    raw_env.__module__ = env.__module__ = f"tabletop.pettingzoo.{name}"
    raw_env.__qualname__ = raw_env.__name__ = "raw_env"
    env.__qualname__ = "env"
    return raw_env, env


class TabletopEnv(AECEnv, EzPickle):
    """One of the five games as an AEC environment (see ``tabletop.pettingzoo``).
    The game modules' ``raw_env`` classes are this class for their game;
    ``.state`` is the native state (``tabletop.State``), ``.game`` the game."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game="go", render_mode=None, action_mask="observation", **params):
        EzPickle.__init__(self, game, render_mode=render_mode, action_mask=action_mask, **params)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if action_mask not in MASK_PLACES:
            raise ValueError(f"action_mask is 'observation' or 'info', not {action_mask!r}")
        self.game = _tabletop.Game(game, **params)
        if "name" not in self.metadata:
            self.metadata = dict(self.metadata, name=f"{self.game.short_name}_v0")
        self.render_mode = render_mode
        self._mask_in_info = action_mask == "info"
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._shape = tuple(self.game.observation_shape)
        low, high = observation_bounds(self.game.short_name)
        actions = self.game.num_distinct_actions

        def observation_space():
            board = spaces.Box(low=low, high=high, shape=self._shape, dtype=np.float32)
            if self._mask_in_info:
                return board
            mask = spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8)
            return spaces.Dict({"observation": board, "action_mask": mask})

        # One space object per agent, returned by every call (PettingZoo seeds them).
        self.observation_spaces = {a: observation_space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.np_random, _ = seeding.np_random()
        self.state = None
        self._rng = None
        self._clear()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _clear(self):
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]

    def _resolve_chance(self):
        # Throws, deals and draws: drawn from the generator `reset` seeded.
        while self.state.is_chance_node():
            self.state.apply_action(self.state.sample_chance(self._rng))

    def _select(self):
        p = self.state.current_player()
        if p >= 0:
            self.agent_selection = self.possible_agents[p]
        else:
            # Over: the agents leave in seat order, each stepping once with None.
            self.agent_selection = self._agent_selector.next()

    def _update_infos(self):
        if self._mask_in_info:
            for a in self.agents:
                self.infos[a] = {"action_mask": self.state.action_mask(self._seat[a])}

    def reset(self, seed=None, options=None):
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self._rng = _tabletop.Rng(int(self.np_random.integers(0, 2**63)))
        self.state = self.game.new_initial_state()
        self._resolve_chance()
        self._clear()
        self._agent_selector = AgentSelector(self.agents)
        self._select()
        self._update_infos()

    def observe(self, agent):
        seat = self._seat[agent]
        # The interface's tensor for this agent's seat: only what it may see.
        obs = self.state.observation_tensor(seat).reshape(self._shape)
        if self._mask_in_info:
            return obs
        return {"observation": obs, "action_mask": self.state.action_mask(seat)}

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
                self.rewards[a] = returns[self._seat[a]]
                self.terminations[a] = True
            self._agent_selector.reinit(self.agents)
        self._select()
        self._accumulate_rewards()
        self._update_infos()

    def render(self):
        if self.render_mode is None:
            return None
        p = self.state.current_player()
        return self.state.observation_string(p if p >= 0 else 0)

    def close(self):
        pass
