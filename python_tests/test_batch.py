"""is_valid_many: accepted forms, N=0, threads, exact error messages, the GIL, and the shared data."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from batch_boards import SOLVED, lines, random_boards, reference_many
from gil import assert_releases_the_gil, released_the_gil
from puzzles import DATA_DIR, KAGGLE_FILE, LINE_FILES, TDOKU_FILE, data_available, puzzle_lines
from valid_sudoku import BoardFormatError, is_valid_many, is_valid_sudoku

SEED = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
BROKEN = "8" + SEED[1:]


def cells_of(line: str) -> list[int]:
    return [0 if ch in ".0" else int(ch) for ch in line]


def two_boards(dtype: type = np.uint8) -> np.ndarray[Any, Any]:
    return np.array([cells_of(SEED), cells_of(BROKEN)], dtype=dtype)


def expect_flags(result: Any, expected: list[bool]) -> None:
    assert isinstance(result, np.ndarray)
    assert result.dtype == np.bool_
    assert result.shape == (len(expected),)
    assert result.tolist() == expected


# ---------------------------------------------------------------- accepted forms


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64])
def test_every_integer_dtype_and_both_shapes(dtype: type) -> None:
    boards = two_boards(dtype)
    expect_flags(is_valid_many(boards), [True, False])
    expect_flags(is_valid_many(boards.reshape(2, 9, 9)), [True, False])


def test_non_native_byte_order_is_read_correctly() -> None:
    boards = two_boards(np.int32).astype(">i4")
    expect_flags(is_valid_many(boards), [True, False])


def test_bytes_bytearray_memoryview_and_other_buffers() -> None:
    text = f"{SEED}\n{BROKEN}\n".encode()
    for form in (text, bytearray(text), memoryview(text), memoryview(bytearray(text))):
        expect_flags(is_valid_many(form), [True, False])
    import array

    expect_flags(is_valid_many(array.array("B", text)), [True, False])


def test_crlf_and_no_final_newline_and_zeros_for_empty() -> None:
    zeros = SEED.replace(".", "0")
    for text in (
        f"{SEED}\r\n{BROKEN}\r\n{zeros}",
        f"{SEED}\r\n{BROKEN}\r\n{zeros}\r\n",
        f"{SEED}\n{BROKEN}\r\n{zeros}",
        f"{SEED}\n{BROKEN}\n{zeros}\r",
    ):
        expect_flags(is_valid_many(text.encode()), [True, False, True])


def test_crlf_files_of_many_lines_take_the_fast_path_and_agree() -> None:
    cells = random_boards(5000, seed=11)
    expected = reference_many(cells).tolist()
    for ending in (b"\n", b"\r\n"):
        for final in (True, False):
            expect_flags(is_valid_many(lines(cells, ending, final)), expected)
            expect_flags(is_valid_many(lines(cells, ending, final, empty=b"0")), expected)


def test_sequences_of_any_board_form() -> None:
    grid = [list(SEED[r * 9 : r * 9 + 9]) for r in range(9)]
    broken_rows = [BROKEN[r * 9 : r * 9 + 9] for r in range(9)]
    ints = [cells_of(BROKEN)[r * 9 : r * 9 + 9] for r in range(9)]
    forms: list[Any] = [SEED, BROKEN, grid, broken_rows, ints, tuple(map(tuple, grid)), SEED.encode(), two_boards()[0]]
    expected = [True, False, True, False, False, True, True, True]
    expect_flags(is_valid_many(forms), expected)
    expect_flags(is_valid_many(tuple(forms)), expected)
    expect_flags(is_valid_many([SEED.replace(".", "0")]), [True])


def test_empty_batches() -> None:
    empties: tuple[Any, ...] = (
        np.empty((0, 81), np.uint8),
        np.empty((0, 9, 9), np.int64),
        b"",
        bytearray(),
        memoryview(b""),
        [],
        (),
    )
    for empty in empties:
        expect_flags(is_valid_many(empty), [])


def test_threads_give_identical_results() -> None:
    cells = random_boards(200_000, seed=3)
    expected = reference_many(cells)
    text = lines(cells)
    for threads in (None, 1, 2, 3, 64):
        assert np.array_equal(is_valid_many(cells, threads=threads), expected)
        assert np.array_equal(is_valid_many(cells.astype(np.int16), threads=threads), expected)
        assert np.array_equal(is_valid_many(text, threads=threads), expected)


def test_input_is_not_modified_and_read_only_arrays_work() -> None:
    cells = random_boards(1000, seed=5)
    before = cells.copy()
    cells.flags.writeable = False
    assert np.array_equal(is_valid_many(cells), reference_many(before))
    assert np.array_equal(cells, before)


def test_single_numpy_boards_in_is_valid_sudoku() -> None:
    board = two_boards()
    assert is_valid_sudoku(board[0]) is True
    assert is_valid_sudoku(board[1].reshape(9, 9)) is False
    assert is_valid_sudoku(board[0].astype(np.int64).reshape(9, 9)[:, ::-1]) is True
    assert is_valid_sudoku(board.reshape(2, 9, 9)[1].T) is False
    # Non-integer arrays still go through the generic reader: one-character strings work.
    assert is_valid_sudoku(np.array([list(SEED[r * 9 : r * 9 + 9]) for r in range(9)])) is True


def test_solved_grid_and_empty_board() -> None:
    expect_flags(is_valid_many([SOLVED, "." * 81, "0" * 81]), [True, True, True])


# ---------------------------------------------------------------- errors


def raised(call: Any, *args: Any, **kwargs: Any) -> BaseException:
    with pytest.raises(Exception) as info:
        call(*args, **kwargs)
    return info.value


def where(error: BaseException, *names: str) -> tuple[Any, ...]:
    """The error's position attributes, by name (index, row, col, line, column)."""
    return tuple(getattr(error, name) for name in names)


