"""One alphabet for every input form: '1'-'9' are digits; '.', '0' and '_' are empty; every
message about a bad symbol is worded the same way."""

from __future__ import annotations

import io
from typing import Any, Callable

import numpy as np
import pytest
from board_strategies import boards
from boards import SEED_1, SEED_1_LINE, SEED_2_LINE
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import cells_from_line, reference_is_valid

from search_effort import examples
import valid_sudoku
from valid_sudoku import Board, BoardFormatError, conflicts, is_valid_many, is_valid_sudoku

SYMBOLS = "expected a digit '1'-'9' or an empty cell '.', '0' or '_'"


def forms(line: str) -> dict[str, Any]:
    """The same board in every single-board form that takes symbols."""
    rows = [line[r * 9 : r * 9 + 9] for r in range(9)]
    return {
        "classic": [list(row) for row in rows],
        "tuples": tuple(tuple(row) for row in rows),
        "row strs": rows,
        "flat str": line,
        "bytes": line.encode(),
        "bytearray": bytearray(line.encode()),
    }


@pytest.mark.parametrize("empty", [".", "0", "_"])
@pytest.mark.parametrize("name", list(forms(SEED_1_LINE)))
def test_every_empty_symbol_works_in_every_form(empty: str, name: str) -> None:
    valid = forms(SEED_1_LINE.replace(".", empty))[name]
    invalid = forms(SEED_2_LINE.replace(".", empty))[name]
    assert is_valid_sudoku(valid) is True
    assert is_valid_sudoku(invalid) is False
    assert Board(valid) == Board(SEED_1_LINE)
    assert len(conflicts(invalid)) == 2


@pytest.mark.parametrize("empty", [".", "0", "_"])
def test_every_empty_symbol_works_in_batches_text_and_the_command(empty: str, monkeypatch: Any) -> None:
    valid, invalid = SEED_1_LINE.replace(".", empty), SEED_2_LINE.replace(".", empty)
    # 40 lines, so the SIMD block path (32 lines at a time) sees them as well as the line path.
    lines = [valid, invalid] * 20
    expected = [True, False] * 20
    assert is_valid_many("\n".join(lines).encode()).tolist() == expected
    assert is_valid_many(lines).tolist() == expected
    assert is_valid_many([forms(line)["classic"] for line in lines]).tolist() == expected
    assert Board.parse(valid) == Board(SEED_1_LINE)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert valid_sudoku.main(["--quiet"]) == 1


def message(call: Callable[[Any], object], board: Any) -> str:
    with pytest.raises(BoardFormatError) as caught:
        call(board)
    return str(caught.value)


def test_a_bad_symbol_is_worded_the_same_in_every_form() -> None:
    bad = SEED_1_LINE[:22] + "x" + SEED_1_LINE[23:]
    every = forms(bad)
    assert message(is_valid_sudoku, every["classic"]) == f"board[2][4]: {SYMBOLS}, got 'x'"
    assert message(is_valid_sudoku, every["row strs"]) == f"board[2][4]: {SYMBOLS}, got 'x'"
    assert message(is_valid_sudoku, every["flat str"]) == f"board[22]: {SYMBOLS}, got 'x'"
    assert message(is_valid_sudoku, every["bytes"]) == f"board[22]: {SYMBOLS}, got 'x'"
    assert message(is_valid_sudoku, bad.encode()[:22] + b"\xff" + bad.encode()[23:]) == (
        f"board[22]: {SYMBOLS}, got byte 0xff"
    )
    assert message(Board, every["classic"]) == f"board[2][4]: {SYMBOLS}, got 'x'"
    assert message(is_valid_many, [SEED_1_LINE, bad]) == f"boards[1][22]: {SYMBOLS}, got 'x'"
    assert message(is_valid_many, (SEED_1_LINE + "\n" + bad).encode()) == (
        f"line 2, column 23: {SYMBOLS}, got 'x'"
    )
    assert message(Board.parse, bad) == f"line 1, column 23: {SYMBOLS}, got 'x'"


def test_the_command_words_a_bad_symbol_the_same_way(capsys: pytest.CaptureFixture[str], monkeypatch: Any) -> None:
    bad = SEED_1_LINE[:22] + "x" + SEED_1_LINE[23:]
    monkeypatch.setattr("sys.stdin", io.StringIO(bad + "\n"))
    assert valid_sudoku.main([]) == 2
    assert capsys.readouterr().err == f"error: <stdin>:1:23: {SYMBOLS}, got 'x'\n"


def test_numpy_str_boards_read_the_same_alphabet() -> None:
    board = np.array([[cell.replace(".", "_") for cell in row] for row in SEED_1])
    assert is_valid_sudoku(board) is True


@settings(max_examples=examples(300))
@given(cells=boards(), empties=st.lists(st.sampled_from("._0"), min_size=81, max_size=81))
def test_mixed_empty_symbols_agree_with_the_reference(cells: list[int], empties: list[str]) -> None:
    line = "".join(empty if v == 0 else str(v) for v, empty in zip(cells, empties))
    expected = reference_is_valid(cells_from_line(line))
    assert is_valid_sudoku(line) is expected
    assert is_valid_sudoku(forms(line)["classic"]) is expected
    assert is_valid_many(line.encode() + b"\n").tolist() == [expected]
