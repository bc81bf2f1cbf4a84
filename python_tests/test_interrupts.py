"""Ctrl-C is heard within a second, wherever the work is: in every batch function over a huge
batch (before the first board, between chunks, on every thread), and in the command while it
waits on an input that blocks (a FIFO with no writer, or an idle one).

Each case runs in a subprocess that SIGINT stops; the test asserts the exit (130 for the
command, KeyboardInterrupt for a function) and a generous bound on the time from the signal
to the exit, which includes the interpreter's own shutdown.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")

# From SIGINT to the process gone, interpreter shutdown included: the promise is milliseconds.
LATENCY = 1.5
SEED = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def interrupt(code: str, wait: float = 0.3) -> tuple[int, str, float]:
    """Runs `code` in a fresh interpreter, sends SIGINT `wait` seconds after it prints
    'ready', and returns its exit status, stderr and the seconds from the signal to its exit."""
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline() == "ready\n"
    time.sleep(wait)
    _, err, latency = stop(proc)
    return proc.returncode, err, latency


def stop(proc: subprocess.Popen[str]) -> tuple[str, str, float]:
    """Sends SIGINT; returns stdout, stderr and the seconds until the process was gone."""
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail("SIGINT was not heard within 60 s")
    return out, err, time.monotonic() - sent


def batch_call(call: str, boards: str, threads: int) -> str:
    return (
        "import numpy as np, valid_sudoku as vs\n"
        f"seed = np.frombuffer(b'{SEED}'.replace(b'.', b'0'), np.uint8) - 48\n"
        f"solution = np.frombuffer(b'{SOLUTION}', np.uint8) - 48\n"
        "empty = np.zeros(81, np.uint8)\n"
        f"boards = {boards}\n"
        "print('ready', flush=True)\n"
        f"vs.{call.format(threads=threads)}\n"
        "print('finished', flush=True)\n"
    )


# Each runs for minutes if not stopped; outputs stay within a few GB of address space, zeroed
# lazily, so nothing is written before the first board.
BATCHES = [
    pytest.param("solve_many(boards, threads={threads})", "np.broadcast_to(empty, (10**7, 81))", 1, id="solve_many-1"),
    pytest.param("solve_many(boards, threads={threads})", "np.broadcast_to(empty, (10**7, 81))", 2, id="solve_many-2"),
    pytest.param("count_solutions_many(boards, threads={threads})", "np.broadcast_to(empty, (10**8, 81))", 2, id="count_solutions_many"),
    pytest.param("count_solutions_many(boards, limit=10**9, threads={threads})", "np.broadcast_to(empty, (4, 81))", 2, id="count-long-searches"),
    pytest.param("is_valid_many(boards, threads={threads})", "np.broadcast_to(seed, (3 * 10**9, 81))", 1, id="is_valid_many-1"),
    pytest.param("is_valid_many(boards, threads={threads})", "np.broadcast_to(seed, (3 * 10**9, 81))", 2, id="is_valid_many-2"),
    pytest.param(
        "is_solution_many(boards, np.broadcast_to(solution, boards.shape), threads={threads})",
        "np.broadcast_to(seed, (10**9, 81))",
        2,
        id="is_solution_many",
    ),
    pytest.param("score_solutions(boards, boards, threads={threads})", "np.broadcast_to(seed, (3 * 10**8, 81))", 2, id="score_solutions"),
    pytest.param(
        "score_solutions(boards, boards, solutions=np.broadcast_to(solution, boards.shape), threads={threads})",
        "np.broadcast_to(seed, (10**8, 81))",
        2,
        id="score_solutions-reference",
    ),
    pytest.param("is_valid_many(boards, threads={threads})", f"['{SEED}'] * (3 * 10**7)", 2, id="is_valid_many-list"),
]


@pytest.mark.parametrize(("call", "boards", "threads"), BATCHES)
def test_every_batch_function_hears_ctrl_c_at_once(call: str, boards: str, threads: int) -> None:
    code, err, latency = interrupt(batch_call(call, boards, threads))
    assert code == -signal.SIGINT and err.rstrip().endswith("KeyboardInterrupt"), err
    assert latency < LATENCY, f"heard after {latency:.2f} s"


def command(*argv: str) -> str:
    # 'ready' first, then the command, which opens (and waits on) its input.
    return f"import sys, valid_sudoku\nprint('ready', flush=True)\nsys.exit(valid_sudoku.main({list(argv)!r}))\n"


@pytest.mark.parametrize("options", [[], ["--solve"], ["--unique", "--threads", "2"], ["--json"]])
def test_the_command_hears_ctrl_c_while_a_fifo_has_no_writer(options: list[str], tmp_path: Path) -> None:
    fifo = tmp_path / "boards"
    os.mkfifo(fifo)
    code, err, latency = interrupt(command(*options, str(fifo)))
    assert (code, err) == (130, "valid-sudoku: interrupted\n")
    assert latency < LATENCY, f"heard after {latency:.2f} s"


@pytest.mark.parametrize("kind", ["lines", "csv", "json", "block"])
def test_the_command_hears_ctrl_c_while_a_writer_is_idle(kind: str, tmp_path: Path) -> None:
    fifo = tmp_path / "boards"
    os.mkfifo(fifo)
    head = {"lines": f"{SEED}\n", "csv": f"id,puzzle\n1,{SEED}\n", "json": f'["{SEED}",\n', "block": "53..7....\n"}[kind]
    proc = subprocess.Popen([sys.executable, "-c", command(str(fifo))], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline() == "ready\n"
    with open(fifo, "w") as writer:  # noqa: PTH123 (a FIFO, opened while the command waits)
        writer.write(head)
        writer.flush()
        time.sleep(0.3)
        out, err, latency = stop(proc)
    assert (proc.returncode, err) == (130, "valid-sudoku: interrupted\n")
    assert "Traceback" not in out
    assert latency < LATENCY, f"heard after {latency:.2f} s"
