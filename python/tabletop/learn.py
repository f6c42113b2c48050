"""AlphaZero-style learning on CPU: self-play with the PUCT search and a
network, a replay buffer, a PyTorch training loop, checkpoints, and a learning
curve; matches against the MCTS bot and against random play.

    python -m tabletop.learn train o_an_quan --minutes 25 --seed 1 \\
        --out target/learn/o_an_quan --net python/tabletop/nets/o_an_quan.pt \\
        --curve docs/img/learning_o_an_quan.png --set eval_every_minutes=4
    python -m tabletop.learn match o_an_quan --net python/tabletop/nets/o_an_quan.pt \\
        --games 200 --simulations 200
    python -m tabletop.learn match o_an_quan --net ... --seconds 0.05 --games 100

The runs, the nets they made (``python/tabletop/nets/``) and the matches
are in ``docs/learning.md``. ``load_net(path)`` gives a trained network
back, ``TorchEvaluator(net)`` the callable
:class:`tabletop._tabletop.PuctBot` takes, and ``puct_bot(path)`` both at
once. Needs PyTorch (``pip install tabletop-games[learn]``); tqdm and
matplotlib are used when installed (a progress bar, the curve's PNG).

The pieces, for a training loop of your own: :func:`build_net` (a small MLP,
or a small residual convnet for Go), :class:`TorchEvaluator`,
:func:`self_play` (many games at once through ``PuctBot.search_many``, so
that one network call judges the leaves of all of them), :class:`Replay`,
:func:`train_steps`, and :func:`play_match`.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Optional, Sequence

import numpy as np

import tabletop
from tabletop._tabletop import Bot, PuctBot

__all__ = [
    "Settings",
    "SETTINGS",
    "PuctBot",
    "Replay",
    "TorchEvaluator",
    "build_net",
    "load_net",
    "main",
    "play_match",
    "puct_bot",
    "save_net",
    "self_play",
    "teach",
    "teacher_games",
    "load_teacher",
    "train",
    "train_steps",
    "wilson",
]


def _torch():
    try:
        import torch
    except ImportError as e:  # pragma: no cover - depends on the machine
        raise ImportError(
            "tabletop.learn needs PyTorch: pip install 'tabletop-games[learn]' (or torch)"
        ) from e
    return torch


# ---------------------------------------------------------------------------
# Settings


@dataclass
class Settings:
    """One training run's settings (the defaults per game are in ``SETTINGS``)."""

    game: str
    net: dict = field(default_factory=lambda: {"kind": "mlp", "hidden": 128, "layers": 3})
    simulations: int = 100  # a search whose move is recorded for training
    fast_simulations: int = 25  # the other moves (playout cap randomisation)
    full_share: float = 0.25  # the share of moves searched in full
    batch_size: int = 4  # leaves a search sends a round
    c_puct: float = 1.5
    first_play_reduction: float = 0.2
    dirichlet_alpha: float = 0.5
    dirichlet_epsilon: float = 0.25
    temperature_moves: int = 8  # moves drawn from the visits; then the most visited
    games_at_once: int = 64
    replay_capacity: int = 100_000
    train_batch: int = 256
    reuse: float = 4.0  # times each new sample is used in training, on average
    min_samples: int = 2000  # training starts after
    lr: float = 1e-3
    weight_decay: float = 1e-4
    eval_every_minutes: float = 6.0
    eval_games: int = 40  # against the MCTS bot, each measurement
    eval_random_games: int = 40  # against random play
    eval_simulations: int = 100
    threads: int = 1  # torch's threads
    symmetries: bool = False  # Go: the board's eight symmetries in training
    rollouts: int = 0  # playouts a leaf mixed into the net's value (AlphaGo's mixing)
    rollout_weight: float = 0.5  # the playouts' share of a leaf's value
    teacher_data: Optional[str] = None  # samples of `teach` to learn from first
    teacher_epochs: float = 0.0  # passes over them before self-play


SETTINGS: dict[str, Settings] = {
    "o_an_quan": Settings(
        game="o_an_quan",
        net={"kind": "mlp", "hidden": 128, "layers": 3},
        dirichlet_alpha=1.0,
    ),
    "hoop_race": Settings(
        game="hoop_race",
        net={"kind": "mlp", "hidden": 128, "layers": 3},
        dirichlet_alpha=1.0,
        temperature_moves=4,
        simulations=64,
        fast_simulations=16,
        eval_simulations=64,
    ),
    "go": Settings(
        game="go(board_size=9,komi=7.5)",
        net={"kind": "conv", "filters": 32, "blocks": 4},
        rollouts=1,  # the net's values mixed with a heavy playout's (AlphaGo)
        teacher_epochs=6.0,  # with --teacher: passes over the MCTS bot's games
        simulations=100,
        fast_simulations=25,
        dirichlet_alpha=0.15,
        temperature_moves=12,
        games_at_once=64,
        batch_size=4,
        replay_capacity=250_000,
        reuse=2.0,
        eval_every_minutes=10.0,
        eval_games=20,
        eval_random_games=10,
        symmetries=True,
    ),
}


def settings_for(name: str) -> Settings:
    """The default settings for a game name (``go`` means 9×9, komi 7.5) or a
    game string."""
    key = name.split("(")[0]
    base = SETTINGS.get(key)
    if base is None:
        base = Settings(game=name)
    s = Settings(**asdict(base))
    if "(" in name:
        s.game = name
    return s


# ---------------------------------------------------------------------------
# Networks


