"""random_grid, random_grid_many, generate and generate_many: proper, exact, minimal, symmetric,
seeded, spread over threads, with clear errors; and the distribution of the grids."""

from __future__ import annotations

import itertools
import subprocess
import sys
import textwrap
from typing import Any, Callable

import numpy
import valid_sudoku
import pytest
from puzzles import FULL
from reference_solver import reference_count_fewest

from valid_sudoku import (
    Board,
    canonical_many,
    count_solutions,
    count_solutions_many,
    generate,
    generate_many,
    is_solution,
    is_valid_many,
    random_grid,
    random_grid_many,
)

SYMMETRIES = ["none", "rot180", "rot90", "diagonal", "antidiagonal", "horizontal", "vertical"]


def image(symmetry: str, r: int, c: int) -> tuple[int, int]:
    return {
        "none": (r, c),
        "rot180": (8 - r, 8 - c),
        "rot90": (c, 8 - r),
        "diagonal": (c, r),
        "antidiagonal": (8 - c, 8 - r),
        "horizontal": (8 - r, c),
        "vertical": (r, 8 - c),
    }[symmetry]


def cells_of(board: Board) -> list[int]:
    return [board[r, c] for r in range(9) for c in range(9)]


def is_minimal(cells: list[int]) -> bool:
    for cell, digit in enumerate(cells):
        if digit:
            smaller = list(cells)
            smaller[cell] = 0
            if count_solutions("".join(map(str, smaller))) < 2:
                return False
    return True


def test_random_grid_is_solved_and_seeded() -> None:
    grid = random_grid(seed=1)
    assert isinstance(grid, Board) and grid.is_solved
    assert grid == random_grid(seed=1) != random_grid(seed=2)
    assert random_grid() != random_grid()
    assert random_grid(seed=2**64 - 1).is_solved


def test_random_grid_many_rows_and_threads() -> None:
    grids = random_grid_many(500, seed=4, threads=1)
    assert grids.shape == (500, 81) and grids.dtype == numpy.uint8
    assert is_valid_many(grids).all() and (grids > 0).all()
    assert (random_grid_many(500, seed=4, threads=2) == grids).all()
    assert (random_grid_many(500, seed=4, threads=3) == grids).all()
    assert len({row.tobytes() for row in grids}) == 500
    assert random_grid_many(0, seed=1).shape == (0, 81)


def test_grid_distribution() -> None:
    # 100,000 grids where the full checks run, 20,000 elsewhere (a second or two).
    count = 100_000 if FULL else 20_000
    grids = random_grid_many(count, seed=2026).astype(numpy.int64)
    # Every cell uniform over 1-9: the chi-square of all 81 cells (648 degrees of freedom)
    # stays within 6 sigma of its mean, and no cell alone strays far.
    counts = numpy.stack([(grids == d).sum(axis=0) for d in range(1, 10)])
    expected = count / 9
    chi = ((counts - expected) ** 2 / expected).sum(axis=0)
    assert chi.sum() < 648 + 6 * (2 * 648) ** 0.5, chi.sum()
    assert chi.max() < 45, chi.max()
    # Mini-rows: a shuffled base grid repeats three digit sets in each band's nine mini-rows.
    # Here every 3-set of digits is a mini-row somewhere, and bands with only three sets
    # (pure bands) are a small share, as in all grids.
    mini = (1 << grids.reshape(count, 27, 3)).sum(axis=2)
    assert len(numpy.unique(mini)) == 84
    bands = mini.reshape(count * 3, 9)
    distinct = numpy.array([len(set(row.tolist())) for row in bands[: 3 * 20_000]])
    assert (distinct == 3).mean() < 0.1
    assert (distinct == 9).mean() > 0.5


