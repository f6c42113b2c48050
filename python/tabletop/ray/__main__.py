"""The command line of `tabletop.ray` (``python -m tabletop.ray COMMAND``).

    matches GAME_STRING [--a BOT] [--b BOT] [--games N] [--from-game K]
            [--playouts N | --ms N] [--stop-early 0|1] [--seed S]
            [--out FILE] [--parquet DIR] [--sgf DIR] [--quiet]
        bot a (default: the search bot at --ms/--playouts, 1,000 ms) against
        bot b (default: random), as bot_vs_random: its per-game lines, its
        resumable --out file and its summary line; the rows (one JSON line a
        game) beside --out as FILE.jsonl, Parquet as FILE.parquet/, Go's SGF in
        FILE.sgf/ (or where --parquet and --sgf say).
    bot-matches [MS] [GAMES] [GO_GAMES] [GAME_STRING...] [--dir DIR]
            [--playouts N] [--stop-early 0|1] [--seed S]
        what scripts/bot_matches.sh runs: every game and preset (or those
        named) at MS ms a move, all matches' games at once; the files of each
        match under DIR/bots_MS/ (default DIR: target/matches), the summary
        lines appended to DIR/bots_MS.txt.
    self-play GAME_STRING [--bot BOT | --playouts N] [--games N] [--from-game K]
            [--seed S] [--explore-moves N] [--observations]
            [--parquet DIR] [--sgf DIR]
    playouts GAME_STRING [--games N] [--from-game K] [--seed S]
            [--policy uniform|playout] [--moves] [--parquet DIR]
    bench [overhead|scaling] ...   the measurements of docs/scale.md

Every command: --address ADDR joins a Ray cluster (or set RAY_ADDRESS;
without either a local Ray starts), --num-cpus N sizes a local Ray,
--per-task N games a task, --max-retries N, --local plays in this process
without Ray.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from typing import Any, Dict, List, Optional

import tabletop.ray as tr

#: What scripts/bot_matches.sh plays without game strings (docs/bots.md).
ALL_MATCHES = (
    [f"o_an_quan(rules={p})" for p in ("source", "common")]
    + [f"hoop_race(rules={p})" for p in ("source", "yut_nori")]
    + [f"tarokk_war(rules={p})" for p in ("source", "numeral_scoring")]
    + [f"trap_stones(rules={p})" for p in ("source", "blitz", "blitz3", "corners")]
    + [f"go(board_size=9,rules={p})" for p in ("tromp_taylor", "chinese", "japanese", "aga", "new_zealand")]
)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--address", help="a Ray cluster to join (else RAY_ADDRESS, else a local Ray)")
    p.add_argument("--num-cpus", type=int, help="workers of a local Ray (default: every core)")
    p.add_argument("--per-task", type=int, help="games a Ray task (default: 1; 1000 for playouts)")
    p.add_argument("--max-retries", type=int, default=3, help="runs again of a task whose worker died")
    p.add_argument("--local", action="store_true", help="play in this process, without Ray")
    p.add_argument("--seed", type=int, default=0)


def _budget(p: argparse.ArgumentParser) -> None:
    p.add_argument("--playouts", type=int, action=_LastBudget, dest="budget")
    p.add_argument("--ms", type=int, action=_LastBudget, dest="budget")
    p.add_argument("--stop-early", type=int, choices=(0, 1), help="1: end a search once its choice is settled (matches: 1, self-play: 0)")


class _LastBudget(argparse.Action):
    """--playouts and --ms set one budget: the last given wins (as bot_vs_random)."""

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, (option_string.lstrip("-"), max(int(values), 1)))


def _search_bot(budget, stop_early: Optional[int], default=("ms", 1000), stop_by_default: int = 1) -> str:
    key, value = budget or default
    if stop_early is None:
        stop_early = stop_by_default
    return f"mcts({key}={value}{'' if stop_early else ',stop_early=0'})"


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m tabletop.ray", description=__doc__.split("\n\n")[0])
    sub = top.add_subparsers(dest="command", required=True)

    m = sub.add_parser("matches", help="a match series between two bots")
    m.add_argument("game_string")
    m.add_argument("--a", help="bot a (default: the search bot at the budget given)")
    m.add_argument("--b", default="random", help="bot b (default: random)")
    m.add_argument("--games", type=int, default=200)
    m.add_argument("--from-game", type=int, default=0)
    m.add_argument("--out", help="bot_vs_random's record file (resumes)")
    m.add_argument("--parquet")
    m.add_argument("--sgf")
    m.add_argument("--quiet", action="store_true")
    _budget(m)
    _common(m)

    b = sub.add_parser("bot-matches", help="scripts/bot_matches.sh: the search bot against random play")
    b.add_argument("numbers_and_games", nargs="*", metavar="MS GAMES GO_GAMES GAME_STRING")
    b.add_argument("--dir", default="target/matches")
    b.add_argument("--quiet", action="store_true", default=True)
    _budget(b)
    _common(b)

    s = sub.add_parser("self-play", help="a self-play generation with visit counts")
    s.add_argument("game_string")
    s.add_argument("--bot", help="the search bot (default: mcts(playouts=800,stop_early=0))")
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--from-game", type=int, default=0)
    s.add_argument("--explore-moves", type=int, default=0)
    s.add_argument("--observations", action="store_true")
    s.add_argument("--parquet", required=True)
    s.add_argument("--sgf")
    _budget(s)
    _common(s)

    r = sub.add_parser("playouts", help="bulk random games")
    r.add_argument("game_string")
    r.add_argument("--games", type=int, default=10_000)
    r.add_argument("--from-game", type=int, default=0)
    r.add_argument("--policy", choices=("uniform", "playout"), default="uniform")
    r.add_argument("--moves", action="store_true")
    r.add_argument("--parquet", required=True)
    _common(r)

    sub.add_parser("bench", help="the measurements of docs/scale.md", add_help=False)
    return top


# ---------------------------------------------------------------------------
# One match with bot_vs_random's files
# ---------------------------------------------------------------------------


def _stem(path: str) -> str:
    return path[:-4] if path.endswith(".txt") else path


class MatchFiles:
    """One match series and its files: bot_vs_random's record (``--out``,
    resumed: games in it are counted, not replayed), the rows as JSON lines,
    Parquet and SGF, and the summary line."""

    def __init__(
        self,
        name: str,
        a: str,
        b: str,
        games: int,
        first: int,
        seed: int,
        out: Optional[str],
        parquet: Optional[str] = None,
        sgf: Optional[str] = None,
        quiet: bool = False,
    ):
        self.name, self.quiet, self.out = name, quiet, out
        self.rows_path = _stem(out) + ".jsonl" if out else None
        self.parquet = parquet or (_stem(out) + ".parquet" if out else None)
        is_go = tabletop_game(name).short_name == "go"
        self.sgf = sgf or (_stem(out) + ".sgf" if out and is_go else None)
        wanted = range(first, games)
        self.records: Dict[int, Dict[str, Any]] = {}
        self.rows: Dict[int, Dict[str, Any]] = {}
        if out and os.path.exists(out):
            with open(out, encoding="utf-8") as f:
                for line in f:
                    rec = tr.parse_record_line(line)
                    if rec and rec["number"] in wanted:
                        self.records.setdefault(rec["number"], rec)
        if self.rows_path and os.path.exists(self.rows_path):
            with open(self.rows_path, encoding="utf-8") as f:
                for line in f:
                    try:
                        row = json.loads(line)
                    except ValueError:
                        continue  # a line cut short by an interruption
                    if row.get("number") in self.records:
                        self.rows.setdefault(row["number"], row)
        todo = tuple(k for k in wanted if k not in self.records)
        self.job = tr.Matches(name, a, b, todo, seed, sgf=True)
        if out:
            os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        self._out = open(out, "a", encoding="utf-8") if out else None
        self._rows = open(self.rows_path, "a", encoding="utf-8") if self.rows_path else None

    def add(self, game_rows: List[Dict[str, Any]]) -> None:
        for row in game_rows:
            k = row["number"]
            if k in self.records:
                continue  # never twice
            line = tr.record_line(row)
            if not self.quiet:
                print(f"game {k}: bot seat {row['seat_a']} return {tr._number(row['result'])} scores {row['scores']}")
            if self._out:
                self._out.write(line + "\n")
                self._out.flush()
            if self._rows:
                self._rows.write(json.dumps(row) + "\n")
                self._rows.flush()
            self.records[k] = tr.parse_record_line(line)
            self.rows[k] = row

    def finish(self) -> str:
        for f in (self._out, self._rows):
            if f:
                f.close()
        rows = [self.rows[k] for k in sorted(self.rows)]
        missing = len(self.records) - len(rows)
        if self.parquet and rows:
            write_rows_parquet(self.job, rows, self.parquet)
        if self.sgf:
            tr.write_sgf(rows, self.sgf)
        if missing and not self.quiet:
            print(f"({missing} games of the record have no row: played by bot_vs_random or cut off)", file=sys.stderr)
        return tr.summary(self.name, [self.records[k] for k in sorted(self.records)])


def tabletop_game(name: str):
    import tabletop

    return tabletop.load(name)


def write_rows_parquet(job, rows: List[Dict[str, Any]], path: str) -> None:
    """All `rows` (already in this process) as the Parquet directory `path`,
    one file, replacing what was there (written beside it, then moved in)."""
    import pyarrow.parquet as pq

    table = tr.to_arrow(job, rows)
    fresh = path.rstrip("/") + ".writing"
    shutil.rmtree(fresh, ignore_errors=True)
    os.makedirs(fresh, exist_ok=True)
    pq.write_table(table, os.path.join(fresh, "games.parquet"))
    shutil.rmtree(path, ignore_errors=True)
    os.replace(fresh, path)


# ---------------------------------------------------------------------------
# Commands
# ---------------------------------------------------------------------------


def _run_options(args) -> Dict[str, Any]:
    return {"games_per_task": args.per_task, "max_retries": args.max_retries}


def _start(args) -> None:
    if not args.local:
        tr.init(address=args.address, num_cpus=args.num_cpus)
        _quiet_ray_data()


def _quiet_ray_data() -> None:
    """Ray Data's INFO lines (a dataset started, a Parquet file written) off
    the terminal; they stay in the session's ray-data.log."""
    import logging

    for handler in logging.getLogger("ray.data").handlers:
        if isinstance(handler, logging.StreamHandler):
            handler.setLevel(logging.WARNING)
            handler.addFilter(lambda record: not str(record.msg).startswith("Progress bars disabled"))


