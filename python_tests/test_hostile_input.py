"""Inputs an adversarial pass found mishandled (issue 7): huge non-ASCII text, lone
surrogates, huge ints, `__index__` returning the wrong thing, bytes-like rows."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from boards import SEED_1, SEED_1_LINE

from valid_sudoku import Board, BoardFormatError, Conflict, conflicts, is_valid_sudoku

SYMBOLS = "expected a digit '1'-'9' or an empty cell '.', '0' or '_'"
CELL_TYPES = "a one-character str or an int 0-9"
ROW_TYPES = "a sequence of 9 cells or a 9-character str"

# 10**7 copies of 'é' are a 10 MB latin-1 str; its UTF-8 form would be 20 MB more.
HUGE = 10**7
UTF8_COPY = 2 * HUGE


def resident_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096


@contextmanager
def no_copy_of(size: int) -> Iterator[None]:
    """Fails if resident memory grows by a quarter of `size` or more inside the block."""
    before = resident_bytes()
    yield
    grown = resident_bytes() - before
    assert grown < size // 4, f"resident memory grew by {grown} bytes"


def with_cell(value: Any, row: int = 2, col: int = 4) -> list[list[Any]]:
    board: list[list[Any]] = [r[:] for r in SEED_1]
    board[row][col] = value
    return board


def with_row(value: Any, row: int = 3) -> list[Any]:
    board: list[Any] = [r[:] for r in SEED_1]
    board[row] = value
    return board


CHECKERS: list[Callable[[Any], object]] = [is_valid_sudoku, conflicts, Board]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/statm")
@pytest.mark.parametrize("check", CHECKERS)
@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda text: text, f"board: expected 81 characters, got {HUGE}"),
        (lambda text: with_row(text), f"board[3]: expected 9 characters, got {HUGE}"),
        (lambda text: with_cell(text), f"board[2][4]: {SYMBOLS}, got '{'é' * 20}…'"),
    ],
    ids=["board", "row", "cell"],
)
def test_a_long_non_ascii_str_is_refused_without_a_utf8_copy(
    check: Callable[[Any], object], make: Callable[[str], Any], message: str
) -> None:
    # A fresh str each time: CPython caches a str's UTF-8 form once made.
    text = "é" * HUGE
    board = make(text)
    with no_copy_of(UTF8_COPY), pytest.raises(BoardFormatError) as caught:
        check(board)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1" * 81 + "\ud800", "line 1, column 82: expected 81 cells, got 82"),
        ("1" * 81 + "\ud800\udfff", "line 1, column 82: expected 81 cells, got 83"),
        ("\n  " + "1" * 81 + "\udfff", "line 2, column 84: expected 81 cells, got 82"),
    ],
)
def test_board_parse_counts_a_lone_surrogate_as_one_character(text: str, message: str) -> None:
    with pytest.raises(BoardFormatError) as caught:
        Board.parse(text)
    assert str(caught.value) == message


def test_a_lone_surrogate_cell_is_one_bad_character_at_its_own_column() -> None:
    with pytest.raises(BoardFormatError) as caught:
        Board.parse("\ud800" + SEED_1_LINE[1:])
    assert (caught.value.lineno, caught.value.colno) == (1, 1)
    with pytest.raises(BoardFormatError) as caught:
        Board.parse(SEED_1_LINE[:40] + "\ud800" + SEED_1_LINE[41:])
    assert (caught.value.lineno, caught.value.colno) == (1, 41)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("row", 10**30, 8, ((0, 0), (0, 1))), "index must be 0-8, got 10000000000000000000…"),
        (("row", -(10**30), 8, ((0, 0), (0, 1))), "index must be 0-8, got -1000000000000000000…"),
        (("row", 0, 10**30, ((0, 0), (0, 1))), "digit must be 1-9, got 10000000000000000000…"),
        (("row", 0, 2**64 + 5, ((0, 0), (0, 1))), "digit must be 1-9, got 18446744073709551621"),
        (("row", 0, 8, ((0, 2**64), (0, 1))), "cells: (0, 18446744073709551616) is not a cell of row 0"),
        (("box", 4, 8, ((-(10**30), 4), (3, 3))), "cells: (-1000000000000000000…, 4) is not a cell of box 4"),
    ],
)
def test_conflict_with_a_huge_int_is_a_value_error(args: tuple[Any, ...], message: str) -> None:
    with pytest.raises(ValueError) as caught:
        Conflict(*args)
    assert type(caught.value) is ValueError
    assert str(caught.value) == message


def test_conflict_fields_of_the_wrong_type_are_still_type_errors() -> None:
    with pytest.raises(TypeError):
        Conflict("row", "0", 8, ((0, 0), (0, 1)))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Conflict("row", 0, 8.0, ((0, 0), (0, 1)))  # type: ignore[arg-type]


class IndexReturns:
    """A cell whose `__index__` returns whatever it was given."""

    def __init__(self, value: object) -> None:
        self.value = value

    def __index__(self) -> Any:
        return self.value


@pytest.mark.parametrize("check", CHECKERS)
@pytest.mark.parametrize(
    ("returned", "type_name"),
    [("3", "str"), (True, "bool"), (False, "bool"), (3.0, "float"), (None, "NoneType")],
)
def test_an_index_returning_a_non_int_names_the_cell(
    check: Callable[[Any], object], returned: object, type_name: str
) -> None:
    with pytest.raises(TypeError) as caught:
        check(with_cell(IndexReturns(returned)))
    assert not isinstance(caught.value, BoardFormatError)
    assert str(caught.value) == (
        f"board[2][4]: expected {CELL_TYPES}, got IndexReturns (its __index__ returned {type_name})"
    )


def test_an_index_returning_an_int_still_counts() -> None:
    assert is_valid_sudoku(with_cell(IndexReturns(4)))
    assert not is_valid_sudoku(with_cell(IndexReturns(5)))


@pytest.mark.parametrize(
    "value",
    [10**5000, -(10**5000)],
    ids=["huge", "huge negative"],
)
def test_an_int_too_long_to_print_is_described_by_its_size(value: int, capsys: pytest.CaptureFixture[str]) -> None:
    # CPython 3.11 (and the 3.9.14 and 3.10.7 security releases) refuse str() of such an int.
    limited = hasattr(sys, "get_int_max_str_digits")
    if limited:
        shown = "an int of 16610 bits"
    else:
        shown = "10000000000000000000…" if value > 0 else "-1000000000000000000…"
    with pytest.raises(BoardFormatError) as caught:
        is_valid_sudoku(with_cell(value))
    assert str(caught.value) == f"board[2][4]: expected a value 0-9, got {shown}"
    with pytest.raises(ValueError) as conflict_error:
        Conflict("row", value, 8, ((0, 0), (0, 1)))
    assert str(conflict_error.value) == f"index must be 0-8, got {shown}"
    # Nothing "unraisable" was printed on the way.
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("check", CHECKERS)
@pytest.mark.parametrize(
    "row",
    [b"53..7....", bytearray(b"53..7...."), memoryview(b"53..7...."), memoryview(bytes(9))],
    ids=["bytes", "bytearray", "memoryview", "memoryview of zeros"],
)
def test_bytes_like_rows_are_all_refused(check: Callable[[Any], object], row: Any) -> None:
    with pytest.raises(TypeError) as caught:
        check(with_row(row))
    assert str(caught.value) == f"board[3]: expected {ROW_TYPES}, got {type(row).__name__}"
