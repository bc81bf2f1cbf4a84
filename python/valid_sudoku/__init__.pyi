"""valid-sudoku validates, explains, scores, solves, counts, grades, generates and recognises Sudoku boards, one at a time or millions at once, with a Rust core, Python bindings and a command-line tool.

A board is valid when no digit 1-9 repeats in any row, any column or any of the nine 3x3
boxes. Empty cells are ignored; a valid board need not be complete, nor solvable.
"""

import os
from collections.abc import Sequence
from typing import Any, ClassVar, Final, Iterable, Literal, Protocol, SupportsIndex, Union, final, overload

from typing_extensions import deprecated

import numpy
import numpy.typing

__version__: Final[str]
# What `from valid_sudoku import *` gives: every public name (the deprecated aliases are not
# in it), in the order the extension registers them; python_tests/test_package.py keeps it exact.
__all__ = [
    "BoardFormatError",
    "is_valid_sudoku",
    "conflicts",
    "Conflict",
    "Board",
    "main",
    "solve",
    "count_solutions",
    "has_unique_solution",
    "is_valid_many",
    "is_solution",
    "is_solution_many",
    "score_solutions",
    "SolutionScores",
    "solve_many",
    "count_solutions_many",
    "TECHNIQUES",
    "LEVELS",
    "candidates",
    "candidates_many",
    "next_step",
    "solve_steps",
    "grade",
    "grade_many",
    "Step",
    "SolvePath",
    "Grade",
    "Grades",
    "mistakes",
    "hint",
    "Mistakes",
    "Hint",
    "canonical",
    "canonical_many",
    "are_equivalent",
    "automorphisms",
    "random_isomorph",
    "random_isomorph_many",
    "random_grid",
    "random_grid_many",
    "generate",
    "generate_many",
]

class _IntegerArray(Protocol):
    """A numpy integer array of shape (9, 9) or (81,), values 0-9 (0 is empty)."""

    @property
    def shape(self) -> tuple[int, ...]: ...
    @property
    def dtype(self) -> Any: ...
    def __array__(self, *args: Any, **kwargs: Any) -> Any: ...

class _ArrayExportable(Protocol):
    """An object numpy can read with ``numpy.asarray`` (a pandas Series, say)."""

    def __array__(self, *args: Any, **kwargs: Any) -> Any: ...

class _ArrowExportable(Protocol):
    """An object offering the Arrow PyCapsule stream interface (a pyarrow ChunkedArray or
    Table, a polars Series, an Arrow-backed pandas Series, a DuckDB result)."""

    def __arrow_c_stream__(self, requested_schema: Any = None) -> Any: ...

class _ArrowArrayExportable(Protocol):
    """An object offering the Arrow PyCapsule array interface (a pyarrow Array)."""

    def __arrow_c_array__(self, requested_schema: Any = None) -> Any: ...

class _DLPackTensor(Protocol):
    """An object offering the DLPack protocol on the CPU (torch, JAX, CuPy host arrays)."""

    def __dlpack__(self, *args: Any, **kwargs: Any) -> Any: ...
    def __dlpack_device__(self) -> tuple[int, int]: ...

_Cell = Union[str, SupportsIndex]
"""A one-character str (`'1'`-`'9'`; `'.'`, `'0'` or `'_'` for empty), or an int 0-9 (0 is empty)."""

_Row = Union[Sequence[_Cell], str]
"""A sequence of 9 cells, or a 9-character str such as `"53..7...."`."""

_BoardLike = Union[
    Sequence[_Row], str, bytes, bytearray, memoryview, _IntegerArray, _DLPackTensor, _ArrowArrayExportable,
    _ArrowExportable, "Board",
]
"""Any accepted board: 9 rows, one 81-character str or 81 bytes, a numpy integer array or
DLPack tensor, an Arrow column of one board, or a Board."""

class BoardFormatError(ValueError):
    """A board had the wrong shape, or a cell outside the alphabet.

    The message names the place in your own indexing, then what was expected and what was
    found, e.g. ``board[2][4]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'``.

    A space where a cell should be gets a hint:
    ``got ' ' (spaces do not mark empty cells; use '.', '0' or '_')``.

    Attributes say where, each None where it does not apply: ``index`` (which board of a
    batch), ``row`` and ``col`` (0-based, as every index into Python data), and for text
    input ``lineno`` and ``colno`` (1-based, as in ``json.JSONDecodeError`` and the text of
    the message). ``line`` and ``column``, their old names, still work in this release with
    a ``DeprecationWarning``.
    """

    index: int | None
    """Which board of a batch, 0-based; None for a single board."""
    row: int | None
    """The 0-based row, or None when the error is about the whole board."""
    col: int | None
    """The 0-based column, or None when the error is about a whole row or board."""
    lineno: int | None
    """For text input: the 1-based line; None otherwise."""
    colno: int | None
    """For text input: the 1-based column (counting characters); None otherwise."""
    @property
    @deprecated("BoardFormatError.line is deprecated and will be removed in 1.0; use BoardFormatError.lineno")
    def line(self) -> int | None:
        """Deprecated: the old name of ``lineno``."""
    @line.setter
    def line(self, value: int | None) -> None:
        """Deprecated: the old name of ``lineno``."""
    @property
    @deprecated("BoardFormatError.column is deprecated and will be removed in 1.0; use BoardFormatError.colno")
    def column(self) -> int | None:
        """Deprecated: the old name of ``colno``."""
    @column.setter
    def column(self, value: int | None) -> None:
        """Deprecated: the old name of ``colno``."""

def is_valid_sudoku(board: _BoardLike, /) -> bool:
    """Return True when no digit repeats in any row, column or 3x3 box (LeetCode 36).

    Empty cells are ignored, and the board need not be complete or solvable.

    Accepted forms, all 9x9:

    - the classic form: a list of 9 lists of 9 one-character strs, ``'1'``-``'9'`` for digits
      and ``'.'``, ``'0'`` or ``'_'`` for an empty cell (every input form, text included, uses
      this one alphabet);
    - any sequence of 9 rows, where a row is a sequence (list, tuple, ...) of 9 cells or a
      9-character str such as ``"53..7...."``; a cell may also be an int 0-9 (0 is empty) or
      anything with ``__index__``, such as a numpy integer; bool is refused;
    - a whole board as one 81-character str, or 81 bytes, read row by row; ``bytes``,
      ``bytearray`` or a ``memoryview`` of bytes;
    - a numpy integer array of shape (9, 9) or (81,), values 0-9;
    - a DLPack tensor on the CPU (torch, JAX, a pyarrow integer array...) of shape (9, 9) or
      (81,), any integer dtype, read in place by the same reader as the batch functions';
    - an Arrow string or binary column (pyarrow, polars, DuckDB; dictionary-encoded ones such
      as polars ``Categorical`` too) holding exactly one board.

    The board is only read, never modified. Every single-board function (``is_solution``,
    ``conflicts``, ``solve``, ``count_solutions``, ``has_unique_solution``, ``Board(...)``)
    accepts these same forms.

    Raises:
        BoardFormatError: (a ``ValueError``) for a wrong shape or a cell outside the alphabet;
            its ``row`` and ``col`` say where. A str of several lines gets a hint:
            ``board: expected 81 characters, got 90; a board written in lines is read by
            Board.parse(text)``.
        TypeError: when the board, a row or a cell has a type that is not accepted. An int
            (a puzzle a CSV reader took for a number) says so: ``board: expected ..., got int;
            puzzles read as numbers lose their leading zeros, so read them as text (pandas:
            read_csv(..., dtype=str))``.

    >>> is_valid_sudoku("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    True
    """

_BoardsLike = Union[
    numpy.typing.NDArray[Any], bytes, bytearray, memoryview, Sequence[Any], Iterable[Any], _ArrayExportable, _ArrowExportable,
    _ArrowArrayExportable, _DLPackTensor,
]
# Many boards, in any form every batch function accepts: the forms are listed in
# ``is_valid_many``'s docstring, where ``help()`` shows them.