def _play_matches(args, matches: List[MatchFiles], summary_file: Optional[str] = None) -> None:
    def done(i: int) -> None:
        line = matches[i].finish()
        print(line, flush=True)
        if summary_file:
            with open(summary_file, "a", encoding="utf-8") as f:
                f.write(line + "\n")

    if args.local:
        for i, m in enumerate(matches):
            tr.run_local(m.job, on_rows=m.add)
            done(i)
        return
    _start(args)
    tr.run_all(
        [m.job for m in matches],
        on_rows=lambda i, rows: matches[i].add(rows),
        on_done=done,
        **_run_options(args),
    )


def cmd_matches(args) -> None:
    a = args.a or _search_bot(args.budget, args.stop_early)
    m = MatchFiles(
        args.game_string, a, args.b, args.games, args.from_game, args.seed, args.out, args.parquet, args.sgf, args.quiet
    )
    _play_matches(args, [m])


def cmd_bot_matches(args) -> None:
    words = args.numbers_and_games
    numbers, names = words[:3], words[3:]
    try:
        ms = int(numbers[0]) if len(numbers) > 0 else 1000
        games = int(numbers[1]) if len(numbers) > 1 else 200
        go_games = int(numbers[2]) if len(numbers) > 2 else games
    except ValueError:
        raise SystemExit("usage: bot-matches [MS_A_MOVE] [GAMES] [GO_GAMES] [GAME_STRING...]: the first three are numbers")
    a = _search_bot(args.budget, args.stop_early, default=("ms", ms))
    folder = os.path.join(args.dir, f"bots_{ms}")
    os.makedirs(folder, exist_ok=True)
    matches = [
        MatchFiles(
            name,
            a,
            "random",
            go_games if name.startswith("go") else games,
            0,
            args.seed,
            os.path.join(folder, f"{name}.txt"),
            quiet=True,
        )
        for name in (names or ALL_MATCHES)
    ]
    _play_matches(args, matches, os.path.join(args.dir, f"bots_{ms}.txt"))


