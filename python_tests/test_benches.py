"""Every benchmark script runs in its quick mode, so none can silently break.

No speed is asserted here: speed is measured by the scripts themselves, as ratios in one run.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from puzzles import data_available

BENCHES = sorted((Path(__file__).resolve().parent.parent / "benches").glob("bench_*.py"))


def test_there_are_benchmarks() -> None:
    assert BENCHES


@pytest.mark.parametrize("script", BENCHES, ids=lambda p: p.name)
def test_benchmark_runs_in_quick_mode(script: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(script), "--quick"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "versions:" in done.stdout, done.stdout


BENCH_LOGIC = Path(__file__).resolve().parent.parent / "benches" / "bench_logic.py"
# A stand-in for skfr with its file interface: `-i<stem>` names <stem>.txt, and it writes
# `<puzzle> ED=<ER>/<EP>/<ED>` lines to <stem>_rat.txt, or to <stem>_N_rat.txt for a puzzle it
# cannot rate (here the last). It fails unless it runs on one thread and reads '.' for empty.
FAKE_SKFR = """\
import os, sys
if os.environ.get("OMP_NUM_THREADS") != "1":
    sys.exit("OMP_NUM_THREADS is not 1")
stem = next(arg[2:] for arg in sys.argv[1:] if arg.startswith("-i"))
puzzles = open(stem + ".txt").read().split()
if not all(len(p) == 81 and set(p) <= set(".123456789") for p in puzzles):
    sys.exit("a puzzle is not 81 characters of . and 1-9")
print("Version: fake 1")
with open(stem + "_rat.txt", "w") as rated, open(stem + "_N_rat.txt", "w") as refused:
    for i, puzzle in enumerate(puzzles):
        last = i == len(puzzles) - 1
        (refused if last else rated).write(puzzle + (" ED=0.0/0.0/0.0" if last else " ED=9.1/1.2/1.2") + "\\n")
"""
ROW = r"\| {name} \| 3 \| \d \| [\d,.]+ \| [\d,.]+ \| {rest} \|"


def run_bench_logic(**changes: str | None) -> str:
    env = {**os.environ, **{k: v for k, v in changes.items() if v is not None}}
    for name in (k for k, v in changes.items() if v is None):
        env.pop(name, None)
    done = subprocess.run(
        [sys.executable, str(BENCH_LOGIC), "--quick"], capture_output=True, text=True, timeout=300, env=env
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_bench_logic_without_data_says_so(tmp_path: Path) -> None:
    out = run_bench_logic(VALID_SUDOKU_DATA=str(tmp_path / "absent"), VALID_SUDOKU_SKFR=None)
    assert "no ../shared/data next to this checkout: nothing to measure" in out


@pytest.mark.skipif(not data_available(), reason="../shared/data is not next to this checkout")
def test_bench_logic_without_skfr_times_ours_alone() -> None:
    out = run_bench_logic(VALID_SUDOKU_SKFR=None)
    assert "VALID_SUDOKU_SKFR is not set: ours alone" in out
    assert "| set | puzzles | exactly one solution | solved by logic | share |" in out
    assert re.search(r"\| sudokus_17.txt \| 100 \| 100 \| \d+ \| [\d.]+% \|", out), out
    assert re.search(ROW.format(name="sudokus_hard", rest=r"- \| - \| -"), out), out
    assert re.search(r"\| SE's ER \(se/serate-ratings.tsv, rows with one solution\) \| \d+ \| 0\.\d{3} \| 0\.\d{3} \|", out), out
    assert re.search(r"\| Kaggle difficulty \(the sample\) \| 352 \| 0\.\d{3} \| 0\.\d{3} \|", out), out


@pytest.mark.skipif(not data_available(), reason="../shared/data is not next to this checkout")
@pytest.mark.skipif(sys.platform == "win32", reason="the stand-in skfr runs through its #! line")
def test_bench_logic_times_skfr_on_the_same_puzzles(tmp_path: Path) -> None:
    fake = tmp_path / "skfr"
    fake.write_text(f"#!{sys.executable}\n{FAKE_SKFR}")
    fake.chmod(0o755)
    out = run_bench_logic(VALID_SUDOKU_SKFR=str(fake))
    assert "skfr fake 1, OMP_NUM_THREADS=1: a file of one easy puzzle takes" in out
    # Two of the three puzzles rated; the last one refused.
    for name in ("sudokus_hard", r"se ER >= 8"):
        assert re.search(ROW.format(name=name, rest=r"2 \| [\d,.]+ \| [\d,.]+x"), out), out
