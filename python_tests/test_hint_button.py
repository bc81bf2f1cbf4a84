"""mistakes(), hint(), and next_step / solve_steps on a board without a solution: exact
messages, and properties on generated puzzles with a player's partial progress and marks."""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from search_effort import examples
from valid_sudoku import Hint, Mistakes, candidates, generate, hint, mistakes, next_step, solve, solve_steps

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
HARD = "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5...."
WRONG = "531" + EASY[3:]  # r1c3 holds 1; the solution has 4 there

Marks = list[list[set[int]]]


def message(call: object, *args: object, **kwargs: object) -> str:
    assert callable(call)
    with pytest.raises(ValueError) as caught:
        call(*args, **kwargs)
    return str(caught.value)


def marks_of(board: str) -> Marks:
    return [[set(cell) for cell in row] for row in candidates(board)]


# --- mistakes ------------------------------------------------------------------------------


def test_mistakes_names_wrong_digits_and_marks() -> None:
    found = mistakes(EASY, WRONG)
    assert isinstance(found, Mistakes) and found
    assert found.digits == ((0, 2, 1),) and found.candidates == ()
    assert str(found) == "The 1 in r1c3 is wrong."
    assert repr(found) == "Mistakes(digits=((0, 2, 1),), candidates=())"
    marks = marks_of(EASY)
    marks[0][2].discard(4)
    marks[8][0].discard(3)
    found = mistakes(EASY, EASY, candidates=marks)
    assert found.digits == () and found.candidates == ((0, 2, 4), (8, 0, 3))
    assert str(found) == (
        "The candidates of r1c3 miss 4, the digit that goes there. "
        "The candidates of r9c1 miss 3, the digit that goes there."
    )
    assert found._asdict() == {"digits": (), "candidates": ((0, 2, 4), (8, 0, 3)), "text": str(found)}
    clean = mistakes(EASY, SOLUTION)
    assert not clean and str(clean) == "No mistakes." and clean.digits == clean.candidates == ()


def test_mistakes_ignores_marks_of_filled_cells_and_stale_marks() -> None:
    # The puzzle's marks after the player filled r1c3 correctly: stale, yet no mistake.
    board = "534" + EASY[3:]
    stale = marks_of(EASY)
    stale[0][0] = {1, 2}  # marks on a given
    assert not mistakes(EASY, board, candidates=stale)
    mask = np.array([[sum(1 << (d - 1) for d in cell) for cell in row] for row in stale], dtype=np.uint16)
    assert not mistakes(EASY, board, candidates=mask)


def test_mistakes_refuses_a_puzzle_without_one_solution_and_a_board_off_its_givens() -> None:
    assert message(mistakes, "55" + EASY[2:], "55" + EASY[2:]) == "the puzzle has no solution: mistakes needs exactly one"
    assert message(mistakes, "." * 81, EASY) == "the puzzle has more than one solution: mistakes needs exactly one"
    assert message(mistakes, EASY, "." + EASY[1:]) == (
        "the board drops the given 5 at r1c1: a board must keep every given of its puzzle"
    )
    assert message(mistakes, EASY, EASY[:80] + "8") == (
        "the board changes the given 9 at r9c9 to 8: a board must keep every given of its puzzle"
    )
    assert message(hint, EASY, "." + EASY[1:]) == (
        "the board drops the given 5 at r1c1: a board must keep every given of its puzzle"
    )
    assert message(hint, "." * 81, EASY) == "the puzzle has more than one solution: hint needs exactly one"
    bits = np.zeros((9, 9), dtype=np.uint16)
    bits[0, 2] = 1 << 9
    assert message(mistakes, EASY, EASY, candidates=bits) == "candidates for r1c3: bitmask 512 has bits above bit 8 (digit 9)"


# --- hint ----------------------------------------------------------------------------------


