"""Clean a directory of puzzle files with Dask: add `valid` and `unique` columns, write Parquet.

    python examples/dask_clean.py INPUT_DIR OUTPUT_DIR [--column puzzle]
                                  [--scheduler ADDRESS | --workers 2] [--partitions N]

INPUT_DIR holds CSV files (`*.csv`, with a header) or Parquet files (`*.parquet`) with a column
of 81-character puzzles. Each partition gets
- `valid`: `is_valid_many(puzzles)`, no digit repeated in a row, column or box;
- `unique`: `count_solutions_many(puzzles, limit=2) == 1`, exactly one solution.
Puzzle columns are read as Arrow-backed strings, which the batch functions read in place.

By default the work runs on a `LocalCluster` of 2 worker processes (one thread each); give
`--scheduler tcp://host:8786` to use a running cluster, or `--scheduler synchronous` to run
everything in this one process. The summary goes to stdout, e.g. for the 200,000 puzzles of
python_tests/test_dask_example.py in 8 CSV files, on a busy shared 2-core machine:

    rows: 200000
    invalid: 20001
    not unique: 20065
    time: 7.41 s (26,990 boards/s)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import valid_sudoku

# What `unique` needs; a build without the solver leaves the column out and says so.
HAS_SOLVER = hasattr(valid_sudoku, "count_solutions_many")


def clean_partition(frame: Any, column: str, unique: bool) -> Any:
    """One partition with its two new columns. A plain module-level function, so Dask can
    pickle it to the workers, which import valid_sudoku themselves."""
    puzzles = frame[column]
    # One thread per call: the workers are the parallelism.
    result = frame.assign(valid=valid_sudoku.is_valid_many(puzzles, threads=1))
    if unique:
        counts = valid_sudoku.count_solutions_many(puzzles, limit=2, threads=1)
        result = result.assign(unique=counts == 1)
    return result


def warm_up() -> None:
    """Run on each worker before timing: the imports a partition needs."""
    import pandas  # noqa: F401
    import pyarrow  # noqa: F401

    import valid_sudoku  # noqa: F401


def read_puzzles(directory: Path, column: str, partitions: int | None) -> Any:
    """The directory's CSV or Parquet files as a Dask DataFrame, puzzles as Arrow strings."""
    import dask.dataframe as dd

    if sorted(directory.glob("*.parquet")):
        frame = dd.read_parquet(str(directory / "*.parquet"))
        frame[column] = frame[column].astype("string[pyarrow]")
    elif sorted(directory.glob("*.csv")):
        # dtype as str keeps leading zeros ('0' is an empty cell), as Arrow strings.
        frame = dd.read_csv(str(directory / "*.csv"), dtype={column: "string[pyarrow]"})
    else:
        raise SystemExit(f"{directory}: no *.csv or *.parquet files")
    if partitions:
        frame = frame.repartition(npartitions=partitions)
    return frame


def clean(input_dir: Path, output_dir: Path, column: str, partitions: int | None) -> dict[str, Any]:
    """Reads, adds the columns, writes Parquet; returns the summary's counts."""
    import dask
    import pandas as pd

    frame = read_puzzles(input_dir, column, partitions)
    if column not in frame.columns:
        raise SystemExit(f"{input_dir}: no column {column!r} (columns: {', '.join(map(str, frame.columns))})")
    meta = frame._meta.assign(valid=pd.Series(dtype=bool))
    if HAS_SOLVER:
        meta = meta.assign(unique=pd.Series(dtype=bool))
    cleaned = frame.map_partitions(clean_partition, column, HAS_SOLVER, meta=meta)
    # One graph: the partitions are cleaned once, for the files and the counts alike.
    written = cleaned.to_parquet(str(output_dir), write_index=False, compute=False)
    counts = [cleaned.shape[0], (~cleaned["valid"]).sum()]
    if HAS_SOLVER:
        counts.append((~cleaned["unique"]).sum())
    _, *totals = dask.compute(written, *counts)
    return {"rows": int(totals[0]), "invalid": int(totals[1]), "not unique": int(totals[2]) if HAS_SOLVER else None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("input_dir", type=Path)
    parser.add_argument("output_dir", type=Path)
    parser.add_argument("--column", default="puzzle", help="the puzzle column (default: puzzle)")
    parser.add_argument("--scheduler", help="a scheduler address, or 'synchronous' for this process only")
    parser.add_argument("--workers", type=int, default=2, help="worker processes of the LocalCluster (default: 2)")
    parser.add_argument("--partitions", type=int, help="repartition the input into this many parts")
    args = parser.parse_args(argv)
    if not HAS_SOLVER:
        print("note: this valid_sudoku has no count_solutions_many, so there is no 'unique' column", file=sys.stderr)

    import dask
    from distributed import Client, LocalCluster

    client = cluster = None
    if args.scheduler == "synchronous":
        dask.config.set(scheduler="synchronous")
    elif args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    try:
        if client is not None:
            # Workers import what they need before the clock starts: time the pipeline only.
            client.run(warm_up)
        start = time.perf_counter()
        summary = clean(args.input_dir, args.output_dir, args.column, args.partitions)
        seconds = time.perf_counter() - start
    finally:
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
    not_unique = summary["not unique"]
    print(f"rows: {summary['rows']}")
    print(f"invalid: {summary['invalid']}")
    print(f"not unique: {'n/a (no solver in this build)' if not_unique is None else not_unique}")
    print(f"time: {seconds:.2f} s ({summary['rows'] / seconds:,.0f} boards/s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