def build_net(spec: dict):
    """A network for ``spec``: ``{"kind": "mlp", "hidden", "layers"}`` or
    ``{"kind": "conv", "filters", "blocks"}``, with ``obs_shape``,
    ``num_actions`` and ``num_players``. Its forward pass takes a float32
    batch of observations and returns (policy logits, values in -1..1 for
    every player). Inputs go through ``sign(x)·log(1+|x|)``, so that stone
    counts and one-hot planes alike are small numbers."""
    torch = _torch()
    nn = torch.nn
    obs_shape = list(spec["obs_shape"])
    actions = int(spec["num_actions"])
    players = int(spec["num_players"])

    def squash(x):
        return torch.sign(x) * torch.log1p(torch.abs(x))

    if spec["kind"] == "mlp":

        class MLP(nn.Module):
            def __init__(self):
                super().__init__()
                width = int(np.prod(obs_shape))
                hidden = int(spec.get("hidden", 128))
                layers = []
                for _ in range(int(spec.get("layers", 3))):
                    layers += [nn.Linear(width, hidden), nn.LayerNorm(hidden), nn.ReLU()]
                    width = hidden
                self.trunk = nn.Sequential(*layers)
                self.policy = nn.Linear(hidden, actions)
                self.value = nn.Linear(hidden, players)

            def forward(self, x):
                h = self.trunk(squash(x.reshape(x.shape[0], -1)))
                return self.policy(h), torch.tanh(self.value(h))

        return MLP()

    if spec["kind"] == "conv":
        channels, height, width = obs_shape
        filters = int(spec.get("filters", 32))

        class Block(nn.Module):
            def __init__(self):
                super().__init__()
                self.c1 = nn.Conv2d(filters, filters, 3, padding=1, bias=False)
                self.b1 = nn.BatchNorm2d(filters)
                self.c2 = nn.Conv2d(filters, filters, 3, padding=1, bias=False)
                self.b2 = nn.BatchNorm2d(filters)

            def forward(self, x):
                y = torch.relu(self.b1(self.c1(x)))
                return torch.relu(x + self.b2(self.c2(y)))

        class Conv(nn.Module):
            def __init__(self):
                super().__init__()
                self.stem = nn.Sequential(
                    nn.Conv2d(channels, filters, 3, padding=1, bias=False),
                    nn.BatchNorm2d(filters),
                    nn.ReLU(),
                )
                self.blocks = nn.Sequential(*[Block() for _ in range(int(spec.get("blocks", 4)))])
                self.p_conv = nn.Sequential(nn.Conv2d(filters, 2, 1, bias=False), nn.BatchNorm2d(2), nn.ReLU())
                self.p_out = nn.Linear(2 * height * width, actions)
                self.v_conv = nn.Sequential(nn.Conv2d(filters, 1, 1, bias=False), nn.BatchNorm2d(1), nn.ReLU())
                self.v_out = nn.Sequential(nn.Linear(height * width, 64), nn.ReLU(), nn.Linear(64, players))

            def forward(self, x):
                x = x.reshape(x.shape[0], channels, height, width)
                h = self.blocks(self.stem(squash(x)))
                p = self.p_out(self.p_conv(h).flatten(1))
                v = torch.tanh(self.v_out(self.v_conv(h).flatten(1)))
                return p, v

        return Conv()

    raise ValueError(f"unknown network kind {spec['kind']!r}")


def net_spec(game, arch: dict) -> dict:
    """``arch`` completed with the game's shapes."""
    spec = dict(arch)
    spec["obs_shape"] = list(game.observation_shape)
    spec["num_actions"] = game.num_distinct_actions
    spec["num_players"] = game.num_players
    spec["game"] = game.game_string
    return spec


def save_net(path: str, net, spec: dict, extra: Optional[dict] = None) -> None:
    """Writes the network's weights (as float16 where they are float32: half
    the file, the same play) with its spec."""
    torch = _torch()
    state = {k: (v.half() if v.dtype == torch.float32 else v) for k, v in net.state_dict().items()}
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    torch.save({"spec": spec, "state_dict": state, "extra": extra or {}}, path)


def load_net(path: str):
    """The network saved at ``path`` and its spec (the game string is
    ``spec["game"]``), ready for inference."""
    torch = _torch()
    data = torch.load(path, map_location="cpu", weights_only=True)
    net = build_net(data["spec"])
    state = {k: (v.float() if v.dtype == torch.float16 else v) for k, v in data["state_dict"].items()}
    net.load_state_dict(state)
    net.eval()
    return net, data["spec"]


class TorchEvaluator:
    """A network as the callable ``PuctBot`` wants: observations and masks in,
    (priors, values) out, as NumPy arrays. Counts its calls, leaves and time."""

    def __init__(self, net, threads: int = 1):
        self.torch = _torch()
        self.net = net
        self.threads = threads
        self.calls = 0
        self.leaves = 0
        self.seconds = 0.0

    def __call__(self, observations: np.ndarray, masks: np.ndarray):
        torch = self.torch
        start = time.perf_counter()
        if torch.get_num_threads() != self.threads:
            torch.set_num_threads(self.threads)
        self.net.eval()
        with torch.inference_mode():
            logits, values = self.net(torch.from_numpy(observations))
            logits = logits.masked_fill(~torch.from_numpy(masks), float("-inf"))
            priors = torch.softmax(logits, dim=1)
        self.calls += 1
        self.leaves += observations.shape[0]
        self.seconds += time.perf_counter() - start
        return priors.numpy(), values.numpy()


