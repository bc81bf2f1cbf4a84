"""Board._repr_html_: checked structurally with html.parser."""

from __future__ import annotations

from html.parser import HTMLParser

from hypothesis import given

from board_strategies import boards
from reference import line_from_cells, reference_conflicts, unit_cells
from valid_sudoku import Board

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
        self.caption = ""
        self.items: list[str] = []
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
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
        assert self.open and self.open[-1] == tag, f"</{tag}> closes <{self.open[-1:]}>"
        self.open.pop()

    def handle_data(self, data: str) -> None:
        if "td" in self.open:
            self.cells[-1].text += data
        if "caption" in self.open:
            self.caption += data
        if "li" in self.open:
            self.items[-1] += data


def read(board: Board) -> TableReader:
    reader = TableReader()
    reader.feed(board._repr_html_())
    reader.close()
    assert reader.open == []
    return reader


def check_structure(board: Board, cells: list[int]) -> None:
    reader = read(board)
    assert reader.tags[0] == "table" and reader.tags.count("table") == 1
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
        assert reader.caption.startswith(f"{len(found)} {noun}")
        assert reader.items == [str(c) for c in board.conflicts]
    else:
        assert reader.caption == "valid" and reader.items == []

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
    assert reader.caption.startswith("2 conflicts")
    assert reader.items == [
        "digit 8 repeats in column 0 at (0, 0) and (3, 0)",
        "digit 8 repeats in box 0 at (0, 0) and (2, 2)",
    ]
    assert reader.cells[0].title == (
        "digit 8 repeats in column 0 at (0, 0) and (3, 0); digit 8 repeats in box 0 at (0, 0) and (2, 2)"
    )


def test_a_valid_board() -> None:
    reader = read(Board(SEED))
    assert reader.caption == "valid"
    assert not any(cell.classes for cell in reader.cells)


def test_one_conflict_is_singular() -> None:
    reader = read(Board("4...4" + "." * 76))  # row 0 only: (0, 0) and (0, 4) lie in different boxes
    assert reader.caption.startswith("1 conflict") and not reader.caption.startswith("1 conflicts")


@given(boards())
def test_structure_on_random_boards(cells: list[int]) -> None:
    check_structure(Board(line_from_cells(cells)), cells)
