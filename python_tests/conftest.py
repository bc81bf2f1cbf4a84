from __future__ import annotations

import sys
from pathlib import Path

import pytest

# The helper modules (reference, puzzles) sit next to the tests; benches import them too.
sys.path.insert(0, str(Path(__file__).resolve().parent))

from puzzles import all_puzzles  # noqa: E402


@pytest.fixture(scope="session")
def shared_puzzles() -> list[str]:
    """Every board from ../shared/data; the test is skipped where the data is absent."""
    puzzles = all_puzzles()
    if puzzles is None:
        pytest.skip("../shared/data is not next to this checkout (VALID_SUDOKU_DATA names another copy)")
    return puzzles