def test_hint_kinds_and_sentences() -> None:
    found = hint(EASY, WRONG)
    assert isinstance(found, Hint)
    assert (found.kind, found.step, str(found)) == ("mistake", None, "The 1 in r1c3 is wrong.")
    assert found.mistakes is not None and found.mistakes.digits == ((0, 2, 1),)
    assert repr(found) == "<Hint mistake: The 1 in r1c3 is wrong.>"
    step = hint(EASY, EASY)
    assert (step.kind, step.mistakes, str(step)) == ("step", None, "Hidden Single: 8 can only go in r1c6 within box 2")
    assert step.step is not None and step.step.placements == ((0, 5, 8),) and step.step is step.step
    solved = hint(EASY, SOLUTION)
    assert (solved.kind, solved.step, solved.mistakes, str(solved)) == ("solved", None, None, "The board is solved.")
    stuck = hint(EASY, EASY, techniques=[])
    assert (stuck.kind, str(stuck)) == ("stuck", "No allowed technique finds a step on this board.")
    assert hint(HARD, HARD).kind == "step"


def test_hint_reports_mistakes_before_any_step() -> None:
    marks = marks_of(EASY)
    marks[4][4].discard(5)
    found = hint(EASY, EASY, candidates=marks)
    assert found.kind == "mistake" and str(found) == "The candidates of r5c5 miss 5, the digit that goes there."


def test_hint_takes_stale_marks_as_an_app_keeps_them() -> None:
    board = "534" + EASY[3:]
    assert message(next_step, board, candidates=marks_of(EASY)) == "candidates for r1c3 must be empty: the cell holds 4"
    found = hint(EASY, board, candidates=marks_of(EASY))
    assert found.kind == "step" and str(found) == str(next_step(board))


# --- next_step and solve_steps on a board without a solution --------------------------------


ISSUE_PUZZLE = ".4....2..85.43..7......61.....34......512...3..29.....6.....42..3..5.86...4......"


def test_a_board_without_a_solution_gets_no_step() -> None:
    direct = "the board has no solution: 1 has no place left in column 8"
    assert message(next_step, WRONG) == direct
    assert message(solve_steps, WRONG) == direct
    # The issue's board: the player's 1 in r1c1, where the solution has 9 (the puzzle is what
    # generate(difficulty="medium", seed=42) gave before single calls took row 0 of the batch).
    played = "1" + ISSUE_PUZZLE[1:]
    after = "the board has no solution: singles from here leave r4c1 with no candidate"
    assert message(next_step, played) == after and message(solve_steps, played) == after
    assert message(next_step, HARD[:4] + "6" + HARD[5:]) == (
        "the board has no solution: singles from here leave 5 no place in column 2"
    )
    assert message(next_step, HARD[:18] + "5" + HARD[19:]) == "the board has no solution: 1 has no place left in box 1"
    assert message(next_step, HARD[:2] + "6" + HARD[3:]) == (
        "the board has no solution (singles from here reach no contradiction)"
    )


def test_marks_without_any_solution_get_no_step() -> None:
    marks = marks_of(EASY)
    marks[0][2] = set()
    assert message(next_step, EASY, candidates=marks) == (
        "the candidates rule out every solution of the board: r1c3 has no candidate left"
    )
    marks = marks_of(EASY)
    marks[0][2].discard(4)
    assert message(next_step, EASY, candidates=marks) == (
        "the candidates rule out every solution of the board: singles from here leave r1c6 with no candidate"
    )


def test_stale_marks_option() -> None:
    board = "534" + EASY[3:]
    stale = marks_of(EASY)
    fresh = [[cell & now for cell, now in zip(row, rows_now)] for row, rows_now in zip(stale, candidates(board))]
    dropped = next_step(board, candidates=stale, stale_marks="drop")
    assert dropped is not None and str(dropped) == str(next_step(board, candidates=fresh))
    assert message(next_step, board, candidates=stale, stale_marks="raise") == (
        "candidates for r1c3 must be empty: the cell holds 4"
    )
    assert message(next_step, board, stale_marks="keep") == "stale_marks: expected 'raise' or 'drop', got 'keep'"


def test_solve_path_says_how_it_stopped() -> None:
    assert solve_steps(EASY).stopped == "solved"
    stuck = solve_steps(HARD, techniques=["hidden single", "naked single"])
    assert stuck.stopped == "stuck" and not stuck.solved and str(stuck).endswith("\nstuck")
    assert repr(stuck) == f"<SolvePath: {len(stuck)} steps, stuck>"
    # next_step's None: solved, or no allowed technique applies; the board tells them apart.
    assert next_step(SOLUTION) is None and next_step(HARD, techniques=[]) is None