def puct_bot(path: str, simulations: int = 200, seed: int = 0, **kwargs) -> PuctBot:
    """A ``PuctBot`` playing with the network saved at ``path`` (its game from
    the file, and the search settings it was trained with: ``rollouts`` and
    ``rollout_weight`` unless given), no noise, the most visited move."""
    net, spec = load_net(path)
    for key, value in spec.get("search", {}).items():
        kwargs.setdefault(key, value)
    kwargs.setdefault("batch_size", 8)
    kwargs.setdefault("first_play_reduction", 0.2)
    return PuctBot(
        tabletop.load(spec["game"]),
        TorchEvaluator(net, threads=kwargs.pop("threads", 1)),
        simulations=simulations,
        seed=seed,
        **kwargs,
    )


# ---------------------------------------------------------------------------
# Self-play and the replay buffer


class Replay:
    """A ring buffer of training samples: observation, legal mask, the
    search's policy, every player's final return."""

    def __init__(self, capacity: int, obs_shape: Sequence[int], actions: int, players: int):
        self.capacity = capacity
        self.obs = np.zeros((capacity, *obs_shape), np.float32)
        self.mask = np.zeros((capacity, actions), np.bool_)
        self.policy = np.zeros((capacity, actions), np.float32)
        self.value = np.zeros((capacity, players), np.float32)
        self.size = 0
        self.next = 0
        self.added = 0

    def add(self, obs, mask, policy, value) -> None:
        n = len(obs)
        for k in range(n):
            i = self.next
            self.obs[i] = obs[k]
            self.mask[i] = mask[k]
            self.policy[i] = policy[k]
            self.value[i] = value[k]
            self.next = (i + 1) % self.capacity
        self.size = min(self.capacity, self.size + n)
        self.added += n

    def sample(self, n: int, rng: np.random.Generator):
        idx = rng.integers(0, self.size, size=n)
        return self.obs[idx], self.mask[idx], self.policy[idx], self.value[idx]

    def save(self, path: str) -> None:
        np.savez_compressed(
            path,
            obs=self.obs[: self.size],
            mask=self.mask[: self.size],
            policy=self.policy[: self.size],
            value=self.value[: self.size],
            next=self.next,
            added=self.added,
        )

    def load(self, path: str) -> None:
        d = np.load(path)
        n = min(len(d["obs"]), self.capacity)
        self.obs[:n] = d["obs"][:n]
        self.mask[:n] = d["mask"][:n]
        self.policy[:n] = d["policy"][:n]
        self.value[:n] = d["value"][:n]
        self.size = n
        self.next = int(d["next"]) % self.capacity
        self.added = int(d["added"])


def _resolve_chance(state, rng) -> None:
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))


def self_play(game, bot: PuctBot, settings: Settings, games: int, seed: int, replay: Optional[Replay] = None) -> dict:
    """Plays ``games`` games of self-play at once: every decision searched by
    ``bot`` through ``search_many`` (in full, ``settings.simulations`` with
    root noise, for a share ``full_share`` of the moves, whose search policy
    is kept; else ``fast_simulations`` without noise), the first
    ``temperature_moves`` moves drawn from the visits, then the most visited.
    Each kept move becomes a sample with the game's final returns. Returns
    the counts."""
    rng = tabletop.Rng(seed)
    choice = np.random.default_rng(seed)
    states = [game.new_initial_state() for _ in range(games)]
    moves = [0] * games
    kept: list[list] = [[] for _ in range(games)]
    active = list(range(games))
    players = game.num_players
    obs_shape = tuple(game.observation_shape)
    samples = 0
    lengths = []
    while active:
        still = []
        for i in active:
            _resolve_chance(states[i], rng)
            if states[i].is_terminal():
                returns = np.asarray(states[i].returns(), np.float32)
                if replay is not None and kept[i]:
                    obs, mask, pol = zip(*kept[i])
                    replay.add(obs, mask, pol, [returns] * len(obs))
                samples += len(kept[i])
                lengths.append(moves[i])
            else:
                still.append(i)
        active = still
        if not active:
            break
        full = choice.random(len(active)) < settings.full_share
        for group, sims, noise in (
            ([i for i, f in zip(active, full) if f], settings.simulations, (settings.dirichlet_alpha, settings.dirichlet_epsilon)),
            ([i for i, f in zip(active, full) if not f], settings.fast_simulations, None),
        ):
            if not group:
                continue
            bot.simulations = sims
            bot.dirichlet = noise
            reports = bot.search_many([states[i] for i in group])
            for i, r in zip(group, reports):
                s = states[i]
                if noise is not None and r["simulations"] > 0:
                    p = s.current_player()
                    kept[i].append((np.asarray(s.observation_tensor(p), np.float32).reshape(obs_shape), s.action_mask(p).astype(np.bool_), r["policy"]))
                if moves[i] < settings.temperature_moves and r["simulations"] > 0:
                    policy = r["policy"].astype(np.float64)
                    action = int(choice.choice(len(policy), p=policy / policy.sum()))
                else:
                    action = r["action"]
                s.apply_action(action)
                moves[i] += 1
    return {"games": games, "samples": samples, "moves": sum(lengths), "mean_length": float(np.mean(lengths)) if lengths else 0.0}


