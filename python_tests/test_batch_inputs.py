"""The one batch reader: odd strides, huge batches, reading by position, string arrays, iterables.

Every batch function reads its boards through the same reader, so these forms are checked
here once through is_valid_many; the other batch functions' tests check a few of them again.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from typing import Any, Iterator

import numpy as np
import pytest

from batch_boards import random_boards, reference_many
from valid_sudoku import BoardFormatError, conflicts, is_valid_many, is_valid_sudoku

SEED = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
BROKEN = "8" + SEED[1:]


def raised(function: Any, *args: Any, **kwargs: Any) -> BaseException:
    with pytest.raises(Exception) as info:
        function(*args, **kwargs)
    return info.value


# ---------------------------------------------------------------- odd byte strides


def test_a_structured_field_is_read_where_it_is() -> None:
    # The example: the field's byte stride (3) is not a multiple of its item size (2).
    rec = np.zeros(81, dtype=[("pad", "u1"), ("v", "<u2")])
    rec["v"][0] = 5
    rec["pad"][1] = 5
    assert is_valid_sudoku(rec["v"]) is True
    assert is_valid_sudoku(rec["v"]) == is_valid_sudoku(rec["v"].copy())
    assert conflicts(rec["v"]) == []


@pytest.mark.parametrize("dtype", ["<u2", ">u2", "<i4", ">i4", "<i8", ">u8", "i1", "u1"])
def test_every_dtype_with_odd_strides_in_a_batch(dtype: str) -> None:
    cells = random_boards(500, seed=11)
    rec = np.zeros(cells.shape, dtype=[("pad", "u1"), ("v", dtype)])
    rec["v"] = cells
    rec["pad"] = 7  # noise the wrong reading would pick up
    field = rec["v"]
    assert field.strides[1] % field.itemsize != 0 or field.itemsize == 1
    expected = reference_many(cells)
    assert np.array_equal(is_valid_many(field), expected)
    assert np.array_equal(is_valid_many(field.reshape(500, 9, 9)), expected)
    for board, flag in zip(field[:50], expected[:50]):
        assert is_valid_sudoku(board) is bool(flag)


def test_as_strided_views_and_broadcasts() -> None:
    cells = random_boards(64, seed=12)
    wide = np.zeros((64, 81 * 3 + 1), np.uint8)
    wide[:, 1 : 81 * 3 + 1 : 3] = cells
    view = np.lib.stride_tricks.as_strided(wide[:, 1:], shape=(64, 81), strides=(wide.strides[0], 3))
    assert np.array_equal(is_valid_many(view), reference_many(cells))
    one = np.broadcast_to(cells[3], (1000, 81))
    assert is_valid_many(one).tolist() == [bool(reference_many(cells[3:4])[0])] * 1000


# ---------------------------------------------------------------- huge batches


def test_a_huge_broadcast_batch_raises_memory_error_not_abort() -> None:
    script = textwrap.dedent(
        """
        import sys
        import numpy as np
        from valid_sudoku import is_valid_many

        class Huge:
            def __init__(self, n): self.n = n
            def __len__(self): return self.n
            def __iter__(self): raise AssertionError("read an item")

        for boards in (
            np.broadcast_to(np.zeros((9, 9), np.uint8), (10**12, 9, 9)),
            Huge(10**12),
            Huge(sys.maxsize),
        ):
            try:
                is_valid_many(boards)
            except MemoryError as error:
                print("MemoryError", error)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines == [
        "MemoryError boards: not enough memory for the results of 1000000000000 boards",
        "MemoryError boards: not enough memory for the results of 1000000000000 boards",
        f"MemoryError boards: not enough memory for the results of {sys.maxsize} boards",
    ]


# ---------------------------------------------------------------- by position, never by label


class LabelledColumn:
    """A pandas-like column: `col[i]` is a label lookup, iteration is in row order."""

    def __init__(self, values: list[str], labels: list[Any]) -> None:
        self.values = values
        self.labels = labels

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, label: Any) -> str:
        return self.values[self.labels.index(label)]

    def __iter__(self) -> Iterator[str]:
        return iter(self.values)


def test_sequences_other_than_list_and_tuple_are_read_in_order_by_iteration() -> None:
    boards = [SEED, BROKEN, SEED, BROKEN, BROKEN]
    expected = [True, False, True, False, False]
    for labels in ([4, 3, 2, 1, 0], ["a", "b", "c", "d", "e"], [10, 20, 30, 40, 50]):
        assert is_valid_many(LabelledColumn(boards, labels)).tolist() == expected
    assert is_valid_many(iter(boards)).tolist() == expected
    assert is_valid_many(board for board in boards).tolist() == expected
    assert is_valid_many(range(0)).tolist() == []
    for unordered, name in ((dict.fromkeys(boards), "dict"), (set(boards), "set"), (frozenset(boards), "frozenset")):
        error = raised(is_valid_many, unordered)
        assert type(error) is TypeError
        assert str(error) == (
            f"boards: expected a numpy integer array, bytes of puzzle lines or a sequence of boards, got {name}"
        )


def test_an_iterable_whose_len_lies_is_an_error() -> None:
    class Short(LabelledColumn):
        def __len__(self) -> int:
            return 7

    error = raised(is_valid_many, Short([SEED, SEED], [0, 1]))
    assert type(error) is ValueError
    assert str(error) == "boards: len() said 7 boards, but iteration stopped after 2"


