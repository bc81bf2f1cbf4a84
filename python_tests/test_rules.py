"""The LeetCode 36 rule, on the classic form."""

from __future__ import annotations

import pytest
from boards import SEED_1, SEED_2, SOLVED_LINE, board_from_line, empty_board
from reference import UNIT_KINDS, unit_cells

from valid_sudoku import is_valid_sudoku


def test_seed_example_1_is_valid() -> None:
    assert is_valid_sudoku(SEED_1) is True


def test_seed_example_2_is_invalid() -> None:
    assert is_valid_sudoku(SEED_2) is False


def test_empty_board_is_valid() -> None:
    assert is_valid_sudoku(empty_board()) is True


def test_solved_grid_is_valid() -> None:
    assert is_valid_sudoku(board_from_line(SOLVED_LINE)) is True


def test_same_digit_at_0_3_and_3_0_is_valid() -> None:
    # (0, 3) is in box 1 and (3, 0) in box 3; a transposed box formula puts both in one box.
    board = empty_board()
    board[0][3] = "5"
    board[3][0] = "5"
    assert is_valid_sudoku(board) is True


@pytest.mark.parametrize("kind", UNIT_KINDS)
@pytest.mark.parametrize("index", range(9))
def test_a_repeat_in_any_of_the_27_units_is_invalid(kind: str, index: int) -> None:
    # The first and last cells of a unit share no other unit, so only this one is broken.
    cells = unit_cells(kind, index)
    (r1, c1), (r2, c2) = cells[0], cells[-1]
    for digit in "123456789":
        board = empty_board()
        board[r1][c1] = digit
        board[r2][c2] = digit
        assert is_valid_sudoku(board) is False, (kind, index, digit)


def test_one_changed_cell_of_a_solved_grid_is_invalid() -> None:
    for k in range(81):
        line = SOLVED_LINE[:k] + str(int(SOLVED_LINE[k]) % 9 + 1) + SOLVED_LINE[k + 1 :]
        assert is_valid_sudoku(board_from_line(line)) is False


def test_zero_is_an_empty_cell_too() -> None:
    board = [["0" if ch == "." else ch for ch in row] for row in SEED_1]
    assert is_valid_sudoku(board) is True
    board[1][1] = "0"
    board[1][2] = "0"
    assert is_valid_sudoku(board) is True
