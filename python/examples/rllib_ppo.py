"""PPO with action masking on Ô ăn quan, a multi-agent PettingZoo environment,
with RLlib's new API stack (RLModule, Learner, EnvRunner), on CPU.

    pip install './python[ray]' 'ray[rllib]' torch
    python python/examples/rllib_ppo.py --iterations 3

Both seats (``player_0``, ``player_1``) are one shared policy that learns by
playing itself. The environment is ``tabletop.pettingzoo.o_an_quan_v0`` behind
RLlib's ``PettingZooEnv`` (turn-based: the agent to move gets the
observation). Its observation is PettingZoo's classic dict, ``{"observation":
float32, "action_mask": int8}``; the RLModule below gives the network the
``observation`` alone and pushes the logits of illegal actions down to -1e9
before the action is drawn, in sampling and in training, so no illegal action
is ever chosen (``CheckedEnv`` raises on one, so a run that ends chose none). After
training, the greedy policy plays the uniform random player, seats
alternated, and the script prints its win rate beside the untrained network's.
"""

from __future__ import annotations

import argparse
import os
import time

import gymnasium as gym
import numpy as np
import ray
import torch
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.algorithms.ppo.ppo_catalog import PPOCatalog
from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import DefaultPPOTorchRLModule
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.tune.registry import register_env

from tabletop.pettingzoo import o_an_quan_v0

#: What a masked logit becomes: far below any real logit, yet finite, so that
#: an all-zero mask (an agent not to move) still gives a distribution.
MASKED = -1e9


class BoardCatalog(PPOCatalog):
    """PPO's networks for the ``observation`` part of the dict space."""

    def __init__(self, observation_space, action_space, model_config_dict, **kwargs):
        if isinstance(observation_space, gym.spaces.Dict):
            observation_space = observation_space["observation"]
        super().__init__(observation_space, action_space, model_config_dict, **kwargs)


class MaskedPPOModule(DefaultPPOTorchRLModule):
    """PPO's default torch module, fed the observation without its mask, with
    the mask applied to the action logits."""

    def __init__(self, *args, **kwargs):
        kwargs["catalog_class"] = BoardCatalog
        super().__init__(*args, **kwargs)

    @staticmethod
    def _split(batch):
        obs = batch[Columns.OBS]
        if not isinstance(obs, dict):
            return batch, None
        inner = dict(batch)
        inner[Columns.OBS] = obs["observation"]
        return inner, obs["action_mask"]

    @staticmethod
    def _mask(out, mask):
        if mask is not None:
            logits = out[Columns.ACTION_DIST_INPUTS]
            out[Columns.ACTION_DIST_INPUTS] = logits.masked_fill(mask.to(torch.bool).logical_not(), MASKED)
        return out

    def _forward(self, batch, **kwargs):
        inner, mask = self._split(batch)
        return self._mask(super()._forward(inner, **kwargs), mask)

    def _forward_train(self, batch, **kwargs):
        inner, mask = self._split(batch)
        return self._mask(super()._forward_train(inner, **kwargs), mask)

    def compute_values(self, batch, embeddings=None):
        inner, _ = self._split(batch)
        return super().compute_values(inner, embeddings)


class CheckedEnv(PettingZooEnv):
    """RLlib's PettingZoo wrapper, refusing an illegal action outright: the
    masking is checked on every step of training, not assumed."""

    def step(self, action):
        agent = self.env.agent_selection
        chosen = action[agent]
        if not self.env.observe(agent)["action_mask"][chosen]:
            raise RuntimeError(f"{agent} chose the illegal action {chosen}: the mask was not applied")
        return super().step(action)


def make_env(config):
    return CheckedEnv(o_an_quan_v0.env(**config))


def greedy_action(module, observation) -> int:
    batch = {
        Columns.OBS: {
            "observation": torch.as_tensor(observation["observation"][None, :]),
            "action_mask": torch.as_tensor(observation["action_mask"][None, :]),
        }
    }
    with torch.no_grad():
        logits = module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS]
    return int(torch.argmax(logits[0]))


