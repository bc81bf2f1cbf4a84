"""Outputs that stay what they say, and arguments taken as users give them: SolutionScores and
Grades are immutable and picklable, a broken reference solution is an error naming its row,
numpy ints are ints for `limit` and `threads`, and the command's --column and --threads slips
get clear messages."""

from __future__ import annotations

import concurrent.futures
import importlib
import multiprocessing
import pickle
from typing import Any, Callable

import numpy as np
import pytest

import valid_sudoku
from valid_sudoku import count_solutions_many, grade_many, score_solutions, solve_many
from cli_helpers import SEED, in_tmp_path, run, write  # noqa: F401 (autouse fixture)

SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
# Another complete, valid grid (digits 1 and 2 swapped everywhere): it changes givens.
CHANGED_GIVEN = SOLUTION.translate(str.maketrans("12", "21"))
REPEATED = "5" + SOLUTION[1:4] + "5" + SOLUTION[5:]
FIELDS = ("complete", "valid", "keeps_givens", "solved", "matches", "cell_accuracy")
GRADE_FIELDS = ("level", "score", "hardest", "guesses", "proper", "solved_by_logic")


def scores() -> valid_sudoku.SolutionScores:
    candidates = [SOLUTION, SEED, REPEATED, SOLUTION]
    return score_solutions([SEED] * 4, candidates, solutions=[SOLUTION] * 4)


def grades() -> valid_sudoku.Grades:
    # Proper, several solutions, none, and a complete grid: every column has both kinds of row.
    return grade_many([SEED, "." * 81, REPEATED, SOLUTION])


# Each result class, a way to make one, and its arrays (one shared implementation in Rust).
RESULTS: list[tuple[Callable[[], Any], tuple[str, ...]]] = [(scores, FIELDS), (grades, GRADE_FIELDS)]
EACH_ARRAY = [pytest.param(make, field, id=f"{make.__name__}-{field}") for make, fields in RESULTS for field in fields]


@pytest.mark.parametrize(("make", "field"), EACH_ARRAY)
def test_result_arrays_cannot_be_written(make: Callable[[], Any], field: str) -> None:
    result = make()
    before = repr(result)
    array = getattr(result, field)
    kept = array.copy()
    assert not array.flags.writeable
    with pytest.raises(ValueError) as caught:
        array[:] = array[::-1]
    assert str(caught.value) == "assignment destination is read-only"
    with pytest.raises(ValueError) as caught:
        array.flags.writeable = True
    assert str(caught.value) == "cannot set WRITEABLE flag to True of this array"
    assert repr(result) == before
    assert np.array_equal(getattr(result, field), kept, equal_nan=kept.dtype.kind == "f")


def equal_results(mine: Any, theirs: Any, fields: tuple[str, ...]) -> bool:
    """Same class, repr and arrays (NaN equal to NaN), the copy's arrays read-only too."""
    if type(theirs) is not type(mine) or repr(theirs) != repr(mine) or len(theirs) != len(mine):
        return False
    for field in fields:
        a, b = getattr(mine, field), getattr(theirs, field)
        if a is None or b is None:
            if (a is None) != (b is None):
                return False
            continue
        if a.dtype != b.dtype or b.flags.writeable or not np.array_equal(a, b, equal_nan=a.dtype.kind == "f"):
            return False
    return True


def test_solution_scores_pickle_to_equal_immutable_copies() -> None:
    for sc in (scores(), score_solutions([SEED], [SOLUTION]), score_solutions([], [])):
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            again = pickle.loads(pickle.dumps(sc, protocol))
            assert equal_results(sc, again, FIELDS)
            assert again.rates() == pytest.approx(sc.rates(), nan_ok=True)


def test_grades_pickle_to_equal_immutable_copies() -> None:
    for result in (grades(), grade_many([SEED]), grade_many([])):
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            again = pickle.loads(pickle.dumps(result, protocol))
            assert equal_results(result, again, GRADE_FIELDS)
            assert (again.levels, again.techniques) == (result.levels, result.techniques)
    assert repr(pickle.loads(pickle.dumps(grades()))) == "Grades(n=4, proper=2)"


def test_a_bad_pickled_state_is_refused_by_name() -> None:
    core = importlib.import_module("valid_sudoku._core")
    flags, two = np.array([True, False]), np.array([True])
    with pytest.raises(ValueError) as caught:
        core._solution_scores(flags, flags, two, flags, None, None)
    assert str(caught.value) == "SolutionScores: keeps_givens has 1 values, expected 2"
    with pytest.raises(ValueError) as caught:
        core._solution_scores(flags, flags, flags, flags, flags, np.zeros(4)[::2])
    assert str(caught.value) == "SolutionScores: cell_accuracy is not contiguous"
    small, score, guesses = np.zeros(2, np.int8), np.zeros(2, np.int32), np.zeros(2)
    with pytest.raises(ValueError) as caught:
        core._grades(small, np.zeros(3, np.int32), small, guesses, flags, flags)
    assert str(caught.value) == "Grades: score has 3 values, expected 2"
    with pytest.raises(ValueError) as caught:
        core._grades(small, score, small, np.zeros(4)[::2], flags, flags)
    assert str(caught.value) == "Grades: guesses is not contiguous"
    rebuilt = core._grades(small, score, small, guesses, flags, flags)
    assert repr(rebuilt) == "Grades(n=2, proper=1)" and not rebuilt.score.flags.writeable


