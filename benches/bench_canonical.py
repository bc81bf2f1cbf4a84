"""Canonical-form speed: boards per second on one thread for `canonical_many` over the 17-clue
puzzles, the Kaggle sample's puzzles, complete grids (the Kaggle sample's solutions) and random
isomorphs of the 17-clue puzzles; `random_isomorph_many` (with solutions) per second; and
`canonical_many` on 2 threads against 1.

Each number is the best of a few passes over the set, through `canonical_many(..., threads=1)`
on a uint8 array (so the reader costs almost nothing).

    python benches/bench_canonical.py            # the table in docs/canonical.md
    python benches/bench_canonical.py --quick    # seconds; a smoke run for the test suite
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python_tests"))

import numpy as np  # noqa: E402

import valid_sudoku  # noqa: E402
from machine import cores, cpu_model  # noqa: E402
from puzzles import KAGGLE_FILE, data_available, puzzle_lines  # noqa: E402


def per_second(function: Callable[[], Any], count: int, passes: int) -> float:
    """Boards per second: the best of `passes` calls that each handle `count` boards."""
    best = float("inf")
    for _ in range(passes):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return count / best


def as_array(boards: list[str]) -> Any:
    return np.array([[0 if ch in "._0" else int(ch) for ch in board] for board in boards], np.uint8)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few hundred boards per set")
    args = parser.parse_args()
    versions = [
        f"valid_sudoku {valid_sudoku.__version__}",
        f"Python {platform.python_version()}",
        f"{platform.system()} {platform.machine()}, {cpu_model()}, {cores()} cores",
    ]
    print("versions: " + "; ".join(versions))
    if not data_available():
        print("no ../shared/data next to this checkout: nothing to measure")
        return
    limit = 300 if args.quick else None
    passes = 1 if args.quick else 3
    seventeen = puzzle_lines("norvig/sudokus_17.txt")[:limit]
    kaggle = puzzle_lines(KAGGLE_FILE)
    half = len(kaggle) // 2
    kaggle_puzzles, kaggle_grids = kaggle[:half][:limit], kaggle[half:][: (100 if args.quick else None)]
    seventeen_array = as_array(seventeen)
    isomorphs = valid_sudoku.random_isomorph_many(seventeen_array, seed=1)
    sets = [
        ("17-clue puzzles (sudokus_17)", seventeen_array),
        ("Kaggle sample puzzles", as_array(kaggle_puzzles)),
        ("complete grids (Kaggle solutions)", as_array(kaggle_grids)),
        ("random isomorphs of the 17-clue puzzles", isomorphs),
    ]
    print(f"\n{'canonical_many, 1 thread':<44} {'boards':>8} {'boards/s':>12}")
    print(f"{'-' * 44} {'-' * 8} {'-' * 12}")
    for name, boards in sets:
        rate = per_second(lambda: valid_sudoku.canonical_many(boards, threads=1), len(boards), passes)
        print(f"{name:<44} {len(boards):>8} {rate:>12,.0f}")
    many = np.repeat(seventeen_array, 1 if args.quick else 40, axis=0)
    solutions = many.copy()
    rate = per_second(lambda: valid_sudoku.random_isomorph_many(many, seed=2, threads=1), len(many), passes)
    pair_rate = per_second(
        lambda: valid_sudoku.random_isomorph_many(many, solutions=solutions, seed=2, threads=1), len(many), passes
    )
    print(f"{'random_isomorph_many, 1 thread':<44} {len(many):>8} {rate:>12,.0f}")
    print(f"{'random_isomorph_many with solutions':<44} {len(many):>8} {pair_rate:>12,.0f}")
    # A pass takes a fraction of a second now, so the best of a few more steadies the ratio.
    scaling_passes = passes if args.quick else 3 * passes
    one = per_second(lambda: valid_sudoku.canonical_many(seventeen_array, threads=1), len(seventeen_array), scaling_passes)
    two = per_second(lambda: valid_sudoku.canonical_many(seventeen_array, threads=2), len(seventeen_array), scaling_passes)
    print(f"\ncanonical_many on the 17-clue puzzles: 2 threads {two / one:.2f}x 1 thread "
          f"({one:,.0f} and {two:,.0f} boards/s)")


if __name__ == "__main__":
    main()
