"""Board._repr_html_: checked structurally with html.parser."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from hypothesis import given

from board_strategies import boards
from reference import line_from_cells, reference_conflicts, unit_cells
from valid_sudoku import Board, solve

SEED = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
INVALID = "8" + SEED[1:]
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


class Cell:
    def __init__(self, attributes: dict[str, str | None]) -> None:
        self.classes = set((attributes.get("class") or "").split())
        self.style = attributes.get("style") or ""
        self.title = attributes.get("title")
        self.text = ""


VOID = {"col"}


class TableReader(HTMLParser):
    """Collects the cells, labels, rows, caption text and list items, and every tag and
    attribute seen."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attribute_names: set[str] = set()
        self.rows: list[str] = []  # each row's style
        self.bodies: list[str] = []  # each tbody's style
        self.cells: list[Cell] = []
        self.labels: list[str] = []
        self.summary = ""  # the text of the summary under the grid
        self.items: list[str] = []
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "div" and attributes.get("class") == "valid-sudoku-summary":
            tag = "summary"  # tracked under its own name, so its text can be collected
        self.tags.append(tag)
        self.attribute_names.update(name for name, _ in attrs)
        if tag in VOID:
            return
        self.open.append(tag)
        if tag == "tr":
            self.rows.append(attributes.get("style") or "")
        elif tag == "tbody":
            self.bodies.append(attributes.get("style") or "")
        elif tag == "td":
            self.cells.append(Cell(attributes))
        elif tag == "th":
            self.labels.append("")
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
        if "th" in self.open:
            self.labels[-1] += data
        if "summary" in self.open:
            self.summary += data
        if "li" in self.open:
            self.items[-1] += data


def sentence(conflict: tuple[str, int, int, tuple[tuple[int, int], ...]]) -> str:
    """A conflict in people's numbering, the labels' own: `digit 8 repeats in column 1 at r1c1 and r4c1`."""
    kind, index, digit, places = conflict
    named = [f"r{r + 1}c{c + 1}" for r, c in places]
    listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
    return f"digit {digit} repeats in {kind} {index + 1} at {listed}"


def expected_items(found: list[tuple[str, int, int, tuple[tuple[int, int], ...]]]) -> list[str]:
    """Up to 6 conflicts one by one; more, one line per digit, at most 6 lines."""
    if len(found) <= 6:
        return [sentence(c) for c in found]
    lines = []
    for digit in range(1, 10):
        counts = [(kind, sum(1 for k, _, d, _ in found if k == kind and d == digit)) for kind in ("row", "column", "box")]
        total = sum(n for _, n in counts)
        if total == 1:
            lines += [sentence(c) for c in found if c[2] == digit]
        elif total:
            plural = {"row": "rows", "column": "columns", "box": "boxes"}
            parts = ", ".join(f"{n} {kind if n == 1 else plural[kind]}" for kind, n in counts if n)
            lines.append(f"digit {digit} repeats in {total} units ({parts})")
    return lines if len(lines) <= 6 else lines[:5] + [f"and {len(lines) - 5} more digits"]


def read(board: Board) -> TableReader:
    reader = TableReader()
    reader.feed(board._repr_html_())
    reader.close()
    assert reader.open == []
    return reader


LABELS = [""] + [f"c{k}" for k in range(1, 10)] + [f"r{k}" for k in range(1, 10)]


