"""The single-board functions take what the batch functions take: DLPack tensors and one-board
Arrow columns (through the batch layer's own readers), memoryviews; and the hints and missing
values of the forms CSV readers really produce."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from search_effort import examples
import valid_sudoku
from reference import reference_is_valid
from valid_sudoku import (
    Board,
    BoardFormatError,
    conflicts,
    count_solutions,
    count_solutions_many,
    has_unique_solution,
    is_solution,
    is_valid_many,
    is_valid_sudoku,
    solve,
    solve_many,
)

SEED = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
DIGITS = SEED.replace(".", "0")
HINT = "puzzles read as numbers lose their leading zeros, so read them as text (pandas: read_csv(..., dtype=str))"
BOARD_TYPES = "a sequence of 9 rows, an 81-character str, 81 bytes or a numpy integer array"
SYMBOL = "expected a digit '1'-'9' or an empty cell '.', '0' or '_'"


def cells(line: str) -> np.ndarray[Any, Any]:
    return np.array([0 if ch in "._0" else int(ch) for ch in line], dtype=np.uint8)


def expect_error(call: Callable[[], Any], message: str, kind: type[Exception] = BoardFormatError) -> BaseException:
    with pytest.raises(kind) as caught:
        call()
    assert str(caught.value) == message
    return caught.value


class Tensor:
    """A DLPack producer that is not a numpy array (as a torch or JAX tensor is not): it
    hands out the capsule of the array it wraps."""

    def __init__(self, array: np.ndarray[Any, Any]) -> None:
        self.array = array

    def __dlpack__(self, **kwargs: Any) -> Any:
        return self.array.__dlpack__(**kwargs)

    def __dlpack_device__(self) -> tuple[int, int]:
        return self.array.__dlpack_device__()


SINGLE: list[Callable[[Any], Any]] = [
    is_valid_sudoku, conflicts, solve, count_solutions, has_unique_solution, Board, lambda b: is_solution(b, b),
]


# ------------------------------------------------------------------ DLPack tensors


@pytest.mark.parametrize("shape", [(9, 9), (81,)])
def test_every_single_board_function_reads_a_tensor(shape: tuple[int, ...]) -> None:
    tensor = Tensor(cells(SEED).reshape(shape))
    assert is_valid_sudoku(tensor) is True
    assert conflicts(tensor) == []
    assert solve(tensor) == Board(SOLUTION)
    assert count_solutions(tensor) == 1
    assert has_unique_solution(tensor) is True
    assert Board(tensor) == Board(SEED)
    assert is_solution(tensor, Tensor(cells(SOLUTION).reshape(shape))) is True
    broken = cells("8" + SEED[1:]).reshape(shape)
    assert is_valid_sudoku(Tensor(broken)) is False


def test_tensor_errors_are_the_batch_readers_words_for_one_board() -> None:
    expect_error(lambda: is_valid_sudoku(Tensor(cells(SEED).reshape(3, 27))), "board: expected shape (9, 9) or (81,), got (3, 27)")
    bad = cells(SEED).reshape(9, 9).copy()
    bad[2, 4] = 12
    error = expect_error(lambda: Board(Tensor(bad)), "board[2][4]: expected a value 0-9, got 12")
    assert (error.row, error.col, error.index) == (2, 4, None)  # type: ignore[attr-defined]
    expect_error(lambda: solve(Tensor(cells(SEED).astype(np.float32))), "board: expected an integer dtype, got float32", TypeError)


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(st.integers(0, 9), min_size=81, max_size=81),
    st.sampled_from(["uint8", "int8", "int16", ">i4", "uint32", "int64"]),
    st.sampled_from([(9, 9), (81,)]),
    st.booleans(),
)
def test_any_integer_tensor_reads_as_its_values(values: list[int], dtype: str, shape: tuple[int, ...], transpose: bool) -> None:
    array = np.array(values, dtype=np.dtype(dtype).newbyteorder("=")).reshape(shape)
    if transpose and shape == (9, 9):
        array = array.T
    expected = [int(v) for v in array.reshape(81)]
    assert is_valid_sudoku(Tensor(array)) == reference_is_valid(expected)
    assert Board(Tensor(array)) == Board(array)


def test_torch_tensors_when_torch_is_installed() -> None:
    torch = pytest.importorskip("torch")
    tensor = torch.tensor(cells(SEED).astype(np.int64)).reshape(9, 9)
    assert is_valid_sudoku(tensor) is True
    assert solve(tensor) == Board(SOLUTION)


# ------------------------------------------------------------------ Arrow columns of one board


def test_an_arrow_column_of_one_board() -> None:
    pa = pytest.importorskip("pyarrow")
    pl = pytest.importorskip("polars")
    for column in [pa.array([SEED]), pa.array([SEED.encode()]), pa.chunked_array([[SEED]]), pl.Series([SEED]),
                   pl.Series([SEED], dtype=pl.Categorical), pa.array([SEED]).dictionary_encode()]:
        assert is_valid_sudoku(column) is True
        assert Board(column) == Board(SEED)
        assert solve(column) == Board(SOLUTION)
    # A numeric pyarrow array is a flat board, by DLPack.
    assert Board(pa.array(cells(SEED))) == Board(SEED)
    error = expect_error(lambda: conflicts(pa.array(["x" + SEED[1:]])), f"board[0]: {SYMBOL}, got 'x'")
    assert (error.row, error.col, error.index) == (0, 0, None)  # type: ignore[attr-defined]
    expect_error(lambda: is_valid_sudoku(pa.array([None], pa.string())), "board: expected a board, got null")
    many = "board: expected an Arrow column of 1 board, got 2 rows; for many boards use the *_many functions"
    expect_error(lambda: is_valid_sudoku(pa.array([SEED, SEED])), many, TypeError)


# ------------------------------------------------------------------ memoryview, lines, Board.parse


def test_a_memoryview_of_81_bytes_is_a_flat_board() -> None:
    assert is_valid_sudoku(memoryview(SEED.encode())) is True
    assert Board(memoryview(bytearray(SEED.encode()))) == Board(SEED)
    assert solve(memoryview(SEED.encode())) == Board(SOLUTION)
    expect_error(lambda: is_valid_sudoku(memoryview(SEED.encode()[:80])), "board: expected 81 bytes, got 80")
    expect_error(lambda: is_valid_sudoku(memoryview(b"x" + SEED.encode()[1:])), f"board[0]: {SYMBOL}, got 'x'")


def test_text_in_lines_points_to_board_parse() -> None:
    text = "53..7....\n" * 9
    hint = "a board written in lines is read by Board.parse(text)"
    expect_error(lambda: is_valid_sudoku(text), f"board: expected 81 characters, got 90; {hint}")
    expect_error(lambda: is_valid_many([SEED, text]), f"boards[1]: expected 81 characters, got 90; {hint}")
    expect_error(lambda: is_valid_sudoku(SEED[:80]), "board: expected 81 characters, got 80")


# ------------------------------------------------------------------ puzzles read as numbers


def test_puzzles_read_as_numbers_get_the_hint_in_every_form() -> None:
    pd = pytest.importorskip("pandas")
    pa = pytest.importorskip("pyarrow")
    duckdb = pytest.importorskip("duckdb")
    number: Any = int(DIGITS)
    expect_error(lambda: is_valid_sudoku(number), f"board: expected {BOARD_TYPES}, got int; {HINT}", TypeError)
    # pandas' default read_csv: 81 digits do not fit int64, so an object column of Python ints.
    objects = pd.Series([number, number], dtype=object)
    expect_error(lambda: is_valid_many(objects), f"boards[0]: expected {BOARD_TYPES}, got int; {HINT}", TypeError)
    # engine="pyarrow": double[pyarrow].
    doubles = pd.Series([float(number)], dtype="double[pyarrow]")
    expect_error(lambda: solve_many(doubles), f"boards: expected an Arrow string or binary column, got double; {HINT}", TypeError)
    expect_error(lambda: is_valid_many(np.array([float(number)])), f"boards: expected an integer dtype or puzzle strings, got float64; {HINT}", TypeError)
    expect_error(lambda: is_valid_many(pa.array([1.5])), f"boards: expected an Arrow string or binary column, got double; {HINT}", TypeError)
    # DuckDB's read_csv infers BIGNUM, an extension type over binary storage: refused by name.
    bignum = duckdb.sql(f"select '{DIGITS}'::BIGNUM as puzzle")
    message = f"boards: expected an Arrow string or binary column, got extension type arrow.opaque (bignum); {HINT}"
    expect_error(lambda: is_valid_many(bignum), message, TypeError)
    # The text DuckDB reads with all_varchar is read as any string column.
    assert is_valid_many(duckdb.sql(f"select '{DIGITS}' as puzzle")).tolist() == [True]


# ------------------------------------------------------------------ dictionary-encoded columns


def test_dictionary_encoded_columns_are_read_in_place() -> None:
    pa = pytest.importorskip("pyarrow")
    pl = pytest.importorskip("polars")
    rows = [SEED, SOLUTION, "8" + SEED[1:], SEED]
    expected = [True, True, False, True]
    for column in [pl.Series(rows, dtype=pl.Categorical), pl.Series(rows, dtype=pl.Enum(sorted(set(rows)))),
                   pa.array(rows).dictionary_encode(), pa.chunked_array([pa.array(rows[:2]).dictionary_encode(), pa.array(rows[2:]).dictionary_encode()]),
                   pa.array(rows, pa.large_string()).dictionary_encode(), pl.DataFrame({"p": rows}, schema={"p": pl.Categorical})]:
        assert is_valid_many(column).tolist() == expected
    assert solve_many(pa.array(rows).dictionary_encode(), as_text=True).tolist()[0] == SOLUTION
    # Errors and nulls are those of a string column.
    bad = pl.Series([SEED, "x" + SEED[1:]], dtype=pl.Categorical)
    error = expect_error(lambda: is_valid_many(bad), f"boards[1][0]: {SYMBOL}, got 'x'")
    assert (error.index, error.row, error.col) == (1, 0, 0)  # type: ignore[attr-defined]
    expect_error(lambda: is_valid_many(pl.Series([SEED, None], dtype=pl.Categorical)), "boards[1]: expected a board, got null")
    expect_error(lambda: is_valid_many(pa.array([SEED, None, SEED]).dictionary_encode()), "boards[1]: expected a board, got null")


# ------------------------------------------------------------------ missing values


@pytest.mark.parametrize("missing", [None, float("nan"), np.float64("nan")])
def test_none_and_nan_are_both_missing(missing: Any) -> None:
    pd = pytest.importorskip("pandas")
    for boards in [[SEED, missing], np.array([SEED, missing], dtype=object), pd.Series([SEED, missing], dtype=object)]:
        error = expect_error(lambda: is_valid_many(boards), "boards[1]: expected a board, got null")
        assert error.index == 1  # type: ignore[attr-defined]
    expect_error(lambda: is_valid_many([SEED, pd.NA]), "boards[1]: expected a board, got null")


# ------------------------------------------------------------------ limit=None


def test_limit_none_is_a_type_error_like_any_other_non_int() -> None:
    for call in [lambda: count_solutions(SEED, limit=None),  # type: ignore[arg-type]
                 lambda: count_solutions_many([SEED], limit=None),  # type: ignore[arg-type]
                 lambda: Board(SEED).count_solutions(limit=None)]:  # type: ignore[arg-type]
        expect_error(call, "limit: expected an int, got NoneType", TypeError)
    assert count_solutions("." * 81) == 2 and count_solutions("." * 81, limit=5) == 5


# ------------------------------------------------------------------ solve_many(as_text=True)


def test_solve_many_as_text_is_a_column_with_missing_values() -> None:
    unsolvable = "11" + "." * 79
    texts = solve_many([SEED, unsolvable, SOLUTION], as_text=True)
    assert texts.dtype == object and texts.shape == (3,)
    assert texts.tolist() == [SOLUTION, None, SOLUTION]
    assert solve_many([], as_text=True).shape == (0,)
    assert solve_many([SEED], as_text=False).shape == (1, 81)
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"puzzle": [SEED, unsolvable]})
    frame["solution"] = solve_many(frame["puzzle"], as_text=True)
    assert frame["solution"].isna().tolist() == [False, True]
    assert frame["solution"][0] == SOLUTION
    flag: Any = "yes"
    expect_error(lambda: solve_many([SEED], as_text=flag), "as_text: expected True or False, got str", TypeError)


def test_every_single_board_function_accepts_the_new_forms() -> None:
    forms: list[Any] = [memoryview(SEED.encode()), Tensor(cells(SEED))]
    for function in SINGLE:
        for form in forms:
            function(form)
    assert valid_sudoku.is_valid_sudoku(forms[0]) is True


def test_the_inputs_page_examples_run() -> None:
    import doctest
    from pathlib import Path

    pytest.importorskip("pandas")
    page = Path(__file__).resolve().parent.parent / "docs" / "inputs.md"
    failures, tried = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried >= 10 and failures == 0
