"""Board.parse: every text format, round trips, each error with its message and position,
and every board in ../shared/data."""

from __future__ import annotations

import csv
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import puzzles
from board_strategies import boards
from reference import line_from_cells
from valid_sudoku import Board, BoardFormatError

SEED = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SEED_ROWS = [SEED[r * 9 : r * 9 + 9] for r in range(9)]

DISPLAY = """\
5 3 . |. 7 . |. . .
6 . . |1 9 5 |. . .
. 9 8 |. . . |. 6 .
------+------+------
8 . . |. 6 . |. . 3
4 . . |8 . 3 |. . 1
7 . . |. 2 . |. . 6
------+------+------
. 6 . |. . . |2 8 .
. . . |4 1 9 |. . 5
. . . |. 8 . |. 7 9
"""

BOXED = """\
+-------+-------+-------+
| 5 3 _ | _ 7 _ | _ _ _ |
| 6 _ _ | 1 9 5 | _ _ _ |
| _ 9 8 | _ _ _ | _ 6 _ |
+-------+-------+-------+
| 8 _ _ | _ 6 _ | _ _ 3 |
| 4 _ _ | 8 _ 3 | _ _ 1 |
| 7 _ _ | _ 2 _ | _ _ 6 |
+-------+-------+-------+
| _ 6 _ | _ _ _ | 2 8 _ |
| _ _ _ | 4 1 9 | _ _ 5 |
| _ _ _ | _ 8 _ | _ 7 9 |
+-------+-------+-------+
"""


@pytest.mark.parametrize(
    "text",
    [
        SEED,
        SEED.replace(".", "0"),
        SEED.replace(".", "_"),
        SEED + "\n",
        SEED + "   \t\n\n",
        SEED + "  # LeetCode 36, example 1",
        SEED + "# no space needed",
        SEED + "\tanything after whitespace is a comment",
        "# a puzzle\n\n    " + SEED + "\r\n",
    ],
)
def test_one_line(text: str) -> None:
    assert Board.parse(text) == Board(SEED)


@pytest.mark.parametrize(
    "text",
    [
        "\n".join(SEED_ROWS),
        "\r\n".join(SEED_ROWS) + "\r\n",
        "\n\n".join(SEED_ROWS),
        "\n".join(" ".join(row) for row in SEED_ROWS),
        DISPLAY,
        BOXED,
        "".join(f"    {line}\n" for line in DISPLAY.splitlines()),
        DISPLAY.replace("\n", "   # comment\n", 2),
        "53.|.7.|...\n6..|195|...\n.98|...|.6.\n---+---+---\n8..|.6.|..3\n4..|8.3|..1\n"
        "7..|.2.|..6\n---+---+---\n.6.|...|28.\n...|419|..5\n...|.8.|.79",
        str(Board(SEED)),
    ],
)
def test_nine_lines(text: str) -> None:
    assert Board.parse(text) == Board(SEED)


@given(boards())
def test_round_trips(cells: list[int]) -> None:
    board = Board(line_from_cells(cells))
    assert Board.parse(str(board)) == board
    assert Board.parse(repr(board)[7:-2]) == board
    for empty in ".0_":
        assert Board.parse(board.to_string(empty)) == board
    assert Board.parse("\n".join(" ".join(row) for row in board.to_list())) == board


def bad_cell(line: int, column: int, found: str) -> tuple[int, int, str]:
    return line, column, f"line {line}, column {column}: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got '{found}'"


ERRORS: list[tuple[str, tuple[int, int, str]]] = [
    (SEED[:22] + "x" + SEED[23:], bad_cell(1, 23, "x")),
    ("\n  " + SEED[:22] + "x" + SEED[23:], bad_cell(2, 25, "x")),
    (SEED[:22] + "é" + SEED[23:], bad_cell(1, 23, "é")),
    # Control characters are escaped by the shared error helper (Rust style).
    ("\x07" + SEED[1:], bad_cell(1, 1, "\\x07")),
    (DISPLAY.replace(". 9 8 |", ". 9 8 x", 1), bad_cell(3, 7, "x")),
    (DISPLAY.replace("7 . . |", "7 . , |", 1), bad_cell(7, 5, ",")),
    (SEED[:80], (1, 81, "line 1, column 81: expected 81 cells, got 80")),
    (SEED + "123", (1, 82, "line 1, column 82: expected 81 cells, got 84")),
    ("123 456", (1, 4, "line 1, column 4: expected 81 cells, got 3")),
    (DISPLAY.replace("4 . . |8 . 3 |. . 1", "4 . . |8 . 3 |. .", 1),
     (6, 18, "line 6, column 18: expected 9 cells, got 8")),
    (DISPLAY.replace("4 . . |8 . 3 |. . 1", "4 . . |8 . 3 |. . 1 2 3", 1),
     (6, 21, "line 6, column 21: expected 9 cells, got 11")),
    ("\n".join(DISPLAY.splitlines()[:10]), (11, 1, "line 11, column 1: expected 9 rows, got 8")),
    ("\n".join(SEED_ROWS[:2]), (3, 1, "line 3, column 1: expected 9 rows, got 2")),
    (DISPLAY + "1 2 3 |. . . |. . .\n\n. . . |. . . |. . .\n", (12, 1, "line 12, column 1: expected 9 rows, got 11")),
    (SEED + "\n" + SEED, (2, 1, "line 2, column 1: expected nothing after the board on one line, got more text")),
    ("", (1, 1, "line 1, column 1: expected a board (one line of 81 cells, or 9 rows of 9 cells), got no cells")),
    ("# nothing here\n\n", (1, 1, "line 1, column 1: expected a board (one line of 81 cells, or 9 rows of 9 cells), got no cells")),
]