def teacher_games(game_string: str, playouts: int, games: int, seed: int, temperature_moves: int = 12) -> dict:
    """Expert games for a warm start: the MCTS bot (``tabletop.Bot``,
    ``playouts`` a move) against itself, ``games`` games one after another.
    Every move becomes a sample: the observation and legal mask of the player
    to move, the bot's visit shares as the policy target, and the game's final
    returns as the value target. The first ``temperature_moves`` moves are
    drawn from the visits (so the games differ), the others are the bot's
    choice. Returns NumPy arrays ``obs``, ``mask``, ``policy``, ``value`` and
    the counts. Picklable arguments: :func:`train` runs it in worker
    processes."""
    game = tabletop.load(game_string)
    rng = tabletop.Rng(seed)
    choice = np.random.default_rng(seed)
    actions = game.num_distinct_actions
    obs_shape = tuple(game.observation_shape)
    out: dict[str, list] = {"obs": [], "mask": [], "policy": [], "value": []}
    moves = 0
    for k in range(games):
        bot = Bot(game, playouts=playouts, seed=seed * 1_000_003 + k)
        state = game.new_initial_state()
        first = len(out["obs"])
        played = 0
        while True:
            _resolve_chance(state, rng)
            if state.is_terminal():
                break
            p = state.current_player()
            report = bot.search(state)
            policy = np.zeros(actions, np.float32)
            for child in report.get("children", []):
                policy[child[0]] += child[1]
            if policy.sum() > 0:
                policy /= policy.sum()
                out["obs"].append(np.asarray(state.observation_tensor(p), np.float32).reshape(obs_shape))
                out["mask"].append(state.action_mask(p).astype(np.bool_))
                out["policy"].append(policy)
            if played < temperature_moves and policy.sum() > 0:
                weights = policy.astype(np.float64)
                action = int(choice.choice(actions, p=weights / weights.sum()))
            else:
                action = report["action"]
            state.apply_action(action)
            played += 1
        returns = np.asarray(state.returns(), np.float32)
        out["value"].extend([returns] * (len(out["obs"]) - first))
        moves += played
    arrays = {
        k: (np.stack(v) if v else np.zeros((0,), np.float32)) for k, v in out.items()
    }
    arrays.update({"games": games, "moves": moves})
    return arrays


def _teacher_worker(args) -> int:
    """One worker of :func:`teach`: chunks of teacher games until the clock
    runs out (one at least), each chunk saved as ``chunk_W_K.npz``."""
    game_string, playouts, chunk, seed, worker, out, deadline, temperature_moves = args
    k = 0
    while k == 0 or time.time() < deadline:
        arrays = teacher_games(game_string, playouts, chunk, seed * 7_919 + worker * 100_003 + k, temperature_moves)
        np.savez_compressed(os.path.join(out, f"chunk_{worker}_{k}.npz"), **arrays)
        k += 1
    return k


def teach(game_string: str, minutes: float, playouts: int, out: str, seed: int = 1, workers: int = 2, chunk: int = 10, temperature_moves: int = 12) -> dict:
    """Plays teacher games (:func:`teacher_games`) in ``workers`` processes
    for ``minutes`` (a chunk in progress is finished; each worker plays one
    chunk at least), writing chunks of
    ``chunk`` games to ``out``; :func:`load_teacher` reads them back."""
    import multiprocessing

    os.makedirs(out, exist_ok=True)
    deadline = time.time() + minutes * 60.0
    jobs = [(game_string, playouts, chunk, seed, w, out, deadline, temperature_moves) for w in range(workers)]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        chunks = pool.map(_teacher_worker, jobs)
    data = load_teacher(out)
    info = {"game": game_string, "playouts": playouts, "minutes": minutes, "seed": seed, "workers": workers, "chunks": int(sum(chunks)), "games": data["games"], "samples": len(data["obs"])}
    with open(os.path.join(out, "teacher.json"), "w") as f:
        json.dump(info, f, indent=1)
    return info


def load_teacher(path: str) -> dict:
    """The teacher samples saved by :func:`teach` in ``path``, concatenated
    (sorted by file name, so the order is the same on every run)."""
    names = sorted(n for n in os.listdir(path) if n.startswith("chunk_") and n.endswith(".npz"))
    parts = {"obs": [], "mask": [], "policy": [], "value": []}
    games = 0
    for n in names:
        d = np.load(os.path.join(path, n))
        if len(d["obs"]) == 0:
            continue
        for key in parts:
            parts[key].append(d[key])
        games += int(d["games"])
    if not parts["obs"]:
        raise ValueError(f"no teacher samples in {path}")
    data = {key: np.concatenate(v) for key, v in parts.items()}
    data["games"] = games
    return data


def _symmetries(obs, mask, policy, rng, board: int):
    """A random one of the board's eight symmetries for each sample (Go: the
    planes and the points of the policy; the pass stays)."""
    n = obs.shape[0]
    points = board * board
    obs = obs.copy()
    mask = mask.copy()
    policy = policy.copy()
    ks = rng.integers(0, 8, size=n)
    for k in range(8):
        idx = np.nonzero(ks == k)[0]
        if len(idx) == 0 or k == 0:
            continue

        def t(a):
            a = np.rot90(a, k % 4, axes=(-2, -1))
            return np.flip(a, axis=-1) if k >= 4 else a

        obs[idx] = t(obs[idx])
        for arr in (mask, policy):
            grid = arr[idx, :points].reshape(len(idx), board, board)
            arr[idx, :points] = t(grid).reshape(len(idx), points)
    return obs, mask, policy


