"""candidates, next_step, solve_steps, grade and grade_many: exact messages, soundness on the
shared data and on isomorphs, and a pure-Python technique checker (reference_steps.py)."""

from __future__ import annotations

import ast
import doctest
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import puzzles
import reference_steps
from search_effort import examples
import valid_sudoku
from valid_sudoku import (
    LEVELS,
    TECHNIQUES,
    Board,
    candidates,
    candidates_many,
    grade,
    grade_many,
    next_step,
    solve,
    solve_steps,
)

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
HARD = "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5...."
STUB = Path(__file__).resolve().parent.parent / "python" / "valid_sudoku" / "__init__.pyi"
DOCS = Path(__file__).resolve().parent.parent / "docs" / "steps.md"
OURS = ("candidates", "next_step", "solve_steps", "grade")


def isomorph(line: str, rng: random.Random) -> str:
    """The board under a random relabelling, band and row shuffle, and maybe a transpose."""
    digits = list("123456789")
    rng.shuffle(digits)
    relabel = {str(i + 1): d for i, d in enumerate(digits)}
    bands = rng.sample(range(3), 3)
    rows = [3 * b + r for b in bands for r in rng.sample(range(3), 3)]
    stacks = rng.sample(range(3), 3)
    cols = [3 * s + c for s in stacks for c in rng.sample(range(3), 3)]
    grid = [[line[9 * r + c] for c in cols] for r in rows]
    if rng.random() < 0.5:
        grid = [list(column) for column in zip(*grid)]
    return "".join(relabel.get(ch, ".") for row in grid for ch in row)


def check_path(puzzle: str) -> bool:
    """Every step of the path agrees with the one solution; returns whether it solved."""
    solution = solve(puzzle)
    assert solution is not None
    path = solve_steps(puzzle)
    for step in path.steps:
        for r, c, d in step.placements:
            assert solution[r, c] == d, str(step)
        for r, c, d in step.eliminations:
            assert solution[r, c] != d, str(step)
    end = path.board
    marks = None
    for r in range(9):
        for c in range(9):
            assert end[r, c] in (0, solution[r, c])
    if path.solved:
        assert end == solution
    del marks
    return path.solved


# --- the surface ---------------------------------------------------------------------------


def test_candidates_of_a_board_and_of_many() -> None:
    marks = candidates(EASY)
    assert sorted(marks[0][2]) == [1, 2, 4] and marks[0][0] == frozenset()
    assert Board(EASY).candidates() == marks
    masks = candidates_many([EASY, "." * 81])
    assert masks.shape == (2, 9, 9) and masks.dtype == np.uint16
    assert masks[0, 0, 2] == 0b1011 and masks[0, 0, 0] == 0 and (masks[1] == 0x1FF).all()


def test_next_step_and_its_sentence() -> None:
    step = next_step(EASY)
    assert step is not None
    assert str(step) == "Hidden Single: 8 can only go in r1c6 within box 2"
    assert step.technique == "hidden single" and step.placements == ((0, 5, 8),)
    assert step.cells == ((0, 5),) and step.digits == (8,) and step.units == (("box", 1),)
    assert step._asdict()["text"] == str(step)
    html = step._repr_html_()
    assert html.count('class="placed"') == 1 and "<script" not in html and str(step) in html
    assert all(f">r{k}</text>" in html and f">c{k}</text>" in html for k in range(1, 10))
    assert next_step(SOLUTION) is None


def test_candidates_argument_in_both_forms() -> None:
    marks = [[set(cell) for cell in row] for row in candidates(EASY)]
    masks = candidates_many([EASY])[0]
    one = next_step(EASY, candidates=marks)
    two = next_step(EASY, candidates=masks)
    assert one is not None and two is not None and str(one) == str(two) == str(next_step(EASY))
    # Narrower marks make a naked single where there was none.
    marks[0][2] = {4}
    step = next_step(EASY, candidates=marks, techniques=["naked single"])
    assert step is not None and step.placements == ((0, 2, 4),)