def _finish_rows(args, job, ds_or_rows, parquet: str, sgf: Optional[str]) -> List[Dict[str, Any]]:
    if args.local:
        rows = ds_or_rows
        write_rows_parquet(job, rows, parquet)
    else:
        tr.write_parquet(ds_or_rows, parquet)
        rows = tr.rows(ds_or_rows) if sgf else []
    if sgf:
        tr.write_sgf(rows, sgf)
    return rows


def cmd_self_play(args) -> None:
    bot = args.bot or _search_bot(args.budget, args.stop_early, default=("playouts", 800), stop_by_default=0)
    job = tr.SelfPlay(
        args.game_string,
        bot,
        args.games,
        args.seed,
        args.from_game,
        args.explore_moves,
        args.observations,
        sgf=bool(args.sgf),
    )
    _start(args)
    result = tr.run_local(job) if args.local else tr.run(job, **_run_options(args))
    _finish_rows(args, job, result, args.parquet, args.sgf)
    n = len(job.numbers())
    print(f"{args.game_string}: {n} self-play games of {job.bot} in {args.parquet}")


def cmd_playouts(args) -> None:
    job = tr.Playouts(args.game_string, args.games, args.seed, args.from_game, args.policy, args.moves)
    _start(args)
    result = tr.run_local(job) if args.local else tr.run(job, **_run_options(args))
    _finish_rows(args, job, result, args.parquet, None)
    print(f"{args.game_string}: {len(job.numbers())} random games in {args.parquet}")


def main(argv: Optional[List[str]] = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "bench":
        from tabletop.ray import _bench

        _bench.main(argv[1:])
        return
    args = parser().parse_args(argv)
    {
        "matches": cmd_matches,
        "bot-matches": cmd_bot_matches,
        "self-play": cmd_self_play,
        "playouts": cmd_playouts,
    }[args.command](args)


if __name__ == "__main__":
    main()
