"""One `grade_many` call on one thread, for counting its instructions under callgrind when the
machine is too busy for wall-clock times to mean anything (a shared CI box):

    valgrind --tool=callgrind --callgrind-out-file=grade.out python benches/grade_once.py kaggle
    callgrind_annotate --inclusive=yes grade.out | grep -E "grade_many|logic_grade|solve_path"

`kaggle` grades the Kaggle sample's first 1,200 puzzles (bench_steps.py's set), `top95`
sudoku-top95 four times over. Compare two builds by the inclusive count of
`__pyfunction_grade_many` (and of `solve_path`, the path of steps inside it).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python_tests"))

import valid_sudoku  # noqa: E402
from puzzles import data_available, kaggle_rows, puzzle_lines  # noqa: E402


def main() -> int:
    which = sys.argv[1] if len(sys.argv) > 1 else "kaggle"
    if not data_available():
        print("no ../shared/data next to this checkout: nothing to measure")
        return 0
    if which == "kaggle":
        boards = [row["puzzle"] for row in kaggle_rows(1200)]
    else:
        boards = (puzzle_lines("norvig/sudoku-top95.txt") or []) * 4
    valid_sudoku.grade_many(boards, threads=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