# The board's 0-based (row, col) of each error above, where it is about one cell or row.
CELLS_OF_ERRORS: list[tuple[int | None, int | None]] = [
    (2, 4), (2, 4), (2, 4), (0, 0), (2, 3), (5, 2),
    (None, None), (None, None), (None, None),
    (4, None), (4, None),
    (None, None), (None, None), (None, None), (None, None), (None, None), (None, None),
]
assert len(CELLS_OF_ERRORS) == len(ERRORS)


@pytest.mark.parametrize(("text", "expected", "cell"), [(t, e, c) for (t, e), c in zip(ERRORS, CELLS_OF_ERRORS)])
def test_errors_name_line_and_column(text: str, expected: tuple[int, int, str], cell: tuple[int | None, int | None]) -> None:
    with pytest.raises(BoardFormatError) as info:
        Board.parse(text)
    error = info.value
    assert (error.lineno, error.colno, str(error)) == expected
    assert isinstance(error, ValueError)
    # All four, as the batch text errors set them: line and column in the text, row and col
    # in the board.
    assert (error.index, error.row, error.col) == (None, *cell)


def test_parse_refuses_what_is_not_text_in_its_own_words() -> None:
    for value, name in [(None, "NoneType"), (b"53", "bytes"), (42, "int")]:
        with pytest.raises(TypeError) as info:
            Board.parse(value)  # type: ignore[arg-type]
        assert str(info.value) == f"board: expected a str of board text (Board.parse reads text), got {name}"


@given(st.text(max_size=300))
def test_any_text_parses_or_raises_board_format_error(text: str) -> None:
    try:
        board = Board.parse(text)
    except BoardFormatError as error:
        assert isinstance(error.lineno, int) and error.lineno >= 1
        assert isinstance(error.colno, int) and error.colno >= 1
        assert str(error).startswith(f"line {error.lineno}, column {error.colno}: expected ")
    else:
        assert Board.parse(str(board)) == board


@given(boards(), st.integers(0, 300), st.integers(0, 2), st.sampled_from(list("123456789._0x|-+ \n#é")))
def test_one_edit_to_a_grid_parses_or_points_inside_the_text(
    cells: list[int], at: int, edit: int, char: str
) -> None:
    text = str(Board(line_from_cells(cells)))
    at %= len(text)
    edited = [text[:at] + char + text[at:], text[:at] + text[at + 1 :], text[:at] + char + text[at + 1 :]][edit]
    try:
        Board.parse(edited)
    except BoardFormatError as error:
        lines = edited.split("\n")
        assert error.lineno is not None and error.colno is not None
        assert 1 <= error.lineno <= len(lines) + 1
        if error.lineno <= len(lines):
            assert 1 <= error.colno <= len(lines[error.lineno - 1]) + 1


def test_lone_surrogates_are_bad_cells() -> None:
    with pytest.raises(BoardFormatError) as info:
        Board.parse(SEED[:5] + "\ud800" + SEED[6:])
    assert (info.value.lineno, info.value.colno) == (1, 6)
    assert str(info.value) == "line 1, column 6: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got '\ufffd'"


@pytest.mark.parametrize("bad", [SEED.encode(), None, 81, SEED_ROWS])
def test_parse_takes_only_str(bad: Any) -> None:
    with pytest.raises(TypeError):
        Board.parse(bad)


@pytest.mark.skipif(not puzzles.data_available(), reason="../shared/data is not next to this checkout")
@pytest.mark.parametrize("name", puzzles.all_puzzle_files())
def test_every_board_in_shared_data_parses(name: str) -> None:
    """Each line of each file, as written (with its own line endings and trailing text where the
    format allows it), in one-line format, and again after a round trip through str()."""
    path = puzzles.DATA_DIR / name
    texts: list[str] = []
    if name == puzzles.KAGGLE_FILE:
        with path.open(newline="") as handle:
            for row in csv.DictReader(handle):
                texts += [row["puzzle"], row["solution"]]
    else:
        for raw in path.read_text().splitlines(keepends=True):
            if not raw.strip() or raw.lstrip().startswith("#"):
                continue
            # tdoku lines are puzzle:count[:solution]; ':' is not a comment marker.
            texts += raw.rstrip("\r\n").split(":")[::2] if name == puzzles.TDOKU_FILE else [raw]
    assert texts
    for text in texts:
        board = Board.parse(text)
        assert board == Board(text.strip()[:81])
        assert Board.parse(str(board)) == board
