"""Batch speed: boards per second for `is_valid_many`, against numpy validators and the
memory-read bound, all measured in this one run.

Boards are 10 M real puzzles and solutions from ../shared/data, drawn at random, with their
digits relabelled at random and, in half of them, one planted repeat (a digit copied to a
second cell of the same row, column or box), so the validator sees real variety and about
half the answers are False. The portable (non-SIMD) validator runs in a subprocess with
VALID_SUDOKU_FORCE_PORTABLE=1, since the choice is made once per process.

    python benches/bench_batch.py            # the table in docs/performance.md (about a minute; ~2.5 GB RAM)
    python benches/bench_batch.py --quick    # seconds; a smoke run for the test suite

Times are the best of several runs (the machine may be shared). Targets are reported, never
asserted; --quick reports none.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python_tests"))

try:
    import numpy as np
except ImportError:  # pragma: no cover - the bench needs numpy, like is_valid_many itself
    print("bench_batch needs numpy: pip install 'valid-sudoku[bench]'")
    raise SystemExit(0)

import valid_sudoku  # noqa: E402
from batch_boards import UNITS, random_boards, reference_many  # noqa: E402
from machine import cpu_model, cores  # noqa: E402
from puzzles import all_puzzles  # noqa: E402

try:
    import resource
except ImportError:  # not on Windows
    resource = None  # type: ignore[assignment]

Array = Any  # numpy arrays; kept loose so the bench reads simply
FULL_BOARDS = 10_000_000
QUICK_BOARDS = 50_000
NUMPY_BOARDS = 1_000_000  # numpy validators are measured on a prefix: they are slow
PORTABLE_BOARDS = 2_000_000
CHUNK = 100_000

# ---------------------------------------------------------------- boards


def real_puzzles() -> Array | None:
    """Every board in ../shared/data as values, shape (K, 81); None when the data is absent."""
    puzzles = all_puzzles()
    if puzzles is None:
        return None
    symbols = np.frombuffer("".join(puzzles).encode("ascii"), dtype=np.uint8).reshape(-1, 81)
    values = np.zeros(256, dtype=np.uint8)
    values[ord("1") : ord("9") + 1] = np.arange(1, 10, dtype=np.uint8)
    return values[symbols]


def plant_repeats(chunk: Array, rng: Any) -> None:
    """In about half the boards, copy a digit to a second cell of one row, column or box."""
    rows = np.flatnonzero(rng.random(len(chunk)) < 0.5)
    unit = rng.integers(0, 27, len(rows))
    first = rng.integers(0, 9, len(rows))
    second = (first + rng.integers(1, 9, len(rows))) % 9
    a, b = UNITS[unit, first], UNITS[unit, second]
    digit = chunk[rows, a]
    digit = np.where(digit == 0, rng.integers(1, 10, len(rows)), digit).astype(np.uint8)
    chunk[rows, a] = digit
    chunk[rows, b] = digit


def make_boards(count: int, seed: int, quick: bool) -> tuple[Array, str]:
    """`count` boards of shape (count, 81), uint8, built in place a chunk at a time (so that
    building them leaves no large temporary behind) and where they came from."""
    rng = np.random.default_rng(seed)
    source = real_puzzles()
    if source is None:
        if not quick:
            print("../shared/data is absent: the full benchmark needs the real puzzles; run --quick for a smoke run.")
            raise SystemExit(0)
        return random_boards(count, seed), "generated boards (../shared/data is absent)"
    relabel = np.zeros((4096, 10), dtype=np.uint8)
    for row in relabel:
        row[1:] = rng.permutation(9) + 1
    flat_relabel = relabel.reshape(-1)
    boards = np.empty((count, 81), dtype=np.uint8)
    for start in range(0, count, CHUNK):
        size = min(CHUNK, count - start)
        chunk = source[rng.integers(0, len(source), size)]
        chunk = flat_relabel[(rng.integers(0, len(relabel), size) * 10)[:, None] + chunk]
        plant_repeats(chunk, rng)
        boards[start : start + size] = chunk
    return boards, f"{len(source):,} real puzzles and solutions from ../shared/data, relabelled, half with a planted repeat"


def as_lines(boards: Array) -> bytes:
    """Boards as puzzle lines ('.' for empty, '\\n' endings), built a chunk at a time."""
    symbols = np.frombuffer(b".123456789", dtype=np.uint8)
    text = np.empty((len(boards), 82), dtype=np.uint8)
    text[:, 81] = ord("\n")
    for start in range(0, len(boards), CHUNK):
        text[start : start + CHUNK, :81] = symbols[boards[start : start + CHUNK]]
    data = text.tobytes()
    del text
    return data


# ---------------------------------------------------------------- numpy validators


def numpy_nibble_counters(boards: Array, chunk: int = 1024) -> Array:
    """The issue's reference method: a 4-bit counter per digit packed in a uint64, summed per
    unit; no counter may reach 2. Cell-major (transposed) chunks, explicit adds (the fastest
    arrangement of this method found; per-board reductions were 3x slower)."""
    one = np.array([1 << (4 * v) for v in range(10)], dtype=np.uint64)
    mask = np.uint64(0xEEEEEEEEE0)
    out = np.empty(len(boards), dtype=bool)
    for start in range(0, len(boards), chunk):
        c = one[np.ascontiguousarray(boards[start : start + chunk].T)].reshape(9, 9, -1)
        rows = c[:, 0].copy()
        cols = c[0].copy()
        for k in range(1, 9):
            rows += c[:, k]
            cols += c[k]
        t = c.reshape(9, 3, 3, -1)
        triplets = (t[:, :, 0] + t[:, :, 1] + t[:, :, 2]).reshape(3, 3, 3, -1)
        boxes = (triplets[:, 0] + triplets[:, 1] + triplets[:, 2]).reshape(9, -1)
        seen = np.bitwise_or.reduce(rows | cols | boxes, axis=0)
        out[start : start + chunk] = (seen & mask) == 0
    return out


def numpy_one_hot_sum_or(boards: Array, chunk: int = 4096) -> Array:
    """The best numpy validator found: a uint16 one-hot (1 << (v - 1)) per cell, cell-major
    chunks; a unit repeats a digit exactly when the sum of its one-hots differs from their OR.
    Rows and boxes share triplet sums."""
    out = np.empty(len(boards), dtype=bool)
    for start in range(0, len(boards), chunk):
        cells = np.ascontiguousarray(boards[start : start + chunk].T).astype(np.uint16)
        c = (np.left_shift(np.uint16(1), cells) >> np.uint16(1)).reshape(9, 9, -1)
        t = c.reshape(9, 3, 3, -1)
        tsum = t[:, :, 0] + t[:, :, 1]
        tsum += t[:, :, 2]
        tor = t[:, :, 0] | t[:, :, 1]
        tor |= t[:, :, 2]
        bad = (tsum[:, 0] + tsum[:, 1] + tsum[:, 2]) ^ (tor[:, 0] | tor[:, 1] | tor[:, 2])
        bs, bo = tsum.reshape(3, 3, 3, -1), tor.reshape(3, 3, 3, -1)
        bad |= ((bs[:, 0] + bs[:, 1] + bs[:, 2]) ^ (bo[:, 0] | bo[:, 1] | bo[:, 2])).reshape(9, -1)
        csum, cor = c[0] + c[1], c[0] | c[1]
        for k in range(2, 9):
            csum += c[k]
            cor |= c[k]
        bad |= csum ^ cor
        out[start : start + chunk] = np.bitwise_or.reduce(bad, axis=0) == 0
    return out


def read_pass(boards: Array) -> Callable[[], object]:
    """The memory-read bound: the fastest plain read-only pass numpy makes over the array."""
    words = boards.reshape(-1)[: boards.size // 8 * 8].view(np.uint64)
    passes: list[Callable[[], object]] = [lambda: np.bitwise_or.reduce(words), lambda: words.max()]
    return min(passes, key=lambda run: best_time(run, 2))


# ---------------------------------------------------------------- measuring


def best_time(run: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        begin = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - begin)
    return best


def peak_hwm_kib() -> int | None:
    """The process's peak resident memory since the last reset, from /proc (Linux only)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return None


