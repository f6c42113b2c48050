"""tabletop.ray: the single-process path, and the same games on a local Ray
(``ray.init(num_cpus=2)``) and on a two-node cluster on this machine
(``ray.cluster_utils.Cluster``): identical rows for identical seeds, time
columns aside; a worker killed mid-task is retried with no game lost or
counted twice. The Ray tests are skipped when ray or pyarrow is not
installed (``pip install 'tabletop-games[ray]'``)."""

import json
import os
import re
import subprocess
import sys

import pytest

import tabletop
import tabletop.ray as tr
from tabletop.ray.__main__ import main as cli

# Small series of every kind, the games short: the whole file stays well
# under two minutes on two shared cores (Ray's start is most of it).
SERIES = [
    tr.Matches("o_an_quan(rules=common)", "mcts(playouts=200)", "random", games=6, seed=5),
    tr.Matches("go(board_size=5,rules=chinese)", "mcts(playouts=50)", "random", games=4),
    tr.Matches("tarokk_war", "mcts(playouts=100)", "mcts(playouts=50)", games=3),
    tr.Matches("hoop_race(rules=yut_nori,players=3)", "mcts(playouts=100)", "playout", games=3),
    tr.SelfPlay("trap_stones(rules=blitz)", "mcts(playouts=60,stop_early=0)", games=2, explore_moves=2),
    tr.SelfPlay("go(board_size=5)", "mcts(playouts=40,stop_early=0)", games=2, observations=True),
    tr.Playouts("go(board_size=9)", games=300, seed=2),
    tr.Playouts("o_an_quan(players=3)", games=200, policy="playout", moves=True),
]
IDS = [f"{job.kind}-{job.game_string}" for job in SERIES]

# Ray Data warns of its own deprecated settings when a dataset first runs.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning:ray.data.context")


def untimed(rows):
    return [{k: v for k, v in r.items() if k not in tr.TIME_COLUMNS} for r in rows]


@pytest.fixture(scope="module")
def local_rows():
    """Every series played by the single-process path (no Ray), once."""
    return {i: tr.run_local(job) for i, job in enumerate(SERIES)}


# ---------------------------------------------------------------------------
# The single-process path (no Ray needed)
# ---------------------------------------------------------------------------


def test_bot_specs():
    assert str(tr.BotSpec.parse("mcts(playouts=200)")) == "mcts(playouts=200)"
    assert str(tr.BotSpec.parse(" mcts( ms = 20 , stop_early = 0 )")) == "mcts(ms=20,stop_early=0)"
    assert str(tr.BotSpec.parse("mcts")) == "mcts(level=5)"
    assert str(tr.BotSpec.parse({"kind": "mcts", "seconds": 0.5})) == "mcts(seconds=0.5)"
    assert str(tr.BotSpec.parse("uniform")) == "random"
    assert not tr.BotSpec.parse("mcts(ms=20)").deterministic
    assert tr.BotSpec.parse("mcts(level=3)").deterministic
    for bad in ["mcts(playouts=0)", "mcts(level=11)", "mcts(playouts=5,ms=3)", "mcts(speed=2)",
                "random(playouts=3)", "alphazero", "mcts(playouts)", "mcts(seconds=-1)", "mcts(stop_early=2)"]:
        with pytest.raises(ValueError):
            tr.BotSpec.parse(bad)
    with pytest.raises(tabletop.LoadError):
        tr.Matches("chess", games=1)
    with pytest.raises(ValueError):
        tr.Matches("go", games=(1, 1))
    with pytest.raises(ValueError):
        tr.SelfPlay("go", "random", games=1)


@pytest.mark.parametrize("i", range(len(SERIES)), ids=IDS)
def test_rows_are_pure_functions_of_their_inputs(i, local_rows):
    job = SERIES[i]
    rows = local_rows[i]
    assert [r["number"] for r in rows] == job.numbers()
    # Any game alone, in any order, gives its row again.
    for r in reversed(rows):
        assert untimed([job.play(r["number"])]) == untimed([r])
    for r in rows:
        assert r["seed"] == tr.game_seed(job.seed, r["number"])
        game = tabletop.load(r["game_string"])
        assert r["game"] == game.short_name
        if r["moves"] is None:
            continue
        # The moves replay to the recorded end.
        state = game.new_initial_state()
        for a in r["moves"]:
            state.apply_action(a)
        assert state.is_terminal() and state.returns() == r["returns"]
        assert len(r["moves"]) == r["length"]


