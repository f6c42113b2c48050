#!/usr/bin/env python3
"""Pgx's batched Go on this CPU, the anchor of docs/benchmarks.md's batched table:
`go_9x9` stepped `jax.vmap`-ed and `jax.jit`-ed, every game taking a uniformly
random legal action each step (drawn in JAX from the legal mask), games that end
reset (Pgx's `auto_reset`), for a few seconds per batch size after a warm-up
(compilation excluded). Prints one JSON line per batch size.

    scripts/pgx_speed.py [--sizes 1 64 1024 4096] [--seconds 5] [--env go_9x9]

Needs `pgx` and `jax[cpu]`, which are only benchmark dependencies: run it with a
throwaway environment's Python (python/bench/batch_speed.py makes one under
target/pgx-venv and runs this script side by side with the tabletop batch).
"""

import argparse
import json
import time


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[1, 64, 1024, 4096])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--env", default="go_9x9")
    args = ap.parse_args()

    import jax
    import jax.numpy as jnp
    import pgx
    from pgx.experimental import auto_reset

    env = pgx.make(args.env)

    def act(key, state):
        # A uniformly random legal action: the argmax of noise where legal.
        noise = jax.random.uniform(key, state.legal_action_mask.shape)
        return jnp.argmax(jnp.where(state.legal_action_mask, noise, -1.0), axis=-1)

    for n in args.sizes:
        init = jax.jit(jax.vmap(env.init))
        step = jax.jit(jax.vmap(lambda s, a, k: auto_reset(env.step, env.init)(s, a, k)))
        policy = jax.jit(jax.vmap(act))
        key = jax.random.PRNGKey(0)
        key, sub = jax.random.split(key)
        state = init(jax.random.split(sub, n))

        def one(state, key):
            key, k1, k2 = jax.random.split(key, 3)
            actions = policy(jax.random.split(k1, n), state)
            state = step(state, actions, jax.random.split(k2, n))
            return state, key

        # Warm-up: compile, and a few steps.
        for _ in range(3):
            state, key = one(state, key)
        jax.block_until_ready(state)
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < args.seconds:
            for _ in range(10):
                state, key = one(state, key)
            jax.block_until_ready(state)
            steps += 10 * n
        rate = steps / (time.perf_counter() - start)
        print(json.dumps({"engine": "pgx", "env": args.env, "batch": n, "steps_per_second": rate}), flush=True)


if __name__ == "__main__":
    main()
