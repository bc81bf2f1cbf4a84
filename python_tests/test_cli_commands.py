"""`valid-sudoku` subcommands: `check` is the default, `solve` is `check --solve`, and both
share one reader and one reporter."""

from __future__ import annotations

import re

import pytest

from cli_helpers import BLOCK, SECOND, SECOND_CONFLICTS, SEED, in_tmp_path, run, write  # noqa: F401 (autouse fixture)

EMPTY = "." * 81


def test_help_lists_the_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["--help"], capsys)
    assert (code, err) == (0, "")
    # clap pads the names to the longest one, so the spacing follows the list of commands.
    assert re.search(r"\nCommands:\n  check +Check each board \(the default\)", out), out
    assert re.search(r"\n  solve +Solve each board", out), out
    assert re.search(r"\n  canonical +Write each board's canonical \(minlex\) form", out), out
    assert re.search(r"\n  dedupe +Report each board equivalent to an earlier one", out), out
    assert re.search(r"\n  generate +Make proper puzzles", out), out
    assert re.search(r"\n  grade +Grade each board as a person would solve it", out), out
    code, out, _ = run(["solve", "--help"], capsys)
    assert code == 0 and "Usage: valid-sudoku solve [OPTIONS] [FILE]...\n" in out


@pytest.mark.parametrize("options", [[], ["--json"], ["-q"], ["--unique"], ["--unique", "--json"], ["--solve"]])
def test_check_named_or_not_gives_the_same_answer(options: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    write("boards.txt", f"{SEED}\n{SECOND}\n{EMPTY}\n")
    default = run([*options, "boards.txt"], capsys)
    assert run(["check", *options, "boards.txt"], capsys) == default
    if not options:
        assert default == (1, f"boards.txt:2: {SECOND_CONFLICTS}\n3 boards: 2 valid, 1 invalid\n", "")


@pytest.mark.parametrize("options", [[], ["--json"], ["--threads", "2"], ["--json", "--threads", "1"]])
def test_solve_is_check_solve(options: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    write("boards.txt", f"{SEED}\n{SECOND}\n{EMPTY}\n")
    expected = run(["--solve", *options, "boards.txt"], capsys)
    assert expected[0] == 1 and expected[1].count("\n") == 3
    assert run(["solve", *options, "boards.txt"], capsys) == expected


def test_solve_reads_every_input_kind(capsys: pytest.CaptureFixture[str]) -> None:
    write("board.txt", BLOCK)
    write("data.csv", f"id,quizzes\n1,{SEED}\n")
    code, out, err = run(["solve", "board.txt", "--column", "quizzes", "data.csv"], capsys)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == out.splitlines()[1] and len(out.splitlines()[0]) == 81


def test_solve_refuses_check_only_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["solve", "--quiet", "x.txt"], capsys)
    assert (code, out) == (2, "")
    assert err.startswith("error: unexpected argument '--quiet' found\n")
    assert "Usage: valid-sudoku solve [OPTIONS] [FILE]...\n" in err


def test_a_file_named_like_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    write("solve", f"{SEED}\n")
    assert run(["./solve"], capsys) == (0, "1 board: 1 valid, 0 invalid\n", "")
    assert run(["check", "solve"], capsys) == (0, "1 board: 1 valid, 0 invalid\n", "")
