"""next_step, solve_steps and grade on boards and pencil marks built from fuzz data: each call
returns a sound answer or raises one of the documented errors (BoardFormatError, ValueError,
TypeError), never anything else; a step never places or removes against the solution."""

from __future__ import annotations

from typing import Any

import atheris
from common import SYMBOLS, run, symbol_text

import numpy as np

from valid_sudoku import candidates, count_solutions, grade, next_step, solve, solve_steps


def marks_from(fdp: atheris.FuzzedDataProvider, board: str) -> Any:
    kind = fdp.ConsumeIntInRange(0, 3)
    if kind == 0:
        return np.array(fdp.ConsumeIntListInRange(81, 0, 1023), dtype=np.uint16).reshape(9, 9)
    if kind == 1:
        try:
            marks = [[set(cell) for cell in row] for row in candidates(board)]
        except ValueError:
            return None
        for row in marks:
            for cell in row:
                for d in list(cell):
                    if fdp.ConsumeBool():
                        cell.discard(d)
        return marks
    if kind == 2:
        return [[{fdp.ConsumeIntInRange(-1, 10)} for _ in range(9)] for _ in range(fdp.ConsumeIntInRange(0, 10))]
    return None


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    board = symbol_text(fdp, fdp.ConsumeIntInRange(79, 83), SYMBOLS * 3 + "x")
    marks = marks_from(fdp, board)
    try:
        step = next_step(board, candidates=marks)
        path = solve_steps(board)
    except (ValueError, TypeError):
        return
    if count_solutions(board) != 1:
        return
    solution = solve(board)
    assert solution is not None
    for s in path.steps:
        assert all(solution[r, c] == d for r, c, d in s.placements), str(s)
        assert all(solution[r, c] != d for r, c, d in s.eliminations), str(s)
    if step is not None and marks is None:
        assert str(step) == str(path.steps[0])
    assert grade(board).steps == len(path)


if __name__ == "__main__":
    run(test_one_input)
