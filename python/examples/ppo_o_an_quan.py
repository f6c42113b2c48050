#!/usr/bin/env python3
"""PPO with action masking on Ô ăn quan, in one file (CleanRL's layout:
rollouts from a vector environment, GAE, clipped policy and value losses),
on the CPU in a few minutes:

    pip install ./python torch matplotlib
    python python/examples/ppo_o_an_quan.py [--updates 300] [--envs 64] [--png docs/img/ppo_o_an_quan.png]

The agent plays seat 0 of ``tabletop.vector.VectorEnv("o_an_quan", …)``
against the environment's uniform random opponent, so its reward is its result
against random play (+1 a win, -1 a loss, 0 a draw). The policy is an MLP whose
logits of illegal actions are masked out with ``infos["action_mask"]``: it
never proposes an illegal move. Every few updates the policy (sampling, as it
trains) plays 1,000 fresh games against the random opponent; the win rate and
mean return of those games are the learning curve (printed, written as CSV,
and drawn as a PNG with ``--png``). ``--smoke`` runs two tiny updates (the
test suite's check that the example runs).
"""

import argparse
import csv
import os
import time

import numpy as np
import torch
from torch import nn
from torch.distributions import Categorical

import tabletop.vector

GAME = "o_an_quan"


class Agent(nn.Module):
    """Policy and value heads over the observation (Ô ăn quan's counts of
    stones, scaled by 1/10)."""

    def __init__(self, obs_len, actions, hidden=128):
        super().__init__()

        def layer(i, o, std=np.sqrt(2)):
            lin = nn.Linear(i, o)
            nn.init.orthogonal_(lin.weight, std)
            nn.init.zeros_(lin.bias)
            return lin

        self.body = nn.Sequential(layer(obs_len, hidden), nn.Tanh(), layer(hidden, hidden), nn.Tanh())
        self.actor = layer(hidden, actions, std=0.01)
        self.critic = layer(hidden, 1, std=1.0)

    def value(self, obs):
        return self.critic(self.body(obs / 10.0)).squeeze(-1)

    def act(self, obs, mask, action=None):
        h = self.body(obs / 10.0)
        logits = self.actor(h).masked_fill(~mask, -1e9)
        dist = Categorical(logits=logits)
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy(), self.critic(h).squeeze(-1)