def check_structure(board: Board, cells: list[int]) -> None:
    reader = read(board)
    # One wrapper, then the grid, and only then the summary: the grid is always at the top.
    assert reader.tags[:2] == ["div", "table"] and reader.tags.count("table") == 1
    assert reader.tags.index("summary") > max(i for i, tag in enumerate(reader.tags) if tag == "td")
    assert len(reader.rows) == 10 and len(reader.cells) == 81
    assert [cell.text for cell in reader.cells] == [str(v) if v else "" for v in cells]
    # Rows and columns labelled in the caption's numbering.
    assert reader.labels == LABELS

    found = reference_conflicts(cells)
    conflicting = {place for *_, places in found for place in places}
    in_units = {place for kind, index, _, _ in found for place in unit_cells(kind, index)}
    for i, cell in enumerate(reader.cells):
        place = (i // 9, i % 9)
        assert ("conflict" in cell.classes) == (place in conflicting), place
        assert ("conflict-unit" in cell.classes) == (place in in_units - conflicting), place
        assert (cell.title is not None) == (place in conflicting)
        if place in conflicting:
            assert ";color:#" in cell.style and ";background:#" in cell.style
        # What a notebook's own table rules would change is set on each cell.
        assert cell.style.startswith("padding:0;text-align:center;border:1px solid")
        # Heavier borders on the edges of the 3x3 boxes: columns here, rows by the bands.
        assert ("border-left:2px solid" in cell.style) == (place[1] % 3 == 0)
        assert ("border-right:2px solid" in cell.style) == (place[1] == 8)
    assert reader.bodies == ["border:2px solid #222"] * 3
    # Explicit colours on the card and every row, so neither a light nor a dark theme (nor
    # its striped or hovered rows) can make the text unreadable.
    assert all("background:#ffffff" in row for row in reader.rows)

    if found:
        noun = "conflict" if len(found) == 1 else "conflicts"
        assert reader.summary.startswith(f"invalid: {len(found)} {noun}")
        assert reader.items == expected_items(found)
    else:
        givens = sum(1 for v in cells if v)
        expected = {0: "empty board", 81: "solved grid"}.get(givens, f"valid puzzle: {givens} givens, no digit repeats")
        assert reader.summary == expected and reader.items == []

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
    assert reader.summary.startswith("invalid: 2 conflicts")
    assert reader.items == [
        "digit 8 repeats in column 1 at r1c1 and r4c1",
        "digit 8 repeats in box 1 at r1c1 and r3c3",
    ]
    assert reader.cells[0].title == "digit 8 repeats in column 1 and box 1"
    assert reader.cells[27].title == "digit 8 repeats in column 1"


def test_the_caption_says_which_valid_board_it_is() -> None:
    assert read(Board(SEED)).summary == "valid puzzle: 30 givens, no digit repeats"
    assert read(Board("." * 81)).summary == "empty board"
    assert read(Board(SOLUTION)).summary == "solved grid"
    assert not any(cell.classes for cell in read(Board(SEED)).cells)


def test_a_solved_board_shows_its_filled_in_digits_apart_from_the_givens() -> None:
    for solved in [solve(SEED), Board(SEED).solve()]:
        assert solved is not None and solved == Board(SOLUTION) and hash(solved) == hash(Board(SOLUTION))
        reader = read(solved)
        assert reader.summary == "solved grid: 30 givens in bold, 51 filled in blue"
        for symbol, cell in zip(SEED, reader.cells):
            if symbol == ".":
                assert cell.classes == {"filled"} and ";color:#1f5fbf" in cell.style
            else:
                assert not cell.classes and cell.style.endswith(";font-weight:bold")
    # The givens are a view detail, not part of the value: a copy made from text has none.
    assert read(Board(SOLUTION)).summary == "solved grid"


def test_one_conflict_is_singular() -> None:
    reader = read(Board("4...4" + "." * 76))  # row 1 only: r1c1 and r1c5 lie in different boxes
    assert reader.summary.startswith("invalid: 1 conflict") and not reader.summary.startswith("invalid: 1 conflicts")


@given(boards())
def test_structure_on_random_boards(cells: list[int]) -> None:
    check_structure(Board(line_from_cells(cells)), cells)


def test_a_board_full_of_ones_keeps_the_grid_first_and_the_list_short() -> None:
    board = Board("1" * 81)
    html = board._repr_html_()
    reader = read(board)
    assert html.index("<table") < html.index("valid-sudoku-summary")
    assert reader.summary.startswith("invalid: 27 conflicts")
    assert reader.items == ["digit 1 repeats in 27 units (9 rows, 9 columns, 9 boxes)"]


def test_many_digits_are_counted_after_the_first_five() -> None:
    cells = [0] * 81
    for digit in range(1, 8):  # seven digits, each repeated once in its own row
        cells[digit * 9] = cells[digit * 9 + 4] = digit
    cells[1] = 1  # and digit 1 in box 1 too: a count for it, the sentence for each other digit
    reader = read(Board(line_from_cells(cells)))
    assert reader.summary.startswith("invalid: 8 conflicts")
    assert reader.items == ["digit 1 repeats in 2 units (1 row, 1 box)"] + [
        f"digit {d} repeats in row {d + 1} at r{d + 1}c1 and r{d + 1}c5" for d in range(2, 6)
    ] + ["and 2 more digits"]


def test_cells_never_wrap_and_have_room() -> None:
    html = Board(INVALID)._repr_html_()
    assert '<span style="white-space:nowrap">r1c1</span>' in html
    summary = html[html.index("valid-sudoku-summary") :]
    assert not re.search(r"r\dc\d", re.sub(r'<span style="white-space:nowrap">r\dc\d</span>', "", summary))
    assert html.count('<col style="width:34px">') == 9
    reader = read(Board(INVALID))
    assert all(row.startswith("height:34px;") for row in reader.rows[1:])


def test_much_lighter_than_a_style_per_cell_property() -> None:
    # A board used to be about 30 KB of HTML; now well under half of that, and even a board of
    # nothing but repeats (every cell marked, with its tooltip) stays under 24 KB.
    for board in [Board(INVALID), solve(SEED), Board("." * 81), Board(SEED)]:
        assert board is not None
        assert len(board._repr_html_()) < 13 * 1024
    assert len(Board("1" * 81)._repr_html_()) < 24 * 1024
