"""Logic that never runs out (issue 35): coverage by logic, speed beside skfr, and how the grade
follows other ratings.

1. Coverage: for each set, the puzzles with exactly one solution and how many of them
   `solve_steps` solves by logic alone (`SolvePath.solved`). Sets, from ../shared/data:
   sudoku-top95, sudokus_hard, the 17-clue list (49,151 puzzles), sudoku10k and the Kaggle
   sample's puzzle column.
2. Speed: `solve_steps` per puzzle on one thread, mean and max, on sudokus_hard and on the
   puzzles of se/serate-ratings.tsv with ER 8 or more, beside skfr's time to rate the same
   puzzles in the same run. skfr (dobrichev/skfr, a C++ port of Sudoku Explainer's rating) is
   not part of this project: VALID_SUDOKU_SKFR names an already-built binary, run with
   OMP_NUM_THREADS=1 on a file of the set's puzzles; its time is the whole process's wall time
   divided by the count, with nothing subtracted. Its start-up, the time of a file of one easy
   puzzle, is printed beside it. Without VALID_SUDOKU_SKFR the script says so and times ours
   alone. Ours is the best of three passes per puzzle; skfr runs once per set, as it takes
   about a second per sudokus_hard puzzle, where a millisecond of noise does not count.
   Today `solve_steps` stops "stuck" on most of these puzzles, which is fast and not the same
   work: read the times beside the "solved by logic" column.
3. Correlation: Spearman of `grade_many(...).score`, and of `guesses`, with SE's ER over every
   row of se/serate-ratings.tsv with exactly one solution, and with the Kaggle sample's
   `difficulty` over the whole sample; then, per level, the Kaggle puzzles' median score,
   which should rise with the level.
4. Score bands: over every puzzle with one solution in the coverage sets, the least and the
   greatest `score` at each level, and for nested nets at each depth: a puzzle that needs
   forcing chains or nets should score above every puzzle that does not, and a deeper net
   above a shallower one. Then the levels of random minimal puzzles, `generate_many(20000,
   seed=35)` graded: how rare each level is (the count behind generate's refusal of
   difficulty="nested").

Each section prints markdown tables that docs can quote, after the machine and versions lines.

    python benches/bench_logic.py            # minutes: skfr takes minutes on sudokus_hard
    python benches/bench_logic.py --quick    # seconds; a smoke run on slices, for the test suite
    VALID_SUDOKU_SKFR=/path/to/skfr python benches/bench_logic.py
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python_tests"))

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

import valid_sudoku  # noqa: E402
from machine import cores, cpu_model  # noqa: E402
from puzzles import DATA_DIR, SE_FILE, data_available, kaggle_rows, puzzle_lines, se_rows  # noqa: E402

SKFR_VARIABLE = "VALID_SUDOKU_SKFR"
# The docs' first puzzle (ER 1.2 in se/serate-ratings.tsv's terms): a file of it alone times
# skfr's start-up, reading and writing files included.
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
COVERAGE_SETS = (
    "norvig/sudoku-top95.txt",
    "norvig/sudokus_hard.txt",
    "norvig/sudokus_17.txt",
    "norvig/sudoku10k.txt",
)
QUICK_SLICE = 100
QUICK_SPEED_SLICE = 3
QUICK_STRIDE = 20


class SkfrRun(NamedTuple):
    seconds: float
    rated: int  # puzzles skfr gave an ER between 1.0 and 12.0
    version: str


def run_skfr(skfr: str, puzzles: list[str]) -> SkfrRun:
    """One skfr process rating the puzzles on one thread, timed from start to exit.

    skfr reads `<stem>.txt` (named by `-i<stem>`) and writes `<stem>_rat.txt`, a line
    `<puzzle> ED=<ER>/<EP>/<ED>` per rated puzzle, and `<stem>_N_rat.txt` for the rest. It reads
    any character outside 0-9 as empty and '0' as a digit, so the puzzles are written with '.'.
    """
    with tempfile.TemporaryDirectory() as folder:
        stem = Path(folder) / "puzzles"
        Path(f"{stem}.txt").write_text("".join(p.replace("0", ".") + "\n" for p in puzzles))
        start = time.perf_counter()
        done = subprocess.run(
            [skfr, f"-i{stem}"],
            cwd=folder,
            env={**os.environ, "OMP_NUM_THREADS": "1"},
            capture_output=True,
            text=True,
        )
        seconds = time.perf_counter() - start
        rated_file, refused_file = Path(f"{stem}_rat.txt"), Path(f"{stem}_N_rat.txt")
        if done.returncode != 0 or not rated_file.is_file() or not refused_file.is_file():
            raise SystemExit(f"{SKFR_VARIABLE}={skfr} did not rate {len(puzzles)} puzzles (exit "
                             f"{done.returncode}): {(done.stdout + done.stderr).strip()[-500:]}")
        rated = [line for line in rated_file.read_text().splitlines() if " ED=" in line]
        refused = [line for line in refused_file.read_text().splitlines() if " ED=" in line]
    if len(rated) + len(refused) != len(puzzles):
        raise SystemExit(f"skfr answered {len(rated) + len(refused)} lines for {len(puzzles)} puzzles")
    version = next((line.split(":", 1)[1].strip() for line in done.stdout.splitlines()
                    if line.startswith("Version:")), "(version not printed)")
    return SkfrRun(seconds, len(rated), version)


def ours_per_puzzle(puzzles: list[str], passes: int) -> tuple[list[float], int]:
    """Each puzzle's best-of-`passes` `solve_steps` seconds, and how many it solved by logic."""
    times = []
    solved = 0
    for puzzle in puzzles:
        best = float("inf")
        for _ in range(passes):
            start = time.perf_counter()
            path = valid_sudoku.solve_steps(puzzle)
            best = min(best, time.perf_counter() - start)
        solved += path.solved
        times.append(best)
    return times, solved


