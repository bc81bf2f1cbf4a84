"""Generator speed: µs per item for grids, minimal unique puzzles, clues=24, symmetric and
low-clue puzzles, one thread (one call per item and batched), with rustoku's `generate` for
each of its difficulties and `generate_advanced` with a symmetry beside them in the same run,
each of our difficulty levels with its ratio to rustoku's nearest level, and `generate_many`
on 1 and 2 threads.

    python benches/bench_generate.py            # the table in docs/generate.md
    python benches/bench_generate.py --quick    # seconds; a smoke run for the test suite
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python_tests"))

import valid_sudoku  # noqa: E402
from machine import cores, cpu_model  # noqa: E402
from peers import rustoku  # noqa: E402


def per_item_us(make: Callable[[int], Any], count: int, passes: int) -> float:
    """The best of `passes` runs of `make(count)` (which makes `count` items), in µs an item."""
    best = float("inf")
    for _ in range(passes):
        start = time.perf_counter()
        make(count)
        best = min(best, time.perf_counter() - start)
    return best * 1e6 / max(count, 1)


def batch(**kwargs: Any) -> Callable[[int], Any]:
    def make(count: int) -> Any:
        return valid_sudoku.generate_many(count, seed=1, threads=1, **kwargs)

    return make


def rustoku_calls(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Callable[[int], Any]:
    def make(count: int) -> None:
        made = 0
        while made < count:
            # rustoku gives up now and then ("Puzzle generation failed"): the caller asks again,
            # and the failed call's time is part of what a puzzle costs.
            try:
                function(*args, **kwargs)
            except ValueError:
                continue
            made += 1

    return make


def calls(function: Callable[..., Any], **kwargs: Any) -> Callable[[int], Any]:
    def make(count: int) -> None:
        for seed in range(count):
            function(seed=seed, **kwargs)

    return make


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a few items per row (a smoke run)")
    args = parser.parse_args()
    scale = 0.02 if args.quick else 1.0
    passes = 1 if args.quick else 3

    def n(count: int) -> int:
        return max(2, int(count * scale))

    # The first call imports numpy and faults in the pages: not part of any row.
    valid_sudoku.random_grid_many(10, seed=1)
    rows: list[tuple[str, float]] = []
    rows.append(("grid, random_grid_many(n, threads=1)", per_item_us(lambda k: valid_sudoku.random_grid_many(k, seed=1, threads=1), n(100_000), passes)))
    rows.append(("grid, random_grid() per call", per_item_us(calls(valid_sudoku.random_grid), n(20_000), passes)))
    minimal = per_item_us(lambda k: valid_sudoku.generate_many(k, seed=1, threads=1), n(10_000), passes)
    rows.append(("minimal unique, generate_many(n, threads=1)", minimal))
    rows.append(("minimal unique, generate() per call", per_item_us(calls(valid_sudoku.generate), n(5_000), passes)))
    rows.append(("clues=24", per_item_us(lambda k: valid_sudoku.generate_many(k, clues=24, seed=1, threads=1), n(2_000), passes)))
    for symmetry in ["rot180", "rot90", "diagonal"]:
        rows.append((f"symmetry={symmetry!r}", per_item_us(batch(symmetry=symmetry), n(2_000), passes)))
    rows.append(("symmetry='rot180', minimal=True", per_item_us(lambda k: valid_sudoku.generate_many(k, symmetry="rot180", minimal=True, seed=1, threads=1), n(200), 1)))
    for clues in [23, 22]:
        rows.append((f"clues={clues}", per_item_us(batch(clues=clues), n(200 if clues == 23 else 50), 1)))
    ours: dict[str, float] = {}
    # "nested" is refused: random puzzles need nested forcing nets too rarely (docs/generate.md).
    for level in [level for level in valid_sudoku.LEVELS if level != "nested"]:
        count = n(200)
        ours[level] = per_item_us(batch(difficulty=level), count, 1)
        rows.append((f"difficulty={level!r}", ours[level]))
    theirs: dict[str, float] = {}
    if rustoku is not None:
        for level in ["easy", "medium", "hard", "expert"]:
            # rustoku's expert time varies from call to call by two orders of magnitude (10 ms
            # typical, seconds now and then): three hundred calls keep its mean within about a
            # tenth from run to run, and three of our levels are set beside it.
            count = {"easy": 200, "medium": 50, "hard": 3, "expert": 300}[level]
            runs = n(count) if level in ("easy", "medium") else (1 if args.quick else count)
            theirs[level] = per_item_us(rustoku_calls(rustoku.generate, level), runs, 1)
            rows.append((f"rustoku generate({level!r})", theirs[level]))
        rows.append(("rustoku generate_advanced('rotational180')", per_item_us(lambda k: [rustoku.generate_advanced(symmetry="rotational180") for _ in range(k)], n(50), 1)))
    print("| what | µs per item |")
    print("|---|---:|")
    for name, us in rows:
        print(f"| {name} | {us:,.1f} |")
    if theirs:
        # rustoku's levels stop at expert: our extreme and forcing levels are set beside it.
        nearest = {"easy": "easy", "medium": "medium", "hard": "hard", "expert": "expert", "extreme": "expert", "forcing": "expert"}
        ratios = ", ".join(f"{level} {theirs[nearest[level]] / us:,.0f}x" for level, us in ours.items())
        print(f"\ndifficulty levels against rustoku's nearest (target: >= 20x each): {ratios}")
    count = n(20_000)
    one = per_item_us(lambda k: valid_sudoku.generate_many(k, seed=2, threads=1), count, passes)
    two = per_item_us(lambda k: valid_sudoku.generate_many(k, seed=2, threads=2), count, passes)
    print(f"\ngenerate_many minimal ({count:,}): 1 thread {one:.1f} µs/puzzle, 2 threads {two:.1f} µs/puzzle, {one / two:.2f}x (target: >= 1.8x)")
    print(f"grid target <= 5 µs: {rows[0][1]:.1f}; minimal target <= 45 µs: {minimal:.1f}")
    python = f"{platform.python_version()} ({platform.python_implementation()})"
    print(f"\nversions: valid_sudoku {valid_sudoku.__version__}; Python {python}; rustoku {'installed' if rustoku else 'absent'}; {platform.system()} {platform.machine()}, {cpu_model()}, {cores()} cores")


if __name__ == "__main__":
    main()