def every_band() -> Any:
    """Every band (as the top rows of a board) with box 1 reading 123/456/789, its first row's
    other two boxes in increasing order, and box 2 starting below box 3: one board at least in
    each class of bands under their symmetries (relabelling, rows, stacks, columns in stacks)."""
    digits = set(range(1, 10))
    found = []
    for box2 in itertools.combinations(range(4, 10), 3):
        box3 = tuple(sorted(set(range(4, 10)) - set(box2)))
        if box2[0] > box3[0]:
            continue
        for second in itertools.permutations(sorted(digits - {4, 5, 6})):
            left2 = digits - set(box2) - set(second[:3])
            left3 = digits - set(box3) - set(second[3:])
            if len(left2) != 3 or len(left3) != 3 or left2 | left3 != digits - {7, 8, 9}:
                continue
            for third2 in itertools.permutations(sorted(left2)):
                for third3 in itertools.permutations(sorted(left3)):
                    found.append([1, 2, 3, *box2, *box3, 4, 5, 6, *second, 7, 8, 9, *third2, *third3])
    boards = numpy.zeros((len(found), 81), dtype=numpy.uint8)
    boards[:, :27] = numpy.array(found, dtype=numpy.uint8)
    return boards


def test_every_band_class_appears() -> None:
    # A board holding one band and six empty rows is equivalent to another exactly when the
    # bands are equivalent under their own symmetries (the transpose leaves no row empty), so
    # canonical forms number the classes. There are 416 (Felgenhauer and Jarvis's 44 classes
    # are unions of them), and 50,000 grids show every one. The band of three cyclic rows
    # (123456789 / 456789123 / 789123456) is about 4 in 100,000 bands, so 150,000 bands miss
    # it once in a few hundred seeds; 60,000 missed it about once in ten.
    bands = every_band()
    assert is_valid_many(bands).all()
    classes = {form.tobytes() for form in canonical_many(bands)}
    assert len(classes) == 416
    grids = random_grid_many(50_000, seed=7)
    tops = numpy.zeros((3 * len(grids), 81), dtype=numpy.uint8)
    tops[:, :27] = grids.reshape(-1, 27)
    seen = {form.tobytes() for form in canonical_many(tops)}
    assert seen == classes


def test_plain_puzzles_are_proper_and_minimal() -> None:
    for seed in range(30):
        puzzle = generate(seed=seed)
        assert puzzle.has_unique_solution()
        assert is_minimal(cells_of(puzzle))


def test_every_clue_count_from_22_to_81() -> None:
    for clues in range(22, 82):
        puzzle = generate(clues=clues, seed=clues)
        assert puzzle.givens == clues
        assert puzzle.has_unique_solution(), clues


def test_minimal_with_clues() -> None:
    for clues in [22, 23, 25, 27]:
        puzzle = generate(clues=clues, minimal=True, seed=clues)
        assert puzzle.givens == clues and puzzle.has_unique_solution()
        assert is_minimal(cells_of(puzzle))


@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_symmetries_hold(symmetry: Any) -> None:
    cases: list[dict[str, Any]] = [{}, {"minimal": True}, {"clues": 29}, {"clues": 40}]
    for kwargs in cases:
        if symmetry == "rot90" and kwargs.get("clues") == 40:
            kwargs = {"clues": 41}
        puzzle = generate(symmetry=symmetry, seed=11, **kwargs)
        assert puzzle.has_unique_solution()
        for r in range(9):
            for c in range(9):
                assert (puzzle[r, c] != 0) == (puzzle[image(symmetry, r, c)] != 0), (symmetry, kwargs)
        if "clues" in kwargs:
            assert puzzle.givens == kwargs["clues"]
        if kwargs.get("minimal"):
            assert is_minimal(cells_of(puzzle))


def test_uniqueness_by_the_slow_counter() -> None:
    for seed in range(4):
        puzzle = cells_of(generate(clues=34, seed=seed))
        assert reference_count_fewest(puzzle, 2) == 1
    puzzles = generate_many(3, seed=9)
    for row in puzzles.tolist():
        assert reference_count_fewest(row, 2) == 1


def test_generate_many_rows_threads_and_solutions() -> None:
    puzzles, solutions = generate_many(200, clues=26, seed=3, threads=1, return_solutions=True)
    assert puzzles.shape == solutions.shape == (200, 81)
    assert puzzles.dtype == solutions.dtype == numpy.uint8
    assert ((puzzles != 0).sum(axis=1) == 26).all()
    assert (count_solutions_many(puzzles) == 1).all()
    assert is_valid_many(solutions).all() and (solutions > 0).all()
    assert ((puzzles == 0) | (puzzles == solutions)).all()
    for threads in [2, 3]:
        again = generate_many(200, clues=26, seed=3, threads=threads)
        assert (again == puzzles).all()
    assert (generate_many(200, clues=26, seed=3) == puzzles).all()
    assert not (generate_many(200, clues=26, seed=4) == puzzles).all()
    plain = generate_many(5, symmetry="diagonal", minimal=True, seed=1)
    assert plain.shape == (5, 81) and (count_solutions_many(plain) == 1).all()


