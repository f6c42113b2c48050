#!/usr/bin/env python3
"""Plays Go matches between two GTP engines and scores them with GNU Go.

    python3 scripts/go_match.py --games 100 --size 9 --komi 7.5 \
        --first "target/release/examples/go_gtp --rules chinese --seconds 1" \
        --other "/usr/games/gnugo --mode gtp --level 1 --chinese-rules" \
        --out target/matches/go_1s.jsonl

Seats alternate: game k gives the first engine Black when k is even. A game ends
with two passes, a resignation, an illegal move (it loses), or --max-moves moves;
it is then scored by a separate GNU Go (`--chinese-rules`, the game's komi) with
`final_score`, which removes the stones GNU Go judges dead. `{game}` in either
command line becomes the game's number (a seed per game, so that engines with a
playout budget do not repeat their games:
`--first "go_gtp --playouts 3000 --seed {game}"`). Each game is one line
of JSON in --out (appended, so an interrupted run resumes where it stopped); the
summary prints the first engine's wins with a 95 % Wilson interval. With
--sgf DIR each game is also written as DIR/game-NNN.sgf (players, komi, Chinese
rules, result), for GUIs and for scripts/go_self_destruction.py.
"""

import argparse
import json
import math
import os
import shlex
import subprocess
import sys
import time


