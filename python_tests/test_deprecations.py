"""The old names kept for one release (docs/development.md, "Names"): each warns with a
DeprecationWarning that names the new one, from the caller's line, and gives the same result."""

from __future__ import annotations

import warnings
from typing import Any, Callable

import numpy
import pytest

import valid_sudoku
from valid_sudoku import Board, BoardFormatError, generate_many, random_grid_many, random_isomorph_many

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def warned(call: Callable[[], Any]) -> tuple[Any, str]:
    """What `call` returns, and the message of the one warning it gave, checked to be a
    DeprecationWarning attributed to this file (the caller's line, not the package's)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call()
    assert [w.category for w in caught] == [DeprecationWarning]
    assert caught[0].filename == __file__
    return result, str(caught[0].message)


def test_random_grids_is_random_grid_many() -> None:
    old: Any = valid_sudoku
    grids, message = warned(lambda: old.random_grids(20, seed=3, threads=2))
    assert message == "random_grids() is deprecated and will be removed in 1.0; use random_grid_many(), which takes the same arguments"
    assert (grids == random_grid_many(20, seed=3)).all()
    assert (warned(lambda: old.random_grids(2, seed=3, start=5))[0] == random_grid_many(7, seed=3)[5:]).all()


def test_random_isomorphs_many_is_random_isomorph_many() -> None:
    old: Any = valid_sudoku
    boards = [PUZZLE] * 5
    mapped, message = warned(lambda: old.random_isomorphs_many(boards, seed=7))
    assert message == (
        "random_isomorphs_many() is deprecated and will be removed in 1.0; use random_isomorph_many(), which takes the same arguments"
    )
    assert (mapped == random_isomorph_many(boards, seed=7)).all()
    (puzzles, solutions), _ = warned(lambda: old.random_isomorphs_many(boards, solutions=[SOLUTION] * 5, seed=7))
    new_puzzles, new_solutions = random_isomorph_many(boards, solutions=[SOLUTION] * 5, seed=7)
    assert (puzzles == new_puzzles).all() and (solutions == new_solutions).all()


def test_generate_many_solutions_is_return_solutions() -> None:
    old: Any = generate_many
    (puzzles, solutions), message = warned(lambda: old(6, clues=30, seed=2, solutions=True))
    assert message == "generate_many(solutions=...) is deprecated; use generate_many(return_solutions=...)"
    new_puzzles, new_solutions = generate_many(6, clues=30, seed=2, return_solutions=True)
    assert (puzzles == new_puzzles).all() and (solutions == new_solutions).all()
    plain, _ = warned(lambda: old(6, clues=30, seed=2, solutions=False))
    assert (plain == new_puzzles).all()
    with pytest.raises(TypeError, match=r"^solutions: expected True or False, got int$"):
        with pytest.warns(DeprecationWarning):
            old(1, solutions=1)
    with pytest.raises(TypeError, match=r"^solutions: the old name of return_solutions; pass only return_solutions$"):
        old(1, solutions=True, return_solutions=True)


def test_the_new_keyword_does_not_warn() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        generate_many(2, seed=1, return_solutions=True)
        random_grid_many(2, seed=1)
        random_isomorph_many([PUZZLE], seed=1)


def parse_error() -> BoardFormatError:
    with pytest.raises(BoardFormatError) as caught:
        Board.parse("53..7....\n6..195...\n.98..x.6.")
    return caught.value


def test_board_format_error_line_and_column_are_lineno_and_colno() -> None:
    error: Any = parse_error()
    assert (error.lineno, error.colno, error.row, error.col) == (3, 6, 2, 5)
    line, message = warned(lambda: error.line)
    assert (line, message) == (3, "BoardFormatError.line is deprecated and will be removed in 1.0; use BoardFormatError.lineno")
    column, message = warned(lambda: error.column)
    assert (column, message) == (6, "BoardFormatError.column is deprecated and will be removed in 1.0; use BoardFormatError.colno")
    # Set through the old name (as code that builds its own errors may), read through the new.
    _, message = warned(lambda: setattr(error, "column", 9))
    assert error.colno == 9 and message.startswith("BoardFormatError.column is deprecated")
    # A batch error has no text position: None through either name.
    with pytest.raises(BoardFormatError) as caught:
        valid_sudoku.is_valid_many(numpy.full((2, 81), 12, numpy.uint8))
    batch_error: Any = caught.value
    assert batch_error.colno is None and warned(lambda: batch_error.column)[0] is None


def test_old_names_are_not_exported() -> None:
    for old in ("random_grids", "random_isomorphs_many"):
        assert hasattr(valid_sudoku, old) and old not in valid_sudoku.__all__


def test_difficulty_guessing_is_forcing() -> None:
    # Logic finishes every puzzle now, so the level of puzzles it could not is gone; the
    # puzzles that were "guessing" are those that need forcing chains or nets.
    puzzle, message = warned(lambda: valid_sudoku.generate(difficulty="guessing", seed=4))
    assert message == "difficulty='guessing' is deprecated: logic now finishes every puzzle; use difficulty='forcing'"
    assert puzzle == valid_sudoku.generate(difficulty="forcing", seed=4)
    assert valid_sudoku.grade(puzzle).level == "forcing"
    many, _ = warned(lambda: generate_many(3, difficulty="guessing", seed=4, threads=2))
    assert (many == generate_many(3, difficulty="forcing", seed=4)).all()
