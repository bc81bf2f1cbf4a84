"""Classic boards whose cells are fresh str objects (`str(5)`, f-strings), alone or mixed with
CPython's shared one-character strs and small ints: the fast path recognises the shared ones
(strs and ints) by address and reads the others from the object, and every mix must give the
reference's answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from board_strategies import boards
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import line_from_cells, reference_conflicts, reference_is_valid

from search_effort import examples
from valid_sudoku import Board, BoardFormatError, conflicts, is_valid_many, is_valid_sudoku

SHARED = {symbol: symbol for symbol in ".0123456789_"}


def fresh(symbol: str) -> str:
    """A new str object equal to `symbol`, not CPython's shared one."""
    made = str(int(symbol)) if symbol.isdigit() else symbol.join(["", ""])
    assert made == symbol and made is not SHARED[symbol]
    return made


def classic(line: str, fresh_cells: list[bool]) -> list[list[str]]:
    cells = [fresh(ch) if make_fresh else SHARED[ch] for ch, make_fresh in zip(line, fresh_cells)]
    return [cells[r * 9 : r * 9 + 9] for r in range(9)]


@settings(max_examples=examples(300), deadline=None)
@given(boards(), st.lists(st.booleans(), min_size=81, max_size=81), st.sampled_from([".", "0"]))
def test_any_mix_of_fresh_and_shared_cells_matches_the_reference(
    cells: list[int], fresh_cells: list[bool], empty: str
) -> None:
    board = classic(line_from_cells(cells, empty), fresh_cells)
    assert is_valid_sudoku(board) is reference_is_valid(cells)
    assert conflicts(board) == reference_conflicts(cells)
    assert [Board(board)[r, c] for r in range(9) for c in range(9)] == cells


@settings(max_examples=examples(100), deadline=None)
@given(boards())
def test_every_cell_fresh_matches_the_reference(cells: list[int]) -> None:
    board = classic(line_from_cells(cells, "0"), [True] * 81)
    assert is_valid_sudoku(board) is reference_is_valid(cells)


def test_a_bad_fresh_cell_is_reported_at_its_place() -> None:
    board: list[list[Any]] = classic(line_from_cells([0] * 81), [True] * 81)
    board[6][7] = "x".join(["", ""])
    try:
        is_valid_sudoku(board)
    except BoardFormatError as error:
        assert (error.row, error.col) == (6, 7)
    else:
        raise AssertionError("no error")


class Int(int):
    """An int subclass: equal to a small int, but another object, so never known by address."""


# How a cell of value v (0 empty) may be written: every one is accepted, and only the first
# three are CPython's shared objects.
CELL_KINDS: dict[str, Callable[[int], object]] = {
    "shared str": lambda v: SHARED["." if v == 0 else str(v)],
    "shared '0'": lambda v: SHARED[str(v)],
    "small int": lambda v: v,
    "fresh str": lambda v: fresh("0" if v == 0 else str(v)),
    "int subclass": lambda v: Int(v),
}


@settings(max_examples=examples(300), deadline=None)
@given(
    boards(),
    st.lists(st.sampled_from(sorted(CELL_KINDS)), min_size=81, max_size=81),
    st.lists(st.sampled_from([list, tuple]), min_size=10, max_size=10),
)
def test_any_mix_of_cell_objects_matches_the_reference(
    cells: list[int], kinds: list[str], containers: list[type]
) -> None:
    # Rows and boards may be lists or tuples, which the fast path reads alike.
    made = [CELL_KINDS[kind](v) for v, kind in zip(cells, kinds)]
    board = containers[9](containers[r](made[r * 9 : r * 9 + 9]) for r in range(9))
    assert is_valid_sudoku(board) is reference_is_valid(cells)
    assert conflicts(board) == reference_conflicts(cells)
    assert [Board(board)[r, c] for r in range(9) for c in range(9)] == cells
    assert is_valid_many([board, board]).tolist() == [reference_is_valid(cells)] * 2


@settings(max_examples=examples(100), deadline=None)
@given(boards())
def test_int_grids_match_the_reference(cells: list[int]) -> None:
    board = [cells[r * 9 : r * 9 + 9] for r in range(9)]
    assert is_valid_sudoku(board) is reference_is_valid(cells)
    assert conflicts(board) == reference_conflicts(cells)
    assert is_valid_many([board]).tolist() == [reference_is_valid(cells)]


@pytest.mark.parametrize(
    ("cell", "error", "message"),
    [
        (10, BoardFormatError, "board[4][5]: expected a value 0-9, got 10"),
        (-1, BoardFormatError, "board[4][5]: expected a value 0-9, got -1"),
        (256, BoardFormatError, "board[4][5]: expected a value 0-9, got 256"),
        (True, TypeError, "board[4][5]: expected a one-character str or an int 0-9, got bool"),
        (False, TypeError, "board[4][5]: expected a one-character str or an int 0-9, got bool"),
    ],
)
def test_a_bad_cell_in_an_int_grid_is_reported_at_its_place(cell: object, error: type, message: str) -> None:
    # The other 80 cells are small ints, known by address: only the bad one leaves the fast path.
    board: list[list[Any]] = [[0] * 9 for _ in range(9)]
    board[4][5] = cell
    with pytest.raises(error) as raised:
        is_valid_sudoku(board)
    assert str(raised.value) == message