@torch.no_grad()
def evaluate(agent, games, seed):
    """The first game of each of `games` fresh environments against the
    random opponent: (win rate, mean return)."""
    env = tabletop.vector.VectorEnv(GAME, games)
    obs, info = env.reset(seed=seed)
    result = np.full(games, np.nan)
    while np.isnan(result).any():
        action, _, _, _ = agent.act(torch.from_numpy(obs), torch.from_numpy(info["action_mask"]))
        obs, reward, terminated, truncated, info = env.step(action.numpy())
        first = (terminated | truncated) & np.isnan(result)
        result[first] = reward[first]
    return float((result > 0).mean()), float(result.mean())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--updates", type=int, default=300)
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--steps", type=int, default=32, help="rollout steps per environment per update")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--minibatches", type=int, default=4)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--gamma", type=float, default=0.99)
    ap.add_argument("--gae-lambda", type=float, default=0.95)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--ent-coef", type=float, default=0.01)
    ap.add_argument("--vf-coef", type=float, default=0.5)
    ap.add_argument("--eval-every", type=int, default=20)
    ap.add_argument("--eval-games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--png", help="draw the learning curve into this PNG (needs matplotlib)")
    ap.add_argument("--csv", help="write the learning curve as CSV")
    ap.add_argument("--smoke", action="store_true", help="two tiny updates: does it run")
    args = ap.parse_args()
    if args.smoke:
        args.updates, args.envs, args.steps, args.eval_every, args.eval_games = 2, 8, 8, 1, 16

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    env = tabletop.vector.VectorEnv(GAME, args.envs)
    obs_len = int(np.prod(env.single_observation_space.shape))
    n_actions = int(env.single_action_space.n)
    agent = Agent(obs_len, n_actions)
    optimizer = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)

    T, N = args.steps, args.envs
    obs_buf = torch.zeros((T, N, obs_len))
    mask_buf = torch.zeros((T, N, n_actions), dtype=torch.bool)
    act_buf = torch.zeros((T, N), dtype=torch.long)
    logp_buf = torch.zeros((T, N))
    rew_buf = torch.zeros((T, N))
    done_buf = torch.zeros((T, N))
    val_buf = torch.zeros((T, N))

    obs, info = env.reset(seed=args.seed)
    next_obs = torch.from_numpy(obs).reshape(N, -1)
    next_mask = torch.from_numpy(info["action_mask"])
    next_done = torch.zeros(N)
    curve = []  # (update, agent steps, win rate, mean return, seconds)
    start = time.perf_counter()
    win, ret = evaluate(agent, args.eval_games, seed=10_000)
    curve.append((0, 0, win, ret, 0.0))
    print(f"update    0  steps        0  win rate vs random {win:.3f}  mean return {ret:+.3f}")

    for update in range(1, args.updates + 1):
        for t in range(T):
            obs_buf[t], mask_buf[t], done_buf[t] = next_obs, next_mask, next_done
            with torch.no_grad():
                action, logp, _, value = agent.act(next_obs, next_mask)
            act_buf[t], logp_buf[t], val_buf[t] = action, logp, value
            obs, reward, terminated, truncated, info = env.step(action.numpy())
            rew_buf[t] = torch.from_numpy(reward)
            next_obs = torch.from_numpy(obs).reshape(N, -1)
            next_mask = torch.from_numpy(info["action_mask"])
            # Same-step autoreset: `next_obs` already starts the next episode
            # where this step ended one, so the bootstrap stops at `next_done`.
            next_done = torch.from_numpy(terminated | truncated).float()

        with torch.no_grad():
            next_value = agent.value(next_obs)
            adv = torch.zeros((T, N))
            last = torch.zeros(N)
            for t in reversed(range(T)):
                if t == T - 1:
                    nonterminal, nextvalue = 1.0 - next_done, next_value
                else:
                    nonterminal, nextvalue = 1.0 - done_buf[t + 1], val_buf[t + 1]
                delta = rew_buf[t] + args.gamma * nextvalue * nonterminal - val_buf[t]
                last = delta + args.gamma * args.gae_lambda * nonterminal * last
                adv[t] = last
            returns = adv + val_buf

        b_obs, b_mask = obs_buf.reshape(T * N, -1), mask_buf.reshape(T * N, -1)
        b_act, b_logp = act_buf.reshape(-1), logp_buf.reshape(-1)
        b_adv, b_ret = adv.reshape(-1), returns.reshape(-1)
        size = T * N
        mb = size // args.minibatches
        for _ in range(args.epochs):
            order = torch.randperm(size)
            for k in range(0, size, mb):
                idx = order[k : k + mb]
                _, logp, entropy, value = agent.act(b_obs[idx], b_mask[idx], b_act[idx])
                ratio = (logp - b_logp[idx]).exp()
                a = b_adv[idx]
                a = (a - a.mean()) / (a.std() + 1e-8)
                pg_loss = torch.max(-a * ratio, -a * ratio.clamp(1 - args.clip, 1 + args.clip)).mean()
                v_loss = 0.5 * ((value - b_ret[idx]) ** 2).mean()
                loss = pg_loss + args.vf_coef * v_loss - args.ent_coef * entropy.mean()
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
                optimizer.step()

        if update % args.eval_every == 0 or update == args.updates:
            win, ret = evaluate(agent, args.eval_games, seed=10_000 + update)
            seconds = time.perf_counter() - start
            curve.append((update, update * T * N, win, ret, seconds))
            print(
                f"update {update:4d}  steps {update * T * N:8d}  win rate vs random {win:.3f}"
                f"  mean return {ret:+.3f}  ({seconds:.0f} s)",
                flush=True,
            )

    if args.csv:
        os.makedirs(os.path.dirname(os.path.abspath(args.csv)), exist_ok=True)
        with open(args.csv, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["update", "agent_steps", "win_rate_vs_random", "mean_return_vs_random", "seconds"])
            for row in curve:
                w.writerow([row[0], row[1], f"{row[2]:.4f}", f"{row[3]:.4f}", f"{row[4]:.1f}"])
    if args.png:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        steps = [c[1] for c in curve]
        fig, ax = plt.subplots(figsize=(6, 3.4), dpi=100)
        ax.plot(steps, [c[2] for c in curve], marker="o", ms=3, label="win rate")
        ax.plot(steps, [c[3] for c in curve], marker="s", ms=3, label="mean return")
        ax.axhline(curve[0][2], color="grey", lw=0.8, ls=":", label="untrained policy")
        ax.set_xlabel("agent steps")
        ax.set_ylim(-0.2, 1.0)
        ax.set_title(f"PPO with action masks, Ô ăn quan, seat 0 vs uniform random ({args.envs} envs)", fontsize=9)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, loc="lower right")
        fig.tight_layout()
        os.makedirs(os.path.dirname(os.path.abspath(args.png)), exist_ok=True)
        fig.savefig(args.png)
    print(f"final win rate vs random {curve[-1][2]:.3f} (untrained {curve[0][2]:.3f}), {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
