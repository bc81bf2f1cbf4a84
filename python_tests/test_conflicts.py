"""conflicts() and Conflict: against the pure-Python reference, order, str/repr, tuple
behaviour, immutability, and the same errors as is_valid_sudoku."""

from __future__ import annotations

import copy
import pickle
from typing import Any, NamedTuple, cast

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from board_strategies import boards
from reference import (
    cells_from_line,
    classic_from_cells,
    line_from_cells,
    reference_conflicts,
    reference_is_valid,
)
from valid_sudoku import BoardFormatError, Conflict, conflicts, is_valid_sudoku

SEED = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
# LeetCode 36, example 2: the seed with an 8 at the top left.
INVALID = "8" + SEED[1:]


def as_tuples(found: list[Conflict]) -> list[tuple[Any, ...]]:
    return [tuple(conflict) for conflict in found]


@given(boards())
def test_matches_the_reference_in_every_form(cells: list[int]) -> None:
    expected = reference_conflicts(cells)
    forms: list[Any] = [
        classic_from_cells(cells),
        line_from_cells(cells),
        line_from_cells(cells, "0").encode(),
        [cells[r * 9 : r * 9 + 9] for r in range(9)],
        np.array(cells, dtype=np.uint8).reshape(9, 9),
    ]
    for form in forms:
        found = conflicts(form)
        assert as_tuples(found) == expected
        assert found == expected  # a Conflict equals its tuple
        assert (found == []) == is_valid_sudoku(form) == reference_is_valid(cells)


def test_the_leetcode_examples() -> None:
    assert conflicts(SEED) == []
    found = conflicts(INVALID)
    assert [str(c) for c in found] == [
        "digit 8 repeats in column 1 at r1c1 and r4c1",
        "digit 8 repeats in box 1 at r1c1 and r3c3",
    ]
    assert [repr(c) for c in found] == [
        "Conflict(unit='column', index=0, digit=8, cells=((0, 0), (3, 0)))",
        "Conflict(unit='box', index=0, digit=8, cells=((0, 0), (2, 2)))",
    ]


def test_order_is_rows_then_columns_then_boxes_by_index_then_digit() -> None:
    cells = [0] * 81
    # Row 4 repeats 2 and 1 (listed 1 first); row 0 repeats 9 (in boxes 0 and 1: no box repeat);
    # column 5 repeats 7; box 8 repeats 3.
    for (r, c), v in {
        (4, 0): 2, (4, 8): 2, (4, 1): 1, (4, 7): 1, (0, 0): 9, (0, 3): 9,
        (2, 5): 7, (8, 5): 7, (6, 6): 3, (7, 8): 3,
    }.items():
        cells[r * 9 + c] = v
    keys = [(c.unit, c.index, c.digit) for c in conflicts(line_from_cells(cells))]
    assert keys == [
        ("row", 0, 9), ("row", 4, 1), ("row", 4, 2), ("column", 5, 7), ("box", 8, 3),
    ]


def test_three_or_more_holders_are_listed_in_row_major_order() -> None:
    cells = [0] * 81
    for r, c in [(8, 4), (0, 4), (5, 4)]:
        cells[r * 9 + c] = 6
    (found,) = conflicts(line_from_cells(cells))
    assert found.cells == ((0, 4), (5, 4), (8, 4))
    assert str(found) == "digit 6 repeats in column 5 at r1c5, r6c5 and r9c5"


def test_fields_and_tuple_behaviour() -> None:
    conflict = conflicts(INVALID)[1]
    assert (conflict.unit, conflict.index, conflict.digit, conflict.cells) == ("box", 0, 8, ((0, 0), (2, 2)))
    unit, index, digit, cells = conflict
    assert (unit, index, digit, cells) == ("box", 0, 8, ((0, 0), (2, 2)))
    assert len(conflict) == 4
    assert conflict[0] == "box" and conflict[-1] == ((0, 0), (2, 2))
    assert conflict[1:3] == (0, 8)
    assert list(conflict) == ["box", 0, 8, ((0, 0), (2, 2))]
    with pytest.raises(IndexError, match="^tuple index out of range$"):
        cast(Any, conflict)[4]  # (mypy, which types a Conflict as its 4-tuple, refuses [4] itself)
    assert Conflict._fields == ("unit", "index", "digit", "cells")
    assert Conflict.__match_args__ == ("unit", "index", "digit", "cells")


def test_asdict_is_a_namedtuples() -> None:
    class AsTuple(NamedTuple):
        unit: str
        index: int  # type: ignore[assignment]  # (shadows tuple.index, as Conflict's field does)
        digit: int
        cells: tuple[tuple[int, int], ...]

    conflict = conflicts(INVALID)[1]
    as_dict = conflict._asdict()
    assert as_dict == AsTuple(*conflict)._asdict()
    assert as_dict == {"unit": "box", "index": 0, "digit": 8, "cells": ((0, 0), (2, 2))}
    assert type(as_dict) is dict and list(as_dict) == list(Conflict._fields)
    assert conflict._asdict() is not as_dict  # a new dict each time, safe to change


