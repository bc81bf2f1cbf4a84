"""is_valid_sudoku, conflicts() and Board() on boards built from fuzz data: lists, tuples,
row strs, flat str and bytes, numpy arrays; cells of every kind (shared and fresh strs, ints,
bools, numpy scalars, objects with __index__, bytes-like rows). Each answer must be the
reference's, and each error the documented one: BoardFormatError (row, col as predicted) or
TypeError, never anything else."""

from __future__ import annotations

import sys
from typing import Any

import atheris
from common import SYMBOL_VALUE, SYMBOLS, reference_conflicts, reference_is_valid, run, symbol_text

import numpy as np

from valid_sudoku import Board, BoardFormatError, conflicts, is_valid_sudoku


class Format(Exception):
    """The reference's verdict: a BoardFormatError at (row, col)."""

    def __init__(self, row: int | None = None, col: int | None = None) -> None:
        self.row, self.col = row, col


class Type(Exception):
    """The reference's verdict: a TypeError."""


class IndexReturns:
    def __init__(self, value: object) -> None:
        self.value = value

    def __index__(self) -> Any:
        return self.value


class StrSubclass(str):
    pass


def make_cell(fdp: atheris.FuzzedDataProvider) -> Any:
    kind = fdp.ConsumeIntInRange(0, 15)
    symbol = SYMBOLS[fdp.ConsumeIntInRange(0, len(SYMBOLS) - 1)]
    if kind <= 5:
        return symbol  # CPython's shared one-character str
    if kind == 6:
        return str(int(symbol)) if symbol.isdigit() else symbol.join(["", ""])  # a fresh str
    if kind == 7:
        return fdp.ConsumeIntInRange(0, 9)
    if kind == 8:
        return fdp.ConsumeIntInRange(-3, 12) * (10 ** fdp.ConsumeIntInRange(0, 25))
    if kind == 9:
        return symbol_text(fdp, fdp.ConsumeIntInRange(0, 3))
    if kind == 10:
        return fdp.PickValueInList([True, False, None, 1.0, b"1", [1]])
    if kind == 11:
        return np.int64(fdp.ConsumeIntInRange(-1, 10))
    if kind == 12:
        return fdp.PickValueInList([np.bool_(True), np.uint8(fdp.ConsumeIntInRange(0, 255))])
    if kind == 13:
        return IndexReturns(fdp.PickValueInList([fdp.ConsumeIntInRange(-1, 10), True, "3", None]))
    if kind == 14:
        return StrSubclass(symbol)
    return fdp.ConsumeUnicode(2)


def make_row(fdp: atheris.FuzzedDataProvider) -> Any:
    length = 9 if fdp.ConsumeIntInRange(0, 7) else fdp.ConsumeIntInRange(0, 12)
    kind = fdp.ConsumeIntInRange(0, 9)
    if kind <= 4:
        return [make_cell(fdp) for _ in range(length)]
    if kind == 5:
        return tuple(make_cell(fdp) for _ in range(length))
    if kind <= 7:
        return symbol_text(fdp, length)
    text = symbol_text(fdp, length, SYMBOLS + "x")
    return fdp.PickValueInList([text.encode(), bytearray(text.encode()), memoryview(text.encode())])


def make_board(fdp: atheris.FuzzedDataProvider) -> Any:
    kind = fdp.ConsumeIntInRange(0, 11)
    if kind <= 5:
        rows = 9 if fdp.ConsumeIntInRange(0, 7) else fdp.ConsumeIntInRange(0, 12)
        board = [make_row(fdp) for _ in range(rows)]
        return board if kind <= 4 else tuple(board)
    length = 81 if fdp.ConsumeIntInRange(0, 7) else fdp.ConsumeIntInRange(0, 90)
    if kind <= 7:
        return symbol_text(fdp, length)
    if kind == 8:
        return symbol_text(fdp, length, SYMBOLS + "x").encode()
    if kind == 9:
        values = [fdp.ConsumeIntInRange(-1, 10) if fdp.ConsumeIntInRange(0, 30) == 0 else fdp.ConsumeIntInRange(0, 9) for _ in range(81)]
        dtype = fdp.PickValueInList([np.uint8, np.int8, np.int16, np.int64, np.uint32])
        # Unsigned dtypes get -1 wrapped to their largest value (numpy 2 refuses to cast it).
        wrap = 2 ** (8 * np.dtype(dtype).itemsize) if np.dtype(dtype).kind == "u" else None
        return np.array([v % wrap if wrap else v for v in values], dtype=dtype).reshape(
            fdp.PickValueInList([(9, 9), (81,)])
        )
    return fdp.PickValueInList([None, 5, {}, set(), 1.5, object()])


