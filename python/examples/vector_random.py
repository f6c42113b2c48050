#!/usr/bin/env python3
"""Masked random actions in many games at once, through the Gymnasium face of
``tabletop.vector``:

    python python/examples/vector_random.py [--game o_an_quan] [--envs 256] [--steps 2000] [--threads 1] [--self-play]

Every step draws, in NumPy, one uniformly random legal action per game from the
action masks in ``infos`` (the argmax of random noise where the mask allows),
and the environment plays the other seat (a uniform random opponent) unless
``--self-play``. Prints the episodes finished, the agent's mean return and
steps per second.
"""

import argparse
import time

import numpy as np

import tabletop.vector


def masked_random(rng, masks):
    """One uniformly random legal action per row of ``masks`` (bool, (N, A))."""
    noise = rng.random(masks.shape)
    return np.argmax(np.where(masks, noise, -1.0), axis=1)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="o_an_quan", help='a game string, e.g. "go(board_size=9)"')
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--self-play", action="store_true", help="every seat from the actions given (no opponent)")
    args = ap.parse_args()

    env = tabletop.vector.VectorEnv(
        args.game,
        args.envs,
        opponent=None if args.self_play else "random",
        threads=args.threads,
    )
    rng = np.random.default_rng(args.seed)
    obs, info = env.reset(seed=args.seed)
    returns = []
    start = time.perf_counter()
    for _ in range(args.steps):
        actions = masked_random(rng, info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(actions)
        done = terminated | truncated
        returns.extend(reward[done].tolist())
    seconds = time.perf_counter() - start
    who = "the mover" if args.self_play else "seat 0 against a random opponent"
    print(f"{env.game.game_string}: {args.envs} games, {args.steps} steps")
    print(f"episodes finished: {len(returns)}; mean return of {who}: {np.mean(returns) if returns else float('nan'):+.3f}")
    print(f"{args.envs * args.steps / seconds:,.0f} agent steps/s (NumPy's masked sampling included)")


if __name__ == "__main__":
    main()
