"""Ctrl-C is heard within a second, wherever the work is: in every batch function over a huge
batch (before the first board, between chunks, on every thread), and in the command while it
waits on an input that blocks (a FIFO with no writer, or an idle one).

Each case runs in a subprocess that SIGINT stops; the test asserts the exit (130 for the
command, KeyboardInterrupt for a function) and a generous bound on the time from the signal
to the exit, which includes the interpreter's own shutdown. A batch function also reports its
peak memory as it unwinds: a batch that goes on reading and growing its output after the
signal (as canonical_many and grade_many once did when the signal reached their operation
before their driver: a race, so those run several times) is caught by it even when it ends
quickly.
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


def interrupt(code: str, wait: float = 0.3) -> tuple[int, str, str, float]:
    """Runs `code` in a fresh interpreter, sends SIGINT `wait` seconds after it prints
    'ready', and returns its exit status, what it printed after 'ready', its stderr and the
    seconds from the signal to its exit."""
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline() == "ready\n"
    time.sleep(wait)
    out, err, latency = stop(proc)
    return proc.returncode, out, err, latency


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
    # The peak is printed as the KeyboardInterrupt unwinds, before the traceback.
    return (
        "import resource, sys, numpy as np, valid_sudoku as vs\n"
        f"seed = np.frombuffer(b'{SEED}'.replace(b'.', b'0'), np.uint8) - 48\n"
        f"solution = np.frombuffer(b'{SOLUTION}', np.uint8) - 48\n"
        "empty = np.zeros(81, np.uint8)\n"
        f"boards = {boards}\n"
        "print('ready', flush=True)\n"
        "try:\n"
        f"    vs.{call.format(threads=threads)}\n"
        "    print('finished', flush=True)\n"
        "finally:\n"
        f"    print('peak', {PEAK_KB_EXPRESSION}, file=sys.stderr, flush=True)\n"
    )


# The child's own peak in KB. On Linux, VmHWM: ru_maxrss keeps the peak of the process before
# exec, which is the pytest worker that forked it (hundreds of MB that the child never used).
PEAK_KB_EXPRESSION = (
    "next((int(line.split()[1]) for line in open('/proc/self/status') if line.startswith('VmHWM:')), 0)"
    " if sys.platform.startswith('linux')"
    " else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // (1024 if sys.platform == 'darwin' else 1)"
)


def peak_mb(err: str) -> float:
    """The child's peak resident memory in MB, from the line it printed while unwinding."""
    lines = [line for line in err.splitlines() if line.startswith("peak ")]
    assert len(lines) == 1, err
    return int(lines[0].split()[1]) / 1024


# The peak allowed: the interpreter, numpy and the output of what the work did before the
# signal. The whole batch's output is gigabytes (2.3 GB for canonical_many below, which the
# defect grew to in full after the signal), so a batch that goes on after Ctrl-C breaks it.
PEAK_MB = 400


# Each runs for minutes if not stopped; outputs stay within a few GB of address space, zeroed
# lazily, so nothing is written before the first board.
BATCHES = [
    ("solve_many(boards, threads={threads})", "np.broadcast_to(empty, (10**7, 81))", 1, "solve_many-1"),
    ("solve_many(boards, threads={threads})", "np.broadcast_to(empty, (10**7, 81))", 2, "solve_many-2"),
    ("count_solutions_many(boards, threads={threads})", "np.broadcast_to(empty, (10**8, 81))", 2, "count_solutions_many"),
    ("count_solutions_many(boards, limit=10**9, threads={threads})", "np.broadcast_to(empty, (4, 81))", 2, "count-long-searches"),
    ("is_valid_many(boards, threads={threads})", "np.broadcast_to(seed, (3 * 10**9, 81))", 1, "is_valid_many-1"),
    ("is_valid_many(boards, threads={threads})", "np.broadcast_to(seed, (3 * 10**9, 81))", 2, "is_valid_many-2"),
    (
        "is_solution_many(boards, np.broadcast_to(solution, boards.shape), threads={threads})",
        "np.broadcast_to(seed, (10**9, 81))",
        2,
        "is_solution_many",
    ),
    ("score_solutions(boards, boards, threads={threads})", "np.broadcast_to(seed, (3 * 10**8, 81))", 2, "score_solutions"),
    (
        "score_solutions(boards, boards, solutions=np.broadcast_to(solution, boards.shape), threads={threads})",
        "np.broadcast_to(seed, (10**8, 81))",
        2,
        "score_solutions-reference",
    ),
    ("is_valid_many(boards, threads={threads})", f"['{SEED}'] * (3 * 10**7)", 2, "is_valid_many-list"),
    # No boards to read: the rows are made, each in microseconds (a grid) or milliseconds.
    ("random_grid_many(10**7, seed=1, threads={threads})", "None", 1, "random_grid_many-1"),
    ("random_grid_many(10**7, seed=1, threads={threads})", "None", 2, "random_grid_many-2"),
    ("generate_many(10**6, seed=1, threads={threads}, return_solutions=True)", "None", 2, "generate_many"),
    ("generate_many(10**6, difficulty='hard', seed=1, threads={threads})", "None", 2, "generate_many-hard"),
]

