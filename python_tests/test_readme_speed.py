"""The README's speed tables are copies of rows of the docs pages' tables, which are the ones a
bench run writes: every table line of the README's "Speed" section (its header rows too) is a
line of the page the section links for it, so the front door cannot show a number that no
bench run printed, or one that a newer run replaced."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def section(text: str, heading: str) -> str:
    found = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert found, f"no '## {heading}' section"
    return found.group(1)


def tables(text: str) -> list[tuple[str, list[str]]]:
    """Each table of the text with the docs page named by the last link before it."""
    found: list[tuple[str, list[str]]] = []
    page = ""
    rows: list[str] = []
    for line in text.splitlines():
        if line.startswith("|"):
            rows.append(line)
            continue
        if rows:
            found.append((page, rows))
            rows = []
        links = re.findall(r"\]\((docs/[a-z-]+\.md)[#)a-z-]*", line)
        if links:
            page = links[-1]
    if rows:
        found.append((page, rows))
    return found


SPEED = section((ROOT / "README.md").read_text(), "Speed")
TABLES = tables(SPEED)


def test_the_speed_section_has_tables_for_steps_and_generation() -> None:
    pages = [page for page, _ in TABLES]
    assert "docs/steps.md" in pages and "docs/generate.md" in pages, pages


@pytest.mark.parametrize(("page", "rows"), TABLES, ids=[page for page, _ in TABLES])
def test_each_row_is_a_row_of_its_page(page: str, rows: list[str]) -> None:
    assert page, f"a table of the README's Speed section follows no docs link: {rows[0]}"
    lines = set((ROOT / page).read_text().splitlines())
    missing = [row for row in rows if row not in lines]
    assert not missing, f"these README rows are not rows of {page}: {missing}"
