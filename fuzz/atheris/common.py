"""What every atheris harness shares: the pure-Python reference, the one alphabet, and a way
to run a harness under libFuzzer (see scripts/fuzz.sh).

The Rust extension is not instrumented, so coverage guides only the Python side (how inputs are
built); the harnesses make up for it by building inputs from the symbols that matter.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable
from pathlib import Path

import atheris

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "python_tests"))

with atheris.instrument_imports():
    from reference import reference_conflicts, reference_is_valid  # noqa: F401

# The one alphabet of every input form (TEAM decision): '1'-'9' digits; '.', '0', '_' empty.
SYMBOL_VALUE = {str(d): d for d in range(1, 10)} | {".": 0, "0": 0, "_": 0}
SYMBOLS = "".join(SYMBOL_VALUE)
# Characters that steer the parsers: symbols, separators, comment marks, line ends, near misses.
TEXT_CHARS = SYMBOLS + " |-+#\n\r\tx\u00e9\u0660\ud800"


def symbol_text(fdp: atheris.FuzzedDataProvider, length: int, chars: str = TEXT_CHARS) -> str:
    """`length` characters drawn from `chars`, mostly symbols."""
    out = []
    for _ in range(length):
        pick = fdp.ConsumeIntInRange(0, 255)
        out.append(SYMBOLS[pick % len(SYMBOLS)] if pick < 224 else chars[pick % len(chars)])
    return "".join(out)


def run(test_one_input: Callable[[bytes], None]) -> None:
    """Instruments the harness's own functions (how it builds inputs is what coverage can see),
    then hands `test_one_input` to libFuzzer with the command line's options."""
    harness = sys.modules[test_one_input.__module__]
    for name, value in list(vars(harness).items()):
        if inspect.isfunction(value) and value.__module__ == harness.__name__:
            setattr(harness, name, atheris.instrument_func(value))
    atheris.Setup(sys.argv, getattr(harness, test_one_input.__name__))
    atheris.Fuzz()
