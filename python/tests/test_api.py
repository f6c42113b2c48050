"""The package's own API: games, states, errors, views, serialisation, bulk play."""

import copy
import json
import pickle

import numpy as np
import pytest

import tabletop
from conftest import CONFIGS, config_id


def play_random(game, seed=0, policy="uniform", max_steps=100_000):
    rng = tabletop.Rng(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        if state.is_chance_node():
            a = state.sample_chance(rng)
        elif policy == "uniform":
            a = state.random_action(rng)
        else:
            a = state.playout_action(rng)
        state.apply_action(a)
        steps += 1
    return state


def test_every_game_loads_under_every_preset():
    for name in tabletop.names():
        specs = {n: d for n, d, _doc in tabletop.param_specs(name)}
        assert "rules" in specs
        game = tabletop.Game(name)
        assert game.short_name == name
        assert tabletop.load(game.game_string).game_string == game.game_string


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_games_keep_the_interface(config):
    name, params = config
    game = tabletop.Game(name, **params)
    for seed in range(2):
        state = play_random(game, seed, policy="uniform" if seed == 0 else "playout")
        assert state.is_terminal()
        assert state.legal_actions() == []
        returns = state.returns()
        assert len(returns) == game.num_players
        assert abs(sum(returns)) < 1e-9
        assert all(game.min_utility <= r <= game.max_utility for r in returns)
        # Replay from the serialised form, and pickling, give the same state.
        again = game.deserialize_state(state.serialize())
        assert again == state
        assert pickle.loads(pickle.dumps(state)) == state
        assert copy.deepcopy(state) == state


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_moves_in_notation_and_tensors(config):
    name, params = config
    game = tabletop.Game(name, **params)
    rng = tabletop.Rng(3)
    state = game.new_initial_state()
    for _ in range(40):
        if state.is_terminal():
            break
        moves = state.legal_moves()
        actions = state.legal_actions()
        assert len(moves) == len(actions) == len(set(moves))
        for m, a in zip(moves, actions):
            assert state.string_to_action(m) == a
        for p in range(game.num_players):
            obs = state.observation_tensor(p)
            assert obs.dtype == np.float32 and obs.shape == (int(np.prod(game.observation_shape)),)
            assert np.all(np.isfinite(obs))
            assert isinstance(state.observation_string(p), str)
        a = state.sample_chance(rng) if state.is_chance_node() else state.random_action(rng)
        state.apply_move(state.action_to_string(state.current_player(), a))


def test_errors_are_exceptions_never_crashes():
    with pytest.raises(tabletop.LoadError):
        tabletop.Game("chess")
    with pytest.raises(tabletop.LoadError):
        tabletop.Game("go", board_size=40)
    with pytest.raises(tabletop.LoadError):
        tabletop.Game("go", no_such_option=1)
    with pytest.raises(tabletop.LoadError):
        tabletop.load("go(board_size=9")
    game = tabletop.Game("go", board_size=5)
    state = game.new_initial_state()
    with pytest.raises(tabletop.IllegalAction):
        state.apply_action(10**9)
    state.apply_move("C3")
    with pytest.raises(tabletop.IllegalAction) as e:
        state.apply_move("C3")
    assert "occupied" in str(e.value)
    assert state.history() == [12]
    with pytest.raises(tabletop.NotationError):
        state.apply_move("not a move \u0000\u00ff")
    with pytest.raises(tabletop.StateError):
        game.deserialize_state("garbage")
    with pytest.raises(tabletop.StateError):
        game.deserialize_state(game.game_string + "\n9999\n")
    with pytest.raises(tabletop.TabletopError):
        state.observation_tensor(7)
    assert issubclass(tabletop.IllegalAction, tabletop.TabletopError)


def test_hidden_information_stays_hidden():
    """Trap stones: while the game goes on, nothing of the opponent's traps is in a
    player's strings, tensors or view; a state resampled for a player looks the
    same to that player."""
    game = tabletop.Game("trap_stones")
    for seed in range(5):
        rng = tabletop.Rng(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            full = state.full_state()
            if "setup" in full:
                traps = full["setup"]["traps"]
                for p in range(2):
                    view = state.view(p)
                    assert view["traps"][1 - p] is None
                    assert view["traps"][p] == traps[p]
            for p in range(2):
                other = state.resample_from_infostate(p, rng)
                assert other.information_state_string(p) == state.information_state_string(p)
                assert np.array_equal(other.observation_tensor(p), state.observation_tensor(p))
            a = state.sample_chance(rng) if state.is_chance_node() else state.playout_action(rng)
            state.apply_action(a)
        # Once it is over, both sides' traps are public (ruling T10).
        full = state.full_state()
        assert state.view(0)["traps"] == full["setup"]["traps"]


def test_bulk_playouts_and_the_bot():
    game = tabletop.Game("o_an_quan")
    r = game.random_playouts(200, seed=1)
    assert r["games"] == 200 and len(r["lengths"]) == 200 and len(r["returns"]) == 200
    assert r["actions"] == sum(r["lengths"])
    assert game.random_playouts(200, seed=1)["lengths"] == r["lengths"], "same seed, same games"
    bot = tabletop.Bot(game, playouts=300, seed=2)
    state = game.new_initial_state()
    found = bot.search(state)
    assert found["action"] in state.legal_actions()
    assert found["playouts"] <= 300
    # Without the early stop the whole budget is spent, for the same choice.
    whole = tabletop.Bot(game, playouts=300, seed=2, stop_early=False).search(state)
    assert whole["playouts"] == 300 and whole["action"] == found["action"]


def test_the_bot_searches_on_threads():
    # Two threads share one playout budget exactly and, for one seed, choose alike.
    game = tabletop.Game("go", board_size=5)
    state = game.new_initial_state()
    for action in [12, 7]:
        state.apply_action(action)
    two = [tabletop.Bot(game, playouts=400, seed=3, threads=2, stop_early=False).search(state) for _ in range(2)]
    assert two[0]["playouts"] == 400 and two[1]["playouts"] == 400
    assert two[0]["action"] == two[1]["action"] and two[0]["children"] == two[1]["children"]
    assert sum(visits for _, visits, _ in two[0]["children"]) >= 390
    with pytest.raises(tabletop.TabletopError):
        tabletop.Bot(game, playouts=10, threads=0)


def test_bulk_go_light_playouts_are_the_states_own():
    # The bulk call plays Go's light playouts on go_core's playout board: the
    # same games as stepping the state's own playouts with the same generator.
    for params in [dict(board_size=9), dict(board_size=5, rules="chinese", max_moves=20)]:
        game = tabletop.Game("go", playouts="light", **params)
        r = game.random_playouts(40, seed=5, policy="playout")
        rng = tabletop.Rng(5)
        lengths, returns = [], []
        for _ in range(40):
            state = game.new_initial_state()
            lengths.append(state.play_out(rng))
            returns.append(list(state.returns()))
        assert r["lengths"] == lengths, params
        assert r["returns"] == returns, params


def test_the_referee_speaks_json():
    ref = tabletop.Referee()
    reply, quit = ref.handle(json.dumps({"new": {"game": "hoop_race", "seed": 3}}))
    assert json.loads(reply)["ok"]["game"] == "hoop_race" and not quit
    reply, _ = ref.handle("not json")
    assert json.loads(reply)["error"]["kind"] == "malformed_json"
