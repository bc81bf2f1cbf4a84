"""Column speed: boards per second for `is_valid_many` on Arrow, polars and pandas columns,
against the bytes-of-lines path in the same run, and the Dask example on 2 worker processes
against one process.

Boards are 2 M real puzzles and solutions from ../shared/data, relabelled, half with a planted
repeat (as in bench_batch.py). Each column holds the same boards as 81-character strings.

    python benches/bench_columns.py            # the table in docs/performance.md (a few minutes)
    python benches/bench_columns.py --quick    # seconds; a smoke run for the test suite

Times are the best of several runs; each row shows boards/s by wall-clock time and by the
process's CPU time, which a busy shared machine disturbs less. Targets are reported, never
asserted; --quick reports none. Needs pyarrow, polars and pandas (dask and distributed for the
Dask rows); what is missing is skipped.
"""

from __future__ import annotations

import argparse
import platform
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

import valid_sudoku
from bench_batch import as_lines, make_boards
from machine import cores, cpu_model

FULL_BOARDS = 2_000_000
QUICK_BOARDS = 20_000
DASK_BOARDS = 400_000
QUICK_DASK_BOARDS = 2_000
EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "dask_clean.py"


def optional(name: str) -> Any:
    try:
        return __import__(name)
    except ImportError:
        return None


pa = optional("pyarrow")
pl = optional("polars")
pd = optional("pandas")


def best(run: Callable[[], object], repeats: int) -> tuple[float, float]:
    """The best wall-clock and the best CPU time of `repeats` runs, in seconds."""
    wall = cpu = float("inf")
    for _ in range(repeats):
        begin, begin_cpu = time.perf_counter(), time.process_time()
        run()
        wall = min(wall, time.perf_counter() - begin)
        cpu = min(cpu, time.process_time() - begin_cpu)
    return wall, cpu


def arrow_strings(text: bytes, count: int, large: bool) -> Any:
    """A pyarrow string array of the puzzle lines, built from buffers (no Python strs)."""
    symbols = np.frombuffer(text, dtype=np.uint8).reshape(count, 82)[:, :81].tobytes()
    offsets = np.arange(0, 81 * (count + 1), 81, dtype=np.int64 if large else np.int32)
    kind = pa.large_string() if large else pa.string()
    return pa.Array.from_buffers(kind, count, [None, pa.py_buffer(offsets), pa.py_buffer(symbols)])


