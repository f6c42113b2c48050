"""The five games as PettingZoo environments, one module per environment as
PettingZoo's own are::

    from tabletop.pettingzoo import go_v0
    env = go_v0.env(board_size=9, render_mode="ansi")
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

The modules: ``go_v0``, ``o_an_quan_v0``, ``hoop_race_v0``, ``trap_stones_v0``,
``tarokk_war_v0`` (``all_environments`` maps ``"tabletop/go_v0"`` … to them),
each with ``env`` (wrapped as PettingZoo's classic games are) and ``raw_env``.
With PettingZoo's registry (1.27 and later) importing this package registers
them too: ``pettingzoo.make("aec", "tabletop/go_v0", board_size=9)``.
``env(game, **params)`` makes any of them by the game's name.

- Agents are named by seat: ``player_0``, ``player_1``, …
- Actions are the game's dense action ids (``Discrete(num_distinct_actions)``).
- The observation is what PettingZoo's classic games give: a dict of
  ``observation`` (a float32 array: the interface's observation tensor of that
  agent's seat, in the game's observation shape — with hidden information, only
  what that agent may see) and ``action_mask`` (int8, 1 for a legal action; all
  zeros for an agent not to move). ``observation_space(agent)`` is the matching
  ``Dict`` of two ``Box`` spaces. With ``action_mask="info"`` the observation is
  the float32 array alone (a ``Box`` space) and the mask is in
  ``info["action_mask"]``.
- Chance (throws, deals, draws) is resolved inside the environment, drawn from
  the generator ``reset(seed=…)`` seeds: agents never see a chance node, and the
  same seed and actions give the same game.
- Rewards come at the end: each agent's return (+1 a win, −1 a loss, 0 a draw).
- An illegal action ends the game with −1 for the agent that took it and 0 for
  the others (PettingZoo's ``TerminateIllegalWrapper``, as its classic games).
- ``render_mode="ansi"`` renders what the agent to move sees, as text.

No game here has a parallel form: they are turn-based (one agent acts at a time;
a bonus throw gives the same agent another turn; most actions are illegal at any
moment), so there is no ``parallel_env`` — as for PettingZoo's own board and
card games — and PettingZoo's ``max_cycles_test`` and ``parallel_api_test``,
which drive a ``parallel_env`` with every agent acting each cycle, do not apply.
"""

from tabletop import _tabletop
from tabletop.pettingzoo import go_v0, hoop_race_v0, o_an_quan_v0, tarokk_war_v0, trap_stones_v0
from tabletop.pettingzoo._env import TabletopEnv

__all__ = [
    "TabletopEnv",
    "all_environments",
    "env",
    "go_v0",
    "hoop_race_v0",
    "o_an_quan_v0",
    "raw_env",
    "tarokk_war_v0",
    "trap_stones_v0",
]

#: The environment modules by game name.
MODULES = {
    "go": go_v0,
    "o_an_quan": o_an_quan_v0,
    "hoop_race": hoop_race_v0,
    "trap_stones": trap_stones_v0,
    "tarokk_war": tarokk_war_v0,
}

#: The environment modules by id, as ``pettingzoo.utils.all_modules`` lists
#: PettingZoo's own.
all_environments = {f"tabletop/{m.__name__.rsplit('.', 1)[1]}": m for m in MODULES.values()}


def _module(game):
    module = MODULES.get(game)
    if module is None:
        # An alias of the registry (``weiqi``, ``baduk``, …): its game's module.
        module = MODULES[_tabletop.Game(game).short_name]
    return module


def env(game="go", **kwargs):
    """The wrapped environment of a game by name: ``env("go", board_size=9)`` is
    ``go_v0.env(board_size=9)``."""
    return _module(game).env(**kwargs)


def raw_env(game="go", **kwargs):
    """The unwrapped environment of a game by name (its module's ``raw_env``)."""
    return _module(game).raw_env(**kwargs)


def _register():
    """Registers the modules with PettingZoo's registry, where it has one."""
    try:
        from pettingzoo import EnvSpec, aec_registry, register
    except ImportError:  # PettingZoo before 1.27: the modules are the way
        return
    for env_id, module in all_environments.items():
        if EnvSpec(id=env_id).id not in aec_registry:
            register("aec", env_id, entry_point=f"{module.__name__}:env")


_register()
