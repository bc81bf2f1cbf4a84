"""The package as users get it: version, typed surface, docstrings."""

from __future__ import annotations

import importlib
import importlib.metadata
import pickle
import re
import subprocess
import sys
from pathlib import Path

import valid_sudoku

STUB = Path(__file__).resolve().parent.parent / "python" / "valid_sudoku" / "__init__.pyi"


def test_version_matches_the_distribution() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+", valid_sudoku.__version__)
    assert importlib.metadata.version("valid-sudoku") == valid_sudoku.__version__


def test_the_package_ships_the_stub_and_py_typed() -> None:
    # Looked for in the installed package, so this holds for a wheel and an editable install alike.
    package = Path(valid_sudoku.__file__).parent
    assert (package / "py.typed").is_file()
    assert (package / "__init__.pyi").read_text() == STUB.read_text()
    assert (package / "__main__.py").is_file()


def test_the_distribution_carries_the_licence() -> None:
    files = importlib.metadata.files("valid-sudoku") or []
    licences = [file for file in files if file.name == "LICENSE"]
    assert licences, "no LICENSE in the installed distribution"
    assert "MIT License" in licences[0].read_text()
    assert (Path(__file__).resolve().parent.parent / "LICENSE").read_text() == licences[0].read_text()


def test_every_public_name_is_in_the_stub_and_documented() -> None:
    stub = STUB.read_text()
    # The package re-exports the compiled module's public names.
    native = importlib.import_module("valid_sudoku._core")
    public = [name for name in dir(native) if not name.startswith("_")]
    assert public, "the module exports nothing"
    for name in public:
        assert re.search(rf"^(def|class) {name}\b|^{name}\b", stub, re.M), f"{name} is missing from the stub"
        assert getattr(valid_sudoku, name).__doc__, f"{name} has no docstring"


def test_all_lists_exactly_the_public_names() -> None:
    native = importlib.import_module("valid_sudoku._core")
    public = sorted(name for name in dir(native) if not name.startswith("_"))
    assert sorted(valid_sudoku.__all__) == public
    assert "_batch_kernel" not in valid_sudoku.__all__
    # Tab completion shows the names without a leading underscore: no inner module among them.
    assert sorted(name for name in dir(valid_sudoku) if not name.startswith("_")) == public


def test_the_public_names_are_the_native_objects_themselves() -> None:
    # Re-exported, not wrapped: a call costs what calling the extension costs.
    native = importlib.import_module("valid_sudoku._core")
    for name in valid_sudoku.__all__:
        assert getattr(valid_sudoku, name) is getattr(native, name), name


def test_classes_live_at_the_package_path_so_they_pickle() -> None:
    from valid_sudoku import Board, BoardFormatError, Conflict

    assert (Board.__module__, Conflict.__module__, BoardFormatError.__module__) == ("valid_sudoku",) * 3
    board = Board("1" + "." * 80)
    assert pickle.loads(pickle.dumps(board)) == board
    assert b"valid_sudoku._core" not in pickle.dumps(board)
    error = pickle.loads(pickle.dumps(BoardFormatError("board: expected 9 rows, got 8")))
    assert type(error) is BoardFormatError


def test_python_dash_m_runs_the_command(tmp_path: Path) -> None:
    boards = tmp_path / "boards.txt"
    boards.write_text("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n")
    run = subprocess.run(
        [sys.executable, "-m", "valid_sudoku", str(boards)], capture_output=True, text=True, check=False
    )
    assert (run.returncode, run.stdout, run.stderr) == (0, "1 board: 1 valid, 0 invalid\n", "")
    version = subprocess.run(
        [sys.executable, "-m", "valid_sudoku", "--version"], capture_output=True, text=True, check=False
    )
    assert (version.returncode, version.stdout) == (0, f"valid-sudoku {valid_sudoku.__version__}\n")
