#!/usr/bin/env bash
# The search bot against the uniform random player in every game and preset,
# seats alternated (the matches and results of docs/bots.md), on one machine or
# a Ray cluster:
#   ./scripts/bot_matches.sh [MS_A_MOVE] [GAMES] [GO_GAMES] [GAME_STRING…]
#   RAY_ADDRESS=HEAD:6379 ./scripts/bot_matches.sh …   # the same on a cluster
# Defaults: 1000 ms a move (one thread a game), 200 games, 200 Go games (9×9),
# every game and preset (or only the game strings given). Each game is a line of
# target/matches/bots_MS/GAME_STRING.txt, and a match resumes from its file, so
# an interrupted run goes on where it stopped; each match's summary line (wins,
# draws, losses, the win rate with its 95 % Wilson interval, playouts a move) is
# appended to target/matches/bots_MS.txt. Beside each .txt: the games' rows
# (.jsonl: moves, returns, scores, seeds), the same as Parquet (.parquet/) and
# Go's games as SGF (.sgf/). BOT_ARGS adds options (`BOT_ARGS="--stop-early 0"`:
# every move's whole budget, as the matches of docs/bots.md were played;
# `--playouts N` instead of the time; `--num-cpus N` workers on this machine).
# The games are Ray tasks (tabletop.ray: docs/scale.md); PYTHON is the Python with
# the package and its ray extra (default: target/python-venv's, else python3).
# Against GNU Go: scripts/go_match.py.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${PYTHON:-}" ]; then
  PYTHON=python3
  [ -x target/python-venv/bin/python ] && PYTHON=target/python-venv/bin/python
fi
if ! "$PYTHON" -c 'import tabletop.ray, ray, pyarrow' 2>/dev/null; then
  echo "bot_matches.sh: $PYTHON lacks tabletop.ray or Ray: pip install './python[ray]'" >&2
  exit 2
fi
# shellcheck disable=SC2086 # BOT_ARGS is a list of words
exec "$PYTHON" -m tabletop.ray bot-matches "$@" ${BOT_ARGS:-}
