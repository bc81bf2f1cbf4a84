"""`valid-sudoku generate`: streamed puzzles, CSV with solutions, a file, errors, Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from valid_sudoku import count_solutions, generate, generate_many, is_solution, main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_puzzles_one_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "generate", "--count", "20", "--clues", "26", "--seed", "5")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == 20
    for line in lines:
        assert len(line) == 81 and sum(ch != "." for ch in line) == 26
        assert count_solutions(line) == 1
    code, again, _ = run(capsys, "generate", "--count", "20", "--clues", "26", "--seed", "5", "--threads", "1")
    assert again == out
    code, prefix, _ = run(capsys, "generate", "--count", "5", "--clues", "26", "--seed", "5", "--threads", "2")
    assert prefix.splitlines() == lines[:5]


def test_options_and_solutions(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "out.csv"
    argv = ["generate", "--count", "7", "--minimal", "--symmetry", "rot180", "--seed", "1", "--solutions", "--output", str(target)]
    code, out, err = run(capsys, *argv)
    assert (code, out, err) == (0, "", "")
    lines = target.read_text().splitlines()
    assert lines[0] == "puzzle,solution" and len(lines) == 8
    for line in lines[1:]:
        puzzle, solution = line.split(",")
        assert count_solutions(puzzle) == 1 and is_solution(puzzle, solution)
        assert all((puzzle[i] == ".") == (puzzle[80 - i] == ".") for i in range(81))
    assert generate(seed=1).givens > 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--clues", "16"], "error: clues=16: no Sudoku puzzle with fewer than 17 clues has a unique solution (McGuire, Tugemann and Civario, 2012)\n"),
        (["--clues", "20"], "error: clues=20: the generator makes puzzles with at least 22 clues; fewer take too long to find\n"),
        (["--symmetry", "twirl"], "error: --symmetry: expected one of 'none', 'rot180', 'rot90', 'diagonal', 'antidiagonal', 'horizontal', 'vertical', got 'twirl'\n"),
        (["--difficulty", "easiest"], "error: --difficulty: expected one of 'easy', 'medium', 'hard', 'expert', 'extreme', 'forcing', 'nested', got 'easiest'\n"),
    ],
)
def test_refused_requests(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, "generate", "--count", "1", *argv)
    assert (code, out, err) == (2, "", message)


def test_without_count_one_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "generate", "--seed", "5")
    assert (code, err) == (0, "")
    row = generate_many(1, seed=5)[0]
    assert out.splitlines() == ["".join(str(v) if v else "." for v in row)]


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "generate", "--count", "1", "--threads", "0")
    assert code == 2 and "--threads" in err


def test_ctrl_c_flushes_whole_lines_and_exits_130() -> None:
    script = "import sys, valid_sudoku; sys.exit(valid_sudoku.main(sys.argv[1:]))"
    child = subprocess.Popen(
        [sys.executable, "-c", script, "generate", "--count", "100000000", "--threads", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    # Read as it comes: a write blocked on a full pipe when Ctrl-C lands can be cut short by
    # Python's own stream (docs/generate.md says so); a reader that keeps up is the usual case.
    chunks: list[bytes] = []
    stdout = child.stdout
    assert stdout is not None
    reader = threading.Thread(target=lambda: chunks.extend(iter(lambda: stdout.read(65536), b"")))
    reader.start()
    time.sleep(1.5)
    os.kill(child.pid, signal.SIGINT)
    # Waited on, not communicate(): that would read stdout too, racing the reader.
    try:
        child.wait(timeout=30)
    except subprocess.TimeoutExpired:
        # Not left running: it would make puzzles on every core for the rest of the suite.
        child.kill()
        child.wait()
        pytest.fail("SIGINT was not heard within 30 s")
    assert child.stderr is not None
    err = child.stderr.read()
    reader.join(timeout=30)
    out = b"".join(chunks)
    assert child.returncode == 130, err
    assert err.decode() == "valid-sudoku: interrupted\n"
    assert out.endswith(b"\n") and len(out) > 0
    for line in out.decode().splitlines():
        assert len(line) == 81
