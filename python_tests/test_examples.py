"""The examples the README and docs point to run and print what they say."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_quickstart_prints_both_verdicts() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "quickstart.py")], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "example 1 is valid: True",
        "example 2 is valid: False",
        "a malformed board is refused: board[2][4]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'",
    ]
