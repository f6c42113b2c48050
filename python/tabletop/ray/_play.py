"""Whole games as pure functions of (game string, bots, seed), without Ray.

Everything here runs the same in the driver (the single-process path) and in a
Ray worker: a game's row depends on its inputs alone, never on which process
plays it or in which order (time columns aside, and a bot given time a move,
whose playouts depend on the machine).
"""

from __future__ import annotations

import json
import random
import re
import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import tabletop

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def game_seed(seed: int, number: int) -> int:
    """The seed of game `number` of a series seeded `seed`: as
    ``bot_vs_random`` numbers them (``seed * 1_000_003 + number``, modulo 2^64),
    so a series of playout-budget games replays that program's games."""
    return (seed * 1_000_003 + number) & MASK64


def _mix(z: int) -> int:
    """SplitMix64's output function: a well-spread 64-bit value of `z`."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def seat_seed(seed: int, seat: int) -> int:
    """The search seed of a bot at `seat` other than the series' first bot
    (which searches with the game's seed, as ``bot_vs_random`` does)."""
    return _mix(seed + (seat + 1) * GOLDEN)


# ---------------------------------------------------------------------------
# Bots
# ---------------------------------------------------------------------------

_BUDGETS = ("playouts", "ms", "seconds", "level")
_SPEC = re.compile(r"^\s*([a-z_]+)\s*(?:\((.*)\))?\s*$")


@dataclass(frozen=True)
class BotSpec:
    """A player of a series: ``random`` (uniform among the legal moves),
    ``playout`` (the game's playout policy) or ``mcts`` (the search bot, with
    one budget a move: ``playouts``, ``ms``, ``seconds`` or ``level``, and
    ``stop_early``). Written as ``mcts(playouts=2000)``, ``mcts(ms=20)``,
    ``mcts(level=3,stop_early=0)``, ``random``."""

    kind: str
    budget: Optional[Tuple[str, Union[int, float]]] = None
    stop_early: bool = True

    @staticmethod
    def parse(spec: Union[str, "BotSpec", Dict[str, Any]]) -> "BotSpec":
        if isinstance(spec, BotSpec):
            return spec
        if isinstance(spec, dict):
            options = dict(spec)
            kind = str(options.pop("kind", "mcts"))
        elif isinstance(spec, str):
            m = _SPEC.match(spec)
            if not m:
                raise ValueError(f"not a bot: {spec!r} (random, playout, mcts(playouts=N), mcts(ms=N), …)")
            kind, inner = m.group(1), m.group(2)
            options = {}
            for part in filter(None, (p.strip() for p in (inner or "").split(","))):
                key, eq, value = part.partition("=")
                if not eq:
                    raise ValueError(f"bot option {part!r} is not KEY=VALUE")
                options[key.strip()] = value.strip()
        else:
            raise TypeError(f"a bot is a string, a dict or a BotSpec, not {type(spec).__name__}")
        if kind in ("random", "uniform", "playout"):
            if options:
                raise ValueError(f"the {kind} player takes no options, not {sorted(options)}")
            return BotSpec("random" if kind == "uniform" else kind)
        if kind not in ("mcts", "bot", "search"):
            raise ValueError(f"unknown bot {kind!r}: random, playout or mcts")
        stop_early = _flag(options.pop("stop_early", True))
        budgets = [k for k in _BUDGETS if k in options]
        unknown = sorted(set(options) - set(_BUDGETS))
        if unknown:
            raise ValueError(f"unknown mcts options {unknown}: playouts, ms, seconds, level, stop_early")
        if len(budgets) > 1:
            raise ValueError(f"give one budget a move, not {budgets}")
        if not budgets:
            return BotSpec("mcts", ("level", 5), stop_early)
        key = budgets[0]
        value = options[key]
        number: Union[int, float]
        if key == "seconds":
            number = float(value)
            if not (number > 0 and number < float("inf")):
                raise ValueError("seconds must be positive")
        else:
            number = int(value)
            low, high = (1, 10) if key == "level" else (1, 1 << 62)
            if not low <= number <= high:
                raise ValueError(f"{key} must be from {low} to {high}, not {number}")
        return BotSpec("mcts", (key, number), stop_early)

    @property
    def deterministic(self) -> bool:
        """Whether its moves are a function of the state and seed alone (every
        budget but time)."""
        return self.budget is None or self.budget[0] in ("playouts", "level")

    def __str__(self) -> str:
        if self.kind != "mcts":
            return self.kind
        parts = [f"{self.budget[0]}={self.budget[1]}"] if self.budget else []
        if not self.stop_early:
            parts.append("stop_early=0")
        return f"mcts({','.join(parts)})"

    def player(self, game: tabletop.Game, seed: int) -> "_Player":
        if self.kind == "random":
            return _Random()
        if self.kind == "playout":
            return _Playout()
        key, value = self.budget if self.budget else ("level", 5)
        kwargs: Dict[str, Any] = {"seed": seed, "stop_early": self.stop_early}
        if key == "ms":
            kwargs["seconds"] = value / 1000.0
        else:
            kwargs[key] = value
        return _Search(tabletop.Bot(game, **kwargs))


def _flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"not a flag: {value!r} (0 or 1)")


