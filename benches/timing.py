"""Timing helpers shared by the benchmarks."""

from __future__ import annotations

import time
from typing import Any, Callable, Sequence


def per_puzzle_us(function: Callable[[Any], Any], puzzles: Sequence[Any], passes: int) -> float:
    """The best of `passes` passes of `function` over the puzzles, in µs per puzzle."""
    best = float("inf")
    for _ in range(passes):
        start = time.perf_counter()
        for puzzle in puzzles:
            function(puzzle)
        best = min(best, time.perf_counter() - start)
    return best * 1e6 / len(puzzles)
