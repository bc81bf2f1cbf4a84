from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest

# The helper modules (reference, puzzles) sit next to the tests; benches import them too.
sys.path.insert(0, str(Path(__file__).resolve().parent))

from hypothesis import settings  # noqa: E402
from puzzles import all_puzzles  # noqa: E402
from search_effort import examples  # noqa: E402

# Tests without their own count search as hard as search_effort says (hypothesis's default: 100).
settings.register_profile("valid-sudoku", max_examples=examples(100))
settings.load_profile("valid-sudoku")

# The Ctrl-C tests send SIGINT to this process and to children they start. A shell that runs
# pytest in the background without job control (`pytest &` in a script) leaves SIGINT ignored,
# and an ignored signal stays ignored across exec, so no Python would raise KeyboardInterrupt.
# A handler here is reset to the default in children, which then install Python's own.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(scope="session")
def shared_puzzles() -> list[str]:
    """Every board from ../shared/data; the test is skipped where the data is absent."""
    puzzles = all_puzzles()
    if puzzles is None:
        pytest.skip("../shared/data is not next to this checkout (VALID_SUDOKU_DATA names another copy)")
    return puzzles