def test_value_out_of_range_names_board_row_and_column() -> None:
    boards = np.zeros((20, 9, 9), dtype=np.int64)
    boards[17, 2, 4] = 12
    boards[19, 0, 0] = -1
    for threads in (1, 2, None):
        error = raised(is_valid_many, boards, threads=threads)
        assert type(error) is BoardFormatError
        assert str(error) == "boards[17][2][4]: expected a value 0-9, got 12"
        assert where(error, "index", "row", "col") == (17, 2, 4)
    error = raised(is_valid_many, boards.reshape(20, 81))
    assert str(error) == "boards[17][22]: expected a value 0-9, got 12"
    assert where(error, "index", "row", "col") == (17, 2, 4)
    boards[17, 2, 4] = 0
    assert str(raised(is_valid_many, boards)) == "boards[19][0][0]: expected a value 0-9, got -1"
    huge = np.zeros((1, 81), dtype=np.uint64)
    huge[0, 80] = 2**64 - 1
    assert str(raised(is_valid_many, huge)) == "boards[0][80]: expected a value 0-9, got 18446744073709551615"
    small = np.zeros((40, 81), dtype=np.uint8)
    small[33, 5] = 10
    assert str(raised(is_valid_many, small)) == "boards[33][5]: expected a value 0-9, got 10"


def test_the_first_bad_board_is_reported_whatever_the_threads() -> None:
    cells = random_boards(300_000, seed=8)
    cells[250_000, 3] = 200
    cells[123_456, 80] = 10
    for threads in (1, 2, 4, None):
        error = raised(is_valid_many, cells, threads=threads)
        assert str(error) == "boards[123456][80]: expected a value 0-9, got 10"
    text = bytearray(lines(cells.clip(0, 9)))
    text[82 * 200_001 + 7] = ord("?")
    text[82 * 123_456 + 80] = ord("x")
    for threads in (1, 2, 4, None):
        error = raised(is_valid_many, text, threads=threads)
        assert str(error) == "line 123457, column 81: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'"
        assert where(error, "index", "lineno", "colno", "row", "col") == (123456, 123457, 81, 8, 8)


def test_bad_lines_name_line_and_column() -> None:
    good = [SEED] * 20
    bad = good.copy()
    bad[17] = SEED[:4] + "x" + SEED[5:]
    error = raised(is_valid_many, "\n".join(bad).encode())
    assert type(error) is BoardFormatError
    assert str(error) == "line 18, column 5: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'"
    assert where(error, "index", "lineno", "colno", "row", "col") == (17, 18, 5, 0, 4)
    bad[17] = SEED[:80]
    error = raised(is_valid_many, "\r\n".join(bad).encode())
    assert str(error) == "line 18, column 81: expected 81 cells, got 80"
    assert where(error, "index", "lineno", "colno", "row", "col") == (17, 18, 81, 8, 8)
    bad[17] = SEED + "1"
    error = raised(is_valid_many, "\n".join(bad).encode())
    assert str(error) == "line 18, column 82: expected the end of the line after 81 cells, got '1'"
    assert where(error, "index", "lineno", "colno", "row", "col") == (17, 18, 82, None, None)
    assert str(raised(is_valid_many, f"{SEED}\n\n{SEED}\n".encode())) == "line 2, column 1: expected 81 cells, got 0"
    assert str(raised(is_valid_many, f"# comment\n{SEED}\n".encode())) == (
        "line 1, column 1: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got '#'"
    )
    tab = SEED[:80] + "\t"
    assert str(raised(is_valid_many, tab.encode())) == (
        "line 1, column 81: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got '\\t'"
    )
    assert str(raised(is_valid_many, (SEED[:80] + "\xff").encode("latin-1"))) == (
        "line 1, column 81: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got byte 0xff"
    )


