"""Every accepted board form gives the same answer as the classic form."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

import pytest
from boards import SEED_1, SEED_1_LINE, SEED_2, SEED_2_LINE

from valid_sudoku import is_valid_sudoku


class Rows(Sequence[Any]):
    """A user's own sequence type."""

    def __init__(self, items: list[Any]) -> None:
        self._items = items

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Any]: ...
    def __getitem__(self, index: int | slice) -> Any:
        return self._items[index]

    def __len__(self) -> int:
        return len(self._items)


class Symbol(str):
    """A str subclass, which must take the checked path and still work."""


class Index:
    """An int-like with __index__, as numpy integer scalars are."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def as_ints(board: list[list[str]]) -> list[list[int]]:
    return [[0 if ch == "." else int(ch) for ch in row] for row in board]


FORMS: dict[str, Any] = {
    "classic": lambda b, line: b,
    "tuple of tuples": lambda b, line: tuple(tuple(row) for row in b),
    "list of tuples": lambda b, line: [tuple(row) for row in b],
    "custom sequence": lambda b, line: Rows([Rows(row) for row in b]),
    "row strings": lambda b, line: ["".join(row) for row in b],
    "row strings in a tuple": lambda b, line: tuple("".join(row) for row in b),
    "ints": lambda b, line: as_ints(b),
    "ints with zero for empty": lambda b, line: [[v for v in row] for row in as_ints(b)],
    "int-likes with __index__": lambda b, line: [[Index(v) for v in row] for row in as_ints(b)],
    "mixed str and int cells": lambda b, line: [
        [ch if (r + c) % 2 else (0 if ch == "." else int(ch)) for c, ch in enumerate(row)]
        for r, row in enumerate(b)
    ],
    "str subclass cells": lambda b, line: [[Symbol(ch) for ch in row] for row in b],
    # str(int) makes a new str object, not CPython's shared one-character str.
    "fresh str cells": lambda b, line: [[ch if ch == "." else str(int(ch)) for ch in row] for row in b],
    "zero for empty": lambda b, line: [["0" if ch == "." else ch for ch in row] for row in b],
    "81-character str": lambda b, line: line,
    "81-character str with zeros": lambda b, line: line.replace(".", "0"),
    "str subclass board": lambda b, line: Symbol(line),
    "81 bytes": lambda b, line: line.encode(),
    "bytearray": lambda b, line: bytearray(line.encode()),
}


@pytest.mark.parametrize("form", FORMS)
def test_every_form_agrees_with_the_classic_one(form: str) -> None:
    make = FORMS[form]
    assert is_valid_sudoku(make(SEED_1, SEED_1_LINE)) is True
    assert is_valid_sudoku(make(SEED_2, SEED_2_LINE)) is False


def test_numpy_scalars_as_cells() -> None:
    np = pytest.importorskip("numpy")
    for dtype in (np.int8, np.uint8, np.int64, np.uint64):
        board = [[dtype(v) for v in row] for row in as_ints(SEED_1)]
        assert is_valid_sudoku(board) is True
        board[0][0] = dtype(8)
        board[3][0] = dtype(8)
        assert is_valid_sudoku(board) is False


def test_numpy_array_9_by_9() -> None:
    np = pytest.importorskip("numpy")
    for dtype in (np.uint8, np.int16, np.int64):
        assert is_valid_sudoku(np.array(as_ints(SEED_1), dtype=dtype)) is True
        assert is_valid_sudoku(np.array(as_ints(SEED_2), dtype=dtype)) is False


def test_the_input_is_not_modified() -> None:
    board = [row[:] for row in SEED_2]
    snapshot = [row[:] for row in board]
    rows_before = [id(row) for row in board]
    assert is_valid_sudoku(board) is False
    assert board == snapshot
    assert [id(row) for row in board] == rows_before
    ints = as_ints(SEED_1)
    ints_snapshot = [row[:] for row in ints]
    is_valid_sudoku(ints)
    assert ints == ints_snapshot


def test_rows_iterated_lazily_are_not_needed() -> None:
    # A sequence is read by index; nothing requires it to be a list.
    class Counting(Rows):
        reads = 0

        def __getitem__(self, index: int | slice) -> Any:
            Counting.reads += 1
            return super().__getitem__(index)

        def __iter__(self) -> Iterator[Any]:
            raise AssertionError("boards are read by index, not iterated")

    assert is_valid_sudoku(Counting([row[:] for row in SEED_1])) is True
    assert Counting.reads == 9
