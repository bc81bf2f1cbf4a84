"""The benchmark scripts run end to end in quick mode, so they cannot silently break."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCHES = Path(__file__).resolve().parent.parent / "benches"


def test_bench_batch_quick() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHES / "bench_batch.py"), "--quick"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert "is_valid_many, (N, 81) uint8, 1 thread" in done.stdout
    assert "M boards/s" in done.stdout
    assert "target" not in done.stdout  # quick mode reports no targets
