"""canonical, canonical_many, are_equivalent, automorphisms and random isomorphs: the surface,
errors, properties against the pure-Python model of the group, and Royle's 17-clue list."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from canonical_reference import apply_map, cells_of, first_appearance, random_map
from puzzles import FULL, KAGGLE_FILE, data_available, puzzle_lines
from search_effort import examples
from valid_sudoku import (
    Board,
    BoardFormatError,
    are_equivalent,
    automorphisms,
    canonical,
    canonical_many,
    is_solution_many,
    random_isomorph,
    random_isomorph_many,
)

SEED = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SEED_FORM = "000000001000002034156000270000008000000051002329740000001600900003400700280910450"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
SYMMETRIC = "123456789456789123789123456231564897564897231897231564312645978645978312978312645"
BROKEN = "8" + SEED[1:]


def text(cells: Any) -> str:
    return "".join(str(int(v)) for v in cells)


def test_the_form_of_the_classic_puzzle() -> None:
    assert canonical(SEED) == SEED_FORM
    assert Board(SEED).canonical() == SEED_FORM
    assert canonical(SEED_FORM) == SEED_FORM
    assert canonical([list(SEED[r * 9 : r * 9 + 9]) for r in range(9)]) == SEED_FORM
    assert canonical(np.array(cells_of(SEED), np.uint8).reshape(9, 9)) == SEED_FORM


def test_boards_that_break_the_rule_have_a_form_too() -> None:
    form = canonical(BROKEN)
    assert len(form) == 81 and form != SEED_FORM
    assert canonical("1" * 81) == "1" * 81
    assert canonical("." * 81) == "0" * 81
    assert canonical("." * 40 + "5" + "." * 40) == "0" * 80 + "1"


def test_errors_are_those_of_is_valid_sudoku() -> None:
    for function in (canonical, automorphisms, random_isomorph):
        with pytest.raises(BoardFormatError) as info:
            function(SEED[:80])
        assert str(info.value) == "board: expected 81 characters, got 80"
        with pytest.raises(BoardFormatError) as info:
            function(SEED[:4] + "x" + SEED[5:])
        assert str(info.value) == "board[4]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'"
    with pytest.raises(BoardFormatError):
        are_equivalent(SEED, SEED[:80])
    with pytest.raises(BoardFormatError) as info:
        canonical_many([SEED, SEED[:4] + "x" + SEED[5:]])
    assert str(info.value) == "boards[1][4]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'"


def test_automorphisms() -> None:
    assert automorphisms(SEED) == 1
    assert automorphisms(SYMMETRIC) == 648
    assert automorphisms("." * 81) == 3_359_232 * 362_880
    # One given: the geometric maps that keep its cell (the group moves any cell to any other,
    # so 3,359,232 / 81 of them), each with any relabelling of the 8 absent digits.
    assert automorphisms("5" + "." * 80) == 3_359_232 // 81 * 40_320


def test_are_equivalent() -> None:
    assert are_equivalent(SEED, random_isomorph(SEED, seed=5))
    assert not are_equivalent(SEED, BROKEN)
    assert not are_equivalent(SEED, SOLUTION)
    assert are_equivalent(Board(SEED), SEED_FORM)


def test_canonical_many_takes_every_batch_form_and_threads() -> None:
    boards = [SEED, SOLUTION, BROKEN, "." * 81]
    forms = canonical_many(boards)
    assert forms.shape == (4, 81) and forms.dtype == np.uint8
    assert [text(row) for row in forms] == [canonical(b) for b in boards]
    array = np.array([cells_of(b) for b in boards], np.int64)
    for form in (array, array.reshape(4, 9, 9), np.array(boards), "\n".join(boards).encode(), iter(boards)):
        assert np.array_equal(canonical_many(form), forms), type(form)
    many = boards * 200
    one = canonical_many(many, threads=1)
    for threads in (2, 3, None):
        assert np.array_equal(canonical_many(many, threads=threads), one)
    assert canonical_many([]).shape == (0, 81)


def test_hashable_keys_for_pandas_and_polars() -> None:
    pd = pytest.importorskip("pandas")
    pl = pytest.importorskip("polars")
    boards = [SEED, random_isomorph(SEED, seed=1).to_string(), SOLUTION, random_isomorph(SOLUTION, seed=2).to_string()]
    keys = canonical_many(boards).view("S81").ravel()
    frame = pd.DataFrame({"puzzle": boards, "key": keys})
    assert frame.drop_duplicates("key")["puzzle"].tolist() == [boards[0], boards[2]]
    assert pl.Series(keys).is_duplicated().to_list() == [True, True, True, True]
    assert len(pl.DataFrame({"key": keys}).unique("key")) == 2


def test_random_isomorph_seeds() -> None:
    a = random_isomorph(SEED, seed=42)
    assert isinstance(a, Board)
    assert a == random_isomorph(SEED, seed=42)
    assert a != random_isomorph(SEED, seed=43)
    assert canonical(a) == SEED_FORM
    assert canonical(random_isomorph(SEED)) == SEED_FORM
    assert random_isomorph(SEED, seed=2**64 - 1).givens == 30
    seed: Any
    for seed, kind, message in (
        (-1, ValueError, "seed: expected an int from 0 to 2**64 - 1 or None, got -1"),
        (2**64, ValueError, "seed: expected an int from 0 to 2**64 - 1 or None, got 18446744073709551616"),
        ("1", TypeError, "seed: expected an int or None, got str"),
        (True, TypeError, "seed: expected an int or None, got bool"),
        (1.0, TypeError, "seed: expected an int or None, got float"),
    ):
        with pytest.raises(kind) as info:
            random_isomorph(SEED, seed=seed)
        assert str(info.value) == message
        with pytest.raises(kind):
            random_isomorph_many([SEED], seed=seed)


def test_random_isomorph_many_with_solutions() -> None:
    puzzles = [SEED, BROKEN, "." * 81] * 50
    solutions = [SOLUTION] * len(puzzles)
    out_puzzles, out_solutions = random_isomorph_many(puzzles, solutions=solutions, seed=9)
    assert out_puzzles.shape == out_solutions.shape == (150, 81)
    # Row 0's pair: the same map on both, so the solution still solves the puzzle.
    assert is_solution_many(out_puzzles[0::3], out_solutions[0::3]).all()
    assert np.array_equal(canonical_many(out_puzzles), canonical_many(puzzles))
    assert np.array_equal(canonical_many(out_solutions), canonical_many(solutions))
    # Givens stay under the same cells of the solution.
    for p, s, op, osol in zip(puzzles, solutions, out_puzzles, out_solutions):
        kept = [i for i, ch in enumerate(p) if ch != "."]
        assert len(kept) == int((op != 0).sum())
        assert all(op[i] == 0 or op[i] == osol[i] for i in range(81)) == all(
            ch == "." or ch == s[i] for i, ch in enumerate(p)
        )
    for threads in (1, 2, 3):
        again = random_isomorph_many(puzzles, solutions=solutions, seed=9, threads=threads)
        assert np.array_equal(again[0], out_puzzles) and np.array_equal(again[1], out_solutions)
    single = random_isomorph_many(puzzles, seed=9)
    assert np.array_equal(single, out_puzzles)
    assert not np.array_equal(random_isomorph_many(puzzles, seed=10), single)
    with pytest.raises(ValueError) as info:
        random_isomorph_many([SEED, SEED], solutions=[SOLUTION])
    assert str(info.value) == "solutions: expected 2 boards (as many as boards), got 1"


def test_random_isomorph_many_rows_are_the_same_for_every_threads_and_form() -> None:
    # Enough rows for many chunks, parts and threads: row i's map is keyed by i alone.
    puzzles = np.array([cells_of(SEED), cells_of(BROKEN)] * 20_500, np.uint8)
    solutions = np.array([cells_of(SOLUTION)] * len(puzzles), np.uint8)
    first = random_isomorph_many(puzzles, seed=3, threads=1)
    assert first.shape == (41_000, 81)
    for threads in (2, 3):
        assert np.array_equal(random_isomorph_many(puzzles, seed=3, threads=threads), first)
    # Python objects are read a chunk at a time: the same rows.
    assert np.array_equal(random_isomorph_many([text(row) for row in puzzles[:9000]], seed=3), first[:9000])
    paired, answers = random_isomorph_many(puzzles, solutions=solutions, seed=3, threads=2)
    assert np.array_equal(paired, first)
    assert is_solution_many(paired[0::2], answers[0::2]).all()
    # A later slice gets other maps: rows are keyed by their own position.
    assert not np.array_equal(random_isomorph_many(puzzles[2:], seed=3)[:100], first[2:102])
    # Maps differ from row to row (a repeated board gives many distinct isomorphs).
    assert len({row.tobytes() for row in first[0::2]}) == 20_500


def sparse_boards() -> st.SearchStrategy[str]:
    """Subsets of the solution's givens, of any density, some made symmetric."""

    def build(mask: int, mirror: bool) -> str:
        cells = [SOLUTION[i] if (mask >> i) & 1 else "." for i in range(81)]
        if mirror:
            for r in range(9):
                for c in range(r):
                    cells[c * 9 + r] = cells[r * 9 + c]
        return "".join(cells)

    return st.builds(build, st.integers(0, 2**81 - 1), st.booleans())


