"""`valid-sudoku --unique` and `--solve`: every output mode, threads, streaming, shared data."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cli_helpers import SECOND, SECOND_CONFLICTS, SEED, in_tmp_path, run, write  # noqa: F401 (autouse fixture)
from puzzles import DATA_DIR, TDOKU_FILE, data_available
from reference import cells_from_line, reference_is_valid

SEED_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
# Rule-valid, but row 0 needs its 9 in column 8, where row 1 already has one.
NO_SOLUTION = "12345678." + "........9" + "." * 63
EMPTY = "." * 81
FOUR = [SEED, SECOND, NO_SOLUTION, EMPTY]
SECOND_NO_SOLUTION = f"no solution ({SECOND_CONFLICTS})"


def is_solution_of(solution: str, board: str) -> bool:
    cells = cells_from_line(solution)
    keeps_givens = all(given in ".0_" or given == cell for given, cell in zip(board, solution))
    return 0 not in cells and reference_is_valid(cells) and keeps_givens


# ---- --unique ----


def test_unique_names_each_board_without_exactly_one_solution(capsys: pytest.CaptureFixture[str]) -> None:
    write("four.txt", "".join(f"{board}\n" for board in FOUR))
    assert run(["--unique", "four.txt"], capsys) == (
        1,
        f"four.txt:2: {SECOND_NO_SOLUTION}\n"
        "four.txt:3: no solution\n"
        "four.txt:4: more than one solution\n"
        "4 boards: 1 with one solution, 2 with no solution, 1 with more than one solution\n",
        "",
    )


def test_unique_exits_0_when_every_board_is_a_proper_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    write("good.txt", f"{SEED}\n{SEED_SOLUTION}\n")
    assert run(["--unique", "good.txt"], capsys) == (
        0,
        "2 boards: 2 with one solution, 0 with no solution, 0 with more than one solution\n",
        "",
    )
    assert run(["--unique", "--quiet", "good.txt"], capsys) == (0, "", "")
    write("bad.txt", f"{EMPTY}\n")
    assert run(["--unique", "-q", "bad.txt"], capsys) == (1, "", "")


def test_unique_json_counts_solutions_up_to_two(capsys: pytest.CaptureFixture[str]) -> None:
    write("four.json", json.dumps(FOUR))
    code, out, err = run(["--unique", "--json", "four.json"], capsys)
    assert (code, err) == (1, "")
    reports = [json.loads(line) for line in out.splitlines()]
    assert [(r["index"], r["valid"], r["solutions"]) for r in reports] == [
        (0, True, 1),
        (1, False, 0),
        (2, True, 0),
        (3, True, 2),
    ]
    assert reports[0] == {"source": "four.json", "line": 1, "index": 0, "valid": True, "conflicts": [], "solutions": 1}


# ---- --solve ----


def test_solve_writes_one_line_per_board_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    write("four.txt", "".join(f"{board}\n" for board in FOUR))
    code, out, err = run(["--solve", "four.txt"], capsys)
    lines = out.splitlines()
    assert (code, err, len(lines)) == (1, "", 4)
    assert lines[:3] == [SEED_SOLUTION, f"four.txt:2: {SECOND_NO_SOLUTION}", "four.txt:3: no solution"]
    assert is_solution_of(lines[3], EMPTY)
    write("one.txt", f"{SEED}\n")
    assert run(["--solve", "one.txt"], capsys) == (0, f"{SEED_SOLUTION}\n", "")


def test_solve_json_adds_the_solution_or_null(capsys: pytest.CaptureFixture[str]) -> None:
    write("two.txt", f"{SEED}\n{NO_SOLUTION}\n")
    code, out, err = run(["--solve", "--json", "two.txt"], capsys)
    assert (code, err) == (1, "")
    assert [json.loads(line) for line in out.splitlines()] == [
        {"source": "two.txt", "line": 1, "valid": True, "conflicts": [], "solution": SEED_SOLUTION},
        {"source": "two.txt", "line": 2, "valid": True, "conflicts": [], "solution": None},
    ]


def test_a_solved_grid_solves_to_itself_in_every_input_kind(capsys: pytest.CaptureFixture[str]) -> None:
    write("solved.csv", f"id,puzzle\n1,{SEED_SOLUTION}\n")
    write("solved.json", json.dumps(SEED_SOLUTION))
    for name in ("solved.csv", "solved.json"):
        assert run(["--solve", name], capsys) == (0, f"{SEED_SOLUTION}\n", "")


# ---- Threads, and the same answers whatever their number ----


@pytest.mark.parametrize("option", ["--unique", "--solve"])
@pytest.mark.parametrize("as_json", [False, True])
def test_any_thread_count_gives_the_same_output(option: str, as_json: bool, capsys: pytest.CaptureFixture[str]) -> None:
    # Enough boards for several batches on several threads, in a mix that shows any reordering.
    boards = [FOUR[(n * 7) % 4] if n % 5 else SEED_SOLUTION for n in range(3000)]
    write("many.txt", "".join(f"{board}\n" for board in boards))
    argv = [option, *(["--json"] if as_json else []), "many.txt"]
    one = run([*argv, "--threads", "1"], capsys)
    assert one[0] == 1 and one[2] == ""
    for threads in ("2", "3", "16"):
        assert run([*argv, "--threads", threads], capsys) == one


def test_threads_must_be_a_positive_int(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["--unique", "--threads", "0", "x.txt"], capsys)
    assert (code, out) == (2, "")
    assert err.startswith("error: invalid value '0' for '--threads <N>': 0 is not in 1..=4294967295\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--solve", "--quiet"],
            "--solve and --quiet cannot be used together: --solve prints a line for every board, --quiet prints nothing",
        ),
        (
            ["--solve", "--unique"],
            "--solve and --unique cannot be used together: --unique --json gives the count of each board, "
            "--solve its solution",
        ),
    ],
)
def test_options_that_do_not_go_together(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(argv, capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"error: {message}\n\nUsage: valid-sudoku [OPTIONS] [FILE]...\n")


def test_boards_before_an_input_error_are_answered(capsys: pytest.CaptureFixture[str]) -> None:
    write("mixed.txt", f"{SEED}\n{EMPTY}\n{SEED[:80]}\n")
    for threads in ("1", "2"):
        assert run(["--unique", "--threads", threads, "mixed.txt"], capsys) == (
            2,
            "mixed.txt:2: more than one solution\n",
            "error: mixed.txt:3:81: expected 81 cells, got 80\n",
        )


def test_solutions_are_streamed_as_boards_come_in() -> None:
    # The second board is sent only once the first one's solution has come back: the command
    # must answer what it has read before it waits for more, on several threads too.
    command = [sys.executable, "-c", "import sys, valid_sudoku; sys.exit(valid_sudoku.main())"]
    proc = subprocess.Popen(
        [*command, "--solve", "--threads", "2"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for _ in range(2):
            proc.stdin.write(f"{SEED}\n")
            proc.stdin.flush()
            assert proc.stdout.readline() == f"{SEED_SOLUTION}\n"
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()


# ---- The shared data ----


@pytest.mark.skipif(not data_available(), reason="../shared/data is not next to this checkout")
def test_tdoku_test_puzzles_get_their_counts_and_solutions(capsys: pytest.CaptureFixture[str]) -> None:
    # Each line is puzzle:count[:solution]; the command reads the puzzle and ignores the rest.
    rows = [line.split(":") for line in (DATA_DIR / TDOKU_FILE).read_text().splitlines() if line[:1] not in ("", "#")]
    path = str(DATA_DIR / TDOKU_FILE)
    code, out, _ = run(["--unique", "--json", path], capsys)
    assert [json.loads(line)["solutions"] for line in out.splitlines()] == [min(int(row[1]), 2) for row in rows]
    code, out, _ = run(["--solve", "--json", path], capsys)
    solutions = [json.loads(line)["solution"] for line in out.splitlines()]
    for row, solution in zip(rows, solutions):
        if int(row[1]) == 0:
            assert solution is None
        else:
            assert solution is not None and is_solution_of(solution, row[0])
            if len(row) > 2 and int(row[1]) == 1:
                assert solution == row[2]


@pytest.mark.skipif(not data_available(), reason="../shared/data is not next to this checkout")
def test_every_17_clue_puzzle_is_unique(capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA_DIR / "norvig/sudokus_17.txt"
    count = sum(1 for line in path.read_text().splitlines() if line.strip())
    assert run(["--unique", str(path)], capsys) == (
        0,
        f"{count} boards: {count} with one solution, 0 with no solution, 0 with more than one solution\n",
        "",
    )
