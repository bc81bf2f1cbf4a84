"""Boards written as 9 row strs (`["53..7....", ...]`), which a fast path reads through the C
API: every answer must be the reference's, and every refusal the checked path's message."""

from __future__ import annotations

from typing import Any

import pytest
from board_strategies import boards
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import reference_is_valid

from search_effort import examples
from valid_sudoku import BoardFormatError, is_valid_many, is_valid_sudoku


def row_strs(cells: list[int], empties: list[str]) -> list[str]:
    symbols = [str(v) if v else empty for v, empty in zip(cells, empties)]
    return ["".join(symbols[r * 9 : r * 9 + 9]) for r in range(9)]


@settings(max_examples=examples(300), deadline=None)
@given(
    boards(),
    st.lists(st.sampled_from([".", "0", "_"]), min_size=81, max_size=81),
    st.sampled_from([list, tuple]),
)
def test_row_strs_match_the_reference(cells: list[int], empties: list[str], container: type) -> None:
    board = container(row_strs(cells, empties))
    assert is_valid_sudoku(board) is reference_is_valid(cells)
    assert is_valid_many([board, board]).tolist() == [reference_is_valid(cells)] * 2


@pytest.mark.parametrize(
    ("row", "error", "message"),
    [
        ("12345678x", BoardFormatError, "board[4][8]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'"),
        ("1234567é8", BoardFormatError, "board[4][7]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'é'"),
        ("12345678", BoardFormatError, "board[4]: expected 9 characters, got 8"),
        ("123456789.", BoardFormatError, "board[4]: expected 9 characters, got 10"),
        (b"123456789", TypeError, "board[4]: expected a sequence of 9 cells or a 9-character str, got bytes"),
    ],
)
def test_a_bad_row_str_gets_the_checked_message(row: Any, error: type, message: str) -> None:
    # The other eight rows would take the fast path: the bad one must not slip through it.
    board: list[Any] = ["........."] * 9
    board[4] = row
    with pytest.raises(error) as raised:
        is_valid_sudoku(board)
    assert str(raised.value) == message


def test_a_row_str_with_a_lone_surrogate_is_refused_at_its_cell() -> None:
    board = ["........."] * 9
    board[2] = "1234\ud80056789"[:9]
    with pytest.raises(BoardFormatError) as raised:
        is_valid_sudoku(board)
    assert (raised.value.row, raised.value.col) == (2, 4)


def test_a_str_subclass_row_takes_the_checked_path_and_is_read_alike() -> None:
    class Row(str):
        pass

    board = [Row("53..7....")] + ["........."] * 8
    assert is_valid_sudoku(board) is True
    board[1] = Row("5........")
    assert is_valid_sudoku(board) is False