def is_valid_many(
    boards: _BoardsLike,
    /,
    *,
    threads: int | None = None,
) -> numpy.typing.NDArray[numpy.bool_]:
    """Validate many boards at once: element ``i`` of the result is ``is_valid_sudoku(boards[i])``.

    Returns a new numpy bool array of shape ``(N,)``. ``boards`` is any batch form, the same
    for every batch function (``*_many``, ``score_solutions``):

    - A numpy integer array of shape ``(N, 9, 9)`` or ``(N, 81)``, any integer dtype and byte
      order, values 0-9 (0 is empty). It is read by byte strides, in place: views, transposes,
      broadcasts and fields of structured arrays are read where they are, never copied whole.
    - A numpy string array of shape ``(N,)``: ``<U81``, ``S81`` (one puzzle line per element),
      or ``object`` holding any board form.
    - Bytes of puzzle lines: ``bytes``, ``bytearray``, ``memoryview`` or any C-contiguous buffer
      of bytes (an ``mmap``), as ``open(path, "rb").read()`` gives them: 81 symbols a line, lines
      ending in ``\\n`` or ``\\r\\n``, the final ending optional. Every line is a board, so board
      ``i`` is line ``i + 1``: blank lines and ``#`` comments are errors; drop them first.
    - A list or tuple of boards in any form ``is_valid_sudoku`` accepts, read by index.
    - An Arrow column of puzzle strings, from any object with ``__arrow_c_stream__`` or
      ``__arrow_c_array__`` (pyarrow Arrays, ChunkedArrays and one-column Tables, polars Series,
      pandas Series of dtype ``string[pyarrow]``, ``str`` with pyarrow, or ``ArrowDtype``, DuckDB
      results): types ``string``, ``large_string``, ``string_view``, ``binary``, ``large_binary``,
      ``binary_view`` and ``fixed_size_binary(81)``, in any number of chunks, sliced or not. The
      buffers are read in place with the GIL released; pyarrow is not needed. A null is an error
      (``boards[20]: expected a board, got null``); another column type is a ``TypeError``
      (``boards: expected an Arrow string or binary column, got int64``).
    - Any other iterable of boards (a pandas Series, a generator), read in order by iteration:
      never by label, so a filtered or shuffled Series gives answers in its row order. Objects
      with ``__array__`` (a pandas Series) are read through ``numpy.asarray``. Dicts and sets,
      which have no row order, are refused.
    - A DLPack tensor on the CPU (torch, JAX, CuPy host arrays: any object with ``__dlpack__``
      and ``__dlpack_device__``), read in place with the same dtype and shape rules as a numpy
      integer array. A tensor on another device raises ``TypeError``
      (``boards: expected a tensor on the CPU, got one on cuda:0; call .cpu() first``).

    ``threads``: ``None`` (the default) uses every core available to the process; ``1`` runs
    on the calling thread; any other positive int (or object with ``__index__``, such as
    ``numpy.int64``; never a bool) uses up to that many threads. The results are identical
    for every setting. The GIL is released while boards are validated (reading Python
    objects needs it, so that part runs on the calling thread, a chunk at a time). Ctrl-C
    stops a long call with ``KeyboardInterrupt`` within milliseconds, on every thread.

    Raises:
        BoardFormatError: a value outside 0-9 (``boards[17][2][4]: expected a value 0-9, got
            12``, or ``boards[17][22]: ...`` for shape ``(N, 81)``), a bad line (``line 18,
            column 5: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'``,
            ``line 18, column 81: expected 81 cells, got 80``), a wrong array shape (``boards:
            expected shape (N, 9, 9) or (N, 81), got (3, 9, 8)``) or a bad board in a sequence
            (``boards[3][2][4]: ...``) or column (``boards[20]: expected a board, got null``,
            ``boards[7]: expected 81 characters, got 80``). Only the first bad board is reported. ``index`` is the
            board's position in the batch, ``row`` and ``col`` the cell's; for lines, ``lineno``
            and ``colno`` too.
        TypeError: a float, bool or other non-integer, non-string dtype; an Arrow column
            that is not of strings or binary; an unsupported ``boards`` type; a board of a wrong type in a sequence; ``threads`` not an int.
        ValueError: ``threads`` below 1; an iterable whose ``len()`` differs from what it
            yields; a malformed Arrow array (offsets that decrease, or step by more than 16 MiB,
            as a schema that contradicts its array makes them; the C data interface gives no
            buffer lengths, so that the schema matches its array is the producer's contract),
            or an Arrow stream that fails.
        MemoryError: a batch too large for the results to be allocated (checked before any
            board is read).
        ImportError: numpy is not installed; ``pip install numpy``.

    The validator is chosen once per process: AVX2 where the CPU has it, else a portable one;
    the answers are the same. ``VALID_SUDOKU_FORCE_PORTABLE=1`` in the environment before the
    first call forces the portable one (for tests and benchmarks).
    """

def is_solution(puzzle: _BoardLike, answer: _BoardLike, /) -> bool:
    """Return True when ``answer`` solves ``puzzle``.

    That is exactly: ``answer`` has no empty cell; no digit repeats in any of its rows,
    columns or boxes; and every non-empty cell of ``puzzle`` holds the same digit in
    ``answer``. (Checking only that every unit sums to 45 passes grids that repeat digits;
    comparing with one reference solution fails correct answers to puzzles with several.)

    Both arguments take any form ``is_valid_sudoku`` accepts, and may differ in form.

    Raises:
        BoardFormatError: as ``is_valid_sudoku``, naming the argument: ``puzzle[0][2]: ...``
            or ``answer[2][4]: expected a value 0-9, got 12``.
        TypeError: a board, row or cell of a type that is not read, named the same way.
    """

def is_solution_many(
    puzzles: _BoardsLike,
    answers: _BoardsLike,
    /,
    *,
    threads: int | None = None,
) -> numpy.typing.NDArray[numpy.bool_]:
    """Check many answers at once: element ``i`` is ``is_solution(puzzles[i], answers[i])``.

    Returns a new numpy bool array of shape ``(N,)``. Each argument takes every batch form
    (see ``is_valid_many``: numpy arrays of any integer dtype, DLPack tensors, bytes of puzzle
    lines, lists, iterables), and the two may differ in form and dtype. ``threads`` and the
    GIL work as in ``is_valid_many``; the results are the same for every setting.

    Raises:
        ValueError: a different number of boards in the two arguments (``answers: expected
            1000 boards (as many as puzzles), got 999``); ``threads`` below 1.
        BoardFormatError: the first bad board, naming its argument (``answers[17][2][4]:
            expected a value 0-9, got 12``, ``puzzles: expected shape (N, 9, 9) or (N, 81),
            got (3, 9, 8)``).
        TypeError: an unsupported argument type or dtype; a tensor not on the CPU.
        MemoryError: a batch too large for the results to be allocated.
        ImportError: numpy is not installed.
    """

