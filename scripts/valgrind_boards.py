"""A workload for scripts/valgrind.sh: every single-board form, through every entry point, many
boards in a row (cells of shared strs, fresh strs, ints, row strs, flat str and bytes, tuples,
bad ones), then 9x9 lists of int 0, the case an adversarial pass once saw valgrind flag."""

from __future__ import annotations

import random

from valid_sudoku import Board, BoardFormatError, conflicts, is_valid_sudoku


def forms(cells: list[int], kind: int) -> object:
    rows = [cells[r * 9 : r * 9 + 9] for r in range(9)]
    if kind == 0:
        return [[str(v) if v else "." for v in row] for row in rows]  # fresh strs
    if kind == 1:
        return [list("".join(str(v) if v else "." for v in row)) for row in rows]  # shared strs
    if kind == 2:
        return rows  # ints
    if kind == 3:
        return ["".join(str(v) for v in row) for row in rows]  # row strs
    if kind == 4:
        return "".join(str(v) for v in cells)
    if kind == 5:
        return "".join(str(v) for v in cells).encode()
    if kind == 6:
        return tuple(tuple(str(v) if v else "." for v in row) for row in rows)  # fresh, in tuples
    if kind == 7:
        return tuple(tuple(row) for row in rows)  # ints in tuples
    return [[f"{v}" for v in row] + (["x"] if kind == 8 else []) for row in rows]  # some bad


def main() -> None:
    rng = random.Random(7)
    for i in range(2000):
        cells = [rng.choice([0, 0, 0, rng.randint(1, 9)]) for _ in range(81)]
        board = forms(cells, i % 10)
        try:
            is_valid_sudoku(board)
            conflicts(board)
            Board(board)
        except BoardFormatError:
            pass
    zeros = [[0] * 9 for _ in range(9)]
    for _ in range(200):
        assert is_valid_sudoku(zeros)
        assert is_valid_sudoku([[0] * 9 for _ in range(9)])
    print("valgrind workload done")


if __name__ == "__main__":
    main()
