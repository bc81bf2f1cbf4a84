"""Every public puzzle in ../shared/data is valid, and a one-digit change agrees with the reference.

The data sits next to the repository in CI only; elsewhere these tests skip.
"""

from __future__ import annotations

import random

from reference import cells_from_line, classic_from_cells, line_from_cells, reference_is_valid

from valid_sudoku import is_valid_sudoku


def test_every_shared_puzzle_is_valid(shared_puzzles: list[str]) -> None:
    invalid = [line for line in shared_puzzles if not is_valid_sudoku(line)]
    assert invalid == []
    # The classic form too, on a sample (the full set would only repeat the same work).
    for line in shared_puzzles[::50]:
        assert is_valid_sudoku(classic_from_cells(cells_from_line(line))) is True


def test_a_one_digit_change_of_each_puzzle_agrees_with_the_reference(shared_puzzles: list[str]) -> None:
    rng = random.Random(36)
    for line in shared_puzzles:
        cells = cells_from_line(line)
        k = rng.randrange(81)
        cells[k] = (cells[k] + rng.randrange(1, 9)) % 10 or 1
        expected = reference_is_valid(cells)
        assert is_valid_sudoku(line_from_cells(cells)) is expected, line
