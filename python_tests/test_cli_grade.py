"""`valid-sudoku grade`: one line per board with the level, score and hardest technique that
Python's grade() gives, JSON fields, improper boards named, exit statuses, threads."""

from __future__ import annotations

import json

import pytest

from cli_helpers import SEED, in_tmp_path, run, write  # noqa: F401  (in_tmp_path is a fixture)
from valid_sudoku import generate_many, grade

SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
TWO_FIVES = "55" + SEED[2:]
EMPTY = "." * 81


def text_of(board: str) -> str:
    graded = grade(board)
    return f"{graded.level}, score {graded.score} (hardest: {graded.hardest or 'none'})"


def test_grade_writes_each_board_as_python_grades_it(capsys: pytest.CaptureFixture[str]) -> None:
    write("a.txt", f"{SEED}\n{HARD}\n# a comment\n{SOLUTION}\n")
    code, out, err = run(["grade", "a.txt"], capsys)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        f"a.txt:1: {text_of(SEED)}",
        f"a.txt:2: {text_of(HARD)}",
        "a.txt:4: easy, score 0 (hardest: none)",
        "3 boards: 2 easy, 1 medium, 0 with no solution, 0 with more than one solution",
    ]
    assert text_of(SEED).startswith("easy, score ")


def test_improper_boards_are_named_and_fail(capsys: pytest.CaptureFixture[str]) -> None:
    write("a.txt", f"{SEED}\n{TWO_FIVES}\n{EMPTY}\n")
    code, out, _ = run(["grade", "a.txt"], capsys)
    assert code == 1
    assert out.splitlines()[1:] == [
        "a.txt:2: no solution",
        "a.txt:3: more than one solution",
        "3 boards: 1 easy, 1 with no solution, 1 with more than one solution",
    ]


def test_grade_json(capsys: pytest.CaptureFixture[str]) -> None:
    write("a.json", json.dumps([SEED, TWO_FIVES, EMPTY]))
    code, out, _ = run(["grade", "--json", "a.json"], capsys)
    assert code == 1
    graded = grade(SEED)
    assert [json.loads(line) for line in out.splitlines()] == [
        {
            "source": "a.json",
            "line": 1,
            "index": 0,
            "proper": True,
            "level": graded.level,
            "score": graded.score,
            "hardest": graded.hardest,
            "steps": graded.steps,
            "solved_by_logic": graded.solved_by_logic,
        },
        {"source": "a.json", "line": 1, "index": 1, "proper": False, "solutions": 0},
        {"source": "a.json", "line": 1, "index": 2, "proper": False, "solutions": 2},
    ]


def test_threads_give_the_same_lines(capsys: pytest.CaptureFixture[str]) -> None:
    puzzles = ["".join(str(v) for v in row) for row in generate_many(200, seed=3)]
    write("many.txt", "\n".join(puzzles) + "\n")
    _, one, _ = run(["grade", "--threads", "1", "many.txt"], capsys)
    code, two, _ = run(["grade", "--threads", "2", "many.txt"], capsys)
    assert code == 0 and one == two
    assert one.splitlines()[:-1] == [f"many.txt:{i + 1}: {text_of(p)}" for i, p in enumerate(puzzles)]


def test_grade_is_listed_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["grade", "--help"], capsys)
    assert code == 0
    assert "Grade each board as a person would solve it" in out
    assert "Exit status: 0 when every board has exactly one solution" in out
