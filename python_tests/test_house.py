"""The shape of the house: data flows one way through the bindings (Python object, then
bindings, then core). src/bindings/ holds the input layer (input/), the batch driver (run/) and
one module or folder per public capability; no two binding modules import each other, directly
or around a loop, and neither do the groups: the input layer names no capability."""

from __future__ import annotations

import re
from pathlib import Path

BINDINGS = Path(__file__).resolve().parent.parent / "src" / "bindings"
GROUPS = {path.name for path in BINDINGS.iterdir() if path.is_dir()}


def module_of(path: Path) -> str:
    relative = path.relative_to(BINDINGS).with_suffix("")
    return "::".join(relative.parts)


def imports() -> dict[str, set[str]]:
    """Which other modules each module of src/bindings/ names (`crate::bindings::a::b`, `super::x`)."""
    paths = {module_of(path): path for path in BINDINGS.rglob("*.rs") if path.name != "mod.rs"}
    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        text = path.read_text()
        folder = module.split("::")[0] + "::" if "::" in module else ""
        named = set()
        for first, second in re.findall(r"\bcrate::bindings::(\w+)(?:::(\w+))?", text):
            named.add(f"{first}::{second}" if first in GROUPS else first)
        for name in re.findall(r"\bsuper::(\w+)", text):
            named.add(folder + name)
        for group in re.findall(r"\bsuper::\{([^}]*)\}", text):
            named |= {folder + name.strip().split("::")[0] for name in group.split(",")}
        graph[module] = named & set(paths) - {module}
    return graph


def groups(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The same graph between groups: a folder, or a flat module."""
    group_of = {module: module.split("::")[0] for module in graph}
    out: dict[str, set[str]] = {group: set() for group in group_of.values()}
    for module, targets in graph.items():
        out[group_of[module]] |= {group_of[t] for t in targets} - {group_of[module]}
    return out


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
    assert "input::boards" in graph and "board::class" in graph
    assert "input::boards" in graph["validity::many"], graph["validity::many"]
    assert cycle(graph) is None, " -> ".join(cycle(graph) or [])


def test_the_input_layer_names_no_capability() -> None:
    between = groups(imports())
    assert {"input", "run", "validity", "board", "steps"} <= set(between)
    assert between["input"] <= {"exceptions"}, between["input"]
    assert cycle(between) is None, " -> ".join(cycle(between) or [])
