"""solve_many and count_solutions_many: every batch form, threads, limits, errors, Ctrl-C."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from typing import Any

import numpy as np
import pytest

from puzzles import DATA_DIR, TDOKU_FILE, data_available
from reference import reference_is_valid
from valid_sudoku import BoardFormatError, count_solutions_many, solve_many

SEED = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SEED_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
BROKEN = "8" + SEED[1:]


def cells_of(line: str) -> list[int]:
    return [0 if ch in "._0" else int(ch) for ch in line]


def keeps_givens(puzzle: list[int], solution: list[int]) -> bool:
    return all(p == 0 or p == s for p, s in zip(puzzle, solution))


def check_solution(puzzle: list[int], row: list[int]) -> None:
    assert all(1 <= v <= 9 for v in row)
    assert reference_is_valid(row)
    assert keeps_givens(puzzle, row)


def test_a_puzzle_an_empty_board_and_a_broken_one() -> None:
    boards = [SEED, "." * 81, BROKEN]
    counts = count_solutions_many(boards)
    assert counts.dtype == np.uint64 and counts.shape == (3,)
    assert counts.tolist() == [1, 2, 0]
    assert count_solutions_many(boards, limit=1).tolist() == [1, 1, 0]
    assert count_solutions_many([SEED, BROKEN], limit=10**30).tolist() == [1, 0]
    solved = solve_many(boards)
    assert solved.dtype == np.uint8 and solved.shape == (3, 81)
    assert "".join(map(str, solved[0])) == SEED_SOLUTION
    check_solution(cells_of("." * 81), solved[1].tolist())
    assert solved[2].tolist() == [0] * 81


def test_every_batch_form_gives_the_same_answers() -> None:
    boards = [SEED, BROKEN, SEED_SOLUTION, "." * 81]
    array = np.array([cells_of(b) for b in boards], np.uint8)
    forms: list[Any] = [
        boards,
        tuple(boards),
        "\n".join(boards).encode(),
        bytearray("\r\n".join(boards).encode()),
        array,
        array.reshape(4, 9, 9),
        array.astype(">i8"),
        np.array(boards),
        np.array(boards, dtype=object),
    ]
    expected_counts = count_solutions_many(boards).tolist()
    expected_rows = solve_many(boards)
    assert expected_counts == [1, 0, 1, 2]
    for form in forms:
        assert count_solutions_many(form).tolist() == expected_counts, type(form)
        assert np.array_equal(solve_many(form), expected_rows), type(form)
    assert count_solutions_many(iter(boards)).tolist() == expected_counts
    assert np.array_equal(solve_many(board for board in boards), expected_rows)


def test_empty_batches() -> None:
    assert count_solutions_many([]).tolist() == []
    assert solve_many(b"").shape == (0, 81)


def test_threads_give_identical_answers() -> None:
    boards = ["." * 81, SEED, BROKEN] * 300
    rows = solve_many(boards, threads=1)
    counts = count_solutions_many(boards, threads=1, limit=3)
    for threads in (2, 3, None):
        assert np.array_equal(solve_many(boards, threads=threads), rows)
        assert np.array_equal(count_solutions_many(boards, threads=threads, limit=3), counts)


@pytest.mark.skipif(not data_available(), reason="../shared/data is absent")
def test_tdoku_test_puzzles_have_their_counts_and_solutions() -> None:
    entries = []
    for raw in (DATA_DIR / TDOKU_FILE).read_text().splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            entries.append(line.split(":"))
    puzzles = [fields[0] for fields in entries]
    counts = count_solutions_many(puzzles).tolist()
    rows = solve_many(puzzles)
    for fields, count, row in zip(entries, counts, rows.tolist()):
        expected = int(fields[1]) if fields[1].isdigit() else 2
        assert count == min(expected, 2), fields[0]
        if count == 0:
            assert row == [0] * 81
        else:
            check_solution(cells_of(fields[0]), row)
        if len(fields) > 2 and len(fields[2]) == 81 and count == 1:
            assert "".join(map(str, row)) == fields[2]


def test_limit_errors() -> None:
    limit: Any
    for limit, kind, message in (
        (0, ValueError, "limit: expected a positive int, got 0"),
        (-5, ValueError, "limit: expected a positive int, got -5"),
        (True, TypeError, "limit: expected an int, got bool"),
        (2.0, TypeError, "limit: expected an int, got float"),
        ("2", TypeError, "limit: expected an int, got str"),
    ):
        with pytest.raises(kind) as info:
            count_solutions_many([SEED], limit=limit)
        assert str(info.value) == message


def test_bad_boards_are_named_as_in_is_valid_many() -> None:
    with pytest.raises(BoardFormatError) as info:
        count_solutions_many([SEED, SEED[:4] + "x" + SEED[5:]])
    assert str(info.value) == "boards[1][4]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'"
    bad = np.zeros((3, 9, 9), np.int16)
    bad[2, 1, 1] = 12
    with pytest.raises(BoardFormatError) as info:
        solve_many(bad)
    assert str(info.value) == "boards[2][1][1]: expected a value 0-9, got 12"
    not_boards: Any = 5
    with pytest.raises(TypeError):
        solve_many(not_boards)


def test_ctrl_c_stops_a_long_count() -> None:
    script = textwrap.dedent(
        """
        import os, signal, threading, time
        import numpy
        from valid_sudoku import count_solutions_many
        threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        started = time.monotonic()
        try:
            count_solutions_many(["." * 81] * 2, limit=10**15, threads=2)
        except KeyboardInterrupt:
            print("interrupted after", round(time.monotonic() - started, 1))
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("interrupted after"), done.stdout
    assert float(done.stdout.split()[-1]) < 1.5