def test_seeds_repeat_across_calls() -> None:
    assert generate(clues=24, seed=8) == generate(clues=24, seed=8)
    assert generate(seed=8) != generate(seed=9)
    assert generate() != generate()


ERRORS: list[tuple[dict[str, Any], type[Exception], str]] = [
    ({"clues": 16}, ValueError, "clues=16: no Sudoku puzzle with fewer than 17 clues has a unique solution (McGuire, Tugemann and Civario, 2012)"),
    ({"clues": -3}, ValueError, "clues=-3: no Sudoku puzzle with fewer than 17 clues has a unique solution (McGuire, Tugemann and Civario, 2012)"),
    ({"clues": 82}, ValueError, "clues=82: a board has only 81 cells"),
    ({"clues": 21}, ValueError, "clues=21: the generator makes puzzles with at least 22 clues; fewer take too long to find"),
    ({"clues": 17}, ValueError, "clues=17: the generator makes puzzles with at least 22 clues; fewer take too long to find"),
    (
        {"clues": 23, "symmetry": "rot180"},
        ValueError,
        "clues=23 with symmetry='rot180': the generator makes puzzles with at least 24 clues with symmetry='rot180'; fewer take too long to find",
    ),
    (
        {"clues": 26, "symmetry": "rot90"},
        ValueError,
        "clues=26 with symmetry='rot90': its givens come in groups of 4 cells (and the centre alone), so the count must be a multiple of 4 or one more",
    ),
    ({"clues": 31, "minimal": True}, ValueError, "clues=31 with minimal=True: minimal puzzles with more than 30 clues are too rare to find by search"),
    (
        {"symmetry": "rot45"},
        ValueError,
        "symmetry: expected one of 'none', 'rot180', 'rot90', 'diagonal', 'antidiagonal', 'horizontal', 'vertical' or None, got 'rot45'",
    ),
    (
        {"symmetry": 180},
        TypeError,
        "symmetry: expected one of 'none', 'rot180', 'rot90', 'diagonal', 'antidiagonal', 'horizontal', 'vertical' or None, got int",
    ),
    (
        {"difficulty": "easiest"},
        ValueError,
        "difficulty: expected one of 'easy', 'medium', 'hard', 'expert', 'extreme', 'forcing', 'nested' or None, got 'easiest'",
    ),
    # The value given is echoed, never a clamped one.
    ({"clues": 10**30}, ValueError, "clues=10000000000000000000… (31 digits): a board has only 81 cells"),
    (
        {"clues": -(10**30)},
        ValueError,
        "clues=-1000000000000000000… (31 digits): no Sudoku puzzle with fewer than 17 clues has a unique solution (McGuire, Tugemann and Civario, 2012)",
    ),
    ({"clues": 2**64}, ValueError, "clues=18446744073709551616: a board has only 81 cells"),
    # Requests that can never be met are refused before any search.
    (
        {"clues": 80, "difficulty": "medium"},
        ValueError,
        "clues=80 with difficulty='medium': a puzzle with at most one blank cell is always easy (a naked single fills it)",
    ),
    (
        {"clues": 81, "difficulty": "forcing"},
        ValueError,
        "clues=81 with difficulty='forcing': a puzzle with at most one blank cell is always easy (a naked single fills it)",
    ),
    (
        {"difficulty": "nested"},
        ValueError,
        "difficulty='nested': random puzzles need nested forcing nets too rarely (none of 20,000 minimal ones) to make one in reasonable time",
    ),
    ({"difficulty": 1}, TypeError, "difficulty: expected a str or None, got int"),
    ({"clues": 2.5}, TypeError, "clues: expected an int or None, got float"),
    ({"clues": True}, TypeError, "clues: expected an int or None, got bool"),
    ({"minimal": 1}, TypeError, "minimal: expected True or False, got int"),
    ({"seed": -1}, ValueError, "seed: expected an int from 0 to 2**64 - 1 or None, got -1"),
    ({"seed": 2**64}, ValueError, "seed: expected an int from 0 to 2**64 - 1 or None, got 18446744073709551616"),
    ({"seed": "1"}, TypeError, "seed: expected an int or None, got str"),
    ({"seed": 10**40}, ValueError, "seed: expected an int from 0 to 2**64 - 1 or None, got 10000000000000000000… (41 digits)"),
]


