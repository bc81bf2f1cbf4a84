"""Is this Sudoku board valid? A fast Rust core for the LeetCode 36 rule.

A board is valid when no digit 1-9 repeats in any row, any column or any of the nine 3x3
boxes. Empty cells are ignored; a valid board need not be complete, nor solvable.
"""

from collections.abc import Sequence
from typing import Any, Protocol, SupportsIndex, Union

__version__: str

class _IntegerArray(Protocol):
    """A numpy integer array of shape (9, 9) or (81,), values 0-9 (0 is empty)."""

    @property
    def shape(self) -> tuple[int, ...]: ...
    @property
    def dtype(self) -> Any: ...
    def __array__(self, *args: Any, **kwargs: Any) -> Any: ...

Cell = Union[str, SupportsIndex]
"""A one-character str (`'1'`-`'9'`, `'.'` or `'0'` for empty), or an int 0-9 (0 is empty)."""

Row = Union[Sequence[Cell], str]
"""A sequence of 9 cells, or a 9-character str such as `"53..7...."`."""

BoardLike = Union[Sequence[Row], str, bytes, bytearray, _IntegerArray]
"""Any accepted board: 9 rows, one 81-character str or 81 bytes, or a numpy integer array."""

class BoardFormatError(ValueError):
    """A board had the wrong shape, or a cell outside the alphabet.

    The message names the place in your own indexing, then what was expected and what was
    found, e.g. ``board[2][4]: expected a digit '1'-'9' or '.', got 'x'``.
    """

    index: int | None
    """Which board of a batch, 0-based; None for a single board."""
    row: int | None
    """The 0-based row, or None when the error is about the whole board."""
    col: int | None
    """The 0-based column, or None when the error is about a whole row or board."""
    line: int | None
    """For text input: the 1-based line; None otherwise."""
    column: int | None
    """For text input: the 1-based column; None otherwise."""

def is_valid_sudoku(board: BoardLike, /) -> bool:
    """Return True when no digit repeats in any row, column or 3x3 box (LeetCode 36).

    Empty cells are ignored, and the board need not be complete or solvable.

    Accepted forms, all 9x9:

    - the classic form: a list of 9 lists of 9 one-character strs, ``'1'``-``'9'`` for digits
      and ``'.'`` (or ``'0'``, as puzzle datasets write it) for an empty cell;
    - any sequence of 9 rows, where a row is a sequence (list, tuple, ...) of 9 cells or a
      9-character str such as ``"53..7...."``; a cell may also be an int 0-9 (0 is empty) or
      anything with ``__index__``, such as a numpy integer; bool is refused;
    - a whole board as one 81-character str, or 81 bytes, read row by row;
    - a numpy integer array of shape (9, 9) or (81,), values 0-9.

    The board is only read, never modified.

    Raises:
        BoardFormatError: (a ``ValueError``) for a wrong shape or a cell outside the alphabet;
            its ``row`` and ``col`` say where.
        TypeError: when the board, a row or a cell has a type that is not accepted.

    >>> is_valid_sudoku("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    True
    """
