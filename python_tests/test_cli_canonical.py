"""`valid-sudoku canonical` and `valid-sudoku dedupe`: forms, duplicates across files, JSON,
exit statuses, errors."""

from __future__ import annotations

import json

import pytest

from cli_helpers import SEED, in_tmp_path, run, write  # noqa: F401  (in_tmp_path is a fixture)
from valid_sudoku import canonical, random_isomorph

SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
OTHER = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_canonical_writes_one_form_per_board(capsys: pytest.CaptureFixture[str]) -> None:
    write("a.txt", f"{SEED}\n{SOLUTION}\n# a comment\n{OTHER}\n")
    code, out, err = run(["canonical", "a.txt"], capsys)
    assert (code, err) == (0, "")
    assert out.splitlines() == [canonical(SEED), canonical(SOLUTION), canonical(OTHER)]
    code, out, _ = run(["canonical", "--threads", "2", "a.txt", "a.txt"], capsys)
    assert out.splitlines() == [canonical(b) for b in (SEED, SOLUTION, OTHER)] * 2


def test_canonical_json(capsys: pytest.CaptureFixture[str]) -> None:
    write("a.json", json.dumps([SEED, OTHER]))
    code, out, _ = run(["canonical", "--json", "a.json"], capsys)
    assert code == 0
    assert [json.loads(line) for line in out.splitlines()] == [
        {"source": "a.json", "line": 1, "index": 0, "canonical": canonical(SEED)},
        {"source": "a.json", "line": 1, "index": 1, "canonical": canonical(OTHER)},
    ]


def test_dedupe_across_files(capsys: pytest.CaptureFixture[str]) -> None:
    twin = random_isomorph(SEED, seed=1).to_string()
    write("train.txt", f"{SEED}\n{SOLUTION}\n")
    write("test.txt", f"{OTHER}\n{twin}\n{random_isomorph(SOLUTION, seed=2).to_string()}\n{twin}\n")
    code, out, err = run(["dedupe", "train.txt", "test.txt"], capsys)
    assert (code, err) == (1, "")
    assert out == (
        "test.txt:2 is train.txt:1\n"
        "test.txt:3 is train.txt:2\n"
        "test.txt:4 is train.txt:1\n"
        "6 boards: 3 equivalent to an earlier one\n"
    )
    for threads in ("1", "2"):
        again = run(["dedupe", "--threads", threads, "train.txt", "test.txt"], capsys)
        assert again == (code, out, err)
    code, out, _ = run(["dedupe", "train.txt"], capsys)
    assert (code, out) == (0, "2 boards: 0 equivalent to an earlier one\n")
    code, out, _ = run(["dedupe", "test.txt"], capsys)
    assert (code, out) == (1, "test.txt:4 is test.txt:2\n4 boards: 1 equivalent to an earlier one\n")


def test_dedupe_json(capsys: pytest.CaptureFixture[str]) -> None:
    write("a.txt", f"{SEED}\n")
    write("b.json", json.dumps([OTHER, random_isomorph(SEED, seed=3).to_string()]))
    code, out, _ = run(["dedupe", "--json", "a.txt", "b.json"], capsys)
    assert code == 1
    assert [json.loads(line) for line in out.splitlines()] == [
        {"source": "b.json", "line": 1, "index": 1, "duplicate_of": {"source": "a.txt", "line": 1}}
    ]
    code, out, _ = run(["dedupe", "b.json", "a.txt"], capsys)
    assert out == "a.txt:1 is b.json:1[1]\n3 boards: 1 equivalent to an earlier one\n"


def test_errors(capsys: pytest.CaptureFixture[str]) -> None:
    write("bad.txt", f"{SEED}\n{SEED[:80]}\n")
    code, out, err = run(["dedupe", "bad.txt"], capsys)
    assert code == 2
    assert err == "error: bad.txt:2:81: expected 81 cells, got 80\n"
    code, _, err = run(["canonical", "missing.txt"], capsys)
    assert (code, err) == (2, "error: missing.txt: cannot open: No such file or directory\n")
    code, _, err = run(["dedupe", "--threads", "0", "bad.txt"], capsys)
    assert code == 2 and "--threads" in err
