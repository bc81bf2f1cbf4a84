"""The single-board forms read by the batch layer's readers: DLPack tensors (any integer
dtype, byte order, shape and stride), memoryviews, and Arrow columns of one board (plain or
dictionary-encoded, with nulls). Each answer must be the reference's, and each error one of
the documented kinds (BoardFormatError, TypeError), never anything else."""

from __future__ import annotations

from typing import Any

import atheris
from common import reference_is_valid, run

import numpy as np

from valid_sudoku import Board, BoardFormatError, is_valid_sudoku, solve

try:
    import pyarrow as pa
except ImportError:  # the Arrow forms are skipped without pyarrow
    pa = None


class Tensor:
    """A DLPack producer that is not a numpy array, as a torch tensor is not."""

    def __init__(self, array: np.ndarray[Any, Any]) -> None:
        self.array = array

    def __dlpack__(self, **kwargs: Any) -> Any:
        return self.array.__dlpack__(**kwargs)

    def __dlpack_device__(self) -> Any:
        return self.array.__dlpack_device__()


DTYPES = ["uint8", "int8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float32"]
SHAPES = [(9, 9), (81,), (3, 27), (80,), (9, 9, 1), (1, 81)]


def expected_cells(values: list[int], shape: tuple[int, ...], dtype: str) -> list[int] | None:
    """The board's cells, or None when reading it must fail."""
    if dtype.startswith("float") or shape not in [(9, 9), (81,)] or any(v < 0 or v > 9 for v in values):
        return None
    return values


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    kind = fdp.ConsumeIntInRange(0, 2)
    if kind == 0:
        dtype = DTYPES[fdp.ConsumeIntInRange(0, len(DTYPES) - 1)]
        shape = SHAPES[fdp.ConsumeIntInRange(0, len(SHAPES) - 1)]
        size = int(np.prod(shape))
        values = [fdp.ConsumeIntInRange(0, 9) if fdp.ConsumeIntInRange(0, 20) else fdp.ConsumeIntInRange(0, 120) for _ in range(size)]
        array = np.array(values, dtype=dtype).reshape(shape)
        if shape == (9, 9) and fdp.ConsumeBool():
            array = array.T
            values = [int(v) for v in array.reshape(-1)]
        board: Any = Tensor(array)
        cells = expected_cells(values, shape, dtype)
    elif kind == 1:
        raw = fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 90))
        board = memoryview(raw)
        symbols = {ord(c): (0 if c in "._0" else int(c)) for c in "123456789._0"}
        cells = [symbols[b] for b in raw] if len(raw) == 81 and all(b in symbols for b in raw) else None
    else:
        if pa is None:
            return
        rows = [fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(78, 83)) if fdp.ConsumeIntInRange(0, 9) else None
                for _ in range(fdp.ConsumeIntInRange(0, 2))]
        column = pa.array(rows, pa.string())
        board = column.dictionary_encode() if fdp.ConsumeBool() else column
        symbols = {c: (0 if c in "._0" else int(c)) for c in "123456789._0"}
        only = rows[0] if len(rows) == 1 else None
        cells = [symbols[c] for c in only] if only is not None and len(only) == 81 and all(c in symbols for c in only) else None
    try:
        valid = is_valid_sudoku(board)
    except (BoardFormatError, TypeError):
        assert cells is None, (board, cells)
        return
    assert cells is not None, board
    assert valid == reference_is_valid(cells)
    built = Board(board)
    assert [built[r, c] for r in range(9) for c in range(9)] == cells
    if valid and sum(1 for v in cells if v) >= 30:
        solved = solve(board)
        assert solved is None or all(v == 0 or v == solved[i // 9, i % 9] for i, v in enumerate(cells))


if __name__ == "__main__":
    run(test_one_input)
