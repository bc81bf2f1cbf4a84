"""Scoring speed: pairs per second for `is_solution_many` and `score_solutions`, against
numpy implementations of the same strict check and of the weak sum-45 check, all measured in
this one run; then single `is_solution` against `is_valid_sudoku`, and memory.

Pairs are solved grids (the seed solution under random symmetries and relabellings) with a
random share of cells emptied as the puzzle, and as the candidate the solution, right in
about half the pairs and wrong in one small way in the rest (one cell changed, one emptied,
two cells of a row swapped, a given overwritten, four cells moved so that every unit still
sums to 45), so every check decides some of them.

    python benches/bench_scoring.py            # the table in docs/performance.md (about a minute; ~1.5 GB RAM)
    python benches/bench_scoring.py --quick    # seconds; a smoke run for the test suite

Times are the best of several runs. Each one-thread row also reports its rate in CPU time of
the calling thread (where a one-thread call runs), which a machine shared with other work
inflates far less than wall-clock time; rows with threads=None have wall-clock time only.
Targets are judged on the CPU-time rates where there are some; they are reported, never
asserted; --quick reports none.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python_tests"))

try:
    import numpy as np
except ImportError:  # pragma: no cover - the bench needs numpy, like the functions themselves
    print("bench_scoring needs numpy: pip install 'valid-sudoku[bench]'")
    raise SystemExit(0)

import valid_sudoku  # noqa: E402
from batch_boards import UNITS, _solved_grids  # noqa: E402
from bench_batch import best_time, numpy_one_hot_sum_or, peak_hwm_kib, reset_hwm  # noqa: E402
from machine import cores, cpu_model  # noqa: E402

Array = Any
FULL_PAIRS = 4_000_000
QUICK_PAIRS = 20_000
NUMPY_PAIRS = 500_000  # the numpy checks are measured on a prefix: they are slow
SINGLE_BOARDS = 4_000
CHUNK = 100_000

# ---------------------------------------------------------------- pairs


def make_pairs(count: int, seed: int) -> tuple[Array, Array, Array]:
    """(puzzles, candidates, solutions), each (count, 81) uint8, built a chunk at a time."""
    rng = np.random.default_rng(seed)
    grids = _solved_grids(512, rng)
    puzzles = np.empty((count, 81), dtype=np.uint8)
    candidates = np.empty((count, 81), dtype=np.uint8)
    solutions = np.empty((count, 81), dtype=np.uint8)
    for start in range(0, count, CHUNK):
        size = min(CHUNK, count - start)
        s = grids[rng.integers(0, len(grids), size)]
        p = np.where(rng.random((size, 81)) < rng.uniform(0.2, 0.5, (size, 1)), s, 0).astype(np.uint8)
        c = s.copy()
        rows = np.arange(size)
        kind = rng.integers(0, 9, size)  # 0-3: right; 4-8: one small mistake each
        cell = rng.integers(0, 81, size)
        changed = kind == 4
        c[rows[changed], cell[changed]] = c[rows[changed], cell[changed]] % 9 + 1
        emptied = kind == 5
        c[rows[emptied], cell[emptied]] = 0
        swapped = np.flatnonzero(kind == 6)
        other = (cell[swapped] // 9) * 9 + (cell[swapped] + 1) % 9
        c[swapped, cell[swapped]], c[swapped, other] = c[swapped, other], c[swapped, cell[swapped]]
        overwritten = np.flatnonzero(kind == 7)
        given = np.argmax(p[overwritten] != 0, axis=1)
        c[overwritten, given] = c[overwritten, given] % 9 + 1
        # Corners of a rectangle in box 0 moved by +1, -1 / -1, +1: every sum stays 45.
        movable = np.flatnonzero((kind == 8) & (c[:, 0] < 9) & (c[:, 1] > 1) & (c[:, 9] > 1) & (c[:, 10] < 9))
        c[movable, 0] += 1
        c[movable, 1] -= 1
        c[movable, 9] -= 1
        c[movable, 10] += 1
        puzzles[start : start + size], candidates[start : start + size], solutions[start : start + size] = p, c, s
    return puzzles, candidates, solutions


# ---------------------------------------------------------------- numpy checks


def numpy_strict(puzzles: Array, candidates: Array, chunk: int = 4096) -> Array:
    """The strict check in numpy, as a careful user would write it: complete, keeps every
    given, and every one of the 27 units holds the nine digits (a uint16 one-hot per cell,
    OR-reduced per unit, must be 0x1FF)."""
    out = np.empty(len(candidates), dtype=bool)
    for start in range(0, len(candidates), chunk):
        p, c = puzzles[start : start + chunk], candidates[start : start + chunk]
        complete = (c != 0).all(axis=1)
        keeps = ((p == 0) | (p == c)).all(axis=1)
        one_hot = np.left_shift(np.uint16(1), c.astype(np.uint16)) >> np.uint16(1)
        full = (np.bitwise_or.reduce(one_hot[:, UNITS], axis=2) == 0x1FF).all(axis=1)
        out[start : start + chunk] = complete & keeps & full
    return out


def numpy_strict_fastest(puzzles: Array, candidates: Array, chunk: int = 4096) -> Array:
    """The same check with the fastest numpy validator found (bench_batch's one-hot sum == OR
    over cell-major chunks) for the no-repeat part."""
    out = np.empty(len(candidates), dtype=bool)
    for start in range(0, len(candidates), chunk):
        p, c = puzzles[start : start + chunk], candidates[start : start + chunk]
        out[start : start + chunk] = (c != 0).all(axis=1) & ((p == 0) | (p == c)).all(axis=1)
    return out & numpy_one_hot_sum_or(candidates)


def numpy_sum_45(candidates: Array, chunk: int = 16384) -> Array:
    """The weak check: every row, column and box sums to 45. Passes grids that repeat digits."""
    out = np.empty(len(candidates), dtype=bool)
    for start in range(0, len(candidates), chunk):
        c = candidates[start : start + chunk].reshape(-1, 9, 9).astype(np.int16)
        boxes = c.reshape(-1, 3, 3, 3, 3).sum(axis=(2, 4))
        out[start : start + chunk] = (c.sum(axis=2) == 45).all(1) & (c.sum(axis=1) == 45).all(1) & (boxes == 45).all(axis=(1, 2))
    return out


def best_thread_time(run: Callable[[], object], repeats: int) -> float:
    """The best CPU time of the calling thread over `repeats` runs."""
    best = float("inf")
    for _ in range(repeats):
        begin = time.thread_time()
        run()
        best = min(best, time.thread_time() - begin)
    return max(best, 1e-9)


# ---------------------------------------------------------------- single boards


def per_call_ns(run: Callable[[Any, Any], object], firsts: list[Any], seconds: list[Any], repeats: int) -> float:
    """Best ns per call over the boards in CPU time of this thread, loop overhead included."""
    best = float("inf")
    for _ in range(repeats):
        begin = time.thread_time()
        for a, b in zip(firsts, seconds):
            run(a, b)
        best = min(best, time.thread_time() - begin)
    return best / len(firsts) * 1e9


def single_ratios(puzzles: Array, candidates: Array, repeats: int) -> list[tuple[str, float, float]]:
    """(form, is_solution ns, is_valid_sudoku ns) for distinct boards in two forms."""
    symbols = np.frombuffer(b".123456789", dtype=np.uint8)
    strs = [bytes(row).decode("ascii") for row in symbols[candidates[:SINGLE_BOARDS]]]
    puzzle_strs = [bytes(row).decode("ascii") for row in symbols[puzzles[:SINGLE_BOARDS]]]
    # Boards made with list(...) hold CPython's shared one-character strs, like json.loads.
    classic = [[list(s[r * 9 : r * 9 + 9]) for r in range(9)] for s in strs]
    puzzle_classic = [[list(s[r * 9 : r * 9 + 9]) for r in range(9)] for s in puzzle_strs]
    is_solution, is_valid = valid_sudoku.is_solution, valid_sudoku.is_valid_sudoku
    rows = []
    for form, firsts, seconds in (("81-character str", puzzle_strs, strs), ("classic list of lists", puzzle_classic, classic)):
        solution_ns = per_call_ns(is_solution, firsts, seconds, repeats * 4)
        valid_ns = per_call_ns(lambda _, b: is_valid(b), firsts, seconds, repeats * 4)
        rows.append((form, solution_ns, valid_ns))
    return rows


# ---------------------------------------------------------------- the run


def extra_memory_mib(run: Callable[[], Any]) -> tuple[float, float] | None:
    """(peak RSS raise, output size) of one call, in MiB; None where /proc says nothing."""
    if not reset_hwm():
        return None
    before = peak_hwm_kib()
    result = run()
    after = peak_hwm_kib()
    if before is None or after is None:
        return None
    arrays = [result] if isinstance(result, np.ndarray) else [getattr(result, name) for name in ("complete", "valid", "keeps_givens", "solved", "matches", "cell_accuracy")]
    output = sum(a.nbytes for a in arrays if a is not None)
    return (after - before) / 1024, output / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a few seconds, small data, no targets")
    parser.add_argument("--pairs", type=int, help="number of pairs (default 4 M, or 20 k with --quick)")
    parser.add_argument("--repeats", type=int, help="runs per measurement; the best is kept")
    args = parser.parse_args()
    repeats = args.repeats or (1 if args.quick else 5)
    count = args.pairs or (QUICK_PAIRS if args.quick else FULL_PAIRS)

    begin = time.perf_counter()
    puzzles, candidates, solutions = make_pairs(count, seed=1)
    print(f"pairs: {count:,} (seed solution under random symmetries, half with one small mistake), built in {time.perf_counter() - begin:.1f} s")
    print(
        f"versions: valid-sudoku {getattr(valid_sudoku, '__version__')}, kernel {getattr(valid_sudoku, '_batch_kernel')()}, "
        f"Python {platform.python_version()}, numpy {np.__version__}, {platform.system()} {platform.machine()}"
    )
    print(f"cpu: {cpu_model()}, {cores()} cores available to this process")
    print()

    # Memory first, before the measurements leave large arrays behind.
    memory_flags = extra_memory_mib(lambda: valid_sudoku.is_solution_many(puzzles, candidates, threads=1))
    memory_scores = extra_memory_mib(lambda: valid_sudoku.score_solutions(puzzles, candidates, solutions=solutions, threads=1))

    numpy_count = min(count, NUMPY_PAIRS)
    p, c = puzzles[:numpy_count], candidates[:numpy_count]
    flags = valid_sudoku.is_solution_many(puzzles, candidates, threads=1)
    assert np.array_equal(numpy_strict(p, c), flags[:numpy_count]), "numpy strict check disagrees"
    assert np.array_equal(numpy_strict_fastest(p, c), flags[:numpy_count]), "fastest numpy strict check disagrees"
    scores = valid_sudoku.score_solutions(puzzles, candidates, solutions=solutions, threads=1)
    assert np.array_equal(scores.solved, flags), "score_solutions disagrees with is_solution_many"
    weak_passes_wrong = int((numpy_sum_45(c) & ~flags[:numpy_count]).sum())

    rows: list[tuple[str, float, float | None]] = []

    def measure(name: str, run: Callable[[], object], done: int, times: int = repeats, one_thread: bool = True) -> float:
        """Records the wall-clock rate and, for a call on this thread, the CPU-time rate;
        returns the CPU-time rate where there is one."""
        wall = done / best_time(run, times)
        cpu = done / best_thread_time(run, times) if one_thread else None
        rows.append((name, wall, cpu))
        return cpu if cpu is not None else wall

    one = measure("is_solution_many, (N, 81) uint8 pairs, 1 thread", lambda: valid_sudoku.is_solution_many(puzzles, candidates, threads=1), count)
    measure("is_solution_many, (N, 81) uint8 pairs, threads=None", lambda: valid_sudoku.is_solution_many(puzzles, candidates), count, one_thread=False)
    valid_rate = measure("is_valid_many on the candidates alone, 1 thread (for scale)", lambda: valid_sudoku.is_valid_many(candidates, threads=1), count)
    scored = measure("score_solutions with solutions, 1 thread", lambda: valid_sudoku.score_solutions(puzzles, candidates, solutions=solutions, threads=1), count)
    measure("score_solutions without solutions, 1 thread", lambda: valid_sudoku.score_solutions(puzzles, candidates, threads=1), count)
    measure("score_solutions with solutions, threads=None", lambda: valid_sudoku.score_solutions(puzzles, candidates, solutions=solutions), count, one_thread=False)
    slow = max(1, repeats // 2)
    plain = measure("numpy strict check (units OR to 0x1FF, complete, givens)", lambda: numpy_strict(p, c), numpy_count, slow)
    fastest = measure("numpy strict check, fastest validator found (one-hot sum == OR)", lambda: numpy_strict_fastest(p, c), numpy_count, slow)
    measure("numpy weak sum-45 check (wrong: passes repeats)", lambda: numpy_sum_45(c), numpy_count, slow)

    width = max(len(name) for name, _, _ in rows)
    print(f"| {'what':<{width}} | M pairs/s (wall) | M pairs/s (CPU time) |")
    print(f"|{'-' * (width + 2)}|------------------|----------------------|")
    for name, wall, cpu in rows:
        shown = f"{cpu / 1e6:.1f}" if cpu is not None else "-"
        print(f"| {name:<{width}} | {wall / 1e6:>16.1f} | {shown:>20} |")
    print()
    print(f"solved pairs: {flags.mean():.1%}; pairs the sum-45 check passes that are not solutions: {weak_passes_wrong:,} of {numpy_count:,}")
    print(f"is_solution_many, 1 thread vs numpy strict:          {one / plain:.0f}x")
    print(f"is_solution_many, 1 thread vs fastest numpy strict:  {one / fastest:.0f}x")
    print(f"is_solution_many vs is_valid_many (1 thread):        {one / valid_rate:.2f}x the rate")
    singles = single_ratios(puzzles, candidates, repeats)
    for form, solution_ns, valid_ns in singles:
        print(f"single board, {form}: is_solution {solution_ns:.0f} ns, is_valid_sudoku {valid_ns:.0f} ns, ratio {solution_ns / valid_ns:.2f}")
    for name, memory in (("is_solution_many", memory_flags), ("score_solutions with solutions", memory_scores)):
        if memory is not None:
            print(f"memory: one {name} call raised the peak RSS by {memory[0]:.1f} MiB, {memory[1]:.1f} MiB of it the outputs")
    if args.quick:
        return
    print()
    targets = [
        ("is_solution_many, 1 thread >= 60 M pairs/s", one >= 60e6),
        ("is_solution_many, 1 thread >= 100x numpy strict", one >= 100 * plain),
        ("is_solution_many, 1 thread >= 100x fastest numpy strict", one >= 100 * fastest),
        ("is_solution_many, 1 thread >= 0.9x is_valid_many on the candidates", one >= 0.9 * valid_rate),
        ("score_solutions with solutions >= 20 M boards/s", scored >= 20e6),
    ]
    targets += [(f"single is_solution <= 2x is_valid_sudoku ({form})", s <= 2 * v) for form, s, v in singles]
    for name, memory in (("is_solution_many", memory_flags), ("score_solutions", memory_scores)):
        if memory is not None:
            targets.append((f"{name}: extra memory beyond the outputs <= 4 MiB", memory[0] - memory[1] <= 4))
    for name, met in targets:
        print(f"target {name}: {'met' if met else 'MISSED'}")


if __name__ == "__main__":
    main()
