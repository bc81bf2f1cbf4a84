"""Solver speed: µs per puzzle for `count_solutions(limit=2)` and `solve`, per puzzle set,
with rustoku's `count_solutions(p, until=2)` and `solve(p)` on the same puzzles in this run,
and the guesses per puzzle our search makes with limit 2 (every option tried, the first
included; tdoku counts one per branch point, so its 110 on sudokus_hard and 11 on top95 compare
with about half of ours), which tell search apart from propagation.

Sets, from ../shared/data: the 17-clue puzzles, sudokus_hard.txt, top95, the kaggle sample, and
rule-valid boards with no solution (one given of a proper puzzle changed until the count is
0). Ours is the best of several passes over each set; rustoku, far slower, gets one pass.
A last row compares `count_solutions_many` on 1 and 2 threads.

    python benches/bench_solve.py            # the table in docs/performance.md
    python benches/bench_solve.py --quick    # seconds; a smoke run for the test suite
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python_tests"))

import valid_sudoku  # noqa: E402
from machine import cores, cpu_model  # noqa: E402
from puzzles import DATA_DIR, KAGGLE_FILE, data_available, puzzle_lines  # noqa: E402
from peers import rustoku  # noqa: E402
from timing import per_puzzle_us  # noqa: E402


def no_solution_boards(proper: list[str], count: int, rng: random.Random) -> list[str]:
    """Rule-valid boards with no solution: one given of a proper puzzle changed, tried in a
    random order until the count is 0."""
    boards: list[str] = []
    for puzzle in proper:
        givens = [i for i, ch in enumerate(puzzle) if ch not in ".0"]
        tries = [(i, d) for i in givens for d in "123456789" if d != puzzle[i]]
        rng.shuffle(tries)
        for i, digit in tries:
            board = puzzle[:i] + digit + puzzle[i + 1:]
            if valid_sudoku.is_valid_sudoku(board) and valid_sudoku.count_solutions(board) == 0:
                boards.append(board)
                break
        if len(boards) == count:
            break
    return boards


def puzzle_sets(quick: bool) -> list[tuple[str, list[str]]]:
    rng = random.Random(2026)
    seventeen = puzzle_lines("norvig/sudokus_17.txt")
    hard = puzzle_lines("norvig/sudokus_hard.txt")
    top95 = puzzle_lines("norvig/sudoku-top95.txt")
    kaggle = [row.split(",")[0] for row in (DATA_DIR / KAGGLE_FILE).read_text().splitlines()[1:] if row]
    if quick:
        seventeen, hard, top95, kaggle = seventeen[:100], hard[:10], top95[:10], kaggle[:100]
    else:
        # rustoku takes about a millisecond per 17-clue puzzle: every 10th keeps it to seconds.
        seventeen = seventeen[::10]
    unsolvable = no_solution_boards(kaggle, 20 if quick else 1000, rng)
    return [
        (f"17-clue ({len(seventeen):,})", seventeen),
        (f"sudokus_hard ({len(hard):,})", hard),
        (f"top95 ({len(top95):,})", top95),
        (f"kaggle sample ({len(kaggle):,})", kaggle),
        (f"no solution ({len(unsolvable):,})", unsolvable),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sets, one pass: a smoke run")
    args = parser.parse_args(argv)
    passes = 1 if args.quick else 5
    if not data_available():
        print("no ../shared/data next to this checkout: nothing to measure")
    else:
        run(puzzle_sets(args.quick), passes)
    versions = [
        f"valid_sudoku {valid_sudoku.__version__}",
        f"Python {platform.python_version()} ({platform.python_implementation()})",
        f"rustoku {getattr(rustoku, '__version__', 'installed')}" if rustoku is not None else "rustoku not installed",
        f"{platform.system()} {platform.machine()}, {cpu_model()}, {cores()} cores",
    ]
    print("versions: " + "; ".join(versions))
    return 0


def run(sets: list[tuple[str, list[str]]], passes: int) -> None:
    ours_count: Callable[[str], Any] = valid_sudoku.count_solutions
    ours_solve: Callable[[str], Any] = valid_sudoku.solve
    guesses: Callable[..., int] = getattr(valid_sudoku, "_search_guesses")
    many = valid_sudoku.count_solutions_many
    header = "| set | count_solutions (µs) | count_solutions_many, 1 thread (µs) | solve (µs) | guesses per puzzle (limit 2) |"
    rule = "|---|---:|---:|---:|---:|"
    if rustoku is not None:
        header += " rustoku count_solutions(until=2) (µs) | rustoku solve (µs) | count ratio | solve ratio |"
        rule += "---:|---:|---:|---:|"
    print(header)
    print(rule)
    for name, puzzles in sets:
        count_us = per_puzzle_us(ours_count, puzzles, passes)
        many_us = per_puzzle_us(lambda ps: many(ps, threads=1), [puzzles], passes) / len(puzzles)
        solve_us = per_puzzle_us(ours_solve, puzzles, passes)
        # The same every run: one pass.
        made = sum(guesses(puzzle, limit=2) for puzzle in puzzles)
        row = f"| {name} | {count_us:.2f} | {many_us:.2f} | {solve_us:.2f} | {made / len(puzzles):.1f} |"
        if rustoku is not None:
            rustoku_count_us = per_puzzle_us(lambda p: rustoku.count_solutions(p, until=2), puzzles, 1)
            rustoku_solve_us = per_puzzle_us(rustoku.solve, puzzles, 1)
            row += (
                f" {rustoku_count_us:.1f} | {rustoku_solve_us:.1f} |"
                f" {rustoku_count_us / count_us:.0f}x | {rustoku_solve_us / solve_us:.0f}x |"
            )
        print(row)
    puzzles = sets[0][1]
    batch: list[Any] = [puzzles]
    one = per_puzzle_us(lambda ps: many(ps, threads=1), batch, passes) / len(puzzles)
    two = per_puzzle_us(lambda ps: many(ps, threads=2), batch, passes) / len(puzzles)
    print(f"\ncount_solutions_many on {sets[0][0]}: 1 thread {one:.2f} µs/puzzle, "
          f"2 threads {two:.2f} µs/puzzle, {one / two:.2f}x")


if __name__ == "__main__":
    raise SystemExit(main())