def test_wrong_shapes_and_dtypes() -> None:
    for shape, shown in (((3, 9, 8), "(3, 9, 8)"), ((81,), "(81,)"), ((9, 9), "(9, 9)"), ((2, 80), "(2, 80)"), ((), "()")):
        error = raised(is_valid_many, np.zeros(shape, np.uint8))
        assert type(error) is BoardFormatError
        assert str(error) == f"boards: expected shape (N, 9, 9) or (N, 81), got {shown}"
        assert where(error, "index", "row", "col") == (None, None, None)
    for dtype, shown in ((np.float64, "float64"), (np.bool_, "bool"), (np.complex64, "complex64")):
        error = raised(is_valid_many, np.zeros((2, 81), dtype))
        assert type(error) is TypeError
        assert str(error) == f"boards: expected an integer dtype or puzzle strings, got {shown}"
    error = raised(is_valid_many, np.zeros((2, 81), object))
    assert type(error) is TypeError
    assert str(error) == "boards: expected an integer dtype or puzzle strings, got object of shape (2, 81)"
    error = raised(is_valid_many, np.zeros((2, 81), "<U1"))
    assert type(error) is TypeError
    assert str(error) == "boards: expected a 1-D array of puzzle strings, got <U1 of shape (2, 81)"


def test_a_column_of_numbers_gets_a_hint() -> None:
    # pandas reads a puzzle column of digits as ints unless told dtype=str.
    error = raised(is_valid_many, np.array([4, 1_234_567], np.int64))
    assert type(error) is BoardFormatError
    assert str(error) == (
        "boards: expected shape (N, 9, 9) or (N, 81), got (2,); puzzles read as numbers lose their "
        "leading zeros, so read them as text (pandas: read_csv(..., dtype=str))"
    )


def test_single_array_board_errors() -> None:
    board = np.zeros((9, 9), np.int32)
    board[2, 4] = 12
    error = raised(is_valid_sudoku, board)
    assert type(error) is BoardFormatError
    assert str(error) == "board[2][4]: expected a value 0-9, got 12"
    assert where(error, "index", "row", "col") == (None, 2, 4)
    assert str(raised(is_valid_sudoku, board.reshape(81))) == "board[22]: expected a value 0-9, got 12"
    assert str(raised(is_valid_sudoku, np.zeros((3, 9), np.uint8))) == "board: expected shape (9, 9) or (81,), got (3, 9)"
    assert str(raised(is_valid_many, [np.zeros((3, 9), np.uint8)])) == "boards[0]: expected shape (9, 9) or (81,), got (3, 9)"
    assert str(raised(is_valid_many, [SEED, board])) == "boards[1][2][4]: expected a value 0-9, got 12"


def test_sequence_errors_name_the_board() -> None:
    rows = [SEED[r * 9 : r * 9 + 9] for r in range(9)]
    rows[2] = rows[2][:4] + "x" + rows[2][5:]
    error = raised(is_valid_many, [SEED, SEED, SEED, rows])
    assert type(error) is BoardFormatError
    assert str(error) == "boards[3][2][4]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'"
    assert where(error, "index", "row", "col") == (3, 2, 4)
    ints = [[0] * 9 for _ in range(9)]
    ints[2][4] = 12
    assert str(raised(is_valid_many, [SEED] * 17 + [ints])) == "boards[17][2][4]: expected a value 0-9, got 12"
    assert str(raised(is_valid_many, [SEED[:80]])) == "boards[0]: expected 81 characters, got 80"
    error = raised(is_valid_many, [SEED, 5])
    assert type(error) is TypeError
    assert str(error) == (
        "boards[1]: expected a sequence of 9 rows, an 81-character str, 81 bytes or a numpy integer array, got int; "
        "puzzles read as numbers lose their leading zeros, so read them as text (pandas: read_csv(..., dtype=str))"
    )


