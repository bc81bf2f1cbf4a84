"""The SIMD and portable validators agree: the same boards, checked in a process where
VALID_SUDOKU_FORCE_PORTABLE=1 forces the portable path, give the same answers."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

from reference import classic_from_cells, line_from_cells, reference_is_valid

from valid_sudoku import is_valid_sudoku

CHECK = """
import json, sys
from valid_sudoku import is_valid_sudoku
boards = json.load(sys.stdin)
print(json.dumps([is_valid_sudoku(b) for b in boards]))
"""


def random_boards(count: int) -> list[list[int]]:
    rng = random.Random(2024)
    return [[rng.randint(1, 9) if rng.random() < rng.random() * 0.6 else 0 for _ in range(81)] for _ in range(count)]


def test_portable_and_default_paths_agree() -> None:
    cells = random_boards(20_000)
    boards: list[object] = [line_from_cells(c) for c in cells] + [classic_from_cells(c) for c in cells[:5000]]
    expected = [reference_is_valid(c) for c in cells] + [reference_is_valid(c) for c in cells[:5000]]
    assert [is_valid_sudoku(b) for b in boards] == expected  # type: ignore[arg-type]
    env = {**os.environ, "VALID_SUDOKU_FORCE_PORTABLE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", CHECK], input=json.dumps(boards), capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == expected
