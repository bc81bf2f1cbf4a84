"""The requests `generate` is slow on, one call per seed: the spread over seeds 0-9 of each
(minimum, median, maximum), and how soon after its `timeout` a call on the slowest gives up.

    python benches/bench_slow_requests.py            # the table in docs/generate.md
    python benches/bench_slow_requests.py --quick    # seconds; a smoke run for the test suite
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python_tests"))

import valid_sudoku  # noqa: E402
from machine import cores, cpu_model  # noqa: E402

# Each request's spread comes from a bench run over ten seeds; the ones the docs name as slow.
REQUESTS: list[dict[str, Any]] = [
    {"clues": 22},
    {"clues": 25, "symmetry": "rot90"},
    {"clues": 29, "minimal": True},
    {"clues": 30, "minimal": True},
    {"difficulty": "forcing", "clues": 36},
]

# No call of the table runs longer: one that would is counted as over the cap.
CAP = 30.0


def seconds(**kwargs: Any) -> float:
    """The seconds one call takes; `CAP` when it would take longer."""
    start = time.perf_counter()
    try:
        valid_sudoku.generate(timeout=CAP, **kwargs)
    except TimeoutError:
        return CAP
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="two seeds of the quickest request (a smoke run)")
    args = parser.parse_args()
    requests = REQUESTS[:1] if args.quick else REQUESTS
    seeds = range(2) if args.quick else range(10)
    print("| request | min s | median s | max s |")
    print("|---|---:|---:|---:|")
    for request in requests:
        times = [seconds(seed=seed, **request) for seed in seeds]
        shown = ", ".join(f"{name}={value!r}" for name, value in request.items())
        capped = sum(t >= CAP for t in times)
        longest = f"over {CAP:.0f} ({capped} of {len(times)})" if capped else f"{max(times):.3f}"
        print(f"| {shown} | {min(times):.3f} | {statistics.median(times):.3f} | {longest} |")
    # The deadline is checked with the Ctrl-C check, between search steps: how late does a call
    # that cannot finish in time raise? (The request takes seconds on every one of these seeds.)
    limit = 0.05 if args.quick else 0.2
    late = []
    for seed in seeds:
        start = time.perf_counter()
        try:
            valid_sudoku.generate(difficulty="forcing", clues=36, seed=seed, timeout=limit)
        except TimeoutError:
            late.append(time.perf_counter() - start - limit)
    if late:
        print(f"\ntimeout={limit}: TimeoutError in {len(late)} of {len(seeds)} calls, {max(late) * 1000:.1f} ms after the limit at most")
    python = f"{platform.python_version()} ({platform.python_implementation()})"
    print(f"\nversions: valid_sudoku {valid_sudoku.__version__}; Python {python}; {platform.system()} {platform.machine()}, {cpu_model()}, {cores()} cores")


if __name__ == "__main__":
    main()
