#!/usr/bin/env python3
"""How fast the PUCT search with a network runs on this machine, and what a
training run of ``tabletop.learn`` would cost: the network alone (evaluations
a second at the batch sizes self-play sends), then one round of self-play as
``tabletop.learn.train`` plays it (``search_many`` over many games at once),
with the share of the search's time spent outside the network.

    python python/examples/puct_throughput.py go --games 16
    python python/examples/puct_throughput.py o_an_quan --net python/tabletop/nets/o_an_quan.pt

Without ``--net`` the network is a fresh one of the game's default size
(``tabletop.learn.SETTINGS``): its speed is the trained one's. The projection
assumes the moves of a game cost what the measured ones did and that a
network needs ``--target-games`` games of self-play (AlphaZero-style runs on
small boards need tens of thousands).
"""

import argparse
import json
import time

import numpy as np
import torch

import tabletop
from tabletop import learn


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("game", help="o_an_quan, hoop_race, go (9x9) or a game string")
    p.add_argument("--net", default=None, help="a saved network (default: a fresh one)")
    p.add_argument("--games", type=int, default=16, help="games of the self-play round")
    p.add_argument("--moves", type=int, default=None, help="stop the round after this many moves a game")
    p.add_argument("--target-games", type=int, default=20_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", default=None)
    args = p.parse_args()

    torch.manual_seed(args.seed)
    settings = learn.settings_for(args.game)
    if args.net:
        net, spec = learn.load_net(args.net)
        game = tabletop.load(spec["game"])
    else:
        game = tabletop.load(settings.game)
        spec = learn.net_spec(game, settings.net)
        net = learn.build_net(spec)
        net.eval()
    params = sum(x.numel() for x in net.parameters())
    out = {"game": game.game_string, "net": {k: v for k, v in spec.items() if k != "game"}, "parameters": params}

    # The network alone.
    torch.set_num_threads(1)
    shape = game.observation_shape
    rng = np.random.default_rng(args.seed)
    net_alone = {}
    net_alone_cpu = {}
    for batch in (1, 8, 64, 256):
        obs = rng.random((batch, *shape), dtype=np.float32)
        masks = np.ones((batch, game.num_distinct_actions), np.bool_)
        ev = learn.TorchEvaluator(net)
        ev(obs, masks)
        n = 0
        t0, c0 = time.perf_counter(), time.process_time()
        while time.perf_counter() - t0 < 1.5:
            ev(obs, masks)
            n += batch
        net_alone[batch] = n / (time.perf_counter() - t0)
        net_alone_cpu[batch] = n / max(time.process_time() - c0, 1e-9)
    # Wall-clock rates depend on what else runs on the machine; the rates
    # per CPU second (this process's) do much less.
    out["net_evaluations_per_second"] = net_alone
    out["net_evaluations_per_cpu_second"] = net_alone_cpu

    # One self-play round, as training plays it.
    ev = learn.TorchEvaluator(net)
    bot = learn.PuctBot(
        game, ev, simulations=settings.simulations, batch_size=settings.batch_size, c_puct=settings.c_puct,
        first_play_reduction=settings.first_play_reduction, rollouts=settings.rollouts,
        rollout_weight=settings.rollout_weight, seed=args.seed,
    )
    choice = np.random.default_rng(args.seed)
    chance = tabletop.Rng(args.seed)
    states = [game.new_initial_state() for _ in range(args.games)]
    moves = [0] * args.games
    search_wall = 0.0
    searches = 0
    simulations = 0
    evaluations = 0
    t_round, c_round = time.perf_counter(), time.process_time()
    while True:
        for s in states:
            while s.is_chance_node():
                s.apply_action(s.sample_chance(chance))
        active = [i for i, s in enumerate(states) if not s.is_terminal() and (args.moves is None or moves[i] < args.moves)]
        if not active:
            break
        full = choice.random(len(active)) < settings.full_share
        noise = (settings.dirichlet_alpha, settings.dirichlet_epsilon)
        for group, sims, dirichlet in (
            ([i for i, f in zip(active, full) if f], settings.simulations, noise),
            ([i for i, f in zip(active, full) if not f], settings.fast_simulations, None),
        ):
            if not group:
                continue
            bot.simulations = sims
            bot.dirichlet = dirichlet
            bot.temperature = 1.0 if min(moves[i] for i in group) < settings.temperature_moves else 0.0
            t0 = time.perf_counter()
            reports = bot.search_many([states[i] for i in group])
            search_wall += time.perf_counter() - t0
            for i, r in zip(group, reports):
                states[i].apply_action(r["action"])
                moves[i] += 1
                searches += 1
                simulations += r["simulations"]
                evaluations += r["evaluations"]
    wall = time.perf_counter() - t_round
    cpu = time.process_time() - c_round
    total_moves = sum(moves)
    finished = sum(s.is_terminal() for s in states)
    out["self_play"] = {
        "games": args.games,
        "finished": finished,
        "moves": total_moves,
        "mean_moves_a_game": total_moves / args.games,
        "seconds": wall,
        "moves_per_second": total_moves / wall,
        "cpu_seconds": cpu,
        "moves_per_cpu_second": total_moves / cpu,
        "simulations": simulations,
        "evaluations": evaluations,
        "evaluations_per_second_in_search": evaluations / search_wall,
        "net_seconds": ev.seconds,
        "share_outside_net": 1 - ev.seconds / search_wall,
        "net_batch_mean": ev.leaves / max(ev.calls, 1),
    }
    if finished == args.games:
        per_game = cpu / args.games
        out["projection"] = {
            "cpu_seconds_a_game": per_game,
            "target_games": args.target_games,
            "cpu_hours_of_self_play": per_game * args.target_games / 3600,
        }
    else:
        # The round was cut short: project from the moves made and a game's
        # usual length (capped games: the cap).
        out["projection"] = {"cpu_seconds_a_move": cpu / max(total_moves, 1)}
    print(json.dumps(out, indent=1))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
