"""The examples in docs/python.md run as written."""

import os
import re

import pytest

DOC = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "python.md")


def blocks():
    text = open(DOC, encoding="utf-8").read()
    return re.findall(r"```python\n(.*?)```", text, re.S)


@pytest.mark.parametrize("code", blocks(), ids=lambda c: c.splitlines()[0][:40])
def test_the_example_runs(code):
    if "pyspiel" in code:
        pytest.importorskip("pyspiel")
    if "pettingzoo" in code:
        pytest.importorskip("pettingzoo")
    exec(compile(code, DOC, "exec"), {})