def test_candidates_errors_name_the_cell() -> None:
    marks = [[set(cell) for cell in row] for row in candidates(EASY)]
    marks[0][2] = {1, 5}
    with pytest.raises(ValueError, match=r"^candidates for r1c3 include 5, which r1c1 already holds$"):
        next_step(EASY, candidates=marks)
    marks[0][2] = {1}
    marks[0][0] = {5}
    with pytest.raises(ValueError, match=r"^candidates for r1c1 must be empty: the cell holds 5$"):
        next_step(EASY, candidates=marks)
    masks = candidates_many([EASY])[0]
    masks[8, 8] = 0
    masks[4, 4] = 1 << 9
    with pytest.raises(ValueError, match=r"^candidates for r5c5: bitmask 512 has bits above bit 8 \(digit 9\)$"):
        next_step(EASY, candidates=masks)
    with pytest.raises(ValueError, match=r"^candidates\[0\]\[0\]: expected digits 1-9, got 0$"):
        next_step(EASY, candidates=[[{0}] * 9] * 9)
    with pytest.raises(ValueError, match=r"^candidates: expected 9 rows, got 2$"):
        next_step(EASY, candidates=[[set()] * 9] * 2)
    with pytest.raises(TypeError, match=r"^candidates: expected 9 rows of 9 sets"):
        next_step(EASY, candidates="x")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^candidates: expected .*, got an array of shape \[9, 8\]$"):
        next_step(EASY, candidates=np.zeros((9, 8), dtype=np.uint16))
    with pytest.raises(TypeError, match=r"^candidates: expected 9 rows of 9 sets of digits 1-9, or a \(9, 9\) uint16 bitmask array, got an array of dtype int64$"):
        next_step(EASY, candidates=np.zeros((9, 9), dtype=np.int64))


def test_bad_boards_and_arguments() -> None:
    with pytest.raises(valid_sudoku.BoardFormatError):
        next_step("x" * 81)
    with pytest.raises(valid_sudoku.BoardFormatError):
        grade([[0] * 9] * 8)
    with pytest.raises(ValueError, match=r"^the board breaks the rule \(a digit repeats in a row, column or box\): see conflicts\(\)$"):
        solve_steps("55" + "." * 79)
    with pytest.raises(ValueError, match=r"^the board has no solution: grade needs exactly one$"):
        grade("55" + "." * 79)
    with pytest.raises(ValueError, match=r"^the board has more than one solution: grade needs exactly one$"):
        grade("." * 81)
    with pytest.raises(ValueError, match=r"^techniques: unknown technique 'magic'; see TECHNIQUES$"):
        next_step(EASY, techniques=["magic"])
    with pytest.raises(TypeError, match=r"^techniques: expected an iterable of technique names, got a str"):
        next_step(EASY, techniques="naked single")
    not_iterable: Any = 5
    with pytest.raises(TypeError, match=r"^techniques: expected an iterable of technique names or None, got int$"):
        next_step(EASY, techniques=not_iterable)


def test_solve_path_reads_one_line_per_step() -> None:
    path = solve_steps(EASY)
    assert path.solved and path.board == solve(EASY) and len(path) == len(path.steps) == 51
    lines = str(path).splitlines()
    assert lines[0] == "1. " + str(path.steps[0]) and lines[-1] == "solved" and len(lines) == 52
    stuck = solve_steps(HARD, techniques=["full house", "hidden single", "naked single"])
    assert not stuck.solved and str(stuck).endswith("stuck")


def test_techniques_table_order_and_levels() -> None:
    table = valid_sudoku._TECHNIQUE_TABLE  # type: ignore[attr-defined]
    assert tuple(name for name, _, _, _, _ in table) == TECHNIQUES
    assert TECHNIQUES[0] == "full house" and TECHNIQUES[-1] == "nested forcing net" and len(TECHNIQUES) == 32
    assert LEVELS == ("easy", "medium", "hard", "expert", "extreme", "forcing", "nested")
    assert [LEVELS.index(level) for _, level, _, _, _ in table] == sorted(LEVELS.index(level) for _, level, _, _, _ in table)
    unique = {name for name, _, _, needs, _ in table if needs}
    # The names of sentences and cards are the identifiers as players capitalise them.
    assert all(title.lower() == name for name, _, _, _, title in table)
    assert {name: title for name, _, _, _, title in table if name in ("aic", "xy-wing", "bug+1", "2-string kite")} == {
        "aic": "AIC", "xy-wing": "XY-Wing", "bug+1": "BUG+1", "2-string kite": "2-String Kite"}
    assert unique == {"unique rectangle type 1", "unique rectangle type 2", "bug+1", "nested forcing net"}


def test_docs_table_is_the_techniques_table() -> None:
    rows = [line for line in DOCS.read_text().splitlines() if line.startswith("| ") and line.count("|") == 7]
    documented = [tuple(cell.strip().strip("`") for cell in row.strip("|").split("|")) for row in rows[1:]]
    table = valid_sudoku._TECHNIQUE_TABLE  # type: ignore[attr-defined]
    expected = [(str(i + 1), name, title, level, str(weight), "yes" if needs else "")
                for i, (name, level, weight, needs, title) in enumerate(table)]
    assert documented == expected