def train_steps(net, optimizer, replay: Replay, steps: int, batch: int, rng: np.random.Generator, board: Optional[int] = None) -> float:
    """``steps`` steps of gradient descent on samples drawn from ``replay``:
    cross-entropy of the policy (over the legal actions) plus the values'
    squared error. Returns the mean loss."""
    torch = _torch()
    net.train()
    total = 0.0
    for _ in range(steps):
        obs, mask, policy, value = replay.sample(batch, rng)
        if board is not None:
            obs, mask, policy = _symmetries(obs, mask, policy, rng, board)
        obs_t = torch.from_numpy(np.ascontiguousarray(obs))
        mask_t = torch.from_numpy(np.ascontiguousarray(mask))
        logits, v = net(obs_t)
        logits = logits.masked_fill(~mask_t, -1e9)
        logp = torch.log_softmax(logits, dim=1)
        pol_loss = -(torch.from_numpy(np.ascontiguousarray(policy)) * logp).sum(1).mean()
        val_loss = ((v - torch.from_numpy(value)) ** 2).mean()
        loss = pol_loss + val_loss
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += float(loss.detach())
    return total / max(steps, 1)


# ---------------------------------------------------------------------------
# Matches


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((c - h) / d, (c + h) / d)


def play_match(
    game,
    bot: PuctBot,
    opponent: Callable[[int], Any],
    games: int,
    seed: int = 0,
    progress: Optional[Callable[[int], None]] = None,
) -> dict:
    """``games`` games of ``bot`` (seat ``k % num_players`` in game ``k``)
    against ``opponent(k)``: ``"random"`` (uniform random moves), a ``Bot``
    or a ``PuctBot`` (one each game, made by the factory), all games at once:
    the PUCT bot's decisions of every game searched together
    (``search_many``). A win is a positive return for the bot. Returns the
    counts, the win rate, its interval, and the bot's search statistics."""
    rng = tabletop.Rng(seed)
    n = game.num_players
    states = [game.new_initial_state() for _ in range(games)]
    opponents = [opponent(k) for k in range(games)]
    seat = [k % n for k in range(games)]
    result = {"games": games, "wins": 0, "draws": 0, "losses": 0}
    stats = {"searches": 0, "simulations": 0, "evaluations": 0, "seconds": 0.0, "evaluator_seconds": 0.0, "wall": 0.0}
    active = list(range(games))
    while active:
        still = []
        for k in active:
            _resolve_chance(states[k], rng)
            s = states[k]
            if s.is_terminal():
                r = s.returns()[seat[k]]
                key = "wins" if r > 0 else ("draws" if r == 0 else "losses")
                result[key] += 1
                if progress is not None:
                    progress(1)
            else:
                still.append(k)
        active = still
        mine = [k for k in active if states[k].current_player() == seat[k]]
        if mine:
            t0 = time.perf_counter()
            reports = bot.search_many([states[k] for k in mine])
            stats["wall"] += time.perf_counter() - t0
            for k, r in zip(mine, reports):
                states[k].apply_action(r["action"])
                stats["searches"] += 1
                stats["simulations"] += r["simulations"]
                stats["evaluations"] += r["evaluations"]
                stats["seconds"] += r["seconds"]
                stats["evaluator_seconds"] += r["evaluator_seconds"]
        for k in active:
            if k in mine:
                continue
            s = states[k]
            if s.is_terminal() or s.is_chance_node() or s.current_player() == seat[k]:
                continue
            o = opponents[k]
            a = s.random_action(rng) if o == "random" else o.step(s)
            s.apply_action(a)
    result["win_rate"] = result["wins"] / games
    result["interval"] = wilson(result["wins"], games)
    result["stats"] = stats
    return result


def play_match_timed(game, make_bot: Callable[[int], Any], make_opponent: Callable[[int], Any], games: int, seed: int = 0, progress=None) -> dict:
    """As :func:`play_match` for bots with a time limit a move: one game at a
    time, each move searched alone, so that each bot has its clock to itself."""
    rng = tabletop.Rng(seed)
    n = game.num_players
    result = {"games": games, "wins": 0, "draws": 0, "losses": 0}
    stats = {"searches": 0, "simulations": 0, "evaluations": 0, "seconds": 0.0, "evaluator_seconds": 0.0, "opponent_searches": 0}
    for k in range(games):
        bot, opp = make_bot(k), make_opponent(k)
        seat = k % n
        s = game.new_initial_state()
        while True:
            _resolve_chance(s, rng)
            if s.is_terminal():
                break
            if s.current_player() == seat:
                r = bot.search(s)
                stats["searches"] += 1
                stats["simulations"] += r["simulations"]
                stats["evaluations"] += r["evaluations"]
                stats["seconds"] += r["seconds"]
                stats["evaluator_seconds"] += r["evaluator_seconds"]
                s.apply_action(r["action"])
            else:
                r = opp.search(s)
                stats["opponent_searches"] += 1
                stats.setdefault("opponent_playouts", 0)
                stats["opponent_playouts"] += r.get("playouts", r.get("simulations", 0))
                s.apply_action(r["action"])
        ret = s.returns()[seat]
        result["wins" if ret > 0 else ("draws" if ret == 0 else "losses")] += 1
        if progress is not None:
            progress(1)
    result["win_rate"] = result["wins"] / games
    result["interval"] = wilson(result["wins"], games)
    result["stats"] = stats
    return result


# ---------------------------------------------------------------------------
# Training


