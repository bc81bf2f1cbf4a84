"""Every error path: the exception type, its exact message and its position attributes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from boards import SEED_1, SEED_1_LINE

from valid_sudoku import BoardFormatError, is_valid_sudoku

BOARD_TYPES = "a sequence of 9 rows, an 81-character str, 81 bytes or a numpy integer array"
ROW_TYPES = "a sequence of 9 cells or a 9-character str"
CELL_TYPES = "a one-character str or an int 0-9"
SYMBOLS = "expected a digit '1'-'9' or an empty cell '.', '0' or '_'"


def with_cell(value: Any, row: int = 2, col: int = 4) -> list[list[Any]]:
    board: list[list[Any]] = [r[:] for r in SEED_1]
    board[row][col] = value
    return board


def format_error(board: Any) -> BoardFormatError:
    with pytest.raises(BoardFormatError) as caught:
        is_valid_sudoku(board)
    return caught.value


def type_error(board: Any) -> TypeError:
    with pytest.raises(TypeError) as caught:
        is_valid_sudoku(board)
    assert not isinstance(caught.value, BoardFormatError)
    return caught.value


def test_board_format_error_is_a_value_error_with_position_attributes() -> None:
    assert issubclass(BoardFormatError, ValueError)
    error = BoardFormatError("made by hand")
    assert (error.index, error.row, error.col, error.lineno, error.colno) == (None, None, None, None, None)


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("x", f"board[2][4]: {SYMBOLS}, got 'x'"),
        ("", f"board[2][4]: {SYMBOLS}, got ''"),
        ("55", f"board[2][4]: {SYMBOLS}, got '55'"),
        (" ", f"board[2][4]: {SYMBOLS}, got ' ' (spaces do not mark empty cells; use '.', '0' or '_')"),
        ("é", f"board[2][4]: {SYMBOLS}, got 'é'"),
        ("\n", f"board[2][4]: {SYMBOLS}, got '\\n'"),
        ("\x07", f"board[2][4]: {SYMBOLS}, got '\\x07'"),
        ("'", f"board[2][4]: {SYMBOLS}, got '\\''"),
        ("x" * 1000, f"board[2][4]: {SYMBOLS}, got '{'x' * 20}…'"),
        (12, "board[2][4]: expected a value 0-9, got 12"),
        (-1, "board[2][4]: expected a value 0-9, got -1"),
        (10**30, f"board[2][4]: expected a value 0-9, got {'1' + '0' * 19}…"),
    ],
)
def test_a_bad_cell_names_its_row_and_column(cell: Any, message: str) -> None:
    error = format_error(with_cell(cell))
    assert str(error) == message
    assert (error.row, error.col, error.index) == (2, 4, None)


@pytest.mark.parametrize(
    ("cell", "type_name"),
    [(1.0, "float"), (None, "NoneType"), (True, "bool"), (False, "bool"), (["5"], "list"), (b"5", "bytes")],
)
def test_a_cell_of_the_wrong_type_is_a_type_error(cell: Any, type_name: str) -> None:
    assert str(type_error(with_cell(cell))) == f"board[2][4]: expected {CELL_TYPES}, got {type_name}"


def test_numpy_bool_cells_are_refused() -> None:
    np = pytest.importorskip("numpy")
    message = str(type_error(with_cell(np.True_)))
    assert message.startswith(f"board[2][4]: expected {CELL_TYPES}, got bool")


def test_rows() -> None:
    assert str(format_error(SEED_1[:8])) == "board: expected 9 rows, got 8"
    assert str(format_error(SEED_1 + [SEED_1[0]])) == "board: expected 9 rows, got 10"
    assert str(format_error([])) == "board: expected 9 rows, got 0"
    long_row = [r[:] for r in SEED_1]
    long_row[3] = long_row[3] + ["."]
    error = format_error(long_row)
    assert str(error) == "board[3]: expected 9 cells, got 10"
    assert (error.row, error.col) == (3, None)
    short_text = ["".join(r) for r in SEED_1]
    short_text[5] = "53..7..."
    assert str(format_error(short_text)) == "board[5]: expected 9 characters, got 8"
    bad_text = ["".join(r) for r in SEED_1]
    bad_text[1] = "6..1x5..."
    error = format_error(bad_text)
    assert str(error) == f"board[1][4]: {SYMBOLS}, got 'x'"
    assert (error.row, error.col) == (1, 4)


@pytest.mark.parametrize(("row", "type_name"), [(None, "NoneType"), (5, "int"), (b"53..7....", "bytes"), ({}, "dict")])
def test_a_row_of_the_wrong_type_is_a_type_error(row: Any, type_name: str) -> None:
    board: list[Any] = [r[:] for r in SEED_1]
    board[6] = row
    assert str(type_error(board)) == f"board[6]: expected {ROW_TYPES}, got {type_name}"


NUMBERS_HINT = "puzzles read as numbers lose their leading zeros, so read them as text (pandas: read_csv(..., dtype=str))"


@pytest.mark.parametrize(
    ("board", "type_name"),
    [(None, "NoneType"), ({}, "dict"), (42, f"int; {NUMBERS_HINT}"), (set(), "set"), (1.5, "float"), (True, "bool")],
)
def test_a_board_of_the_wrong_type_is_a_type_error(board: Any, type_name: str) -> None:
    assert str(type_error(board)) == f"board: expected {BOARD_TYPES}, got {type_name}"


def test_flat_text() -> None:
    assert str(format_error(SEED_1_LINE[:80])) == "board: expected 81 characters, got 80"
    assert str(format_error(SEED_1_LINE + ".")) == "board: expected 81 characters, got 82"
    assert str(format_error("")) == "board: expected 81 characters, got 0"
    error = format_error(SEED_1_LINE[:22] + "x" + SEED_1_LINE[23:])
    assert str(error) == f"board[22]: {SYMBOLS}, got 'x'"
    assert (error.row, error.col) == (2, 4)
    # Non-ASCII: 81 characters, more bytes; the count and the index are of characters.
    error = format_error("é" + SEED_1_LINE[1:])
    assert str(error) == f"board[0]: {SYMBOLS}, got 'é'"
    error = format_error(SEED_1_LINE[:80] + "\ud800")
    assert str(error) == f"board[80]: {SYMBOLS}, got '\ufffd'"


def test_flat_bytes() -> None:
    assert str(format_error(SEED_1_LINE[:80].encode())) == "board: expected 81 bytes, got 80"
    error = format_error(SEED_1_LINE[:80].encode() + b"\xff")
    assert str(error) == f"board[80]: {SYMBOLS}, got byte 0xff"
    assert (error.row, error.col) == (8, 8)
    error = format_error(bytearray(b"x" + SEED_1_LINE[1:].encode()))
    assert str(error) == f"board[0]: {SYMBOLS}, got 'x'"


def test_a_huge_board_fails_at_once_without_reading_it() -> None:
    class Huge(Sequence[Any]):
        reads = 0

        def __len__(self) -> int:
            return 10**7

        def __getitem__(self, index: Any) -> Any:
            Huge.reads += 1
            return SEED_1[0]

    assert str(format_error(Huge())) == "board: expected 9 rows, got 10000000"
    assert Huge.reads == 0
    assert str(format_error([None] * 10**7)) == "board: expected 9 rows, got 10000000"
    assert str(format_error("." * 10**7)) == "board: expected 81 characters, got 10000000"
    huge_row = [r[:] for r in SEED_1]
    huge_row[0] = ["."] * 10**6
    assert str(format_error(huge_row)) == "board[0]: expected 9 cells, got 1000000"


class Boom(Exception):
    pass


class Exploding(Sequence[Any]):
    """A user's sequence that raises from `__len__` or `__getitem__`; it yields `items`."""

    def __init__(self, fail_in: str, items: list[Any]) -> None:
        self.fail_in = fail_in
        self.items = items

    def __len__(self) -> int:
        if self.fail_in == "len":
            raise Boom("len")
        return len(self.items)

    def __getitem__(self, index: Any) -> Any:
        if self.fail_in == "getitem" and index == 4:
            raise Boom("getitem")
        return self.items[index]


@pytest.mark.parametrize("fail_in", ["len", "getitem"])
def test_a_users_own_exception_propagates_unchanged(fail_in: str) -> None:
    with pytest.raises(Boom, match=fail_in):
        is_valid_sudoku(Exploding(fail_in, [r[:] for r in SEED_1]))
    board: list[Any] = [r[:] for r in SEED_1]
    board[7] = Exploding(fail_in, SEED_1[7][:])
    with pytest.raises(Boom, match=fail_in):
        is_valid_sudoku(board)


def test_an_index_that_raises_propagates_unchanged() -> None:
    class BadIndex:
        def __index__(self) -> int:
            raise Boom("index")

    with pytest.raises(Boom, match="index"):
        is_valid_sudoku(with_cell(BadIndex()))


def test_errors_are_ordinary_exceptions() -> None:
    # A Rust panic would surface as PanicException, which `except Exception` does not catch.
    bad_boards: list[Any] = [with_cell("x"), with_cell(1.5), None, "short", with_cell(10**100)]
    for bad in bad_boards:
        try:
            is_valid_sudoku(bad)
        except Exception as error:
            assert isinstance(error, (BoardFormatError, TypeError))
        else:
            raise AssertionError(f"{bad!r} was accepted")
