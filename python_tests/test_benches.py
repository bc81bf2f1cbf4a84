"""Every benchmark script runs in its quick mode, so none can silently break.

No speed is asserted here: speed is measured by the scripts themselves, as ratios in one run.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

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