def test_wrong_types_and_threads() -> None:
    for value, name in ((5, "int"), (SEED, "str"), (None, "NoneType")):
        error = raised(is_valid_many, value)
        assert type(error) is TypeError
        assert str(error) == (
            f"boards: expected a numpy integer array, bytes of puzzle lines or a sequence of boards, got {name}"
        )
    import array

    error = raised(is_valid_many, memoryview(array.array("i", [0, 0, 0, 0])))
    assert type(error) is TypeError
    assert str(error) == "boards: expected a contiguous buffer of bytes, got format 'i' with item size 4"
    for threads, kind, message in (
        (0, ValueError, "threads: expected a positive int or None, got 0"),
        (-3, ValueError, "threads: expected a positive int or None, got -3"),
        ("2", TypeError, "threads: expected an int or None, got str"),
        (True, TypeError, "threads: expected an int or None, got bool"),
        (2.0, TypeError, "threads: expected an int or None, got float"),
    ):
        error = raised(is_valid_many, [SEED], threads=threads)
        assert type(error) is kind
        assert str(error) == message
    assert is_valid_many([SEED], threads=2**70).tolist() == [True]


def test_positional_only_and_keyword_only() -> None:
    assert type(raised(is_valid_many, boards=[SEED])) is TypeError
    assert type(raised(is_valid_many, [SEED], 2)) is TypeError


# ---------------------------------------------------------------- the GIL


def test_the_gil_is_released_during_a_long_call() -> None:
    # A broadcast view: millions of boards that take no memory, read through the strided path.
    boards = np.broadcast_to(np.array(two_boards(np.int64)[1]), (3_000_000, 81))
    result = assert_releases_the_gil(lambda: is_valid_many(boards, threads=1))
    assert not result.any()


def test_the_gil_check_tells_a_call_that_holds_it() -> None:
    # bytes.count holds the GIL throughout; time.sleep gives it up.
    assert released_the_gil(lambda: bytes(10**8).count(b"\x01")) == (False, 0)
    assert released_the_gil(lambda: time.sleep(0.05)) == (True, None)


# ---------------------------------------------------------------- numpy is optional


def test_without_numpy_single_boards_work_and_is_valid_many_says_what_to_install() -> None:
    script = textwrap.dedent(
        f"""
        import sys
        sys.modules["numpy"] = None  # any "import numpy" now raises ImportError
        import valid_sudoku
        seed = {SEED!r}
        rows = [seed[r * 9 : r * 9 + 9] for r in range(9)]
        assert valid_sudoku.is_valid_sudoku([list(row) for row in rows]) is True
        assert valid_sudoku.is_valid_sudoku(tuple(rows)) is True
        assert valid_sudoku.is_valid_sudoku(seed) is True
        assert valid_sudoku.is_valid_sudoku(seed.encode()) is True
        assert valid_sudoku.is_valid_sudoku([[0] * 9 for _ in range(9)]) is True
        try:
            valid_sudoku.is_valid_sudoku(5)
        except TypeError:
            pass
        for boards in ([seed], seed.encode()):
            try:
                valid_sudoku.is_valid_many(boards)
            except ImportError as error:
                print(error)
            else:
                raise SystemExit("no ImportError")
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    messages = done.stdout.splitlines()
    assert len(messages) == 2
    for message in messages:
        assert message.startswith(
            "the batch functions return numpy arrays and need numpy: pip install numpy"
        )


# ---------------------------------------------------------------- the shared data


def shared_file_bytes(name: str) -> bytes:
    """A data file as bytes, one board a line: '#' and blank lines dropped (is_valid_many treats
    every line as a board), and for the two multi-field files, their puzzle and solution fields."""
    raw = (DATA_DIR / name).read_bytes()
    if name in (TDOKU_FILE, KAGGLE_FILE):
        return "\n".join(puzzle_lines(name)).encode()
    kept = [line for line in raw.splitlines(keepends=True) if line.strip() and not line.startswith(b"#")]
    return b"".join(kept)


@pytest.mark.skipif(not data_available(), reason="../shared/data is not next to this checkout")
@pytest.mark.parametrize("name", [*LINE_FILES, TDOKU_FILE, KAGGLE_FILE])
def test_every_shared_data_file_read_as_bytes(name: str) -> None:
    text = shared_file_bytes(name)
    result = is_valid_many(text)
    boards = puzzle_lines(name)
    assert len(result) == len(boards) > 0
    cells = np.array([cells_of(line) for line in boards], dtype=np.uint8)
    assert np.array_equal(result, reference_many(cells))
    assert result.all()  # the data's README: every puzzle there is valid
    assert np.array_equal(is_valid_many(boards), result)
    assert np.array_equal(is_valid_many(cells), result)


def test_shared_data_files_exist_where_the_tests_look(shared_puzzles: list[str]) -> None:
    assert Path(DATA_DIR).is_dir()
    assert len(shared_puzzles) > 60_000
