"""Board: construction from every form, properties, indexing, conversions, and value semantics."""

from __future__ import annotations

import copy
import pickle
import sys
from typing import Any

import numpy as np
import pytest
from hypothesis import given

from board_strategies import SOLVED, boards
from reference import classic_from_cells, line_from_cells, reference_conflicts, reference_is_valid
from valid_sudoku import Board, BoardFormatError, Conflict, conflicts, is_valid_sudoku

SEED = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
INVALID = "8" + SEED[1:]
SOLVED_LINE = "".join(map(str, SOLVED))

SEED_GRID = """\
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9"""


def cells_of(line: str) -> list[int]:
    return [0 if ch in "._0" else int(ch) for ch in line]


def forms_of(cells: list[int]) -> list[Any]:
    """The same board in every form Board() accepts."""
    return [
        classic_from_cells(cells),
        line_from_cells(cells),
        line_from_cells(cells, "0").encode(),
        bytearray(line_from_cells(cells).encode()),
        [cells[r * 9 : r * 9 + 9] for r in range(9)],
        tuple(tuple(cells[r * 9 : r * 9 + 9]) for r in range(9)),
        [line_from_cells(cells)[r * 9 : r * 9 + 9] for r in range(9)],
        np.array(cells, dtype=np.int64).reshape(9, 9),
        Board(line_from_cells(cells)),
    ]


@given(boards())
def test_every_form_gives_the_same_board_and_the_reference_answers(cells: list[int]) -> None:
    expected = Board(line_from_cells(cells))
    for form in forms_of(cells):
        assert Board(form) == expected
    assert expected.is_valid == reference_is_valid(cells) == is_valid_sudoku(expected)
    assert [tuple(c) for c in expected.conflicts] == reference_conflicts(cells)
    assert expected.conflicts == conflicts(expected)
    assert expected.givens == sum(1 for v in cells if v)
    assert expected.is_complete == all(cells)
    assert expected.is_solved == (all(cells) and reference_is_valid(cells))
    assert [expected[r, c] for r in range(9) for c in range(9)] == cells
    assert expected.to_string() == line_from_cells(cells)
    assert expected.to_list() == classic_from_cells(cells)
    assert expected.to_numpy().ravel().tolist() == cells


@pytest.mark.parametrize(
    ("line", "valid", "complete", "solved", "givens"),
    [
        (SEED, True, False, False, 30),
        (INVALID, False, False, False, 30),
        (SOLVED_LINE, True, True, True, 81),
        ("." * 81, True, False, False, 0),
        ("1" * 81, False, True, False, 81),
    ],
)
def test_properties(line: str, valid: bool, complete: bool, solved: bool, givens: int) -> None:
    board = Board(line)
    assert (board.is_valid, board.is_complete, board.is_solved, board.givens) == (valid, complete, solved, givens)
    assert (board.conflicts == []) == valid
    assert all(isinstance(c, Conflict) for c in board.conflicts)


def test_conflicts_property_is_a_fresh_list() -> None:
    board = Board(INVALID)
    first = board.conflicts
    first.clear()
    assert len(board.conflicts) == 2


@pytest.mark.parametrize("bad", [SEED[:80], [[10] * 9] * 9, 42, "-" * 81, [["1"] * 9] * 8])
def test_construction_errors_are_those_of_is_valid_sudoku(bad: Any) -> None:
    with pytest.raises((BoardFormatError, TypeError)) as expected:
        is_valid_sudoku(bad)
    with pytest.raises(type(expected.value)) as got:
        Board(bad)
    assert str(got.value) == str(expected.value)


def test_indexing() -> None:
    board = Board(SEED)
    assert board[0, 0] == 5 and board[0, 2] == 0 and board[8, 8] == 9
    assert board[-1, -1] == 9 and board[-9, -9] == 5 and board[0, -5] == 7
    assert board[np.int64(1), np.uint8(3)] == 1
    assert board[True, 3] == 1  # bool is an int, as in list indexing
    assert isinstance(board[0, 0], int)


