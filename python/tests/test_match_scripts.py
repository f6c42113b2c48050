"""The self-destruction check of the Go match records (scripts/go_self_destruction.py).

Its eye rule and its reading of the records decide a line of docs/strength.md;
these tests need no GNU Go (no game here plays on after a pass, so nothing is
counted).
"""

import importlib.util
import json
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "go_self_destruction.py"
spec = importlib.util.spec_from_file_location("go_self_destruction", SCRIPT)
check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check)


def record(moves, size=9, first_color="black", **extra):
    game = {"game": 0, "first_color": first_color, "record": " ".join(moves), "size": size, "komi": 7.5}
    game.update(extra)
    return game


# Black walls in the corner eye at a1: b1, b2, a2 (all of a1's neighbours and its
# one diagonal), while White plays far away.
CORNER_EYE = ["b1", "j9", "a2", "j8", "b2", "j7"]


def test_points_are_read_as_gtp_vertices_and_off_board_ones_refused():
    assert check.point("a1", 9) == (0, 8)
    assert check.point("q16", 19) == (15, 3)
    assert check.point("T19", 19) == (18, 0)
    for bad, size in [("l9", 9), ("a10", 9), ("a0", 9), ("i5", 19), ("", 9), ("q", 19), ("pass", 9)]:
        with pytest.raises(ValueError):
            check.point(bad, size)


def test_filling_a_true_eye_of_ones_own_is_found():
    found = check.check_game(record(CORNER_EYE + ["a1"]), 9, 7.5, "unused")
    assert found == ["move 7 a1: fills its own true eye"]


def test_the_opponent_filling_it_is_not_the_engines_fault():
    # The same stones, the first engine White: Black's filling is not checked.
    assert check.check_game(record(CORNER_EYE + ["a1"], first_color="white"), 9, 7.5, "unused") == []


def test_a_point_with_an_opponent_stone_on_its_edge_diagonal_is_no_true_eye():
    # White's stone on b2 (a1's only diagonal) makes a1 a false eye for Black.
    moves = ["b1", "b2", "a2", "j9", "j8", "j7", "a1"]
    assert check.check_game(record(moves), 9, 7.5, "unused") == []


def test_in_the_middle_one_opponent_diagonal_is_allowed_two_are_not():
    # Black surrounds e5 (d5, f5, e4, e6); White holds d4, then also f6.
    wall = ["d5", "d4", "f5", "j9", "e4", "j8", "e6"]
    one = wall + ["j7", "e5"]
    assert check.check_game(record(one), 9, 7.5, "unused") == ["move 9 e5: fills its own true eye"]
    two = wall + ["f6", "e5"]
    assert check.check_game(record(two), 9, 7.5, "unused") == []


def test_each_record_gives_its_own_board_size(tmp_path, capsys):
    big = tmp_path / "big.jsonl"
    big.write_text(json.dumps(record(["q16", "d4", "l9"], size=19)) + "\n")
    assert run_main([str(big)]) == 0
    assert "1 games checked, 0 with self-destruction" in capsys.readouterr().out
    # Without the size in the record, --size decides: 9 (the default) refuses q16.
    old = tmp_path / "old.jsonl"
    game = record(["q16", "d4", "l9"], size=19)
    del game["size"]
    old.write_text(json.dumps(game) + "\n")
    assert run_main([str(old)]) == 2
    assert "'q16' is not a point of a 9x9 board" in capsys.readouterr().err
    assert run_main(["--size", "19", str(old)]) == 0


def test_a_game_with_an_eye_fill_makes_the_check_fail(tmp_path, capsys):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(record(CORNER_EYE + ["a1"])) + "\n")
    assert run_main([str(path)]) == 1
    assert "1 games checked, 1 with self-destruction" in capsys.readouterr().out


def run_main(args):
    saved = sys.argv
    sys.argv = ["go_self_destruction.py", *args]
    try:
        return check.main()
    finally:
        sys.argv = saved
