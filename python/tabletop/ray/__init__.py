"""Match series, self-play and bulk random games over Ray (``pip install
'tabletop-games[ray]'``); the same games in one process without it.

    import tabletop.ray as tr

    job = tr.Matches("o_an_quan", a="mcts(playouts=2000)", b="random", games=200)
    rows = tr.run_local(job)              # the single-process path: a plain loop, no Ray
    ds = tr.run(job)                      # Ray tasks; a ray.data.Dataset, one row a game
    tr.write_parquet(ds, "target/o_an_quan.parquet")
    print(tr.summary("o_an_quan", tr.rows(ds)))

Three jobs, each a list of numbered games:

- `Matches`: bot ``a`` against bot ``b`` (``mcts(playouts=N)``, ``mcts(ms=N)``,
  ``mcts(level=L)``, ``random``, ``playout``), ``a`` at seat ``number mod
  players``, ``b`` at the others.
- `SelfPlay`: the search bot at every seat, with each decision's root visit
  counts (the policy targets of training data) and the outcome.
- `Playouts`: whole random games in Rust, one row each.

Every game is a pure function of (game string, bots, seed, number): chance and
the random player draw from a generator seeded with ``game_seed(seed,
number)``, the search bots are seeded from it, so a game's row is the same
in any process, in any order, on any node — time columns (``seconds``,
``cpu_seconds``, ``think_seconds``) aside, and except for bots given time a
move (``ms``, ``seconds``), whose playouts depend on the machine. Under
playout budgets, match game ``k`` is the game ``bot_vs_random --seed S``
plays as its game ``k``.

Ray runs the games as tasks of ``games_per_task`` games each (one for matches
and self-play, 1,000 for random games); a task returns its rows as an Arrow
table, and the result is a Dataset of those tables in game order. A task whose
worker dies (a killed process, a lost node) is run again (``max_retries``);
only its final result is kept, so no game is lost or counted twice.
Exceptions raised by a game (a game string the workers cannot load, an
illegal action) are deterministic and are not retried unless
``retry_exceptions`` says so.
"""

from __future__ import annotations

import math
import os
import signal
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Union

from tabletop.ray._play import (
    BotSpec,
    Job,
    Matches,
    Playouts,
    SelfPlay,
    game_seed,
    go_sgf,
    play_chunk,
    play_match,
    play_random,
    play_self_play,
    seat_seed,
)

__all__ = [
    "CRASH_ONCE_ENV",
    "BotSpec",
    "Job",
    "Matches",
    "Playouts",
    "SelfPlay",
    "TIME_COLUMNS",
    "chunks",
    "game_seed",
    "go_sgf",
    "init",
    "matches",
    "parse_record_line",
    "play_chunk",
    "play_match",
    "play_random",
    "play_self_play",
    "playouts",
    "record_line",
    "rows",
    "run",
    "run_all",
    "run_local",
    "schema",
    "seat_seed",
    "self_play",
    "summary",
    "to_arrow",
    "wilson",
    "write_parquet",
    "write_sgf",
]

#: Columns that measure time: the only ones that differ between runs of the
#: same games (with playout or level budgets).
TIME_COLUMNS = ("seconds", "cpu_seconds", "think_seconds")

#: A test hook: when this environment variable names a file that does not yet
#: exist, the first task to finish a game creates it and kills its own worker
#: process (SIGKILL) — a worker that dies mid-task, for the retry tests.
CRASH_ONCE_ENV = "TABLETOP_RAY_CRASH_ONCE"

_INSTALL = "tabletop.ray needs Ray for this: pip install 'tabletop-games[ray]' (ray[data] and pyarrow)"


def _ray():
    try:
        import ray
        import ray.data  # noqa: F401
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError(_INSTALL) from e
    return ray


def _pa():
    try:
        import pyarrow
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError(_INSTALL) from e
    return pyarrow


# ---------------------------------------------------------------------------
# Rows as Arrow
# ---------------------------------------------------------------------------


