"""The games as OpenSpiel games: OpenSpiel's own checks and algorithms run on them."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import tabletop  # noqa: E402
import tabletop.openspiel  # noqa: E402  (registers the games)
from conftest import CONFIGS, GAMES, config_id  # noqa: E402
from open_spiel.python.algorithms import get_all_states, ismcts, mcts  # noqa: E402


def load(name, params):
    """The OpenSpiel game for a configuration: the preset is part of the name."""
    params = dict(params)
    preset = params.pop("rules", None)
    return pyspiel.load_game(tabletop.openspiel.short_name(name, preset), params)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_sim_test_passes(config):
    name, params = config
    game = load(name, params)
    pyspiel.random_sim_test(game, num_sims=GAMES, serialize=True, verbose=False)


def openspiel_answer(method, *args):
    """What OpenSpiel's C++ `State` method answers (through the game's
    overrides), or the error it raises."""
    try:
        return method(*args)
    except pyspiel.SpielError as e:
        return ("error", str(e))


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_python_queries_answer_as_openspiel_does(config):
    # Called from Python, `legal_actions` and `is_chance_node` go straight to the
    # native state (the speed of the OpenSpiel route); OpenSpiel's own C++
    # methods, reached through `pyspiel.State`, must answer the same at every
    # node for every player, pseudo-players included.
    name, params = config
    game = load(name, params)
    rng = np.random.RandomState(1)
    for _ in range(2):
        state = game.new_initial_state()
        for _step in range(200):
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            for p in [-4, -1, *range(game.num_players() + 1)]:
                ours = openspiel_answer(state.legal_actions, p)
                assert ours == openspiel_answer(pyspiel.State.legal_actions, state, p), p
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))


def test_game_types_are_true():
    t = pyspiel.GameType
    expect = {
        "go": (t.ChanceMode.DETERMINISTIC, t.Information.PERFECT_INFORMATION),
        "o_an_quan": (t.ChanceMode.DETERMINISTIC, t.Information.PERFECT_INFORMATION),
        "hoop_race": (t.ChanceMode.EXPLICIT_STOCHASTIC, t.Information.PERFECT_INFORMATION),
        "trap_stones": (t.ChanceMode.EXPLICIT_STOCHASTIC, t.Information.IMPERFECT_INFORMATION),
        "tarokk_war": (t.ChanceMode.EXPLICIT_STOCHASTIC, t.Information.IMPERFECT_INFORMATION),
    }
    for name, (chance, info) in expect.items():
        gt = load(name, {}).get_type()
        assert gt.chance_mode == chance and gt.information == info, name
        assert gt.dynamics == t.Dynamics.SEQUENTIAL
        assert gt.utility == t.Utility.ZERO_SUM
        assert gt.reward_model == t.RewardModel.TERMINAL


def test_parameters_round_trip_through_the_game_string():
    g = load("go", {"board_size": 9, "rules": "chinese"})
    assert g.get_parameters()["komi"] == 7.5, "the preset's komi, not the default preset's"
    again = pyspiel.load_game(str(g))
    assert str(again) == str(g)
    assert pyspiel.load_game("tabletop_go_chinese", {"komi": 6.5}).get_parameters()["komi"] == 6.5
    h = load("hoop_race", {"rules": "yut_nori", "throw_model": '{"table":{"weights":[3;5;4;1;1;2]}}'})
    assert str(pyspiel.load_game(str(h))) == str(h)
    assert load("o_an_quan", {"young_quan": 5}).get_parameters()["young_quan"] == 5


def play_with(game, choose, seed=0, max_steps=10_000):
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(choose(state))
        steps += 1
    return state


@pytest.mark.parametrize(
    "name,params",
    [("go", {"board_size": 5}), ("o_an_quan", {}), ("hoop_race", {})],
)
def test_openspiel_mcts_plays_perfect_information_games(name, params):
    game = load(name, params)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=30, evaluator=evaluator,
                       random_state=np.random.RandomState(2))
    state = play_with(game, bot.step)
    assert state.is_terminal()


@pytest.mark.parametrize(
    "name,params",
    [("trap_stones", {"width": 5, "height": 5}), ("tarokk_war", {})],
)
def test_openspiel_ismcts_plays_hidden_information_games(name, params):
    game = load(name, params)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=25,
                           random_state=np.random.RandomState(3))
    state = play_with(game, bot.step)
    assert state.is_terminal()


def test_get_all_states_agrees_with_the_published_go_tree():
    # Tromp–Taylor move-tree sizes on 3x3 (crates/go_core/tests/data): 1, 10, 91,
    # 738, 5281 states at depths 0 to 4 — the native tree to depth 4 has them all.
    native = tabletop.Game("go", board_size=3).new_initial_state()
    assert tabletop.tree_size(native, 4) == 1 + 10 + 91 + 738 + 5281
    # OpenSpiel's enumeration keeps terminal states one move beyond its depth limit
    # too; counted the same way, both programs agree.
    game = load("go", {"board_size": 3})
    for depth in range(5):
        states = get_all_states.get_all_states(game, depth_limit=depth, include_terminals=True)
        assert len(states) == tabletop.tree_size(native, depth, terminals_beyond=True), depth


def test_get_all_states_enumerates_a_small_o_an_quan():
    params = {"row": 2, "start_stones": 1, "quan_value": 2, "move_limit": 8}
    game = load("o_an_quan", params)
    states = get_all_states.get_all_states(game, depth_limit=-1, include_terminals=True)
    native = tabletop.Game("o_an_quan", **params)
    assert tabletop.tree_size(native.new_initial_state(), 10_000) == len(states)
    assert len(states) > 20
