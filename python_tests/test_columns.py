"""Columns as batches: pandas, polars, pyarrow, DuckDB and numpy string arrays, always read by
position, each checked against the pure-Python reference, with exact messages for nulls and
bad rows, and N = 0. Tests that need pandas, pyarrow, polars or duckdb skip without them."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from typing import Any, Callable

import numpy as np
import pytest

from batch_boards import lines, random_boards
from reference import cells_from_line, classic_from_cells, reference_conflicts, reference_is_valid
from valid_sudoku import BoardFormatError, conflicts, is_valid_many, is_valid_sudoku

COUNT = 3000
# Boards as 81-character strs, about half valid, '.' and '0' both used for empty cells.
ROWS: list[str] = [
    line.decode() for line in lines(random_boards(COUNT, 8), empty=b".").splitlines()[: COUNT // 2]
] + [line.decode() for line in lines(random_boards(COUNT, 9), empty=b"0").splitlines()[COUNT // 2 :]]
# The pure-Python reference's answer for each board, computed once.
REFERENCE = {row: reference_is_valid(cells_from_line(row)) for row in ROWS}
SHORT = ROWS[7][:80]
NOT_A_BOARD = "expected a sequence of 9 rows, an 81-character str, 81 bytes or a numpy integer array"
BAD_SYMBOL = ROWS[5][:4] + "x" + ROWS[5][5:]


def need(name: str) -> Any:
    """The module (used loosely, as Any), or skip the test where it is not installed."""
    return pytest.importorskip(name)


def symbol_message(index: int, cell: int = 4, as_bytes: bool = False) -> str:
    """The batch message for the 'x' at cell 4 of BAD_SYMBOL as board `index`, worded as the
    single-board reader words it for a str (or bytes): one alphabet, one message."""
    with pytest.raises(BoardFormatError) as caught:
        is_valid_sudoku(BAD_SYMBOL.encode() if as_bytes else BAD_SYMBOL)
    place, tail = str(caught.value).split(": ", 1)
    assert place == f"board[{cell}]"
    return f"boards[{index}][{cell}]: {tail}"


def expect(result: Any, rows: list[str]) -> None:
    assert isinstance(result, np.ndarray) and result.dtype == np.bool_
    assert result.tolist() == [REFERENCE[row] for row in rows]


def expect_error(call: Callable[[], Any], message: str, kind: type[Exception] = BoardFormatError) -> None:
    with pytest.raises(kind) as caught:
        call()
    assert str(caught.value) == message


def with_bad_rows(rows: list[str]) -> list[str]:
    """`rows` with row 7 one character short (and, once that is fixed, row 5 with an 'x')."""
    bad = list(rows)
    bad[7] = SHORT
    bad[5] = BAD_SYMBOL
    return bad


# ---------------------------------------------------------------- pandas

PANDAS_DTYPES = ["object", "string[pyarrow]", "str", "large_string[pyarrow]"]


def pandas_series(values: list[Any], dtype: str, index: Any = None) -> Any:
    pd = need("pandas")
    if "pyarrow" in dtype or dtype == "str":
        need("pyarrow")
    return pd.Series(values, dtype=dtype, index=index)


@pytest.mark.parametrize("dtype", PANDAS_DTYPES)
def test_pandas_series_answer_in_row_order_whatever_the_index(dtype: str) -> None:
    series = pandas_series(ROWS, dtype)
    expect(is_valid_many(series), ROWS)
    filtered = series[series.str.startswith(tuple("1234"))]
    assert 0 < len(filtered) < len(series)
    expect(is_valid_many(filtered), list(filtered))
    shuffled = series.sample(frac=1, random_state=3)
    expect(is_valid_many(shuffled), list(shuffled))
    duplicated = pandas_series(ROWS, dtype, index=[k % 7 for k in range(COUNT)])
    expect(is_valid_many(duplicated), ROWS)
    labelled = pandas_series(ROWS, dtype, index=[f"p{k}" for k in range(COUNT)])
    expect(is_valid_many(labelled), ROWS)
    reversed_ints = pandas_series(ROWS, dtype, index=list(range(COUNT))[::-1])
    expect(is_valid_many(reversed_ints), ROWS)
    expect(is_valid_many(series.iloc[100:200]), ROWS[100:200])
    expect(is_valid_many(pandas_series([], dtype)), [])


@pytest.mark.parametrize("dtype", PANDAS_DTYPES)
def test_pandas_series_bad_rows_name_their_position(dtype: str) -> None:
    series = pandas_series(with_bad_rows(ROWS), dtype, index=[f"p{k}" for k in range(COUNT)])
    expect_error(lambda: is_valid_many(series), symbol_message(5, 4))
    expect_error(lambda: is_valid_many(series.iloc[6:]), "boards[1]: expected 81 characters, got 80")


@pytest.mark.parametrize("dtype", ["string[pyarrow]", "str", "large_string[pyarrow]"])
def test_pandas_nulls_name_their_position(dtype: str) -> None:
    values: list[Any] = list(ROWS[:40])
    values[23] = None
    series = pandas_series(values, dtype).iloc[3:]
    # "str" is the object dtype before pandas 3; its None is a missing value there too.
    expect_error(lambda: is_valid_many(series), "boards[20]: expected a board, got null")


def test_a_none_in_an_object_series_names_its_position() -> None:
    values: list[Any] = list(ROWS[:40])
    values[23] = None
    series = pandas_series(values, "object", index=[f"p{k}" for k in range(40)]).iloc[3:]
    # None is a missing value, as NaN and an Arrow null are: one message for all.
    expect_error(lambda: is_valid_many(series), "boards[20]: expected a board, got null")
    values[23] = float("nan")
    nan = pandas_series(values, "object").iloc[3:]
    expect_error(lambda: is_valid_many(nan), "boards[20]: expected a board, got null")


def test_a_pandas_series_of_classic_boards_is_read_by_position() -> None:
    pd = need("pandas")
    boards = [classic_from_cells(cells_from_line(row)) for row in ROWS[:50]]
    series = pd.Series(boards, index=[f"b{k}" for k in range(50)]).sample(frac=1, random_state=1)
    order = [int(label[1:]) for label in series.index]
    expect(is_valid_many(series), [ROWS[k] for k in order])


def test_a_dataframe_board_is_read_by_rows() -> None:
    pd = need("pandas")
    for row in ROWS[:200]:
        cells = cells_from_line(row)
        classic = classic_from_cells(cells)
        frame = pd.DataFrame(classic, index=list("abcdefghi"), columns=[f"c{k}" for k in range(9)][::-1])
        assert is_valid_sudoku(frame) == reference_is_valid(cells)
        found = [(c.unit, c.index, c.digit, c.cells) for c in conflicts(frame)]
        assert found == reference_conflicts(cells)
        ints = pd.DataFrame(np.array(cells).reshape(9, 9))
        assert is_valid_sudoku(ints) == reference_is_valid(cells)
        assert is_valid_sudoku(pd.Series(["".join(r) for r in classic], index=list("ihgfedcba"))) == reference_is_valid(cells)
    narrow = pd.DataFrame(classic_from_cells(cells_from_line(ROWS[0]))).iloc[:, :8]
    expect_error(lambda: is_valid_sudoku(narrow), "board[0]: expected 9 cells, got 8")


def test_a_polars_dataframe_board_is_read_by_rows() -> None:
    pl = need("polars")
    for row in ROWS[:50]:
        cells = cells_from_line(row)
        frame = pl.DataFrame(classic_from_cells(cells), orient="row")
        assert is_valid_sudoku(frame) == reference_is_valid(cells)


# ---------------------------------------------------------------- pyarrow

ARROW_TYPES = ["string", "large_string", "string_view", "binary", "large_binary", "binary_view", "binary(81)"]


def arrow_type(name: str) -> Any:
    pa = need("pyarrow")
    return pa.binary(81) if name == "binary(81)" else getattr(pa, name)()


def arrow_array(rows: list[Any], name: str) -> Any:
    pa = need("pyarrow")
    values = [None if r is None else r.encode() if "binary" in name else r for r in rows]
    return pa.array(values, type=arrow_type(name))


def size_message(index: int, name: str) -> str:
    unit = "bytes" if "binary" in name else "characters"
    return f"boards[{index}]: expected 81 {unit}, got 80"


@pytest.mark.parametrize("name", ARROW_TYPES)
def test_pyarrow_arrays_chunked_arrays_and_slices(name: str) -> None:
    pa = need("pyarrow")
    array = arrow_array(ROWS, name)
    expect(is_valid_many(array), ROWS)
    expect(is_valid_many(array[17:2345]), ROWS[17:2345])
    chunked = pa.chunked_array([array[:1000], array[1000:1000], array[1000:]])
    expect(is_valid_many(chunked), ROWS)
    expect(is_valid_many(chunked[900:2100]), ROWS[900:2100])
    for threads in (1, 2, 5):
        expect(is_valid_many(chunked, threads=threads), ROWS)
    expect(is_valid_many(arrow_array([], name)), [])
    expect(is_valid_many(pa.chunked_array([], type=arrow_type(name))), [])


@pytest.mark.parametrize("name", ARROW_TYPES)
def test_pyarrow_nulls_and_bad_rows_name_their_index(name: str) -> None:
    pa = need("pyarrow")
    values: list[Any] = list(ROWS[:60])
    values[23] = None
    array = arrow_array(values, name)
    expect_error(lambda: is_valid_many(array[3:]), "boards[20]: expected a board, got null")
    chunked = pa.chunked_array([array[:10], array[10:]])
    expect_error(lambda: is_valid_many(chunked), "boards[23]: expected a board, got null")
    expect(is_valid_many(array[24:]), ROWS[24:60])
    bad = [r.encode() if "binary" in name else r for r in with_bad_rows(ROWS[:60])]
    if name == "binary(81)":
        with pytest.raises(pa.ArrowInvalid):
            pa.array(bad, type=arrow_type(name))
        bad[7] = ROWS[7].encode()
    array = pa.array(bad, type=arrow_type(name))
    expect_error(lambda: is_valid_many(array[3:]), symbol_message(2, as_bytes="binary" in name))
    if name != "binary(81)":
        expect_error(lambda: is_valid_many(array[6:]), size_message(1, name))


def test_other_arrow_types_are_refused_by_name() -> None:
    pa = need("pyarrow")
    expected = "boards: expected an Arrow string or binary column, got"
    hint = "puzzles read as numbers lose their leading zeros, so read them as text (pandas: read_csv(..., dtype=str))"
    expect_error(lambda: is_valid_many(pa.array([1, 2])), f"{expected} int64", TypeError)
    expect_error(lambda: is_valid_many(pa.array([1.5])), f"{expected} double; {hint}", TypeError)
    numbers = pa.array([1, 2]).dictionary_encode()
    expect_error(lambda: is_valid_many(numbers), f"{expected} dictionary<values=int64, indices=int32>", TypeError)
    table = pa.table({"puzzle": ROWS[:3], "clues": [1, 2, 3]})
    message = f"{expected} struct<puzzle: string, clues: int64> (a table of 2 columns: pass one of them)"
    expect_error(lambda: is_valid_many(table), message, TypeError)
    expect(is_valid_many(pa.table({"puzzle": ROWS})), ROWS)


def test_arrow_columns_of_numbers_are_read_as_numbers() -> None:
    pa, pl = need("pyarrow"), need("polars")
    cells = [cells_from_line(row) for row in ROWS[:300]]
    expect(is_valid_many(pl.Series(cells, dtype=pl.Array(pl.UInt8, 81))), ROWS[:300])
    expect(is_valid_many(pa.array(cells, pa.list_(pa.uint8(), 81))), ROWS[:300])


# ---------------------------------------------------------------- polars, DuckDB


def test_polars_series_and_slices() -> None:
    pl = need("polars")
    series = pl.Series("puzzle", ROWS)
    expect(is_valid_many(series), ROWS)
    expect(is_valid_many(series[123:2500]), ROWS[123:2500])
    several = pl.concat([series[:1000], series[1000:]], rechunk=False)
    assert several.n_chunks() == 2
    expect(is_valid_many(several), ROWS)
    expect(is_valid_many(pl.Series([r.encode() for r in ROWS])), ROWS)
    expect(is_valid_many(pl.Series("empty", [], dtype=pl.String)), [])
    expect(is_valid_many(pl.DataFrame({"puzzle": ROWS})), ROWS)
    values: list[Any] = list(ROWS[:40])
    values[23] = None
    expect_error(lambda: is_valid_many(pl.Series(values)[3:]), "boards[20]: expected a board, got null")
    expect_error(lambda: is_valid_many(pl.Series(with_bad_rows(ROWS))[6:]), "boards[1]: expected 81 characters, got 80")
    expect_error(lambda: is_valid_many(pl.Series(with_bad_rows(ROWS))[3:]), symbol_message(2, 4))


def test_polars_needs_no_pyarrow() -> None:
    need("polars")
    code = textwrap.dedent(
        """
        import sys
        sys.modules["pyarrow"] = None  # importing pyarrow now fails
        import polars as pl
        from valid_sudoku import is_valid_many
        rows = ["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"] * 3
        print(is_valid_many(pl.Series(rows)).tolist())
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[True, True, True]"