def schema(kind: str):
    """The Arrow schema of a job's rows (``job.kind``: ``match``,
    ``self_play``, ``playouts``)."""
    pa = _pa()
    ints, floats, strings = pa.list_(pa.int32()), pa.list_(pa.float64()), pa.list_(pa.string())
    actions = pa.list_(pa.uint32())
    head = [
        ("game", pa.string()),
        ("game_string", pa.string()),
        ("rules", pa.string()),
        ("number", pa.int64()),
        ("seed", pa.uint64()),
    ]
    tail = [("seconds", pa.float64()), ("cpu_seconds", pa.float64())]
    if kind == "match":
        body = [
            ("bots", strings),
            ("bot_a", pa.string()),
            ("bot_b", pa.string()),
            ("seat_a", pa.int32()),
            ("moves", actions),
            ("moves_text", strings),
            ("length", pa.int32()),
            ("returns", floats),
            ("scores", floats),
            ("result", pa.float64()),
            ("turns", ints),
            ("forced", ints),
            ("playouts", pa.list_(pa.int64())),
            ("think_seconds", floats),
            ("sgf", pa.string()),
        ]
    elif kind == "self_play":
        body = [
            ("bot", pa.string()),
            ("bots", strings),
            ("moves", actions),
            ("moves_text", strings),
            ("length", pa.int32()),
            ("returns", floats),
            ("scores", floats),
            ("decisions", ints),
            ("players", ints),
            ("policy_actions", pa.list_(actions)),
            ("policy_visits", pa.list_(pa.list_(pa.uint32()))),
            ("root_values", floats),
            ("observations", pa.list_(pa.list_(pa.float32()))),
            ("playouts", pa.int64()),
            ("sgf", pa.string()),
        ]
    elif kind == "playouts":
        body = [
            ("policy", pa.string()),
            ("bots", strings),
            ("length", pa.int32()),
            ("returns", floats),
            ("moves", actions),
        ]
    else:
        raise ValueError(f"no job of kind {kind!r}")
    return pa.schema(head + body + tail)


def to_arrow(job: Job, game_rows: Sequence[Dict[str, Any]]):
    """The rows of `job` as an Arrow table of its schema."""
    return _pa().Table.from_pylist(list(game_rows), schema=schema(job.kind))


# ---------------------------------------------------------------------------
# The single-process path
# ---------------------------------------------------------------------------


def run_local(job: Job, on_rows: Optional[Callable[[List[Dict[str, Any]]], None]] = None) -> List[Dict[str, Any]]:
    """Every game of `job`, one after another in this process (no Ray): its rows
    in game order."""
    out: List[Dict[str, Any]] = []
    for k in job.numbers():
        row = job.play(k)
        if on_rows is not None:
            on_rows([row])
        out.append(row)
    return out


# ---------------------------------------------------------------------------
# The Ray path
# ---------------------------------------------------------------------------


def _chunk_task(job: Job, numbers: Sequence[int]):
    """A Ray task: the games `numbers` of `job` as an Arrow table."""
    marker = os.environ.get(CRASH_ONCE_ENV)
    out = []
    for k in numbers:
        out.append(job.play(k))
        if marker:
            try:
                fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                marker = None
            else:
                os.write(fd, f"worker {os.getpid()} killed itself after game {k}\n".encode())
                os.close(fd)
                if hasattr(signal, "SIGKILL"):
                    os.kill(os.getpid(), signal.SIGKILL)  # as the OOM killer or `kill -9` would
                os._exit(1)
    return to_arrow(job, out)


_remote_cache: Dict[str, Any] = {}


def _remote():
    if "task" not in _remote_cache:
        _remote_cache["task"] = _ray().remote(_chunk_task)
    return _remote_cache["task"]


def _default_per_task(job: Job) -> int:
    return 1000 if job.kind == "playouts" else 1


def chunks(numbers: Sequence[int], per_task: int) -> List[List[int]]:
    """`numbers` cut into runs of `per_task` (the last shorter)."""
    if per_task < 1:
        raise ValueError("games_per_task must be at least 1")
    numbers = list(numbers)
    return [numbers[i : i + per_task] for i in range(0, len(numbers), per_task)]