def test_exceptions_from_user_iteration_propagate() -> None:
    def failing() -> Iterator[str]:
        yield SEED
        raise KeyError("from the user")

    error = raised(is_valid_many, failing())
    assert type(error) is KeyError


def test_objects_with_only_array_go_through_numpy() -> None:
    class ArrayOnly:
        def __array__(self, dtype: Any = None, copy: Any = None) -> "np.ndarray[Any, np.dtype[np.uint8]]":
            return np.array([[int(c) if c != "." else 0 for c in line] for line in (SEED, BROKEN)], np.uint8)

    assert is_valid_many(ArrayOnly()).tolist() == [True, False]


# ---------------------------------------------------------------- numpy string arrays


def test_numpy_str_bytes_and_object_arrays() -> None:
    boards = [SEED, BROKEN, SEED.replace(".", "0")]
    expected = [True, False, True]
    assert is_valid_many(np.array(boards)).tolist() == expected
    assert is_valid_many(np.array(boards, dtype=">U81")).tolist() == expected
    assert is_valid_many(np.array([b.encode() for b in boards])).tolist() == expected
    assert is_valid_many(np.array(boards, dtype=object)).tolist() == expected
    assert is_valid_many(np.array(boards, dtype="<U90")).tolist() == expected
    assert is_valid_many(np.array(boards * 3)[::3]).tolist() == [True] * 3
    assert is_valid_many(np.array([], dtype="<U81")).tolist() == []


def test_s81_arrays_read_in_place_in_every_view() -> None:
    # Whole blocks of S81 puzzles are validated where they lie; views that step or sit in a
    # structured array's field are read at their stride, and anything but digits and dots
    # (a '_' empty, a short puzzle's NUL padding) goes the checked way.
    cells = random_boards(300, seed=11)
    boards = ["".join(".123456789"[v] for v in board) for board in cells]
    column = np.array([b.encode() for b in boards], dtype="S81")
    for view in (slice(None), slice(None, None, 3), slice(1, None, 2), slice(7, 7)):
        assert is_valid_many(column[view]).tolist() == reference_many(cells[view]).tolist()
    records = np.empty(len(boards), dtype=[("id", "i4"), ("puzzle", "S81")])
    records["puzzle"] = column
    assert is_valid_many(records["puzzle"]).tolist() == reference_many(cells).tolist()
    underscored = column.copy()
    underscored[100] = boards[100].replace(".", "_").encode()
    assert is_valid_many(underscored).tolist() == reference_many(cells).tolist()
    short = column.copy()
    short[200] = boards[200][:80].encode()
    assert str(raised(is_valid_many, short)) == "boards[200]: expected 81 bytes, got 80"


def test_object_arrays_are_read_by_position_in_every_view() -> None:
    # Object arrays are read from their memory, by byte stride: views that step, reverse or
    # sit in a structured array's field must give the elements numpy itself gives.
    cells = random_boards(60, seed=7)
    boards = ["".join(".123456789"[v] for v in board) for board in cells]
    column = np.array(boards, dtype=object)
    for view in (slice(None, None, 3), slice(None, None, -1), slice(5, 45, 7), slice(0, 0)):
        assert is_valid_many(column[view]).tolist() == reference_many(cells[view]).tolist()
    records = np.empty(len(boards), dtype=[("id", "i1"), ("puzzle", object)])
    records["puzzle"] = boards
    assert records["puzzle"].strides[0] % 8 != 0  # the pointers are unaligned
    assert is_valid_many(records["puzzle"]).tolist() == reference_many(cells).tolist()
    assert str(raised(is_valid_many, np.empty(2, dtype=object))).startswith("boards[0]: expected")


def test_an_object_array_that_shrinks_while_read_is_refused() -> None:
    # A cell's __index__ runs Python code between two boards: here it empties the very array
    # being read, whose memory must then not be read at the old size.
    column = np.empty(3000, dtype=object)

    class Shrinking:
        def __index__(self) -> int:
            column.resize(0, refcheck=False)
            return 5

    board: list[list[Any]] = [[0] * 9 for _ in range(9)]
    board[0][0] = Shrinking()
    column[:] = [SEED] * 3000
    column[1] = board
    error = raised(is_valid_many, column)
    assert type(error) is ValueError
    assert str(error) == "boards: the array of 3000 boards shrank while it was read"


def test_numpy_string_array_errors_name_the_board() -> None:
    error = raised(is_valid_many, np.array([SEED, SEED[:80]]))
    assert type(error) is BoardFormatError
    assert str(error) == "boards[1]: expected 81 characters, got 80"
    error = raised(is_valid_many, np.array([SEED, "é" + SEED[1:]]))
    assert str(error).startswith("boards[1][0]: expected a digit '1'-'9'")
    assert str(error).endswith("got 'é'")
    error = raised(is_valid_many, np.array([SEED.encode(), SEED[:80].encode()]))
    assert str(error) == "boards[1]: expected 81 bytes, got 80"
    error = raised(is_valid_many, np.array([SEED, 5], dtype=object))
    assert type(error) is TypeError
    assert str(error).startswith("boards[1]: expected a sequence of 9 rows")