class Gtp:
    """One GTP engine in a subprocess."""

    def __init__(self, command):
        self.proc = subprocess.Popen(
            shlex.split(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )

    def ask(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError(f"engine closed on {command!r}")
            line = line.rstrip("\n")
            if line == "" and lines:
                break
            if line == "" and not lines:
                continue
            lines.append(line)
        text = "\n".join(lines)
        ok = text.startswith("=")
        return ok, text[1:].strip()

    def close(self):
        try:
            self.ask("quit")
        except Exception:
            pass
        self.proc.kill()


def wilson(wins, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def sgf_point(mv, size):
    """A GTP vertex (`d4`, `pass`) as an SGF point (`df`, empty for a pass)."""
    if mv in ("pass", "resign"):
        return ""
    col = "abcdefghjklmnopqrstuvwxyz".index(mv[0])
    row = size - int(mv[1:])
    return "abcdefghijklmnopqrstuvwxyz"[col] + "abcdefghijklmnopqrstuvwxyz"[row]


def sgf_text(result, size, komi, first, other):
    """One game as SGF text: the engines' command lines name the players."""
    black, white = (first, other) if result["first_color"] == "black" else (other, first)
    if result.get("score", "").startswith(("B+", "W+")):
        re = result["score"]
    elif result["winner"]:
        re = ("B" if result["winner"] == "black" else "W") + ("+R" if result["reason"] == "resignation" else "+F")
    else:
        re = "?"
    esc = lambda t: t.replace("\\", "\\\\").replace("]", "\\]")
    head = f"(;GM[1]FF[4]CA[UTF-8]SZ[{size}]KM[{komi}]RU[Chinese]PB[{esc(black)}]PW[{esc(white)}]RE[{re}]"
    body = []
    color = "B"
    for mv in result["record"].split():
        if mv == "resign":
            break
        body.append(f";{color}[{sgf_point(mv, size)}]")
        color = "W" if color == "B" else "B"
    return head + "".join(body) + ")\n"


def play_game(first, other, scorer_cmd, size, komi, first_is_black, max_moves, seconds):
    engines = {"first": Gtp(first), "other": Gtp(other)}
    black = "first" if first_is_black else "other"
    white = "other" if first_is_black else "first"
    for e in engines.values():
        e.ask(f"boardsize {size}")
        e.ask("clear_board")
        e.ask(f"komi {komi}")
        if seconds:
            # Canadian byo-yomi of one stone: `seconds` for every move.
            e.ask(f"time_settings 0 {seconds} 1")
    moves = []
    passes = 0
    result = None
    color, name = "black", black
    start = time.time()
    while len(moves) < max_moves:
        mover = engines[name]
        if seconds:
            mover.ask(f"time_left {color} {seconds} 1")
        ok, mv = mover.ask(f"genmove {color}")
        if not ok:
            result = {"winner": "white" if color == "black" else "black", "reason": f"genmove failed: {mv}"}
            break
        mv = mv.lower()
        moves.append(mv)
        if mv == "resign":
            result = {"winner": "white" if color == "black" else "black", "reason": "resignation"}
            break
        opponent = engines[white if name == black else black]
        ok, why = opponent.ask(f"play {color} {mv}")
        if not ok:
            result = {"winner": "white" if color == "black" else "black", "reason": f"illegal move {mv}: {why}"}
            break
        passes = passes + 1 if mv == "pass" else 0
        if passes == 2:
            break
        color, name = ("white", white) if color == "black" else ("black", black)
    for e in engines.values():
        e.close()
    if result is None:
        scorer = Gtp(scorer_cmd)
        scorer.ask(f"boardsize {size}")
        scorer.ask("clear_board")
        scorer.ask(f"komi {komi}")
        c = "black"
        for mv in moves:
            scorer.ask(f"play {c} {mv}")
            c = "white" if c == "black" else "black"
        ok, score = scorer.ask("final_score")
        scorer.close()
        if score.startswith("B+"):
            winner = "black"
        elif score.startswith("W+"):
            winner = "white"
        else:
            winner = None
        result = {"winner": winner, "reason": "score", "score": score}
    first_color = "black" if first_is_black else "white"
    result.update(
        {
            "first_color": first_color,
            "first_won": result["winner"] == first_color,
            "size": size,
            "komi": komi,
            "moves": len(moves),
            "seconds": round(time.time() - start, 1),
            "record": " ".join(moves),
        }
    )
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--first", required=True, help="the engine measured (command line)")
    ap.add_argument("--other", default="/usr/games/gnugo --mode gtp --level 1 --chinese-rules")
    ap.add_argument("--scorer", default="/usr/games/gnugo --mode gtp --chinese-rules")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--seconds", type=float, default=0, help="seconds a move, sent as a GTP clock")
    ap.add_argument("--max-moves", type=int, default=400)
    ap.add_argument("--out", required=True)
    ap.add_argument("--sgf", help="a directory for one SGF file per game")
    ap.add_argument(
        "--from-game",
        type=int,
        default=0,
        help="the number of the first game (seats and {game} follow the number): a second "
        "run of the same match in parallel writes games FROM.. into its own file, and the "
        "files are merged by their game numbers",
    )
    args = ap.parse_args()
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    done = []
    if os.path.exists(args.out):
        with open(args.out) as f:
            done = [json.loads(line) for line in f if line.strip()]
    for k in range(args.from_game + len(done), args.games):
        first = args.first.replace("{game}", str(k + 1))
        other = args.other.replace("{game}", str(k + 1))
        r = play_game(first, other, args.scorer, args.size, args.komi, k % 2 == 0, args.max_moves, args.seconds)
        r["game"] = k
        with open(args.out, "a") as f:
            f.write(json.dumps(r) + "\n")
        if args.sgf:
            os.makedirs(args.sgf, exist_ok=True)
            with open(os.path.join(args.sgf, f"game-{k:03}.sgf"), "w") as f:
                f.write(sgf_text(r, args.size, args.komi, first, other))
        done.append(r)
        wins = sum(1 for g in done if g["first_won"])
        lo, hi = wilson(wins, len(done))
        print(f"game {k}: {r['first_color']} {'won' if r['first_won'] else 'lost'} "
              f"({r.get('score', r['reason'])}, {r['moves']} moves, {r['seconds']} s); "
              f"{wins}/{len(done)} = {100 * wins / len(done):.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]",
              flush=True)
    wins = sum(1 for g in done if g["first_won"])
    lo, hi = wilson(wins, len(done))
    print(json.dumps({"games": len(done), "wins": wins, "rate": wins / max(1, len(done)), "ci95": [lo, hi]}))


if __name__ == "__main__":
    sys.exit(main())
