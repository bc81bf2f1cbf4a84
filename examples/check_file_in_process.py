"""Run the `valid-sudoku` command in-process, the way tests and notebooks can.

    python examples/check_file_in_process.py [FILE ...]

Its output goes through sys.stdout, so anything that captures Python's output (pytest's
capsys, Jupyter, contextlib.redirect_stdout) captures it too.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

import valid_sudoku


def main(argv: list[str]) -> int:
    files = argv or [str(Path(__file__).with_name("boards.txt"))]
    captured = io.StringIO()
    with contextlib.redirect_stdout(captured):
        status = valid_sudoku.main(["--json", *files])
    for line in captured.getvalue().splitlines():
        board = json.loads(line)
        verdict = "valid" if board["valid"] else f"{len(board['conflicts'])} conflicts"
        print(f"{board['source']} line {board['line']}: {verdict}")
    print(f"exit status {status}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
