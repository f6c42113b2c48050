"""tabletop.learn with PyTorch (skipped without it): training, saving and
loading a network, the convnet and the board's symmetries, the teacher's games
and the warm start, the shipped nets."""

import numpy as np
import pytest

import tabletop
from tabletop._tabletop import PuctBot

torch = pytest.importorskip("torch")


def test_teacher_games_are_the_mcts_bots_visits_and_warm_start_training(tmp_path):
    from tabletop import learn

    g = "go(board_size=5,komi=0.5)"
    d = learn.teacher_games(g, playouts=40, games=2, seed=3, temperature_moves=2)
    n = len(d["obs"])
    assert d["games"] == 2 and n >= d["moves"] - 2 and n > 10
    assert d["obs"].shape == (n, *tabletop.load(g).observation_shape)
    # Visit shares over legal actions, and each game's final returns.
    assert np.allclose(d["policy"].sum(1), 1, atol=1e-5)
    assert not (d["policy"] > 0)[~d["mask"]].any()
    assert set(np.unique(d["value"][:, 0])) <= {-1.0, 0.0, 1.0}
    assert (d["value"][:, 0] == -d["value"][:, 1]).all()
    # Seeded: the same games again.
    again = learn.teacher_games(g, playouts=40, games=2, seed=3, temperature_moves=2)
    assert (again["policy"] == d["policy"]).all()
    info = learn.teach(g, minutes=0.0, playouts=20, out=str(tmp_path / "teacher"), seed=1, workers=1, chunk=1)
    assert info["games"] == 1 and info["samples"] > 0
    loaded = learn.load_teacher(str(tmp_path / "teacher"))
    assert len(loaded["obs"]) == info["samples"]
    # A run that starts from them: lessons first, then self-play with
    # rollouts mixed into the net's values.
    s = learn.settings_for(g)
    s.net = {"kind": "conv", "filters": 4, "blocks": 1}
    s.games_at_once, s.min_samples, s.simulations, s.fast_simulations = 2, 1, 8, 4
    s.eval_games, s.eval_random_games, s.eval_simulations = 2, 2, 8
    s.teacher_data, s.teacher_epochs, s.rollouts = str(tmp_path / "teacher"), 2.0, 1
    r = learn.train(s, minutes=0.02, seed=2, out=str(tmp_path / "run"))
    assert r["teacher"]["samples"] == info["samples"] and r["teacher"]["steps"] >= 0
    assert r["samples"] >= info["samples"]
    # The net remembers the search it learnt in, and `puct_bot` uses it.
    _, spec = learn.load_net(str(tmp_path / "run" / "final.pt"))
    assert spec["search"] == {"rollouts": 1, "rollout_weight": 0.5}
    assert (tmp_path / "run" / "after_lessons.pt").exists()
    bot = learn.puct_bot(str(tmp_path / "run" / "final.pt"), simulations=8)
    state = bot.game.new_initial_state()
    assert state.is_legal(bot.step(state))


def test_learn_trains_saves_and_loads_a_network(tmp_path):
    from tabletop import learn

    s = learn.settings_for("o_an_quan")
    s.games_at_once = 16
    s.min_samples = 50
    s.eval_games = 2
    s.eval_random_games = 2
    s.eval_simulations = 8
    s.simulations = 12
    s.fast_simulations = 4
    s.net = {"kind": "mlp", "hidden": 16, "layers": 1}
    out = tmp_path / "run"
    r = learn.train(s, minutes=0.05, seed=3, out=str(out), net_path=str(tmp_path / "net.pt"), curve_path=str(tmp_path / "curve.png"))
    assert r["games"] >= 16 and len(r["curve"]) >= 2
    assert (out / "checkpoint.pt").exists() and (out / "replay.npz").exists()
    net, spec = learn.load_net(str(tmp_path / "net.pt"))
    assert spec["game"] == tabletop.load("o_an_quan").game_string
    bot = learn.puct_bot(str(tmp_path / "net.pt"), simulations=16)
    state = tabletop.load(spec["game"]).new_initial_state()
    assert state.is_legal(bot.step(state))


def test_torch_evaluator_with_a_convnet_and_symmetries():
    from tabletop import learn

    game = tabletop.load("go(board_size=5,komi=0.5)")
    spec = learn.net_spec(game, {"kind": "conv", "filters": 8, "blocks": 1})
    net = learn.build_net(spec)
    ev = learn.TorchEvaluator(net)
    bot = PuctBot(game, ev, simulations=16, batch_size=4, seed=1)
    s = game.new_initial_state()
    assert s.is_legal(bot.step(s))
    assert ev.leaves >= 15
    replay = learn.Replay(100, game.observation_shape, game.num_distinct_actions, 2)
    s2 = learn.settings_for(game.game_string)
    s2.simulations, s2.fast_simulations, s2.full_share = 8, 4, 1.0
    played = learn.self_play(game, bot, s2, games=2, seed=1, replay=replay)
    assert played["samples"] == replay.size > 0
    opt = torch.optim.Adam(net.parameters())
    loss = learn.train_steps(net, opt, replay, steps=2, batch=8, rng=np.random.default_rng(0), board=5)
    assert np.isfinite(loss)
    # A symmetry moves a stone's plane and its policy entry together.
    obs = np.zeros((1, 4, 5, 5), np.float32)
    obs[0, 0, 0, 1] = 1
    policy = np.zeros((1, 26), np.float32)
    policy[0, 1] = 1
    mask = policy > 0
    rng = np.random.default_rng(4)
    for _ in range(8):
        o, m, p = learn._symmetries(obs, mask, policy, rng, 5)
        (r, c) = np.argwhere(o[0, 0])[0]
        assert p[0, r * 5 + c] == 1 and m[0, r * 5 + c]


@pytest.mark.parametrize("name, game_name", [("o_an_quan", "o_an_quan"), ("hoop_race", "hoop_race"), ("go9", "go(board_size=9,")])
def test_the_shipped_nets_load_and_play(name, game_name):
    import os

    from tabletop import learn

    path = os.path.join(os.path.dirname(learn.__file__), "nets", f"{name}.pt")
    if not os.path.exists(path):
        pytest.skip(f"{path} not shipped")
    assert os.path.getsize(path) < 2_000_000
    bot = learn.puct_bot(path, simulations=32, seed=2)
    game = bot.game
    assert game.game_string.startswith(game_name)
    r = learn.play_match(game, bot, lambda k: "random", games=4, seed=3)
    assert r["wins"] + r["draws"] + r["losses"] == 4
