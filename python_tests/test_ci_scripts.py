"""scripts/test.sh, run with a stand-in interpreter: it must never pass when pytest ran no
test, and must pass the other exit statuses on. (The real run is CI's.)"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FAKE_PYTHON = """#!/bin/sh
# Answers like python for --version, pip and mypy; `-m pip wheel` leaves an empty wheel in its
# --wheel-dir; `-m pytest` exits with $FAKE_PYTEST_EXIT.
if [ "$1 $2 $3" = "-m pip wheel" ]; then
    while [ $# -gt 0 ]; do
        [ "$1" = "--wheel-dir" ] && : > "$2/valid_sudoku-0.0.0-py3-none-any.whl"
        shift
    done
    exit 0
fi
case "$1 $2" in
    "--version ") echo "Python 3.99.0";;
    "-m pytest") echo "pytest stand-in"; exit "$FAKE_PYTEST_EXIT";;
esac
exit 0
"""


def run_test_sh(tmp_path: Path, pytest_exit: int) -> subprocess.CompletedProcess[str]:
    python = tmp_path / "python"
    python.write_text(FAKE_PYTHON)
    python.chmod(python.stat().st_mode | stat.S_IXUSR)
    env = dict(os.environ, PYTHON=str(python), SKIP_RUST_CHECKS="1", FAKE_PYTEST_EXIT=str(pytest_exit), UV="")
    return subprocess.run(
        ["bash", str(ROOT / "scripts" / "test.sh")], env=env, capture_output=True, text=True, timeout=60
    )


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell script")
def test_no_tests_collected_is_a_failure(tmp_path: Path) -> None:
    result = run_test_sh(tmp_path, 5)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "error: pytest collected no tests" in result.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell script")
@pytest.mark.parametrize("status", [0, 1, 2])
def test_other_pytest_statuses_pass_through(tmp_path: Path, status: int) -> None:
    result = run_test_sh(tmp_path, status)
    assert result.returncode == status, result.stdout + result.stderr
    assert "== cargo test and cargo clippy: skipped" in result.stdout
    assert f"(pytest exit {status})" in result.stdout
