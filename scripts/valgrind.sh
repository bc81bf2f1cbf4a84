#!/usr/bin/env bash
# valgrind memcheck over scripts/valgrind_boards.py with PYTHONMALLOC=malloc (so every object is
# its own malloc block), for the valid_sudoku installed for PYTHON (default python3). Build it
# in debug first for readable stacks: `maturin develop` in a venv. Fails if any error valgrind
# reports has a frame in valid_sudoku; CPython's own reports (int.from_bytes at start-up, its
# parser) are listed by count only, as CPython's Misc/valgrind-python.supp explains them.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-python3}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
PYTHONMALLOC=malloc valgrind --error-limit=no --num-callers=40 "$python" scripts/valgrind_boards.py 2> "$log"
errors="$(grep -c "^==[0-9]*== [A-Z].*\(uninitialised\|Invalid\)" "$log" || true)"
ours="$(awk '/^==[0-9]+== [A-Z]/ {block=$0; next} /^==[0-9]+== +(at|by) / {block=block "\n" $0; next} /^==[0-9]+== *$/ {if (block ~ /valid_sudoku/) print block; block=""}' "$log")"
echo "valgrind: $errors error reports in all; $(grep "ERROR SUMMARY" "$log" | sed 's/^==[0-9]*== //')"
if [ -n "$ours" ]; then
    echo "$ours"
    echo "error: valgrind reports errors with a frame in valid_sudoku" >&2
    exit 1
fi
echo "valgrind: none with a frame in valid_sudoku"