def test_grades_one_and_many() -> None:
    easy = grade(EASY)
    assert (easy.level, easy.hardest, easy.solved_by_logic, easy.guesses) == ("easy", "hidden single", True, 0.0)
    # Singles weigh nothing (docs/steps.md): a puzzle that singles solve scores 0.
    assert easy._asdict()["score"] == easy.score == 0 and {s.technique for s in solve_steps(EASY).steps} <= {"full house", "hidden single"}
    hard = grade(HARD)
    assert hard.guesses > 0 and repr(hard) == repr(grade(HARD))
    many = grade_many([EASY, HARD, "." * 81, "55" + "." * 79], threads=2)
    assert list(many.proper) == [True, True, False, False] and len(many) == many.n == 4
    assert [many.levels[code] for code in many.level[:2]] == [easy.level, hard.level]
    assert list(many.level[2:]) == [-1, -1] and list(many.score[2:]) == [-1, -1] and np.isnan(many.guesses[2:]).all()
    assert many.techniques[many.hardest[1]] == hard.hardest and many.guesses[1] == hard.guesses
    one = grade_many([EASY, HARD] * 20, threads=1)
    two = grade_many([EASY, HARD] * 20, threads=2)
    assert (one.score == two.score).all() and (one.guesses == two.guesses).all()


def test_stub_examples() -> None:
    tree = ast.parse(STUB.read_text())
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name in OURS:
            text = ast.get_docstring(node) or ""
            test = doctest.DocTestParser().get_doctest(text, {}, node.name, str(STUB), 0)
            runner = doctest.DocTestRunner()
            runner.run(test)
            assert runner.failures == 0, node.name


# --- soundness --------------------------------------------------------------------------------


def sample_unique_puzzles() -> list[str]:
    if not puzzles.data_available():
        pytest.skip("puzzle data not available")
    lines: list[str] = []
    for name in puzzles.all_puzzle_files():
        boards = [b for b in puzzles.puzzle_lines(name) if "." in b or "0" in b]
        if not puzzles.FULL:
            boards = random.Random(name).sample(boards, min(len(boards), 40))
        lines.extend(boards)
    counts = valid_sudoku.count_solutions_many(lines)
    return [line for line, count in zip(lines, counts) if count == 1]


def test_every_step_on_the_shared_data_agrees_with_the_solution() -> None:
    for line in sample_unique_puzzles():
        check_path(line)


def test_every_step_on_isomorphs_agrees_with_the_solution() -> None:
    rng = random.Random(17)
    lines = sample_unique_puzzles()
    for line in rng.sample(lines, min(len(lines), 400 if puzzles.FULL else 60)):
        check_path(isomorph(line, rng))