def dask_rate(directory: Path, *options: str) -> tuple[float, str]:
    """The example's boards/s (the rate it prints), and its summary line of counts."""
    out = Path(tempfile.mkdtemp(dir=directory))
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), str(directory / "in"), str(out / "out"), *options],
        capture_output=True, text=True, check=True,
    )
    match = re.search(r"\(([\d,]+) boards/s\)", done.stdout)
    counts = ", ".join(line for line in done.stdout.splitlines() if not line.startswith("time"))
    return (float(match.group(1).replace(",", "")) if match else 0.0), counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a few seconds, small data, no targets")
    parser.add_argument("--boards", type=int, help="number of boards (default 2 M, or 20 k with --quick)")
    parser.add_argument("--repeats", type=int, help="runs per measurement; the best is kept")
    args = parser.parse_args()
    repeats = args.repeats or (1 if args.quick else 7)
    count = args.boards or (QUICK_BOARDS if args.quick else FULL_BOARDS)

    boards, origin = make_boards(count, seed=3, quick=args.quick)
    text = as_lines(boards)
    expected = valid_sudoku.is_valid_many(text, threads=1)
    del boards
    print(f"boards: {count:,} ({origin}); {expected.mean():.1%} valid")
    versions = [f"valid-sudoku {getattr(valid_sudoku, '__version__')}", f"kernel {getattr(valid_sudoku, '_batch_kernel')()}"]
    versions += [f"Python {platform.python_version()}", f"numpy {np.__version__}"]
    versions += [f"{m.__name__} {m.__version__}" for m in (pa, pl, pd) if m is not None]
    print(f"versions: {', '.join(versions)}, {platform.system()} {platform.machine()}")
    print(f"cpu: {cpu_model()}, {cores()} cores available to this process")
    print()

    rows: list[tuple[str, float, float]] = []
    rates: dict[str, float] = {}

    def measure(key: str, name: str, column: Any) -> None:
        result = valid_sudoku.is_valid_many(column, threads=1)
        assert np.array_equal(result, expected), f"{name} disagrees with the bytes-of-lines path"
        wall, cpu = best(lambda: valid_sudoku.is_valid_many(column, threads=1), repeats)
        rows.append((name, count / wall, count / cpu))
        rates[key] = count / wall

    measure("lines", "bytes of puzzle lines, 1 thread (the baseline)", text)
    if pa is not None:
        measure("arrow", "pyarrow string array, 1 thread", arrow_strings(text, count, large=False))
        measure("large", "pyarrow large_string array, 1 thread", arrow_strings(text, count, large=True))
        chunks = arrow_strings(text, count, large=False)
        step = -(-count // 8)
        measure("chunked", "pyarrow ChunkedArray of 8 chunks, 1 thread", pa.chunked_array([chunks.slice(k * step, step) for k in range(8)]))
        if pl is not None:
            measure("polars", "polars Series (string_view), 1 thread", pl.from_arrow(chunks))
        if pd is not None:
            series = pd.Series(pd.arrays.ArrowStringArray(pa.chunked_array([chunks])))
            measure("pandas_arrow", "pandas Series, dtype string[pyarrow], 1 thread", series)
    if pd is not None:
        strings = text.decode("ascii").splitlines()
        measure("pandas_object", "pandas Series, dtype object (Python strs), 1 thread", pd.Series(strings, dtype=object))
        measure("list", "list of str, 1 thread (for scale)", strings)
        del strings

    width = max(len(name) for name, _, _ in rows)
    print(f"| {'is_valid_many on':<{width}} | M boards/s (wall) | M boards/s (CPU time) | vs lines |")
    print(f"|{'-' * (width + 2)}|------------------:|----------------------:|---------:|")
    for name, wall, cpu in rows:
        print(f"| {name:<{width}} | {wall / 1e6:>17.1f} | {cpu / 1e6:>21.1f} | {wall / rates['lines']:>7.2f}x |")
    print()

    dask_rows: list[tuple[str, float]] = []
    if optional("dask") is not None and optional("distributed") is not None and pd is not None:
        dask_count = QUICK_DASK_BOARDS if args.quick else DASK_BOARDS
        with tempfile.TemporaryDirectory() as scratch:
            directory = Path(scratch)
            (directory / "in").mkdir()
            strings = text.decode("ascii").splitlines()[:dask_count]
            for part, piece in enumerate(np.array_split(np.arange(len(strings)), 8)):
                pd.DataFrame({"puzzle": [strings[i] for i in piece]}).to_csv(directory / "in" / f"part-{part}.csv", index=False)
            two, counts = dask_rate(directory)
            one, _ = dask_rate(directory, "--scheduler", "synchronous")
        unique = "valid and unique" if hasattr(valid_sudoku, "count_solutions_many") else "valid only (no solver in this build)"
        print(f"Dask example on {len(strings):,} boards in 8 CSV files, {unique}: {counts}")
        dask_rows = [("LocalCluster, 2 worker processes", two), ("one process (synchronous scheduler)", one)]
        for name, rate in dask_rows:
            print(f"  {name:<38} {rate:>12,.0f} boards/s")
        print(f"  2 workers vs one process: {two / one:.2f}x")
    if args.quick:
        return
    print()
    targets = [("pyarrow string array >= 60 M boards/s", rates.get("arrow", 0) >= 60e6)]
    for key, name in [("arrow", "pyarrow string array"), ("polars", "polars Series"), ("pandas_arrow", "pandas string[pyarrow]")]:
        if key in rates:
            targets.append((f"{name} >= 0.8x bytes of lines", rates[key] >= 0.8 * rates["lines"]))
    if "pandas_object" in rates:
        targets.append(("pandas object Series >= 15 M boards/s", rates["pandas_object"] >= 15e6))
    for name, met in targets:
        print(f"target {name}: {'met' if met else 'MISSED'}")


if __name__ == "__main__":
    main()