def init(address: Optional[str] = None, num_cpus: Optional[int] = None, **kwargs: Any) -> None:
    """Starts or joins Ray unless it is running in this process: `address` (or
    ``RAY_ADDRESS``) joins a cluster (``host:6379``, ``auto`` for one started
    on this machine by ``ray start``, ``ray://host:10001``); without either, a
    new local Ray of `num_cpus` workers (default: every core) starts, whatever
    else runs on the machine."""
    ray = _ray()
    if ray.is_initialized():
        return
    options: Dict[str, Any] = {"include_dashboard": False, "logging_level": "WARNING"}
    options.update(kwargs)
    if address is None and not os.environ.get("RAY_ADDRESS"):
        options["address"] = "local"
        if num_cpus is not None:
            options["num_cpus"] = num_cpus
    else:
        options["address"] = address
    try:
        ray.init(**options)
    except ConnectionError as e:
        if options["address"] == "local" or os.environ.get("RAY_AUTH_MODE"):
            raise
        raise ConnectionError(
            f"{e}. If the cluster was started with token authentication (a `ray start` "
            "that found ~/.ray/auth_token, or RAY_AUTH_MODE=token), join it with "
            "RAY_AUTH_MODE=token and its token (~/.ray/auth_token, or RAY_AUTH_TOKEN): docs/scale.md"
        ) from e
    try:
        ray.data.DataContext.get_current().enable_progress_bars = False
    except AttributeError:  # pragma: no cover - older Ray
        pass


def run(
    job: Job,
    *,
    games_per_task: Optional[int] = None,
    max_retries: int = 3,
    retry_exceptions: Union[bool, Sequence[type]] = False,
    on_rows: Optional[Callable[[List[Dict[str, Any]]], None]] = None,
    num_cpus_per_task: float = 1,
    address: Optional[str] = None,
    ray_remote_args: Optional[Dict[str, Any]] = None,
):
    """Every game of `job` as Ray tasks; returns a ``ray.data.Dataset`` of its
    rows in game order (``rows(ds)`` for Python rows, `write_parquet` to save).
    Joins Ray (`init`) if it is not running. `on_rows` is called in this
    process with the rows of each task as it finishes (in finishing order),
    for progress and records. A task whose worker dies is run again up to
    `max_retries` times; `retry_exceptions` (``True`` or exception types)
    retries tasks that raise, too. `ray_remote_args` are more task options
    (``runtime_env``, ``resources``, ``scheduling_strategy``)."""
    callback = None if on_rows is None else (lambda _i, r: on_rows(r))
    return run_all(
        [job],
        games_per_task=games_per_task,
        max_retries=max_retries,
        retry_exceptions=retry_exceptions,
        on_rows=callback,
        num_cpus_per_task=num_cpus_per_task,
        address=address,
        ray_remote_args=ray_remote_args,
    )[0]


