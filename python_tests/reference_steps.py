"""A slow, obviously right pure-Python technique checker, used only by the tests.

Pencil marks here are a dict {(row, col): set of digits} over the empty cells. Each function
lists every instance of one technique straight from its definition, as the frozenset of
(row, col, digit) it places or removes; the Rust step must be one of them, and there must be
one exactly when Rust finds a step.
"""

from __future__ import annotations

from itertools import combinations

from reference import UNIT_KINDS, unit_cells

Cell = tuple[int, int]
Marks = dict[Cell, set[int]]
Finding = frozenset[tuple[int, int, int]]


def units() -> list[list[Cell]]:
    return [unit_cells(kind, i) for kind in UNIT_KINDS for i in range(9)]


def singles(marks: Marks, technique: str) -> set[Finding]:
    found: set[Finding] = set()
    for unit in units():
        empty = [cell for cell in unit if cell in marks]
        if technique == "full house" and len(empty) == 1:
            (cell,) = empty
            if len(marks[cell]) == 1:
                found.add(frozenset({(*cell, next(iter(marks[cell])))}))
        if technique == "hidden single":
            for d in range(1, 10):
                places = [cell for cell in empty if d in marks[cell]]
                if len(places) == 1:
                    found.add(frozenset({(*places[0], d)}))
    if technique == "naked single":
        for cell, digits in marks.items():
            if len(digits) == 1:
                found.add(frozenset({(*cell, next(iter(digits)))}))
    return found


def locked(marks: Marks, technique: str) -> set[Finding]:
    """Pointing: a digit's (two or more) places in a box lie on one line; claiming: a
    digit's places on a line lie in one box. The rest of the other unit loses the digit."""
    boxes = [unit_cells("box", i) for i in range(9)]
    lines = [unit_cells(kind, i) for kind in ("row", "column") for i in range(9)]
    inside, across = (boxes, lines) if technique == "pointing" else (lines, boxes)
    found: set[Finding] = set()
    for unit in inside:
        for other in across:
            for d in range(1, 10):
                places = {cell for cell in unit if d in marks.get(cell, ())}
                if len(places) >= 2 and places <= set(other):
                    removed = frozenset((r, c, d) for (r, c) in other if (r, c) not in unit and d in marks.get((r, c), ()))
                    if removed:
                        found.add(removed)
    return found


def subsets(marks: Marks, n: int, hidden: bool) -> set[Finding]:
    found: set[Finding] = set()
    for unit in units():
        empty = [cell for cell in unit if cell in marks]
        if hidden:
            for chosen in combinations(range(1, 10), n):
                places = {cell for cell in empty for d in chosen if d in marks[cell]}
                present = all(any(d in marks[cell] for cell in empty) for d in chosen)
                if present and len(places) == n:
                    removed = frozenset((r, c, e) for (r, c) in places for e in marks[(r, c)] if e not in chosen)
                    if removed:
                        found.add(removed)
        else:
            for group in combinations(empty, n):
                digits: set[int] = set().union(*(marks[cell] for cell in group))
                if len(digits) == n:
                    removed = frozenset((r, c, d) for (r, c) in empty if (r, c) not in group for d in marks[(r, c)] & digits)
                    if removed:
                        found.add(removed)
    return found


def fish(marks: Marks, n: int) -> set[Finding]:
    """n base lines (each with 2 to n places of the digit) whose places lie in n cross lines:
    the cross lines lose the digit outside the base lines."""
    found: set[Finding] = set()
    for d in range(1, 10):
        for rows in (True, False):
            def place(line: int, k: int) -> Cell:
                return (line, k) if rows else (k, line)

            places = {line: {k for k in range(9) if d in marks.get(place(line, k), ())} for line in range(9)}
            eligible = [line for line in range(9) if 2 <= len(places[line]) <= n]
            for base in combinations(eligible, n):
                cover = set().union(*(places[line] for line in base))
                if len(cover) != n:
                    continue
                removed = frozenset(
                    (*place(line, k), d) for k in cover for line in range(9) if line not in base and d in marks.get(place(line, k), ())
                )
                if removed:
                    found.add(removed)
    return found


SUBSETS = {
    "naked pair": (2, False),
    "hidden pair": (2, True),
    "naked triple": (3, False),
    "hidden triple": (3, True),
    "naked quad": (4, False),
    "hidden quad": (4, True),
}
FISH = {"x-wing": 2, "swordfish": 3, "jellyfish": 4}
CHECKED = ("full house", "hidden single", "naked single", "pointing", "claiming", *SUBSETS, *FISH)


def findings(marks: Marks, technique: str) -> set[Finding]:
    """Every instance of `technique` on `marks`, by definition."""
    if technique in ("full house", "hidden single", "naked single"):
        return singles(marks, technique)
    if technique in ("pointing", "claiming"):
        return locked(marks, technique)
    if technique in SUBSETS:
        return subsets(marks, *SUBSETS[technique])
    return fish(marks, FISH[technique])
