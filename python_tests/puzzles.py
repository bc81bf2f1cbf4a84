"""Public puzzle data from ../shared/data, for tests and benchmarks.

The data lives next to the repository in CI, not in it: a user's clone has none, so every
reader here returns None (and tests skip) when it is absent. Never copy the data in.
VALID_SUDOKU_DATA=/path/to/data points the tests and benchmarks at another copy (the folder
that holds norvig/, tdoku/ and kaggle/).
"""

from __future__ import annotations

import csv
import os
from pathlib import Path

DATA_DIR = Path(
    os.environ.get("VALID_SUDOKU_DATA") or Path(__file__).resolve().parent.parent.parent / "shared" / "data"
)
# Checks too slow for every CPython of a CI run (whole data sets, 100,000 generated grids) run
# in full where VALID_SUDOKU_FULL=1 (.ci/run sets it for one version) and on a sample elsewhere.
FULL = os.environ.get("VALID_SUDOKU_FULL", "") not in ("", "0")

# Files of one 81-character puzzle per line ('.' or '0' for empty).
LINE_FILES = (
    "norvig/sudoku-easy50.txt",
    "norvig/sudoku-top95.txt",
    "norvig/sudoku-hardest.txt",
    "norvig/sudoku10k.txt",
    "norvig/sudokus_17.txt",
    "norvig/sudokus_hard.txt",
    "norvig/sudokus_hard10.txt",
)
TDOKU_FILE = "tdoku/test_puzzles.txt"
KAGGLE_FILE = "kaggle/puzzles-solutions-sample.csv"
# Puzzles with their Sudoku Explainer ratings (er, ep, ed): a reference for grading, not one
# more set of boards (the boards come from the files above).
SE_FILE = "se/serate-ratings.tsv"


def data_available() -> bool:
    return DATA_DIR.is_dir()


def puzzle_lines(name: str) -> list[str]:
    """The 81-character boards of one data file, skipping blank and '#' lines."""
    path = DATA_DIR / name
    if name == KAGGLE_FILE:
        with path.open(newline="") as handle:
            rows = list(csv.DictReader(handle))
        return [row["puzzle"] for row in rows] + [row["solution"] for row in rows]
    boards = []
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if name == TDOKU_FILE:
            # puzzle:count[:solution]
            fields = line.split(":")
            boards.append(fields[0])
            if len(fields) > 2 and len(fields[2]) == 81:
                boards.append(fields[2])
        else:
            boards.append(line[:81])
    return boards


def kaggle_rows(count: int | None = None) -> list[dict[str, str]]:
    """The Kaggle sample's rows (puzzle, solution, clues, difficulty, difficulty_range), the
    first `count` of them when given; the file is sorted by difficulty, easiest first."""
    with (DATA_DIR / KAGGLE_FILE).open(newline="") as handle:
        return list(csv.DictReader(handle))[:count]


def se_rows() -> list[dict[str, str]]:
    """The rated puzzles' rows (puzzle, er, ep, ed, serate_s, source), skipping '#' lines."""
    with (DATA_DIR / SE_FILE).open(newline="") as handle:
        lines = [line for line in handle if line.strip() and not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


def all_puzzle_files() -> list[str]:
    return [*LINE_FILES, TDOKU_FILE, KAGGLE_FILE]


def all_puzzles() -> list[str] | None:
    """Every board in ../shared/data, or None when the data is absent."""
    if not data_available():
        return None
    return [line for name in all_puzzle_files() for line in puzzle_lines(name)]