def reset_hwm() -> bool:
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return True
    except OSError:
        return False


def portable_worker(count: int, repeats: int) -> None:
    """Run in a subprocess with VALID_SUDOKU_FORCE_PORTABLE=1: prints one JSON line."""
    boards, _ = make_boards(count, seed=7, quick=True)
    text = as_lines(boards)
    values = best_time(lambda: valid_sudoku.is_valid_many(boards, threads=1), repeats)
    lines = best_time(lambda: valid_sudoku.is_valid_many(text, threads=1), repeats)
    kernel = getattr(valid_sudoku, "_batch_kernel")()
    print(json.dumps({"kernel": kernel, "values": count / values, "lines": count / lines}))


def portable_figures(count: int, repeats: int, variable: str = "VALID_SUDOKU_FORCE_PORTABLE") -> dict[str, Any]:
    """The worker's figures in a subprocess with `variable` set (the portable kernel, or AVX2)."""
    env = {**os.environ, variable: "1"}
    command = [sys.executable, __file__, "--portable-worker", str(count), "--repeats", str(repeats)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


# ---------------------------------------------------------------- the run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a few seconds, small data, no targets")
    parser.add_argument("--boards", type=int, help="number of boards (default 10 M, or 50 k with --quick)")
    parser.add_argument("--repeats", type=int, help="runs per measurement; the best is kept")
    parser.add_argument("--portable-worker", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    repeats = args.repeats or (1 if args.quick else 5)
    if args.portable_worker:
        portable_worker(args.portable_worker, repeats)
        return

    count = args.boards or (QUICK_BOARDS if args.quick else FULL_BOARDS)
    begin = time.perf_counter()
    boards, origin = make_boards(count, seed=1, quick=args.quick)
    print(f"boards: {count:,} ({origin}), built in {time.perf_counter() - begin:.1f} s")
    print(
        f"versions: valid-sudoku {getattr(valid_sudoku, '__version__')}, kernel {getattr(valid_sudoku, '_batch_kernel')()}, "
        f"Python {platform.python_version()}, numpy {np.__version__}, {platform.system()} {platform.machine()}"
    )
    print(f"cpu: {cpu_model()}, {cores()} cores available to this process")
    print("kernels chosen at run time: avx512 (AVX-512F/BW), else avx2, else portable; VALID_SUDOKU_FORCE_AVX2=1 keeps avx2")
    print()

    rows: list[tuple[str, float]] = []

    def measure(name: str, run: Callable[[], object], boards_done: int, times: int = repeats) -> float:
        rate = boards_done / best_time(run, times)
        rows.append((name, rate))
        return rate

    # Memory first: the peak resident memory of one uint8 call, beyond what was there before.
    hwm_reset = reset_hwm()
    before = peak_hwm_kib()
    result = valid_sudoku.is_valid_many(boards, threads=1)
    after = peak_hwm_kib()
    extra_mib = (after - before) / 1024 if hwm_reset and before is not None and after is not None else None
    output_mib = result.nbytes / 2**20

    numpy_count = min(count, NUMPY_BOARDS)
    prefix = boards[:numpy_count]
    expected = result[:numpy_count]
    assert np.array_equal(numpy_one_hot_sum_or(prefix), expected), "numpy one-hot disagrees"
    assert np.array_equal(numpy_nibble_counters(prefix), expected), "numpy nibble counters disagree"
    if count <= QUICK_BOARDS:
        assert np.array_equal(result, reference_many(boards)), "is_valid_many disagrees with the reference"
    valid_share = result.mean()

    read_rate = measure("read-only pass over the array (numpy, memory-read bound)", read_pass(boards), count)
    sum_rate = measure("numpy arr.sum() over the array (a plain read pass)", lambda: boards.sum(), count)
    one = measure("is_valid_many, (N, 81) uint8, 1 thread", lambda: valid_sudoku.is_valid_many(boards, threads=1), count)
    two = measure("is_valid_many, (N, 81) uint8, 2 threads", lambda: valid_sudoku.is_valid_many(boards, threads=2), count)
    measure("is_valid_many, (N, 81) uint8, threads=None", lambda: valid_sudoku.is_valid_many(boards), count)
    square = boards.reshape(-1, 9, 9)
    measure("is_valid_many, (N, 9, 9) uint8 strided [::2], 1 thread", lambda: valid_sudoku.is_valid_many(square[::2], threads=1), len(square[::2]))
    wide = prefix.astype(np.int64)
    measure(f"is_valid_many, (N, 81) int64 (first {numpy_count:,}), 1 thread", lambda: valid_sudoku.is_valid_many(wide, threads=1), numpy_count)
    del wide
    strings = [line.decode("ascii") for line in as_lines(prefix[: numpy_count // 10]).splitlines()]
    measure(f"is_valid_many, list of {len(strings):,} str, 1 thread", lambda: valid_sudoku.is_valid_many(strings, threads=1), len(strings))
    del strings
    hot = measure("numpy one-hot uint16, sum == OR (best numpy found)", lambda: numpy_one_hot_sum_or(prefix), numpy_count, max(1, repeats // 2))
    nibble = measure("numpy 4-bit counters in uint64 (packed per board)", lambda: numpy_nibble_counters(prefix), numpy_count, max(1, repeats // 2))
    portable = portable_figures(min(count, PORTABLE_BOARDS), repeats)
    rows.append((f"is_valid_many, uint8, 1 thread, portable ({portable['kernel']})", portable["values"]))
    rows.append((f"is_valid_many, bytes of lines, 1 thread, portable ({portable['kernel']})", portable["lines"]))
    if getattr(valid_sudoku, "_batch_kernel")() == "avx512":
        # This machine's AVX2 kernel, as an AVX2-only machine would run it.
        avx2 = portable_figures(min(count, PORTABLE_BOARDS), repeats, "VALID_SUDOKU_FORCE_AVX2")
        rows.append((f"is_valid_many, uint8, 1 thread, forced ({avx2['kernel']})", avx2["values"]))
        rows.append((f"is_valid_many, bytes of lines, 1 thread, forced ({avx2['kernel']})", avx2["lines"]))
    text = as_lines(boards)
    del boards, square, prefix
    lines = measure("is_valid_many, bytes of lines, 1 thread", lambda: valid_sudoku.is_valid_many(text, threads=1), count)
    measure("is_valid_many, bytes of lines, 2 threads", lambda: valid_sudoku.is_valid_many(text, threads=2), count)
    del text

    width = max(len(name) for name, _ in rows)
    print(f"| {'what':<{width}} | {'M boards/s':>10} |")
    print(f"|{'-' * (width + 2)}|{'-' * 12}|")
    for name, rate in rows:
        print(f"| {name:<{width}} | {rate / 1e6:>10.1f} |")
    print()
    print(f"valid boards: {valid_share:.1%}")
    print(f"uint8, 1 thread vs best numpy (one-hot):  {one / hot:.1f}x")
    print(f"uint8, 1 thread vs numpy 4-bit counters:  {one / nibble:.1f}x")
    print(f"uint8, 2 threads vs 1 thread:             {two / one:.2f}x")
    print(f"uint8, 1 thread vs the memory-read bound: {one / read_rate:.0%} of {read_rate * 81 / 1e9:.1f} GB/s")
    print(f"uint8, 1 thread vs numpy arr.sum():       {one / sum_rate:.0%} of {sum_rate * 81 / 1e9:.1f} GB/s")
    if extra_mib is not None:
        print(f"memory: one uint8 call raised the peak RSS by {extra_mib:.1f} MiB, {output_mib:.1f} MiB of it the output")
    if resource is not None:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"peak RSS of this benchmark (getrusage): {peak:,.0f} MiB")
    if args.quick:
        return
    print()
    targets = [
        ("uint8, 1 thread >= 90 M boards/s", one >= 90e6),
        ("uint8, 1 thread >= 70% of numpy arr.sum()", one >= 0.7 * sum_rate),
        ("uint8, 1 thread >= 70% of the memory-read bound", one >= 0.7 * read_rate),
        ("uint8, 1 thread >= 45x numpy 4-bit counters", one >= 45 * nibble),
        ("uint8, 1 thread >= 45x best numpy (one-hot)", one >= 45 * hot),
        ("portable >= 20 M boards/s", portable["values"] >= 20e6),
        ("2 threads >= 1.8x 1 thread", two >= 1.8 * one),
        ("bytes of lines, 1 thread >= 30 M boards/s", lines >= 30e6),
    ]
    if extra_mib is not None:
        targets.append(("uint8 call: extra memory beyond the output <= 4 MiB", extra_mib - output_mib <= 4))
    for name, met in targets:
        print(f"target {name}: {'met' if met else 'MISSED'}")


if __name__ == "__main__":
    main()