@final
class SolutionScores:
    """What ``score_solutions`` found: one ``(N,)`` numpy array per measure, immutable.

    ``repr`` shows the rate of each, e.g. ``SolutionScores(n=1000, solved=0.871,
    valid=0.902, complete=1.0, keeps_givens=0.95)``, then ``matches`` and ``cell_accuracy``
    when reference solutions were given.

    The arrays are read-only (``flags.writeable`` is False), so they always agree with
    ``rates()`` and ``repr``; copy one (``sc.solved.copy()``) to change it. A
    ``SolutionScores`` pickles, so it crosses process pools and Dask workers.
    """

    @property
    def complete(self) -> numpy.typing.NDArray[numpy.bool_]:
        """No empty cell in the answer."""
    @property
    def valid(self) -> numpy.typing.NDArray[numpy.bool_]:
        """No digit repeats in any row, column or box of the answer."""
    @property
    def keeps_givens(self) -> numpy.typing.NDArray[numpy.bool_]:
        """Every given of the puzzle holds the same digit in the answer."""
    @property
    def solved(self) -> numpy.typing.NDArray[numpy.bool_]:
        """All three: the same as ``is_solution_many``."""
    @property
    def matches(self) -> numpy.typing.NDArray[numpy.bool_] | None:
        """The answer equals the reference solution; None without ``solutions``."""
    @property
    def cell_accuracy(self) -> numpy.typing.NDArray[numpy.float64] | None:
        """The share of the puzzle's empty cells where the answer equals the reference
        (1.0 for a puzzle with no empty cell); None without ``solutions``."""
    @property
    def n(self) -> int:
        """The number of boards scored."""
    def __len__(self) -> int: ...
    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per answer in the order given, one column per measure
        (``complete``, ``valid``, ``keeps_givens``, ``solved``, then ``matches`` and
        ``cell_accuracy`` when reference solutions were given). These are correctness
        scores of answers, not ``Grade.score`` (a puzzle's difficulty). Needs pandas
        (ImportError otherwise)."""
    def rates(self) -> dict[str, float]:
        """The rate of each measure by name (``solved``, ``valid``, ``complete``,
        ``keeps_givens``, then ``matches`` and ``cell_accuracy``, the mean, when present);
        ``nan`` for an empty batch."""

def score_solutions(
    puzzles: _BoardsLike,
    answers: _BoardsLike,
    /,
    *,
    solutions: _BoardsLike | None = None,
    threads: int | None = None,
) -> SolutionScores:
    """Score many answers in one pass, and say why the wrong ones are wrong.

    For each pair: ``complete``, ``valid`` (no repeat), ``keeps_givens`` and ``solved`` (all
    three, as ``is_solution_many``); with reference ``solutions``, also ``matches`` (equal to
    the reference) and ``cell_accuracy``. An answer that differs from the reference can still
    be ``solved``: a puzzle may have several solutions.

    Arguments, threads and errors are as for ``is_solution_many``; ``solutions`` is read like
    the others and named ``solutions`` in errors. Each reference must solve its puzzle
    (complete, valid, keeping its givens): one that does not is a broken dataset row, and
    raises ``ValueError`` naming it (``solutions[17]: expected a solution of puzzles[17]
    (complete, valid, keeping its givens), got an incomplete grid``). Memory beyond the results stays a few
    hundred KB for arrays and tensors.
    """

@overload
def solve_many(
    boards: _BoardsLike, /, *, threads: int | None = None, as_text: Literal[False] = False
) -> numpy.typing.NDArray[numpy.uint8]: ...
@overload
def solve_many(
    boards: _BoardsLike, /, *, threads: int | None = None, as_text: Literal[True]
) -> numpy.typing.NDArray[numpy.object_]: ...
@overload
def solve_many(
    boards: _BoardsLike, /, *, threads: int | None = None, as_text: bool = False
) -> numpy.typing.NDArray[numpy.uint8] | numpy.typing.NDArray[numpy.object_]:
    """Solve many boards at once: row ``i`` of the result is ``solve(boards[i])``.

    Returns a new ``(N, 81)`` ``uint8`` array: each row is a solution (complete, no repeat,
    keeping every given; the same one ``solve`` returns), or all zeros where the board has
    none (a board that breaks the rule has none). ``boards`` is any batch form (see
    ``is_valid_many``); ``threads``, errors and the GIL are as for ``is_valid_many``. The same
    input gives the same rows for every thread count.

    With ``as_text=True`` it returns an ``(N,)`` numpy ``object`` array instead: element ``i``
    is the solution as an 81-digit ``str``, or ``None`` where the board has none, so that
    ``df["solution"] = solve_many(df["puzzle"], as_text=True)`` gives a column of text with
    missing values where pandas expects them. (An object array of str and None, not a
    fixed-width string array: None is a real missing value to pandas, and it works on every
    numpy version.)

    Ctrl-C stops a long call with ``KeyboardInterrupt`` within milliseconds.

        >>> from valid_sudoku import solve_many
        >>> solve_many(["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"])[0, :9]
        array([5, 3, 4, 6, 7, 8, 9, 1, 2], dtype=uint8)
        >>> solve_many(["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", "11" + "." * 79], as_text=True)
        array(['534678912672195348198342567859761423426853791713924856961537284287419635345286179',
               None], dtype=object)
    """

def count_solutions_many(
    boards: _BoardsLike, /, *, limit: int = 2, threads: int | None = None
) -> numpy.typing.NDArray[numpy.uint64]:
    """Count the solutions of many boards, each up to ``limit``.

    Element ``i`` of the new ``(N,)`` ``uint64`` array is ``count_solutions(boards[i],
    limit=limit)``: ``min(count, limit)``. With the default ``limit=2``, 1 means a proper
    puzzle (exactly one solution), 0 none and 2 more than one. ``boards`` is any batch form
    (see ``is_valid_many``); ``threads``, errors and the GIL are as for ``is_valid_many``.

    Raises:
        ValueError: ``limit`` below 1 (``limit: expected a positive int, got 0``).
        TypeError: ``limit`` not an int, None included (``limit: expected an int, got float``).

    Ctrl-C stops a long call with ``KeyboardInterrupt`` within milliseconds.

        >>> from valid_sudoku import count_solutions_many
        >>> count_solutions_many(["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", "." * 81])
        array([1, 2], dtype=uint64)
    """

# --- Canonical forms and isomorphs (docs/canonical.md) ---

def canonical(board: _BoardLike, /) -> str:
    """The canonical (minlex) form of a board: 81 characters, ``0`` for an empty cell.

    Two boards are the same puzzle in different clothes when one maps to the other by the
    Sudoku group: permute the three bands and the rows within each band, the three stacks and
    the columns within each stack, transpose or not (3,359,232 geometric maps), and relabel
    the nine digits (9! ways). The canonical form is the lexicographically smallest
    81-character string over the whole group; for a fixed geometric map the best relabelling
    numbers the digits in their order of first appearance. Equivalent boards, and only they,
    share it; puzzles and complete grids use the same definition.

    It is defined for any well-formed board, including one that breaks the rule or has no
    solution. ``board`` is any form ``is_valid_sudoku`` accepts, with the same errors.

        >>> from valid_sudoku import canonical
        >>> canonical("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        '000000001000002034156000270000008000000051002329740000001600900003400700280910450'
        >>> canonical("." * 80 + "7")
        '000000000000000000000000000000000000000000000000000000000000000000000000000000001'
    """

def canonical_many(boards: _BoardsLike, /, *, threads: int | None = None) -> numpy.typing.NDArray[numpy.uint8]:
    """Canonical forms of many boards: row ``i`` is ``canonical(boards[i])`` as cell values.

    Returns a new ``(N, 81)`` ``uint8`` array (0 for empty, 1-9 for digits). ``boards`` is any
    batch form (see ``is_valid_many``); ``threads``, errors and the GIL are as for
    ``is_valid_many``, and the rows are the same for every thread count. Ctrl-C stops a long
    call with ``KeyboardInterrupt``.

    For hashable keys, view each row as one 81-byte string: ``forms.view("S81").ravel()``
    (a ``(N,)`` array of ``bytes``), ready for ``pandas.Series(...).duplicated()``,
    ``DataFrame.drop_duplicates`` or ``polars.Series(...).is_duplicated()`` / ``unique``.

        >>> from valid_sudoku import canonical_many
        >>> forms = canonical_many(["." * 80 + "7", "7" + "." * 80, "12" + "." * 79])
        >>> forms.shape, forms.dtype
        ((3, 81), dtype('uint8'))
        >>> keys = forms.view("S81").ravel()
        >>> bool(keys[0] == keys[1]), bool(keys[0] == keys[2])
        (True, False)
    """

def are_equivalent(a: _BoardLike, b: _BoardLike, /) -> bool:
    """True when some map of the group (see ``canonical``) sends board ``a`` to board ``b``.

    Both are read like ``is_valid_sudoku``'s argument, with the same errors.

        >>> from valid_sudoku import are_equivalent
        >>> are_equivalent("12" + "." * 79, "." * 79 + "98")
        True
        >>> are_equivalent("12" + "." * 79, "1" + "." * 9 + "2" + "." * 70)
        False
    """

def automorphisms(board: _BoardLike, /) -> int:
    """How many maps of the group, relabelling included, send the board to itself.

    At least 1 (the identity); 1 for most puzzles. Digits absent from the board may be
    relabelled freely, so a board using ``d`` distinct digits counts ``(9 - d)!`` maps for
    each geometric one: the empty board counts all 3,359,232 * 9! maps.

        >>> from valid_sudoku import automorphisms
        >>> automorphisms("123456789456789123789123456231564897564897231897231564312645978645978312978312645")
        648
        >>> automorphisms("." * 81)
        1218998108160
    """

def random_isomorph(board: _BoardLike, /, *, seed: int | None = None) -> Board:
    """The board under a map drawn uniformly from the whole group, as a new ``Board``.

    ``seed`` (an int from 0 to 2**64 - 1) makes the draw repeatable on every platform;
    ``None`` takes a fresh seed from the operating system. The result is equivalent to the
    board: ``canonical(random_isomorph(b)) == canonical(b)``. With a seed, the map is row 0's
    of ``random_isomorph_many`` with that seed.

        >>> from valid_sudoku import canonical, random_isomorph, random_isomorph_many
        >>> puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
        >>> random_isomorph(puzzle, seed=1) == random_isomorph(puzzle, seed=1)
        True
        >>> canonical(random_isomorph(puzzle, seed=1)) == canonical(puzzle)
        True
        >>> random_isomorph(puzzle, seed=1).to_numpy().ravel().tolist() == random_isomorph_many([puzzle, puzzle], seed=1)[0].tolist()
        True

    Raises:
        TypeError: ``seed`` not an int (``seed: expected an int or None, got str``).
        ValueError: ``seed`` out of range (``seed: expected an int from 0 to 2**64 - 1 or None, got -1``).
    """

@overload
def random_isomorph_many(
    boards: _BoardsLike, /, *, solutions: None = None, seed: int | None = None, threads: int | None = None
) -> numpy.typing.NDArray[numpy.uint8]: ...
@overload
def random_isomorph_many(
    boards: _BoardsLike, /, *, solutions: _BoardsLike, seed: int | None = None, threads: int | None = None
) -> tuple[numpy.typing.NDArray[numpy.uint8], numpy.typing.NDArray[numpy.uint8]]:
    """A random isomorph of each board: data augmentation for puzzles and their solutions.

    Returns a new ``(N, 81)`` ``uint8`` array whose row ``i`` is ``boards[i]`` under a map
    drawn uniformly from the group (see ``canonical``). With ``solutions`` (as many boards,
    any batch form), returns ``(puzzles, solutions)``: each pair is mapped by the same map and
    relabelling, so an augmented solution still solves its augmented puzzle.

    With a ``seed`` (an int from 0 to 2**64 - 1) the result is the same on every platform and
    for every ``threads``: row ``i`` draws its map from word ``i`` of the seed's random stream,
    so it is the same in a batch of any length, and row 0 is ``random_isomorph``'s.
    ``None`` takes a fresh seed from the operating system. Errors are those of
    ``is_valid_many`` (``solutions`` is named ``solutions``; a different count is ``solutions:
    expected 2 boards (as many as boards), got 1``) and of ``random_isomorph`` for ``seed``.

        >>> from valid_sudoku import random_isomorph_many, is_solution_many
        >>> puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
        >>> solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
        >>> puzzles, solutions = random_isomorph_many([puzzle] * 3, solutions=[solution] * 3, seed=7)
        >>> is_solution_many(puzzles, solutions).tolist()
        [True, True, True]
    """

@overload
@deprecated("random_isomorphs_many() is deprecated and will be removed in 1.0; use random_isomorph_many(), which takes the same arguments")
def random_isomorphs_many(
    boards: _BoardsLike, /, *, solutions: None = None, seed: int | None = None, threads: int | None = None
) -> numpy.typing.NDArray[numpy.uint8]: ...
@overload
@deprecated("random_isomorphs_many() is deprecated and will be removed in 1.0; use random_isomorph_many(), which takes the same arguments")
def random_isomorphs_many(
    boards: _BoardsLike, /, *, solutions: _BoardsLike, seed: int | None = None, threads: int | None = None
) -> tuple[numpy.typing.NDArray[numpy.uint8], numpy.typing.NDArray[numpy.uint8]]:
    """Deprecated: the old name of ``random_isomorph_many``."""

def solve(board: _BoardLike, /) -> Board | None:
    """Return a solution of the board as a new ``Board``, or None when it has none.

    A solution is a complete board with no repeat that keeps every given. A board that breaks
    the rule has none, and so does a rule-valid board that cannot be completed. When there are
    several, which one is returned is not promised: one version of the package always gives the
    same board the same solution (on any number of threads), but another version may pick
    another. A puzzle with one solution always gets that one, and a solved board solves to
    itself. Accepts every form ``is_valid_sudoku`` accepts (and
    ``Board``), with the same errors for bad input.

    The search releases the GIL and answers Ctrl-C (KeyboardInterrupt) within milliseconds.

    >>> print(solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").to_string())
    534678912672195348198342567859761423426853791713924856961537284287419635345286179
    >>> solve("12345678." + "." * 27 + "........9" + "." * 36) is None
    True
    """

def count_solutions(board: _BoardLike, /, *, limit: int = 2) -> int:
    """Return the number of solutions of the board, counting no further than ``limit``.

    The result is ``min(count, limit)``: with the default ``limit=2``, 0 means no solution,
    1 a proper puzzle and 2 more than one. A board that breaks the rule counts 0. ``limit``
    is a positive int; ints too big for 64 bits count as 2**64 - 1. Accepts every form
    ``is_valid_sudoku`` accepts, with the same errors.

    The search releases the GIL and answers Ctrl-C (KeyboardInterrupt) within milliseconds,
    so even ``count_solutions("." * 81, limit=10**15)`` can be stopped.

    Raises:
        ValueError: ``limit`` is 0 or negative (``limit: expected a positive int, got 0``).
        TypeError: ``limit`` is not an int, e.g. a bool, a float or None
            (``limit: expected an int, got float``).

    >>> count_solutions("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    1
    >>> count_solutions("." * 81, limit=1000)
    1000
    """

def has_unique_solution(board: _BoardLike, /) -> bool:
    """Return True when the board has exactly one solution: ``count_solutions(board) == 1``.

    >>> has_unique_solution("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    True
    >>> has_unique_solution("." * 81)
    False
    """

_Unit = Literal["row", "column", "box"]
_Cells = tuple[tuple[int, int], ...]

# For type checkers a Conflict is the tuple it behaves like, so `unit, index, digit, cells =
# conflict` and `conflict[3]` get precise types. At run time it is its own immutable class,
# not a tuple subclass (see the docstring).
@final
class Conflict(tuple[_Unit, int, int, _Cells]):
    """One digit that repeats within one row, column or box: immutable and tuple-like.

    It behaves like the NamedTuple ``(unit, index, digit, cells)``: it unpacks, indexes,
    slices and iterates like that tuple, compares equal to it (and orders like it), and has
    the same hash. ``str()`` reads as a sentence for people, counting units from 1 and
    naming cells ``r1c1``..``r9c9`` as every text of the package does (the fields stay
    0-based); ``repr()`` is a constructor call::

        >>> from valid_sudoku import Conflict
        >>> c = Conflict("box", 0, 8, ((0, 0), (2, 2)))
        >>> str(c)
        'digit 8 repeats in box 1 at r1c1 and r3c3'
        >>> c
        Conflict(unit='box', index=0, digit=8, cells=((0, 0), (2, 2)))
        >>> unit, index, digit, cells = c
        >>> c == ("box", 0, 8, ((0, 0), (2, 2)))
        True

    ``Conflict(unit, index, digit, cells)`` builds one field by field (as unpickling does),
    checked to be one that ``conflicts()`` could report; it raises ValueError naming the bad
    field, for example ``unit must be 'row', 'column' or 'box', got 'rows'``,
    ``index must be 0-8, got 9``, ``digit must be 1-9, got 0``,
    ``cells must hold two or more (row, col) pairs, got 1``, ``cells: (3, 3) is not a cell of
    box 0`` or ``cells must be distinct and in row-major order``.

    Conflicts pickle and copy; ``copy.copy`` returns the object itself.

    Type checkers see it as the tuple ``(unit, index, digit, cells)``, so unpacking and
    indexing give each field its type. It is not a ``tuple`` subclass at run time:
    ``isinstance(c, tuple)`` is False, and tuple arithmetic (``+``, ``*``) and ``count`` are
    not offered; ``tuple(c)`` gives a real tuple.
    """

    _fields: Final[tuple[str, str, str, str]]
    __match_args__: Final[tuple[Literal["unit"], Literal["index"], Literal["digit"], Literal["cells"]]]

    def __new__(cls, unit: str, index: int, digit: int, cells: _Cells | list[tuple[int, int]]) -> Conflict: ...

    @property
    def unit(self) -> _Unit:
        """The kind of unit: "row", "column" or "box"."""
    @property
    def index(self) -> int:  # type: ignore[override]  # the field, as in a NamedTuple, not tuple.index
        """The unit's number, 0-8; boxes are numbered left to right, top to bottom."""
    @property
    def digit(self) -> int:
        """The repeated digit, 1-9."""
    @property
    def cells(self) -> _Cells:
        """Every (row, col) in the unit that holds the digit (two or more), in row-major order."""
    def _asdict(self) -> dict[str, Any]:
        """A new dict of the fields, as a NamedTuple's ``_asdict()`` gives:
        ``{'unit': 'box', 'index': 0, 'digit': 8, 'cells': ((0, 0), (2, 2))}``."""
    def __len__(self) -> int:
        """Always 4, like the tuple (unit, index, digit, cells)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Conflict | tuple[Any, ...], /) -> bool: ...
    def __le__(self, other: Conflict | tuple[Any, ...], /) -> bool: ...
    def __gt__(self, other: Conflict | tuple[Any, ...], /) -> bool: ...
    def __ge__(self, other: Conflict | tuple[Any, ...], /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Conflict: ...
    def __deepcopy__(self, _memo: Any, /) -> Conflict: ...

def conflicts(board: _BoardLike, /) -> list[Conflict]:
    """Every digit that repeats in a row, column or 3x3 box, and where.

    The board may be in any form ``is_valid_sudoku`` accepts, and bad input raises the same
    errors (``BoardFormatError`` or ``TypeError``, with the same messages).

    Order: all rows first, then columns, then boxes; within each, by unit index, then digit.
    The list is empty exactly when ``is_valid_sudoku(board)`` is True::

        >>> from valid_sudoku import conflicts
        >>> board = "83..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
        >>> for conflict in conflicts(board):
        ...     print(conflict)
        digit 8 repeats in column 0 at (0, 0) and (3, 0)
        digit 8 repeats in box 0 at (0, 0) and (2, 2)

    """

@final
class Board:
    """An immutable Sudoku board: 81 cells, 0 for empty.

    ``Board(board)`` accepts any form ``is_valid_sudoku`` accepts (and another Board), with
    the same errors; ``Board.parse(text)`` reads text. A Board is accepted wherever a board is
    (``is_valid_sudoku``, ``conflicts``, ``Board``).

    Boards compare equal when their cells are equal (never equal to a str or list), hash,
    pickle and copy (``copy.copy`` returns the board itself). ``repr()`` is
    ``Board('<81 characters>')`` so that ``eval(repr(board)) == board``, ``str()`` is a grid
    with box separators, and in Jupyter a board shows as an HTML table with its conflicts
    highlighted (``_repr_html_``).

        >>> from valid_sudoku import Board
        >>> board = Board("83..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> board.is_valid, board.givens, board[0, 0], board[-1, -1]
        (False, 30, 8, 9)

    """

    def __new__(cls, board: _BoardLike, /) -> Board: ...
    @staticmethod
    def parse(text: str, /) -> Board:
        """Read a board written as text; the format is detected.

        - One line of 81 cells, such as a line of a puzzle file:
          ``53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79``.
          After the 81 cells, whitespace or ``#`` ends the board and the rest of the line is a
          comment.
        - Nine lines of nine cells (block format). Spaces and ``|`` between cells are
          optional, and lines made of ``-`` and ``+`` between bands are skipped, as in
          ``4 . . |. . . |8 . 5`` with ``------+------+------``; ``str(board)`` is one such.

        In both, '1'-'9' are digits and '.', '0' or '_' mark an empty cell; blank lines and
        ``#`` comments are skipped anywhere. ``Board.parse(str(board)) == board`` always holds.

        Raises BoardFormatError with 1-based ``lineno`` and ``colno`` attributes (columns count
        characters), for example:

        - ``line 3, column 7: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'``
        - ``line 1, column 81: expected 81 cells, got 80``
        - ``line 6, column 18: expected 9 cells, got 8``
        - ``line 11, column 1: expected 9 rows, got 8``
        - ``line 2, column 1: expected nothing after the board on one line, got more text``
        - ``line 1, column 1: expected a board (one line of 81 cells, or 9 rows of 9 cells), got no cells``

        ``row`` and ``col`` (0-based) are set too wherever the error is about one cell (a bad
        symbol), and ``row`` alone for a block row of the wrong length. Anything but a str is
        a TypeError: ``board: expected a str of board text (Board.parse reads text), got
        NoneType``.
        """
    @property
    def is_valid(self) -> bool:
        """True when no digit repeats in any row, column or box (empty cells are ignored)."""
    @property
    def conflicts(self) -> list[Conflict]:
        """The same list as ``conflicts(board)``: empty exactly when the board is valid."""
    @property
    def is_complete(self) -> bool:
        """True when no cell is empty."""
    @property
    def is_solved(self) -> bool:
        """True when the board is complete and valid."""
    @property
    def givens(self) -> int:
        """The number of filled cells, 0-81."""
    def candidates(self) -> list[list[frozenset[int]]]:
        """The pencil marks of each cell; see ``candidates()``."""
    def solve(self) -> Board | None:
        """A solution as a new ``Board``, or None when there is none; see ``solve()``."""
    def count_solutions(self, *, limit: int = 2) -> int:
        """The number of solutions, counted up to ``limit``; see ``count_solutions()``."""
    def has_unique_solution(self) -> bool:
        """True when the board has exactly one solution; see ``has_unique_solution()``."""
    def canonical(self) -> str:
        """The canonical (minlex) form, 81 characters with ``0`` for empty; see ``canonical()``."""
    def __getitem__(self, index: tuple[SupportsIndex, SupportsIndex], /) -> int:
        """``board[row, col]``: the digit in that cell, 0 when empty.

        Indexes run 0-8, and negative ones count from the end as in a list or a numpy array
        (``board[-1, -1]`` is the bottom-right cell). Raises IndexError outside -9..8
        (``Board index out of range: row 9 (expected -9 to 8)``) and TypeError for anything
        but a pair of ints (``Board indices must be a (row, col) pair of ints, got int``).
        """
    def to_string(self, empty: str = ".") -> str:
        """The 81 cells in one line, row by row, with ``empty`` for empty cells.

        ``empty`` must be one character other than '1'-'9', else ValueError.
        """
    def to_list(self) -> list[list[str]]:
        """The classic form: 9 lists of 9 one-character str, '.' for empty."""
    def to_numpy(self) -> numpy.typing.NDArray[numpy.uint8]:
        """A new, writable (9, 9) numpy array of dtype uint8, 0 for empty.

        Needs numpy: raises ImportError saying so when it is not installed.
        """
    def _repr_html_(self) -> str:
        """Self-contained HTML for Jupyter: the grid first, with heavier borders around the
        3x3 boxes, conflicting cells (class "conflict") and the rest of their units (class
        "conflict-unit") highlighted; then, under it, "valid" or "N conflicts" and a list of
        them. More than 6 conflicts are summarised digit by digit ("digit 1 repeats in 27
        units (9 rows, 9 columns, 9 boxes)"; a digit that repeats in one unit keeps its
        sentence), and more than 6 digits show the first 5 and "and N more digits". Inline styles only, on a card with explicit text and background
        colours, so it reads in light and dark themes; no JavaScript."""
    def marks_html(self) -> str:
        """The board with its pencil marks, as self-contained HTML (an inline SVG on a white
        card): each filled cell's digit, each empty cell's candidates (``candidates()``) in
        a 3x3 layout, rows and columns labelled r1-r9 and c1-c9. Show it in Jupyter with
        ``IPython.display.HTML(board.marks_html())``. No JavaScript."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> Board: ...
    def __deepcopy__(self, _memo: Any, /) -> Board: ...

# ---------------------------------------------------------------------------------------
# Steps: candidates, human techniques, solving paths and grades (docs/steps.md)
# ---------------------------------------------------------------------------------------

TECHNIQUES: Final[tuple[str, ...]]
"""The names of the techniques ``next_step`` knows, easiest first: the order it tries them
in, from ``"full house"`` to ``"nested forcing net"``; docs/steps.md has the table with levels and weights.
"""

LEVELS: Final[tuple[str, ...]]
"""The difficulty ladder of ``grade``, easiest first: ``("easy", "medium", "hard",
"expert", "extreme", "forcing", "nested")``: ``"forcing"`` for forcing chains and nets,
``"nested"`` for nested forcing nets, the top, which logic never needs to go past."""

def candidates(board: _BoardLike, /) -> list[list[frozenset[int]]]:
    """The pencil marks of a board: for each empty cell, the digits that no filled cell in its
    row, column or box rules out; a filled cell gets an empty set. 9 lists of 9 frozensets,
    indexed ``[row][col]`` from 0.

    ``board`` is any form ``is_valid_sudoku`` accepts (and a ``Board``), with the same errors.

        >>> from valid_sudoku import candidates
        >>> marks = candidates("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> sorted(marks[0][2]), marks[0][0]
        ([1, 2, 4], frozenset())
    """

def candidates_many(boards: _BoardsLike, /, *, threads: int | None = None) -> numpy.typing.NDArray[numpy.uint16]:
    """``candidates`` for many boards, as a new ``(N, 9, 9)`` ``uint16`` array: bit ``d - 1``
    of element ``[i, row, col]`` is set when digit ``d`` is a candidate there (0 for a filled
    cell). ``boards``, ``threads``, errors and the GIL are as for ``is_valid_many``.
    """

@final
class Step:
    """One step a person can take: what a technique found, and why.

    ``str(step)`` is a sentence in ``r1c1`` notation (rows and columns counted from 1, as
    the Sudoku community writes them), such as ``"Hidden Single: 5 can only go in r2c6 within
    box 2"``, the technique named as players name it (``"XY-Wing"``, ``"AIC"``, docs/steps.md
    has the table); a chain step writes its chain in Eureka notation, as in ``"X-Chain:
    (7)r1c3=(7)r1c2-(7)r8c2=(7)r9c2: remove 7 from r1c2"``. The attributes hold the same facts
    as Python data, counted from 0. In Jupyter a
    step shows the board with its pencil marks, the pattern's cells highlighted, the removed
    candidates struck out and the placed digit in green (``_repr_html_``).
    """

    @property
    def technique(self) -> str:
        """The technique's name, one of ``TECHNIQUES``."""
    @property
    def placements(self) -> tuple[tuple[int, int, int], ...]:
        """The digits the step writes, as ``(row, col, digit)``, row and col from 0."""
    @property
    def eliminations(self) -> tuple[tuple[int, int, int], ...]:
        """The candidates the step removes, as ``(row, col, digit)``, sorted by cell."""
    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        """The cells of the pattern, as ``(row, col)``: for an X-chain, XY-chain or AIC the
        chain's cells in chain order, each once (``nodes`` has the chain itself)."""
    @property
    def digits(self) -> tuple[int, ...]:
        """The digits the pattern is made of, increasing."""
    @property
    def units(self) -> tuple[tuple[str, int], ...]:
        """The units the pattern lies in, as ``(kind, index)``: kind ``"row"``, ``"column"``
        or ``"box"``, index from 0 (boxes in reading order)."""
    @property
    def nodes(self) -> tuple[tuple[tuple[tuple[int, int], ...], int], ...]:
        """A chain step's chain, node by node in chain order, as ``(cells, digit)``: ``cells``
        a tuple of ``(row, col)`` from 0, one cell for an ordinary node, several (in one
        row, column or box) for a group node, true when the digit is in one of them. The
        chain steps are simple colouring, the X-chain, XY-chain and AIC, the skyscraper,
        2-string kite, empty rectangle, XY-Wing and W-Wing, and the forcing chains and nets,
        whose nodes form a net (see ``parents``); ``()`` for other steps."""
    @property
    def links(self) -> tuple[str, ...]:
        """The links of the chain, ``"strong"`` (at least one of the two nodes holds) or
        ``"weak"`` (at most one does), one for each two nodes in a row of ``nodes``: link
        ``i`` joins node ``i`` and node ``i + 1``. In a forcing chain or net, link ``i`` is
        the link into node ``i + 1`` from the nodes it follows (``parents[i + 1]``):
        ``"strong"`` when the node is true as they stand (a digit placed), ``"weak"`` when
        it is false (a candidate removed), and ``"strong"`` for the start of another branch
        (one of the alternatives, at least one of which holds). ``()`` for other steps."""
    @property
    def parents(self) -> tuple[tuple[int, ...], ...]:
        """For each node of ``nodes``, the indexes of the earlier nodes it follows from. In
        a chain each node follows the one before (``((), (0,), (1,), ...)``). In a forcing
        chain or net, a node that follows none starts a branch: the assumption, or one of
        the candidates of a cell (or places of a digit in a unit) whose branches all reach
        the step's conclusion; a digit placed follows the removals that left it the last
        candidate of its cell or the last place in its unit, and a candidate removed
        follows the digit placed that rules it out (in a nested net, a candidate that an
        inner net rules out follows the branch's assumption). Walking from each node that
        no other follows back along its parents gives every branch. ``()`` for other
        steps."""
    def _asdict(self) -> dict[str, Any]:
        """The attributes as a dict, with the sentence under ``"text"``."""
    def _repr_html_(self) -> str:
        """Self-contained HTML for Jupyter: the board before the step with pencil marks
        (an inline SVG, rows and columns labelled r1-r9 and c1-c9), the pattern's cells
        highlighted, removed candidates struck out in red (class "eliminated"), the placed
        digit in green (class "placed"), a chain's nodes ringed in their cells (class
        "node") with its links between them, strong solid and weak dashed (classes "link
        strong" and "link weak"), and the sentence under it. On a white card of its own, so
        it reads in light and dark themes; no JavaScript."""

@final
class SolvePath:
    """What ``solve_steps`` did: the steps in order, and where they led.

    ``str(path)`` has one numbered line per step, then ``stopped`` (``solved`` or ``stuck``);
    ``len(path)`` is the number of steps.
    """

    @property
    def steps(self) -> list[Step]:
        """The steps, in the order they were applied (a new list each time)."""
    @property
    def solved(self) -> bool:
        """The steps filled every cell."""
    @property
    def stopped(self) -> Literal["solved", "stuck"]:
        """How the path stopped: ``"solved"`` (every cell filled) or ``"stuck"`` (no allowed
        technique applies: techniques were left out, or the board has more than one
        solution; logic finishes every board with one)."""
    @property
    def board(self) -> Board:
        """The board the steps reached: the solution when ``solved``."""
    def __len__(self) -> int: ...
    def _repr_html_(self) -> str:
        """The path to step through, for Jupyter: one board at a time with previous / next
        buttons and a list to jump to any step. Each step shows its card (as
        ``Step._repr_html_``: the board before it with the step drawn, and its sentence)
        and the board after it; a last frame shows the end board and ``solved`` or
        ``stuck``. Every frame and sentence is in the HTML itself and a small script only
        shows one at a time, so it works without a running kernel and survives ``jupyter
        nbconvert --to html``; without script the first step shows. White cards of their
        own, so it reads in light and dark themes."""

@final
class Grade:
    """How hard a puzzle is, from ``grade``: the path of easiest steps, and search effort.

    Every field is the same for each isomorph of the puzzle (relabelled, rows or columns
    swapped, transposed): the path and the searches are taken on its canonical form. Two
    grades are equal when every field is."""

    @property
    def level(self) -> str:
        """One of ``LEVELS``: the level of the hardest technique the path needs (logic
        finishes every puzzle with one solution, the hardest with nested forcing nets)."""
    @property
    def hardest(self) -> str | None:
        """The hardest technique the path used (None for a complete board)."""
    @property
    def score(self) -> int:
        """The sum of the techniques' weights over the path of the puzzle's canonical form
        (docs/steps.md): the same for every isomorph."""
    @property
    def steps(self) -> int:
        """The number of steps of that path."""
    @property
    def solved_by_logic(self) -> bool:
        """The techniques alone solved the puzzle."""
    @property
    def guesses(self) -> float:
        """The solver's guesses, counting to two solutions, averaged over eight fixed
        isomorphs of the puzzle's canonical form (the same maps for every puzzle): the same
        for every isomorph and on every run."""
    def _asdict(self) -> dict[str, Any]:
        """The attributes as a dict."""
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]

@final
class Grades:
    """What ``grade_many`` found: one ``(N,)`` numpy array per measure, immutable.

    A row without exactly one solution has ``proper`` False, ``level``, ``hardest`` and
    ``score`` -1, ``solved_by_logic`` False and ``guesses`` NaN.

    The arrays are read-only (``flags.writeable`` is False), so they always agree with
    ``repr``; copy one (``grades.score.copy()``) to change it. A ``Grades`` pickles, so it
    crosses process pools and Dask workers.
    """

    @property
    def level(self) -> numpy.typing.NDArray[numpy.int8]:
        """Level codes: indexes into ``levels`` (-1 where not proper)."""
    @property
    def levels(self) -> tuple[str, ...]:
        """The level names, ``LEVELS``."""
    @property
    def score(self) -> numpy.typing.NDArray[numpy.int32]:
        """``Grade.score`` per row (-1 where not proper)."""
    @property
    def hardest(self) -> numpy.typing.NDArray[numpy.int8]:
        """The hardest technique per row, as an index into ``techniques`` (-1 where not
        proper or none was needed)."""
    @property
    def techniques(self) -> tuple[str, ...]:
        """The technique names, ``TECHNIQUES``."""
    @property
    def guesses(self) -> numpy.typing.NDArray[numpy.float64]:
        """``Grade.guesses`` per row (NaN where not proper)."""
    @property
    def proper(self) -> numpy.typing.NDArray[numpy.bool_]:
        """The board has exactly one solution."""
    @property
    def solved_by_logic(self) -> numpy.typing.NDArray[numpy.bool_]:
        """``Grade.solved_by_logic`` per row (False where not proper)."""
    @property
    def n(self) -> int:
        """The number of boards graded."""
    def __len__(self) -> int: ...
    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per board in the order given: ``proper``, ``level``
        and ``hardest`` (Categoricals of the level and technique names), ``score`` (nullable
        ``Int64``), ``solved_by_logic`` (nullable ``boolean``) and ``guesses``. A row without
        exactly one solution has a missing value in every column but ``proper``, so no code
        -1 is ever read as a name (as ``np.array(grades.levels)[grades.level]`` would read
        it as the last level). Needs pandas (ImportError otherwise).

        Example::

            >>> from valid_sudoku import grade_many
            >>> frame = grade_many(["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", "." * 81]).to_frame()
            >>> frame[["proper", "level", "score", "hardest"]]
               proper level  score        hardest
            0    True  easy      0  hidden single
            1   False   NaN   <NA>            NaN
        """

def next_step(
    board: _BoardLike,
    /,
    *,
    candidates: Sequence[Sequence[Iterable[int]]] | numpy.typing.NDArray[numpy.uint16] | None = None,
    techniques: Iterable[str] | None = None,
    stale_marks: Literal["raise", "drop"] = "raise",
) -> Step | None:
    """The easiest step that makes progress, or None when the board is solved or no allowed
    technique applies (``Board(board).is_solved`` tells the two apart). "Easiest" is the
    order of ``TECHNIQUES``.

    ``candidates`` are the pencil marks an app keeps, in the form ``candidates()`` returns
    (9 rows of 9 sets of digits) or the ``(9, 9)`` ``uint16`` bitmask form of
    ``candidates_many``; without them the marks are ``candidates(board)``. Marks may be
    narrower than that (an app's eliminations), never wider: a digit that a filled cell rules
    out raises ``ValueError`` naming the cell (``candidates for r1c3 include 5, which r1c1
    already holds``), as do marks on a filled cell. With ``stale_marks="drop"`` such marks,
    which every placement leaves behind, are dropped instead: the marks used are
    ``candidates`` intersected with ``candidates(board)``. ``techniques`` restricts the step
    to names from ``TECHNIQUES`` (an unknown name raises ``ValueError``). The uniqueness
    techniques (unique rectangles, BUG+1) are used only when the board has exactly one
    solution.

    ``board`` is any form ``is_valid_sudoku`` accepts, with the same errors; a board on which
    a digit repeats raises ``ValueError``, and so does a board without a solution (or whose
    marks rule out every solution), naming the contradiction when singles reach one:
    ``the board has no solution: r2c3 has no candidate left``.

        >>> from valid_sudoku import next_step
        >>> puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
        >>> print(next_step(puzzle))
        Hidden Single: 8 can only go in r1c6 within box 2
        >>> next_step(puzzle).placements
        ((0, 5, 8),)
    """

def solve_steps(board: _BoardLike, /, *, techniques: Iterable[str] | None = None) -> SolvePath:
    """Apply ``next_step`` until the board is solved or stuck, and return the path.

    Every step is sound: no placement or elimination contradicts a solution of the board.
    ``board``, ``techniques`` and errors are as for ``next_step``.

        >>> from valid_sudoku import solve_steps
        >>> path = solve_steps("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        >>> path.solved, len(path), path.board.is_solved
        (True, 51, True)
    """

@final
class Mistakes:
    """What ``mistakes`` found on a player's board: wrong digits and wrong pencil marks.

    ``digits`` and ``candidates`` hold ``(row, col, digit)`` triples counted from 0;
    ``bool(m)`` is True when there is any mistake; ``str(m)`` is one sentence per mistake in
    ``r1c1`` notation, such as ``The 1 in r1c3 is wrong.``, or ``No mistakes.``.
    """

    @property
    def digits(self) -> tuple[tuple[int, int, int], ...]:
        """Each filled cell whose digit differs from the solution's, with the player's digit,
        in cell order."""
    @property
    def candidates(self) -> tuple[tuple[int, int, int], ...]:
        """Each empty cell whose marks lack the solution's digit, with that digit, in cell
        order (empty when no marks were given)."""
    def _asdict(self) -> dict[str, Any]:
        """The attributes as a dict, with the sentences under ``"text"``."""
    def __bool__(self) -> bool: ...

@final
class Hint:
    """What the hint button shows, from ``hint``.

    ``kind`` says which: ``"mistake"`` (``mistakes`` holds them), ``"step"`` (``step`` holds
    it), ``"solved"`` or ``"stuck"`` (no allowed technique applies); ``str(hint)`` is a
    sentence for the player.
    """

    @property
    def kind(self) -> Literal["mistake", "step", "solved", "stuck"]:
        """``"mistake"``, ``"step"``, ``"solved"`` or ``"stuck"``."""
    @property
    def step(self) -> Step | None:
        """The next step when ``kind`` is ``"step"``, else None."""
    @property
    def mistakes(self) -> Mistakes | None:
        """The player's mistakes when ``kind`` is ``"mistake"``, else None."""

def mistakes(
    puzzle: _BoardLike,
    board: _BoardLike,
    /,
    *,
    candidates: Sequence[Sequence[Iterable[int]]] | numpy.typing.NDArray[numpy.uint16] | None = None,
) -> Mistakes:
    """The player's wrong digits on ``board`` and, when ``candidates`` (their pencil marks,
    in either form ``next_step`` takes) are given, the empty cells whose marks lack the
    solution's digit, all against the one solution of ``puzzle``. Marks of filled cells and
    marks a filled cell rules out are not looked at. It costs about one solve.

    ``puzzle`` must have exactly one solution and ``board`` must keep every given, else
    ``ValueError``: ``the puzzle has no solution: mistakes needs exactly one``, ``the puzzle
    has more than one solution: mistakes needs exactly one``, ``the board drops the given 5
    at r1c1: a board must keep every given of its puzzle`` or ``the board changes the given 5
    at r1c1 to 6: ...``. Both boards are any form ``is_valid_sudoku`` accepts.

        >>> from valid_sudoku import mistakes
        >>> puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
        >>> found = mistakes(puzzle, "531" + puzzle[3:])
        >>> bool(found), found.digits
        (True, ((0, 2, 1),))
        >>> print(found)
        The 1 in r1c3 is wrong.
    """

def hint(
    puzzle: _BoardLike,
    board: _BoardLike,
    /,
    *,
    candidates: Sequence[Sequence[Iterable[int]]] | numpy.typing.NDArray[numpy.uint16] | None = None,
    techniques: Iterable[str] | None = None,
) -> Hint:
    """One call for a hint button: the player's mistakes on ``board`` (a play of
    ``puzzle``) first, as ``mistakes`` finds them; without any, the next step as
    ``next_step`` finds it, or ``"solved"``, or ``"stuck"``. Marks are taken as an app keeps
    them: marks on filled cells are ignored and marks a filled cell rules out are dropped.
    ``techniques`` and the errors are as for ``next_step`` and ``mistakes``.

        >>> from valid_sudoku import hint
        >>> puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
        >>> print(hint(puzzle, "531" + puzzle[3:]))
        The 1 in r1c3 is wrong.
        >>> h = hint(puzzle, puzzle)
        >>> h.kind, str(h)
        ('step', 'Hidden Single: 8 can only go in r1c6 within box 2')
    """

def grade(board: _BoardLike, /) -> Grade:
    """How hard a puzzle is for a person, and for a solver.

    ``level`` is that of the hardest technique the path of easiest steps needs (``"guessing"``
    when the techniques cannot finish), ``score`` the sum of the path's weights (singles
    weigh 0: the effort beyond singles), ``guesses`` the solver's search effort averaged over
    fixed isomorphs. Deterministic. A board without exactly one solution raises
    ``ValueError`` saying which (``the board has no solution`` or ``more than one
    solution``); other errors are as for ``is_valid_sudoku``.

        >>> from valid_sudoku import grade
        >>> grade("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        Grade(level='easy', hardest='hidden single', score=0, steps=51, solved_by_logic=True, guesses=0.0)
    """

def grade_many(boards: _BoardsLike, /, *, threads: int | None = None) -> Grades:
    """``grade`` for many boards, as a ``Grades`` of numpy arrays, one entry per row.

    A row without exactly one solution does not raise: it is marked (``proper`` False). The
    rows are the same for any thread count. ``boards``, ``threads``, errors and the GIL are
    as for ``is_valid_many``; Ctrl-C stops a long call with ``KeyboardInterrupt``.
    """

def main(argv: Sequence[str | os.PathLike[str]] | None = None) -> int:
    """Run the ``valid-sudoku`` command in-process and return its exit status.

    ``argv`` holds the arguments after the program name, as a list (or tuple) of str or
    paths, like ``main(["boards.txt"])``; ``None`` means ``sys.argv[1:]``. A lone str raises
    ``TypeError``, saying to pass a list.
    This is the function behind the ``valid-sudoku`` console script, which calls
    ``sys.exit(main())``. Output goes to ``sys.stdout`` and ``sys.stderr`` (so pytest's
    ``capsys`` and Jupyter see it) and standard input is read from ``sys.stdin``.

    ``valid-sudoku [--json | --quiet] [--column NAME] [FILE ...]`` checks every board in each
    FILE (none, or ``-``, reads standard input). Each file is detected as a JSON board or list
    of boards, one 81-character board per line, CSV with a header (column ``puzzle`` or
    ``quizzes``, or ``--column NAME``), or one board in block format.

    By default it prints ``file:line: conflicts`` for each invalid board, then
    ``N boards: V valid, I invalid``; ``--json`` prints one JSON object per board (``source``,
    ``line``, ``valid``, ``conflicts``); ``--quiet`` prints nothing.

    ``--unique`` names each board without exactly one solution (``file:line: no solution`` or
    ``more than one solution``) and returns 1 when there is any; ``--solve`` writes one line per
    board, in input order: its 81-digit solution, or ``file:line: no solution``, and returns 1
    when any board has none. With ``--json`` they add ``"solutions"`` (counted up to 2) or
    ``"solution"`` (81 digits or null) to each object. ``--threads N`` sets the solver's
    threads (default: every core); the output is the same for any number.

    Returns 0 when every board is valid, 1 when any is invalid, and 2 on a usage or input
    error, whose message goes to stderr as ``error: file:line:column: ...``. ``--help`` and
    ``--version`` print and return 0. On Ctrl-C (``KeyboardInterrupt``) it stops, clears the
    progress bar, writes ``valid-sudoku: interrupted`` to stderr and returns 130, as shells
    report SIGINT; no traceback. A board in a JSON list is also named by its index in the
    list: ``file:line: boards[3]: ...``, and ``"index": 3`` with ``--json``.
    """

# --- Making puzzles: random_grid, random_grid_many, generate, generate_many (docs/generate.md) ---

_Symmetry = Literal["none", "rot180", "rot90", "diagonal", "antidiagonal", "horizontal", "vertical"]

def random_grid(*, seed: int | None = None) -> Board:
    """A random complete valid grid, as a ``Board``.

    The grid is a random solver fill (random digits in the three diagonal boxes, the rest
    by a search that takes its guesses' options in random order) put through a uniformly
    random element of the grid group (relabelling, row and column swaps within bands and
    stacks, band and stack swaps, transposition). So every grid of an isomorphism class is
    equally likely, each cell is uniform over 1-9, and all 44 band classes appear; the weight
    of each class comes from the fill and is not claimed to be proportional to its size, so
    the grids are not claimed uniform over all 6.67e21 grids (docs/generate.md).

    ``seed`` (an int from 0 to 2**64 - 1) gives the same grid on every platform and every
    call, and the grid is row 0 of ``random_grid_many`` with that seed; ``None`` draws a seed
    from the operating system.

        >>> from valid_sudoku import random_grid, random_grid_many
        >>> grid = random_grid(seed=1)
        >>> grid.is_solved, grid == random_grid(seed=1), grid == random_grid(seed=2)
        (True, True, False)
        >>> grid.to_numpy().ravel().tolist() == random_grid_many(5, seed=1)[0].tolist()
        True

    """

def random_grid_many(
    n: int, /, *, seed: int | None = None, start: int = 0, threads: int | None = None
) -> numpy.typing.NDArray[numpy.uint8]:
    """``n`` random grids as an (n, 81) uint8 array, one grid a row (the distribution of
    ``random_grid``).

    Runs without the GIL on up to ``threads`` threads (None: every core) and stops on
    Ctrl-C. With a seed, every row is its own: row ``i`` is grid ``start + i`` of the seed,
    drawn from its own stream, so it is the same whatever ``threads`` and ``n`` are, row 0
    with ``start=0`` is ``random_grid(seed=seed)``, and ``random_grid_many(1, seed=s,
    start=i)`` makes grid ``i`` alone. ``start`` is an int from 0 to 2**64 - 1. Needs
    numpy.

        >>> from valid_sudoku import random_grid_many, is_valid_many
        >>> grids = random_grid_many(1000, seed=7)
        >>> grids.shape, bool(is_valid_many(grids).all()), bool((grids > 0).all())
        ((1000, 81), True, True)
        >>> bool((random_grid_many(1, seed=7, start=999)[0] == grids[999]).all())
        True

    """

@deprecated("random_grids() is deprecated and will be removed in 1.0; use random_grid_many(), which takes the same arguments")
def random_grids(
    n: int, /, *, seed: int | None = None, start: int = 0, threads: int | None = None
) -> numpy.typing.NDArray[numpy.uint8]:
    """Deprecated: the old name of ``random_grid_many``."""

def generate(
    *,
    clues: int | None = None,
    minimal: bool = False,
    symmetry: _Symmetry | None = None,
    difficulty: str | None = None,
    seed: int | None = None,
    timeout: float | None = None,
) -> Board:
    """A proper puzzle (exactly one solution, always), as a ``Board``.

    - ``clues=K``: exactly K givens, any K from 22 to 81 (from 24 with a ``symmetry``). K
      below 17 raises ValueError (no 16-clue puzzle exists: McGuire, Tugemann and Civario,
      2012); 17 to 21 raise ValueError giving the supported floor. Without ``clues`` or
      ``difficulty`` the puzzle is what removal in random order leaves: minimal, 24 givens
      on average; with a ``symmetry``, minimal orbit by orbit (no orbit of givens can go),
      which is not always cell by cell.
    - ``minimal=True``: no given can be removed without a second solution appearing. With
      ``clues``, K at most 30 (more raises ValueError).
    - ``symmetry``: the pattern of givens is invariant under the map: ``"none"``,
      ``"rot180"`` ((r, c) with (8-r, 8-c)), ``"rot90"`` (quarter turns), ``"diagonal"``
      ((r, c) with (c, r)), ``"antidiagonal"`` ((r, c) with (8-c, 8-r)), ``"horizontal"``
      ((r, c) with (8-r, c)) or ``"vertical"`` ((r, c) with (r, 8-c)). ``"rot90"`` needs
      K to be a multiple of 4 or one more (else ValueError).
    - ``difficulty``: a level of ``LEVELS`` (``"easy"`` to ``"forcing"``): the puzzle's
      ``grade(puzzle).level`` is that level. Puzzles are drawn until one has it (a few ms
      each level on its own). An easy puzzle keeps about 33 givens, each removed one a
      naked or hidden single when it went; with ``minimal=True`` about 24. A forcing puzzle
      is what removal to the end leaves (minimal, without a symmetry), in an order that
      spreads its givens evenly over the rows and columns (nearly always one in each).
      Combined with ``clues``, ``minimal`` or ``symmetry``, a rare combination can search
      long (``difficulty="forcing", clues=36`` took from 0.7 s to 12.3 s over seeds
      0-9): such a search stops on Ctrl-C (KeyboardInterrupt) or at ``timeout``. A level
      above easy with ``clues`` 80 or 81 can never be met and raises ValueError;
      ``"nested"`` raises ValueError too, since random puzzles need nested nets too rarely to
      find one. ``"guessing"``, the old name of the puzzles logic could not finish, still
      works for one release as ``"forcing"``, with a DeprecationWarning. Another name raises
      ValueError listing the levels.
    - ``seed``: an int from 0 to 2**64 - 1 gives the same puzzle on every platform and call:
      row 0 of ``generate_many`` with the same seed and options, and the first line of
      ``valid-sudoku generate --seed``. ``None`` draws a seed from the operating system.
    - ``timeout``: a positive number of seconds, or None (the default) for no limit. A search
      still running then stops and raises ``TimeoutError`` (``timeout=0.5: generation did
      not finish within 0.5 seconds``), within milliseconds of the limit. Most requests take
      milliseconds; a few take from under a second to more than 30 s depending on the seed
      (``clues=25, symmetry="rot90"``; ``clues=29`` or ``30`` with ``minimal=True``; a
      ``difficulty`` with ``clues``: docs/generate.md has the measured spread), which is what
      a server answering users needs the limit for. Not a number is a TypeError
      (``timeout: expected a number of seconds or None, got str``); zero, below or NaN a
      ValueError.

    Requests that cannot be met raise ValueError before any search; every search runs
    without the GIL and stops on Ctrl-C (KeyboardInterrupt).

        >>> from valid_sudoku import generate, generate_many
        >>> puzzle = generate(clues=30, symmetry="rot180", seed=3)
        >>> puzzle.givens, puzzle.has_unique_solution(), puzzle == generate(clues=30, symmetry="rot180", seed=3)
        (30, True, True)
        >>> puzzle.to_numpy().ravel().tolist() == generate_many(4, clues=30, symmetry="rot180", seed=3)[0].tolist()
        True

    """

@overload
def generate_many(
    n: int,
    /,
    *,
    clues: int | None = None,
    minimal: bool = False,
    symmetry: _Symmetry | None = None,
    difficulty: str | None = None,
    seed: int | None = None,
    start: int = 0,
    threads: int | None = None,
    timeout: float | None = None,
    return_solutions: Literal[False] = False,
) -> numpy.typing.NDArray[numpy.uint8]:
    """``n`` puzzles as ``generate`` makes them, as an (n, 81) uint8 array (0 for empty), or
    ``(puzzles, solutions)`` when ``return_solutions=True``.

    The arguments are ``generate``'s, with the same errors; ``timeout`` bounds the whole call
    (no rows are returned when it passes). Runs without the GIL on up to ``threads`` threads
    (None: every core), stops on Ctrl-C, and needs no memory beyond the output but each
    thread's search state. Needs numpy.

    With a seed, every row is its own: row ``i`` is puzzle ``start + i`` of the seed (its own
    random stream), the same whatever ``threads`` and ``n`` are. So row 0 with ``start=0`` is
    ``generate(seed=seed)`` with the same options, and ``generate_many(1, seed=s, start=i)``
    makes puzzle ``i`` alone: a game that made ``generate_many(10_000, seed=s)`` can make any
    one of them again from ``(s, i)``. ``start`` is an int from 0 to 2**64 - 1.

    ``solutions=``, the old name of ``return_solutions=``, still works in this release with a
    ``DeprecationWarning``.

        >>> from valid_sudoku import generate_many, count_solutions_many
        >>> puzzles, solutions = generate_many(100, clues=25, seed=5, return_solutions=True)
        >>> puzzles.shape, set(count_solutions_many(puzzles).tolist()), bool(((puzzles == 0) | (puzzles == solutions)).all())
        ((100, 81), {1}, True)
        >>> bool((generate_many(1, clues=25, seed=5, start=42)[0] == puzzles[42]).all())
        True

    """
@overload
def generate_many(
    n: int,
    /,
    *,
    clues: int | None = None,
    minimal: bool = False,
    symmetry: _Symmetry | None = None,
    difficulty: str | None = None,
    seed: int | None = None,
    start: int = 0,
    threads: int | None = None,
    timeout: float | None = None,
    return_solutions: Literal[True],
) -> tuple[numpy.typing.NDArray[numpy.uint8], numpy.typing.NDArray[numpy.uint8]]:
    """``n`` puzzles as ``generate`` makes them, as an (n, 81) uint8 array (0 for empty), or
    ``(puzzles, solutions)`` when ``return_solutions=True``.

    The arguments are ``generate``'s, with the same errors; ``timeout`` bounds the whole call
    (no rows are returned when it passes). Runs without the GIL on up to ``threads`` threads
    (None: every core), stops on Ctrl-C, and needs no memory beyond the output but each
    thread's search state. Needs numpy.

    With a seed, every row is its own: row ``i`` is puzzle ``start + i`` of the seed (its own
    random stream), the same whatever ``threads`` and ``n`` are. So row 0 with ``start=0`` is
    ``generate(seed=seed)`` with the same options, and ``generate_many(1, seed=s, start=i)``
    makes puzzle ``i`` alone: a game that made ``generate_many(10_000, seed=s)`` can make any
    one of them again from ``(s, i)``. ``start`` is an int from 0 to 2**64 - 1.

    ``solutions=``, the old name of ``return_solutions=``, still works in this release with a
    ``DeprecationWarning``.

        >>> from valid_sudoku import generate_many, count_solutions_many
        >>> puzzles, solutions = generate_many(100, clues=25, seed=5, return_solutions=True)
        >>> puzzles.shape, set(count_solutions_many(puzzles).tolist()), bool(((puzzles == 0) | (puzzles == solutions)).all())
        ((100, 81), {1}, True)
        >>> bool((generate_many(1, clues=25, seed=5, start=42)[0] == puzzles[42]).all())
        True

    """

