#!/usr/bin/env bash
# Runs every fuzz harness for SECONDS each (default 60): usage: bash scripts/fuzz.sh [SECONDS]
#
# - fuzz/atheris/fuzz_*.py: atheris harnesses over the Python surface (is_valid_sudoku,
#   conflicts and Board on built structures, Board.parse, is_valid_many on bytes, main() on
#   files), each checked against python_tests/reference.py. They test the valid_sudoku
#   installed for PYTHON (default python3; build it first, e.g. with scripts/test.sh), and pip
#   installs atheris there if it is missing.
# - fuzz/fuzz_targets/*.rs: cargo-fuzz targets over the pure-Rust parsers and the Arrow and
#   DLPack readers (on structs built by the unit tests' builders), built with
#   AddressSanitizer. cargo-fuzz needs nightly flags; RUSTC_BOOTSTRAP=1 lets this stable
#   toolchain accept them. `cargo install cargo-fuzz` runs first if it is missing.
#
# FUZZ_DEV=1 builds the cargo-fuzz targets unoptimised (still with AddressSanitizer, overflow
# checks and debug assertions): in less than half the build time, with about a tenth of the
# executions per second, which suits a smoke run such as CI's.
#
# Seeds come from fuzz/corpus/NAME (small, committed); what a run finds goes to a temporary
# folder, so the committed corpora stay small. A crashing input is kept in fuzz/artifacts/
# (ignored by git); the script runs every harness, then exits 1 if any of them failed.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
python="${PYTHON:-python3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p fuzz/artifacts
failed=()
options=(-max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 -print_final_stats=1)

if ! "$python" -c "import atheris" 2>/dev/null; then
    echo "== pip install atheris"
    "$python" -m pip install --quiet --disable-pip-version-check atheris
fi
for harness in fuzz/atheris/fuzz_*.py; do
    name="$(basename "$harness" .py)"
    echo "== atheris $name, ${seconds} s ($("$python" --version))"
    mkdir -p "$work/$name" "fuzz/corpus/$name"
    if ! "$python" "$harness" "$work/$name" "fuzz/corpus/$name" "${options[@]}" \
        -artifact_prefix="fuzz/artifacts/$name-" > "$work/$name.log" 2>&1; then
        tail -n 40 "$work/$name.log"
        failed+=("$name")
    fi
    grep -E "^(Done|stat::number_of_executed_units)" "$work/$name.log" || true
done

if ! command -v cargo-fuzz > /dev/null; then
    echo "== cargo install cargo-fuzz"
    cargo install --quiet --locked cargo-fuzz
fi
export RUSTC_BOOTSTRAP=1
build=()
[ "${FUZZ_DEV:-0}" = 1 ] && build=(--dev)
echo "== cargo fuzz build ${build[*]:-(optimised)}"
cargo fuzz build "${build[@]}" 2>&1 | grep -E "^(error|warning: unused)|Finished" || true
for target in $(cargo fuzz list); do
    echo "== cargo-fuzz $target, ${seconds} s"
    mkdir -p "$work/$target" "fuzz/corpus/$target"
    if ! cargo fuzz run "${build[@]}" "$target" "$work/$target" "fuzz/corpus/$target" -- "${options[@]}" \
        -artifact_prefix="fuzz/artifacts/$target-" > "$work/$target.log" 2>&1; then
        tail -n 40 "$work/$target.log"
        failed+=("$target")
    fi
    grep -E "^(Done|stat::number_of_executed_units)" "$work/$target.log" || true
done

if [ ${#failed[@]} -ne 0 ]; then
    echo "== fuzzing FAILED: ${failed[*]} (inputs in fuzz/artifacts/)" >&2
    exit 1
fi
echo "== fuzzing: every harness ran ${seconds} s without a failure"
