"""Many games stepped together, for learning: N games of one game per call,
results in NumPy arrays, no Python loop per game.

Two faces over one native batch (``tabletop._tabletop.Batch``, the Rust
``tabletop::batch``):

- :class:`Batch`, a functional interface shaped like Pgx's::

      batch = tabletop.vector.make("go(board_size=9)", 1024, threads=2)
      state = batch.init(seed=0)                    # or a list of 1024 seeds
      rng = tabletop.Rng(1)
      while ...:
          state = batch.step(state, batch.random_actions(rng))
          state.observation, state.legal_action_mask, state.rewards,
          state.terminated, state.truncated, state.current_player

- :class:`VectorEnv`, a Gymnasium ``VectorEnv`` (``reset(seed=…)``,
  ``step(actions)``, the ``single_*`` and batched spaces, ``num_envs``), with
  same-step autoreset (``metadata["autoreset_mode"]`` is
  ``AutoresetMode.SAME_STEP``) and the action masks in ``infos``; it plays one
  seat against a built-in opponent (``opponent="random"``) or every seat in
  turn (``opponent=None``, self-play).

Chance (throws, deals, draws) is resolved inside each game from its own
generator, seeded by its seed: game ``i`` of ``init(seeds)`` is, move for move,
the single game ``game.new_initial_state()`` with chance drawn by
``tabletop.Rng(seeds[i])`` (``state.sample_chance(rng)``) and given the same
actions, across episodes. In games of hidden information (trap stones, tarokk
war) an observation is the view of the player it is given to; the full state
never leaves Rust.

**How long arrays are valid.** The native batch owns its arrays and rewrites
them in place at every call. :class:`Batch` (``copy=False``, the default)
hands them out as they are, read-only, with no copy: a ``State``'s arrays show
the latest step, so a state is valid until the next ``step`` or ``init``; copy
what must outlive it (``state.observation.copy()``), or make the batch with
``copy=True``. :class:`VectorEnv` copies by default (``copy=True``, as
Gymnasium's own vector environments do): what it returns is yours.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Optional, Sequence, Union

import numpy as np

from tabletop import _tabletop

try:  # Gymnasium is needed for VectorEnv only.
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector.utils import batch_space

    _VectorEnvBase: Any = gymnasium.vector.VectorEnv
    _AUTORESET = getattr(gymnasium.vector, "AutoresetMode", None)
except ImportError:  # pragma: no cover - exercised without gymnasium only
    gymnasium = None  # type: ignore[assignment]
    _VectorEnvBase = object
    _AUTORESET = None

__all__ = ["Batch", "State", "VectorEnv", "make", "observation_bounds"]

GameLike = Union[str, "_tabletop.Game"]

#: The largest finite float32, the bound of an entry the game gives no bound for.
_F32_MAX = float(np.finfo(np.float32).max)


def observation_bounds(short_name: str) -> tuple[float, float]:
    """(low, high) of a game's observation tensor: 0 and 1 for the planes of Go
    and trap stones; 0 and the largest float32 for the race's counts and flags;
    the largest float32 either way for Ô ăn quan (net loans may be negative)
    and tarokk war (a score difference). The same bounds as the PettingZoo
    environments' spaces."""
    if short_name in ("go", "trap_stones"):
        return 0.0, 1.0
    if short_name == "hoop_race":
        return 0.0, _F32_MAX
    return -_F32_MAX, _F32_MAX


def _load(game: GameLike, params: dict[str, Any]) -> _tabletop.Game:
    if isinstance(game, _tabletop.Game):
        if params:
            raise TypeError("parameters go into tabletop.Game(...), not beside a Game")
        return game
    if params:
        return _tabletop.Game(game, **params)
    return _tabletop.Game.load(game)


def _seeds(seed: Union[None, int, Sequence[int], np.ndarray], n: int) -> list[int]:
    """N seeds: a list as given; an int ``s`` gives ``s, s+1, …, s+N-1`` (as
    Gymnasium's vector environments seed theirs); None draws them from the
    operating system's entropy."""
    if seed is None:
        return [int(x) for x in np.random.SeedSequence().generate_state(n, np.uint64)]
    if isinstance(seed, (int, np.integer)):
        s = int(seed)
        if s < 0:
            raise ValueError(f"seed: a non-negative integer, not {s}")
        return [(s + i) % 2**64 for i in range(n)]
    seeds = [int(x) for x in seed]
    if len(seeds) != n:
        raise ValueError(f"seeds: {len(seeds)} seeds for {n} games")
    return seeds