@settings(max_examples=examples(60), deadline=None)
@given(sparse_boards(), st.integers(0, 2**32))
def test_isomorphs_share_the_form_and_the_form_is_minimal(board: str, seed: int) -> None:
    rng = random.Random(seed)
    form = canonical(board)
    cells = cells_of(board)
    for _ in range(5):
        image = apply_map(cells, *random_map(rng))
        assert canonical(text(image)) == form
        # No map gives a smaller string than the form.
        assert form <= first_appearance(image)
    assert are_equivalent(form, board)
    assert automorphisms(form) == automorphisms(board)


@pytest.mark.skipif(not data_available(), reason="../shared/data is absent")
def test_royles_17_clue_puzzles_are_essentially_different() -> None:
    boards = puzzle_lines("norvig/sudokus_17.txt")
    assert len(boards) == 49_151
    if not FULL:
        boards = boards[::10]
    keys = canonical_many(boards).view("S81").ravel()
    assert len(set(keys.tolist())) == len(boards)


@pytest.mark.skipif(not data_available(), reason="../shared/data is absent")
def test_kaggle_puzzles_and_their_solutions_map_together() -> None:
    lines = puzzle_lines(KAGGLE_FILE)
    half = len(lines) // 2
    puzzles, solutions = lines[:half][:500], lines[half:][:500]
    out_p, out_s = random_isomorph_many(puzzles, solutions=solutions, seed=3)
    assert is_solution_many(out_p, out_s).all()
    assert np.array_equal(canonical_many(out_p), canonical_many(puzzles))


def test_random_isomorph_is_row_0_of_the_batch() -> None:
    # The seed carries across forms, as generate's does: the single call maps with row 0's map.
    for seed in (0, 1, 7, 2**64 - 1):
        rows = random_isomorph_many([SEED, SOLUTION, SEED], seed=seed)
        assert random_isomorph(SEED, seed=seed) == Board(rows[0])
