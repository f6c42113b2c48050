#!/usr/bin/env python3
"""Python-side speed, measured side by side in one run (the Python section of
docs/benchmarks.md):

    python python/bench/speed.py [--seconds S] [--rounds N] [--clock cpu|wall]

1. Random complete games of 9×9 Go driven move by move from Python, the same
   loop for every contender::

       state = game.new_initial_state()
       while not state.is_terminal():
           state.apply_action(rng.choice(state.legal_actions()))

   with ``rng = random.Random(seed)``: this package (``tabletop.load("go(board_size=9)")``,
   Go's default rules, Tromp–Taylor; and under the ``chinese`` preset, simple
   ko), OpenSpiel's built-in Go (``pyspiel.load_game("go", {"board_size": 9})``)
   and this package through its OpenSpiel registration
   (``pyspiel.load_game("tabletop_go", {"board_size": 9})``), in moves per second;
2. PettingZoo's ``go_v5`` at 9×9 and this package's ``go_v0`` at 9×9 through the
   AEC API (``last``, a sample with the action mask, ``step``), in steps per second;
3. the bulk playout call (``Game.random_playouts``) against the Rust playout
   when the benches example is built (``cargo build --release -p
   tabletop-benches --example playout_speed``; in ``$CARGO_TARGET_DIR`` if set);
4. the other four games' Python loops.

Every round runs each contender for S seconds (default 1), one after the other,
so that load on the machine touches all alike; the ratios are taken within a
round, and the report gives their median and range over the rounds (default 7).
Time is the loop thread's CPU time (``--clock cpu``, the default:
``time.thread_time``, which leaves out the time the thread waits for a core on
a shared machine) or wall time (``--clock wall``). Only ratios from one run mean
anything on a shared machine.
"""

import os

# NumPy's BLAS threads would otherwise spin beside the loop (PettingZoo imports NumPy).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import importlib  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import tabletop  # noqa: E402

CLOCKS = {"cpu": time.thread_time, "wall": time.perf_counter}


def go_loop(make_state, seconds, clock, seed=1):
    """Moves per second of random whole games, the loop of the module docstring."""
    rng = random.Random(seed)
    moves = 0
    start = clock()
    while clock() - start < seconds:
        state = make_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return moves / (clock() - start)


def chance_loop(make_state, seconds, clock, seed=1):
    """As `go_loop`, with chance outcomes drawn by their probabilities."""
    rng = random.Random(seed)
    moves = 0
    start = clock()
    while clock() - start < seconds:
        state = make_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return moves / (clock() - start)


def aec_loop(make_env, seconds, clock, seed=1):
    """Steps per second of an AEC environment, actions sampled with the mask."""
    import numpy as np

    rng = np.random.default_rng(seed)
    env = make_env()
    steps = 0
    game = 0
    start = clock()
    while clock() - start < seconds:
        env.reset(seed=game)
        game += 1
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
            steps += 1
    return steps / (clock() - start)


def rust_playout_speed(light):
    """Moves per second of the Rust light playout at 9×9 from the benches
    example, if built: through `Game::play_out` (the loop the bulk call runs),
    or on go_core's `LightPlayout` board when `light`."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target"))
    exe = os.path.join(target, "release", "examples", "playout_speed")
    if not os.path.exists(exe):
        return None
    env = dict(os.environ)
    env.pop("GAME", None)
    if not light:
        env["GAME"] = "1"
    out = subprocess.run([exe, "9", "20000"], capture_output=True, text=True, env=env).stdout
    # "go 9x9: 20000 playouts, 69524 playouts/s, 114.2 moves each, … (7.9 M moves/s)"
    try:
        per_second = float(out.split(" playouts/s")[0].split(",")[-1])
        moves_each = float(out.split(" moves each")[0].split(",")[-1])
    except (IndexError, ValueError):
        return None
    return per_second * moves_each


def go_v5():
    """PettingZoo's Go environment at 9×9, through its registry where it has one."""
    import pettingzoo

    if hasattr(pettingzoo, "make"):
        return pettingzoo.make("aec", "classic/go_v5", board_size=9)
    from pettingzoo.classic import go_v5 as module

    return module.env(board_size=9)


