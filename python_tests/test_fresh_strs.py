"""Classic boards whose cells are fresh str objects (`str(5)`, f-strings), alone or mixed with
CPython's shared one-character strs: the fast path recognises the shared ones by address and
reads the others from the object, and every mix must give the reference's answers."""

from __future__ import annotations

from typing import Any

from board_strategies import boards
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import line_from_cells, reference_conflicts, reference_is_valid

from valid_sudoku import Board, BoardFormatError, conflicts, is_valid_sudoku

SHARED = {symbol: symbol for symbol in ".0123456789_"}


def fresh(symbol: str) -> str:
    """A new str object equal to `symbol`, not CPython's shared one."""
    made = str(int(symbol)) if symbol.isdigit() else symbol.join(["", ""])
    assert made == symbol and made is not SHARED[symbol]
    return made


def classic(line: str, fresh_cells: list[bool]) -> list[list[str]]:
    cells = [fresh(ch) if make_fresh else SHARED[ch] for ch, make_fresh in zip(line, fresh_cells)]
    return [cells[r * 9 : r * 9 + 9] for r in range(9)]


@settings(max_examples=800, deadline=None)
@given(boards(), st.lists(st.booleans(), min_size=81, max_size=81), st.sampled_from([".", "0"]))
def test_any_mix_of_fresh_and_shared_cells_matches_the_reference(
    cells: list[int], fresh_cells: list[bool], empty: str
) -> None:
    board = classic(line_from_cells(cells, empty), fresh_cells)
    assert is_valid_sudoku(board) is reference_is_valid(cells)
    assert conflicts(board) == reference_conflicts(cells)
    assert [Board(board)[r, c] for r in range(9) for c in range(9)] == cells


@settings(max_examples=200, deadline=None)
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
