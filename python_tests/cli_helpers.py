"""What the tests of the `valid-sudoku` command share: boards, and running it in-process."""

from __future__ import annotations

from pathlib import Path

import pytest

import valid_sudoku

SEED = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
# The second LeetCode example: an 8 in the top-left corner (r1c1) repeats in column 1 and box 1.
SECOND = "8" + SEED[1:]
SECOND_CONFLICTS = (
    "digit 8 repeats in column 1 at r1c1 and r4c1; digit 8 repeats in box 1 at r1c1 and r3c3"
)
SECOND_JSON_CONFLICTS = [
    {"unit": "column", "index": 0, "digit": 8, "cells": [[0, 0], [3, 0]]},
    {"unit": "box", "index": 0, "digit": 8, "cells": [[0, 0], [2, 2]]},
]

BLOCK = """\
+-------+-------+-------+
| 5 3 . | . 7 . | . . . |
| 6 . . | 1 9 5 | . . . |
| . 9 8 | . . . | . 6 . |
+-------+-------+-------+
| 8 . . | . 6 . | . . 3 |
| 4 . . | 8 . 3 | . . 1 |
| 7 . . | . 2 . | . . 6 |
+-------+-------+-------+
| . 6 . | . . . | 2 8 . |
| . . . | 4 1 9 | . . 5 |
| . . . | . 8 . | . 7 9 |
+-------+-------+-------+
"""


def classic(line: str) -> list[list[str]]:
    """The 81-character board as the classic list of 9 lists of 9 one-character str."""
    return [list(line[r * 9 : r * 9 + 9]) for r in range(9)]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = valid_sudoku.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def in_tmp_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test runs in its own directory, so file names in messages are short and exact."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(name: str, text: str) -> str:
    Path(name).write_text(text, encoding="utf-8")
    return name
