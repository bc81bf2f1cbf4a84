"""Benchmark of the `valid-sudoku` command against a plain pure-Python script, in one run.

Makes a puzzle file of N lines from ../shared/data (1% of the boards get one planted repeat),
times `valid-sudoku --quiet FILE` and a pure-Python script that reads the lines and validates
them with sets, and prints a table with the ratio. It also runs the command on 100k and 1M
boards as one-per-line text, CSV and a JSON list, and reports the peak RSS of each run
(ru_maxrss of the child process), to show that memory does not grow with the file. Last, it
times `--unique` and `--solve` on the 17-clue puzzles on 1 and 2 threads, with their RSS.

    python benches/bench_cli.py            # 1,000,000 lines; asserts the 20x target
    python benches/bench_cli.py --quick    # seconds, for the test suite's smoke run; no target

This is a benchmark, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import platform
import random
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python_tests"))

import valid_sudoku  # noqa: E402
from machine import cpu_model  # noqa: E402
from puzzles import DATA_DIR, all_puzzles  # noqa: E402

TARGET_RATIO = 20.0
INVALID_EVERY = 100  # 1% of boards get one planted repeat

# A plain script, as someone would write it without this package: read the lines, check each
# board's rows, columns and boxes with sets.
PURE_PYTHON = r"""
import sys

