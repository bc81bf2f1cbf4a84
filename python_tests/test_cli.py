"""The `valid-sudoku` command, run in-process through `valid_sudoku.main` (and once installed)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from search_effort import examples
import valid_sudoku
from puzzles import DATA_DIR, KAGGLE_FILE, LINE_FILES, TDOKU_FILE, data_available, puzzle_lines
from reference import classic_from_cells, line_from_cells, reference_conflicts, reference_is_valid

from cli_helpers import (  # noqa: F401 (in_tmp_path is an autouse fixture)
    BLOCK,
    SECOND,
    SECOND_CONFLICTS,
    SECOND_JSON_CONFLICTS,
    SEED,
    classic,
    in_tmp_path,
    run,
    write,
)


# ---- Input kinds ----


def test_lines_file_reports_invalid_boards_with_their_line_then_a_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    write("boards.txt", f"# two boards\n\n{SEED}\n{SECOND}  rated 3\n")
    assert run(["boards.txt"], capsys) == (
        1,
        f"boards.txt:4: {SECOND_CONFLICTS}\n2 boards: 1 valid, 1 invalid\n",
        "",
    )


def test_lines_file_all_valid(capsys: pytest.CaptureFixture[str]) -> None:
    write("boards.txt", f"{SEED}\n{SEED.replace('.', '0')},comment\n{SEED.replace('.', '_')}")
    assert run(["boards.txt"], capsys) == (0, "3 boards: 3 valid, 0 invalid\n", "")


def test_an_unrecognised_format_says_what_was_tried(capsys: pytest.CaptureFixture[str]) -> None:
    write("semicolons.csv", f"puzzle;solution\n{SEED};x\n")
    assert run(["semicolons.csv"], capsys) == (
        2,
        "",
        "error: semicolons.csv:1:1: the format was not recognised: tried JSON, one 81-character board "
        "per line, CSV with a header and one board in block format, got 'puzzle;solution' "
        "(CSV fields must be separated by commas)\n",
    )
    write("notes.txt", "# my boards\nsee the other file\n")
    assert run(["notes.txt"], capsys) == (
        2,
        "",
        "error: notes.txt:2:1: the format was not recognised: tried JSON, one 81-character board "
        "per line, CSV with a header and one board in block format, got 'see the other file'\n",
    )


def test_csv_puzzle_column(capsys: pytest.CaptureFixture[str]) -> None:
    write("data.csv", f"id,puzzle,difficulty\n1,{SEED},2.5\n2,{SECOND},0\n")
    assert run(["data.csv"], capsys) == (1, f"data.csv:3: {SECOND_CONFLICTS}\n2 boards: 1 valid, 1 invalid\n", "")


def test_csv_quizzes_column(capsys: pytest.CaptureFixture[str]) -> None:
    write("kaggle.csv", f"quizzes,solutions\n{SEED.replace('.', '0')},x\n")
    assert run(["kaggle.csv"], capsys) == (0, "1 board: 1 valid, 0 invalid\n", "")


def test_csv_column_option(capsys: pytest.CaptureFixture[str]) -> None:
    write("grids.csv", f"puzzle,grid\nnot read,{SECOND}\n")
    assert run(["--column", "grid", "grids.csv"], capsys) == (
        1,
        f"grids.csv:2: {SECOND_CONFLICTS}\n1 board: 0 valid, 1 invalid\n",
        "",
    )


def test_block_format_board(capsys: pytest.CaptureFixture[str]) -> None:
    write("board.txt", "# the seed example\n" + BLOCK)
    assert run(["board.txt"], capsys) == (0, "1 board: 1 valid, 0 invalid\n", "")
    write("second.txt", str(valid_sudoku.Board(SECOND)))
    assert run(["second.txt"], capsys) == (1, f"second.txt:1: {SECOND_CONFLICTS}\n1 board: 0 valid, 1 invalid\n", "")


def test_several_files_share_one_summary(capsys: pytest.CaptureFixture[str]) -> None:
    write("a.txt", f"{SEED}\n")
    write("b.json", json.dumps([SECOND, SECOND]))
    assert run(["a.txt", "b.json"], capsys) == (
        1,
        f"b.json:1: boards[0]: {SECOND_CONFLICTS}\nb.json:1: boards[1]: {SECOND_CONFLICTS}\n"
        "3 boards: 1 valid, 2 invalid\n",
        "",
    )


def test_empty_file_has_no_boards(capsys: pytest.CaptureFixture[str]) -> None:
    write("empty.txt", "")
    assert run(["empty.txt"], capsys) == (0, "0 boards: 0 valid, 0 invalid\n", "")


# ---- Standard input ----


def test_stdin_when_no_file(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{SEED}\n{SECOND}\n"))
    assert run([], capsys) == (1, f"<stdin>:2: {SECOND_CONFLICTS}\n2 boards: 1 valid, 1 invalid\n", "")


def test_stdin_dash_reads_the_binary_buffer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(BLOCK.encode())))
    assert run(["-"], capsys) == (0, "1 board: 1 valid, 0 invalid\n", "")


def test_argv_none_reads_sys_argv(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    write("boards.txt", f"{SECOND}\n")
    monkeypatch.setattr(sys, "argv", ["valid-sudoku", "--quiet", "boards.txt"])
    assert valid_sudoku.main() == 1
    assert capsys.readouterr() == ("", "")


# ---- Output modes ----


def test_json_lines_one_object_per_board(capsys: pytest.CaptureFixture[str]) -> None:
    write("boards.txt", f"{SEED}\n\n{SECOND}\n")
    code, out, err = run(["--json", "boards.txt"], capsys)
    assert (code, err) == (1, "")
    assert [json.loads(line) for line in out.splitlines()] == [
        {"source": "boards.txt", "line": 1, "valid": True, "conflicts": []},
        {"source": "boards.txt", "line": 3, "valid": False, "conflicts": SECOND_JSON_CONFLICTS},
    ]


def test_json_conflicts_match_the_conflicts_function(capsys: pytest.CaptureFixture[str]) -> None:
    write("boards.txt", f"{SECOND}\n")
    _, out, _ = run(["--json", "boards.txt"], capsys)
    reported = json.loads(out)["conflicts"]
    expected = [
        {"unit": c.unit, "index": c.index, "digit": c.digit, "cells": [list(cell) for cell in c.cells]}
        for c in valid_sudoku.conflicts(SECOND)
    ]
    assert reported == expected


def test_quiet_prints_nothing_and_the_status_tells(capsys: pytest.CaptureFixture[str]) -> None:
    write("good.txt", f"{SEED}\n")
    write("bad.txt", f"{SECOND}\n")
    assert run(["--quiet", "good.txt"], capsys) == (0, "", "")
    assert run(["-q", "bad.txt"], capsys) == (1, "", "")


# ---- Exit status 2: usage errors ----


def test_unknown_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["--nope"], capsys)
    assert (code, out) == (2, "")
    assert err == (
        "error: unexpected argument '--nope' found\n\n"
        "  tip: to pass '--nope' as a value, use '-- --nope'\n\n"
        "Usage: valid-sudoku [OPTIONS] [FILE]...\n\n"
        "For more information, try '--help'.\n"
    )


def test_column_needs_a_value(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["--column"], capsys)
    assert (code, out) == (2, "")
    assert err.startswith("error: a value is required for '--column <NAME>' but none was supplied")


# ---- Exit status 2: input errors name file:line:column ----


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("short.txt", f"{SEED}\n{SEED[:80]}\n", "short.txt:2:81: expected 81 cells, got 80"),
        (
            "typo.txt",
            f"{SEED}\n\n  {SEED[:6]}x{SEED[7:]}\n",
            "typo.txt:3:9: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'",
        ),
        (
            "long.txt",
            f"{SEED}9\n",
            "long.txt:1:82: expected a space, tab, comma or end of line after 81 cells, got '9'",
        ),
        (
            "bad.csv",
            f"id,puzzle\n1,{SEED}\n22,{SEED[:4]}x{SEED[5:]}\n",
            "bad.csv:3:8: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'",
        ),
        (
            "nocolumn.csv",
            "id,grid\n1,2\n",
            "nocolumn.csv:1:1: expected a CSV header with a column named 'puzzle' or 'quizzes' "
            "(or name one with --column), got 'id', 'grid'",
        ),
        (
            "cell.json",
            json.dumps(classic(SEED)).replace('"7"', '"x"', 1),
            "cell.json:1:23: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'",
        ),
        (
            "value.json",
            '[\n  ["53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",\n'
            '   "7...2...6", ".6....28.", "...419..5", "....8..7", 10]\n]\n',
            "value.json:3:52: boards[0]: expected 9 cells, got 8",
        ),
        (
            "rows.json",
            json.dumps([SEED, ["123456789"] * 8]),
            f"rows.json:1:{len(json.dumps([SEED, ['123456789'] * 8])) - 1}: boards[1]: expected 9 rows, got 8",
        ),
        ("syntax.json", '[["5", "3"\n', "syntax.json:2:1: invalid JSON: EOF while parsing a list"),
        ("object.json", '{"board": []}', "object.json:1:1: expected a board or a list of boards, got an object"),
        (
            "block.txt",
            BLOCK.replace("| 4 . .", "| 4 x .", 1),
            "block.txt:7:5: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'",
        ),
        (
            "rowcount.txt",
            "\n".join(BLOCK.splitlines()[:4]) + "\n",
            "rowcount.txt:5:1: expected 9 rows, got 3",
        ),
    ],
)
def test_input_errors_name_file_line_and_column(
    name: str, text: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    write(name, text)
    code, out, err = run([name], capsys)
    assert (code, err) == (2, f"error: {message}\n")
    # No summary: the answer would be incomplete.
    assert "boards:" not in out


def test_boards_before_an_error_are_still_reported(capsys: pytest.CaptureFixture[str]) -> None:
    write("mixed.txt", f"{SECOND}\n{SEED[:80]}\n")
    assert run(["mixed.txt"], capsys) == (
        2,
        f"mixed.txt:1: {SECOND_CONFLICTS}\n",
        "error: mixed.txt:2:81: expected 81 cells, got 80\n",
    )


def test_a_missing_file_or_a_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert run(["missing.txt"], capsys) == (2, "", "error: missing.txt: cannot open: No such file or directory\n")
    (tmp_path / "folder").mkdir()
    assert run(["folder"], capsys) == (2, "", "error: folder: cannot read: Is a directory\n")


def test_stdin_errors_are_named_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{SEED}x\n"))
    assert run([], capsys) == (
        2,
        "",
        "error: <stdin>:1:82: expected a space, tab, comma or end of line after 81 cells, got 'x'\n",
    )


# ---- Help and version ----


def test_help_shows_examples(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["--help"], capsys)
    assert (code, err) == (0, "")
    assert "Usage: valid-sudoku [OPTIONS] [FILE]..." in out
    assert "Examples:\n  valid-sudoku puzzles.txt" in out
    assert (
        "Exit status: 0 when every board is valid, 1 when any is invalid, 2 on a usage or input error,\n"
        "130 when interrupted. With --unique, 1 when any board has no solution or more than one; with\n"
        "--solve, 1 when any board has no solution.\n"
    ) in out
    assert "  valid-sudoku --unique puzzles.txt         the boards without exactly one solution\n" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--version"], capsys) == (0, f"valid-sudoku {valid_sudoku.__version__}\n", "")


# ---- Against the reference, and on the shared data ----

cell_values = st.lists(st.integers(min_value=0, max_value=9), min_size=81, max_size=81)
# Dense boards are almost always invalid, sparse ones almost always valid: mix both.
boards_strategy = st.lists(
    st.one_of(cell_values, st.lists(st.sampled_from([0] * 12 + list(range(1, 10))), min_size=81, max_size=81)),
    min_size=1,
    max_size=20,
)


# The file is rewritten by every example, so sharing tmp_path between examples is fine.
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(boards=boards_strategy, as_json=st.booleans())
def test_matches_the_reference_on_random_boards(boards: list[list[int]], as_json: bool, tmp_path: Path) -> None:
    path = tmp_path / ("random.json" if as_json else "random.txt")
    if as_json:
        path.write_text(json.dumps([classic_from_cells(cells) for cells in boards]))
    else:
        path.write_text("".join(line_from_cells(cells) + "\n" for cells in boards))
    stdout = io.StringIO()
    saved = sys.stdout
    sys.stdout = stdout
    try:
        code = valid_sudoku.main(["--json", str(path)])
    finally:
        sys.stdout = saved
    reports = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert code == (0 if all(reference_is_valid(cells) for cells in boards) else 1)
    assert len(reports) == len(boards)
    for report, cells in zip(reports, boards):
        expected = [
            {"unit": unit, "index": index, "digit": digit, "cells": [list(cell) for cell in where]}
            for unit, index, digit, where in reference_conflicts(cells)
        ]
        assert report["valid"] == reference_is_valid(cells)
        assert report["conflicts"] == expected


@pytest.mark.skipif(not data_available(), reason="../shared/data is not next to this checkout")
@pytest.mark.parametrize("name", [*LINE_FILES, TDOKU_FILE, KAGGLE_FILE])
def test_every_shared_data_file_is_read_and_valid(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    if name == KAGGLE_FILE:
        count = len(puzzle_lines(name)) // 2  # puzzle_lines adds the solutions; the CLI reads 'puzzle'
    elif name == TDOKU_FILE:
        count = sum(1 for line in (DATA_DIR / name).read_text().splitlines() if line and not line.startswith("#"))
    else:
        count = len(puzzle_lines(name))
    noun = "board" if count == 1 else "boards"
    assert run([str(DATA_DIR / name)], capsys) == (0, f"{count} {noun}: {count} valid, 0 invalid\n", "")
