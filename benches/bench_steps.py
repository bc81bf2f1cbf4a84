"""Human steps: `solve_steps` µs per puzzle and the share solved by logic alone, beside
rustoku's `solve_steps` on the same puzzles in this run; the hint button, `hint(puzzle,
board)` µs per call beside `next_step(board)`, on the puzzles and on mid-game boards;
`grade_many` puzzles per second on 1
and 2 threads; and the Spearman correlation of our `score` and `guesses` with SE's ER on
se/serate-ratings.tsv and with the Kaggle sample's `difficulty` over the whole sample (as
bench_logic.py prints it), and of rustoku's summed `difficulty_point` with the latter.

Sets, from ../shared/data: the first 300 puzzles of the Kaggle sample and sudoku-top95.
Each side is the best of the same number of passes over the same puzzles. rustoku's path
counts as solved by logic when no step is a guess (technique "None").

    python benches/bench_steps.py            # the table in docs/steps.md
    python benches/bench_steps.py --quick    # seconds; a smoke run for the test suite
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python_tests"))

import valid_sudoku  # noqa: E402
from bench_logic import QUICK_STRIDE, correlation, spearman  # noqa: E402
from machine import cores, cpu_model  # noqa: E402
from puzzles import DATA_DIR, SE_FILE, data_available, kaggle_rows, puzzle_lines, se_rows  # noqa: E402
from peers import rustoku  # noqa: E402
from timing import per_puzzle_us  # noqa: E402


def rustoku_solved(puzzle: str) -> bool:
    path = rustoku.solve_steps(puzzle)
    return path is not None and all(step["technique"] != "None" for step in path["steps"])


def rustoku_points(puzzle: str) -> int:
    path = rustoku.solve_steps(puzzle)
    return 0 if path is None else sum(int(step["difficulty_point"]) for step in path["steps"])


def mid_game(puzzle: str) -> str:
    """The puzzle with every other empty cell filled from its solution: a player's board."""
    solution = valid_sudoku.solve(puzzle)
    assert solution is not None
    blanks = [i for i, ch in enumerate(puzzle) if ch in ".0"]
    cells = list(puzzle)
    for i in blanks[::2]:
        cells[i] = solution.to_string()[i]
    return "".join(cells)


def hint_table(kaggle: list[str], top95: list[str], passes: int) -> None:
    """`hint(puzzle, board)` per call (the mistake check, one search of the puzzle, included)
    beside `next_step(board)` and `mistakes(puzzle, board)`, on the puzzles themselves and on
    mid-game boards."""
    print()
    print("| set | boards are | boards | next_step µs/call | mistakes µs/call | hint µs/call | hint / next_step |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name, puzzles in (("kaggle sample", kaggle), ("top95", top95)):
        for label, boards in (("the puzzles", puzzles), ("mid-game", [mid_game(p) for p in puzzles])):
            pairs = list(zip(puzzles, boards))
            step = per_puzzle_us(lambda pair: valid_sudoku.next_step(pair[1]), pairs, passes)
            checked = per_puzzle_us(lambda pair: valid_sudoku.mistakes(pair[0], pair[1]), pairs, passes)
            hinted = per_puzzle_us(lambda pair: valid_sudoku.hint(pair[0], pair[1]), pairs, passes)
            print(f"| {name} | {label} | {len(pairs)} | {step:,.1f} | {checked:,.1f} | {hinted:,.1f} "
                  f"| {hinted / step:.2f}x |")


def timed(call: Callable[[], object]) -> float:
    """Seconds one call takes."""
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sets, one pass: a smoke run")
    args = parser.parse_args()
    passes = 1 if args.quick else 3
    print(f"machine: {platform.system()} {platform.machine()}, {cpu_model()}, {cores()} cores")
    versions = [f"valid_sudoku {valid_sudoku.__version__}", f"Python {platform.python_version()}"]
    if rustoku is not None:
        versions.append("rustoku " + getattr(rustoku, "__version__", "(installed)"))
    print("versions: " + "; ".join(versions))
    if not data_available():
        print("no ../shared/data next to this checkout: nothing to measure")
        return 0
    rows = kaggle_rows(20 if args.quick else 300)
    kaggle = [row["puzzle"] for row in rows]
    top95 = puzzle_lines("norvig/sudoku-top95.txt")[: 10 if args.quick else 95]
    print()
    print("| set | puzzles | ours µs/puzzle | ours with Step objects µs/puzzle | rustoku µs/puzzle "
          "| ratio | ratio with Step objects | ours by logic | rustoku by logic |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, boards in (("kaggle sample", kaggle), ("top95", top95)):
        ours = per_puzzle_us(valid_sudoku.solve_steps, boards, passes)
        # A SolvePath makes its Step objects when `steps` is first read; rustoku's path holds
        # its steps as Python objects, so this column is the like-for-like one.
        with_steps = per_puzzle_us(lambda b: valid_sudoku.solve_steps(b).steps, boards, passes)
        solved = sum(valid_sudoku.solve_steps(b).solved for b in boards)
        if rustoku is not None:
            theirs = per_puzzle_us(rustoku.solve_steps, boards, passes)
            their_solved = str(sum(rustoku_solved(b) for b in boards))
            ratios = f"{theirs / ours:.0f}x | {theirs / with_steps:.0f}x"
            theirs_text = f"{theirs:,.0f}"
        else:
            theirs_text, ratios, their_solved = "-", "- | -", "-"
        print(f"| {name} | {len(boards)} | {ours:,.1f} | {with_steps:,.1f} | {theirs_text} | {ratios} "
              f"| {solved} | {their_solved} |")
    hint_table(kaggle, top95, passes)
    grade_set = kaggle * (1 if args.quick else 4)
    rates = []
    # A pass takes a fraction of a second, so the best of a few more steadies the ratio.
    scaling_passes = passes if args.quick else 3 * passes
    for threads in (1, 2):
        best = float("inf")
        for _ in range(scaling_passes):
            start = time.perf_counter()
            valid_sudoku.grade_many(grade_set, threads=threads)
            best = min(best, time.perf_counter() - start)
        rates.append(len(grade_set) / best)
    print(f"\ngrade_many on {len(grade_set)} kaggle puzzles: 1 thread {rates[0]:,.0f} puzzles/s, "
          f"2 threads {rates[1]:,.0f} puzzles/s ({rates[1] / rates[0]:.2f}x)")
    # top95's paths are where the chain techniques find their steps (and make their chains).
    best = min(timed(lambda: valid_sudoku.grade_many(top95, threads=1)) for _ in range(scaling_passes))
    print(f"grade_many on {len(top95)} top95 puzzles: 1 thread {len(top95) / best:,.0f} puzzles/s")
    # The grade against other ratings, over whole sets: SE's ER and Kaggle's difficulty.
    se = se_rows() if (DATA_DIR / SE_FILE).is_file() else None
    correlation(args.quick, se)
    if rustoku is not None:
        sample = kaggle_rows()[:: QUICK_STRIDE if args.quick else 1]
        points = [rustoku_points(row["puzzle"]) for row in sample]
        difficulty = [float(row["difficulty"]) for row in sample]
        print(f"\nrustoku's summed difficulty_point against the Kaggle difficulty ({len(sample):,} puzzles): "
              f"{spearman(points, difficulty):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
