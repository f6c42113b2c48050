"""The measurements of docs/scale.md: ``python -m tabletop.ray bench``.

    python -m tabletop.ray bench overhead [--n 200]
        a round trip of an empty task and of an actor call, and a game as a
        task against the same game in this process
    python -m tabletop.ray bench scaling [--rounds 2] [--games 60]
            [--game GAME_STRING] [--a BOT] [--playouts N]
        the same match series (and a bulk-playout job) on a local Ray of 1 and
        of 2 workers, in alternating rounds: wall time, the CPU time the games
        got (each game's process_time, summed) and the machine's busy time
        (/proc/stat), so that a shared machine shows as what it is

Each prints one line per measurement, with the date and load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Dict, List, Optional

import tabletop.ray as tr


def _noop():
    return None


class _Player:
    """An actor that plays games (for the tasks-or-actors comparison)."""

    def noop(self):
        return None

    def play(self, job, numbers):
        return tr.to_arrow(job, tr.play_chunk(job, numbers))


def _machine_busy() -> Optional[float]:
    """Seconds of CPU busy on the whole machine since boot (every process), or
    None without /proc/stat."""
    try:
        with open("/proc/stat") as f:
            fields = [float(x) for x in f.readline().split()[1:]]
    except OSError:
        return None
    user, nice, system, idle, iowait, irq, softirq, steal = (fields + [0.0] * 8)[:8]
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def _header(what: str) -> None:
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    print(
        f"# {what}: {time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores, "
        f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}",
        flush=True,
    )


def _start(workers: int):
    import ray

    if ray.is_initialized():
        ray.shutdown()
    tr.init(num_cpus=workers, logging_level="ERROR")
    # Start every worker and import the package in it before anything is timed.
    job = tr.Playouts("o_an_quan", games=workers)
    tr.rows(tr.run(job, games_per_task=1))
    return ray


def overhead(argv: List[str]) -> None:
    p = argparse.ArgumentParser(prog="python -m tabletop.ray bench overhead")
    p.add_argument("--n", type=int, default=200)
    p.add_argument("--game", default="o_an_quan")
    p.add_argument("--a", default="mcts(playouts=2000)")
    args = p.parse_args(argv)
    _header("overhead")
    ray = _start(2)
    noop = ray.remote(_noop)
    ray.get([noop.remote() for _ in range(20)])
    times = []
    for _ in range(args.n):
        t = time.perf_counter()
        ray.get(noop.remote())
        times.append(time.perf_counter() - t)
    print(f"empty task, one at a time: median {1e3 * statistics.median(times):.2f} ms a round trip ({args.n})")
    m = 20 * args.n
    t = time.perf_counter()
    ray.get([noop.remote() for _ in range(m)])
    print(f"empty tasks, {m} submitted at once: {1e6 * (time.perf_counter() - t) / m:.0f} µs a task")
    actor = ray.remote(_Player).options(num_cpus=1).remote()
    ray.get(actor.noop.remote())
    times = []
    for _ in range(args.n):
        t = time.perf_counter()
        ray.get(actor.noop.remote())
        times.append(time.perf_counter() - t)
    print(f"empty actor call, one at a time: median {1e3 * statistics.median(times):.2f} ms a round trip ({args.n})")

    job = tr.Matches(args.game, args.a, "random", games=args.n)
    task = tr._remote().options(num_cpus=1)
    ks = list(range(min(args.n, 100)))
    inproc, remote, via_actor = [], [], []
    for k in ks:  # interleaved, the same games each way
        t = time.perf_counter()
        tr.to_arrow(job, tr.play_chunk(job, [k]))
        inproc.append(time.perf_counter() - t)
        t = time.perf_counter()
        ray.get(task.remote(job, [k]))
        remote.append(time.perf_counter() - t)
        t = time.perf_counter()
        ray.get(actor.play.remote(job, [k]))
        via_actor.append(time.perf_counter() - t)
    a, b, c = (statistics.mean(x) for x in (inproc, remote, via_actor))
    print(
        f"a game of {args.game}, {args.a} against random ({len(ks)} games, one at a time): "
        f"{1e3 * a:.2f} ms in this process, {1e3 * b:.2f} ms as a task (+{1e3 * (b - a):.2f} ms), "
        f"{1e3 * c:.2f} ms as an actor call (+{1e3 * (c - a):.2f} ms)"
    )
    ray.shutdown()


def _measure(ray, job, per_task: int) -> Dict[str, float]:
    busy0, wall0 = _machine_busy(), time.perf_counter()
    ds = tr.run(job, games_per_task=per_task)
    got = ray.get(ds.to_arrow_refs())
    wall = time.perf_counter() - wall0
    busy1 = _machine_busy()
    cpu = sum(sum(t.column("cpu_seconds").to_pylist()) for t in got)
    inside = sum(sum(t.column("seconds").to_pylist()) for t in got)
    rows = sum(t.num_rows for t in got)
    return {
        "wall": wall,
        "cpu": cpu,
        "inside": inside,
        "rows": rows,
        "busy": (busy1 - busy0) if busy0 is not None and busy1 is not None else float("nan"),
    }


def scaling(argv: List[str]) -> None:
    p = argparse.ArgumentParser(prog="python -m tabletop.ray bench scaling")
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--game", default="go(board_size=9,rules=chinese)")
    p.add_argument("--a", default="mcts(playouts=300)")
    p.add_argument("--playouts", type=int, default=200_000, help="random games of the bulk job (0: none)")
    p.add_argument("--playout-game", default="go(board_size=9)")
    args = p.parse_args(argv)
    _header("scaling")
    jobs = [("matches", tr.Matches(args.game, args.a, "random", games=args.games), 1)]
    if args.playouts:
        jobs.append(("playouts", tr.Playouts(args.playout_game, games=args.playouts), 2000))
    results: Dict[tuple, List[Dict[str, float]]] = {}
    for r in range(args.rounds):
        for workers in (1, 2):
            ray = _start(workers)
            for name, job, per_task in jobs:
                m = _measure(ray, job, per_task)
                results.setdefault((name, workers), []).append(m)
                occupancy = m["inside"] / (m["wall"] * workers)
                share = m["cpu"] / m["inside"]
                print(
                    f"round {r + 1}, {workers} worker{'s' if workers > 1 else ''}, {name}: "
                    f"{m['rows']:.0f} games in {m['wall']:.2f} s = {m['rows'] / m['wall']:.2f} games/s; "
                    f"workers inside games {occupancy:.0%} of the time, getting {share:.0%} of a core there "
                    f"(games' CPU {m['cpu']:.2f} s); machine busy {m['busy'] / m['wall']:.2f} cores",
                    flush=True,
                )
            ray.shutdown()
    for name, job, _ in jobs:
        one, two = results[(name, 1)], results[(name, 2)]
        total = lambda v, key: sum(x[key] for x in v)  # noqa: E731
        w1, w2 = total(one, "wall"), total(two, "wall")
        c1, c2 = total(one, "cpu"), total(two, "cpu")
        i1, i2 = total(one, "inside"), total(two, "inside")
        occ1, occ2 = i1 / w1, i2 / (2 * w2)
        share1, share2 = c1 / i1, c2 / i2
        quiet = 2 * (c1 / c2) * (occ2 / occ1)
        print(
            f"{name} ({job.game_string}, {len(one)} round{'s' if len(one) > 1 else ''}): 1 → 2 workers "
            f"{w1 / w2:.2f}× in wall time, measured; the games' CPU {1e3 * c1 / total(one, 'rows'):.3f} ms a game "
            f"with 1 worker, {1e3 * c2 / total(two, 'rows'):.3f} ms with 2 (2 × their ratio: {2 * c1 / c2:.2f}×); "
            f"workers inside games {occ1:.0%} and {occ2:.0%} of the time, with {share1:.0%} and {share2:.0%} of "
            f"a core; with every core to the games (share 100 %, occupancy as measured): {quiet:.2f}×",
            flush=True,
        )


def main(argv: List[str]) -> None:
    if not argv or argv[0] not in ("overhead", "scaling"):
        print(__doc__)
        sys.exit(2)
    {"overhead": overhead, "scaling": scaling}[argv[0]](argv[1:])