# --- properties on generated puzzles --------------------------------------------------------


@functools.lru_cache(maxsize=None)
def puzzle_and_solution(seed: int) -> tuple[str, str]:
    puzzle = generate(seed=seed).to_string()
    solution = solve(puzzle)
    assert solution is not None
    return puzzle, solution.to_string()


@st.composite
def plays(draw: st.DrawFn) -> tuple[str, str, str, Marks]:
    """A generated puzzle, a board of true progress toward its solution, and marks that keep
    the truth: thinned candidates of the puzzle (stale where the player filled a cell) or of
    the board."""
    puzzle, solution = puzzle_and_solution(draw(st.integers(0, 59)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    share = draw(st.floats(0.0, 1.0))
    board = "".join(p if p != "." else (s if rng.random() < share else ".") for p, s in zip(puzzle, solution))
    marks = marks_of(puzzle if draw(st.booleans()) else board)
    thin = draw(st.floats(0.0, 0.8))
    for r in range(9):
        for c in range(9):
            truth = int(solution[9 * r + c])
            marks[r][c] = {d for d in marks[r][c] if d == truth or rng.random() >= thin}
    return puzzle, solution, board, marks


Play = tuple[str, str, str, Marks, int]


@st.composite
def plays_at_a_cell(draw: st.DrawFn) -> Play:
    """A play as `plays` makes, and one of its empty cells."""
    puzzle, solution, board, marks = draw(plays())
    open_cells = [i for i, ch in enumerate(board) if ch == "."]
    assume(open_cells)
    return puzzle, solution, board, marks, draw(st.sampled_from(open_cells))


@settings(max_examples=examples(200), deadline=None)
@given(plays())
def test_every_hint_on_true_progress_is_sound(play: tuple[str, str, str, Marks]) -> None:
    puzzle, solution, board, marks = play
    for found in (hint(puzzle, board), hint(puzzle, board, candidates=marks)):
        assert found.mistakes is None
        if found.kind == "solved":
            assert board == solution
            continue
        assert found.kind in ("step", "stuck")
        if found.step is not None:
            for r, c, d in found.step.placements:
                assert int(solution[9 * r + c]) == d, str(found)
            for r, c, d in found.step.eliminations:
                assert int(solution[9 * r + c]) != d, str(found)


@settings(max_examples=examples(200), deadline=None)
@given(plays_at_a_cell(), st.data())
def test_a_planted_wrong_digit_is_named_alone(play: Play, data: st.DataObject) -> None:
    puzzle, solution, board, marks, cell = play
    wrong = data.draw(st.sampled_from([d for d in range(1, 10) if d != int(solution[cell])]))
    planted = board[:cell] + str(wrong) + board[cell + 1 :]
    expected = ((cell // 9, cell % 9, wrong),)
    for found in (mistakes(puzzle, planted), mistakes(puzzle, planted, candidates=marks)):
        assert found.digits == expected and found.candidates == ()
        assert str(found) == f"The {wrong} in r{cell // 9 + 1}c{cell % 9 + 1} is wrong."
    shown = hint(puzzle, planted, candidates=marks)
    assert shown.kind == "mistake" and shown.mistakes is not None and shown.mistakes.digits == expected
    # Without the puzzle, the board has no solution: no step, ever.
    with pytest.raises(ValueError, match=r"^the board (has no solution|breaks the rule)"):
        next_step(planted)
    with pytest.raises(ValueError, match=r"^the board (has no solution|breaks the rule)"):
        solve_steps(planted)


@settings(max_examples=examples(200), deadline=None)
@given(plays_at_a_cell())
def test_a_planted_wrong_mark_is_named_alone(play: Play) -> None:
    puzzle, solution, board, marks, cell = play
    r, c, truth = cell // 9, cell % 9, int(solution[cell])
    marks[r][c].discard(truth)
    found = mistakes(puzzle, board, candidates=marks)
    assert found.digits == () and found.candidates == ((r, c, truth),)
    assert hint(puzzle, board, candidates=marks).kind == "mistake"
    # Without the puzzle: the board's digits have one solution, which the marks rule out.
    with pytest.raises(ValueError, match=r"^the candidates rule out every solution of the board"):
        next_step(board, candidates=marks, stale_marks="drop")