def test_every_row_has_the_common_columns(local_rows):
    # One row a game: game, rules, seed, bots, moves, result (returns), time.
    for i, job in enumerate(SERIES):
        n = tabletop.load(job.game_string).num_players
        names = set(tr.schema(job.kind).names)
        assert {"game", "game_string", "rules", "number", "seed", "bots", "moves", "length", "returns",
                "seconds", "cpu_seconds"} <= names
        for r in local_rows[i]:
            assert set(r) == names
            assert len(r["bots"]) == n and len(r["returns"]) == n
            assert r["seconds"] > 0 and r["cpu_seconds"] >= 0
        if job.kind == "self_play":
            assert all(r["bots"] == [job.bot] * n for r in local_rows[i])
        if job.kind == "playouts":
            bot = "random" if job.policy == "uniform" else "playout"
            assert all(r["bots"] == [bot] * n for r in local_rows[i])


def test_match_rows(local_rows):
    for i, job in enumerate(SERIES):
        if job.kind != "match":
            continue
        n = tabletop.load(job.game_string).num_players
        for r in local_rows[i]:
            seat = r["number"] % n
            assert r["seat_a"] == seat and r["bots"][seat] == job.a
            assert all(b == job.b for p, b in enumerate(r["bots"]) if p != seat)
            assert r["result"] == r["returns"][seat]
            assert len(r["moves_text"]) == r["length"]
            assert (r["sgf"] is not None) == (r["game"] == "go")


def test_go_sgf(local_rows):
    (r, *_), = [local_rows[i] for i, job in enumerate(SERIES) if job.kind == "match" and job.game_string.startswith("go")]
    sgf = r["sgf"]
    assert sgf.startswith("(;GM[1]FF[4]") and "SZ[5]" in sgf and "RU[Chinese]" in sgf
    black, white = r["bots"]
    assert f"PB[{black}]" in sgf and f"PW[{white}]" in sgf
    assert re.search(r"RE\[[BW]\+", sgf)
    assert len(re.findall(r";[BW]\[", sgf)) == r["length"]  # every move, passes included


def test_self_play_rows(local_rows):
    for i, job in enumerate(SERIES):
        if job.kind != "self_play":
            continue
        for r in local_rows[i]:
            d = r["decisions"]
            assert len(d) == len(r["players"]) == len(r["policy_actions"]) == len(r["policy_visits"]) == len(r["root_values"])
            for k, (index, acts, visits) in enumerate(zip(d, r["policy_actions"], r["policy_visits"])):
                assert r["moves"][index] in acts and len(acts) == len(visits)
                if len(acts) > 1:  # searched: the whole budget (stop_early=0)
                    assert sum(visits) >= 40
                if k >= job.explore_moves and len(acts) > 1:
                    # past the exploring moves the bot plays its choice: the most visited
                    assert visits[acts.index(r["moves"][index])] == max(visits)
            if job.observations:
                shape = tabletop.load(job.game_string).observation_shape
                size = 1
                for s in shape:
                    size *= s
                assert len(r["observations"]) == len(d) and all(len(o) == size for o in r["observations"])
            else:
                assert r["observations"] is None


def test_playouts_match_the_bulk_path():
    with_moves = tr.playouts("tarokk_war", games=40, seed=9, moves=True, local=True)
    bulk = tr.playouts("tarokk_war", games=40, seed=9, local=True)
    assert [(r["length"], r["returns"]) for r in with_moves] == [(r["length"], r["returns"]) for r in bulk]


def test_summary_line_is_bot_vs_randoms():
    # The intervals docs/bots.md quotes.
    assert [round(100 * x, 1) for x in tr.wilson(200, 200)] == [98.1, 100.0]
    assert [round(100 * x, 1) for x in tr.wilson(136, 200)] == [61.2, 74.1]
    records = [tr.parse_record_line(f"game {k} seat {k % 2} return {r} moves 10 forced 2 playouts 800 ms 40")
               for k, r in enumerate([1, 1, 0, -1])]
    assert tr.summary("x", records) == (
        "x: 2 wins, 1 draws, 1 losses of 4: 50.0 % [15.0, 85.0] (95 % Wilson); "
        "100 playouts and 5 ms a searched bot move; 8 of 40 bot moves forced"
    )
    assert tr.parse_record_line("summary: 3 wins") is None