def test_equality_and_hash_follow_the_tuple() -> None:
    a, b = conflicts(INVALID)
    same = conflicts(INVALID)[0]
    assert a == same and a is not same and hash(a) == hash(same)
    assert a != b
    assert a == tuple(a) and tuple(a) == a and hash(a) == hash(tuple(a))
    assert {a, same, b, tuple(b)} == {a, b}
    assert a != ["column", 0, 8, ((0, 0), (3, 0))]  # a list is not a tuple
    assert a != "digit 8 repeats in column 1 at r1c1 and r4c1"
    # Ordering is the tuple's: by unit name, then index, digit, cells.
    assert sorted([a, b]) == [b, a]


def test_immutable() -> None:
    conflict = conflicts(INVALID)[0]
    for name in ("unit", "index", "digit", "cells", "other"):
        with pytest.raises(AttributeError):
            setattr(conflict, name, 1)
    with pytest.raises(TypeError):
        conflict[0] = "row"  # type: ignore[index]
    assert copy.copy(conflict) is conflict
    assert copy.deepcopy(conflict) is conflict


def test_repr_evaluates_and_pickles_back() -> None:
    for conflict in conflicts(INVALID):
        assert eval(repr(conflict), {"Conflict": Conflict}) == conflict
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            again = pickle.loads(pickle.dumps(conflict, protocol))
            assert isinstance(again, Conflict) and again == conflict and str(again) == str(conflict)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("rows", 0, 8, ((0, 0), (0, 1))), "unit must be 'row', 'column' or 'box', got 'rows'"),
        (("row", 9, 8, ((0, 0), (0, 1))), "index must be 0-8, got 9"),
        (("row", -1, 8, ((0, 0), (0, 1))), "index must be 0-8, got -1"),
        (("row", 0, 0, ((0, 0), (0, 1))), "digit must be 1-9, got 0"),
        (("row", 0, 10, ((0, 0), (0, 1))), "digit must be 1-9, got 10"),
        (("row", 0, 8, ((0, 0),)), "cells must hold two or more (row, col) pairs, got 1"),
        (("row", 0, 8, ((0, 0), (1, 1))), "cells: (1, 1) is not a cell of row 0"),
        (("box", 4, 8, ((3, 3), (-1, 4))), "cells: (-1, 4) is not a cell of box 4"),
        (("column", 2, 8, ((5, 2), (1, 2))), "cells must be distinct and in row-major order"),
    ],
)
def test_constructor_checks_every_field(args: tuple[Any, ...], message: str) -> None:
    with pytest.raises(ValueError) as info:
        Conflict(*args)
    assert str(info.value) == message


def test_constructor_builds_what_conflicts_reports() -> None:
    built = Conflict("box", 0, 8, [(0, 0), (2, 2)])
    assert built == conflicts(INVALID)[1]


BAD_BOARDS: list[Any] = [
    SEED[:80],
    SEED[:22] + "x" + SEED[23:],
    SEED.encode()[:10],
    [list(SEED[r * 9 : r * 9 + 9]) for r in range(8)],
    [list(SEED[r * 9 : r * 9 + 9]) for r in range(8)] + [["1"] * 8],
    [[10] * 9] * 9,
    [[True] * 9] * 9,
    [["55"] * 9] * 9,
    [[None] * 9] * 9,
    42,
    None,
    {"a": 1},
    ["53..7...."] * 8 + [b"53..7...."],
    "-" * 81,
]


@pytest.mark.parametrize("bad", BAD_BOARDS)
def test_errors_are_the_same_as_is_valid_sudoku(bad: Any) -> None:
    with pytest.raises((BoardFormatError, TypeError)) as expected:
        is_valid_sudoku(bad)
    with pytest.raises(type(expected.value)) as got:
        conflicts(bad)
    assert str(got.value) == str(expected.value)
    if isinstance(expected.value, BoardFormatError):
        assert isinstance(got.value, BoardFormatError)
        for name in ("index", "row", "col", "lineno", "colno"):
            assert getattr(got.value, name) == getattr(expected.value, name)


def test_the_users_own_errors_pass_through() -> None:
    class Broken:
        def __len__(self) -> int:
            raise RuntimeError("broken board")

        def __getitem__(self, index: int) -> str:
            return "."

    with pytest.raises(RuntimeError, match="^broken board$"):
        conflicts(cast(Any, Broken()))


def test_input_is_not_mutated() -> None:
    board = classic_from_cells(cells_from_line(INVALID))
    snapshot = copy.deepcopy(board)
    conflicts(board)
    assert board == snapshot


def test_shared_data_is_valid_and_one_change_matches_the_reference(shared_puzzles: list[str]) -> None:
    for line in shared_puzzles:
        assert conflicts(line) == []
    # One changed digit per board, a few thousand boards, compared with the reference.
    for i, line in enumerate(shared_puzzles[:: max(1, len(shared_puzzles) // 3000)]):
        cells = cells_from_line(line)
        cells[(i * 37) % 81] = i % 9 + 1
        assert as_tuples(conflicts(line_from_cells(cells))) == reference_conflicts(cells)


@given(st.lists(st.integers(0, 9), min_size=81, max_size=81))
def test_every_conflict_is_a_real_repeat(cells: list[int]) -> None:
    for conflict in conflicts(line_from_cells(cells)):
        assert len(conflict.cells) >= 2
        assert all(cells[r * 9 + c] == conflict.digit for r, c in conflict.cells)
        assert list(conflict.cells) == sorted(set(conflict.cells))
