"""The `valid-sudoku` command on JSON input: every board form, a list's indexes, numbers as written."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cli_helpers import (  # noqa: F401 (in_tmp_path is an autouse fixture)
    SECOND,
    SECOND_CONFLICTS,
    SECOND_JSON_CONFLICTS,
    SEED,
    classic,
    in_tmp_path,
    run,
    write,
)


def test_json_single_classic_board(capsys: pytest.CaptureFixture[str]) -> None:
    write("one.json", json.dumps(classic(SECOND)))
    assert run(["one.json"], capsys) == (1, f"one.json:1: {SECOND_CONFLICTS}\n1 board: 0 valid, 1 invalid\n", "")


def test_json_list_of_boards_in_every_form(capsys: pytest.CaptureFixture[str]) -> None:
    ints = [[0 if ch == "." else int(ch) for ch in row] for row in classic(SEED)]
    boards: list[Any] = [classic(SEED), SECOND, ints, ["".join(row) for row in classic(SEED)]]
    write("many.json", "[\n" + ",\n".join(json.dumps(board) for board in boards) + "\n]\n")
    assert run(["many.json"], capsys) == (
        1,
        f"many.json:3: boards[1]: {SECOND_CONFLICTS}\n4 boards: 3 valid, 1 invalid\n",
        "",
    )


def test_json_one_81_character_string(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/command.md lists it among the accepted forms.
    write("one.json", json.dumps(SECOND) + "\n")
    assert run(["one.json"], capsys) == (1, f"one.json:1: {SECOND_CONFLICTS}\n1 board: 0 valid, 1 invalid\n", "")
    write("seed.json", f'  "{SEED}"')
    assert run(["seed.json"], capsys) == (0, "1 board: 1 valid, 0 invalid\n", "")
    # A quoted CSV header still starts with a quote, and is still CSV.
    write("quoted.csv", f'"id","puzzle"\n"1","{SEED}"\n')
    assert run(["quoted.csv"], capsys) == (0, "1 board: 1 valid, 0 invalid\n", "")


def test_one_line_json_list_names_each_board_by_its_index(capsys: pytest.CaptureFixture[str]) -> None:
    write("line.json", json.dumps([SEED, SECOND, SEED, SECOND]))
    assert run(["line.json"], capsys) == (
        1,
        f"line.json:1: boards[1]: {SECOND_CONFLICTS}\nline.json:1: boards[3]: {SECOND_CONFLICTS}\n"
        "4 boards: 2 valid, 2 invalid\n",
        "",
    )
    code, out, err = run(["--json", "line.json"], capsys)
    assert (code, err) == (1, "")
    assert [json.loads(line) for line in out.splitlines()] == [
        {"source": "line.json", "line": 1, "index": 0, "valid": True, "conflicts": []},
        {"source": "line.json", "line": 1, "index": 1, "valid": False, "conflicts": SECOND_JSON_CONFLICTS},
        {"source": "line.json", "line": 1, "index": 2, "valid": True, "conflicts": []},
        {"source": "line.json", "line": 1, "index": 3, "valid": False, "conflicts": SECOND_JSON_CONFLICTS},
    ]
    # The index is in the error message too.
    bad = json.dumps([SEED, SEED, SEED[:80]])
    write("bad.json", bad)
    assert run(["bad.json"], capsys) == (
        2,
        "",
        f"error: bad.json:1:{len(bad) - 1}: boards[2]: expected 81 cells, got 80\n",
    )


def test_json_cells_are_shown_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps(classic(SEED)).replace('"7"', "18446744073709551616", 1)
    write("huge.json", text)
    assert run(["huge.json"], capsys) == (
        2,
        "",
        f"error: huge.json:1:{text.index('1844') + 1}: expected a value 0-9, got 18446744073709551616\n",
    )
    write("float.json", json.dumps(classic(SEED)).replace('"7"', "5.0", 1))
    assert run(["float.json"], capsys) == (
        2,
        "",
        "error: float.json:1:23: expected a cell (a digit, '.', '0' or '_', or an int 0-9), got 5.0\n",
    )
