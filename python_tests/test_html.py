"""Board._repr_html_: checked structurally with html.parser."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from hypothesis import given

from board_strategies import boards
from reference import line_from_cells, reference_conflicts, unit_cells
from valid_sudoku import Board, Conflict

SEED = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
INVALID = "8" + SEED[1:]


class Cell:
    def __init__(self, attributes: dict[str, str | None]) -> None:
        self.classes = set((attributes.get("class") or "").split())
        self.style = attributes.get("style") or ""
        self.title = attributes.get("title")
        self.text = ""


class TableReader(HTMLParser):
    """Collects the cells, rows, caption text and list items, and every tag and attribute seen."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attribute_names: set[str] = set()
        self.rows = 0
        self.cells: list[Cell] = []
        self.summary = ""  # the text of the summary under the grid
        self.items: list[str] = []
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "div" and dict(attrs).get("class") == "valid-sudoku-summary":
            tag = "summary"  # tracked under its own name, so its text can be collected
        self.tags.append(tag)
        self.attribute_names.update(name for name, _ in attrs)
        self.open.append(tag)
        if tag == "tr":
            self.rows += 1
        elif tag == "td":
            self.cells.append(Cell(dict(attrs)))
        elif tag == "li":
            self.items.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self.open and self.open[-1] == "summary":
            tag = "summary"
        assert self.open and self.open[-1] == tag, f"</{tag}> closes <{self.open[-1:]}>"
        self.open.pop()

    def handle_data(self, data: str) -> None:
        if "td" in self.open:
            self.cells[-1].text += data
        if "summary" in self.open:
            self.summary += data
        if "li" in self.open:
            self.items[-1] += data


def expected_items(found: list[tuple[str, int, int, tuple[tuple[int, int], ...]]]) -> list[str]:
    """Up to 6 conflicts one by one; more, one line per digit, at most 6 lines."""
    if len(found) <= 6:
        return [str(Conflict(*c)) for c in found]
    lines = []
    for digit in range(1, 10):
        counts = [(kind, sum(1 for k, _, d, _ in found if k == kind and d == digit)) for kind in ("row", "column", "box")]
        total = sum(n for _, n in counts)
        if total:
            plural = {"row": "rows", "column": "columns", "box": "boxes"}
            parts = ", ".join(f"{n} {kind if n == 1 else plural[kind]}" for kind, n in counts if n)
            lines.append(f"digit {digit} repeats in {total} {'unit' if total == 1 else 'units'} ({parts})")
    return lines if len(lines) <= 6 else lines[:5] + [f"and {len(lines) - 5} more digits"]


def read(board: Board) -> TableReader:
    reader = TableReader()
    reader.feed(board._repr_html_())
    reader.close()
    assert reader.open == []
    return reader


def check_structure(board: Board, cells: list[int]) -> None:
    reader = read(board)
    # One wrapper, then the grid, and only then the summary: the grid is always at the top.
    assert reader.tags[:2] == ["div", "table"] and reader.tags.count("table") == 1
    assert reader.tags.index("summary") > max(i for i, tag in enumerate(reader.tags) if tag == "td")
    assert reader.rows == 9 and len(reader.cells) == 81
    assert [cell.text for cell in reader.cells] == [str(v) if v else "" for v in cells]

    found = reference_conflicts(cells)
    conflicting = {place for *_, places in found for place in places}
    in_units = {place for kind, index, _, _ in found for place in unit_cells(kind, index)}
    for i, cell in enumerate(reader.cells):
        place = (i // 9, i % 9)
        assert ("conflict" in cell.classes) == (place in conflicting), place
        assert ("conflict-unit" in cell.classes) == (place in in_units - conflicting), place
        assert (cell.title is not None) == (place in conflicting)
        # Explicit colours, so neither a light nor a dark theme can make the text unreadable.
        assert ";color:#" in cell.style and ";background:#" in cell.style
        # Heavier borders on the edges of the 3x3 boxes.
        for side, on_edge in [("top", place[0] % 3 == 0), ("left", place[1] % 3 == 0),
                              ("bottom", place[0] % 3 == 2), ("right", place[1] % 3 == 2)]:
            assert f"border-{side}:{2 if on_edge else 1}px solid" in cell.style

    if found:
        noun = "conflict" if len(found) == 1 else "conflicts"
        assert reader.summary.startswith(f"{len(found)} {noun}")
        assert reader.items == expected_items(found)
    else:
        assert reader.summary == "valid" and reader.items == []

    # Self-contained: no script, no stylesheet, no event handlers, nothing fetched.
    assert not {"script", "style", "link", "img", "iframe"} & set(reader.tags)
    assert not {name for name in reader.attribute_names if name.startswith("on")}
    assert reader.attribute_names <= {"class", "style", "title"}


def test_the_invalid_example() -> None:
    board = Board(INVALID)
    check_structure(board, [0 if ch == "." else int(ch) for ch in INVALID])
    reader = read(board)
    marked = [(i // 9, i % 9) for i, cell in enumerate(reader.cells) if "conflict" in cell.classes]
    assert marked == [(0, 0), (2, 2), (3, 0)]
    assert reader.summary.startswith("2 conflicts")
    assert reader.items == [
        "digit 8 repeats in column 0 at (0, 0) and (3, 0)",
        "digit 8 repeats in box 0 at (0, 0) and (2, 2)",
    ]
    assert reader.cells[0].title == (
        "digit 8 repeats in column 0 at (0, 0) and (3, 0); digit 8 repeats in box 0 at (0, 0) and (2, 2)"
    )


def test_a_valid_board() -> None:
    reader = read(Board(SEED))
    assert reader.summary == "valid"
    assert not any(cell.classes for cell in reader.cells)


def test_one_conflict_is_singular() -> None:
    reader = read(Board("4...4" + "." * 76))  # row 0 only: (0, 0) and (0, 4) lie in different boxes
    assert reader.summary.startswith("1 conflict") and not reader.summary.startswith("1 conflicts")


@given(boards())
def test_structure_on_random_boards(cells: list[int]) -> None:
    check_structure(Board(line_from_cells(cells)), cells)


def test_a_board_full_of_ones_keeps_the_grid_first_and_the_list_short() -> None:
    board = Board("1" * 81)
    html = board._repr_html_()
    reader = read(board)
    assert html.index("<table") < html.index("valid-sudoku-summary")
    assert reader.summary.startswith("27 conflicts")
    assert reader.items == ["digit 1 repeats in 27 units (9 rows, 9 columns, 9 boxes)"]


def test_many_digits_are_counted_after_the_first_five() -> None:
    cells = [0] * 81
    for digit in range(1, 8):  # seven digits, each repeated once in its own row
        cells[digit * 9] = cells[digit * 9 + 4] = digit
    reader = read(Board(line_from_cells(cells)))
    assert reader.items == [f"digit {d} repeats in 1 unit (1 row)" for d in range(1, 6)] + ["and 2 more digits"]


def test_pairs_never_wrap_and_cells_have_room() -> None:
    html = Board(INVALID)._repr_html_()
    assert '<span style="white-space:nowrap">(0, 0)</span>' in html
    summary = html[html.index("valid-sudoku-summary") :]
    assert not re.search(r"\(\d, \d\)", re.sub(r'<span style="white-space:nowrap">\(\d, \d\)</span>', "", summary))
    reader = read(Board(INVALID))
    assert all("width:36px;height:36px" in cell.style and "line-height:36px" in cell.style for cell in reader.cells)
