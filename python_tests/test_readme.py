"""The README's examples run, so the documentation cannot drift from the code."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples(monkeypatch: pytest.MonkeyPatch) -> None:
    # The examples name files relative to the repository root, as a reader running them would.
    monkeypatch.chdir(README.parent)
    failures, tried = doctest.testfile(
        str(README), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert tried > 0
    assert failures == 0
