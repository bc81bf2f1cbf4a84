"""Calls from many threads at once agree with each other and with single-threaded calls."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

from reference import classic_from_cells, line_from_cells, reference_is_valid

from valid_sudoku import is_valid_sudoku


def test_eight_threads_at_once_all_agree() -> None:
    rng = random.Random(8)
    boards = []
    for _ in range(400):
        cells = [rng.choice([0, 0, rng.randint(1, 9)]) for _ in range(81)]
        boards.append(cells)
    expected = [reference_is_valid(cells) for cells in boards]
    classic = [classic_from_cells(cells) for cells in boards]
    lines = [line_from_cells(cells) for cells in boards]

    def work(seed: int) -> list[bool]:
        answers: list[bool] = []
        for _ in range(20):
            answers.extend(is_valid_sudoku(board) for board in classic)
            answers.extend(is_valid_sudoku(line) for line in lines)
        return answers

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(work, range(8)))
    assert all(result == (expected + expected) * 20 for result in results)