class State(NamedTuple):
    """The batch after ``init`` or ``step``, one row per game (Pgx's state,
    batched). Without ``copy``, the arrays are read-only views of the batch's
    buffers, valid until its next ``step`` or ``init``."""

    #: float32 ``(N, *observation_shape)``: what the player to move sees.
    observation: np.ndarray
    #: bool ``(N, num_actions)``: the legal actions of the player to move.
    legal_action_mask: np.ndarray
    #: float32 ``(N, num_players)``: what the step paid every player (the
    #: returns, +1 a win, -1 a loss, in the step that ended the game; else 0).
    rewards: np.ndarray
    #: bool ``(N,)``: the episode ended in this step (the next one has begun).
    terminated: np.ndarray
    #: bool ``(N,)``: the episode reached ``max_steps`` in this step.
    truncated: np.ndarray
    #: int32 ``(N,)``: the player to move (its seat, from 0).
    current_player: np.ndarray
    #: float32 ``(N, *observation_shape)``: where an episode ended in this
    #: step, its last observation (the view of the player who moved last);
    #: elsewhere stale.
    final_observation: np.ndarray
    #: Calls made on the batch: which step this state is.
    step_count: int


class Batch:
    """N games of one game, stepped together: a functional interface in the
    manner of Pgx (``state = batch.step(state, actions)``).

    ``Batch(game, batch_size, threads=1, max_steps=None, copy=False, **params)``:
    ``game`` a game string (``"go(board_size=9)"``), a name with ``params``
    (``Batch("go", 64, board_size=9)``) or a :class:`tabletop.Game`;
    ``threads`` splits each step over that many threads (the results do not
    depend on it); ``max_steps`` truncates an episode after that many
    decisions. The games live in Rust, so a state is not a value to keep: only
    the latest state can be stepped (stepping an older one raises
    ``ValueError``), and its arrays are views rewritten by the next call unless
    ``copy=True``.
    """

    def __init__(
        self,
        game: GameLike,
        batch_size: int,
        *,
        threads: int = 1,
        max_steps: Optional[int] = None,
        copy: bool = False,
        **params: Any,
    ) -> None:
        self.game = _load(game, params)
        self.native = _tabletop.Batch(self.game, batch_size, threads=threads, max_steps=max_steps)
        self.copy = copy
        self._count = -1

    @property
    def batch_size(self) -> int:
        return self.native.num_envs

    @property
    def num_actions(self) -> int:
        return self.native.num_actions

    @property
    def num_players(self) -> int:
        return self.native.num_players

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return tuple(self.native.observation_shape)

    def _state(self) -> State:
        b = self.native

        def out(a: np.ndarray) -> np.ndarray:
            return a.copy() if self.copy else a

        return State(
            observation=out(b.observations),
            legal_action_mask=out(b.masks),
            rewards=out(b.rewards),
            terminated=out(b.terminated),
            truncated=out(b.truncated),
            current_player=out(b.players),
            final_observation=out(b.final_observations),
            step_count=self._count,
        )

    def init(self, seed: Union[None, int, Sequence[int], np.ndarray] = None) -> State:
        """Starts every game: ``seed`` a list of N seeds, an int ``s`` (the
        games get ``s … s+N-1``) or None (fresh entropy)."""
        self.native.reset(_seeds(seed, self.batch_size))
        self._count = 0
        return self._state()

    def step(self, state: State, actions: Any) -> State:
        """One action per game (an integer array of N) for its player to move;
        games that end start again at once. An illegal action raises
        ``tabletop.IllegalAction`` and no game moves."""
        if self._count < 0:
            raise _tabletop.TabletopError("the batch has not been started: call init first")
        if state.step_count != self._count:
            raise ValueError(
                f"this state is step {state.step_count} of the batch, which is at step "
                f"{self._count}: only the latest state can be stepped (the games live in Rust)"
            )
        self.native.step(actions)
        self._count += 1
        return self._state()

    def random_actions(self, rng: Union[_tabletop.Rng, int]) -> np.ndarray:
        """A uniformly random legal action per game (int64, ``(N,)``), from a
        :class:`tabletop.Rng` (or a seed for a new one)."""
        if not isinstance(rng, _tabletop.Rng):
            rng = _tabletop.Rng(int(rng))
        return self.native.random_actions(rng)

    def __repr__(self) -> str:
        return f"tabletop.vector.Batch({self.game.game_string!r}, {self.batch_size})"


