"""The shape of the house: data flows one way. No two modules of src/ import each other,
directly or around a loop, and neither do the top-level groups (a folder, or a flat module).
In src/bindings/ (Python object, then bindings, then core) the input layer (input/), the batch
driver (run/) and one module or folder per public capability follow the same rule, and the
input layer names no capability.

A folder's mod.rs is its front door, not a module of the graph: a name it re-exports counts as
an import of the module that defines it, and the constants a folder's modules share live there
(so naming them loops back to nothing). Test code (`*_tests.rs`, `tests.rs`, `mod tests`) may
reach anywhere; only the code that ships is checked."""

from __future__ import annotations

import re
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
BINDINGS = ("bindings",)

# `crate::a::b`, `super::super::a`, `self::a`, with an optional `::{x, y::z}` group after.
PATH = re.compile(r"\b((?:crate|self|super)(?:::\w+)*)(?:::\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\})?")


def is_test_file(path: Path) -> bool:
    return path.name == "tests.rs" or path.name.endswith("_tests.rs")


def module_of(path: Path) -> tuple[str, ...]:
    """The module path of a file: `a/b.rs` is ("a", "b"), `a/mod.rs` is ("a",)."""
    parts = path.relative_to(SRC).with_suffix("").parts
    return parts[:-1] if parts[-1] == "mod" else parts


