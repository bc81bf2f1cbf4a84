#!/usr/bin/env bash
# The whole test suite: the Rust core's unit tests and lints, the package built from this
# checkout, a type check of the tests against the shipped stub, the docs site's strict build,
# and pytest (which also smoke-runs every benchmark script and runs every example of the docs).
# Run from anywhere: bash scripts/test.sh
# PYTHON=/path/to/python picks the interpreter (default python3); install into a venv.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-python3}"

echo "== build a wheel of valid-sudoku and install it with its test dependencies ($("$python" --version))"
# The suite runs against the wheel a user would install (`pip wheel .` runs maturin's release
# build, as `maturin build --release` does), installed from the file: a file the wheel leaves
# out (the stub, py.typed, LICENSE) fails the tests, which never import the checkout itself.
# pip is silent for the minute or two the Rust build takes; show cargo's and maturin's progress
# lines as they come, and the whole log only if the build fails.
log="$(mktemp)"
wheels="$(mktemp -d)"
trap 'rm -rf "$log" "$wheels"' EXIT
set +e
"$python" -m pip wheel -v --no-deps --disable-pip-version-check --progress-bar off --wheel-dir "$wheels" . 2>&1 |
    tee "$log" | grep --line-buffered -E '^ *(Compiling|Finished|Building|Successfully|📦|🔗|🐍)'
status="${PIPESTATUS[0]}"
set -e
if [ "$status" -ne 0 ]; then
    tail -n 60 "$log"
    echo "error: building the wheel failed (exit $status)" >&2
    exit "$status"
fi
wheel="$(ls "$wheels"/valid_sudoku-*.whl)"
echo "== built $(basename "$wheel")"
# With uv at hand (UV=/path/to/uv, or uv on PATH; UV= turns it off), the test dependencies come
# from uv, which installs them in seconds where pip takes most of a minute; the wheel itself is
# always installed by pip, as a user's `pip install` does.
uv="${UV-$(command -v uv || true)}"
if [ -n "$uv" ]; then
    echo "== test dependencies with $("$uv" --version)"
    # Compiled to bytecode now, as pip does: with PYTHONDONTWRITEBYTECODE set (CI sets it), every
    # process (each Dask worker too) would otherwise compile pandas and dask from source again.
    "$uv" pip install --quiet --compile-bytecode --python "$python" -r pyproject.toml --extra test
    "$python" -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall "$wheel"
else
    "$python" -m pip install --quiet --disable-pip-version-check "$wheel[test]"
    "$python" -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall "$wheel"
fi

# The Rust core's tests and lints build against whichever python3 cargo finds, whatever PYTHON
# is, so they are the same run for every version: CI sets SKIP_RUST_CHECKS=1 after the first.
if [ "${SKIP_RUST_CHECKS:-0}" = 1 ]; then
    echo "== cargo test and cargo clippy: skipped (SKIP_RUST_CHECKS=1; they ran with an earlier version)"
else
    echo "== cargo test (the pure-Rust core) (${SECONDS} s)"
    # Optimised, with this crate's overflow checks and debug assertions on as in a debug build:
    # the dependencies then come from the build above when it used the same profile (CI's older
    # versions do), and the tests run in seconds rather than the minute and a half of a debug build.
    # The tests over the puzzle data beside the checkout skip without it, and fail without it
    # when VALID_SUDOKU_RUST_FULL=1 (CI's, since its Python checks over whole sets run with one
    # version only, and the Rust ones with another): src/test_data.rs.
    VALID_SUDOKU_FULL="${VALID_SUDOKU_RUST_FULL:-${VALID_SUDOKU_FULL:-0}}" \
    CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 cargo test --release --quiet \
        --config 'profile.release.package.valid-sudoku.overflow-checks=true' \
        --config 'profile.release.package.valid-sudoku.debug-assertions=true'

    echo "== cargo fmt --check (${SECONDS} s): the crate and the fuzz targets, at rustfmt.toml's width"
    cargo fmt --check
    (cd fuzz && cargo fmt --check -- --config-path ../rustfmt.toml)

    echo "== cargo clippy (${SECONDS} s)"
    # With the measuring drivers (src/drivers.rs, run by `cargo bench --features drivers --bench
    # drivers`), so that they keep building.
    cargo clippy --quiet --all-targets --features drivers -- -D warnings
fi

# CI runs these with its oldest and newest CPython only (SKIP_STATIC_CHECKS=1 between):
# type checks against the stdlib's stubs of the versions at either end cover the ones between.
if [ "${SKIP_STATIC_CHECKS:-0}" = 1 ]; then
    echo "== mypy, stubtest and mkdocs: skipped (SKIP_STATIC_CHECKS=1; they run with the oldest and newest versions)"
else
    echo "== ruff over the package, tests, benches, examples and scripts (${SECONDS} s)"
    "$python" -m ruff check python python_tests benches examples scripts

    echo "== mypy --strict over the tests, examples and benches (${SECONDS} s)"
    "$python" -m mypy

    echo "== stubtest: the stub against the installed module (${SECONDS} s)"
    # pyproject.toml's mypy_path makes it read this checkout's stub; the allowlist says why
    # each difference it accepts is there.
    "$python" -m mypy.stubtest valid_sudoku --mypy-config-file pyproject.toml --allowlist scripts/stubtest_allowlist.txt

    echo "== mkdocs build --strict: the docs site, its links and the API reference from the stub (${SECONDS} s)"
    site="$(mktemp -d)"
    # Not --quiet: it hides the warnings that --strict turns into a failure.
    NO_MKDOCS_2_WARNING=1 "$python" -m mkdocs build --strict --site-dir "$site"
    rm -rf "$site"
fi

echo "== pytest (${SECONDS} s)"
# Exit 5 means no test was collected: never a pass, whatever set -e would make of it.
set +e
# On as many processes as there are cores (pytest-xdist, from the test extra).
"$python" -m pytest --durations=8 -n auto
status=$?
set -e
if [ "$status" -eq 5 ]; then
    echo "error: pytest collected no tests" >&2
    exit 1
fi
echo "== scripts/test.sh done in ${SECONDS} s (pytest exit $status)"
exit "$status"
