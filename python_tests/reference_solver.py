"""A slow, obviously right solution counter in pure Python, used only by the tests.

Boards are plain lists of 81 ints, row-major, 0 for empty. It fills the first empty cell with
each digit the rule allows, recursively: fine for near-complete boards, far too slow for
puzzles (that is what the Rust solver is for).
"""

from __future__ import annotations

from reference import reference_is_valid


def _allowed(cells: list[int], cell: int) -> list[int]:
    row, col = divmod(cell, 9)
    top, left = (row // 3) * 3, (col // 3) * 3
    taken = {cells[row * 9 + c] for c in range(9)}
    taken |= {cells[r * 9 + col] for r in range(9)}
    taken |= {cells[r * 9 + c] for r in range(top, top + 3) for c in range(left, left + 3)}
    return [d for d in range(1, 10) if d not in taken]


def reference_count(cells: list[int], limit: int) -> int:
    """min(number of solutions, limit); 0 for a board that breaks the rule."""
    if not reference_is_valid(cells):
        return 0
    board = list(cells)

    def count(remaining: int) -> int:
        try:
            cell = board.index(0)
        except ValueError:
            return 1
        found = 0
        for digit in _allowed(board, cell):
            board[cell] = digit
            found += count(remaining - found)
            board[cell] = 0
            if found >= remaining:
                break
        return found

    return count(limit)


def is_solution_of(solution: list[int], puzzle: list[int]) -> bool:
    """Complete, no repeat, and every given kept."""
    return (
        all(v != 0 for v in solution)
        and reference_is_valid(solution)
        and all(p in (0, s) for p, s in zip(puzzle, solution))
    )


def reference_count_fewest(cells: list[int], limit: int) -> int:
    """``reference_count`` for real puzzles: the same search, but on the empty cell with the
    fewest allowed digits each time (slow, still obviously right; fine for 25-40 givens)."""
    if not reference_is_valid(cells):
        return 0
    board = list(cells)

    def count(remaining: int) -> int:
        best: tuple[int, list[int]] | None = None
        for cell in range(81):
            if board[cell] == 0:
                allowed = _allowed(board, cell)
                if best is None or len(allowed) < len(best[1]):
                    best = (cell, allowed)
                    if not allowed:
                        return 0
        if best is None:
            return 1
        found = 0
        cell, allowed = best
        for digit in allowed:
            board[cell] = digit
            found += count(remaining - found)
            board[cell] = 0
            if found >= remaining:
                break
        return found

    return count(limit)