class _Progress:
    """tqdm when installed, else a line every few percent."""

    def __init__(self, total: float, desc: str, unit: str = "s"):
        self.total = total
        self.done = 0.0
        self.desc = desc
        self.last = -1
        try:
            from tqdm import tqdm

            self.bar = tqdm(total=total, desc=desc, unit=unit, dynamic_ncols=True, file=sys.stderr)
        except ImportError:
            self.bar = None

    def update(self, n: float, **post) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.update(n)
            if post:
                self.bar.set_postfix(post, refresh=False)
            return
        pct = int(100 * self.done / max(self.total, 1e-9))
        if pct // 5 != self.last // 5:
            self.last = pct
            extra = " ".join(f"{k}={v}" for k, v in post.items())
            print(f"{self.desc}: {pct}% {extra}", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _evaluate(game, net, settings: Settings, seed: int) -> dict:
    """The current network at ``eval_simulations`` against the MCTS bot at as
    many playouts, and against uniform random play."""
    ev = TorchEvaluator(net, threads=settings.threads)
    n = settings.eval_simulations
    bot = PuctBot(
        game, ev, simulations=n, batch_size=settings.batch_size, c_puct=settings.c_puct,
        first_play_reduction=settings.first_play_reduction, rollouts=settings.rollouts,
        rollout_weight=settings.rollout_weight, seed=seed,
    )
    mcts = play_match(game, bot, lambda k: Bot(game, playouts=n, seed=seed * 1000 + k), settings.eval_games, seed)
    rnd = play_match(game, bot, lambda k: "random", settings.eval_random_games, seed + 1)
    return {"vs_mcts": mcts["win_rate"], "vs_mcts_interval": mcts["interval"], "vs_random": rnd["win_rate"], "vs_random_interval": rnd["interval"]}


def plot_curve(curve: list, path: str, title: str) -> bool:
    """The learning curve as a PNG: win rates against the MCTS bot and
    against random play over the training time. False without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    xs = [p["minutes"] for p in curve]
    fig, ax = plt.subplots(figsize=(6.4, 3.8), dpi=100)
    for key, label, color in (("vs_mcts", "against the MCTS bot (equal simulations)", "tab:blue"), ("vs_random", "against uniform random play", "tab:orange")):
        ys = [100 * p[key] for p in curve]
        lo = [100 * p[key + "_interval"][0] for p in curve]
        hi = [100 * p[key + "_interval"][1] for p in curve]
        ax.plot(xs, ys, marker="o", color=color, label=label)
        ax.fill_between(xs, lo, hi, color=color, alpha=0.15)
    ax.set_xlabel("training time (minutes, 2 cores, evaluation included)")
    ax.set_ylabel("win rate (%)")
    ax.set_ylim(0, 100)
    ax.grid(alpha=0.3)
    ax.set_title(title, fontsize=10)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
    return True


def train(settings: Settings, minutes: float, seed: int, out: str, net_path: Optional[str] = None, curve_path: Optional[str] = None, resume: bool = False) -> dict:
    """Trains a network for ``settings.game`` for ``minutes`` of wall time
    (evaluations included): with ``settings.teacher_data`` (samples of
    :func:`teach`), first ``teacher_epochs`` passes over them (the network
    then saved as ``out/after_lessons.pt``); then rounds of self-play
    (``games_at_once`` games, the net's values mixed with ``rollouts``
    playouts a leaf when set),
    then training steps on the replay buffer, a checkpoint after each round
    in ``out`` (the network, the optimiser, the buffer, the curve), and every
    ``eval_every_minutes`` a measurement against the MCTS bot and random
    play. Writes the final network to ``net_path`` and the curve to
    ``curve_path`` (PNG) and ``out/curve.json``."""
    torch = _torch()
    torch.manual_seed(seed)
    torch.set_num_threads(settings.threads)
    game = tabletop.load(settings.game)
    spec = net_spec(game, settings.net)
    if settings.rollouts:
        # The search the net learnt in, for `puct_bot` and `match`.
        spec["search"] = {"rollouts": settings.rollouts, "rollout_weight": settings.rollout_weight}
    net = build_net(spec)
    opt = torch.optim.Adam(net.parameters(), lr=settings.lr, weight_decay=settings.weight_decay)
    replay = Replay(settings.replay_capacity, game.observation_shape, game.num_distinct_actions, game.num_players)
    rng = np.random.default_rng(seed)
    board = None
    if settings.symmetries:
        shape = game.observation_shape
        if len(shape) == 3 and shape[1] == shape[2] and game.num_distinct_actions == shape[1] * shape[2] + 1:
            board = shape[1]
    os.makedirs(out, exist_ok=True)
    ckpt = os.path.join(out, "checkpoint.pt")
    state = {"round": 0, "elapsed": 0.0, "games": 0, "curve": [], "next_eval": 0.0, "losses": []}
    if resume and os.path.exists(ckpt):
        data = torch.load(ckpt, map_location="cpu", weights_only=False)
        net.load_state_dict(data["net"])
        opt.load_state_dict(data["opt"])
        state = data["state"]
        rng = np.random.default_rng([seed, state["round"]])
        if os.path.exists(os.path.join(out, "replay.npz")):
            replay.load(os.path.join(out, "replay.npz"))
    with open(os.path.join(out, "settings.json"), "w") as f:
        json.dump({"settings": asdict(settings), "minutes": minutes, "seed": seed, "spec": spec}, f, indent=1)
    evaluator = TorchEvaluator(net, threads=settings.threads)
    bot = PuctBot(
        game, evaluator, simulations=settings.simulations, batch_size=settings.batch_size,
        c_puct=settings.c_puct, first_play_reduction=settings.first_play_reduction,
        dirichlet_alpha=settings.dirichlet_alpha, dirichlet_epsilon=settings.dirichlet_epsilon,
        rollouts=settings.rollouts, rollout_weight=settings.rollout_weight, seed=seed,
    )
    budget = minutes * 60.0
    bar = _Progress(budget, settings.game.split("(")[0])
    bar.update(min(state["elapsed"], budget))
    start = time.perf_counter() - state["elapsed"]

    def elapsed() -> float:
        return time.perf_counter() - start

    def measure() -> None:
        t0 = elapsed()
        point = _evaluate(game, net, settings, seed + 7919 * (len(state["curve"]) + 1))
        point.update({"minutes": t0 / 60.0, "games": state["games"], "samples": replay.added, "round": state["round"]})
        state["curve"].append(point)
        print(
            f"\n[{t0 / 60:.1f} min] round {state['round']}, {state['games']} games, {replay.added} samples: "
            f"{100 * point['vs_mcts']:.0f} % against MCTS, {100 * point['vs_random']:.0f} % against random",
            file=sys.stderr,
            flush=True,
        )
        with open(os.path.join(out, "curve.json"), "w") as f:
            json.dump(state["curve"], f, indent=1)

    if settings.teacher_data and not state["curve"]:
        # A warm start: the teacher's games (`teach`) in the buffer, and
        # `teacher_epochs` passes over them before the first self-play round.
        data = load_teacher(settings.teacher_data)
        replay.add(data["obs"], data["mask"], data["policy"], data["value"])
        steps = int(settings.teacher_epochs * len(data["obs"]) / settings.train_batch)
        lessons = _Progress(steps, "lessons", unit="step")
        done = 0
        while done < steps:
            k = min(200, steps - done)
            loss = train_steps(net, opt, replay, k, settings.train_batch, rng, board)
            state["losses"].append(loss)
            done += k
            lessons.update(k, loss=f"{loss:.3f}")
        lessons.close()
        state["teacher"] = {"games": data["games"], "samples": int(len(data["obs"])), "steps": steps}
        save_net(os.path.join(out, "after_lessons.pt"), net, spec, {"teacher": state["teacher"], "seed": seed})
    if not state["curve"]:
        measure()
        state["next_eval"] = settings.eval_every_minutes * 60.0
    loss = float("nan")
    while elapsed() < budget:
        t0 = elapsed()
        played = self_play(game, bot, settings, settings.games_at_once, seed * 100_003 + state["round"], replay)
        state["games"] += played["games"]
        if replay.size >= settings.min_samples:
            steps = max(1, int(played["samples"] * settings.reuse / settings.train_batch))
            loss = train_steps(net, opt, replay, steps, settings.train_batch, rng, board)
            state["losses"].append(loss)
        state["round"] += 1
        state["elapsed"] = elapsed()
        torch.save({"net": net.state_dict(), "opt": opt.state_dict(), "state": state}, ckpt)
        if state["round"] % 5 == 0:
            replay.save(os.path.join(out, "replay.npz"))
        if elapsed() >= state["next_eval"] or elapsed() >= budget:
            measure()
            state["next_eval"] = elapsed() + settings.eval_every_minutes * 60.0
        bar.update(min(elapsed(), budget) - min(t0, budget), games=state["games"], samples=replay.added, loss=f"{loss:.3f}", length=f"{played['mean_length']:.0f}")
    bar.close()
    state["elapsed"] = elapsed()
    torch.save({"net": net.state_dict(), "opt": opt.state_dict(), "state": state}, ckpt)
    replay.save(os.path.join(out, "replay.npz"))
    extra = {"minutes": state["elapsed"] / 60.0, "games": state["games"], "samples": replay.added, "seed": seed, "settings": asdict(settings), "teacher": state.get("teacher")}
    save_net(os.path.join(out, "final.pt"), net, spec, extra)
    if net_path:
        save_net(net_path, net, spec, extra)
    if curve_path:
        plot_curve(state["curve"], curve_path, f"{settings.game.split('(')[0]}: PUCT + network, {settings.eval_simulations} simulations a move")
    return {"curve": state["curve"], **extra}


# ---------------------------------------------------------------------------
# The command line


def _match_command(args) -> None:
    game_string = args.game
    net_path = args.net
    if net_path:
        net, spec = load_net(net_path)
        game = tabletop.load(spec["game"])
    else:
        net, spec = None, None
        game = tabletop.load(settings_for(game_string).game)
    threads = args.threads
    net_eval = TorchEvaluator(net, threads=threads) if net is not None else None

    def make_puct(k: int, seconds=None):
        ev = net_eval
        kwargs = dict(
            simulations=args.simulations if seconds is None else 10_000_000,
            batch_size=args.batch_size,
            c_puct=args.c_puct,
            first_play_reduction=args.first_play_reduction,
            seed=args.seed + k,
        )
        if seconds is not None:
            kwargs["seconds"] = seconds
        search = spec.get("search", {}) if spec else {}
        kwargs["rollouts"] = args.rollouts if args.rollouts is not None else search.get("rollouts", 0)
        kwargs["rollout_weight"] = args.rollout_weight if args.rollout_weight is not None else search.get("rollout_weight", 0.5)
        return PuctBot(game, ev, **kwargs)

    bar = _Progress(args.games, "games", unit="game")
    start = time.perf_counter()
    if args.seconds:
        res = play_match_timed(
            game,
            lambda k: make_puct(k, args.seconds),
            lambda k: Bot(game, seconds=args.seconds, seed=args.seed * 1000 + k),
            args.games,
            args.seed,
            progress=bar.update,
        )
    else:
        opponent = args.opponent
        if opponent == "random":
            make_opp = lambda k: "random"  # noqa: E731
        else:
            make_opp = lambda k: Bot(game, playouts=args.simulations if args.opponent_playouts is None else args.opponent_playouts, seed=args.seed * 1000 + k)  # noqa: E731
        res = play_match(game, make_puct(0), make_opp, args.games, args.seed, progress=bar.update)
    bar.close()
    res["wall_seconds"] = time.perf_counter() - start
    st = res["stats"]
    if st.get("evaluator_seconds"):
        # Search time: the wall time of the search_many calls (all games at
        # once), or the sum of the single searches under a clock.
        search = st["wall"] if "wall" in st else st["seconds"]
        res["evaluations_per_second"] = st["evaluations"] / st["evaluator_seconds"]
        res["share_outside_evaluator"] = 1 - st["evaluator_seconds"] / max(search, 1e-12)
        if net_eval is not None and net_eval.seconds > 0:
            res["net_seconds"] = net_eval.seconds
            res["net_evaluations_per_second"] = net_eval.leaves / net_eval.seconds
            res["share_outside_net"] = 1 - net_eval.seconds / max(search, 1e-12)
    res["game"] = game.game_string
    res["args"] = vars(args)
    lo, hi = res["interval"]
    print(
        f"{game.game_string}: {res['wins']} / {res['draws']} / {res['losses']} (wins / draws / losses) "
        f"= {100 * res['win_rate']:.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]"
    )
    print(json.dumps(res, indent=1, default=float))
    if args.json:
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w") as f:
            json.dump(res, f, indent=1, default=float)


def main(argv: Optional[Sequence[str]] = None) -> None:
    """``python -m tabletop.learn {train,match,plot} …`` (``--help`` for each)."""
    p = argparse.ArgumentParser(prog="python -m tabletop.learn", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    t = sub.add_parser("train", help="self-play and training")
    t.add_argument("game", help="o_an_quan, hoop_race, go (9x9, komi 7.5) or a game string")
    t.add_argument("--minutes", type=float, default=50)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--out", default=None, help="checkpoints and the buffer (default target/learn/GAME)")
    t.add_argument("--net", default=None, help="where to write the final network")
    t.add_argument("--curve", default=None, help="where to write the learning curve (PNG)")
    t.add_argument("--resume", action="store_true")
    t.add_argument("--teacher", default=None, help="samples of `teach` to learn from before self-play (the setting teacher_data)")
    t.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="change a setting (JSON value)")
    m = sub.add_parser("match", help="a trained network (or rollouts) against the MCTS bot or random play")
    m.add_argument("game", nargs="?", default="o_an_quan")
    m.add_argument("--net", default=None)
    m.add_argument("--games", type=int, default=200)
    m.add_argument("--simulations", type=int, default=200)
    m.add_argument("--opponent", choices=["mcts", "random"], default="mcts")
    m.add_argument("--opponent-playouts", type=int, default=None)
    m.add_argument("--seconds", type=float, default=None, help="equal time a move instead of equal simulations")
    m.add_argument("--batch-size", type=int, default=8)
    m.add_argument("--c-puct", type=float, default=1.5)
    m.add_argument("--first-play-reduction", type=float, default=0.2)
    m.add_argument("--rollouts", type=int, default=None, help="playouts a leaf: the values without a net, mixed with the net's values with one (default: as the net was trained, else 0)")
    m.add_argument("--rollout-weight", type=float, default=None, help="the playouts' share of a leaf's value when there is a net (default: as trained, else 0.5)")
    m.add_argument("--threads", type=int, default=1)
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--json", default=None)
    e = sub.add_parser("teach", help="games of the MCTS bot against itself, as a network's first lessons")
    e.add_argument("game", help="o_an_quan, hoop_race, go (9x9, komi 7.5) or a game string")
    e.add_argument("--minutes", type=float, default=30)
    e.add_argument("--playouts", type=int, default=1600)
    e.add_argument("--workers", type=int, default=2)
    e.add_argument("--chunk", type=int, default=10, help="games a saved file")
    e.add_argument("--seed", type=int, default=1)
    e.add_argument("--out", default=None, help="where the samples go (default target/learn/GAME-teacher)")
    c = sub.add_parser("plot", help="redraw a curve from its curve.json")
    c.add_argument("curve_json")
    c.add_argument("png")
    c.add_argument("--title", default="")
    args = p.parse_args(argv)
    if args.command == "train":
        s = settings_for(args.game)
        for kv in args.set:
            k, _, v = kv.partition("=")
            if not hasattr(s, k):
                raise SystemExit(f"no setting {k!r}")
            setattr(s, k, json.loads(v))
        if args.teacher:
            s.teacher_data = args.teacher
        out = args.out or os.path.join("target", "learn", s.game.split("(")[0])
        r = train(s, args.minutes, args.seed, out, args.net, args.curve, args.resume)
        print(json.dumps({k: v for k, v in r.items() if k != "curve"}, indent=1, default=float))
    elif args.command == "match":
        _match_command(args)
    elif args.command == "teach":
        game_string = settings_for(args.game).game
        out = args.out or os.path.join("target", "learn", game_string.split("(")[0] + "-teacher")
        print(json.dumps(teach(game_string, args.minutes, args.playouts, out, args.seed, args.workers, args.chunk), indent=1))
    else:
        with open(args.curve_json) as f:
            curve = json.load(f)
        plot_curve(curve, args.png, args.title)


if __name__ == "__main__":
    main()
