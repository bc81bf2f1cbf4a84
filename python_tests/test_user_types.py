"""A user's script, as mypy --strict sees it: the values a user unpacks and converts have their
precise types, not Any. scripts/test.sh runs mypy over this file (`assert_type` is an error
there when a type is wrong or Any), and pytest runs it, so the types and the values agree."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from typing_extensions import Literal, assert_type

from valid_sudoku import Board, Conflict, conflicts

INVALID = "83..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_a_conflict_unpacks_to_typed_fields() -> None:
    first = conflicts(INVALID)[0]
    assert_type(first, Conflict)
    unit, index, digit, cells = first
    assert_type(unit, Literal["row", "column", "box"])
    assert_type(index, int)
    assert_type(digit, int)
    assert_type(cells, tuple[tuple[int, int], ...])
    assert (unit, index, digit, cells) == ("column", 0, 8, ((0, 0), (3, 0)))
    # What a user does next with the cells type-checks: (row, col) pairs of ints.
    assert [row * 9 + col for row, col in cells] == [0, 27]
    assert_type(first[0], Literal["row", "column", "box"])
    assert_type(first[3], tuple[tuple[int, int], ...])
    assert_type(first.unit, Literal["row", "column", "box"])
    assert_type(first.index, int)
    assert first[3] == first.cells and first[-4] == first.unit


def test_to_numpy_is_a_uint8_array() -> None:
    array = Board(INVALID).to_numpy()
    assert_type(array, npt.NDArray[np.uint8])
    assert array.dtype == np.uint8 and array.shape == (9, 9)
    total: int = int(array.sum())
    assert total == sum(int(ch) for ch in INVALID if ch != ".")