def run_all(
    jobs: Sequence[Job],
    *,
    games_per_task: Optional[int] = None,
    max_retries: int = 3,
    retry_exceptions: Union[bool, Sequence[type]] = False,
    on_rows: Optional[Callable[[int, List[Dict[str, Any]]], None]] = None,
    on_done: Optional[Callable[[int], None]] = None,
    num_cpus_per_task: float = 1,
    address: Optional[str] = None,
    ray_remote_args: Optional[Dict[str, Any]] = None,
):
    """As `run`, for several jobs at once (their tasks share the cluster): a
    Dataset for each job. ``on_rows(i, rows)`` as rows of job ``i`` arrive;
    ``on_done(i)`` once job ``i`` and every job before it are complete (so
    in job order)."""
    ray = _ray()
    init(address=address)
    task = _remote().options(
        max_retries=max_retries,
        retry_exceptions=list(retry_exceptions) if isinstance(retry_exceptions, (list, tuple)) else retry_exceptions,
        num_cpus=num_cpus_per_task,
        **(ray_remote_args or {}),
    )
    all_refs: List[List[Any]] = []
    owner: Dict[Any, int] = {}
    for i, job in enumerate(jobs):
        per_task = games_per_task or _default_per_task(job)
        job_ref = ray.put(job)
        refs = [task.remote(job_ref, c) for c in chunks(job.numbers(), per_task)]
        all_refs.append(refs)
        for ref in refs:
            owner[ref] = i
    left = [len(refs) for refs in all_refs]
    announced = 0

    def announce():
        nonlocal announced
        while announced < len(jobs) and left[announced] == 0:
            if on_done is not None:
                on_done(announced)
            announced += 1

    announce()
    pending = [ref for refs in all_refs for ref in refs]
    while pending:
        done, pending = ray.wait(pending, num_returns=min(len(pending), 64), timeout=0.5)
        for ref in done:
            table = ray.get(ref)  # raises the task's error, after its retries
            i = owner[ref]
            if on_rows is not None:
                on_rows(i, table.to_pylist())
            left[i] -= 1
        announce()
    return [
        ray.data.from_arrow_refs(refs) if refs else ray.data.from_arrow(to_arrow(job, []))
        for job, refs in zip(jobs, all_refs)
    ]


def rows(ds) -> List[Dict[str, Any]]:
    """A Dataset's rows as Python dicts (lists for list columns), in order."""
    ray, pa = _ray(), _pa()
    tables = ray.get(ds.to_arrow_refs())
    if not tables:
        return []
    return pa.concat_tables(tables, promote_options="default").to_pylist()


def write_parquet(ds, path: str, rows_per_file: int = 100_000, **options: Any) -> None:
    """Writes a Dataset to Parquet files under `path` (about `rows_per_file`
    rows a file). A plain path is a directory on this machine: the write tasks
    are pinned to this node, so on a cluster the files come here, not to the
    workers' disks. A URI (``s3://…``, ``gs://…``) is written from wherever Ray
    runs the tasks. `options` go to ``Dataset.write_parquet`` (``mode``: Ray
    appends to a directory by default)."""
    if "://" not in path:
        ray = _ray()
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        here = NodeAffinitySchedulingStrategy(ray.get_runtime_context().get_node_id(), soft=False)
        options.setdefault("ray_remote_args", {"scheduling_strategy": here})
        path = os.path.abspath(path)
    options.setdefault("min_rows_per_file", rows_per_file)
    ds.write_parquet(path, **options)


def write_sgf(game_rows: Iterable[Dict[str, Any]], directory: str) -> int:
    """Writes each Go game's SGF as ``DIRECTORY/NUMBER.sgf``; returns how many."""
    os.makedirs(directory, exist_ok=True)
    count = 0
    for row in game_rows:
        if row.get("sgf"):
            with open(os.path.join(directory, f"{row['number']}.sgf"), "w", encoding="utf-8") as f:
                f.write(row["sgf"])
            count += 1
    return count


# ---------------------------------------------------------------------------
# One call for each job
# ---------------------------------------------------------------------------


def matches(
    game_string: str,
    a: str = "mcts(level=5)",
    b: str = "random",
    games: Union[int, Sequence[int]] = 100,
    seed: int = 0,
    *,
    first: int = 0,
    sgf: bool = True,
    local: bool = False,
    **run_options: Any,
):
    """A match series (see `Matches`): a Dataset, or with ``local=True`` the rows
    from this process alone."""
    job = Matches(game_string, a, b, games if isinstance(games, int) else tuple(games), seed, first, sgf)
    return run_local(job) if local else run(job, **run_options)


def self_play(
    game_string: str,
    bot: str = "mcts(playouts=800,stop_early=0)",
    games: Union[int, Sequence[int]] = 100,
    seed: int = 0,
    *,
    first: int = 0,
    explore_moves: int = 0,
    observations: bool = False,
    sgf: bool = True,
    local: bool = False,
    **run_options: Any,
):
    """A self-play generation (see `SelfPlay`): a Dataset, or the rows with
    ``local=True``."""
    job = SelfPlay(
        game_string,
        bot,
        games if isinstance(games, int) else tuple(games),
        seed,
        first,
        explore_moves,
        observations,
        sgf,
    )
    return run_local(job) if local else run(job, **run_options)


