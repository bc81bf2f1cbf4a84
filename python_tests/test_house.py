"""The shape of the house: data flows one way through the bindings (Python object, then
bindings, then core), so no two binding modules import each other, directly or around a loop."""

from __future__ import annotations

import re
from pathlib import Path

BINDINGS = Path(__file__).resolve().parent.parent / "src" / "bindings"


def imports() -> dict[str, set[str]]:
    """Which sibling modules each module of src/bindings/ names (`super::x`, `crate::bindings::x`)."""
    modules = {path.stem for path in BINDINGS.glob("*.rs")} - {"mod"}
    graph: dict[str, set[str]] = {}
    for module in modules:
        text = (BINDINGS / f"{module}.rs").read_text()
        named = set(re.findall(r"\b(?:super|crate::bindings)::(\w+)", text))
        # `use super::{a, b}` names several at once.
        for group in re.findall(r"\b(?:super|crate::bindings)::\{([^}]*)\}", text):
            named |= {name.strip().split("::")[0] for name in group.split(",")}
        graph[module] = named & modules - {module}
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import loop, as the modules along it, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(module: str, path: list[str]) -> list[str] | None:
        state[module] = 1
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                return path[path.index(target) :] + [module, target] if target in path else [module, target]
            if target not in state and (found := visit(target, path + [module])):
                return found
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state and (found := visit(module, [])):
            return found
    return None


def test_the_finder_sees_a_loop() -> None:
    assert cycle({"a": {"b"}, "b": {"a"}}) is not None
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_no_binding_modules_import_each_other() -> None:
    graph = imports()
    assert "input" in graph and "board" in graph
    assert "board" not in graph["input"], graph["input"]
    assert cycle(graph) is None, " -> ".join(cycle(graph) or [])
