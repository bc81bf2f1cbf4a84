"""What the release profile's link-time optimisation buys at run time: one fixed workload,
timed on the installed build, so builds made with different profiles compare as ratios.

Build the wheel three ways into three venvs, then run this script with each venv's Python,
interleaved, and compare (docs/performance.md has the table and the commands):

    CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 pip wheel --no-deps -w off .
    CARGO_PROFILE_RELEASE_LTO=thin CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 pip wheel --no-deps -w thin .
    CARGO_PROFILE_RELEASE_LTO=fat CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 pip wheel --no-deps -w fat .
    python benches/bench_build.py --label fat    # with each build's interpreter in turn
    python benches/bench_build.py --quick        # seconds; a smoke run for the test suite

The workload: one `is_valid_sudoku` call per board, `is_valid_many` over a (N, 81) array,
`solve_many`, `grade_many` and `canonical_many` over the Kaggle sample's puzzles (generated
puzzles without the data), and `generate_many` of minimal puzzles; each the best of a few
passes, in µs per board.
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


def best_us(run: Callable[[], Any], items: int, passes: int) -> float:
    """The best of `passes` runs of `run`, in µs per item."""
    best = float("inf")
    for _ in range(passes):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best * 1e6 / items


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small sets, one pass: a smoke run")
    parser.add_argument("--label", default="installed build", help="the build's name, for the output")
    args = parser.parse_args()
    passes = 1 if args.quick else 5
    size = 200 if args.quick else 7_034
    if data_available():
        puzzles = [line.replace("0", ".") for line in puzzle_lines(KAGGLE_FILE)[:size]]
    else:
        puzzles = ["".join(str(v) if v else "." for v in row) for row in valid_sudoku.generate_many(size, seed=1)]
    array = np.array([[0 if ch == "." else int(ch) for ch in line] for line in puzzles], dtype=np.uint8)
    many = np.tile(array, (max(1, 1_000_000 // len(array)) if not args.quick else 1, 1))
    rows = [
        ("is_valid_sudoku per call", best_us(lambda: [valid_sudoku.is_valid_sudoku(p) for p in puzzles], len(puzzles), passes)),
        ("is_valid_many, (N, 81) uint8", best_us(lambda: valid_sudoku.is_valid_many(many, threads=1), len(many), passes)),
        ("solve_many", best_us(lambda: valid_sudoku.solve_many(array, threads=1), len(array), passes)),
        ("grade_many", best_us(lambda: valid_sudoku.grade_many(array, threads=1), len(array), max(1, passes // 2))),
        ("canonical_many", best_us(lambda: valid_sudoku.canonical_many(array, threads=1), len(array), passes)),
        ("generate_many, minimal", best_us(lambda: valid_sudoku.generate_many(size, seed=3, threads=1), size, passes)),
    ]
    print(f"| {args.label}: what | µs per board |")
    print("|---|---:|")
    for name, us in rows:
        print(f"| {name} | {us:,.3f} |")
    python = f"{platform.python_version()} ({platform.python_implementation()})"
    print(f"\nversions: valid_sudoku {valid_sudoku.__version__}; Python {python}; {platform.system()} {platform.machine()}, {cpu_model()}, {cores()} cores")


if __name__ == "__main__":
    main()