def coverage(quick: bool) -> None:
    print()
    note = f" (quick: the first {QUICK_SLICE} of each set)" if quick else ""
    print(f"Coverage: puzzles `solve_steps` solves by logic alone{note}")
    print()
    print("| set | puzzles | exactly one solution | solved by logic | share |")
    print("|---|---:|---:|---:|---:|")
    sets = [(Path(name).name, puzzle_lines(name)) for name in COVERAGE_SETS]
    sets.append(("kaggle sample", [row["puzzle"] for row in kaggle_rows()]))
    for name, boards in sets:
        if quick:
            boards = boards[:QUICK_SLICE]
        proper = [b for b, count in zip(boards, valid_sudoku.count_solutions_many(boards)) if count == 1]
        solved = sum(valid_sudoku.solve_steps(b).solved for b in proper)
        share = solved / len(proper) if proper else float("nan")
        print(f"| {name} | {len(boards):,} | {len(proper):,} | {solved:,} | {share:.1%} |")


def speed(quick: bool, skfr: str | None, se: list[dict[str, str]] | None) -> None:
    print()
    note = f" (quick: the first {QUICK_SPEED_SLICE} of each set)" if quick else ""
    print(f"Speed: `solve_steps` per puzzle, one thread, beside skfr rating the same puzzles{note}")
    sets = [("sudokus_hard", puzzle_lines("norvig/sudokus_hard.txt"))]
    if se is not None:
        sets.append(("se ER >= 8", [row["puzzle"] for row in se if float(row["er"]) >= 8]))
    if skfr is None:
        print(f"\n{SKFR_VARIABLE} is not set: ours alone (set it to a built skfr binary to time skfr beside)")
    else:
        startup = run_skfr(skfr, [EASY])
        print(f"\nskfr {startup.version}, OMP_NUM_THREADS=1: a file of one easy puzzle takes "
              f"{startup.seconds * 1e3:.1f} ms (start-up, files included); not subtracted below")
    print()
    print("| set | puzzles | ours solved by logic | ours µs/puzzle | ours max ms | skfr rated | skfr ms/puzzle "
          "| skfr / ours |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, boards in sets:
        if quick:
            boards = boards[:QUICK_SPEED_SLICE]
        times, solved = ours_per_puzzle(boards, passes=1 if quick else 3)
        mean = sum(times) / len(times)
        theirs = "- | - | -"
        if skfr is not None:
            run = run_skfr(skfr, boards)
            per_puzzle = run.seconds / len(boards)
            theirs = f"{run.rated} | {per_puzzle * 1e3:,.1f} | {per_puzzle / mean:,.1f}x"
        print(f"| {name} | {len(boards)} | {solved} | {mean * 1e6:,.1f} | {max(times) * 1e3:,.2f} | {theirs} |")


def spearman(x: object, y: object) -> float:
    """Pearson's correlation of the average ranks (pandas' own Spearman needs scipy)."""
    return float(pd.Series(x).rank().corr(pd.Series(y).rank()))


def correlation(quick: bool, se: list[dict[str, str]] | None) -> None:
    print()
    # The files are sorted (Kaggle's by difficulty), so the quick run takes every n-th row.
    note = f" (quick: every {QUICK_STRIDE}th row)" if quick else ""
    stride = QUICK_STRIDE if quick else 1
    print(f"Correlation: Spearman of our grade with other ratings{note}")
    print()
    print("| against | puzzles | `score` | `guesses` |")
    print("|---|---:|---:|---:|")
    if se is not None:
        rows = se[::stride]
        grades = valid_sudoku.grade_many([row["puzzle"] for row in rows], threads=1)
        proper = np.asarray(grades.proper)
        er = np.array([float(row["er"]) for row in rows])[proper]
        print(f"| SE's ER ({SE_FILE}, rows with one solution) | {int(proper.sum()):,} "
              f"| {spearman(np.asarray(grades.score)[proper], er):.3f} "
              f"| {spearman(np.asarray(grades.guesses)[proper], er):.3f} |")
    rows = kaggle_rows()[::stride]
    grades = valid_sudoku.grade_many([row["puzzle"] for row in rows], threads=1)
    frame = grades.to_frame()
    frame["difficulty"] = [float(row["difficulty"]) for row in rows]
    improper = len(frame) - int(frame["proper"].sum())
    label = "Kaggle difficulty (the sample" + (f", {improper} rows without one solution left out)" if improper else ")")
    frame = frame[frame["proper"]]
    print(f"| {label} | {len(frame):,} | {spearman(frame['score'].astype(float), frame['difficulty']):.3f} "
          f"| {spearman(frame['guesses'], frame['difficulty']):.3f} |")
    print()
    print("| level | Kaggle puzzles | median score | median difficulty | median guesses |")
    print("|---|---:|---:|---:|---:|")
    for level in grades.levels:
        group = frame[frame["level"] == level]
        if len(group) == 0:
            print(f"| {level} | 0 | - | - | - |")
            continue
        print(f"| {level} | {len(group):,} | {group['score'].astype(float).median():,.0f} "
              f"| {group['difficulty'].median():.1f} | {group['guesses'].median():.2f} |")


def score_bands(quick: bool) -> None:
    print()
    note = f" (quick: every {QUICK_STRIDE}th puzzle)" if quick else ""
    print(f"Score bands: least and greatest `grade().score` per level over the coverage sets and the Kaggle sample{note}")
    print()
    boards = [line for name in COVERAGE_SETS for line in (puzzle_lines(name) or [])] + [row["puzzle"] for row in kaggle_rows()]
    boards = boards[:: QUICK_STRIDE if quick else 1]
    grades = valid_sudoku.grade_many(boards, threads=2)
    proper = np.asarray(grades.proper)
    levels = np.asarray(grades.level)[proper]
    scores = np.asarray(grades.score)[proper]
    print("| level | puzzles | least score | greatest score |")
    print("|---|---:|---:|---:|")
    for code, level in enumerate(grades.levels):
        group = scores[levels == code]
        least, most = (f"{group.min():,}", f"{group.max():,}") if len(group) else ("-", "-")
        print(f"| {level} | {len(group):,} | {least} | {most} |")
    below = scores[levels < grades.levels.index("forcing")]
    above = scores[levels >= grades.levels.index("forcing")]
    if len(below) and len(above):
        print(f"\nevery puzzle at forcing or nested scores above every puzzle below: {bool(above.min() > below.max())}")
    print()
    count = 500 if quick else 20_000
    random_levels = np.asarray(valid_sudoku.grade_many(valid_sudoku.generate_many(count, seed=35, threads=2), threads=2).level)
    shown = ", ".join(f"{level} {int((random_levels == code).sum()):,}" for code, level in enumerate(grades.levels))
    print(f"levels of generate_many({count}, seed=35), random minimal puzzles: {shown}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="slices of each set, one pass: a smoke run")
    args = parser.parse_args()
    skfr = os.environ.get(SKFR_VARIABLE) or None
    print(f"machine: {platform.system()} {platform.machine()}, {cpu_model()}, {cores()} cores")
    versions = [f"valid_sudoku {valid_sudoku.__version__}", f"Python {platform.python_version()}"]
    versions.append(f"skfr at {skfr}" if skfr else f"no skfr ({SKFR_VARIABLE} not set)")
    print("versions: " + "; ".join(versions))
    if not data_available():
        print("no ../shared/data next to this checkout: nothing to measure")
        return 0
    se = se_rows() if (DATA_DIR / SE_FILE).is_file() else None
    if se is None:
        print(f"no {SE_FILE} in {DATA_DIR}: its rows are left out")
    coverage(args.quick)
    speed(args.quick, skfr, se)
    correlation(args.quick, se)
    score_bands(args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
