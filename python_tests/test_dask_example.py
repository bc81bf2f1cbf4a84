"""examples/dask_clean.py end to end: real puzzles from ../shared/data (relabelled, with
planted repeats) in 8 partition files, cleaned on a LocalCluster of 2 worker processes, the
Parquet output checked against is_valid_many over the whole.

It runs on 20,000 puzzles by default; with VALID_SUDOKU_DASK_FULL=1 on the 200,000 the issue
asks for (.ci/run sets it for CPython 3.12 only, so the slow run happens once per CI run). Skips
without ../shared/data, dask, distributed, pandas or pyarrow."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import valid_sudoku
from puzzles import all_puzzles
from valid_sudoku import is_valid_many

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "dask_clean.py"
FULL = os.environ.get("VALID_SUDOKU_DASK_FULL", "") not in ("", "0")
COUNT = 200_000 if FULL else 20_000
PARTS = 8
# `unique` is checked on this many rows (the solver is the slow part of the check).
UNIQUE_SAMPLE = 2_000


def dataset(count: int, seed: int) -> list[str]:
    """`count` puzzles: real ones with their digits relabelled at random (still valid, with
    as many solutions), about one in ten with a planted repeat in a row."""
    puzzles = all_puzzles()
    if puzzles is None:
        pytest.skip("../shared/data is not next to this checkout")
    rng = np.random.default_rng(seed)
    chosen = rng.integers(0, len(puzzles), count)
    text = np.frombuffer("".join(puzzles[i] for i in chosen).encode(), dtype=np.uint8).reshape(count, 81)
    values = np.where((text == ord(".")) | (text == ord("0")), 0, text - ord("0")).astype(np.int64)
    relabel = np.concatenate([np.zeros((count, 1), np.int64), np.argsort(rng.random((count, 9)), axis=1) + 1], axis=1)
    values = np.take_along_axis(relabel, values, axis=1)
    for board in np.flatnonzero(rng.random(count) < 0.1):
        filled = np.flatnonzero(values[board])
        source = int(rng.choice(filled))
        row = source // 9
        target = row * 9 + int(rng.choice([c for c in range(9) if row * 9 + c != source]))
        values[board, target] = values[board, source]
    symbols = np.frombuffer(b".123456789", dtype=np.uint8)[values]
    return [line.decode() for line in symbols.view("S81").ravel()]


def write_parts(puzzles: list[str], directory: Path, kind: str) -> None:
    pd = pytest.importorskip("pandas")
    directory.mkdir()
    frame = pd.DataFrame({"id": np.arange(len(puzzles)), "puzzle": puzzles})
    for part, rows in enumerate(np.array_split(np.arange(len(puzzles)), PARTS)):
        piece = frame.iloc[rows]
        if kind == "csv":
            piece.to_csv(directory / f"puzzles-{part}.csv", index=False)
        else:
            piece.to_parquet(directory / f"puzzles-{part}.parquet", index=False)


def run_example(*args: str) -> dict[str, str]:
    done = subprocess.run([sys.executable, str(EXAMPLE), *args], capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    summary = dict(line.split(": ", 1) for line in done.stdout.splitlines())
    assert set(summary) == {"rows", "invalid", "not unique", "time"}, done.stdout
    return summary


@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_the_dask_example_agrees_with_is_valid_many_over_the_whole(tmp_path: Path, kind: str) -> None:
    for module in ("dask.dataframe", "distributed", "pandas", "pyarrow"):
        pytest.importorskip(module)
    import pandas as pd

    count = COUNT if kind == "csv" else COUNT // 10
    puzzles = dataset(count, seed=11)
    write_parts(puzzles, tmp_path / "in", kind)
    summary = run_example(str(tmp_path / "in"), str(tmp_path / "out"))
    out = pd.read_parquet(tmp_path / "out").sort_values("id")
    assert out["id"].tolist() == list(range(count))
    assert out["puzzle"].tolist() == puzzles
    expected = is_valid_many(puzzles)
    assert out["valid"].tolist() == expected.tolist()
    assert 0 < int((~expected).sum()) < count
    assert summary["rows"] == str(count)
    assert summary["invalid"] == str(int((~expected).sum()))
    if hasattr(valid_sudoku, "count_solutions_many"):
        sample = out.sample(n=min(UNIQUE_SAMPLE, count), random_state=1)
        counts: Any = valid_sudoku.count_solutions_many(sample["puzzle"].tolist(), limit=2)
        assert sample["unique"].tolist() == (np.asarray(counts) == 1).tolist()
        assert summary["not unique"] == str(int((~out["unique"]).sum()))
    else:
        assert "unique" not in out.columns
        assert summary["not unique"].startswith("n/a")


def test_the_dask_example_runs_in_one_process_too(tmp_path: Path) -> None:
    for module in ("dask.dataframe", "distributed", "pandas", "pyarrow"):
        pytest.importorskip(module)
    puzzles = dataset(2_000, seed=12)
    write_parts(puzzles, tmp_path / "in", "csv")
    summary = run_example(str(tmp_path / "in"), str(tmp_path / "out"), "--scheduler", "synchronous", "--partitions", "3")
    assert summary["invalid"] == str(int((~is_valid_many(puzzles)).sum()))
    assert len(list((tmp_path / "out").glob("*.parquet"))) == 3
