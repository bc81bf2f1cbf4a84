"""solve, count_solutions, has_unique_solution and the Board methods."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from board_strategies import SOLVED
from puzzles import DATA_DIR, TDOKU_FILE, data_available
from reference_solver import is_solution_of, reference_count
from search_effort import examples
from valid_sudoku import Board, BoardFormatError, count_solutions, has_unique_solution, solve

SEED = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SEED_SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
EMPTY = "." * 81

needs_data = pytest.mark.skipif(not data_available(), reason="../shared/data is not next to this checkout")


def cells_of(board: str | Board) -> list[int]:
    text = board.to_string(empty="0") if isinstance(board, Board) else board
    return [int(ch) if ch.isdigit() else 0 for ch in text]


def test_the_seed_puzzle() -> None:
    solution = solve(SEED)
    assert solution == Board(SEED_SOLVED)
    assert count_solutions(SEED) == 1
    assert has_unique_solution(SEED)
    assert Board(SEED).solve() == solution
    assert Board(SEED).count_solutions() == 1
    assert Board(SEED).has_unique_solution()


def test_every_board_form_is_accepted() -> None:
    rows = [SEED[9 * r: 9 * r + 9] for r in range(9)]
    classic = [list(row) for row in rows]
    ints = [[int(ch) if ch != "." else 0 for ch in row] for row in rows]
    for form in (SEED, SEED.encode(), rows, classic, ints, tuple(map(tuple, classic)), Board(SEED)):
        assert solve(form) == Board(SEED_SOLVED)
        assert count_solutions(form, limit=3) == 1


def test_a_solved_grid_solves_to_itself() -> None:
    assert solve(SEED_SOLVED) == Board(SEED_SOLVED)
    assert count_solutions(SEED_SOLVED) == 1
    assert count_solutions(SEED_SOLVED, limit=1) == 1
    assert Board(SEED_SOLVED).solve() == Board(SEED_SOLVED)


def test_boards_that_break_the_rule_have_no_solution() -> None:
    broken = "55" + SEED[2:]
    assert solve(broken) is None
    assert count_solutions(broken) == 0
    assert not has_unique_solution(broken)
    complete_broken = SEED_SOLVED[1] + SEED_SOLVED[1:]
    assert solve(complete_broken) is None
    assert count_solutions(complete_broken, limit=5) == 0
    assert Board(broken).solve() is None and Board(broken).count_solutions() == 0


def test_a_rule_valid_board_with_no_solution() -> None:
    # Row 0 needs its 9 at (0, 8), but column 8 already has one at (4, 8).
    board = "12345678." + "." * 27 + "........9" + "." * 36
    assert Board(board).is_valid
    assert solve(board) is None
    assert count_solutions(board) == 0


def test_many_solutions_and_limit_semantics() -> None:
    for limit in (1, 2, 3, 57, 1000):
        assert count_solutions(EMPTY, limit=limit) == limit
    assert count_solutions(EMPTY) == 2
    assert not has_unique_solution(EMPTY)
    assert count_solutions(SEED, limit=10**15) == 1
    assert count_solutions(SEED, limit=10**30) == 1
    assert Board(EMPTY).count_solutions(limit=7) == 7
    solution = solve(EMPTY)
    assert solution is not None and solution.is_solved


@pytest.mark.parametrize(
    ("limit", "error", "message"),
    [
        (0, ValueError, "limit: expected a positive int, got 0"),
        (-3, ValueError, "limit: expected a positive int, got -3"),
        (True, TypeError, "limit: expected an int, got bool"),
        (2.0, TypeError, "limit: expected an int, got float"),
        ("2", TypeError, "limit: expected an int, got str"),
    ],
)
def test_limit_errors(limit: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as raised:
        count_solutions(SEED, limit=limit)  # type: ignore[arg-type]
    assert str(raised.value) == message
    with pytest.raises(error) as raised:
        Board(SEED).count_solutions(limit=limit)  # type: ignore[arg-type]
    assert str(raised.value) == message


def test_bad_boards_raise_the_usual_errors() -> None:
    with pytest.raises(BoardFormatError, match=r"^board: expected 81 characters, got 5$"):
        solve("53..7")
    with pytest.raises(BoardFormatError, match=r"^board\[4\]: expected a digit "):
        count_solutions(SEED[:4] + "x" + SEED[5:])
    with pytest.raises(TypeError, match=r"^board: expected a sequence of 9 rows"):
        has_unique_solution(3)  # type: ignore[arg-type]


def test_solving_is_deterministic() -> None:
    for board in (EMPTY, SEED, "1" + "." * 80):
        first = solve(board)
        assert all(solve(board) == first for _ in range(5))


@st.composite
def near_complete_boards(draw: st.DrawFn) -> list[int]:
    """A solved grid relabelled, with 0-30 cells emptied and maybe one digit changed: boards
    with one, several and no solutions (often still rule-valid), quick for the slow counter."""
    relabel = draw(st.permutations(range(1, 10)))
    cells = [relabel[v - 1] for v in SOLVED]
    for place in draw(st.lists(st.integers(0, 80), max_size=30)):
        cells[place] = 0
    if draw(st.booleans()):
        cells[draw(st.integers(0, 80))] = draw(st.integers(1, 9))
    return cells


@settings(max_examples=examples(300), deadline=None)
@given(near_complete_boards(), st.integers(1, 5))
def test_counts_agree_with_the_slow_counter(cells: list[int], limit: int) -> None:
    expected = reference_count(cells, limit)
    assert count_solutions(cells_to_rows(cells), limit=limit) == expected
    solution = solve(cells_to_rows(cells))
    if expected == 0:
        assert solution is None
    else:
        assert solution is not None and is_solution_of(cells_of(solution), cells)
    assert has_unique_solution(cells_to_rows(cells)) == (reference_count(cells, 2) == 1)


def cells_to_rows(cells: list[int]) -> list[list[int]]:
    return [cells[9 * r: 9 * r + 9] for r in range(9)]


def tdoku_cases() -> list[tuple[str, int, str | None]]:
    if not data_available():
        return []
    cases = []
    for raw in (DATA_DIR / TDOKU_FILE).read_text().splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            fields = line.split(":")
            cases.append((fields[0], int(fields[1]), fields[2] if len(fields) > 2 and fields[2] else None))
    return cases


@needs_data
def test_every_tdoku_test_puzzle_has_its_expected_count_and_solution() -> None:
    cases = tdoku_cases()
    assert len(cases) > 40
    for puzzle, expected, known in cases:
        # The file gives exact counts for the puzzles with several solutions.
        assert count_solutions(puzzle, limit=10**6) == expected, puzzle
        assert count_solutions(puzzle) == min(expected, 2), puzzle
        solution = solve(puzzle)
        if expected == 0:
            assert solution is None
        else:
            assert solution is not None and is_solution_of(cells_of(solution), cells_of(puzzle))
        if known is not None:
            assert solution == Board(known)


@needs_data
def test_all_17_clue_puzzles_are_unique() -> None:
    puzzles = (DATA_DIR / "norvig/sudokus_17.txt").read_text().split()
    assert len(puzzles) == 49151
    for puzzle in puzzles:
        assert count_solutions(puzzle) == 1, puzzle
    for puzzle in puzzles[::97]:
        solution = solve(puzzle)
        assert solution is not None and is_solution_of(cells_of(solution), cells_of(puzzle))


def test_a_long_search_stops_on_ctrl_c() -> None:
    script = textwrap.dedent(
        """
        import os, signal, threading, valid_sudoku
        threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
        try:
            valid_sudoku.count_solutions("." * 81, limit=10**15)
        except KeyboardInterrupt:
            print("interrupted")
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30)
    assert done.stdout.strip() == "interrupted", done.stdout + done.stderr


def test_other_threads_run_during_a_search() -> None:
    # The search releases the GIL: a Python thread counts while it runs.
    import threading

    steps = 0
    stop = threading.Event()

    def count() -> None:
        nonlocal steps
        while not stop.is_set():
            steps += 1

    thread = threading.Thread(target=count)
    thread.start()
    try:
        before = steps
        count_solutions(EMPTY, limit=200_000)
        during = steps - before
    finally:
        stop.set()
        thread.join()
    assert during > 0