def shipped_code(path: Path) -> str:
    """The file's text without comments (doc links are not imports) and without its tests."""
    text = path.read_text()
    text = re.split(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*mod \w+\s*\{", text)[0]
    return "\n".join(line.split("//")[0] for line in text.splitlines())


def absolute(path: str, here: tuple[str, ...]) -> list[str]:
    """`crate::a::b`, `self::b`, `super::b` in the file module `here`, as segments from the
    crate root."""
    segments = path.split("::")
    head, rest = segments[0], segments[1:]
    if head == "crate":
        return rest
    if head == "self":
        return [*here, *rest]
    base = list(here[:-1])
    while rest and rest[0] == "super":
        base, rest = base[:-1], rest[1:]
    return base + rest


class House:
    """Every module of src/ (files; mod.rs and lib.rs are doors, see above) and the names
    each folder's mod.rs re-exports from its children."""

    def __init__(self) -> None:
        self.files = {
            module_of(path): path
            for path in SRC.rglob("*.rs")
            if not is_test_file(path) and path.name not in ("mod.rs", "lib.rs")
        }
        self.folders = {module_of(path): path for path in SRC.rglob("mod.rs")}
        self.reexports: dict[tuple[str, ...], dict[str, tuple[str, ...]]] = {}
        for folder, path in self.folders.items():
            names: dict[str, tuple[str, ...]] = {}
            for child, group, single in re.findall(
                r"pub(?:\(crate\))? use (?:self::)?(\w+)::(?:\{([^}]*)\}|(\w+))", shipped_code(path)
            ):
                for name in (group.split(",") if group else [single]):
                    name = name.strip()
                    if name:
                        names[name.split(" as ")[-1].strip()] = (*folder, child)
            self.reexports[folder] = names

    def resolve(self, segments: list[str]) -> tuple[str, ...] | None:
        """The module a path names: its longest prefix that is a file, else a child a folder
        re-exports the next name from; None for the crate's own items and mod.rs items."""
        for length in range(len(segments), 0, -1):
            prefix = tuple(segments[:length])
            if prefix in self.files:
                return prefix
            if prefix in self.folders and length < len(segments):
                child = self.reexports[prefix].get(segments[length])
                if child is not None and child in self.files:
                    return child
        return None

    def imports(self) -> dict[tuple[str, ...], set[tuple[str, ...]]]:
        graph: dict[tuple[str, ...], set[tuple[str, ...]]] = {}
        for module, path in self.files.items():
            named = set()
            for path_text, group in PATH.findall(shipped_code(path)):
                base = absolute(path_text, module)
                items = [item.strip().split("::") for item in re.split(r",(?![^{]*\})", group)] if group else [[]]
                for item in items:
                    found = self.resolve(base + [part for part in item if part and part != "self"])
                    if found is not None:
                        named.add(found)
            graph[module] = named - {module}
        return graph


def names(graph: dict[tuple[str, ...], set[tuple[str, ...]]]) -> dict[str, set[str]]:
    return {"::".join(module): {"::".join(target) for target in targets} for module, targets in graph.items()}


def within(graph: dict[str, set[str]], prefix: str) -> dict[str, set[str]]:
    """The modules under `prefix::`, named relative to it, and the imports among them."""
    start = prefix + "::"
    inside = {module[len(start) :]: targets for module, targets in graph.items() if module.startswith(start)}
    return {module: {t[len(start) :] for t in targets if t.startswith(start)} for module, targets in inside.items()}


def groups(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The same graph between groups: a folder, or a flat module."""
    group_of = {module: module.split("::")[0] for module in graph}
    out: dict[str, set[str]] = {group: set() for group in group_of.values()}
    for module, targets in graph.items():
        out[group_of[module]] |= {group_of[t] for t in targets if t in group_of} - {group_of[module]}
    return out


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import loop, as the modules along it, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(module: str, path: list[str]) -> list[str] | None:
        state[module] = 1
        for target in sorted(graph.get(module, ())):
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


def every_import() -> dict[str, set[str]]:
    return names(House().imports())


def test_the_finder_sees_a_loop() -> None:
    assert cycle({"a": {"b"}, "b": {"a"}}) is not None
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_the_reader_resolves_every_form_of_path() -> None:
    graph = every_import()
    # `use super::x::y`, `use crate::a::b::{c, d}`, a name a mod.rs re-exports, `super::{..}`.
    assert "canonical::structure" in graph["canonical::search"], graph["canonical::search"]
    assert "bindings::input::boards" in graph["bindings::validity::many"], graph["bindings::validity::many"]
    assert "batch::source" in graph["bindings::run::batch_run"], graph["bindings::run::batch_run"]
    assert "grid" in graph["check"], graph["check"]


def test_no_modules_of_src_import_each_other() -> None:
    graph = every_import()
    assert {"grid", "canonical::search", "generate::removal", "cli::run", "steps::chains"} <= set(graph)
    assert cycle(graph) is None, " -> ".join(cycle(graph) or [])


def test_no_groups_of_src_import_each_other() -> None:
    between = groups(every_import())
    assert {"grid", "batch", "steps", "solve", "canonical", "generate", "cli", "bindings"} <= set(between)
    assert between["grid"] <= {"bounds"}, between["grid"]
    assert "bindings" not in set().union(*between.values()), "the core names the bindings"
    assert cycle(between) is None, " -> ".join(cycle(between) or [])


def test_no_binding_modules_import_each_other() -> None:
    graph = within(every_import(), "bindings")
    assert "input::boards" in graph and "board::class" in graph
    assert "input::boards" in graph["validity::many"], graph["validity::many"]
    assert cycle(graph) is None, " -> ".join(cycle(graph) or [])


def test_the_input_layer_names_no_capability() -> None:
    between = groups(within(every_import(), "bindings"))
    assert {"input", "run", "validity", "board", "steps"} <= set(between)
    assert between["input"] <= {"exceptions"}, between["input"]
    assert cycle(between) is None, " -> ".join(cycle(between) or [])


def test_the_maps_name_every_module() -> None:
    """lib.rs's opening comment names every top-level module, and the layout in
    docs/development.md every folder and file of src/, so neither map falls behind the tree."""
    lib = (SRC / "lib.rs").read_text()
    opening = "\n".join(line for line in lib.splitlines() if line.startswith("//!"))
    declared = set(re.findall(r"^(?:pub(?:\(crate\))? )?mod (\w+);", lib, re.MULTILINE))
    # check_avx2 is check's AVX2 half; test_data only finds the puzzle data for the tests.
    assert {"grid", "steps", "canonical", "generate", "dlpack", "bindings"} <= declared
    unnamed = {name for name in declared - {"check_avx2", "test_data"} if f"`{name}`" not in opening}
    assert not unnamed, f"lib.rs's opening comment leaves out {sorted(unnamed)}"
    development = (SRC.parent / "docs" / "development.md").read_text()
    layout = development.split("## Layout", 1)[1].split("```text", 1)[1].split("```", 1)[0]
    names = {path.name + "/" if path.is_dir() else path.name for path in SRC.iterdir()} - {"lib.rs"}
    missing = {name for name in names if not re.search(rf"(?<![\w/]){re.escape(name)}", layout)}
    assert not missing, f"docs/development.md's layout leaves out {sorted(missing)}"