def test_cli_matches_resume_locally(tmp_path, capsys):
    pq = pytest.importorskip("pyarrow.parquet")
    out = str(tmp_path / "m.txt")
    args = ["matches", "o_an_quan", "--playouts", "100", "--seed", "4", "--out", out, "--local", "--quiet"]
    cli(args + ["--games", "3"])
    cli(args + ["--games", "5"])
    lines = open(out).read().splitlines()
    assert [tr.parse_record_line(x)["number"] for x in lines] == [0, 1, 2, 3, 4]
    rows = [json.loads(x) for x in open(str(tmp_path / "m.jsonl"))]
    assert [r["number"] for r in rows] == [0, 1, 2, 3, 4]
    assert untimed(rows) == untimed(tr.matches("o_an_quan", "mcts(playouts=100)", "random", 5, 4, local=True))
    summaries = [x for x in capsys.readouterr().out.splitlines() if x.startswith("o_an_quan: ")]
    assert len(summaries) == 2 and " of 5: " in summaries[1]
    assert pq.read_table(str(tmp_path / "m.parquet")).column("number").to_pylist() == [0, 1, 2, 3, 4]


def test_rllib_example_runs():
    """python/examples/rllib_ppo.py: PPO with action masking on Ô ăn quan
    (multi-agent), one small iteration on CPU; the environment raises on any
    illegal action, so a run that ends chose none. Skipped without RLlib and
    torch (``pip install 'ray[rllib]' torch``)."""
    _ray()
    pytest.importorskip("torch")
    pytest.importorskip("ray.rllib")
    example = os.path.join(os.path.dirname(__file__), "..", "examples", "rllib_ppo.py")
    done = subprocess.run(
        [sys.executable, example, "--iterations", "1", "--batch", "200", "--eval-games", "4"],
        capture_output=True,
        text=True,
        timeout=300,
        env={k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert lines[0].startswith("untrained: ") and lines[1].startswith("iteration 1: ")
    assert "no illegal action chosen" in lines[-1]


# ---------------------------------------------------------------------------
# Ray
# ---------------------------------------------------------------------------


def _ray():
    ray = pytest.importorskip("ray")
    pytest.importorskip("ray.data")
    pytest.importorskip("pyarrow")
    return ray


@pytest.fixture(scope="module")
def local_ray():
    ray = _ray()
    if ray.is_initialized():
        ray.shutdown()
    # A new Ray of its own ("local"), never one found running on this machine.
    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level="ERROR")
    ray.data.DataContext.get_current().enable_progress_bars = False
    yield ray
    ray.shutdown()


def _same_everywhere(ray, local_rows):
    """Every series through Ray (all at once) against the single-process rows."""
    datasets = tr.run_all(SERIES)
    for i, ds in enumerate(datasets):
        assert untimed(tr.rows(ds)) == untimed(local_rows[i]), IDS[i]
    # Another cut into tasks gives the same rows.
    ds = tr.run(SERIES[0], games_per_task=4)
    assert untimed(tr.rows(ds)) == untimed(local_rows[0])
    ds = tr.run(SERIES[6], games_per_task=7)
    assert untimed(tr.rows(ds)) == untimed(local_rows[6])


def _killed_worker_is_retried(ray, tmp_path, local_rows):
    """A task that kills its own worker after its first game (once, marked by a
    file) is run again: every game once, the same rows."""
    job = SERIES[0]
    marker = tmp_path / "killed"
    crash = {"runtime_env": {"env_vars": {tr.CRASH_ONCE_ENV: str(marker)}}}
    ds = tr.run(job, games_per_task=2, ray_remote_args=crash)
    assert marker.exists() and "killed itself after game" in marker.read_text()
    rows = tr.rows(ds)
    assert sorted(r["number"] for r in rows) == job.numbers()  # each once
    assert untimed(rows) == untimed(local_rows[0])
    # Without retries the same crash loses the task: the retry is what saved it.
    marker.unlink()
    with pytest.raises(ray.exceptions.RayError):
        tr.run(job, games_per_task=2, ray_remote_args=crash, max_retries=0)
    assert marker.exists()


def test_local_ray_gives_the_same_rows(local_ray, local_rows):
    _same_everywhere(local_ray, local_rows)


def test_local_ray_retries_a_killed_worker(local_ray, tmp_path, local_rows):
    _killed_worker_is_retried(local_ray, tmp_path, local_rows)


def test_parquet_and_sgf(local_ray, tmp_path, local_rows):
    i = IDS.index("match-go(board_size=5,rules=chinese)")
    ds = tr.run(SERIES[i])
    tr.write_parquet(ds, str(tmp_path / "go.parquet"))
    import pyarrow.parquet as pq

    table = pq.read_table(str(tmp_path / "go.parquet"))
    assert table.schema.equals(tr.schema("match"))
    assert untimed(sorted(table.to_pylist(), key=lambda r: r["number"])) == untimed(local_rows[i])
    assert tr.write_sgf(tr.rows(ds), str(tmp_path / "sgf")) == 4
    assert open(tmp_path / "sgf" / "3.sgf").read() == local_rows[i][3]["sgf"]


def test_bot_matches_command(local_ray, tmp_path, capsys):
    """scripts/bot_matches.sh's command: its files, its summary lines."""
    cli(["bot-matches", "7", "4", "2", "o_an_quan(rules=common)", "go(board_size=5)", "--dir", str(tmp_path),
         "--playouts", "60", "--stop-early", "0"])
    out = capsys.readouterr().out.splitlines()
    assert [x.split(":")[0] for x in out] == ["o_an_quan(rules=common)", "go(board_size=5)"]
    assert " of 4: " in out[0] and " of 2: " in out[1]
    assert open(tmp_path / "bots_7.txt").read().splitlines() == out
    folder = tmp_path / "bots_7"
    assert len(open(folder / "o_an_quan(rules=common).txt").read().splitlines()) == 4
    assert sorted(os.listdir(folder / "go(board_size=5).sgf")) == ["0.sgf", "1.sgf"]
    # Played again: everything is in the files, nothing is replayed.
    cli(["bot-matches", "7", "4", "2", "o_an_quan(rules=common)", "--dir", str(tmp_path), "--playouts", "60",
         "--stop-early", "0"])
    assert capsys.readouterr().out.splitlines() == out[:1]
    assert len(open(folder / "o_an_quan(rules=common).txt").read().splitlines()) == 4


@pytest.fixture(scope="module")
def two_nodes(request):
    ray = _ray()
    # The local Ray of the tests above, if it ran, is stopped first.
    if ray.is_initialized():
        ray.shutdown()
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False})
    cluster.add_node(num_cpus=1)
    ray.init(address=cluster.address, logging_level="ERROR")
    ray.data.DataContext.get_current().enable_progress_bars = False
    cluster.wait_for_nodes()
    yield ray
    ray.shutdown()
    cluster.shutdown()


def test_two_node_cluster_gives_the_same_rows(two_nodes, local_rows):
    ray = two_nodes
    alive = [n for n in ray.nodes() if n["Alive"]]
    assert len(alive) == 2 and ray.cluster_resources()["CPU"] == 2
    # Each node runs tasks, and plays the same games there (a task pinned to it).
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    where = ray.remote(lambda: ray.get_runtime_context().get_node_id())
    for node in alive:
        pin = NodeAffinitySchedulingStrategy(node["NodeID"], soft=False)
        assert ray.get(where.options(scheduling_strategy=pin).remote()) == node["NodeID"]
        table = ray.get(tr._remote().options(scheduling_strategy=pin).remote(SERIES[0], [0, 1]))
        assert untimed(table.to_pylist()) == untimed(local_rows[0][:2])
    _same_everywhere(ray, local_rows)


def test_two_node_cluster_retries_a_killed_worker(two_nodes, tmp_path, local_rows):
    _killed_worker_is_retried(two_nodes, tmp_path, local_rows)

