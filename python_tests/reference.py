"""A slow, obviously right pure-Python reference for the rules, used only by the tests.

Boards here are plain lists of 81 ints, row-major, 0 for empty.
"""

from __future__ import annotations

UNIT_KINDS = ("row", "column", "box")


def unit_cells(kind: str, index: int) -> list[tuple[int, int]]:
    """The (row, col) of the unit's 9 cells, in row-major order."""
    if kind == "row":
        return [(index, c) for c in range(9)]
    if kind == "column":
        return [(r, index) for r in range(9)]
    top, left = (index // 3) * 3, (index % 3) * 3
    return [(top + k // 3, left + k % 3) for k in range(9)]


def reference_is_valid(cells: list[int]) -> bool:
    """LeetCode 36 with sets: no digit twice in a row, column or box."""
    for kind in UNIT_KINDS:
        for index in range(9):
            seen: set[int] = set()
            for r, c in unit_cells(kind, index):
                value = cells[r * 9 + c]
                if value == 0:
                    continue
                if value in seen:
                    return False
                seen.add(value)
    return True


def reference_conflicts(cells: list[int]) -> list[tuple[str, int, int, tuple[tuple[int, int], ...]]]:
    """(unit, index, digit, cells) for every repeat: rows, columns, boxes; by index, then digit."""
    found = []
    for kind in UNIT_KINDS:
        for index in range(9):
            holders: dict[int, list[tuple[int, int]]] = {}
            for r, c in unit_cells(kind, index):
                value = cells[r * 9 + c]
                if value:
                    holders.setdefault(value, []).append((r, c))
            for digit in sorted(holders):
                if len(holders[digit]) > 1:
                    found.append((kind, index, digit, tuple(holders[digit])))
    return found


def cells_from_line(line: str) -> list[int]:
    """81 symbols ('1'-'9'; '.', '0' or '_' for empty) to 81 ints."""
    assert len(line) == 81, line
    return [0 if ch in ".0_" else int(ch) for ch in line]


def classic_from_cells(cells: list[int]) -> list[list[str]]:
    """81 ints to the classic list of 9 lists of 9 one-character strs.

    Built the way most boards are (literals, `json.loads`, `list("53..7....")`): each cell is
    CPython's shared one-character str object, not a fresh copy.
    """
    line = line_from_cells(cells)
    return [list(line[r * 9 : r * 9 + 9]) for r in range(9)]


def line_from_cells(cells: list[int], empty: str = ".") -> str:
    return "".join(empty if v == 0 else str(v) for v in cells)