def expected_cell(cell: Any, r: int, c: int) -> int:
    if isinstance(cell, str):
        if len(cell) != 1 or cell not in SYMBOL_VALUE:
            raise Format(r, c)
        return SYMBOL_VALUE[cell]
    if isinstance(cell, (bool, np.bool_)):
        raise Type
    if isinstance(cell, int):
        if not 0 <= cell <= 9:
            raise Format(r, c)
        return cell
    if not hasattr(type(cell), "__index__"):
        raise Type
    value = cell.__index__()
    if not isinstance(value, int) or isinstance(value, bool):
        raise Type
    if not 0 <= value <= 9:
        raise Format(r, c)
    return int(value)


def expected_cells(board: Any) -> list[int]:
    """The reference reading of `board`: its 81 values, or the Format/Type verdict."""
    if isinstance(board, str):
        if len(board) != 81 or any(ch not in SYMBOL_VALUE for ch in board):
            raise Format()
        return [SYMBOL_VALUE[ch] for ch in board]
    if isinstance(board, (bytes, bytearray)):
        text = board.decode("latin-1")
        if len(text) != 81 or any(ch not in SYMBOL_VALUE for ch in text):
            raise Format()
        return [SYMBOL_VALUE[ch] for ch in text]
    if isinstance(board, np.ndarray):
        flat = [int(v) for v in board.reshape(81)]
        if any(not 0 <= v <= 9 for v in flat):
            raise Format()
        return flat
    if not isinstance(board, (list, tuple)):
        raise Type
    if len(board) != 9:
        raise Format()
    cells: list[int] = []
    for r, row in enumerate(board):
        if isinstance(row, str):
            if len(row) != 9:
                raise Format(r)
            cells.extend(expected_cell(ch, r, c) for c, ch in enumerate(row))
        elif isinstance(row, (list, tuple)):
            if len(row) != 9:
                raise Format(r)
            cells.extend(expected_cell(cell, r, c) for c, cell in enumerate(row))
        else:
            raise Type
    return cells


def check(call: Any, board: Any, verdict: Exception | None, cells: list[int] | None) -> Any:
    try:
        answer = call(board)
    except BoardFormatError as error:
        if not isinstance(verdict, Format):
            raise AssertionError(f"{call.__name__}({board!r}): unexpected {error!r}") from error
        if verdict.row is not None and (error.row, error.col) != (verdict.row, verdict.col):
            raise AssertionError(f"{call.__name__}({board!r}): {error!r} at {(error.row, error.col)}, expected {(verdict.row, verdict.col)}")
        return None
    except TypeError as error:
        if not isinstance(verdict, Type):
            raise AssertionError(f"{call.__name__}({board!r}): unexpected {error!r}") from error
        return None
    if verdict is not None:
        raise AssertionError(f"{call.__name__}({board!r}) answered {answer!r}, expected {verdict!r}")
    return answer


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    board = make_board(fdp)
    verdict: Exception | None = None
    cells: list[int] | None = None
    try:
        cells = expected_cells(board)
    except (Format, Type) as found:
        verdict = found
    valid = check(is_valid_sudoku, board, verdict, cells)
    found = check(conflicts, board, verdict, cells)
    built = check(Board, board, verdict, cells)
    if cells is not None:
        assert valid == reference_is_valid(cells), (board, valid)
        assert found == reference_conflicts(cells), (board, found)
        assert built.is_valid == valid and [built[r, c] for r in range(9) for c in range(9)] == cells


if __name__ == "__main__":
    run(test_one_input)
