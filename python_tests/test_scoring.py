"""is_solution, is_solution_many and score_solutions against a slow pure-Python reference:
candidates right or wrong in one small way, every form and dtype, DLPack tensors, exact errors."""

from __future__ import annotations

import sys
from typing import Any, Callable

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from search_effort import examples
from gil import assert_releases_the_gil
import valid_sudoku
from valid_sudoku import BoardFormatError, is_solution, is_solution_many, score_solutions
from batch_boards import _solved_grids, lines, line_strings, reference_many
from reference import classic_from_cells, line_from_cells, reference_is_valid

SOLVED = [int(c) for c in "534678912672195348198342567859761423426853791713924856961537284287419635345286179"]
PUZZLE_LINE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
PUZZLE = [0 if c == "." else int(c) for c in PUZZLE_LINE]
SOLVED_LINE = line_from_cells(SOLVED)


def reference_is_solution(puzzle: list[int], candidate: list[int]) -> bool:
    """Complete, no repeat, every given kept: the rule, written out plainly."""
    complete = all(value != 0 for value in candidate)
    keeps = all(p == 0 or p == c for p, c in zip(puzzle, candidate))
    return complete and keeps and reference_is_valid(candidate)


def sum_45_counterexample(grid: list[int]) -> list[int]:
    """A solved grid with the corners of a rectangle in box 0 moved up and down by one
    (+1, -1 in one row, -1, +1 in the other): every row, column and box still sums to 45,
    but two rows now repeat digits."""
    for r1, r2, c1, c2 in ((0, 1, 0, 1), (0, 1, 0, 2), (0, 2, 0, 1), (1, 2, 1, 2), (0, 2, 0, 2), (1, 2, 0, 1), (0, 1, 1, 2), (1, 2, 0, 2), (0, 2, 1, 2)):
        for step in (1, -1):
            out = list(grid)
            for cell, sign in ((r1 * 9 + c1, 1), (r1 * 9 + c2, -1), (r2 * 9 + c1, -1), (r2 * 9 + c2, 1)):
                out[cell] += sign * step
            if all(1 <= v <= 9 for v in out):
                return out
    raise AssertionError("no rectangle in box 0 can be moved")


def sums_to_45(grid: list[int]) -> bool:
    """The weak check some solvers are scored with."""
    cells = np.array(grid).reshape(9, 9)
    boxes = cells.reshape(3, 3, 3, 3).transpose(0, 2, 1, 3).reshape(9, 9)
    return bool((cells.sum(1) == 45).all() and (cells.sum(0) == 45).all() and (boxes.sum(1) == 45).all())


MISTAKES = ("right", "cell_changed", "cell_emptied", "row_swap", "other_grid", "given_overwritten", "sum_45", "all_fives")


def make_candidate(kind: str, puzzle: list[int], solution: list[int], other: list[int], cell: int) -> list[int]:
    """`solution`, right or wrong in the one small way `kind` names."""
    c = list(solution)
    empties = [i for i in range(81) if puzzle[i] == 0] or [cell]
    givens = [i for i in range(81) if puzzle[i] != 0] or [cell]
    if kind == "cell_changed":
        i = empties[cell % len(empties)]
        c[i] = c[i] % 9 + 1
    elif kind == "cell_emptied":
        c[cell] = 0
    elif kind == "row_swap":
        row, col = divmod(cell, 9)
        j = row * 9 + (col + 1) % 9
        c[cell], c[j] = c[j], c[cell]
    elif kind == "other_grid":
        c = list(other)
    elif kind == "given_overwritten":
        i = givens[cell % len(givens)]
        c[i] = c[i] % 9 + 1
    elif kind == "sum_45":
        c = sum_45_counterexample(solution)
    elif kind == "all_fives":
        c = [5] * 81
    return c