def test_duckdb_results() -> None:
    duckdb = need("duckdb")
    pa = need("pyarrow")
    puzzles = pa.table({"puzzle": ROWS})  # noqa: F841 (DuckDB finds it by its name)
    relation = duckdb.sql("select puzzle from puzzles")
    expect(is_valid_many(relation), ROWS)
    expect(is_valid_many(duckdb.sql("select puzzle from puzzles where false")), [])
    refused = duckdb.sql("select puzzle, 1 as clues from puzzles")
    with pytest.raises(TypeError, match=r"a table of 2 columns: pass one of them"):
        is_valid_many(refused)


# ---------------------------------------------------------------- numpy strings


@pytest.mark.parametrize("kind", ["U81", "S81", "object"])
def test_numpy_string_arrays(kind: str) -> None:
    values = [r.encode() for r in ROWS] if kind == "S81" else ROWS
    array = np.array(values, dtype=kind)
    expect(is_valid_many(array), ROWS)
    expect(is_valid_many(array[::3]), ROWS[::3])
    expect(is_valid_many(array[:0]), [])
    bad = with_bad_rows(ROWS[:20])
    bad[7] = ROWS[7]
    bad_array = np.array([r.encode() for r in bad] if kind == "S81" else bad, dtype=kind)
    expect_error(lambda: is_valid_many(bad_array), symbol_message(5, as_bytes=kind == "S81"))
    short = np.array([r.encode() for r in ROWS[:3]] + [SHORT.encode()] if kind == "S81" else ROWS[:3] + [SHORT], dtype=kind)
    unit = "bytes" if kind == "S81" else "characters"
    expect_error(lambda: is_valid_many(short), f"boards[3]: expected 81 {unit}, got 80")
