#!/usr/bin/env bash
# The search bot against the uniform random player in every game and preset,
# seats alternated (the matches and results of docs/bots.md):
#   ./scripts/bot_matches.sh [MS_A_MOVE] [GAMES] [GO_GAMES] [GAME_STRING…]
# Defaults: 1000 ms a move (one thread), 200 games, 200 Go games (9×9), every
# game and preset (or only the game strings given). Each game is a line of
# target/matches/bots_MS/GAME_STRING.txt, and a match resumes from its file, so
# an interrupted run goes on where it stopped; each match's summary line (wins,
# draws, losses, the win rate with its 95 % Wilson interval, playouts a move) is
# appended to target/matches/bots_MS.txt. BOT=path runs a binary built earlier;
# BOT_ARGS adds options (`BOT_ARGS="--stop-early 0"`: every move's whole budget,
# as the matches of docs/bots.md were played).
# Against GNU Go: scripts/go_match.py.
set -euo pipefail
cd "$(dirname "$0")/.."
MS="${1:-1000}"
GAMES="${2:-200}"
GO_GAMES="${3:-$GAMES}"
shift $(($# < 3 ? $# : 3))
if [ -z "${BOT:-}" ]; then
  cargo build --release -p tabletop --example bot_vs_random
  BOT="${CARGO_TARGET_DIR:-target}/release/examples/bot_vs_random"
fi
mkdir -p "target/matches/bots_${MS}"
run() {
  # shellcheck disable=SC2086 # BOT_ARGS is a list of words
  "$BOT" "$1" --games "$2" --ms "$MS" ${BOT_ARGS:-} --quiet --out "target/matches/bots_${MS}/$1.txt" |
    tail -1 | tee -a "target/matches/bots_${MS}.txt"
}
if [ $# -gt 0 ]; then
  for g in "$@"; do
    case "$g" in go*) run "$g" "$GO_GAMES" ;; *) run "$g" "$GAMES" ;; esac
  done
  exit 0
fi
for p in source common; do run "o_an_quan(rules=$p)" "$GAMES"; done
for p in source yut_nori; do run "hoop_race(rules=$p)" "$GAMES"; done
for p in source numeral_scoring; do run "tarokk_war(rules=$p)" "$GAMES"; done
for p in source blitz blitz3 corners; do run "trap_stones(rules=$p)" "$GAMES"; done
for p in tromp_taylor chinese japanese aga new_zealand; do
  run "go(board_size=9,rules=$p)" "$GO_GAMES"
done
