"""Hypothesis strategies for boards as 81 ints (row-major, 0 for empty), shared by the tests.

Random cells alone are almost always invalid when dense and valid when sparse; these mix
sparse random boards with solved grids that have a few cells changed, so both answers and
every kind of conflict (row, column, box, three or more holders) come up often.
"""

from __future__ import annotations

from hypothesis import strategies as st

SOLVED = [int(ch) for ch in (
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)]


@st.composite
def sparse_boards(draw: st.DrawFn) -> list[int]:
    """Up to 40 random digits at random places."""
    cells = [0] * 81
    for place in draw(st.lists(st.integers(0, 80), max_size=40)):
        cells[place] = draw(st.integers(1, 9))
    return cells


@st.composite
def nearly_solved_boards(draw: st.DrawFn) -> list[int]:
    """A solved grid with its digits relabelled, some cells emptied and a few changed."""
    relabel = draw(st.permutations(range(1, 10)))
    cells = [relabel[v - 1] for v in SOLVED]
    for place in draw(st.lists(st.integers(0, 80), max_size=40)):
        cells[place] = 0
    for place in draw(st.lists(st.integers(0, 80), max_size=4)):
        cells[place] = draw(st.integers(0, 9))
    return cells


def boards() -> st.SearchStrategy[list[int]]:
    """Boards of every kind: empty, sparse, nearly solved, and fully random."""
    return st.one_of(
        sparse_boards(),
        nearly_solved_boards(),
        st.lists(st.integers(0, 9), min_size=81, max_size=81),
    )