def summary(values):
    return {
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
        "rounds": values,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=1.0, help="seconds per contender per round")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    ap.add_argument("--skip-others", action="store_true", help="only the Go contenders")
    args = ap.parse_args()
    s, clock = args.seconds, CLOCKS[args.clock]

    # Contenders of the Go loop: name -> a maker of initial states.
    loop = {
        "tabletop": tabletop.load("go(board_size=9)").new_initial_state,
        "tabletop_chinese": tabletop.load("go(board_size=9,rules=chinese)").new_initial_state,
    }
    versions = {"python": platform.python_version(), "tabletop_rules": "go(board_size=9): tromp_taylor"}
    try:
        import pyspiel

        importlib.import_module("tabletop.openspiel")  # registers the games

        loop["openspiel_go"] = pyspiel.load_game("go", {"board_size": 9}).new_initial_state
        loop["tabletop_via_openspiel"] = pyspiel.load_game("tabletop_go", {"board_size": 9}).new_initial_state
        from importlib.metadata import version

        versions["open_spiel"] = version("open_spiel")
    except ImportError:
        pass
    aec = {}
    try:
        import pettingzoo

        from tabletop.pettingzoo import go_v0

        go_v5().close()  # PettingZoo's classic games need its `classic` extra
        aec["pettingzoo_go_v5"] = go_v5
        aec["tabletop_go_v0"] = lambda: go_v0.env(board_size=9)
        versions["pettingzoo"] = pettingzoo.__version__
    except Exception as e:  # noqa: BLE001  (missing, or its extra missing)
        print(f"PettingZoo's go_v5 left out: {e}", file=sys.stderr)

    rates = {k: [] for k in [*loop, *aec]}
    for _ in range(args.rounds):
        for name, make in loop.items():
            rates[name].append(go_loop(make, s, clock))
        for name, make in aec.items():
            rates[name].append(aec_loop(make, s, clock))

    def ratios(a, b):
        return summary([x / y for x, y in zip(rates[a], rates[b])])

    results = {
        "command": " ".join(["python", "python/bench/speed.py", *sys.argv[1:]]),
        "clock": args.clock,
        "versions": versions,
        "rates": {k: summary(v) for k, v in rates.items()},
    }
    r = {}
    if "openspiel_go" in rates:
        r["tabletop / openspiel_go"] = ratios("tabletop", "openspiel_go")
        r["tabletop_chinese / openspiel_go"] = ratios("tabletop_chinese", "openspiel_go")
        r["tabletop_via_openspiel / openspiel_go"] = ratios("tabletop_via_openspiel", "openspiel_go")
    if "pettingzoo_go_v5" in rates:
        r["tabletop / pettingzoo_go_v5"] = ratios("tabletop", "pettingzoo_go_v5")
        r["tabletop_go_v0 / pettingzoo_go_v5"] = ratios("tabletop_go_v0", "pettingzoo_go_v5")
    results["ratios"] = r

    if not args.skip_others:
        bulk_game = tabletop.Game("go", board_size=9, playouts="light")
        bulk = []
        for _ in range(max(1, args.rounds // 2)):
            out = bulk_game.random_playouts(max(100, int(2000 * s)), seed=1, policy="playout")
            bulk.append(out["actions"] / out["seconds"])
        others = {"go9_bulk_playout_moves": statistics.median(bulk)}
        for key, light in [("go9_rust_playout_moves", False), ("go9_rust_light_playout_moves", True)]:
            rust = rust_playout_speed(light)
            if rust:
                others[key] = rust
        for name, params in [
            ("o_an_quan", {}),
            ("hoop_race", {"rules": "yut_nori"}),
            ("trap_stones", {}),
            ("tarokk_war", {}),
        ]:
            g = tabletop.Game(name, **params)
            others[f"{name}_python_loop"] = chance_loop(g.new_initial_state, s, clock)
        results["others"] = others

    json.dump(results, sys.stdout, indent=1)
    print()
    print()
    print("| ratio (per round) | median | range |")
    print("|---|---|---|")
    for name, v in r.items():
        print(f"| {name} | {v['median']:.2f}× | {v['min']:.2f}–{v['max']:.2f}× |")
    print()
    print("| contender | median | range |")
    print("|---|---|---|")
    for name, v in results["rates"].items():
        print(f"| {name} | {v['median']:,.0f} | {v['min']:,.0f}–{v['max']:,.0f} |")


if __name__ == "__main__":
    main()
