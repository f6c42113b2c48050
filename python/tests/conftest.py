"""Shared settings of the Python tests."""

import os

#: Games and rule sets every test runs over (name, parameters).
CONFIGS = [
    ("go", {"board_size": 5}),
    ("go", {"board_size": 9, "rules": "chinese"}),
    ("go", {"board_size": 7, "rules": "japanese"}),
    ("go", {"board_size": 9, "rules": "aga", "handicap": 2}),
    ("go", {"board_size": 5, "rules": "new_zealand"}),
    ("o_an_quan", {}),
    ("o_an_quan", {"rules": "common"}),
    ("o_an_quan", {"players": 3, "young_quan": 5}),
    ("hoop_race", {}),
    ("hoop_race", {"rules": "yut_nori"}),
    ("hoop_race", {"rules": "yut_nori", "players": 4}),
    ("trap_stones", {}),
    ("trap_stones", {"rules": "blitz"}),
    ("trap_stones", {"rules": "blitz3"}),
    ("trap_stones", {"rules": "corners"}),
    ("tarokk_war", {}),
    ("tarokk_war", {"rules": "numeral_scoring"}),
]

#: Random games per configuration (raise with TABLETOP_PY_GAMES).
GAMES = int(os.environ.get("TABLETOP_PY_GAMES", "3"))


def config_id(config):
    name, params = config
    return name + "".join(f"-{k}={v}" for k, v in sorted(params.items()))
