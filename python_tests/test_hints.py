"""Errors for the common slips carry a hint: spaces written for empty cells."""

from __future__ import annotations

from typing import Any, Callable

import pytest
from boards import SEED_1_LINE

from valid_sudoku import Board, BoardFormatError, is_valid_many, is_valid_sudoku

SYMBOLS = "expected a digit '1'-'9' or an empty cell '.', '0' or '_'"
HINT = " (spaces do not mark empty cells; use '.', '0' or '_')"
SPACED = SEED_1_LINE.replace(".", " ")  # 81 characters, spaces for the empty cells


def message(call: Callable[[Any], object], board: Any) -> str:
    with pytest.raises(BoardFormatError) as caught:
        call(board)
    return str(caught.value)


def test_a_line_with_spaces_gets_the_hint() -> None:
    assert len(SPACED) == 81
    assert message(is_valid_sudoku, SPACED) == f"board[2]: {SYMBOLS}, got ' '{HINT}"
    assert message(is_valid_sudoku, SPACED.encode()) == f"board[2]: {SYMBOLS}, got ' '{HINT}"
    assert message(Board, SPACED) == f"board[2]: {SYMBOLS}, got ' '{HINT}"
    assert message(Board.parse, SPACED) == f"line 1, column 3: expected 81 cells, got 2{HINT}"
    assert message(Board.parse, SPACED + "\n") == f"line 1, column 3: expected 81 cells, got 2{HINT}"


def test_row_strs_and_cells_with_spaces_get_the_hint() -> None:
    rows = [SPACED[r * 9 : r * 9 + 9] for r in range(9)]
    assert message(is_valid_sudoku, rows) == f"board[0][2]: {SYMBOLS}, got ' '{HINT}"
    assert message(is_valid_sudoku, [list(row) for row in rows]) == f"board[0][2]: {SYMBOLS}, got ' '{HINT}"


def test_batches_with_spaces_get_the_hint() -> None:
    assert message(is_valid_many, [SEED_1_LINE, SPACED]) == f"boards[1][2]: {SYMBOLS}, got ' '{HINT}"
    lines = (SEED_1_LINE + "\n" + SPACED + "\n").encode()
    assert message(is_valid_many, lines) == f"line 2, column 3: {SYMBOLS}, got ' '{HINT}"


def test_other_bad_symbols_get_no_hint() -> None:
    bad = SEED_1_LINE[:2] + "x" + SEED_1_LINE[3:]
    assert message(is_valid_sudoku, bad) == f"board[2]: {SYMBOLS}, got 'x'"
    assert message(is_valid_sudoku, SEED_1_LINE[:2] + "\t" + SEED_1_LINE[3:]) == f"board[2]: {SYMBOLS}, got '\\t'"
    assert message(Board.parse, "123") == "line 1, column 4: expected 81 cells, got 3"