@pytest.mark.parametrize(
    ("key", "message"),
    [
        ((9, 0), "Board index out of range: row 9 (expected -9 to 8)"),
        ((0, 9), "Board index out of range: column 9 (expected -9 to 8)"),
        ((-10, 0), "Board index out of range: row -10 (expected -9 to 8)"),
        ((0, -10), "Board index out of range: column -10 (expected -9 to 8)"),
        ((10**30, 0), "Board index out of range: row 10000000000000000000… (expected -9 to 8)"),
    ],
)
def test_out_of_range_indexes(key: tuple[int, int], message: str) -> None:
    with pytest.raises(IndexError) as info:
        Board(SEED)[key]
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("key", "message"),
    [
        (0, "Board indices must be a (row, col) pair of ints, got int"),
        ((0,), "Board indices must be a (row, col) pair of ints, got a tuple of 1"),
        ((0, 1, 2), "Board indices must be a (row, col) pair of ints, got a tuple of 3"),
        ([0, 1], "Board indices must be a (row, col) pair of ints, got list"),
        (slice(0, 2), "Board indices must be a (row, col) pair of ints, got slice"),
        ((1.0, 2), "Board row index must be an int, got float"),
        ((1, "2"), "Board column index must be an int, got str"),
        ((slice(None), 0), "Board row index must be an int, got slice"),
    ],
)
def test_bad_index_types(key: Any, message: str) -> None:
    with pytest.raises(TypeError) as info:
        Board(SEED)[key]
    assert str(info.value) == message


def test_an_index_that_raises_passes_its_error_on() -> None:
    class Bad:
        def __index__(self) -> int:
            raise RuntimeError("no index")

    with pytest.raises(RuntimeError, match="^no index$"):
        Board(SEED)[Bad(), 0]


def test_to_string() -> None:
    board = Board(SEED)
    assert board.to_string() == SEED
    assert board.to_string("0") == SEED.replace(".", "0")
    assert board.to_string(empty="_") == SEED.replace(".", "_")
    assert board.to_string(" ") == SEED.replace(".", " ")
    assert len(board.to_string("é")) == 81


@pytest.mark.parametrize("empty", ["", "..", "5", "10"])
def test_to_string_rejects_ambiguous_empty_symbols(empty: str) -> None:
    with pytest.raises(ValueError) as info:
        Board(SEED).to_string(empty)
    assert str(info.value) == f"empty must be one character other than '1'-'9', got '{empty}'"


def test_to_list_is_the_classic_form() -> None:
    rows = Board(SEED).to_list()
    assert rows[0] == ["5", "3", ".", ".", "7", ".", ".", ".", "."]
    assert rows == [list(SEED[r * 9 : r * 9 + 9]) for r in range(9)]
    assert is_valid_sudoku(rows)


def test_to_numpy() -> None:
    board = Board(SEED)
    array = board.to_numpy()
    assert array.dtype == np.uint8 and array.shape == (9, 9)
    assert array.tolist() == [[board[r, c] for c in range(9)] for r in range(9)]
    assert array[-1, -1] == board[-1, -1]
    array[0, 0] = 9  # writable, and the board's own copy is untouched
    assert board[0, 0] == 5 and board.to_numpy()[0, 0] == 5
    assert Board(array)[0, 0] == 9


def test_to_numpy_without_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)  # makes `import numpy` raise ImportError
    with pytest.raises(ImportError) as info:
        Board(SEED).to_numpy()
    assert str(info.value) == "Board.to_numpy() needs numpy, which is not installed (pip install numpy)"
    assert isinstance(info.value.__cause__, ImportError)


def test_str_is_a_grid_with_box_separators() -> None:
    assert str(Board(SEED)) == SEED_GRID
    assert Board.parse(str(Board(SEED))) == Board(SEED)


def test_repr_is_one_line_that_evaluates_back() -> None:
    board = Board(INVALID)
    assert repr(board) == f"Board('{INVALID}')"
    assert eval(repr(board), {"Board": Board}) == board


def test_equality_and_hash() -> None:
    a, b, other = Board(SEED), Board(SEED.replace(".", "0")), Board(INVALID)
    assert a == b and hash(a) == hash(b) and a is not b
    assert a != other
    assert {a, b, other} == {a, other}
    assert a != SEED and a != Board(SEED).to_list() and a != 0
    assert not (a == SEED)


def test_copy_and_pickle() -> None:
    board = Board(INVALID)
    assert copy.copy(board) is board and copy.deepcopy(board) is board
    assert copy.deepcopy([board]) == [board]
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(board, protocol))
        assert type(again) is Board and again == board


def test_immutable() -> None:
    board = Board(SEED)
    for name in ("is_valid", "givens", "cells", "anything"):
        with pytest.raises(AttributeError):
            setattr(board, name, 1)
    with pytest.raises(TypeError):
        board[0, 0] = 1  # type: ignore[index]


def test_input_is_copied_not_shared() -> None:
    rows = [list(SEED[r * 9 : r * 9 + 9]) for r in range(9)]
    board = Board(rows)
    rows[0][0] = "9"
    assert board[0, 0] == 5


def test_every_shared_puzzle(shared_puzzles: list[str]) -> None:
    for line in shared_puzzles:
        board = Board(line)
        assert board.is_valid and board.conflicts == []
        assert board.givens == sum(ch not in ".0" for ch in line)
        assert board.is_solved == board.is_complete
        assert Board.parse(str(board)) == board
