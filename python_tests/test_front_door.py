"""The package says what it is in one sentence, the same everywhere a newcomer meets it: the
README's first lines, the docs' home page, the package metadata (pyproject.toml, Cargo.toml,
and what pip installed), help(valid_sudoku), and the first line of `valid-sudoku --help`.

When the package learns something new, change the sentence in all of them; this test names
each place that still says something else."""

from __future__ import annotations

import ast
import re
from importlib import metadata
from pathlib import Path

import pytest

import valid_sudoku

ROOT = Path(__file__).resolve().parent.parent


def first_paragraph(text: str) -> str:
    """The first paragraph of prose, its lines joined: Markdown headings and blank lines
    before it are skipped."""
    lines: list[str] = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            if lines:
                break
            continue
        lines.append(line.strip())
    return " ".join(lines)


def toml_description(path: Path) -> str:
    # A regex rather than tomllib, which CPython 3.9 and 3.10 lack.
    found = re.search(r'^description = "(.*)"$', path.read_text(), re.MULTILINE)
    assert found, f"{path.name} has no description line"
    return found.group(1)


def places(capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    stub = ast.get_docstring(ast.parse((ROOT / "python" / "valid_sudoku" / "__init__.pyi").read_text()))
    assert stub and valid_sudoku.__doc__
    assert valid_sudoku.main(["--help"]) == 0
    help_text = capsys.readouterr().out
    return {
        "README.md": first_paragraph((ROOT / "README.md").read_text()),
        "docs/index.md": first_paragraph((ROOT / "docs" / "index.md").read_text()),
        "pyproject.toml": toml_description(ROOT / "pyproject.toml"),
        "Cargo.toml": toml_description(ROOT / "Cargo.toml"),
        "the installed metadata's Summary": metadata.metadata("valid-sudoku")["Summary"],
        "the stub's module docstring": first_paragraph(stub),
        "help(valid_sudoku)": first_paragraph(valid_sudoku.__doc__),
        "valid-sudoku --help": help_text.splitlines()[0],
    }


def test_one_sentence_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    found = places(capsys)
    sentence = found["the stub's module docstring"]
    assert sentence.startswith("valid-sudoku ") and sentence.endswith("."), sentence
    differ = {place: text for place, text in found.items() if text != sentence}
    assert not differ, f"these say something other than {sentence!r}: {differ}"


def test_the_sentence_claims_only_what_exists() -> None:
    # Each verb of the sentence names a capability the package has: a public name does it.
    sentence = first_paragraph(valid_sudoku.__doc__ or "")
    # The verbs of the capabilities to come are here already, so the sentence can grow.
    does = {
        "validates": "is_valid_sudoku",
        "explains": "conflicts",
        "scores": "score_solutions",
        "solves": "solve",
        "counts": "count_solutions",
        "teaches": "next_step",
        "hints": "next_step",
        "grades": "grade",
        "rates": "grade",
        "generates": "generate",
        "makes": "generate",
        "recognises": "are_equivalent",
        "canonicalises": "canonical",
    }
    verbs = set(re.findall(r"\b(" + "|".join(does) + r")\b", sentence))
    assert {"validates", "explains", "scores", "solves", "counts"} <= verbs, sentence
    for verb in verbs:
        assert does[verb] in valid_sudoku.__all__, f"the sentence says it {verb}, but there is no {does[verb]}()"