def test_results_cross_a_process_pool() -> None:
    # Spawned, not forked: earlier tests leave worker threads in this process, and a fork of a
    # threaded process may deadlock (Python 3.12 warns of it).
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=1, mp_context=spawn) as pool:
        sc = pool.submit(score_solutions, [SEED] * 2, [SOLUTION, SEED]).result()
        graded = pool.submit(grade_many, [SEED, REPEATED]).result()
    assert repr(sc) == "SolutionScores(n=2, solved=0.5, valid=1.0, complete=0.5, keeps_givens=1.0)"
    assert repr(graded) == "Grades(n=2, proper=1)" and graded.proper.tolist() == [True, False]


@pytest.mark.parametrize(
    ("reference", "what"),
    [
        (SEED, "an incomplete grid"),
        (REPEATED, "a grid with a repeated digit"),
        (CHANGED_GIVEN, "a grid that changes a given of the puzzle"),
    ],
)
def test_a_reference_that_does_not_solve_its_puzzle_names_its_row(reference: str, what: str) -> None:
    solutions = [SOLUTION] * 17 + [reference] + [SOLUTION] * 3
    message = f"solutions[17]: expected a solution of puzzles[17] (complete, valid, keeping its givens), got {what}"
    for form in (list, lambda rows: np.array([[int(c) if c != "." else 0 for c in r] for r in rows], np.uint8), iter):
        with pytest.raises(ValueError) as caught:
            score_solutions([SEED] * 21, [SOLUTION] * 21, solutions=form(solutions))
        assert str(caught.value) == message
    # The puzzles themselves as references used to score matches=1.0.
    with pytest.raises(ValueError, match=r"^solutions\[0\]: .* got an incomplete grid$"):
        score_solutions([SEED], [SEED], solutions=[SEED])


def test_references_read_from_an_iterable_are_read_once_for_the_check_and_once_to_score() -> None:
    sc = score_solutions((p for p in [SEED, SEED]), [SOLUTION, SEED], solutions=(s for s in [SOLUTION] * 2))
    assert sc.matches is not None and sc.matches.tolist() == [True, False]
    keys = {SOLUTION: None}.keys()  # a sized iterable that is not a sequence: iterated twice
    sc = score_solutions([SEED], [SOLUTION], solutions=keys)
    assert sc.matches is not None and sc.matches.tolist() == [True]


@pytest.mark.parametrize("kind", [np.int8, np.int64, np.uint16, np.intp])
def test_limit_and_threads_take_numpy_ints(kind: type) -> None:
    assert count_solutions_many(["." * 81], limit=kind(3), threads=kind(2)).tolist() == [3]
    assert solve_many([SEED], threads=kind(1))[0].tobytes() == bytes(int(c) for c in SOLUTION)
    assert valid_sudoku.is_valid_many([SEED], threads=kind(2)).tolist() == [True]


@pytest.mark.parametrize(("value", "error", "message"), [
    (True, TypeError, "limit: expected an int, got bool"),
    (np.bool_(True), TypeError, "limit: expected an int, got bool"),
    (2.0, TypeError, "limit: expected an int, got float"),
    (np.float64(2), TypeError, "limit: expected an int, got float64"),
    (np.int64(0), ValueError, "limit: expected a positive int, got 0"),
])
def test_limit_still_refuses_what_is_not_a_positive_int(value: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as caught:
        count_solutions_many([SEED], limit=value)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_column_on_a_one_column_csv_names_the_column(capsys: pytest.CaptureFixture[str]) -> None:
    write("one.csv", f"puzzle\n{SEED}\n")
    write("two.csv", f"id,puzzle\n1,{SEED}\n")
    assert run(["--column", "nope", "two.csv"], capsys) == (
        2, "", "error: two.csv:1:1: expected a CSV header with a column named 'nope', got 'id', 'puzzle'\n")
    assert run(["--column", "nope", "one.csv"], capsys) == (
        2, "", "error: one.csv:1:1: expected a CSV header with a column named 'nope', got 'puzzle'\n")
    assert run(["--column", "puzzle", "one.csv"], capsys) == (0, "1 board: 1 valid, 0 invalid\n", "")


@pytest.mark.parametrize("given", ["-1", "0", "-5000", "99999999999"])
def test_threads_must_be_a_positive_int_whatever_the_number(given: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["--solve", "--threads", given, "x.txt"], capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"error: invalid value '{given}' for '--threads <N>': {int(given)} is not in 1..=4294967295\n"), err
