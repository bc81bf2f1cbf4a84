"""Single-board speed: ns per `is_valid_sudoku` call for every accepted form.

Compares with straightforward pure-Python set-based validators and, where installed, with
rustoku's `check` on an 81-character string, all measured in this one run. Boards are a few
thousand distinct real puzzles (from ../shared/data when present, else generated), half of
them with one planted repeat, so branch costs are not hidden by repeating one board.

    python benches/bench_single.py            # the table in docs/performance.md
    python benches/bench_single.py --quick    # seconds; a smoke run for the test suite
"""

from __future__ import annotations

import argparse
import collections
import functools
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any, Callable, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python_tests"))

import valid_sudoku  # noqa: E402
from machine import cpu_model  # noqa: E402
from puzzles import all_puzzles  # noqa: E402
from reference import cells_from_line, classic_from_cells  # noqa: E402

try:
    import numpy as np
except ImportError:  # numpy is optional; its row is left out.
    np = None  # type: ignore[assignment]

from peers import rustoku  # noqa: E402


def python_sets_classic(board: Sequence[Sequence[object]], empty: object = ".") -> bool:
    """The straightforward pure-Python answer over the classic form, with sets; over an int
    grid with `empty=0`."""
    rows: list[set[object]] = [set() for _ in range(9)]
    cols: list[set[object]] = [set() for _ in range(9)]
    boxes: list[set[object]] = [set() for _ in range(9)]
    for i in range(9):
        for j in range(9):
            ch = board[i][j]
            if ch == empty:
                continue
            b = (i // 3) * 3 + j // 3
            if ch in rows[i] or ch in cols[j] or ch in boxes[b]:
                return False
            rows[i].add(ch)
            cols[j].add(ch)
            boxes[b].add(ch)
    return True


def python_sets_line(line: str) -> bool:
    """The same, over an 81-character string."""
    rows: list[set[str]] = [set() for _ in range(9)]
    cols: list[set[str]] = [set() for _ in range(9)]
    boxes: list[set[str]] = [set() for _ in range(9)]
    for k, ch in enumerate(line):
        if ch == "." or ch == "0":
            continue
        i, j = divmod(k, 9)
        b = (i // 3) * 3 + j // 3
        if ch in rows[i] or ch in cols[j] or ch in boxes[b]:
            return False
        rows[i].add(ch)
        cols[j].add(ch)
        boxes[b].add(ch)
    return True


def sample_cells(count: int, seed: int) -> list[list[int]]:
    """`count` distinct boards, half of them with one planted repeat."""
    rng = random.Random(seed)
    puzzles = all_puzzles()
    if puzzles:
        lines = rng.sample(puzzles, min(count, len(puzzles)))
        boards = [cells_from_line(line.replace("0", ".")) for line in lines]
    else:
        boards = [[rng.choice([0, 0, 0, d]) for d in rng.choices(range(1, 10), k=81)] for _ in range(count)]
    for cells in boards[::2]:
        filled = [k for k, v in enumerate(cells) if v]
        if filled:
            source = rng.choice(filled)
            # Copy a digit to another cell of the same row: a sure repeat.
            row = source // 9
            target = row * 9 + (source % 9 + rng.randrange(1, 9)) % 9
            cells[target] = cells[source]
    rng.shuffle(boards)
    return boards


def ns_per_call(
    contenders: list[tuple[str, Callable[[Any], object], Sequence[object]]], repeats: int, seconds: float
) -> dict[str, float]:
    """Best pass over each contender's boards, with the least loop overhead Python allows.

    Passes are consecutive, so a few thousand boards settle in the CPU's caches, as they are
    for a program that checks boards it has just built or parsed. Each contender gets at least
    `repeats` passes and at least `seconds` of them: a fast contender's pass is short enough
    for one noisy moment of this shared machine to spoil all of a fixed few."""
    best = {}
    for label, function, boards in contenders:
        best[label] = float("inf")
        passes, spent = 0, 0
        while passes < repeats or spent < seconds * 1e9:
            start = time.perf_counter_ns()
            collections.deque(map(function, boards), maxlen=0)
            elapsed = time.perf_counter_ns() - start
            best[label] = min(best[label], elapsed / len(boards))
            passes, spent = passes + 1, spent + elapsed
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a few hundred boards, one pass: a smoke run")
    parser.add_argument("--boards", type=int, default=4000)
    args = parser.parse_args(argv)
    count, repeats, seconds = (300, 1, 0.0) if args.quick else (args.boards, 15, 1.0)

    cells = sample_cells(count, seed=36)
    classic = [classic_from_cells(c) for c in cells]
    lines = ["".join("".join(row) for row in board) for board in classic]
    # The classic form as programs often make it from ints: each cell a fresh str object, not
    # CPython's shared one-character str (which literals, list("53..7") and json.loads give).
    fresh_str = [[[str(v) if v else "." for v in c[r * 9 : r * 9 + 9]] for r in range(9)] for c in cells]
    fresh_fstring = [[[f"{v}" for v in c[r * 9 : r * 9 + 9]] for r in range(9)] for c in cells]
    forms: dict[str, list[Any]] = {
        "classic list of lists of str": classic,
        "classic, cells made by str(int)": fresh_str,
        "classic, cells made by f-strings ('0' empty)": fresh_fstring,
        "list of 9-character row strs": [["".join(row) for row in board] for board in classic],
        "tuple of tuples of str": [tuple(tuple(row) for row in board) for board in classic],
        "list of lists of int": [[c[r * 9 : r * 9 + 9] for r in range(9)] for c in cells],
        "81-character str": lines,
        "81 bytes": [line.encode() for line in lines],
    }
    if np is not None:
        forms["numpy (9, 9) uint8"] = [np.array(c, dtype=np.uint8).reshape(9, 9) for c in cells]

    expected = [python_sets_line(line) for line in lines]
    python_sets_over_ints = functools.partial(python_sets_classic, empty=0)
    if [python_sets_over_ints(board) for board in forms["list of lists of int"]] != expected:
        raise SystemExit("python_sets_classic over ints disagrees with python_sets_line")
    for name, boards in forms.items():
        got = [valid_sudoku.is_valid_sudoku(b) for b in boards]
        if got != expected:
            raise SystemExit(f"{name}: is_valid_sudoku disagrees with the reference")

    valid_classic = [b for b, ok in zip(classic, expected) if ok]
    valid_lines = [line for line, ok in zip(lines, expected) if ok]
    check = valid_sudoku.is_valid_sudoku
    contenders: list[tuple[str, Callable[[Any], object], Sequence[object]]] = [
        (f"valid_sudoku, {name}", check, boards) for name, boards in forms.items()
    ]
    # The same construction on few enough boards (about 2.5 MB of str objects) to stay in the
    # caches between passes: what the fresh cells cost apart from reaching memory.
    in_cache = fresh_str[: max(1, count // 8)]
    contenders += [
        ("valid_sudoku, classic, str(int) cells, 1/8 of the boards", check, in_cache),
        ("pure Python sets, classic list of lists", python_sets_classic, classic),
        ("pure Python sets, classic, cells made by str(int)", python_sets_classic, fresh_str),
        ("pure Python sets, str(int) cells, 1/8 of the boards", python_sets_classic, in_cache),
        # The partial's call costs well under 1% of this contender's time.
        ("pure Python sets, list of lists of int", python_sets_over_ints, forms["list of lists of int"]),
        ("pure Python sets, 81-character str", python_sets_line, lines),
        ("valid_sudoku, classic form, valid boards only", check, valid_classic),
        ("valid_sudoku, 81-character str, valid boards only", check, valid_lines),
        ("pure Python sets, classic, valid boards only", python_sets_classic, valid_classic),
        ("pure Python sets, 81-character str, valid boards only", python_sets_line, valid_lines),
    ]
    if rustoku is not None:
        # rustoku.check raises on a board with a repeat, so it is timed on the valid boards
        # only, and compared with ours on the same boards. It answers "valid and solved",
        # reading the same 81 characters and checking the same units.
        contenders.append(("rustoku.check, 81-character str, valid boards only", rustoku.check, valid_lines))
    timings = ns_per_call(contenders, repeats, seconds)
    rows = list(timings.items())
    classic_ns = timings["valid_sudoku, classic list of lists of str"]
    line_ns = timings["valid_sudoku, 81-character str"]
    python_classic = timings["pure Python sets, classic list of lists"]
    fresh_ns = timings["valid_sudoku, classic, cells made by str(int)"]
    fstring_ns = timings["valid_sudoku, classic, cells made by f-strings ('0' empty)"]
    python_fresh = timings["pure Python sets, classic, cells made by str(int)"]
    cached_ns = timings["valid_sudoku, classic, str(int) cells, 1/8 of the boards"]
    python_cached = timings["pure Python sets, str(int) cells, 1/8 of the boards"]
    python_line = timings["pure Python sets, 81-character str"]
    ints_ns = timings["valid_sudoku, list of lists of int"]
    python_ints = timings["pure Python sets, list of lists of int"]
    ours_on_valid = timings["valid_sudoku, classic form, valid boards only"]
    line_on_valid = timings["valid_sudoku, 81-character str, valid boards only"]
    python_classic_valid = timings["pure Python sets, classic, valid boards only"]
    python_line_valid = timings["pure Python sets, 81-character str, valid boards only"]
    rustoku_ns = timings.get("rustoku.check, 81-character str, valid boards only")

    print(f"{count} distinct boards ({sum(expected)} valid), best pass of at least {repeats} and {seconds:g} s each\n")
    print(f"| {'what':<60} | {'ns per call':>11} |")
    print(f"|{'-' * 62}|{'-' * 13}:|")
    for name, ns in rows:
        print(f"| {name:<60} | {ns:>11.0f} |")
    print()
    print("all boards (half with a planted repeat, where the set-based loop can stop early):")
    print(f"  classic form vs pure Python sets (classic):   {python_classic / classic_ns:6.1f}x faster")
    print(f"  81-char str vs pure Python sets (81 chars):   {python_line / line_ns:6.1f}x faster")
    print(f"  classic, str(int) cells vs pure Python sets:  {python_fresh / fresh_ns:6.1f}x faster")
    print(f"  classic, f-string cells vs pure Python sets:  {python_fresh / fstring_ns:6.1f}x faster (sets on str(int) cells)")
    print(f"  str(int) cells, 1/8 of the boards (in cache): {python_cached / cached_ns:6.1f}x faster")
    print(f"  list of lists of int vs pure Python sets:     {python_ints / ints_ns:6.1f}x faster (sets on the ints)")
    print("valid boards only (the set-based loop reads every cell):")
    print(f"  classic form vs pure Python sets (classic):   {python_classic_valid / ours_on_valid:6.1f}x faster")
    print(f"  81-char str vs pure Python sets (81 chars):   {python_line_valid / line_on_valid:6.1f}x faster")
    if rustoku_ns is not None:
        print(f"  classic form vs rustoku.check (81 chars):     {rustoku_ns / ours_on_valid:6.2f}x faster")
        print(f"  81-char str vs rustoku.check (81 chars):      {rustoku_ns / line_on_valid:6.2f}x faster")
    print()
    versions = [
        f"valid_sudoku {valid_sudoku.__version__}",
        f"Python {platform.python_version()} ({platform.python_implementation()})",
        f"numpy {np.__version__}" if np is not None else "numpy not installed",
        f"rustoku {getattr(rustoku, '__version__', 'installed')}" if rustoku is not None else "rustoku not installed",
        f"{platform.system()} {platform.machine()}, {cpu_model()}",
    ]
    print("versions: " + "; ".join(versions))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
