# This branch declares only is_valid_many; the lead merges it into the full stub on main.
from collections.abc import Sequence
from typing import Any

import numpy
import numpy.typing

def is_valid_many(
    boards: numpy.typing.NDArray[numpy.integer[Any]] | bytes | bytearray | memoryview | Sequence[Any],
    /,
    *,
    threads: int | None = None,
) -> numpy.typing.NDArray[numpy.bool_]:
    """Validate many boards at once: element ``i`` of the result is ``is_valid_sudoku(boards[i])``.

    Returns a new numpy bool array of shape ``(N,)``. Accepted ``boards``:

    - A numpy integer array of shape ``(N, 9, 9)`` or ``(N, 81)``, any integer dtype, values
      0-9 (0 is empty). A C-contiguous ``uint8`` array is read in place, with no copy. Other
      dtypes and non-contiguous views (``arr[::2]``, transposed views, broadcasts) are
      converted 1024 boards at a time into a small buffer per thread, never copied whole; an
      array in non-native byte order is first copied once to native order. The array is
      borrowed read-only for the call; do not write to it from another thread meanwhile.
    - ``bytes``, ``bytearray``, ``memoryview`` (or any C-contiguous buffer of bytes, such as an
      ``mmap``) holding puzzle lines, as ``open(path, "rb").read()`` gives them: 81 symbols a
      line, ``'1'``-``'9'`` for digits and ``'.'`` or ``'0'`` for empty cells, lines ending
      in ``\\n`` or ``\\r\\n``, the final line ending optional. Every line is a board, so board
      ``i`` is line ``i + 1``: blank lines and ``#`` comments are errors; drop them first.
    - A sequence (list, tuple, ...) of boards in any form ``is_valid_sudoku`` accepts, such as
      81-character strings or lists of 9 rows.

    ``threads``: ``None`` (the default) uses every core available to the process; ``1`` runs
    on the calling thread; any other positive int uses up to that many threads. The results
    are identical for every setting. The GIL is released while boards are validated (reading
    a sequence of Python objects needs it, so that part runs on the calling thread).

    Raises:
        BoardFormatError: a value outside 0-9 (``boards[17][2][4]: expected a value 0-9, got
            12``, or ``boards[17][22]: ...`` for shape ``(N, 81)``), a bad line (``line 18,
            column 5: expected a digit '1'-'9', '.' or '0', got 'x'``, ``line 18: expected 81
            characters, got 80``), a wrong array shape (``boards: expected shape (N, 9, 9) or
            (N, 81), got (3, 9, 8)``) or a bad board in a sequence (``boards[3][2][4]: ...``).
            Only the first bad board is reported. ``index`` is the board's position in the
            batch, ``row`` and ``col`` the cell's; for lines, ``line`` and ``column`` too.
        TypeError: a float, bool, object or other non-integer dtype; an unsupported
            ``boards`` type; a board of a wrong type in a sequence; ``threads`` not an int.
        ValueError: ``threads`` below 1.
        ImportError: numpy is not installed; ``pip install 'valid-sudoku[numpy]'``.

    The validator is chosen once per process: AVX2 where the CPU has it, else a portable one;
    the answers are the same. ``VALID_SUDOKU_FORCE_PORTABLE=1`` in the environment before the
    first call forces the portable one (for tests and benchmarks).
    """