@pytest.mark.parametrize(("kwargs", "error", "message"), ERRORS)
def test_bad_arguments(kwargs: dict[str, Any], error: type[Exception], message: str) -> None:
    with pytest.raises(error) as info:
        generate(**kwargs)
    assert str(info.value) == message
    with pytest.raises(error) as info:
        generate_many(2, **kwargs)
    assert str(info.value) == message


def test_bad_counts_and_flags() -> None:
    bad: Any = "3"
    bad_seed: Any = 1.5
    with pytest.raises(TypeError, match=r"^n: expected an int, got str$"):
        generate_many(bad)
    with pytest.raises(ValueError, match=r"^n: expected an int 0 or more, got -1$"):
        random_grid_many(-1)
    with pytest.raises(TypeError, match=r"^return_solutions: expected True or False, got str$"):
        generate_many(1, return_solutions=bad)
    with pytest.raises(ValueError, match=r"^threads: expected a positive int or None, got 0$"):
        generate_many(1, threads=0)
    with pytest.raises(TypeError, match=r"^seed: expected an int or None, got float$"):
        random_grid(seed=bad_seed)
    assert generate_many(0, seed=1).shape == (0, 81)


def test_numpy_scalars_are_ints_and_flags() -> None:
    np = pytest.importorskip("numpy")
    assert generate(clues=np.int64(30), seed=np.uint64(1)) == generate(clues=30, seed=1)
    assert generate(minimal=np.True_, seed=np.int32(2)) == generate(minimal=True, seed=2)
    puzzles, solutions = generate_many(np.int64(2), clues=np.int16(30), seed=np.uint8(3), threads=np.int64(1), return_solutions=np.True_)
    assert puzzles.shape == solutions.shape == (2, 81)
    assert (puzzles == generate_many(2, clues=30, seed=3)).all()
    assert (random_grid_many(np.int64(3), seed=np.uint64(4)) == random_grid_many(3, seed=4)).all()
    assert generate_many(np.int64(1), seed=5, return_solutions=np.False_).shape == (1, 81)
    # numpy's bool is a flag, never an int.
    with pytest.raises(TypeError, match=r"^clues: expected an int or None, got bool_?$"):
        generate(clues=np.True_)
    with pytest.raises(TypeError, match=r"^n: expected an int, got bool_?$"):
        generate_many(np.False_)
    with pytest.raises(TypeError, match=r"^minimal: expected True or False, got int64$"):
        generate(minimal=np.int64(1))
    with pytest.raises(ValueError, match=r"^n: expected an int 0 or more, got -2$"):
        random_grid_many(np.int64(-2))


