"""The `valid-sudoku` command as a console script, and through Python's own streams."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import valid_sudoku
from cli_helpers import SECOND, SECOND_CONFLICTS, SEED, in_tmp_path, run, write  # noqa: F401 (autouse fixture)


# ---- The installed console script ----


def installed_script() -> Path | None:
    name = "valid-sudoku.exe" if os.name == "nt" else "valid-sudoku"
    for folder in (sysconfig.get_path("scripts"), str(Path(sys.executable).parent)):
        candidate = Path(folder) / name
        if candidate.exists():
            return candidate
    return None


def test_console_script_runs_as_a_subprocess(tmp_path: Path) -> None:
    script = installed_script()
    if script is None:
        pytest.skip("the valid-sudoku console script is not installed next to this Python")
    boards = write("boards.txt", f"{SEED}\n{SECOND}\n")
    done = subprocess.run([str(script), boards], capture_output=True, text=True, check=False, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (
        1,
        f"boards.txt:2: {SECOND_CONFLICTS}\n2 boards: 1 valid, 1 invalid\n",
        "",
    )
    piped = subprocess.run(
        [str(script), "--json"], input=f"{SEED}\n", capture_output=True, text=True, check=False, timeout=60
    )
    assert (piped.returncode, piped.stderr) == (0, "")
    assert json.loads(piped.stdout) == {"source": "<stdin>", "line": 1, "valid": True, "conflicts": []}


def test_the_example_file_the_readme_uses(capsys: pytest.CaptureFixture[str]) -> None:
    path = Path(__file__).resolve().parent.parent / "examples" / "boards.txt"
    assert run([str(path)], capsys) == (1, f"{path}:4: {SECOND_CONFLICTS}\n3 boards: 2 valid, 1 invalid\n", "")


class RaisingStream(io.StringIO):
    def write(self, text: str) -> int:
        raise ValueError("this stream is closed for business")


def test_an_exception_from_sys_stdout_is_raised_again(monkeypatch: pytest.MonkeyPatch) -> None:
    write("boards.txt", f"{SEED}\n")
    monkeypatch.setattr(sys, "stdout", RaisingStream())
    with pytest.raises(ValueError, match="this stream is closed for business"):
        valid_sudoku.main(["boards.txt"])


def test_without_sys_stdout_the_report_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    write("boards.txt", f"{SECOND}\n")
    monkeypatch.setattr(sys, "stdout", None)
    assert valid_sudoku.main(["boards.txt"]) == 1


def test_long_output_arrives_whole_and_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    # Far more than the 64 KiB output buffer, so it is written in many pieces; the non-ASCII
    # name puts two-byte characters all over the text, some across the pieces' boundaries.
    name = write("grilles-é.txt", f"{SECOND}\n" * 5000)
    code, out, err = run([name], capsys)
    lines = out.splitlines()
    assert (code, err, len(lines)) == (1, "", 5001)
    assert lines[:-1] == [f"{name}:{n}: {SECOND_CONFLICTS}" for n in range(1, 5001)]
    assert lines[-1] == "5000 boards: 0 valid, 5000 invalid"
