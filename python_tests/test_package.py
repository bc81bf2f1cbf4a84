"""The package as users get it: version, typed surface, docstrings."""

from __future__ import annotations

import importlib
import importlib.metadata
import re
from pathlib import Path

import valid_sudoku

STUB = Path(__file__).resolve().parent.parent / "valid_sudoku.pyi"


def test_version_matches_the_distribution() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+", valid_sudoku.__version__)
    assert importlib.metadata.version("valid-sudoku") == valid_sudoku.__version__


def test_the_wheel_ships_the_stub_and_py_typed() -> None:
    files = {str(f) for f in importlib.metadata.files("valid-sudoku") or []}
    assert any(f.endswith("py.typed") for f in files), files
    assert any(f.endswith("__init__.pyi") or f.endswith("valid_sudoku.pyi") for f in files), files


def test_every_public_name_is_in_the_stub_and_documented() -> None:
    stub = STUB.read_text()
    # maturin wraps the compiled module in a package; its public names are the compiled module's.
    native = importlib.import_module("valid_sudoku.valid_sudoku")
    public = [name for name in dir(native) if not name.startswith("_")]
    assert public, "the module exports nothing"
    for name in public:
        assert re.search(rf"^(def|class) {name}\b|^{name}\b", stub, re.M), f"{name} is missing from the stub"
        assert getattr(valid_sudoku, name).__doc__, f"{name} has no docstring"
