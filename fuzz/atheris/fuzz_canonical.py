"""canonical, canonical_many, automorphisms, are_equivalent and the random isomorphs on boards
built from fuzz data: sparse and dense, rule-breaking, symmetric (mirrored across the
diagonal), and malformed strings. A well-formed board must get a form that is its own form,
that a map of the pure-Python model of the group keeps, and that no image undercuts; a
malformed one must raise BoardFormatError, never anything else."""

from __future__ import annotations

import random
import sys

import atheris
from common import SYMBOL_VALUE, run, symbol_text

with atheris.instrument_imports():
    from canonical_reference import apply_map, first_appearance, random_map

import numpy as np

from valid_sudoku import (
    BoardFormatError,
    are_equivalent,
    automorphisms,
    canonical,
    canonical_many,
    random_isomorph,
    random_isomorphs_many,
)


def make_board(fdp: atheris.FuzzedDataProvider) -> str:
    if fdp.ConsumeIntInRange(0, 15) == 0:
        return symbol_text(fdp, fdp.ConsumeIntInRange(0, 90))  # often malformed
    density = fdp.ConsumeIntInRange(0, 81)
    cells = []
    for _ in range(81):
        value = fdp.ConsumeIntInRange(1, 9)
        cells.append(str(value) if fdp.ConsumeIntInRange(0, 80) < density else ".")
    if fdp.ConsumeBool():
        for r in range(9):
            for c in range(r):
                cells[c * 9 + r] = cells[r * 9 + c]
    return "".join(cells)


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    board = make_board(fdp)
    well_formed = len(board) == 81 and all(ch in SYMBOL_VALUE for ch in board)
    try:
        form = canonical(board)
    except BoardFormatError:
        assert not well_formed, board
        return
    assert well_formed, board
    cells = [SYMBOL_VALUE[ch] for ch in board]
    assert len(form) == 81 and canonical(form) == form, board
    image = apply_map(cells, *random_map(random.Random(fdp.ConsumeIntInRange(0, 2**32))))
    image_text = "".join(map(str, image))
    assert canonical(image_text) == form, board
    assert form <= first_appearance(image), board
    assert are_equivalent(board, image_text) and automorphisms(board) == automorphisms(image_text) >= 1
    seed = fdp.ConsumeIntInRange(0, 2**64 - 1)
    assert canonical(random_isomorph(board, seed=seed)) == form
    rows = canonical_many([board, image_text], threads=fdp.ConsumeIntInRange(1, 3))
    assert "".join(map(str, rows[0])) == form and np.array_equal(rows[0], rows[1])
    puzzles, solutions = random_isomorphs_many([board], solutions=[image_text], seed=seed)
    assert "".join(map(str, canonical_many(puzzles)[0])) == form
    assert "".join(map(str, canonical_many(solutions)[0])) == form


if __name__ == "__main__":
    run(test_one_input)
    sys.exit(0)
