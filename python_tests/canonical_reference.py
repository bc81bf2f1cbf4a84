"""A slow pure-Python model of the Sudoku group, for the canonical-form property tests.

A map is drawn from the definition itself (band order, row orders, stack order, column
orders, transpose, relabelling), applied cell by cell, and a string is relabelled by first
appearance, as the definition of the canonical form says. Shares no code with the core.
"""

from __future__ import annotations

import random
from typing import List, Sequence, Tuple

Cells = List[int]


def lines(rng: random.Random) -> list[int]:
    """Nine lines: the three groups in a random order, each group's lines in a random order."""
    groups = [0, 1, 2]
    rng.shuffle(groups)
    out: list[int] = []
    for group in groups:
        within = [0, 1, 2]
        rng.shuffle(within)
        out.extend(group * 3 + k for k in within)
    return out


def random_map(rng: random.Random) -> Tuple[list[int], list[int], bool, list[int]]:
    digits = list(range(1, 10))
    rng.shuffle(digits)
    return lines(rng), lines(rng), rng.random() < 0.5, [0] + digits


def apply_map(cells: Sequence[int], rows: list[int], cols: list[int], transpose: bool, relabel: list[int]) -> Cells:
    out = []
    for r in range(9):
        for c in range(9):
            source_row, source_col = rows[r], cols[c]
            if transpose:
                source_row, source_col = source_col, source_row
            out.append(relabel[cells[source_row * 9 + source_col]])
    return out


def first_appearance(cells: Sequence[int]) -> str:
    """The string with its digits renumbered 1, 2, ... in order of first appearance."""
    labels: dict[int, int] = {}
    text = []
    for value in cells:
        if value == 0:
            text.append("0")
        else:
            if value not in labels:
                labels[value] = len(labels) + 1
            text.append(str(labels[value]))
    return "".join(text)


def cells_of(board: str) -> Cells:
    return [0 if ch in "._0" else int(ch) for ch in board]
