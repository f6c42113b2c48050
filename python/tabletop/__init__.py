"""Exact, fast rules engines for five traditional games, in Rust.

    import tabletop
    game = tabletop.load("go(board_size=9)")
    state = game.new_initial_state()
    rng = tabletop.Rng(7)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(state.random_action(rng))
    print(state.returns())

`tabletop.openspiel` registers the games with OpenSpiel; `tabletop.pettingzoo`
makes PettingZoo environments of them.
"""

from tabletop._tabletop import (
    Bot,
    Game,
    IllegalAction,
    LoadError,
    NotationError,
    Referee,
    Rng,
    State,
    StateError,
    TabletopError,
    names,
    param_specs,
    presets,
    tree_size,
)

__all__ = [
    "Bot",
    "Game",
    "IllegalAction",
    "LoadError",
    "NotationError",
    "Referee",
    "Rng",
    "State",
    "StateError",
    "TabletopError",
    "load",
    "names",
    "param_specs",
    "presets",
    "tree_size",
]


def load(game_string: str) -> Game:
    """The game an OpenSpiel-style string names: ``"go(board_size=9,komi=6.5)"``,
    ``"hoop_race(rules=yut_nori,players=4)"``."""
    return Game.load(game_string)
