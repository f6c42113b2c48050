"""The five games as OpenSpiel games.

Importing this module registers every game under every rules preset with
OpenSpiel (``pyspiel.register_game``): ``tabletop_go`` (Go's default preset,
Tromp–Taylor), ``tabletop_go_chinese``, ``tabletop_go_japanese``, …,
``tabletop_o_an_quan`` and ``tabletop_o_an_quan_common``, ``tabletop_hoop_race``
and ``tabletop_hoop_race_yut_nori``, ``tabletop_trap_stones`` and its ``_blitz``,
``_blitz3`` and ``_corners``, ``tabletop_tarokk_war`` and
``tabletop_tarokk_war_numeral_scoring`` (``GAMES`` lists them) — each with its
true ``GameType`` (sequential; explicit stochastic chance where it has chance;
perfect or imperfect information; zero-sum; terminal rewards) and its
parameters::

    import pyspiel
    import tabletop.openspiel  # registers the games
    game = pyspiel.load_game("tabletop_go_chinese", {"board_size": 9})

A preset is a game of its own because OpenSpiel fills every parameter it is not
given with its registered default before the game sees it: registered per
preset, the defaults are that preset's. The parameters are every rule option
under the name the game crate's serialised rules use, and the interface's own
(Go's ``board_size``, ``handicap``, ``max_moves``; hoop race's ``max_actions``). Structured rule options (hoop race's ``throw_model``,
tarokk war's ``strength``) are JSON text written with ``;`` between items (as
OpenSpiel's game strings split parameters at commas); options that may be absent
are whole numbers, ``-1`` when absent. A game reports every parameter's value, so
``str(game)`` loads the same game back.

Observations go through OpenSpiel's observer interface
(``make_py_observer``): the observation tensor and string for
``perfect_recall=False``, the information-state tensor and string for
``perfect_recall=True``; neither holds anything the player may not see.
"""

import json

import numpy as np
import pyspiel

from tabletop import _tabletop

#: Seats each game can have.
_PLAYERS = {
    "go": (2, 2),
    "o_an_quan": (2, 4),
    "hoop_race": (2, 4),
    "trap_stones": (2, 2),
    "tarokk_war": (2, 2),
}


def _short_name(name, preset, default):
    return "tabletop_" + name if preset == default else f"tabletop_{name}_{preset}"


#: OpenSpiel's value for an absent optional number (a rule option that may be
#: left unset, as Ô ăn quan's ``move_limit`` or hoop race's ``horses``).
ABSENT = -1


def _spec(name, preset):
    """OpenSpiel's parameter specification for a game under one preset: each
    parameter's default (the preset's value), typed. An option that may be absent
    is a whole number (``ABSENT`` when absent); a structured option (hoop race's
    ``throw_model``, tarokk war's ``strength``) is JSON text written with ``;``
    between items, as OpenSpiel's game strings split parameters at commas."""
    spec = {}
    for pname, default in _tabletop.Game(name, rules=preset).params.items():
        if pname == "rules":
            continue
        if default is None:
            spec[pname] = ABSENT
        elif isinstance(default, (dict, list)):
            spec[pname] = _dumps(default)
        else:
            spec[pname] = default
    return spec


def _dumps(value):
    return json.dumps(value, separators=(";", ":"))


def _loads(text):
    return json.loads(text.replace(";", ","))


def _decode(spec, params):
    """The tabletop parameters for OpenSpiel's."""
    out = {}
    for k, v in params.items():
        d = spec.get(k)
        if isinstance(d, int) and not isinstance(d, bool) and d == ABSENT and v == ABSENT:
            v = None
        elif isinstance(d, str) and isinstance(v, str) and v.strip()[:1] in "{[":
            v = _loads(v.strip())
        out[k] = v
    return out


def _encode(spec, params):
    """OpenSpiel's values for a game's complete parameters."""
    out = {}
    for k, v in params.items():
        d = spec.get(k)
        if v is None:
            v = ABSENT
        elif isinstance(v, (dict, list)):
            v = _dumps(v)
        elif isinstance(d, float) and isinstance(v, int) and not isinstance(v, bool):
            v = float(v)
        out[k] = v
    return out


class TabletopObserver:
    """OpenSpiel's Python observer: the observation (``perfect_recall=False``) or
    the information state (``perfect_recall=True``) of one player, as a float32
    tensor (``.tensor``, ``.dict["observation"]``) and as a string."""

    def __init__(self, game, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self._info_state = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        inner = game.tabletop
        shape = inner.information_state_shape if self._info_state else inner.observation_shape
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state, player):
        if self._info_state:
            self.tensor[:] = state.tabletop.information_state_tensor(player)
        else:
            state.tabletop.observation_tensor_into(player, self.tensor)

    def string_from(self, state, player):
        if self._info_state:
            return state.tabletop.information_state_string(player)
        return state.tabletop.observation_string(player)