# Operations that ask for Ctrl-C themselves, between boards and inside a long search, as the
# driver does between chunks: once two interrupts raced for one signal, and the driver went
# on when the operation's won. Each runs several times.
RACED = [
    ("canonical_many(boards, threads={threads})", "np.broadcast_to(seed, (3 * 10**7, 81))", 2, "canonical_many-2", 3),
    ("canonical_many(boards, threads={threads})", "np.broadcast_to(seed, (3 * 10**7, 81))", 1, "canonical_many-1", 1),
    ("canonical_many(boards, threads={threads})", f"['{SEED}'] * (3 * 10**7)", 2, "canonical_many-list", 1),
    ("grade_many(boards, threads={threads})", "np.broadcast_to(seed, (5 * 10**7, 81))", 2, "grade_many-2", 3),
    ("grade_many(boards, threads={threads})", "np.broadcast_to(seed, (5 * 10**7, 81))", 1, "grade_many-1", 1),
    ("solve_many(boards, threads={threads})", "np.broadcast_to(seed, (10**8, 81))", 2, "solve_many-seed", 1),
    ("count_solutions_many(boards, threads={threads})", "np.broadcast_to(seed, (10**8, 81))", 2, "count_solutions_many-seed", 1),
]

# Light operations with big rows, whose output grows a block of 2**20 rows (85 or 170 MB) at a
# time as fast as the machine goes: what they did before the signal may be near PEAK_MB on a
# fast one, so only the time is asserted (their driver is the only one that asks).
BIG_ROWS = [
    ("candidates_many(boards, threads={threads})", "np.broadcast_to(seed, (10**7, 81))", 2, "candidates_many"),
    ("random_isomorph_many(boards, seed=1, threads={threads})", "np.broadcast_to(seed, (2 * 10**7, 81))", 2, "random_isomorph_many"),
    (
        "random_isomorph_many(boards, solutions=np.broadcast_to(solution, boards.shape), seed=1, threads={threads})",
        "np.broadcast_to(seed, (10**7, 81))",
        2,
        "random_isomorph_many-solutions",
    ),
]

CASES = [
    *(pytest.param(call, boards, threads, PEAK_MB, id=name) for call, boards, threads, name in BATCHES),
    *(
        pytest.param(call, boards, threads, PEAK_MB, id=f"{name}-run{run}")
        for call, boards, threads, name, runs in RACED
        for run in range(1, runs + 1)
    ),
    *(pytest.param(call, boards, threads, None, id=name) for call, boards, threads, name in BIG_ROWS),
]


@pytest.mark.parametrize(("call", "boards", "threads", "peak_bound"), CASES)
def test_every_batch_function_hears_ctrl_c_at_once(call: str, boards: str, threads: int, peak_bound: float | None) -> None:
    code, out, err, latency = interrupt(batch_call(call, boards, threads))
    assert code == -signal.SIGINT and err.rstrip().endswith("KeyboardInterrupt"), err
    assert out == ""
    assert latency < LATENCY, f"heard after {latency:.2f} s"
    peak = peak_mb(err)
    assert peak_bound is None or peak < peak_bound, f"peak memory {peak:.0f} MB"


def command(*argv: str) -> str:
    # 'ready' first, then the command, which opens (and waits on) its input.
    return f"import sys, valid_sudoku\nprint('ready', flush=True)\nsys.exit(valid_sudoku.main({list(argv)!r}))\n"


@pytest.mark.parametrize("options", [[], ["--solve"], ["--unique", "--threads", "2"], ["--json"]])
def test_the_command_hears_ctrl_c_while_a_fifo_has_no_writer(options: list[str], tmp_path: Path) -> None:
    fifo = tmp_path / "boards"
    os.mkfifo(fifo)
    code, _, err, latency = interrupt(command(*options, str(fifo)))
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
