"""generate, generate_many, random_grid and random_grids on arguments built from fuzz data:
ints in and out of range, bools, floats, strs (symmetry names and near misses), None. Each
call must return a proper puzzle meeting the request, or raise ValueError or TypeError,
never anything else; low clue counts and costly combinations are kept out so every call ends
quickly."""

from __future__ import annotations

from typing import Any

import atheris
from common import run

from valid_sudoku import count_solutions, generate, generate_many, random_grid, random_grids

NAMES = ["none", "rot180", "rot90", "diagonal", "antidiagonal", "horizontal", "vertical", "Rot180", "", "rot 90"]


def make_value(fdp: atheris.FuzzedDataProvider, kind_of: str) -> Any:
    kind = fdp.ConsumeIntInRange(0, 7)
    if kind == 0:
        return None
    if kind == 1:
        return fdp.ConsumeBool()
    if kind == 2:
        return fdp.ConsumeIntInRange(-5, 100)
    if kind == 3:
        return fdp.ConsumeInt(9) * (1 if fdp.ConsumeBool() else -1)
    if kind == 4:
        return fdp.ConsumeFloat()
    if kind == 5:
        return NAMES[fdp.ConsumeIntInRange(0, len(NAMES) - 1)]
    if kind == 6:
        return fdp.ConsumeUnicodeNoSurrogates(8)
    return {"clues": 40, "seed": 3, "n": 2}.get(kind_of, 1)


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    kwargs = {name: make_value(fdp, name) for name in ["clues", "minimal", "symmetry", "seed"] if fdp.ConsumeBool()}
    # Counts the search reaches fast only: no low counts, no minimal puzzles of many clues.
    clues = kwargs.get("clues")
    if isinstance(clues, int) and not isinstance(clues, bool) and 17 <= clues < 30:
        kwargs["clues"] = 30
    # A minimal puzzle of a given count is rare above about 26 clues (the search may run long,
    # until Ctrl-C, as documented): minimal requests keep their clue count out of it.
    if kwargs.get("minimal") is True and isinstance(kwargs.get("clues"), int):
        del kwargs["clues"]
        clues = None
    which = fdp.ConsumeIntInRange(0, 3)
    try:
        if which == 0:
            puzzle = generate(**kwargs)
            assert count_solutions(puzzle) == 1
            if isinstance(clues, int) and not isinstance(clues, bool):
                assert puzzle.givens == kwargs["clues"]
        elif which == 1:
            n = make_value(fdp, "n")
            rows = generate_many(n if not isinstance(n, int) or isinstance(n, bool) else n % 4, **kwargs)
            assert rows.shape[1] == 81
        elif which == 2:
            assert random_grid(seed=kwargs.get("seed")).is_solved
        else:
            n = make_value(fdp, "n")
            random_grids(n if not isinstance(n, int) or isinstance(n, bool) else n % 50, seed=kwargs.get("seed"))
    except (ValueError, TypeError):
        pass


if __name__ == "__main__":
    run(test_one_input)