class TabletopState(pyspiel.State):
    """A state of a tabletop game as an OpenSpiel state; ``.tabletop`` is the
    native state (``tabletop.State``)."""

    def __init__(self, game, native=None):
        super().__init__(game)
        self.tabletop = native if native is not None else game.tabletop.new_initial_state()

    # Called from Python, the pure queries below go straight to the native
    # state; OpenSpiel's C++ (its algorithms, `apply_action`, serialisation)
    # reaches the same answers through the `_legal_actions` / `current_player`
    # / `is_terminal` overrides. `apply_action` itself is OpenSpiel's, so its
    # history stays right.

    def current_player(self):
        return self.tabletop.current_player()

    def legal_actions(self, player=None):
        """OpenSpiel's ``legal_actions`` answered by the native state, without
        the C++ round trips (the same answers: a chance node's outcomes, nothing
        for a player not to move or at the end, an error for a pseudo-player)."""
        native = self.tabletop
        if player is None or player == native.current_player():
            return native.legal_actions()
        if native.is_terminal():
            return []
        if native.is_chance_node():
            return native.legal_actions()
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def is_chance_node(self):
        return self.tabletop.is_chance_node()

    def _legal_actions(self, player):
        # OpenSpiel calls this only for the player to move.
        return self.tabletop.legal_actions()

    def chance_outcomes(self):
        return self.tabletop.chance_outcomes()

    def _apply_action(self, action):
        self.tabletop.apply_action(action)

    def _action_to_string(self, player, action):
        return self.tabletop.action_to_string(int(player), int(action))

    def is_terminal(self):
        return self.tabletop.is_terminal()

    def returns(self):
        return self.tabletop.returns()

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state the player cannot tell from this one, its hidden information
        drawn afresh (for information-set searches such as OpenSpiel's IS-MCTS);
        built by replaying the drawn history, so OpenSpiel's own history agrees."""
        seed = int(probability_sampler() * (1 << 62))
        drawn = self.tabletop.resample_from_infostate(int(player_id), _tabletop.Rng(seed))
        state = self.get_game().new_initial_state()
        for action in drawn.history():
            state.apply_action(action)
        return state

    def __str__(self):
        return str(self.tabletop)


def _make_game_class(name, preset):
    presets = _tabletop.presets(name)
    short = _short_name(name, preset, presets[0])
    spec = _spec(name, preset)
    default = _tabletop.Game(name, rules=preset)
    lo, hi = _PLAYERS[name]
    game_type = pyspiel.GameType(
        short_name=short,
        long_name=f"tabletop {default.long_name} ({preset})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if default.chance_mode == "explicit_stochastic"
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if default.information == "imperfect"
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )

    class Game(pyspiel.Game):
        __doc__ = f"``{short}``: {default.long_name} under the {preset} rules, as an OpenSpiel game."

        def __init__(self, params=None):
            given = _decode(spec, dict(params or {}))
            self.tabletop = _tabletop.Game(name, rules=preset, **given)
            t = self.tabletop
            info = pyspiel.GameInfo(
                num_distinct_actions=t.num_distinct_actions,
                max_chance_outcomes=t.max_chance_outcomes,
                num_players=t.num_players,
                min_utility=t.min_utility,
                max_utility=t.max_utility,
                utility_sum=t.utility_sum if t.utility_sum is not None else 0.0,
                max_game_length=t.max_game_length,
            )
            full = {k: v for k, v in t.params.items() if k != "rules"}
            super().__init__(game_type, info, _encode(spec, full))

        def new_initial_state(self):
            return TabletopState(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return TabletopObserver(self, iig_obs_type, params)

        def max_chance_nodes_in_history(self):
            return self.tabletop.max_chance_nodes

    Game.__name__ = Game.__qualname__ = "".join(w.title() for w in short.split("_")) + "Game"
    return game_type, Game


#: The registered OpenSpiel game names, by (game, preset).
GAMES = {}
#: The OpenSpiel game classes, by OpenSpiel name.
GAME_CLASSES = {}

for _name in _tabletop.names():
    for _preset in _tabletop.presets(_name):
        _type, _cls = _make_game_class(_name, _preset)
        GAMES[(_name, _preset)] = _type.short_name
        GAME_CLASSES[_type.short_name] = _cls
        globals()[_cls.__name__] = _cls
        pyspiel.register_game(_type, _cls)


def short_name(name, preset=None):
    """The OpenSpiel name of a game under a preset (its default preset when None)."""
    presets = _tabletop.presets(name)
    return GAMES[(name, preset or presets[0])]