def win_rate_against_random(module, games: int, seed: int = 0) -> float:
    """The greedy policy against the uniform random player, seats alternated:
    wins (a draw half) over games, through the PettingZoo environment."""
    env = o_an_quan_v0.env()
    score = 0.0
    rng = np.random.default_rng(seed)
    for g in range(games):
        env.reset(seed=seed + g)
        learner = env.possible_agents[g % 2]
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            if termination or truncation:
                if agent == learner:
                    score += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
                env.step(None)
                continue
            if agent == learner:
                action = greedy_action(module, observation)
            else:
                legal = np.flatnonzero(observation["action_mask"])
                action = int(rng.choice(legal))
            env.step(action)
    return score / games


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--iterations", type=int, default=3)
    p.add_argument("--batch", type=int, default=2000, help="environment steps a training iteration")
    p.add_argument("--env-runners", type=int, default=0, help="EnvRunner processes (0: sample in this one)")
    p.add_argument("--eval-games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--address", help="a Ray cluster to join (else RAY_ADDRESS, else a new local Ray)")
    args = p.parse_args()
    begin = time.perf_counter()

    torch.manual_seed(args.seed)
    ray.init(address=args.address or (None if os.environ.get("RAY_ADDRESS") else "local"), include_dashboard=False)
    register_env("tabletop_o_an_quan", make_env)
    config = (
        PPOConfig()
        # RLlib's environment check steps with actions sampled from the whole
        # action space, ignoring the mask: an illegal move, which the game
        # refuses. The masking itself is checked by CheckedEnv at every step.
        .environment("tabletop_o_an_quan", env_config={}, disable_env_checking=True)
        .framework("torch")
        .env_runners(num_env_runners=args.env_runners, num_cpus_per_env_runner=1)
        .multi_agent(
            policies={"shared"},
            policy_mapping_fn=lambda agent_id, episode, **kwargs: "shared",
        )
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    "shared": RLModuleSpec(
                        module_class=MaskedPPOModule,
                        model_config={"fcnet_hiddens": [128, 128], "vf_share_layers": False},
                    )
                }
            )
        )
        .training(
            train_batch_size_per_learner=args.batch,
            minibatch_size=min(250, args.batch),
            num_epochs=4,
            lr=3e-4,
            gamma=1.0,
            entropy_coeff=0.01,
        )
        .debugging(seed=args.seed)
    )
    algo = config.build_algo()
    module = algo.get_module("shared")
    before = win_rate_against_random(module, args.eval_games, seed=10_000)
    print(f"untrained: {before:.1%} against uniform random play ({args.eval_games} games, greedy)")
    for i in range(1, args.iterations + 1):
        start = time.perf_counter()
        result = algo.train()
        runners = result.get("env_runners", {})
        learner = result.get("learners", {}).get("shared", {})
        print(
            f"iteration {i}: {runners.get('num_episodes', 0)} games, "
            f"{runners.get('episode_len_mean', float('nan')):.1f} steps a game, "
            f"policy loss {learner.get('policy_loss', float('nan')):.4f}, "
            f"value loss {learner.get('vf_loss', float('nan')):.4f}, "
            f"entropy {learner.get('entropy', float('nan')):.3f}, "
            f"{time.perf_counter() - start:.1f} s"
        )
    module = algo.get_module("shared")
    after = win_rate_against_random(module, args.eval_games, seed=10_000)
    print(f"trained:   {after:.1%} against uniform random play ({args.eval_games} games, greedy)")
    algo.stop()
    print(
        f"{args.iterations} iteration{'' if args.iterations == 1 else 's'} of PPO on tabletop's {o_an_quan_v0.__name__.rsplit('.', 1)[-1]}, "
        f"no illegal action chosen: {time.perf_counter() - begin:.0f} s in all"
    )


if __name__ == "__main__":
    main()
