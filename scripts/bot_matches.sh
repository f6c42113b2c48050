#!/usr/bin/env bash
# The search bot against the uniform random player in every game and preset,
# seats alternated (issue 18; results in docs/bots.md):
#   ./scripts/bot_matches.sh [MS_A_MOVE] [GAMES] [GO_GAMES]
# Defaults: 1000 ms a move (one thread), 200 games, 200 Go games (9×9). Each
# line of target/matches/bots_MS.txt is one game and preset's summary: wins,
# draws, losses, the win rate with its 95 % Wilson interval, playouts a move.
# Against GNU Go: scripts/go_match.py.
set -euo pipefail
cd "$(dirname "$0")/.."
MS="${1:-1000}"
GAMES="${2:-200}"
GO_GAMES="${3:-$GAMES}"
cargo build --release -p tabletop --example bot_vs_random
BIN="${CARGO_TARGET_DIR:-target}/release/examples/bot_vs_random"
mkdir -p target/matches
OUT="target/matches/bots_${MS}.txt"
run() { "$BIN" "$1" --games "$2" --ms "$MS" --quiet | tail -1 | tee -a "$OUT"; }
for p in source common; do run "o_an_quan(rules=$p)" "$GAMES"; done
for p in source yut_nori; do run "hoop_race(rules=$p)" "$GAMES"; done
for p in source numeral_scoring; do run "tarokk_war(rules=$p)" "$GAMES"; done
for p in source blitz blitz3 corners; do run "trap_stones(rules=$p)" "$GAMES"; done
for p in tromp_taylor chinese japanese aga new_zealand; do
  run "go(board_size=9,rules=$p)" "$GO_GAMES"
done
