"""How many examples each hypothesis test tries.

Every CPython of a CI run drives the same Rust core, so the whole search runs once per run
(VALID_SUDOKU_FULL=1, which .ci/run sets for one version) and a quarter of it elsewhere, which
still exercises each version's conversion of Python objects on hundreds of inputs.
"""

from __future__ import annotations

from puzzles import FULL


def examples(full: int) -> int:
    """`full` where VALID_SUDOKU_FULL=1, else a quarter of it (never fewer than 20)."""
    return full if FULL else max(20, full // 4)