class _Player:
    searches = False

    def act(self, state: tabletop.State, rng: tabletop.Rng) -> Tuple[int, Optional[dict]]:
        raise NotImplementedError


class _Random(_Player):
    # The game's generator, shared with chance: as bot_vs_random's random player.
    def act(self, state, rng):
        return state.random_action(rng), None


class _Playout(_Player):
    def act(self, state, rng):
        return state.playout_action(rng), None


class _Search(_Player):
    searches = True

    def __init__(self, bot: tabletop.Bot):
        self.bot = bot

    def act(self, state, rng):
        report = self.bot.search(state)
        return report["action"], report


# ---------------------------------------------------------------------------
# SGF of a finished Go game
# ---------------------------------------------------------------------------


def go_sgf(state: tabletop.State, black: Optional[str] = None, white: Optional[str] = None) -> str:
    """The SGF record (FF[4]) of a Go state: go_core's writer, reached through
    the referee (``sgf`` of the game ``save`` wrote), with ``PB``/``PW`` when
    given."""
    referee = tabletop.Referee()
    answer = json.loads(referee.handle(json.dumps({"new": {"restore": state.serialize()}}))[0])
    if "ok" not in answer:
        raise tabletop.TabletopError(f"the referee refused the game: {answer}")
    answer = json.loads(referee.handle('{"sgf": {}}')[0])
    if "ok" not in answer:
        raise tabletop.TabletopError(f"no SGF for this game: {answer}")
    sgf: str = answer["ok"]["sgf"]
    names = "".join(
        f"{key}[{_sgf_text(name)}]" for key, name in (("PB", black), ("PW", white)) if name is not None
    )
    if names:
        end = _root_end(sgf)
        sgf = sgf[:end] + names + sgf[end:]
    return sgf


