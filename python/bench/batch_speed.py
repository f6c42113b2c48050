#!/usr/bin/env python3
"""Batched stepping, side by side in one run (docs/benchmarks.md, "Batched
stepping"):

    python python/bench/batch_speed.py [--sizes 1 64 1024 4096] [--threads 1 2]
        [--seconds 2] [--rounds 1] [--games go ...] [--no-rust] [--no-pgx] [--no-single]

1. **Python, batched**: ``tabletop._tabletop.Batch`` for each game, batch
   size N and thread count, the loop a user writes::

       actions = batch.random_actions(rng)     # one uniformly random legal action per game
       batch.step(actions)                     # all N games move; chance, auto-reset inside

   in decisions (steps of one game) per second of wall time, and CPU time per
   decision (the process's, every thread).
2. **Rust, batched**: the same batch stepped from Rust right after, for as
   many decisions, by the example
   ``cargo run --release -p tabletop --example batch_speed -- GAME N --threads T --steps K``
   (built here with the extension's ``lto = "fat"`` and ``codegen-units = 1``,
   into ``target/batch-speed``; or ``--rust-exe``): its wall rate and the CPU
   time of its process. The Python overhead is ``1 - rust / python`` in CPU
   time a decision: on a shared machine wall time mostly measures the other
   jobs, CPU time much less.
3. **The single-game Python loop** of ``python/bench/speed.py`` (``legal_actions``,
   ``random.choice``, ``apply_action`` per move; chance games draw chance in
   Python), moves per second of the loop thread's CPU time, against the batch's
   decisions per CPU second on one thread.
4. **Pgx** ``go_9x9``, ``jax.vmap``-ed and ``jax.jit``-ed, random legal
   actions, auto-reset (``scripts/pgx_speed.py``), run by the Python of a
   throwaway virtual environment (``--pgx-venv``, default ``target/pgx-venv``;
   made with ``pip install pgx 'jax[cpu]'`` when missing), steps per second of
   wall time (XLA uses every core), against ours in wall time.
5. The Gymnasium face's cost at Go 9×9: ``VectorEnv(copy=False)`` and
   ``VectorEnv(copy=True)`` (the default: fresh arrays every step) against
   the native loop.

The ratios the issue asks for are printed at the end: Go 9×9 batched against
the single-game loop and against Pgx at the same N, and the Python overhead.
Only numbers from one run mean anything on a shared machine; ``--rounds``
repeats everything and takes the medians.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import resource  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

import tabletop  # noqa: E402
from tabletop import _tabletop  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import speed  # noqa: E402  (the single-game loops)

GAMES = {
    "go": "go(board_size=9)",
    "o_an_quan": "o_an_quan",
    "hoop_race": "hoop_race(rules=yut_nori)",
    "trap_stones": "trap_stones",
    "tarokk_war": "tarokk_war",
}


def python_run(game, n, threads, seconds):
    """The native batch driven from Python for `seconds` of wall time:
    (decisions, wall seconds, CPU seconds of the process, all threads)."""
    b = _tabletop.Batch(game, n, threads=threads)
    b.reset(list(range(n)))
    rng = tabletop.Rng(1)
    for _ in range(3):  # warm-up
        b.step(b.random_actions(rng))
    steps, start, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        b.step(b.random_actions(rng))
        steps += n
    return steps, time.perf_counter() - start, time.process_time() - cpu


def vector_env_rate(game, n, threads, seconds, copy):
    """Decisions per second through ``tabletop.vector.VectorEnv`` (self-play:
    the actions drawn in Rust, so only the environment's own cost differs
    from the native loop)."""
    import tabletop.vector as tv

    env = tv.VectorEnv(game, n, opponent=None, threads=threads, copy=copy)
    env.reset(seed=0)
    rng = tabletop.Rng(1)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.step(env.batch.random_actions(rng))
        steps += n
    return steps / (time.perf_counter() - start)


def rust_exe(given):
    """The Rust example, built with the Python extension's release settings
    (``lto = "fat"``, ``codegen-units = 1``, python/Cargo.toml) so that the two
    run the same machine code, in ``target/batch-speed``."""
    if given:
        return given
    target = os.path.join(ROOT, "target", "batch-speed")
    env = dict(os.environ, CARGO_PROFILE_RELEASE_LTO="fat", CARGO_PROFILE_RELEASE_CODEGEN_UNITS="1")
    env["CARGO_TARGET_DIR"] = target
    subprocess.run(
        ["cargo", "build", "--release", "-p", "tabletop", "--example", "batch_speed"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    return os.path.join(target, "release", "examples", "batch_speed")


def rust_run(exe, game, n, threads, steps):
    """The Rust example stepping `steps` decisions: (decisions/s by its own
    wall clock, CPU seconds of the process). The CPU time includes loading
    the game and the first reset, a few milliseconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [exe, game, str(n), "--threads", str(threads), "--steps", str(steps)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # "<game> <N> <threads> <rate>"; the game string has no spaces.
    rate = float(out.split()[-1])
    return rate, cpu


def pgx_python(venv):
    py = os.path.join(venv, "bin", "python")
    if not os.path.exists(py):
        print(f"making {venv} with pgx and jax[cpu] (once)", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([py, "-m", "pip", "install", "--quiet", "pgx", "jax[cpu]"], check=True)
    return py


def pgx_rates(venv, sizes, seconds):
    py = pgx_python(venv)
    out = subprocess.run(
        [py, os.path.join(ROOT, "scripts", "pgx_speed.py"), "--sizes", *map(str, sizes), "--seconds", str(seconds)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rates = {}
    for line in out.splitlines():
        if line.startswith("{"):
            d = json.loads(line)
            rates[d["batch"]] = d["steps_per_second"]
    version = subprocess.run(
        [py, "-c", "import pgx, jax; print(pgx.__version__, jax.__version__)"], capture_output=True, text=True
    ).stdout.split()
    return rates, version


def single_loop_rate(key, seconds):
    """Moves per second of CPU time (the loop thread's) of speed.py's loop."""
    clock = time.thread_time
    game = tabletop.load(GAMES[key])
    if key == "go":
        return speed.go_loop(game.new_initial_state, seconds, clock)
    return speed.chance_loop(game.new_initial_state, seconds, clock)


def median(xs):
    return statistics.median(xs) if xs else None


def machine():
    model = ""
    try:
        with open("/proc/cpuinfo") as f:
            model = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), "")
    except OSError:
        pass
    return {
        "nproc": os.cpu_count(),
        "cpu": model,
        "loadavg": os.getloadavg() if hasattr(os, "getloadavg") else None,
        "python": platform.python_version(),
        "numpy": np.__version__,
    }


def fmt(x):
    return "–" if x is None else f"{x:,.0f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[1, 64, 1024, 4096])
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds per measurement")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    ap.add_argument("--no-rust", action="store_true")
    ap.add_argument("--rust-exe", help="a built batch_speed example (default: built here)")
    ap.add_argument("--no-pgx", action="store_true")
    ap.add_argument("--no-single", action="store_true")
    ap.add_argument("--no-vector-env", action="store_true")
    ap.add_argument("--pgx-venv", default=os.path.join(ROOT, "target", "pgx-venv"))
    ap.add_argument("--pgx-seconds", type=float, default=5.0)
    ap.add_argument("--json", help="also write the results here")
    args = ap.parse_args()

    start_info = machine()
    exe = None if args.no_rust else rust_exe(args.rust_exe)
    # (game, threads, N) -> per round: Python's and Rust's wall rates and CPU
    # seconds a decision.
    py, py_cpu, rust, rust_cpu = {}, {}, {}, {}
    for _ in range(args.rounds):
        for key in args.games:
            for t in args.threads:
                for n in args.sizes:
                    k = (key, t, n)
                    steps, wall, cpu = python_run(GAMES[key], n, t, args.seconds)
                    py.setdefault(k, []).append(steps / wall)
                    py_cpu.setdefault(k, []).append(cpu / steps)
                    line = f"{key} N={n} threads={t}: python {steps / wall:,.0f}/s"
                    if exe:
                        # The same number of decisions from Rust, right after.
                        rate, cpu = rust_run(exe, GAMES[key], n, t, steps)
                        rust.setdefault(k, []).append(rate)
                        rust_cpu.setdefault(k, []).append(cpu / steps)
                        line += f", rust {rate:,.0f}/s"
                    print(line, file=sys.stderr)

    single = {}
    if not args.no_single:
        for key in args.games:
            single[key] = median([single_loop_rate(key, args.seconds) for _ in range(args.rounds)])

    envs = {}
    if not args.no_vector_env and "go" in args.games:
        t = max(args.threads)
        for n in args.sizes:
            if n < 64:
                continue
            envs[n] = {
                "native": (lambda r: r[0] / r[1])(python_run(GAMES["go"], n, t, args.seconds)),
                "vector_env_no_copy": vector_env_rate(GAMES["go"], n, t, args.seconds, copy=False),
                "vector_env_copy": vector_env_rate(GAMES["go"], n, t, args.seconds, copy=True),
                "threads": t,
            }

    pgx, pgx_version = {}, None
    if not args.no_pgx and "go" in args.games:
        pgx, pgx_version = pgx_rates(args.pgx_venv, args.sizes, args.pgx_seconds)

    results = {
        "command": " ".join(["python", "python/bench/batch_speed.py", *sys.argv[1:]]),
        "machine_at_start": start_info,
        "loadavg_at_end": os.getloadavg() if hasattr(os, "getloadavg") else None,
        "pgx_jax_versions": pgx_version,
        "python_wall_rate": {f"{k}|{t}|{n}": median(v) for (k, t, n), v in py.items()},
        "rust_wall_rate": {f"{k}|{t}|{n}": median(v) for (k, t, n), v in rust.items()},
        "python_cpu_seconds_per_step": {f"{k}|{t}|{n}": median(v) for (k, t, n), v in py_cpu.items()},
        "rust_cpu_seconds_per_step": {f"{k}|{t}|{n}": median(v) for (k, t, n), v in rust_cpu.items()},
        "single_game_python_loop": single,
        "pgx_go_9x9": pgx,
        "vector_env_go": envs,
    }
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)

    print(f"# {results['command']}")
    print(f"# machine: {json.dumps(start_info)}; load at end {results['loadavg_at_end']}")
    print()
    print(
        "| game | N | threads | Python batched, steps/s (wall) | Rust batched, steps/s (wall) "
        "| Python, CPU µs a step | Rust, CPU µs a step | Python overhead (CPU) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for key in args.games:
        for t in args.threads:
            for n in args.sizes:
                k = (key, t, n)
                p, r = median(py.get(k, [])), median(rust.get(k, []))
                pc, rc = median(py_cpu.get(k, [])), median(rust_cpu.get(k, []))
                over = f"{(1 - rc / pc) * 100:.1f} %" if pc and rc else "–"
                us = lambda x: "–" if x is None else f"{x * 1e6:.2f}"  # noqa: E731
                print(f"| {GAMES[key]} | {n} | {t} | {fmt(p)} | {fmt(r)} | {us(pc)} | {us(rc)} | {over} |")
    if single:
        print()
        print(
            "| game | single-game Python loop, moves per CPU second (speed.py's loop) "
            "| batched from Python, 1 thread, steps per CPU second (best N) | ratio |"
        )
        print("|---|---|---|---|")
        for key, s in single.items():
            best = max((1 / median(v) for (k, t, _), v in py_cpu.items() if k == key and t == 1), default=None)
            ratio = f"{best / s:.1f}×" if best and s else "–"
            print(f"| {GAMES[key]} | {fmt(s)} | {fmt(best)} | {ratio} |")
    if "go" in args.games:
        print()
        print(
            "| Go 9×9, N | Pgx go_9x9, steps/s (wall) | tabletop 1 thread (wall) | tabletop 2 threads (wall) "
            "| best / Pgx (wall) | 1 thread / single-game loop (CPU) |"
        )
        print("|---|---|---|---|---|---|")
        for n in args.sizes:
            per_t = {t: median(py.get(("go", t, n), [])) for t in args.threads}
            best = max((v for v in per_t.values() if v), default=None)
            g = pgx.get(n)
            s = single.get("go")
            cpu1 = median(py_cpu.get(("go", 1, n), []))
            print(
                f"| {n} | {fmt(g)} | {fmt(per_t.get(1))} | {fmt(per_t.get(2))} | "
                f"{f'{best / g:.0f}×' if best and g else '–'} | {f'{1 / cpu1 / s:.2f}×' if cpu1 and s else '–'} |"
            )
    if envs:
        print()
        print("| Go 9×9, N (threads) | native loop | VectorEnv, copy=False | VectorEnv, copy=True (default) |")
        print("|---|---|---|---|")
        for n, e in envs.items():
            print(
                f"| {n} ({e['threads']}) | {fmt(e['native'])} | {fmt(e['vector_env_no_copy'])} "
                f"({e['vector_env_no_copy'] / e['native']:.2f}) | {fmt(e['vector_env_copy'])} "
                f"({e['vector_env_copy'] / e['native']:.2f}) |"
            )


if __name__ == "__main__":
    main()
