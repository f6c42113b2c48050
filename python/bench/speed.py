#!/usr/bin/env python3
"""Python-side speed, measured side by side in one run (the Python section of
docs/benchmarks.md):

    python python/bench/speed.py [--seconds S]

1. Random complete games of 9×9 Go driven move by move from Python — the same
   loop (``legal_actions``, ``random.choice``, ``apply_action``, ``is_terminal``)
   through this package and through OpenSpiel's built-in Go
   (``pyspiel.load_game("go", {"board_size": 9})``), in moves per second;
2. PettingZoo's ``go_v5`` and this package's PettingZoo Go environment through
   the AEC API with masks (``last``, a masked sample, ``step``), in steps per
   second;
3. the bulk playout call (``Game.random_playouts``, whole games in Rust, playout
   policy) against the Rust playout speed of the same policy (the
   ``playout_speed`` example of the benches package, when built:
   ``cargo build --release -p tabletop-benches --example playout_speed``; in
   ``$CARGO_TARGET_DIR`` if set): the same loop (``Game::play_out``, which the
   bulk call runs) and go_core's faster ``LightPlayout`` board;
4. the other four games' Python-loop rates.

Each measurement runs for about S seconds (default 3); rounds alternate so that
load on the machine touches every contender alike. Only ratios from one run mean
anything on a shared machine.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time

import tabletop


def python_loop(make_state, seconds, seed=1):
    """Moves per second of random whole games driven from Python."""
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        st = make_state()
        while not st.is_terminal():
            if st.is_chance_node():
                outcomes, probs = zip(*st.chance_outcomes())
                st.apply_action(rng.choices(outcomes, probs)[0])
            else:
                st.apply_action(rng.choice(st.legal_actions()))
            moves += 1
    return moves / (time.perf_counter() - start)


def aec_loop(make_env, seconds, seed=1):
    """Steps per second of an AEC environment, actions sampled with the mask."""
    import numpy as np

    rng = np.random.default_rng(seed)
    steps = 0
    start = time.perf_counter()
    env = make_env()
    game = 0
    while time.perf_counter() - start < seconds:
        env.reset(seed=game)
        game += 1
        for agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                action = None
            else:
                mask = obs["action_mask"]
                action = int(rng.choice(np.flatnonzero(mask)))
            env.step(action)
            steps += 1
    return steps / (time.perf_counter() - start)


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


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    s = args.seconds
    results = {}

    ours = tabletop.Game("go", board_size=9, rules="chinese")
    try:
        import pyspiel

        theirs = pyspiel.load_game("go", {"board_size": 9})
    except ImportError:
        theirs = None
    a, b = [], []
    for _ in range(args.rounds):
        a.append(python_loop(ours.new_initial_state, s))
        if theirs is not None:
            b.append(python_loop(theirs.new_initial_state, s))
    results["go9_python_loop_tabletop"] = max(a)
    if b:
        results["go9_python_loop_openspiel"] = max(b)
        results["ratio_vs_openspiel"] = max(a) / max(b)

    try:
        from pettingzoo.classic import go_v5

        from tabletop.pettingzoo import env as tabletop_env

        pz = [aec_loop(lambda: go_v5.env(board_size=9), s)]
        tz = [aec_loop(lambda: tabletop_env("go", board_size=9, rules="chinese"), s)]
        results["go9_aec_pettingzoo_go_v5"] = max(pz)
        results["go9_aec_tabletop"] = max(tz)
        results["ratio_vs_go_v5"] = max(tz) / max(pz)
        results["go9_python_loop_vs_go_v5"] = max(a) / max(pz)
    except ImportError:
        pass

    bulk_game = tabletop.Game("go", board_size=9, playouts="light")
    bulk = []
    for _ in range(args.rounds):
        r = bulk_game.random_playouts(max(100, int(2000 * s)), seed=1, policy="playout")
        bulk.append(r["actions"] / r["seconds"])
    results["go9_bulk_playout_moves"] = max(bulk)
    rust = rust_playout_speed(light=False)
    if rust:
        results["go9_rust_playout_moves"] = rust
        results["bulk_ratio_vs_rust"] = max(bulk) / rust
    light = rust_playout_speed(light=True)
    if light:
        results["go9_rust_light_playout_moves"] = light
        results["bulk_ratio_vs_rust_light"] = max(bulk) / light

    for name, params in [
        ("o_an_quan", {}),
        ("hoop_race", {"rules": "yut_nori"}),
        ("trap_stones", {}),
        ("tarokk_war", {}),
    ]:
        g = tabletop.Game(name, **params)
        results[f"{name}_python_loop"] = python_loop(g.new_initial_state, s)

    json.dump(results, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