def make(game: GameLike, batch_size: int, **kwargs: Any) -> Batch:
    """``Batch(game, batch_size, **kwargs)`` (as ``pgx.make`` names it)."""
    return Batch(game, batch_size, **kwargs)


#: An opponent policy: given the observations ``(N, *shape)`` and the masks
#: ``(N, num_actions)`` of every game, an action per game (only the rows of the
#: games where the opponent is to move are used).
Opponent = Callable[[np.ndarray, np.ndarray], Any]


class VectorEnv(_VectorEnvBase):
    """A Gymnasium vector environment of N games of one game.

    ``VectorEnv(game, num_envs, opponent="random", seat=0, threads=1,
    max_steps=None, copy=True, **params)``.

    **Spaces.** ``single_observation_space`` is a float32 ``Box`` of the game's
    observation shape (bounds: :func:`observation_bounds`),
    ``single_action_space`` is ``Discrete(num_actions)``; ``observation_space``
    and ``action_space`` are their batches (``Box`` of ``(N, …)``,
    ``MultiDiscrete``). The legal actions are ``infos["action_mask"]`` (bool
    ``(N, num_actions)``, for the observation returned): most actions of a
    board or card game are illegal at any moment, and an illegal action raises
    ``tabletop.IllegalAction`` without moving any game.

    **Whose turn, whose reward.** The games are turn-based for two or more
    players; a single-agent interface needs a rule for the others:

    - ``opponent="random"`` (the default), or a callable ``opponent(obs,
      masks) -> actions``: the agent plays seat ``seat`` in every game, the
      opponent every other seat, inside ``step``. Every observation returned is
      the agent's, at its turn; the reward is the agent's (its return, +1 a
      win, -1 a loss, 0 a draw, in the step its episode ended; 0 before); the
      final observation is the agent's view, whoever moved last.
    - ``opponent=None`` (self-play): each step takes the action of whichever
      player is to move in each game (``infos["current_player"]`` says who);
      the reward is that mover's; ``infos["rewards"]`` has every player's
      ``(N, num_players)``, and the final observation is the mover's view.

    In both, ``infos["rewards"]`` holds what the call paid every player.

    **Autoreset: same step** (``metadata["autoreset_mode"]`` is
    ``gymnasium.vector.AutoresetMode.SAME_STEP``). A game whose episode ends
    (``terminated``) or reaches ``max_steps`` decisions (``truncated``;
    decisions of every seat count) starts its next episode in the same step:
    the observation returned is the new episode's first, and the last one of
    the episode that ended is in ``infos["final_obs"]`` (an object array,
    ``None`` elsewhere) with the mask ``infos["_final_obs"]``, as Gymnasium's
    ``SyncVectorEnv`` gives them in this mode. ``reset`` resets every game
    (``options["reset_mask"]`` is not supported: no game waits for one).

    **Seeds.** ``reset(seed=s)`` seeds game ``i`` with ``s + i`` (Gymnasium's
    convention; a list of N seeds also works); chance and the random
    opponent's choices follow from the seeds, so the same seeds and actions
    give the same games. ``copy=False`` returns the batch's own buffers
    (read-only views, rewritten by the next step) instead of copies.
    """

    def __init__(
        self,
        game: GameLike,
        num_envs: int,
        *,
        opponent: Union[None, str, Opponent] = "random",
        seat: int = 0,
        threads: int = 1,
        max_steps: Optional[int] = None,
        copy: bool = True,
        **params: Any,
    ) -> None:
        if gymnasium is None or _AUTORESET is None:
            raise ImportError("tabletop.vector.VectorEnv needs gymnasium 1.0 or later: pip install 'gymnasium>=1.0'")
        self.game = _load(game, params)
        self.batch = _tabletop.Batch(self.game, num_envs, threads=threads, max_steps=max_steps)
        if opponent is not None and opponent != "random" and not callable(opponent):
            raise ValueError(f'opponent: "random", a callable or None, not {opponent!r}')
        if opponent is not None:
            if not 0 <= seat < self.game.num_players:
                raise ValueError(f"seat: 0 to {self.game.num_players - 1}, not {seat}")
            self.batch.final_viewer = seat
        self.opponent = opponent
        self.seat = seat
        self.copy = copy
        self.num_envs = num_envs
        self.metadata = {"autoreset_mode": _AUTORESET.SAME_STEP, "render_modes": []}
        self.render_mode = None
        low, high = observation_bounds(self.game.short_name)
        shape = tuple(self.batch.observation_shape)
        self.single_observation_space = spaces.Box(low=low, high=high, shape=shape, dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._opponent_rng: Optional[_tabletop.Rng] = None
        self._started = False
        self._rows = np.arange(num_envs)

    # The arrays handed out: copies unless `copy=False`.
    def _out(self, a: np.ndarray) -> np.ndarray:
        return a.copy() if self.copy else a

    def _infos(self, rewards: np.ndarray) -> dict[str, Any]:
        b = self.batch
        return {
            "action_mask": self._out(b.masks),
            "current_player": self._out(b.players),
            "rewards": rewards,
        }

    def reset(
        self,
        *,
        seed: Union[None, int, Sequence[int]] = None,
        options: Optional[dict[str, Any]] = None,
    ) -> tuple[np.ndarray, dict[str, Any]]:
        if options and "reset_mask" in options:
            raise ValueError("reset_mask: games reset themselves in the step that ends them (same-step autoreset)")
        super().reset(seed=seed if isinstance(seed, (int, np.integer)) else None)
        seeds = _seeds(seed, self.num_envs)
        self.batch.reset(seeds)
        # The random opponent's generator, from the games' seeds.
        mixed = np.random.SeedSequence([s % 2**64 for s in seeds]).generate_state(1, np.uint64)
        self._opponent_rng = _tabletop.Rng(int(mixed[0]))
        self._started = True
        rewards = np.zeros((self.num_envs, self.game.num_players), np.float32)
        if self.opponent is not None:
            ended = self._opponents_move(rewards)
            if ended.any():  # pragma: no cover - no game ends before the agent moves
                raise _tabletop.TabletopError("an episode ended before the agent's first move")
        return self._out(self.batch.observations), self._infos(rewards)

    def _opponents_move(
        self,
        rewards: np.ndarray,
        terminated: Optional[np.ndarray] = None,
        truncated: Optional[np.ndarray] = None,
        finals: Optional[dict[int, np.ndarray]] = None,
    ) -> np.ndarray:
        """The opponent moves in every game where it is to move, until the
        agent is to move in all; adds what that paid into ``rewards``, the ends
        into ``terminated``/``truncated`` and the agent's final views into
        ``finals``. Returns which games ended."""
        b = self.batch
        ended = np.zeros(self.num_envs, bool)
        while True:
            waiting = b.players != self.seat
            if not waiting.any():
                return ended
            if callable(self.opponent):
                actions = np.asarray(self.opponent(b.observations, b.masks))
            else:
                assert self._opponent_rng is not None  # made by reset
                actions = b.random_actions(self._opponent_rng)
            b.step_some(actions, waiting)
            rewards += b.rewards
            done = b.terminated | b.truncated
            if done.any():
                ended |= done
                if terminated is not None and truncated is not None:
                    terminated |= b.terminated
                    truncated |= b.truncated
                if finals is not None:
                    for i in np.flatnonzero(done):
                        finals[int(i)] = b.final_observations[i].copy()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if not self._started:
            raise _tabletop.TabletopError("the environment has not been reset: call reset first")
        b = self.batch
        movers = b.players.copy() if self.opponent is None else None
        b.step(actions)
        terminated = b.terminated.copy()
        truncated = b.truncated.copy()
        rewards = b.rewards.copy()
        done = terminated | truncated
        finals = {int(i): b.final_observations[i].copy() for i in np.flatnonzero(done)}
        if self.opponent is None:
            reward = rewards[self._rows, movers]
        else:
            self._opponents_move(rewards, terminated, truncated, finals)
            reward = rewards[:, self.seat].copy()
        infos = self._infos(rewards)
        if finals:
            final_obs = np.full(self.num_envs, None, dtype=object)
            mask = np.zeros(self.num_envs, bool)
            for i, obs in finals.items():
                final_obs[i] = obs
                mask[i] = True
            infos["final_obs"] = final_obs
            infos["_final_obs"] = mask
        return (
            self._out(b.observations),
            reward.astype(np.float32, copy=False),
            terminated,
            truncated,
            infos,
        )

    def action_masks(self) -> np.ndarray:
        """The legal actions of the current observations (bool ``(N,
        num_actions)``), as sb3-contrib's ``MaskablePPO`` asks for them."""
        return self.batch.masks.copy()

    def close_extras(self, **kwargs: Any) -> None:
        pass

    def __repr__(self) -> str:
        return f"tabletop.vector.VectorEnv({self.game.game_string!r}, num_envs={self.num_envs})"