def test_the_seed_puzzle_and_the_small_mistakes() -> None:
    assert is_solution(PUZZLE_LINE, SOLVED_LINE)
    assert is_solution(SOLVED_LINE, SOLVED_LINE)
    assert is_solution("." * 81, SOLVED_LINE)
    other = [SOLVED[(i // 9) * 9 + (i + 3) % 9] for i in range(81)]  # columns rotated: still a grid
    for kind in MISTAKES[1:]:
        candidate = make_candidate(kind, PUZZLE, SOLVED, other, 40)
        assert not is_solution(PUZZLE_LINE, line_from_cells(candidate)), kind
        assert not reference_is_solution(PUZZLE, candidate), kind


def test_the_sum_45_check_passes_a_grid_that_repeats_digits() -> None:
    bad = sum_45_counterexample(SOLVED)
    assert sums_to_45(bad)
    assert not reference_is_valid(bad)
    assert not is_solution(PUZZLE_LINE, line_from_cells(bad))
    assert not is_solution("." * 81, line_from_cells(bad))


@settings(max_examples=examples(300), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    kind=st.sampled_from(MISTAKES),
    keep=st.floats(0.0, 1.0),
    cell=st.integers(0, 80),
)
def test_agrees_with_the_reference(seed: int, kind: str, keep: float, cell: int) -> None:
    rng = np.random.default_rng(seed)
    grids = _solved_grids(2, rng)
    solution, other = [int(v) for v in grids[0]], [int(v) for v in grids[1]]
    puzzle = [v if rng.random() < keep else 0 for v in solution]
    candidate = make_candidate(kind, puzzle, solution, other, cell)
    expected = reference_is_solution(puzzle, candidate)
    assert is_solution(line_from_cells(puzzle), classic_from_cells(candidate)) == expected
    flags = is_solution_many(np.array([puzzle], dtype=np.uint8), [line_from_cells(candidate)])
    assert flags.tolist() == [expected]
    scores = score_solutions([line_from_cells(puzzle)], np.array([candidate], dtype=np.int16), solutions=[line_from_cells(solution)])
    assert scores.solved.tolist() == [expected]


def near_misses(count: int, seed: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """(puzzles, candidates, solutions), shape (count, 81): every kind of mistake, mixed."""
    rng = np.random.default_rng(seed)
    grids = _solved_grids(64, rng)
    solutions = grids[rng.integers(0, 64, count)]
    others = grids[rng.integers(0, 64, count)]
    puzzles = np.where(rng.random((count, 81)) < rng.uniform(0, 1, (count, 1)), solutions, 0).astype(np.uint8)
    candidates = np.empty_like(solutions)
    for i in range(count):
        kind = MISTAKES[i % len(MISTAKES)]
        p, s, o = (list(map(int, a[i])) for a in (puzzles, solutions, others))
        candidates[i] = make_candidate(kind, p, s, o, int(rng.integers(0, 81)))
    return puzzles, candidates, solutions


def expected_scores(p: npt.NDArray[Any], c: npt.NDArray[Any], s: npt.NDArray[Any] | None) -> dict[str, npt.NDArray[Any]]:
    """Every measure, computed with plain numpy."""
    complete = (c != 0).all(axis=1)
    valid = reference_many(c)
    keeps = ((p == 0) | (p == c)).all(axis=1)
    out = {"complete": complete, "valid": valid, "keeps_givens": keeps, "solved": complete & valid & keeps}
    if s is not None:
        empty = (p == 0).sum(axis=1)
        right = ((p == 0) & (c == s)).sum(axis=1)
        out["matches"] = (c == s).all(axis=1)
        out["cell_accuracy"] = np.where(empty == 0, 1.0, right / np.maximum(empty, 1))
    return out


FORMS: dict[str, Callable[[npt.NDArray[np.uint8]], Any]] = {
    "uint8 (N, 81)": lambda a: a,
    "int64 (N, 9, 9)": lambda a: a.astype(np.int64).reshape(-1, 9, 9),
    "int8 strided": lambda a: np.repeat(a.astype(np.int8), 2, axis=0)[::2],
    ">u2 (N, 81)": lambda a: a.astype(">u2"),
    "bytes of lines": lambda a: lines(a),
    "list of str": lambda a: line_strings(a),
    "list of classic lists": lambda a: [classic_from_cells(list(map(int, b))) for b in a],
    "tuple of int rows": lambda a: tuple([list(map(int, row)) for row in b.reshape(9, 9)] for b in a),
    "generator": lambda a: (line_from_cells(list(map(int, b))) for b in a),
    "U81 array": lambda a: np.array(line_strings(a), dtype="<U81"),
}


class DLPackOnly:
    """Offers only the DLPack protocol, over a numpy array (as a torch tensor would)."""

    def __init__(self, array: npt.NDArray[Any], device: tuple[int, int] = (1, 0), legacy: bool = False) -> None:
        self.array, self.device, self.legacy = array, device, legacy

    def __dlpack__(self, **kwargs: Any) -> Any:
        if self.legacy:
            if kwargs:
                raise TypeError("__dlpack__() got an unexpected keyword argument")
            return self.array.__dlpack__()
        return self.array.__dlpack__(**kwargs)

    def __dlpack_device__(self) -> tuple[int, int]:
        return self.device


FORMS["DLPack versioned"] = lambda a: DLPackOnly(a)
FORMS["DLPack legacy int32 (N, 9, 9)"] = lambda a: DLPackOnly(a.astype(np.int32).reshape(-1, 9, 9), legacy=True)
FORMS["DLPack transposed view"] = lambda a: DLPackOnly(np.ascontiguousarray(a.T).T)


@pytest.mark.parametrize("puzzle_form", sorted(FORMS))
def test_every_form_and_dtype_in_either_argument(puzzle_form: str) -> None:
    p, c, s = near_misses(120, seed=len(puzzle_form))
    expected = expected_scores(p, c, s)
    for candidate_form in sorted(FORMS):
        flags = is_solution_many(FORMS[puzzle_form](p), FORMS[candidate_form](c), threads=1)
        assert flags.dtype == np.bool_ and flags.shape == (120,)
        assert (flags == expected["solved"]).all(), (puzzle_form, candidate_form)
    scores = score_solutions(FORMS[puzzle_form](p), FORMS["list of str"](c), solutions=FORMS[puzzle_form](s))
    for name, values in expected.items():
        assert np.array_equal(getattr(scores, name), values), (puzzle_form, name)


def test_the_fields_against_numpy_for_any_threads() -> None:
    p, c, s = near_misses(5000, seed=1)
    expected = expected_scores(p, c, s)
    assert 0.05 < expected["solved"].mean() < 0.5
    assert expected["matches"].sum() < expected["solved"].sum() + 1
    for threads in (1, 2, 3, None):
        assert (is_solution_many(p, c, threads=threads) == expected["solved"]).all()
        scores = score_solutions(p, c, solutions=s, threads=threads)
        for name, values in expected.items():
            got = getattr(scores, name)
            assert got.shape == (5000,) and np.array_equal(got, values), name
        assert scores.cell_accuracy is not None and scores.cell_accuracy.dtype == np.float64
    plain = score_solutions(p, c)
    assert plain.matches is None and plain.cell_accuracy is None
    assert np.array_equal(plain.solved, expected["solved"])


def test_a_different_valid_answer_is_solved_without_matching() -> None:
    # A puzzle with two solutions: the seed solution with the four corners of a rectangle of
    # two digits emptied, where swapping the two digits gives another valid grid.
    rectangles = [
        (r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2)
        for r1 in range(9) for r2 in range(r1 + 1, 9) for c1 in range(9) for c2 in range(c1 + 1, 9)
        if SOLVED[r1 * 9 + c1] == SOLVED[r2 * 9 + c2] and SOLVED[r1 * 9 + c2] == SOLVED[r2 * 9 + c1]
    ]
    swaps = []
    for cells in rectangles:
        other = list(SOLVED)
        for cell in cells:
            other[cell] = SOLVED[cells[1]] if SOLVED[cell] == SOLVED[cells[0]] else SOLVED[cells[0]]
        if reference_is_valid(other):
            swaps.append((cells, other))
    assert swaps
    cells, other = swaps[0]
    puzzle = [0 if i in cells else v for i, v in enumerate(SOLVED)]
    scores = score_solutions([line_from_cells(puzzle)], [line_from_cells(other)], solutions=[SOLVED_LINE])
    assert scores.solved.tolist() == [True]
    assert scores.matches is not None and scores.matches.tolist() == [False]
    assert scores.cell_accuracy is not None and scores.cell_accuracy.tolist() == [0.0]


def test_repr_and_rates() -> None:
    p, c, s = near_misses(1000, seed=2)
    expected = expected_scores(p, c, s)
    scores = score_solutions(p, c, solutions=s)
    rates = scores.rates()
    assert list(rates) == ["solved", "valid", "complete", "keeps_givens", "matches", "cell_accuracy"]
    for name, values in expected.items():
        assert rates[name] == pytest.approx(values.mean())
    shown = ", ".join(f"{name}={round(rate, 3)!r}" for name, rate in rates.items())
    assert repr(scores) == f"SolutionScores(n=1000, {shown})"
    assert len(scores) == scores.n == 1000
    plain = score_solutions(p, c)
    assert repr(plain).startswith("SolutionScores(n=1000, solved=") and "matches" not in repr(plain)
    right = score_solutions([PUZZLE_LINE] * 4, [SOLVED_LINE] * 3 + ["5" * 81])
    assert repr(right) == "SolutionScores(n=4, solved=0.75, valid=0.75, complete=1.0, keeps_givens=0.75)"
    with pytest.raises(AttributeError):
        scores.solved = np.zeros(3, bool)  # type: ignore[misc]


def test_no_boards() -> None:
    empty = np.zeros((0, 81), dtype=np.uint8)
    assert is_solution_many(empty, []).shape == (0,)
    assert is_solution_many(b"", ()).dtype == np.bool_
    scores = score_solutions(empty, [], solutions=b"")
    assert scores.n == 0 and scores.solved.shape == (0,)
    assert repr(score_solutions([], [])) == "SolutionScores(n=0, solved=nan, valid=nan, complete=nan, keeps_givens=nan)"


def test_single_boards_in_every_form_and_mixed() -> None:
    array = np.array(SOLVED, dtype=np.uint8)
    forms: list[Any] = [
        SOLVED_LINE, SOLVED_LINE.encode(), classic_from_cells(SOLVED), [SOLVED_LINE[i : i + 9] for i in range(0, 81, 9)],
        array, array.reshape(9, 9).astype(np.int64), tuple(tuple(SOLVED[r * 9 : r * 9 + 9]) for r in range(9)),
        valid_sudoku.Board(SOLVED_LINE),
    ]
    puzzles: list[Any] = [PUZZLE_LINE, PUZZLE_LINE.replace(".", "0").encode(), classic_from_cells(PUZZLE), np.array(PUZZLE).reshape(9, 9)]
    for puzzle in puzzles:
        for candidate in forms:
            assert is_solution(puzzle, candidate)
    assert not is_solution(SOLVED_LINE, PUZZLE_LINE)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: is_solution("x" + PUZZLE_LINE[1:], SOLVED_LINE), BoardFormatError,
         "puzzle[0]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'"),
        (lambda: is_solution(PUZZLE_LINE, [list(SOLVED_LINE[r * 9 : r * 9 + 9]) for r in range(2)] + [[5, 3, 4, 6, 12, 8, 9, 1, 2]] + [list("123456789")] * 6),
         BoardFormatError, "answer[2][4]: expected a value 0-9, got 12"),
        (lambda: is_solution(PUZZLE_LINE, 5), TypeError,  # type: ignore[arg-type]
         "answer: expected a sequence of 9 rows, an 81-character str, 81 bytes or a numpy integer array, got int; "
         "puzzles read as numbers lose their leading zeros, so read them as text (pandas: read_csv(..., dtype=str))"),
        (lambda: is_solution([[0] * 9] * 8, SOLVED_LINE), BoardFormatError, "puzzle: expected 9 rows, got 8"),
        (lambda: is_solution_many([PUZZLE_LINE] * 1000, [SOLVED_LINE] * 999), ValueError,
         "answers: expected 1000 boards (as many as puzzles), got 999"),
        (lambda: score_solutions([PUZZLE_LINE] * 3, [SOLVED_LINE] * 3, solutions=[SOLVED_LINE] * 4), ValueError,
         "solutions: expected 3 boards (as many as puzzles), got 4"),
        (lambda: is_solution_many([PUZZLE_LINE, 5], [SOLVED_LINE] * 2), TypeError,
         "puzzles[1]: expected a sequence of 9 rows, an 81-character str, 81 bytes or a numpy integer array, got int; "
         "puzzles read as numbers lose their leading zeros, so read them as text (pandas: read_csv(..., dtype=str))"),
        (lambda: is_solution_many([PUZZLE_LINE], ["x" + SOLVED_LINE[1:]]), BoardFormatError,
         "answers[0][0]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'"),
        (lambda: is_solution_many(np.zeros((3, 9, 8), np.uint8), []), BoardFormatError,
         "puzzles: expected shape (N, 9, 9) or (N, 81), got (3, 9, 8)"),
        (lambda: is_solution_many([SOLVED_LINE], np.zeros((1, 81), np.float32)), TypeError,
         "answers: expected an integer dtype or puzzle strings, got float32"),
        (lambda: is_solution_many("abc", [SOLVED_LINE]), TypeError,
         "puzzles: expected a numpy integer array, bytes of puzzle lines or a sequence of boards, got str"),
        (lambda: is_solution_many([PUZZLE_LINE], [SOLVED_LINE], threads=0), ValueError,
         "threads: expected a positive int or None, got 0"),
        (lambda: is_solution_many(b"x" + PUZZLE_LINE[1:].encode() + b"\n", [SOLVED_LINE]), BoardFormatError,
         "puzzles: line 1, column 1: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'"),
    ],
)
def test_errors_name_the_argument(call: Callable[[], object], error: type[Exception], message: str) -> None:
    with pytest.raises(error) as caught:
        call()
    assert str(caught.value) == message


@pytest.mark.parametrize("argument", ["puzzles", "answers", "solutions"])
def test_a_bad_value_in_each_argument(argument: str) -> None:
    p, c, s = near_misses(50, seed=3)
    arrays = {"puzzles": p.reshape(-1, 9, 9).copy(), "answers": c.reshape(-1, 9, 9).copy(), "solutions": s.reshape(-1, 9, 9).copy()}
    arrays[argument][17, 2, 4] = 12
    with pytest.raises(BoardFormatError) as caught:
        score_solutions(arrays["puzzles"], arrays["answers"], solutions=arrays["solutions"])
    assert str(caught.value) == f"{argument}[17][2][4]: expected a value 0-9, got 12"
    assert (caught.value.index, caught.value.row, caught.value.col) == (17, 2, 4)
    flat = {name: DLPackOnly(a.reshape(-1, 81).astype(np.int16)) for name, a in arrays.items()}
    if argument != "solutions":
        with pytest.raises(BoardFormatError, match=rf"^{argument}\[17\]\[22\]: expected a value 0-9, got 12$"):
            is_solution_many(flat["puzzles"], flat["answers"])


def test_dlpack_on_another_device_or_dtype() -> None:
    p, c, _ = near_misses(10, seed=4)
    with pytest.raises(TypeError) as caught:
        is_solution_many(p, DLPackOnly(c, device=(2, 0)))
    assert str(caught.value) == "answers: expected a tensor on the CPU, got one on cuda:0; call .cpu() first"
    with pytest.raises(TypeError, match=r"^boards: expected a tensor on the CPU, got one on rocm:1; call \.cpu\(\) first$"):
        valid_sudoku.is_valid_many(DLPackOnly(c, device=(10, 1)))
    with pytest.raises(TypeError, match=r"^puzzles: expected an integer dtype, got float32$"):
        is_solution_many(DLPackOnly(p.astype(np.float32)), c)
    with pytest.raises(TypeError, match=r"^answers: expected an integer dtype, got bool$"):
        is_solution_many(p, DLPackOnly(c.astype(bool)))
    with pytest.raises(BoardFormatError, match=r"^solutions: expected shape \(N, 9, 9\) or \(N, 81\), got \(10, 3, 27\)$"):
        score_solutions(p, c, solutions=DLPackOnly(c.reshape(10, 3, 27)))


def test_dlpack_tensors_are_released_after_the_call() -> None:
    p, c, _ = near_misses(100, seed=5)
    before = sys.getrefcount(c)
    for _ in range(20):
        is_solution_many(p, DLPackOnly(c))
        with pytest.raises(TypeError):
            is_solution_many(p, DLPackOnly(c.astype(np.float64)))
    assert sys.getrefcount(c) == before


def test_is_valid_many_reads_dlpack_tensors() -> None:
    p, c, _ = near_misses(300, seed=6)
    for tensor in (DLPackOnly(c), DLPackOnly(c.astype(np.int64).reshape(-1, 9, 9), legacy=True)):
        assert (valid_sudoku.is_valid_many(tensor) == reference_many(c)).all()


def test_torch_tensors_when_torch_is_installed() -> None:
    torch = pytest.importorskip("torch")
    p, c, s = near_misses(200, seed=7)
    expected = expected_scores(p, c, s)
    puzzles = torch.from_numpy(p)
    candidates = torch.from_numpy(c.astype(np.int64)).reshape(-1, 9, 9)
    assert (is_solution_many(puzzles, candidates) == expected["solved"]).all()
    assert (is_solution_many(puzzles, candidates.transpose(1, 2).contiguous().transpose(1, 2)) == expected["solved"]).all()
    scores = score_solutions(puzzles, candidates, solutions=torch.from_numpy(s))
    assert scores.cell_accuracy is not None and np.array_equal(scores.cell_accuracy, expected["cell_accuracy"])
    with pytest.raises(TypeError, match="expected an integer dtype, got float32"):
        is_solution_many(puzzles.float(), candidates)


@pytest.mark.parametrize("function", ["is_solution_many", "score_solutions"])
def test_the_gil_is_released_during_a_long_call(function: str) -> None:
    # Broadcast views: millions of pairs that take no memory, read through the strided path.
    p, c, s = near_misses(1, seed=8)
    puzzles = np.broadcast_to(p[0].astype(np.int64), (2_000_000, 81))
    candidates = np.broadcast_to(c[0].astype(np.int64), (2_000_000, 81))
    # Writable (numpy before 2.1 exports no read-only array through DLPack): every row is the
    # same 81 values, as a broadcast gives, through a stride of 0.
    one = s[0].astype(np.int32)
    solutions = DLPackOnly(np.lib.stride_tricks.as_strided(one, shape=(2_000_000, 81), strides=(0, one.itemsize)))
    call: Callable[[], object] = {
        "is_solution_many": lambda: is_solution_many(puzzles, candidates, threads=1),
        "score_solutions": lambda: score_solutions(puzzles, candidates, solutions=solutions, threads=1),
    }[function]
    assert_releases_the_gil(call)


def test_scores_to_frame_is_one_row_per_answer() -> None:
    pytest.importorskip("pandas")
    p, c, s = near_misses(50, seed=11)
    scores = score_solutions(p, c, solutions=s)
    frame = scores.to_frame()
    assert list(frame.columns) == ["complete", "valid", "keeps_givens", "solved", "matches", "cell_accuracy"]
    for name in frame.columns:
        assert frame[name].tolist() == getattr(scores, name).tolist(), name
    plain = score_solutions(p, c).to_frame()
    assert list(plain.columns) == ["complete", "valid", "keeps_givens", "solved"]
    assert len(plain) == 50
