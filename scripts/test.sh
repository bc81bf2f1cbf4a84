#!/usr/bin/env bash
# The whole test suite: the Rust core's unit tests and lints, the package built from this
# checkout, a type check of the tests against the shipped stub, and pytest (which also
# smoke-runs every benchmark script). Run from anywhere: bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-python3}"

echo "== build and install valid-sudoku with its test dependencies"
"$python" -m pip install --quiet --disable-pip-version-check '.[test]'

echo "== cargo test (the pure-Rust core)"
cargo test --quiet

echo "== cargo clippy"
cargo clippy --quiet --all-targets -- -D warnings

echo "== mypy --strict over the tests, examples and benches"
"$python" -m mypy

echo "== pytest"
"$python" -m pytest
