#!/usr/bin/env python3
"""Checks match records for self-destruction by the measured engine (the "first").

    python3 scripts/go_self_destruction.py docs/matches/go_l10_*.jsonl

Reads the JSON lines `scripts/go_match.py` writes (the game's moves, the first
engine's colour) and checks every game for the two ways a Monte Carlo bot
destroys itself when every move looks equally lost or won:

1. It fills one of its own true eyes: an empty point whose neighbours on the
   board are all its stones, with no opponent stone on a diagonal when the point
   is on the edge and at most one in the middle, and where no neighbouring chain
   of its own has that point as its last liberty (filling it would then save that
   chain, not kill the group).
2. It plays on after the game is decided and loses points by it: once the
   opponent has passed and the first engine has put down a stone after that, its
   margin in GNU Go's count of the final
   position (`final_score`, dead stones removed, the game's komi) must be no
   smaller than in the count of the position at the opponent's first pass.

Prints one line per violation and a summary; exits 1 if any game has one, 2 if
a record does not read (a point off its board, a move that is not a point). The
board is replayed here (captures only: the records are legal games), so only
the counts need GNU Go (`--gnugo`, default /usr/games/gnugo). Each record gives
its board size and komi; `--size` and `--komi` are for records written before
`go_match.py` put them in (a 19x19 record read as 9x9 is refused, not misread).
"""

import argparse
import json
import shlex
import subprocess
import sys

COLUMNS = "abcdefghjklmnopqrstuvwxyz"


class Board:
    """A Go board that plays legal moves and makes their captures."""

    def __init__(self, size):
        self.size = size
        self.cells = {}

    def neighbours(self, p):
        x, y = p
        for q in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
            if 0 <= q[0] < self.size and 0 <= q[1] < self.size:
                yield q

    def chain(self, p):
        """The chain at `p` and its liberties."""
        color = self.cells[p]
        stones, libs, todo = {p}, set(), [p]
        while todo:
            for q in self.neighbours(todo.pop()):
                c = self.cells.get(q)
                if c is None:
                    libs.add(q)
                elif c == color and q not in stones:
                    stones.add(q)
                    todo.append(q)
        return stones, libs

    def play(self, color, p):
        self.cells[p] = color
        for q in self.neighbours(p):
            if self.cells.get(q) not in (None, color):
                stones, libs = self.chain(q)
                if not libs:
                    for s in stones:
                        del self.cells[s]

    def is_true_eye(self, color, p):
        """Whether the empty `p` is a true eye of `color` whose filling saves nothing."""
        if p in self.cells:
            return False
        if any(self.cells.get(q) != color for q in self.neighbours(p)):
            return False
        # A neighbouring chain whose last liberty is `p` would be saved by filling it.
        if any(self.chain(q)[1] == {p} for q in self.neighbours(p)):
            return False
        x, y = p
        diagonals = [(x + dx, y + dy) for dx in (-1, 1) for dy in (-1, 1)]
        on_board = [q for q in diagonals if 0 <= q[0] < self.size and 0 <= q[1] < self.size]
        enemy = sum(1 for q in on_board if self.cells.get(q) not in (None, color))
        return enemy == 0 if len(on_board) < 4 else enemy <= 1


def point(mv, size):
    """The (column, row from the top) of a GTP vertex such as `q16`; ValueError if
    it is no point of a `size` board."""
    column = COLUMNS.find(mv[:1].lower())
    row = int(mv[1:]) if mv[1:].isdigit() else 0
    if not 0 <= column < size or not 1 <= row <= size:
        raise ValueError(f"{mv!r} is not a point of a {size}x{size} board")
    return (column, size - row)


def final_score(gnugo, size, komi, moves):
    """GNU Go's count of the position after `moves`, as Black's margin."""
    proc = subprocess.run(
        shlex.split(gnugo) + ["--mode", "gtp", "--chinese-rules"],
        input="\n".join(
            [f"boardsize {size}", "clear_board", f"komi {komi}"]
            + [f"play {'b' if i % 2 == 0 else 'w'} {mv}" for i, mv in enumerate(moves)]
            + ["final_score", "quit"]
        )
        + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    answers = [line for line in proc.stdout.splitlines() if line.startswith(("=", "?"))]
    score = answers[-2][1:].strip()
    if score == "0":
        return 0.0
    margin = float(score[2:])
    return margin if score.startswith("B+") else -margin


def check_game(game, size, komi, gnugo):
    """The violations in one game, as text."""
    moves = [m for m in game["record"].split() if m != "resign"]
    first = 0 if game["first_color"] == "black" else 1
    board = Board(size)
    found = []
    first_pass = None
    for i, mv in enumerate(moves):
        mover = i % 2
        if mv == "pass":
            if mover != first and first_pass is None:
                first_pass = i + 1
            continue
        p = point(mv, size)
        if mover == first and board.is_true_eye(mover, p):
            found.append(f"move {i + 1} {mv}: fills its own true eye")
        board.play(mover, p)
    played_on = first_pass is not None and any(
        mv != "pass" for i, mv in enumerate(moves) if i >= first_pass and i % 2 == first
    )
    if played_on:
        sign = 1 if first == 0 else -1
        at_pass = sign * final_score(gnugo, size, komi, moves[:first_pass])
        at_end = sign * final_score(gnugo, size, komi, moves)
        if at_end < at_pass:
            found.append(
                f"after the opponent's pass (move {first_pass}) its margin fell from "
                f"{at_pass:+.1f} to {at_end:+.1f}"
            )
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("records", nargs="+", help="JSON-lines files from scripts/go_match.py")
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    args = ap.parse_args()
    games = bad = 0
    for path in args.records:
        with open(path) as f:
            for line in f:
                if not line.strip():
                    continue
                game = json.loads(line)
                games += 1
                size, komi = game.get("size", args.size), game.get("komi", args.komi)
                try:
                    found = check_game(game, size, komi, args.gnugo)
                except ValueError as e:
                    print(f"{path} game {game['game']}: {e} (--size {size})", file=sys.stderr)
                    return 2
                for v in found:
                    print(f"{path} game {game['game']}: {v}")
                bad += bool(found)
    print(f"{games} games checked, {bad} with self-destruction")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
