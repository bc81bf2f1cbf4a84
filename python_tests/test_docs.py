"""help() shows the stub's documentation: every public function, class, property and method
has a runtime docstring, and it is the stub's text (build.rs copies it; this checks it)."""

from __future__ import annotations

import ast
import inspect
import pydoc
from pathlib import Path
from typing import Any, Iterator

import pytest

import valid_sudoku

STUB = Path(__file__).resolve().parent.parent / "python" / "valid_sudoku" / "__init__.pyi"
TREE = ast.parse(STUB.read_text())
PLAIN: Any = pydoc.plaintext  # type: ignore[attr-defined]  # (missing from typeshed)
HOW = (
    'write #[doc = stub_doc!("{name}")] on its Rust item (see build.rs); if it has that, rebuild '
    "(with a CARGO_TARGET_DIR shared by several checkouts, `touch build.rs` first: cargo may "
    "take another checkout's run of the build script for this one's)"
)


def documented(name: str) -> bool:
    # Dunders are left out: CPython gives slot methods (__getitem__, __len__, ...) its own
    # fixed docstrings, so the stub's text for them is for IDEs only.
    return not (name.startswith("__") and name.endswith("__"))


def bare_overload(node: ast.AST) -> bool:
    """An ``@overload`` with no docstring of its own: the documented overload (the last one,
    the one build.rs copies) stands for the function."""
    if not isinstance(node, ast.FunctionDef) or ast.get_docstring(node):
        return False
    return any(isinstance(d, ast.Name) and d.id == "overload" for d in node.decorator_list)


def stub_items() -> Iterator[tuple[str, Any, ast.AST]]:
    """(qualified name, runtime object, stub node) for every public name of the stub."""
    for node in TREE.body:
        if not isinstance(node, (ast.FunctionDef, ast.ClassDef)) or node.name.startswith("_") or bare_overload(node):
            continue
        runtime = getattr(valid_sudoku, node.name)
        yield node.name, runtime, node
        if isinstance(node, ast.ClassDef):
            for member in node.body:
                if isinstance(member, ast.FunctionDef) and documented(member.name):
                    yield f"{node.name}.{member.name}", inspect.getattr_static(runtime, member.name), member


ITEMS = list(stub_items())


def test_the_stub_covers_every_public_name() -> None:
    in_stub = {name for name, _, _ in ITEMS if "." not in name}
    assert set(valid_sudoku.__all__) <= in_stub


@pytest.mark.parametrize(("name", "runtime", "node"), ITEMS, ids=[name for name, _, _ in ITEMS])
def test_runtime_docstrings_are_the_stubs(name: str, runtime: Any, node: ast.AST) -> None:
    assert isinstance(node, (ast.FunctionDef, ast.ClassDef))
    stub_doc = ast.get_docstring(node)
    assert stub_doc, f"{name} has no docstring in the stub"
    if isinstance(runtime, (staticmethod, classmethod)):
        runtime = runtime.__func__
    assert runtime.__doc__, f"{name} has no runtime docstring: {HOW.format(name=name)}"
    assert inspect.cleandoc(runtime.__doc__) == stub_doc, f"{name} differs from the stub: {HOW.format(name=name)}"


def test_the_module_docstring_is_the_stubs() -> None:
    assert valid_sudoku.__doc__
    assert inspect.cleandoc(valid_sudoku.__doc__) == ast.get_docstring(TREE)


def test_help_shows_the_documentation_and_signatures() -> None:
    text = pydoc.render_doc(valid_sudoku.is_valid_sudoku, renderer=PLAIN)
    assert "is_valid_sudoku(board, /)" in text
    assert "Return True when no digit repeats in any row, column or 3x3 box (LeetCode 36)." in text
    assert "a whole board as one 81-character str, or 81 bytes, read row by row;" in text
    assert ".pyi" not in text
    board = pydoc.render_doc(valid_sudoku.Board, renderer=PLAIN)
    for expected in [
        "An immutable Sudoku board: 81 cells, 0 for empty.",
        "parse(text, /)",
        "Read a board written as text; the format is detected.",
        "to_string(self, /, empty='.')",
        "is_valid\n",
        "True when no digit repeats in any row, column or box (empty cells are ignored).",
    ]:
        assert expected in board, expected
    assert inspect.signature(valid_sudoku.main) == inspect.Signature(
        [inspect.Parameter("argv", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None)]
    )
