"""Property tests: the Rust answer equals the slow pure-Python reference on random boards."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from reference import classic_from_cells, line_from_cells, reference_is_valid

from search_effort import examples
from valid_sudoku import BoardFormatError, is_valid_sudoku


@st.composite
def boards(draw: st.DrawFn) -> list[int]:
    """Boards of every density, so that both answers are common: sparse boards are mostly
    valid, dense random ones mostly invalid, and a valid board with one digit copied into
    another cell of a unit is the hardest case to get right."""
    density = draw(st.integers(0, 81))
    cells = [0] * 81
    for k in draw(st.lists(st.integers(0, 80), min_size=density, max_size=density)):
        cells[k] = draw(st.integers(1, 9))
    return cells


@settings(max_examples=examples(1500), deadline=None)
@given(boards())
def test_classic_form_matches_the_reference(cells: list[int]) -> None:
    assert is_valid_sudoku(classic_from_cells(cells)) is reference_is_valid(cells)


@settings(max_examples=examples(500), deadline=None)
@given(boards(), st.sampled_from([".", "0"]))
def test_every_form_matches_the_reference(cells: list[int], empty: str) -> None:
    expected = reference_is_valid(cells)
    line = line_from_cells(cells, empty)
    rows = [cells[r * 9 : r * 9 + 9] for r in range(9)]
    assert is_valid_sudoku(line) is expected
    assert is_valid_sudoku(line.encode()) is expected
    assert is_valid_sudoku([line[r * 9 : r * 9 + 9] for r in range(9)]) is expected
    assert is_valid_sudoku(rows) is expected
    assert is_valid_sudoku(tuple(tuple(str(v) for v in row) for row in rows)) is expected


@settings(max_examples=examples(300), deadline=None)
@given(boards(), st.integers(0, 80), st.integers(1, 9))
def test_one_changed_digit_matches_the_reference(cells: list[int], k: int, digit: int) -> None:
    cells = cells[:]
    cells[k] = digit
    assert is_valid_sudoku(classic_from_cells(cells)) is reference_is_valid(cells)


anything = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=3) | st.binary(max_size=3),
    lambda children: st.lists(children, max_size=10) | st.tuples(children, children),
    max_leaves=100,
)


@settings(max_examples=examples(500), deadline=None)
@given(anything)
def test_arbitrary_input_is_answered_or_refused_cleanly(board: Any) -> None:
    try:
        result = is_valid_sudoku(board)
    except (BoardFormatError, TypeError):
        return
    assert isinstance(result, bool)


@settings(max_examples=examples(300), deadline=None)
@given(boards(), st.integers(0, 80), st.text(min_size=1, max_size=2) | st.integers(-20, 20))
def test_one_odd_cell_is_answered_or_refused_cleanly(cells: list[int], k: int, odd: Any) -> None:
    board: list[list[Any]] = [list(row) for row in classic_from_cells(cells)]
    board[k // 9][k % 9] = odd
    try:
        is_valid_sudoku(board)
    except BoardFormatError as error:
        assert (error.row, error.col) == (k // 9, k % 9)
        assert str(error).startswith(f"board[{k // 9}][{k % 9}]: expected ")