def _sgf_text(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _root_end(sgf: str) -> int:
    """Where the root node's properties end (the next node or the game's end)."""
    inside, escaped = False, False
    for i, c in enumerate(sgf):
        if i < 2:
            continue  # "(;"
        if inside:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == "]":
                inside = False
        elif c == "[":
            inside = True
        elif c in ";()":
            while i > 2 and sgf[i - 1].isspace():
                i -= 1
            return i
    return len(sgf)


# ---------------------------------------------------------------------------
# Jobs: what a series is, and one game of it
# ---------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _load(game_string: str) -> tabletop.Game:
    """The game of a string, loaded once a process (games are immutable)."""
    return tabletop.load(game_string)


def _rules(game: tabletop.Game) -> Optional[str]:
    rules = game.params.get("rules")
    return rules if isinstance(rules, str) else None


@dataclass(frozen=True)
class Matches:
    """A match series: bot `a` at seat ``number mod players`` of game `number`,
    bot `b` at every other seat; chance and the random player from the game's
    seeded generator. Games ``first`` to ``games - 1`` (or the numbers given)."""

    game_string: str
    a: str = "mcts(level=5)"
    b: str = "random"
    games: Union[int, Tuple[int, ...]] = 100
    seed: int = 0
    first: int = 0
    sgf: bool = True

    kind = "match"

    def __post_init__(self):
        object.__setattr__(self, "a", str(BotSpec.parse(self.a)))
        object.__setattr__(self, "b", str(BotSpec.parse(self.b)))
        _check_series(self)

    def numbers(self) -> List[int]:
        return _numbers(self)

    @property
    def deterministic(self) -> bool:
        return BotSpec.parse(self.a).deterministic and BotSpec.parse(self.b).deterministic

    def play(self, number: int) -> Dict[str, Any]:
        return play_match(self.game_string, self.a, self.b, number, self.seed, sgf=self.sgf)


@dataclass(frozen=True)
class SelfPlay:
    """A self-play generation: the search bot at every seat (a searcher each,
    seeded by seat), recording every decision's root visit counts and the
    outcome. The first `explore_moves` decisions are drawn in proportion to
    the visits (from the game's seed), the rest are the bot's choice."""

    game_string: str
    bot: str = "mcts(playouts=800,stop_early=0)"
    games: Union[int, Tuple[int, ...]] = 100
    seed: int = 0
    first: int = 0
    explore_moves: int = 0
    observations: bool = False
    sgf: bool = True

    kind = "self_play"

    def __post_init__(self):
        spec = BotSpec.parse(self.bot)
        if spec.kind != "mcts":
            raise ValueError("self-play is the search bot against itself: give an mcts(...) bot")
        object.__setattr__(self, "bot", str(spec))
        if self.explore_moves < 0:
            raise ValueError("explore_moves must not be negative")
        _check_series(self)

    def numbers(self) -> List[int]:
        return _numbers(self)

    @property
    def deterministic(self) -> bool:
        return BotSpec.parse(self.bot).deterministic

    def play(self, number: int) -> Dict[str, Any]:
        return play_self_play(
            self.game_string,
            self.bot,
            number,
            self.seed,
            explore_moves=self.explore_moves,
            observations=self.observations,
            sgf=self.sgf,
        )


@dataclass(frozen=True)
class Playouts:
    """Bulk random games: each a whole game in Rust (``Game.random_playouts``
    of one game, seeded by its number), decisions uniform (``policy="uniform"``)
    or by the game's playout policy; with ``moves=True`` the actions too (a
    slower loop through Python)."""

    game_string: str
    games: Union[int, Tuple[int, ...]] = 10_000
    seed: int = 0
    first: int = 0
    policy: str = "uniform"
    moves: bool = False

    kind = "playouts"
    deterministic = True

    def __post_init__(self):
        if self.policy not in ("uniform", "playout"):
            raise ValueError(f'policy is "uniform" or "playout", not {self.policy!r}')
        _check_series(self)

    def numbers(self) -> List[int]:
        return _numbers(self)

    def play(self, number: int) -> Dict[str, Any]:
        return play_random(self.game_string, number, self.seed, policy=self.policy, moves=self.moves)


Job = Union[Matches, SelfPlay, Playouts]


def _check_series(job) -> None:
    tabletop.load(job.game_string)  # a LoadError now, not in a worker
    if not 0 <= job.seed <= MASK64:
        raise ValueError("seed must be from 0 to 2^64 - 1")
    if isinstance(job.games, int):
        if job.games < 0 or job.first < 0:
            raise ValueError("games and first must not be negative")
    else:
        numbers = tuple(int(n) for n in job.games)
        if any(n < 0 for n in numbers):
            raise ValueError("game numbers must not be negative")
        if len(set(numbers)) != len(numbers):
            raise ValueError("a game number is given twice")
        object.__setattr__(job, "games", numbers)


def _numbers(job) -> List[int]:
    if isinstance(job.games, int):
        return list(range(job.first, job.games))
    return list(job.games)


# ---------------------------------------------------------------------------
# One game
# ---------------------------------------------------------------------------


def _header(game: tabletop.Game, number: int, seed: int) -> Dict[str, Any]:
    return {
        "game": game.short_name,
        "game_string": game.game_string,
        "rules": _rules(game),
        "number": number,
        "seed": seed,
    }


def _move_text(state: tabletop.State, player: int, action: int) -> str:
    return state.action_to_string(player, action)


def play_match(
    game_string: str, a: str, b: str, number: int, seed: int = 0, sgf: bool = True
) -> Dict[str, Any]:
    """Game `number` of the series `a` against `b` (a row: see `tabletop.ray`)."""
    wall, cpu = time.perf_counter(), time.process_time()
    game = _load(game_string)
    n = game.num_players
    s = game_seed(seed, number)
    spec_a, spec_b = BotSpec.parse(a), BotSpec.parse(b)
    seat = number % n
    specs = [spec_a if p == seat else spec_b for p in range(n)]
    players = [
        spec.player(game, s if p == seat else seat_seed(s, p)) for p, spec in enumerate(specs)
    ]
    rng = tabletop.Rng(s)
    state = game.new_initial_state()
    texts: List[str] = []
    turns, forced, playouts, think = [0] * n, [0] * n, [0] * n, [0.0] * n
    while not state.is_terminal():
        p = state.current_player()
        if p < 0:
            action = state.sample_chance(rng)
        else:
            action, report = players[p].act(state, rng)
            turns[p] += 1
            if report is not None:
                forced[p] += not report["children"]
                playouts[p] += report["playouts"]
                think[p] += report["seconds"]
        if action is None:
            raise tabletop.TabletopError(f"no action at a state that is not terminal: {state!r}")
        texts.append(_move_text(state, p, action))
        state.apply_action(action)
    returns = state.returns()
    row = _header(game, number, s)
    row.update(
        {
            "bots": [str(spec) for spec in specs],
            "bot_a": str(spec_a),
            "bot_b": str(spec_b),
            "seat_a": seat,
            "moves": state.history(),
            "moves_text": texts,
            "length": len(texts),
            "returns": returns,
            "scores": state.scores(),
            "result": returns[seat],
            "turns": turns,
            "forced": forced,
            "playouts": playouts,
            "think_seconds": think,
            "sgf": go_sgf(state, str(specs[0]), str(specs[1])) if sgf and game.short_name == "go" else None,
            "seconds": time.perf_counter() - wall,
            "cpu_seconds": time.process_time() - cpu,
        }
    )
    return row


def play_self_play(
    game_string: str,
    bot: str,
    number: int,
    seed: int = 0,
    explore_moves: int = 0,
    observations: bool = False,
    sgf: bool = True,
) -> Dict[str, Any]:
    """Game `number` of a self-play generation (a row: see `tabletop.ray`)."""
    wall, cpu = time.perf_counter(), time.process_time()
    game = _load(game_string)
    n = game.num_players
    s = game_seed(seed, number)
    spec = BotSpec.parse(bot)
    bots = [spec.player(game, seat_seed(s, p)) for p in range(n)]
    rng = tabletop.Rng(s)
    explore = random.Random(s)
    state = game.new_initial_state()
    texts: List[str] = []
    decisions: List[int] = []
    movers: List[int] = []
    policy_actions: List[List[int]] = []
    policy_visits: List[List[int]] = []
    values: List[float] = []
    obs: List[List[float]] = []
    playouts = 0
    while not state.is_terminal():
        p = state.current_player()
        if p < 0:
            action = state.sample_chance(rng)
        else:
            if observations:
                obs.append(state.observation_tensor(p).tolist())
            action, report = bots[p].act(state, rng)
            children = report["children"]
            if children:
                acts = [c[0] for c in children]
                visits = [c[1] for c in children]
            else:  # a forced move: played without a search
                acts, visits = [action], [1]
            if len(decisions) < explore_moves and sum(visits) > 0:
                action = explore.choices(acts, weights=visits)[0]
            decisions.append(len(texts))
            movers.append(p)
            policy_actions.append(acts)
            policy_visits.append(visits)
            values.append(float(report["value"]))
            playouts += report["playouts"]
        if action is None:
            raise tabletop.TabletopError(f"no action at a state that is not terminal: {state!r}")
        texts.append(_move_text(state, p, action))
        state.apply_action(action)
    row = _header(game, number, s)
    row.update(
        {
            "bot": str(spec),
            "bots": [str(spec)] * n,
            "moves": state.history(),
            "moves_text": texts,
            "length": len(texts),
            "returns": state.returns(),
            "scores": state.scores(),
            "decisions": decisions,
            "players": movers,
            "policy_actions": policy_actions,
            "policy_visits": policy_visits,
            "root_values": values,
            "observations": obs if observations else None,
            "playouts": playouts,
            "sgf": go_sgf(state, str(spec), str(spec)) if sgf and game.short_name == "go" else None,
            "seconds": time.perf_counter() - wall,
            "cpu_seconds": time.process_time() - cpu,
        }
    )
    return row


def play_random(
    game_string: str, number: int, seed: int = 0, policy: str = "uniform", moves: bool = False
) -> Dict[str, Any]:
    """Random game `number` (a row: see `tabletop.ray`). Without its moves it is
    ``Game.random_playouts(1, seed)``, whole in Rust; with them, the same game
    stepped from Python (the same generator, the same actions)."""
    wall, cpu = time.perf_counter(), time.process_time()
    game = _load(game_string)
    s = game_seed(seed, number)
    history: Optional[List[int]] = None
    if moves:
        rng = tabletop.Rng(s)
        state = game.new_initial_state()
        if policy == "playout":
            state.play_out(rng)
        else:
            while not state.is_terminal():
                a = state.sample_chance(rng) if state.is_chance_node() else state.random_action(rng)
                state.apply_action(a)
        history = state.history()
        length, returns = len(history), state.returns()
    else:
        result = game.random_playouts(1, seed=s, policy=policy)
        length, returns = result["lengths"][0], result["returns"][0]
    row = _header(game, number, s)
    row.update(
        {
            "policy": policy,
            "bots": ["random" if policy == "uniform" else "playout"] * game.num_players,
            "length": length,
            "returns": returns,
            "moves": history,
            "seconds": time.perf_counter() - wall,
            "cpu_seconds": time.process_time() - cpu,
        }
    )
    return row


def play_chunk(job: Job, numbers: Sequence[int]) -> List[Dict[str, Any]]:
    """The rows of the games `numbers` of `job`, in that order."""
    return [job.play(k) for k in numbers]
