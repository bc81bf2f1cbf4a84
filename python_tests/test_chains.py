"""Chains as data: Step.nodes and Step.links, their Eureka text, and a pure-Python check that
every chain of every path on the hard data sets is true of the board before its step."""

from __future__ import annotations

from itertools import product

import pytest

import puzzles
from valid_sudoku import Board, Step, candidates, generate, grade, hint, next_step, solve_steps

Cell = tuple[int, int]
Node = tuple[tuple[Cell, ...], int]
Marks = list[list[set[int]]]

# A puzzle whose path has an XY-Wing: pivot r7c1 {5,8}, pincers r2c1 {5,9} and r8c3 {8,9}.
WING = "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5...."


def units() -> list[set[Cell]]:
    rows = [{(r, c) for c in range(9)} for r in range(9)]
    cols = [{(r, c) for r in range(9)} for c in range(9)]
    boxes = [{(3 * (b // 3) + i, 3 * (b % 3) + j) for i, j in product(range(3), repeat=2)} for b in range(9)]
    return rows + cols + boxes


UNITS = units()


def sees(a: Cell, b: Cell) -> bool:
    return a != b and any(a in unit and b in unit for unit in UNITS)


def strong(marks: Marks, a: Node, b: Node) -> bool:
    (cells_a, da), (cells_b, db) = a, b
    if da == db:
        both = set(cells_a) | set(cells_b)

        def places(unit: set[Cell]) -> set[Cell]:
            return {cell for cell in unit if da in marks[cell[0]][cell[1]]}

        return not set(cells_a) & set(cells_b) and any(both <= unit and places(unit) == both for unit in UNITS)
    return len(cells_a) == len(cells_b) == 1 and cells_a == cells_b and marks[cells_a[0][0]][cells_a[0][1]] == {da, db}


def weak(a: Node, b: Node) -> bool:
    (cells_a, da), (cells_b, db) = a, b
    if da == db:
        return all(sees(x, y) for x in cells_a for y in cells_b)
    return len(cells_a) == len(cells_b) == 1 and cells_a == cells_b


def apply(marks: Marks, step: Step) -> None:
    for r, c, d in step.placements:
        marks[r][c] = set()
        for peer in {cell for unit in UNITS if (r, c) in unit for cell in unit}:
            marks[peer[0]][peer[1]].discard(d)
    for r, c, d in step.eliminations:
        marks[r][c].discard(d)


FORCING = ("forcing chain", "forcing net", "nested forcing net")


def check_net(marks: Marks, step: Step) -> None:
    """A forcing step's net, node by node, against the board before it: a node that follows
    no other starts a branch (true); a removal (weak link in) follows one true node in its
    cell or a peer with its digit (in a nested net, possibly the branch's start); a placement
    (strong link in) follows the removal of every other candidate of its cell, or of every
    other place of its digit in a unit. The branches then show what the sentence says."""
    nodes, links, parents = step.nodes, step.links, step.parents
    text = str(step)
    assert len(links) == len(nodes) - 1 and len(parents) == len(nodes), text
    truth = [i == 0 or links[i - 1] == "strong" for i in range(len(nodes))]
    for i, ((cells, digit), before) in enumerate(zip(nodes, parents)):
        assert len(cells) == 1 and digit in marks[cells[0][0]][cells[0][1]], text
        (cell,) = cells
        assert all(j < i for j in before), text
        if not before:
            assert truth[i], f"node {i} of {text}"
        elif not truth[i]:
            assert len(before) == 1 and truth[before[0]], f"node {i} of {text}"
            ((other,), other_digit) = nodes[before[0]]
            nested = step.technique == "nested forcing net" and parents[before[0]] == ()
            assert nested or (other == cell) != (other_digit == digit) and (other == cell or sees(other, cell)), f"node {i} of {text}"
        else:
            assert not any(truth[j] for j in before), f"node {i} of {text}"
            from_cell = all(nodes[j][0] == cells for j in before) and {nodes[j][1] for j in before} | {digit} == marks[cell[0]][cell[1]]
            places = {nodes[j][0][0] for j in before} | {cell}
            from_unit = all(nodes[j][1] == digit for j in before) and any(
                places == {x for x in unit if digit in marks[x[0]][x[1]]} for unit in UNITS
            )
            assert from_cell or from_unit, f"node {i} of {text}"
    starts = [nodes[i] for i in range(len(nodes)) if not parents[i]]
    if text.split(": ", 1)[1].startswith("if "):
        # One assumption, removed; its branch ends where a cell or a unit has nothing left.
        ((root,), root_digit) = starts[0]
        assert len(starts) == 1 and step.eliminations == ((*root, root_digit),) and not step.placements, text
        false = {(x, d) for (cells, d), t in zip(nodes, truth) if not t for x in cells}
        true = {(x, d) for (cells, d), t in zip(nodes[1:], truth[1:]) if t for x in cells}
        empty_cell = any(marks[r][c] and all(((r, c), d) in false for d in marks[r][c]) for r in range(9) for c in range(9))
        empty_unit = any(
            any(d in marks[x[0]][x[1]] for x in unit) and all((x, d) in false for x in unit if d in marks[x[0]][x[1]])
            for unit in UNITS
            for d in range(1, 10)
        )
        assert empty_cell or empty_unit or bool(true & false), text
    else:
        # Every start's branch reaches each conclusion: it is a node once per branch.
        assert len(starts) >= 2, text
        for r, c, d in step.eliminations:
            assert sum(1 for (cells, x), t in zip(nodes, truth) if cells == ((r, c),) and x == d and not t) == len(starts), text
        for r, c, d in step.placements:
            assert sum(1 for (cells, x), t in zip(nodes, truth) if cells == ((r, c),) and x == d and t) == len(starts), text
        same_cell = len({cells for cells, _ in starts}) == 1 and {d for _, d in starts} == marks[starts[0][0][0][0]][starts[0][0][0][1]]
        same_digit = len({d for _, d in starts}) == 1 and any(
            {cells[0] for cells, _ in starts} == {x for x in unit if starts[0][1] in marks[x[0]][x[1]]} for unit in UNITS
        )
        assert same_cell or same_digit, text


def check_chain(marks: Marks, step: Step) -> None:
    nodes, links = step.nodes, step.links
    text = str(step)
    assert len(nodes) >= 4 and len(links) == len(nodes) - 1, text
    assert len(set(nodes)) == len(nodes), text
    for cells, digit in nodes:
        assert all(digit in marks[r][c] for r, c in cells), text
    for i, link in enumerate(links):
        ok = strong(marks, nodes[i], nodes[i + 1]) if link == "strong" else weak(nodes[i], nodes[i + 1])
        assert ok and link in ("strong", "weak"), f"link {i} of {text}"
    assert links[0] == "strong", text
    first, last = nodes[0], nodes[-1]
    if step.technique == "simple colouring" and len(links) % 2 == 0:
        # A colour wrap: the ends share a colour and see each other.
        assert weak(first, last), text
        return
    assert links[-1] == "strong", text
    for r, c, d in step.eliminations:
        removed: Node = (((r, c),), d)
        if weak(removed, first) and weak(removed, last):
            continue
        # Simple colouring removes at once every candidate that sees both colours.
        assert step.technique == "simple colouring", f"r{r + 1}c{c + 1} {d} in {text}"


def test_a_chain_step_as_data_and_text() -> None:
    path = solve_steps(WING)
    wing = next(step for step in path.steps if step.technique == "xy-wing")
    assert str(wing) == "XY-Wing: (9)r2c1=(5)r2c1-(5)r7c1=(8)r7c1-(8)r8c3=(9)r8c3: remove 9 from r2c3, r9c1"
    assert wing.nodes == (
        (((1, 0),), 9), (((1, 0),), 5), (((6, 0),), 5), (((6, 0),), 8), (((7, 2),), 8), (((7, 2),), 9),
    )
    assert wing.links == ("strong", "weak", "strong", "weak", "strong")
    assert wing._asdict()["nodes"] == wing.nodes and wing._asdict()["links"] == wing.links
    single = next_step(WING)
    assert single is not None and single.nodes == () and single.links == ()


def test_group_nodes_are_tuples_of_cells() -> None:
    lines = puzzles.puzzle_lines("norvig/sudoku-top95.txt")
    if lines is None:
        pytest.skip("no ../shared/data")
    steps = (step for line in lines for step in solve_steps(line).steps if step.technique == "empty rectangle")
    step = next(steps)
    assert any(len(cells) > 1 for cells, _ in step.nodes), str(step)
    assert all(isinstance(cells, tuple) and all(isinstance(cell, tuple) for cell in cells) for cells, _ in step.nodes)


def test_every_chain_on_the_hard_sets_is_true_of_its_board() -> None:
    names = ["norvig/sudoku-top95.txt", "norvig/sudoku-hardest.txt"]
    if puzzles.FULL:
        names.append("norvig/sudokus_hard.txt")
    checked: dict[str, int] = {}
    for name in names:
        lines = puzzles.puzzle_lines(name)
        if lines is None:
            pytest.skip("no ../shared/data")
        for line in lines:
            marks = [[set(cell) for cell in row] for row in candidates(line)]
            for step in solve_steps(line).steps:
                if step.technique in FORCING:
                    check_net(marks, step)
                    checked[step.technique] = checked.get(step.technique, 0) + 1
                elif step.nodes:
                    assert step.parents == tuple((i - 1,) if i else () for i in range(len(step.nodes)))
                    check_chain(marks, step)
                    checked[step.technique] = checked.get(step.technique, 0) + 1
                else:
                    assert step.links == ()
                apply(marks, step)
    # Every chain technique but simple colouring is met on these sets (colouring too with the full ones).
    assert {"skyscraper", "2-string kite", "xy-wing", "w-wing", "empty rectangle", "x-chain", "xy-chain", "aic"} <= set(checked), checked
    assert {"forcing chain", "forcing net"} <= set(checked), checked
    if puzzles.FULL:
        assert "nested forcing net" in checked, checked


def test_the_pictures_hold_every_step_and_label() -> None:
    path = solve_steps(WING)
    html = path._repr_html_()
    assert html.count('class="valid-sudoku-frame"') == len(path) + 1
    for i, step in enumerate(path.steps):
        assert f'<option value="{i}">{i + 1}. {step}</option>' in html
    assert '<option value="86">end: solved</option>' in html and len(path) == 86
    card = next(step for step in path.steps if step.technique == "xy-wing")._repr_html_()
    assert card.count('class="node"') == 6 and card.count('class="link strong"') == 3 and card.count('class="link weak"') == 2
    assert card.count('class="eliminated"') == 2 and "<script" not in card
    marks = Board(WING).marks_html()
    assert all(f">r{k}</text>" in marks and f">c{k}</text>" in marks for k in range(1, 10))
    # Every mark of every empty cell, and none for a filled one.
    expected = sum(len(cell) for row in candidates(WING) for cell in row)
    assert marks.split('class="marks"')[1].count("<text") == expected


def test_a_forcing_step_carries_its_net_as_data_and_on_its_card() -> None:
    puzzle = generate(difficulty="forcing", seed=2)
    path = solve_steps(puzzle)
    assert path.solved and grade(puzzle).level == "forcing"
    step = next(step for step in path.steps if step.technique in FORCING)
    assert step._asdict()["parents"] == step.parents and len(step.parents) == len(step.nodes)
    marks = [[set(cell) for cell in row] for row in candidates(puzzle)]
    for earlier in path.steps[: path.steps.index(step)]:
        apply(marks, earlier)
    check_net(marks, step)
    # The card draws one line from each node to each node it follows.
    card = step._repr_html_()
    edges = sum(len(before) for before in step.parents)
    assert card.count('class="link ') == edges and card.count('class="node"') == len(step.nodes)
    # Steps without a chain have no parents; a plain chain's nodes each follow the one before.
    assert next(s for s in path.steps if s.technique == "hidden single").parents == ()
    wing = next(s for s in solve_steps(WING).steps if s.technique == "xy-wing")
    assert wing.parents == ((), (0,), (1,), (2,), (3,), (4,))


def test_the_hardest_puzzles_are_nested_and_each_step_has_a_hint() -> None:
    lines = puzzles.puzzle_lines("norvig/sudokus_hard.txt")
    if lines is None:
        pytest.skip("no ../shared/data")
    for line in lines[:3]:
        assert grade(line).level == "nested"
        path = solve_steps(line)
        assert path.solved
        nested = next(s for s in path.steps if s.technique == "nested forcing net")
        assert "(its branch also removes each candidate that a forcing net breaks)" in str(nested)
        # Wherever the path goes, the hint button has a step, never "stuck".
        board = list(line)
        for i, s in enumerate(path.steps):
            if i % 10 == 0 and "." in board:
                assert hint(line, "".join(board)).kind == "step"
            for r, c, d in s.placements:
                board[9 * r + c] = str(d)
