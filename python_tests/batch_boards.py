"""Many random boards at once, and a vectorised but obviously right reference, for the batch tests.

The reference counts each digit in each of the 27 units (from reference.unit_cells) with plain
numpy sums; test_batch_properties checks it against the slow pure-Python reference first.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from reference import UNIT_KINDS, unit_cells

SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

# The 27 units as flat cell indices, shape (27, 9).
UNITS = np.array(
    [[r * 9 + c for r, c in unit_cells(kind, index)] for kind in UNIT_KINDS for index in range(9)],
    dtype=np.intp,
)

Cells = npt.NDArray[np.uint8]
Flags = npt.NDArray[np.bool_]


def reference_many(cells: npt.NDArray[np.integer[Any]]) -> Flags:
    """Valid flags for boards of shape (N, 81), values 0-9: no digit twice in any unit."""
    flat = np.asarray(cells).reshape(len(cells), 81)
    valid = np.ones(len(flat), dtype=bool)
    for digit in range(1, 10):
        counts = (flat[:, UNITS] == digit).sum(axis=2)  # (N, 27)
        valid &= (counts <= 1).all(axis=1)
    return valid


def _solved_grids(count: int, rng: np.random.Generator) -> Cells:
    """`count` solved grids: the seed solution under random validity-preserving symmetries."""
    base = np.array([int(c) for c in SOLVED], dtype=np.uint8).reshape(9, 9)
    grids = np.empty((count, 9, 9), dtype=np.uint8)
    for i in range(count):
        bands = rng.permutation(3)
        rows = np.concatenate([band * 3 + rng.permutation(3) for band in bands])
        stacks = rng.permutation(3)
        cols = np.concatenate([stack * 3 + rng.permutation(3) for stack in stacks])
        grid = base[rows][:, cols]
        if rng.random() < 0.5:
            grid = grid.T
        relabel = np.concatenate([[0], rng.permutation(9) + 1]).astype(np.uint8)
        grids[i] = relabel[grid]
    return grids.reshape(count, 81)


def random_boards(count: int, seed: int) -> Cells:
    """`count` boards of shape (count, 81): solved grids with a random share of cells emptied,
    about half of them with one cell changed (which may or may not plant a repeat), plus a few
    sparse random boards. Roughly half valid and half not; never one board repeated."""
    rng = np.random.default_rng(seed)
    boards = _solved_grids(256, rng)[rng.integers(0, 256, count)]
    keep = rng.random((count, 81)) < rng.uniform(0.05, 1.0, (count, 1))
    boards = np.where(keep, boards, 0).astype(np.uint8)
    changed = rng.random(count) < 0.5
    rows = np.flatnonzero(changed)
    boards[rows, rng.integers(0, 81, len(rows))] = rng.integers(1, 10, len(rows))
    sparse = rng.random(count) < 0.1
    rows = np.flatnonzero(sparse)
    noise = rng.integers(0, 10, (len(rows), 81)) * (rng.random((len(rows), 81)) < 0.15)
    boards[rows] = noise.astype(np.uint8)
    return boards


def lines(cells: Cells, ending: bytes = b"\n", final_newline: bool = True, empty: bytes = b".") -> bytes:
    """Boards as puzzle lines: '1'-'9' for digits, `empty` for 0, one board a line."""
    symbols = np.frombuffer(empty + b"123456789", dtype=np.uint8)[cells]
    count = len(cells)
    width = 81 + len(ending)
    text = np.empty((count, width), dtype=np.uint8)
    text[:, :81] = symbols
    text[:, 81:] = np.frombuffer(ending, dtype=np.uint8)
    data = text.tobytes()
    return data if final_newline or count == 0 else data[: -len(ending)]


def line_strings(cells: Cells) -> list[str]:
    """Boards as 81-character strings."""
    return lines(cells, final_newline=False).decode("ascii").split("\n") if len(cells) else []
