"""Boards the tests share."""

from __future__ import annotations

SEED_1 = [
    ["5", "3", ".", ".", "7", ".", ".", ".", "."],
    ["6", ".", ".", "1", "9", "5", ".", ".", "."],
    [".", "9", "8", ".", ".", ".", ".", "6", "."],
    ["8", ".", ".", ".", "6", ".", ".", ".", "3"],
    ["4", ".", ".", "8", ".", "3", ".", ".", "1"],
    ["7", ".", ".", ".", "2", ".", ".", ".", "6"],
    [".", "6", ".", ".", ".", ".", "2", "8", "."],
    [".", ".", ".", "4", "1", "9", ".", ".", "5"],
    [".", ".", ".", ".", "8", ".", ".", "7", "9"],
]
SEED_1_LINE = "".join("".join(row) for row in SEED_1)

# Example 2 of the problem: the first 5 becomes an 8, so the top-left box holds two 8s.
SEED_2 = [row[:] for row in SEED_1]
SEED_2[0][0] = "8"
SEED_2_LINE = "".join("".join(row) for row in SEED_2)

SOLVED_LINE = (
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)


def empty_board() -> list[list[str]]:
    return [["."] * 9 for _ in range(9)]


def board_from_line(line: str) -> list[list[str]]:
    return [list(line[r * 9 : r * 9 + 9]) for r in range(9)]