def test_next_step_with_the_paths_marks_is_the_paths_step() -> None:
    for puzzle in (EASY, HARD):
        marks = [[set(cell) for cell in row] for row in candidates(puzzle)]
        cells = [[int(ch) if ch != "." else 0 for ch in puzzle[9 * r : 9 * r + 9]] for r in range(9)]
        for step in solve_steps(puzzle).steps:
            again = next_step(cells, candidates=marks)
            assert again is not None and str(again) == str(step)
            for r, c, d in step.eliminations:
                marks[r][c].discard(d)
            for r, c, d in step.placements:
                cells[r][c] = d
                marks[r][c] = set()
                for rr in range(9):
                    for cc in range(9):
                        if rr == r or cc == c or (rr // 3, cc // 3) == (r // 3, c // 3):
                            marks[rr][cc].discard(d)


@settings(max_examples=examples(40), deadline=None)
@given(st.sets(st.sampled_from(TECHNIQUES), min_size=1))
def test_restricted_paths_use_only_allowed_techniques(allowed: set[str]) -> None:
    path = solve_steps(HARD, techniques=allowed)
    assert {step.technique for step in path.steps} <= allowed


# --- the technique checker ----------------------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn) -> tuple[str, list[list[set[int]]], str]:
    """A puzzle made from an isomorph of a solution, with some of its true pencil marks
    thinned (never the solution's digit), and the solution."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    solution = isomorph(SOLUTION, rng)
    keep = draw(st.floats(0.1, 0.6))
    puzzle = "".join(ch if rng.random() < keep else "." for ch in solution)
    marks = [[set(cell) for cell in row] for row in candidates(puzzle)]
    thin = draw(st.floats(0.0, 0.7))
    for r in range(9):
        for c in range(9):
            marks[r][c] = {d for d in marks[r][c] if d == int(solution[9 * r + c]) or rng.random() >= thin}
    return puzzle, marks, solution


@settings(max_examples=examples(60), deadline=None)
@given(positions())
def test_each_checked_technique_finds_an_instance_of_its_definition(position: tuple[str, list[list[set[int]]], str]) -> None:
    puzzle, marks, solution = position
    as_dict = {(r, c): marks[r][c] for r in range(9) for c in range(9) if puzzle[9 * r + c] == "."}
    for technique in reference_steps.CHECKED:
        step = next_step(puzzle, candidates=marks, techniques=[technique])
        expected = reference_steps.findings(as_dict, technique)
        if step is None:
            assert expected == set(), technique
            continue
        assert step.technique == technique
        found = frozenset(step.placements or step.eliminations)
        assert found in expected, (technique, str(step))
        for r, c, d in step.placements:
            assert int(solution[9 * r + c]) == d
        for r, c, d in step.eliminations:
            assert int(solution[9 * r + c]) != d




def test_docs_page_examples() -> None:
    text = DOCS.read_text()
    blocks = [block.split("```", 1)[0] for block in text.split("```python\n")[1:]]
    assert blocks
    for block in blocks:
        test = doctest.DocTestParser().get_doctest(block, {}, "docs/steps.md", str(DOCS), 0)
        runner = doctest.DocTestRunner()
        runner.run(test)
        assert runner.failures == 0


def test_a_grade_is_the_same_for_every_isomorph() -> None:
    # Puzzles of every level (generate's seeded output), each beside eight isomorphs: the paths
    # as written differ in score for many of them, the grades must not.
    puzzles = np.concatenate([valid_sudoku.generate_many(6, difficulty=level, seed=11) for level in LEVELS[:-1]])
    images = np.concatenate([valid_sudoku.random_isomorph_many(puzzles, seed=seed) for seed in range(8)])
    mine = grade_many(puzzles, threads=2)
    theirs = grade_many(images, threads=2)
    for field in ["level", "hardest", "score", "guesses", "proper", "solved_by_logic"]:
        assert (np.tile(getattr(mine, field), 8) == getattr(theirs, field)).all(), field
    written = {solve_steps(image).board == solve(image) for image in images[:12]}
    assert written == {True}
    moved = [p for p, image in zip(np.tile(puzzles, (8, 1)), images) if len(solve_steps(p)) != len(solve_steps(image))]
    assert moved, "no puzzle's path as written changed under a map: the test shows nothing"
    for puzzle, image in zip(np.tile(puzzles, (8, 1))[::7], images[::7]):
        assert grade(image) == grade(puzzle)


def test_grades_to_frame_names_levels_and_leaves_improper_rows_missing() -> None:
    pd = pytest.importorskip("pandas")
    boards = [EASY, "." * 81, HARD, "55" + "." * 79]
    grades = grade_many(boards)
    frame = grades.to_frame()
    assert list(frame.columns) == ["proper", "level", "score", "hardest", "solved_by_logic", "guesses"]
    assert len(frame) == 4 and list(frame.index) == [0, 1, 2, 3]
    assert frame["proper"].tolist() == [True, False, True, False]
    for row, board in enumerate(boards):
        if not grades.proper[row]:
            # Every column but proper is missing: a code -1 is never read as a name.
            assert frame.loc[row, ["level", "score", "hardest", "solved_by_logic", "guesses"]].isna().all()
            continue
        one = grade(board)
        assert frame.loc[row, "level"] == one.level
        assert frame.loc[row, "hardest"] == one.hardest
        assert frame.loc[row, "score"] == one.score
        assert frame.loc[row, "solved_by_logic"] == one.solved_by_logic
        assert frame.loc[row, "guesses"] == one.guesses
    assert list(frame["level"].cat.categories) == list(LEVELS)
    assert list(frame["hardest"].cat.categories) == list(TECHNIQUES)
    assert str(frame["score"].dtype) == "Int64" and str(frame["solved_by_logic"].dtype) == "boolean"
    assert grade_many([]).to_frame().shape == (0, 6)
    assert isinstance(frame, pd.DataFrame)


def test_to_frame_without_pandas_says_how_to_get_it() -> None:
    script = (
        "import sys; sys.modules['pandas'] = None\n"
        "import valid_sudoku\n"
        "for result in [valid_sudoku.grade_many(['.' * 81]), valid_sudoku.score_solutions(['.' * 81], ['.' * 81])]:\n"
        "    try:\n"
        "        result.to_frame()\n"
        "    except ImportError as error:\n"
        "        print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.splitlines() == [
        "Grades.to_frame() needs pandas: pip install pandas",
        "SolutionScores.to_frame() needs pandas: pip install pandas",
    ], done.stderr
