#!/usr/bin/env python3
"""Summarises match files written by go_match.py (one JSON line a game), merged
by game number (two halves of a match run side by side with --from-game):

    python3 scripts/match_stats.py docs/matches/go_10s.jsonl [MORE.jsonl …]

Prints the games, the first engine's wins and win rate with the 95 % Wilson
interval, its wins as Black and as White, the average moves a game, and the
losses by 50 points or more; with --merged FILE, also writes the merged games,
in game order, to FILE. A game number found twice is an error.
"""

import argparse
import json
import math
import re
import sys


def wilson(wins, n, z=1.96):
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def margin(game):
    m = re.match(r"[BW]\+([0-9.]+)$", game.get("score", ""))
    return float(m.group(1)) if m else None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--merged", help="write the merged games here")
    args = ap.parse_args()
    games = {}
    for path in args.files:
        with open(path) as f:
            for line in f:
                if line.strip():
                    g = json.loads(line)
                    if g["game"] in games:
                        sys.exit(f"game {g['game']} twice")
                    games[g["game"]] = g
    order = [games[k] for k in sorted(games)]
    if args.merged:
        with open(args.merged, "w") as f:
            for g in order:
                f.write(json.dumps(g) + "\n")
    n = len(order)
    wins = sum(g["first_won"] for g in order)
    lo, hi = wilson(wins, n)
    def seat(color):
        played = [g for g in order if g["first_color"] == color]
        return f"{sum(g['first_won'] for g in played)}/{len(played)}"
    moves = sum(g["moves"] for g in order) / max(1, n)
    big_losses = sum(1 for g in order if not g["first_won"] and (margin(g) or 0) >= 50)
    print(f"games {n}, wins {wins}, win rate {100 * wins / max(1, n):.1f} % "
          f"[{100 * lo:.1f}, {100 * hi:.1f}], as Black {seat('black')}, as White {seat('white')}, "
          f"moves a game {moves:.0f}, losses by 50+ {big_losses}")


if __name__ == "__main__":
    main()