def playouts(
    game_string: str,
    games: Union[int, Sequence[int]] = 10_000,
    seed: int = 0,
    *,
    first: int = 0,
    policy: str = "uniform",
    moves: bool = False,
    local: bool = False,
    **run_options: Any,
):
    """Bulk random games (see `Playouts`): a Dataset, or the rows with
    ``local=True``."""
    job = Playouts(game_string, games if isinstance(games, int) else tuple(games), seed, first, policy, moves)
    return run_local(job) if local else run(job, **run_options)


# ---------------------------------------------------------------------------
# The summary line of bot_vs_random
# ---------------------------------------------------------------------------


def wilson(k: int, n: int, z: float = 1.959964):
    """The 95 % Wilson score interval of `k` successes in `n` trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return max((centre - margin) / denominator, 0.0), min((centre + margin) / denominator, 1.0)


def _number(x: float) -> str:
    # Rust's `{}` of an f64: the shortest text that reads back, without ".0".
    text = repr(float(x))
    return text[:-2] if text.endswith(".0") else text


def record_line(row: Dict[str, Any]) -> str:
    """A match row as a line of ``bot_vs_random --out``'s file:
    ``game K seat S return R moves M forced F playouts P ms T`` (bot a's)."""
    s = row["seat_a"]
    return (
        f"game {row['number']} seat {s} return {_number(row['result'])} moves {row['turns'][s]} "
        f"forced {row['forced'][s]} playouts {row['playouts'][s]} ms {row['think_seconds'][s] * 1000:.0f}"
    )


def _record_of_row(row: Dict[str, Any]) -> Dict[str, Any]:
    s = row["seat_a"]
    return {
        "number": row["number"],
        "seat": s,
        "result": row["result"],
        "moves": row["turns"][s],
        "forced": row["forced"][s],
        "playouts": row["playouts"][s],
        "ms": row["think_seconds"][s] * 1000,
    }


def parse_record_line(line: str) -> Optional[Dict[str, Any]]:
    """The fields of a `record_line` (or a line ``bot_vs_random`` wrote); None
    for anything else."""
    words = line.split()
    try:
        get = lambda key: words[words.index(key) + 1]  # noqa: E731
        return {
            "number": int(get("game")),
            "seat": int(get("seat")),
            "result": float(get("return")),
            "moves": int(get("moves")),
            "forced": int(get("forced")),
            "playouts": int(get("playouts")),
            "ms": float(get("ms")),
        }
    except (ValueError, IndexError):
        return None


def summary(name: str, records: Iterable[Dict[str, Any]]) -> str:
    """The summary line of ``bot_vs_random`` (and `docs/bots.md`): wins, draws
    and losses of bot a, its win rate with the 95 % Wilson interval, playouts and
    milliseconds a searched move, forced moves. `records` are match rows or
    `parse_record_line` results."""
    recs = [r if "ms" in r else _record_of_row(r) for r in records]
    n = len(recs)
    wins = sum(r["result"] > 0 for r in recs)
    draws = sum(r["result"] == 0 for r in recs)
    moves = sum(r["moves"] for r in recs)
    forced = sum(r["forced"] for r in recs)
    searched = max(moves - forced, 1)
    played = sum(r["playouts"] for r in recs)
    ms = sum(r["ms"] for r in recs)
    lo, hi = wilson(wins, n)
    return (
        f"{name}: {wins} wins, {draws} draws, {n - wins - draws} losses of {n}: "
        f"{100 * wins / max(n, 1):.1f} % [{100 * lo:.1f}, {100 * hi:.1f}] (95 % Wilson); "
        f"{played / searched:.0f} playouts and {ms / searched:.0f} ms a searched bot move; "
        f"{forced} of {moves} bot moves forced"
    )