def is_valid(board):
    rows = [set() for _ in range(9)]
    cols = [set() for _ in range(9)]
    boxes = [set() for _ in range(9)]
    for i in range(81):
        ch = board[i]
        if ch == "." or ch == "0":
            continue
        r, c = divmod(i, 9)
        b = (r // 3) * 3 + c // 3
        if ch in rows[r] or ch in cols[c] or ch in boxes[b]:
            return False
        rows[r].add(ch)
        cols[c].add(ch)
        boxes[b].add(ch)
    return True

boards = invalid = 0
with open(sys.argv[1]) as lines:
    for line in lines:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        boards += 1
        if not is_valid(line[:81]):
            invalid += 1
print(boards, invalid)
"""


@dataclass
class Run:
    seconds: float
    peak_rss_mib: float
    exit_code: int
    stdout: str


def source_boards() -> tuple[list[str], str]:
    """Real puzzles from ../shared/data, or (where it is absent) relabellings of one example."""
    puzzles = all_puzzles()
    if puzzles:
        return [p.replace("0", ".") for p in puzzles if len(p) == 81], "../shared/data"
    seed = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    rng = random.Random(7)
    boards = []
    for _ in range(1000):
        digits = list("123456789")
        rng.shuffle(digits)
        table = str.maketrans("123456789", "".join(digits))
        boards.append(seed.translate(table))
    return boards, "synthetic (../shared/data absent)"


def plant_repeat(board: str, rng: random.Random) -> str:
    """Copies one given digit into another cell of its row, column or box."""
    cells = list(board)
    filled = [i for i, ch in enumerate(cells) if ch != "."]
    i = rng.choice(filled)
    r, c = divmod(i, 9)
    kind = rng.randrange(3)
    if kind == 0:
        others = [r * 9 + k for k in range(9)]
    elif kind == 1:
        others = [k * 9 + c for k in range(9)]
    else:
        top, left = (r // 3) * 3, (c // 3) * 3
        others = [(top + k // 3) * 9 + left + k % 3 for k in range(9)]
    cells[rng.choice([j for j in others if j != i])] = cells[i]
    return "".join(cells)


def make_boards(count: int, pool: list[str]) -> tuple[list[str], int]:
    rng = random.Random(2024)
    boards = []
    planted = 0
    for n in range(count):
        board = pool[rng.randrange(len(pool))]
        if n % INVALID_EVERY == INVALID_EVERY - 1:
            board = plant_repeat(board, rng)
            planted += 1
        boards.append(board)
    return boards, planted


def write_inputs(folder: Path, name: str, boards: list[str]) -> dict[str, Path]:
    """The same boards as one-per-line text, CSV, and a JSON list of 81-character strings."""
    text = folder / f"{name}.txt"
    text.write_text("".join(f"{b}\n" for b in boards))
    csv = folder / f"{name}.csv"
    csv.write_text("id,puzzle\n" + "".join(f"{i},{b}\n" for i, b in enumerate(boards)))
    json_list = folder / f"{name}.json"
    json_list.write_text("[\n" + ",\n".join(f'"{b}"' for b in boards) + "\n]\n")
    return {"lines": text, "csv": csv, "json": json_list}


def command() -> list[str]:
    """The installed console script, or the same entry point through this Python."""
    folder = Path(sysconfig.get_path("scripts"))
    for candidate in (folder / "valid-sudoku", Path(sys.executable).parent / "valid-sudoku"):
        if candidate.exists():
            return [str(candidate)]
    return [sys.executable, "-c", "import sys, valid_sudoku; sys.exit(valid_sudoku.main())"]


# Spawns the measured command from a small process and reports its wall time and peak RSS.
# Measuring from this script directly would be wrong: a child's ru_maxrss includes the memory
# of the process it was forked from, and this one holds a million boards.
LAUNCHER = r"""
import os, sys, time
report, argv = sys.argv[1], sys.argv[2:]
start = time.perf_counter()
pid = os.posix_spawnp(argv[0], argv, os.environ)
_, status, usage = os.wait4(pid, 0)
seconds = time.perf_counter() - start
with open(report, "w") as out:
    out.write(f"{seconds} {usage.ru_maxrss} {os.waitstatus_to_exitcode(status)}")
"""


def timed(argv: list[str]) -> Run:
    """Runs a command to completion: its wall time and its own peak RSS (ru_maxrss, KiB on Linux)."""
    with tempfile.TemporaryDirectory(prefix="bench_cli_rss_") as tmp:
        report = Path(tmp) / "report"
        done = subprocess.run(
            [sys.executable, "-c", LAUNCHER, str(report), *argv],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            check=True,
        )
        seconds, max_rss_kib, exit_code = report.read_text().split()
    return Run(float(seconds), int(max_rss_kib) / 1024, int(exit_code), done.stdout)


def best_of(repeats: int, argv: list[str]) -> Run:
    runs = [timed(argv) for _ in range(repeats)]
    return min(runs, key=lambda run: run.seconds)


def seventeen_clue_puzzles() -> tuple[list[str], str]:
    """The 17-clue set from ../shared/data, or (where it is absent) relabellings of the seed."""
    path = DATA_DIR / "norvig" / "sudokus_17.txt"
    if path.exists():
        return [line.strip().replace("0", ".") for line in path.read_text().splitlines() if line.strip()], path.name
    return source_boards()[0], "synthetic (../shared/data absent)"


def solver_table(cli: list[str], folder: Path, quick: bool, repeats: int) -> None:
    """`--unique` and `--solve` on 1 and 2 threads; RSS for a tenth of the boards and for all."""
    puzzles, origin = seventeen_clue_puzzles()
    if quick:
        puzzles = puzzles[:2000]
    count, tenth = len(puzzles), max(len(puzzles) // 10, 1)
    files = {n: write_inputs(folder, f"solve{n}", puzzles[:n])["lines"] for n in (tenth, count)}
    print(f"### --unique and --solve: {count:,} puzzles ({origin}), best of {repeats}")
    print()
    print(f"| run | time (s) | µs per puzzle | RSS {tenth:,} (MiB) | RSS {count:,} (MiB) | vs 1 thread |")
    print("|---|---:|---:|---:|---:|---:|")
    single: dict[str, float] = {}
    for option in ("--unique", "--solve"):
        for threads in (1, 2):
            argv = [*cli, option, "--threads", str(threads)]
            little = best_of(repeats, [*argv, str(files[tenth])])
            large = best_of(repeats, [*argv, str(files[count])])
            lines = large.stdout.splitlines()
            # Every 17-clue puzzle has exactly one solution: --unique names none, --solve solves all.
            assert large.exit_code == 0, large
            assert len(lines) == (1 if option == "--unique" else count), lines[:3]
            single.setdefault(option, large.seconds)
            print(f"| valid-sudoku {option} --threads {threads} | {large.seconds:.3f} | "
                  f"{large.seconds / count * 1e6:.1f} | {little.peak_rss_mib:.1f} | {large.peak_rss_mib:.1f} | "
                  f"{single[option] / large.seconds:.2f}x |")
    print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a few seconds, no target asserted")
    parser.add_argument("--lines", type=int, default=None, help="boards in the big file (default 1,000,000)")
    args = parser.parse_args(argv)
    big = args.lines or (20_000 if args.quick else 1_000_000)
    small = max(big // 10, 1)
    repeats = 1 if args.quick else 3

    pool, origin = source_boards()
    boards, planted = make_boards(big, pool)
    cli = command()
    print(f"versions: valid-sudoku {valid_sudoku.__version__}, Python {platform.python_version()} "
          f"({platform.python_implementation()}), {platform.system()} {platform.machine()}, {cpu_model()}")
    # The command by name: where it is installed says nothing about its speed.
    shown = " ".join([Path(cli[0]).name, *cli[1:]])
    print(f"boards from {origin}; {big:,} lines, {planted:,} with a planted repeat; command: {shown}")
    print()

    with tempfile.TemporaryDirectory(prefix="bench_cli_") as tmp:
        folder = Path(tmp)
        big_files = write_inputs(folder, "big", boards)
        small_files = write_inputs(folder, "small", boards[:small])
        big_mb = big_files["lines"].stat().st_size / 1e6

        python = timed([sys.executable, "-c", PURE_PYTHON, str(big_files["lines"])])
        quiet = best_of(repeats, [*cli, "--quiet", str(big_files["lines"])])
        report = best_of(repeats, [*cli, str(big_files["lines"])])
        json_lines = best_of(repeats, [*cli, "--json", str(big_files["lines"])])
        start = time.perf_counter()
        in_process_code = valid_sudoku.main(["--quiet", str(big_files["lines"])])
        in_process = time.perf_counter() - start
        import_only = timed([sys.executable, "-c", "import valid_sudoku"])

        # Both must agree on the answer before their times mean anything.
        python_counts = python.stdout.split()
        summary = report.stdout.strip().splitlines()[-1] if report.stdout.strip() else ""
        assert python_counts == [str(big), str(planted)], python_counts
        assert summary == f"{big} boards: {big - planted} valid, {planted} invalid", summary
        assert quiet.exit_code == 1 and in_process_code == 1 and quiet.stdout == ""
        assert len(json_lines.stdout.splitlines()) == big

        ratio = python.seconds / quiet.seconds
        rows = [
            ("pure-Python script (sets)", python, 1.0),
            ("valid-sudoku --quiet", quiet, ratio),
            ("valid-sudoku (report to a pipe)", report, python.seconds / report.seconds),
            ("valid-sudoku --json (to a pipe)", json_lines, python.seconds / json_lines.seconds),
        ]
        print(f"### {big:,} boards, one per line ({big_mb:.1f} MB), best of {repeats}")
        print()
        print("| run | time (s) | boards/s | peak RSS (MiB) | vs pure Python |")
        print("|---|---:|---:|---:|---:|")
        for name, run, speedup in rows:
            print(f"| {name} | {run.seconds:.3f} | {big / run.seconds:,.0f} | {run.peak_rss_mib:.1f} | {speedup:.1f}x |")
        print(f"| valid_sudoku.main() in-process, --quiet | {in_process:.3f} | {big / in_process:,.0f} | - "
              f"| {python.seconds / in_process:.1f}x |")
        print(f"| (python -c 'import valid_sudoku', for scale) | {import_only.seconds:.3f} | - "
              f"| {import_only.peak_rss_mib:.1f} | - |")
        print()

        print(f"### Peak RSS of `valid-sudoku --quiet` by input size ({small:,} vs {big:,} boards)")
        print()
        print(f"| input | time {small:,} (s) | RSS {small:,} (MiB) | time {big:,} (s) | RSS {big:,} (MiB) | RSS growth (MiB) |")
        print("|---|---:|---:|---:|---:|---:|")
        growth = {}
        for kind in ("lines", "csv", "json"):
            little = best_of(repeats, [*cli, "--quiet", str(small_files[kind])])
            large = best_of(repeats, [*cli, "--quiet", str(big_files[kind])])
            assert little.exit_code == large.exit_code == (1 if planted else 0), (little, large)
            growth[kind] = large.peak_rss_mib - little.peak_rss_mib
            label = {"lines": "one per line", "csv": "CSV column", "json": "JSON list"}[kind]
            print(f"| {label} | {little.seconds:.3f} | {little.peak_rss_mib:.1f} | {large.seconds:.3f} "
                  f"| {large.peak_rss_mib:.1f} | {growth[kind]:+.1f} |")
        print()

        solver_table(cli, folder, args.quick, repeats)

    if args.quick:
        print(f"quick mode: {ratio:.1f}x the pure-Python script (target {TARGET_RATIO:.0f}x not asserted)")
        return 0
    met = ratio >= TARGET_RATIO
    flat = all(abs(g) < 8 for g in growth.values())
    print(f"speed target {TARGET_RATIO:.0f}x: {'met' if met else 'MISSED'} ({ratio:.1f}x); "
          f"memory independent of file size: {'yes' if flat else 'NO'} "
          f"(growth {', '.join(f'{k} {g:+.1f} MiB' for k, g in growth.items())})")
    return 0 if met and flat else 1


if __name__ == "__main__":
    if shutil.which("valid-sudoku") is None and not Path(sysconfig.get_path("scripts"), "valid-sudoku").exists():
        print("note: the valid-sudoku console script is not installed; using python -c instead", file=sys.stderr)
    sys.exit(main())