def test_ctrl_c_stops_a_long_batch() -> None:
    script = textwrap.dedent(
        """
        import os, signal, threading, time
        from valid_sudoku import generate_many
        threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        started = time.monotonic()
        try:
            generate_many(10**6, clues=22, threads=2)
        except KeyboardInterrupt:
            print("interrupted after", round(time.monotonic() - started, 1))
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("interrupted after"), done.stdout
    assert float(done.stdout.split()[-1]) < 2.0


# Every level but "nested", which random puzzles reach too rarely and generate refuses.
@pytest.mark.parametrize("level", valid_sudoku.LEVELS[:-1])
def test_difficulty_is_the_grade_of_the_puzzle(level: str) -> None:
    for seed in range(3):
        board = generate(difficulty=level, seed=seed)
        assert valid_sudoku.grade(board).level == level
        assert count_solutions(board) == 1
    puzzles, solutions = generate_many(4, difficulty=level, seed=5, threads=2, return_solutions=True)
    for puzzle, solution in zip(puzzles, solutions):
        assert valid_sudoku.grade(puzzle).level == level
        assert is_solution(puzzle, solution)


def units_of(cell: int) -> list[list[int]]:
    """The row, column and box of `cell`, as cell indexes."""
    r, c = divmod(cell, 9)
    return [
        [9 * r + k for k in range(9)],
        [9 * k + c for k in range(9)],
        [9 * (r // 3 * 3 + k // 3) + c // 3 * 3 + k % 3 for k in range(9)],
    ]


def forced_back(cells: list[int], cell: int, digit: int) -> bool:
    """True when a naked or hidden single puts `digit` at the empty `cell` of `cells`."""

    def open_digits(at: int) -> set[int]:
        return set(range(1, 10)) - {cells[p] for unit in units_of(at) for p in unit if p != at}

    if open_digits(cell) == {digit}:
        return True
    return any(
        all(other == cell or cells[other] != 0 or digit not in open_digits(other) for other in unit)
        for unit in units_of(cell)
    )


def test_easy_puzzles_keep_only_givens_no_single_puts_back() -> None:
    puzzles, solutions = generate_many(40, difficulty="easy", seed=8, return_solutions=True)
    counts = (puzzles > 0).sum(axis=1)
    assert 30 <= counts.mean() <= 37, counts.mean()
    for puzzle, solution in zip(puzzles, solutions):
        assert valid_sudoku.grade(puzzle).level == "easy"
        cells = [int(v) for v in puzzle]
        for cell in (k for k in range(81) if cells[k]):
            smaller = cells.copy()
            smaller[cell] = 0
            assert not forced_back(smaller, cell, int(solution[cell])), (cells, cell)
    # The sparsest easy puzzles: minimal ones that singles solve.
    sparse = generate_many(20, difficulty="easy", minimal=True, seed=8)
    assert (sparse > 0).sum(axis=1).mean() < 27
    assert all(valid_sudoku.grade(p).level == "easy" for p in sparse)


def test_forcing_puzzles_are_minimal_with_givens_in_nearly_every_row_and_column() -> None:
    puzzles = generate_many(60, difficulty="forcing", seed=9, threads=2)
    givens = puzzles.reshape(-1, 9, 9) > 0
    lacking = (givens.sum(axis=2) == 0).any(axis=1) | (givens.sum(axis=1) == 0).any(axis=1)
    # A random removal order leaves a row or column without givens in about 30% of its
    # minimal puzzles; the transversal order in about 2%.
    assert lacking.sum() <= 5, lacking.sum()
    for puzzle in puzzles[:10]:
        cells = puzzle.copy()
        for cell in numpy.flatnonzero(puzzle):
            cells[cell] = 0
            assert count_solutions(cells, limit=2) == 2, (puzzle, cell)
            cells[cell] = puzzle[cell]


def test_difficulty_with_other_requests() -> None:
    board = generate(difficulty="medium", symmetry="rot180", seed=4)
    assert valid_sudoku.grade(board).level == "medium"
    assert all((board.to_numpy()[r, c] == 0) == (board.to_numpy()[8 - r, 8 - c] == 0) for r in range(9) for c in range(9))
    board = generate(difficulty="hard", minimal=True, seed=4)
    assert valid_sudoku.grade(board).level == "hard"


# Seeds carry across forms: a single call is row 0 of the batch of its seed, and row i of a batch
# is the same made alone (start=i), with any options (docs/generate.md, "Seeds").
SEED_OPTIONS: list[dict[str, Any]] = [
    {},
    {"clues": 27},
    {"clues": 30, "symmetry": "rot180"},
    {"minimal": True, "symmetry": "diagonal"},
    {"difficulty": "medium"},
]


@pytest.mark.parametrize("options", SEED_OPTIONS)
def test_generate_is_row_0_of_generate_many(options: dict[str, Any]) -> None:
    for seed in (0, 17, 2**64 - 1):
        rows = generate_many(6, seed=seed, **options)
        assert generate(seed=seed, **options) == Board(rows[0]), (seed, options)
        for i in (1, 5):
            assert (generate_many(1, seed=seed, start=i, **options)[0] == rows[i]).all(), (seed, i, options)
        assert (generate_many(3, seed=seed, start=3, threads=2, **options) == rows[3:]).all()


def test_random_grid_is_row_0_of_random_grid_many() -> None:
    for seed in (0, 9, 2**64 - 1):
        rows = random_grid_many(40, seed=seed)
        assert random_grid(seed=seed) == Board(rows[0])
        assert (random_grid_many(1, seed=seed, start=39)[0] == rows[39]).all()
        assert (random_grid_many(10, seed=seed, start=30, threads=3) == rows[30:]).all()
    # The last rows a start can reach: start + i wraps past 2**64 - 1 rather than failing.
    assert random_grid_many(2, seed=1, start=2**64 - 1).shape == (2, 81)


def test_the_command_is_the_batch_form(capsys: pytest.CaptureFixture[str]) -> None:
    assert valid_sudoku.main(["generate", "--count", "3", "--clues", "28", "--seed", "11"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [Board(row).to_string() for row in generate_many(3, clues=28, seed=11)]
    assert lines[0] == generate(clues=28, seed=11).to_string()


@pytest.mark.parametrize(
    ("start", "error", "message"),
    [
        (-1, ValueError, "start: expected an int from 0 to 2**64 - 1, got -1"),
        (2**64, ValueError, "start: expected an int from 0 to 2**64 - 1, got 18446744073709551616"),
        ("1", TypeError, "start: expected an int, got str"),
        (True, TypeError, "start: expected an int, got bool"),
        (None, TypeError, "start: expected an int, got NoneType"),
    ],
)
def test_bad_starts(start: Any, error: type[Exception], message: str) -> None:
    calls: list[Callable[[], object]] = [lambda: generate_many(1, start=start), lambda: random_grid_many(1, start=start)]
    for call in calls:
        with pytest.raises(error) as caught:
            call()
        assert str(caught.value) == message
    numpy_start: Any = numpy.uint64(4)
    assert (generate_many(1, seed=2, start=numpy_start) == generate_many(1, seed=2, start=4)).all()


# A deadline: a request still searching at `timeout` seconds raises TimeoutError. This one
# takes seconds (docs/generate.md), so with a limit of 10 ms it cannot have finished.
SLOW: dict[str, Any] = {"difficulty": "forcing", "clues": 36, "seed": 1}


def test_a_slow_request_times_out() -> None:
    with pytest.raises(TimeoutError) as caught:
        generate(timeout=0.01, **SLOW)
    assert str(caught.value) == "timeout=0.01: generation did not finish within 0.01 seconds"
    with pytest.raises(TimeoutError) as caught:
        numpy_timeout: Any = numpy.float32(0.25)
        generate_many(4, timeout=numpy_timeout, threads=2, **SLOW)
    assert str(caught.value) == "timeout=0.25: generation did not finish within 0.25 seconds"


def test_a_timeout_that_is_not_reached_changes_nothing() -> None:
    assert generate(clues=30, seed=4, timeout=60) == generate(clues=30, seed=4)
    assert generate(seed=4, timeout=float("inf")) == generate(seed=4, timeout=None) == generate(seed=4)
    rows, solutions = generate_many(20, seed=4, timeout=1e300, return_solutions=True)
    assert (rows == generate_many(20, seed=4)).all() and is_solution(rows[0], solutions[0])


@pytest.mark.parametrize(
    ("timeout", "error", "message"),
    [
        (0, ValueError, "timeout: expected a positive number of seconds or None, got 0"),
        (-1.5, ValueError, "timeout: expected a positive number of seconds or None, got -1.5"),
        (float("nan"), ValueError, "timeout: expected a positive number of seconds or None, got nan"),
        ("1", TypeError, "timeout: expected a number of seconds or None, got str"),
        (True, TypeError, "timeout: expected a number of seconds or None, got bool"),
        ([1], TypeError, "timeout: expected a number of seconds or None, got list"),
    ],
)
def test_bad_timeouts(timeout: Any, error: type[Exception], message: str) -> None:
    calls: list[Callable[[], object]] = [lambda: generate(timeout=timeout), lambda: generate_many(1, timeout=timeout)]
    for call in calls:
        with pytest.raises(error) as caught:
            call()
        assert str(caught.value) == message
