"""Every example in the README and in every page of the docs site (docs/*.md, whoever wrote
it) runs and shows what the page says, so the documentation cannot drift from the code.

- `>>>` sessions (in ```python fences) are run as doctests, one namespace per page, from the
  repository root, with ELLIPSIS and NORMALIZE_WHITESPACE.
- ```console blocks are run as a terminal user would type them. Each `$ ` line is a command,
  run by bash from the repository root with this interpreter's scripts directory first on
  PATH (so `valid-sudoku` and `python` are the ones under test); the lines after it, up to the
  next `$ ` line or the end of the block, are its exact output, stdout and stderr merged in the
  order a terminal shows them. The commands of one block run in one shell, one after another,
  so a block may show an exit status with a `$ echo $?` line after the command, and may set a
  variable for the commands after it. Standard input is empty. A command whose output should
  not be checked does not belong in a console block: use ```sh for it.
"""

from __future__ import annotations

import doctest
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
IDS = [str(page.relative_to(ROOT)) for page in PAGES]
# Printed between two commands' output, so one shell can run a whole block.
SEPARATOR = "\x1evalid-sudoku-docs-next-command\x1e"


@dataclass
class Command:
    line: int  # 1-based, in the page
    command: str
    expected: list[str]


def console_blocks(text: str) -> list[list[Command]]:
    """The commands of each ```console block, with the output shown after each."""
    blocks: list[list[Command]] = []
    block: list[Command] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if block is None:
            if re.fullmatch(r"```\s*console", stripped):
                block = []
            continue
        if stripped == "```":
            blocks.append(block)
            block = None
        elif line.startswith("$ "):
            block.append(Command(number, line[2:], []))
        elif not block:
            raise AssertionError(f"line {number}: a console block must start with a '$ ' command, got {line!r}")
        else:
            block[-1].expected.append(line)
    assert block is None, "a ```console block is not closed"
    return blocks


def run_block(block: list[Command]) -> list[str]:
    """Each command's output, as one str, run in one bash process."""
    script = ["exec 2>&1"]
    for command in block:
        # Keep the command's exit status for a following `echo $?`.
        script += [command.command, f"__status=$?; printf '\\n{SEPARATOR}\\n'; (exit $__status)"]
    # This interpreter's own scripts directory (a venv's bin/), then its installation scheme's.
    scripts = [str(Path(sys.executable).parent), sysconfig.get_path("scripts")]
    env = dict(os.environ, PATH=os.pathsep.join([*scripts, os.environ.get("PATH", "")]))
    assert shutil.which("valid-sudoku", path=env["PATH"]), f"valid-sudoku is not installed in {scripts}"
    done = subprocess.run(
        ["bash", "-c", "\n".join(script)],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        timeout=120,
    )
    outputs = done.stdout.decode().split(f"\n{SEPARATOR}\n")
    assert outputs[-1] == "", f"the shell stopped early (exit {done.returncode}): {outputs[-1]!r}"
    return outputs[:-1]


def test_the_console_reader() -> None:
    text = "x\n```console\n$ echo a\na\n$ false\n$ echo $?\n1\n```\n```sh\n$ not run\n```\n"
    blocks = console_blocks(text)
    assert [[(c.line, c.command, c.expected) for c in b] for b in blocks] == [
        [(3, "echo a", ["a"]), (5, "false", []), (6, "echo $?", ["1"])]
    ]
    assert run_block(blocks[0]) == ["a\n", "", "1\n"]
    # stderr comes in order with stdout, and output without a final newline is kept as it is.
    assert run_block([Command(1, "echo out; echo err >&2; printf x", [])]) == ["out\nerr\nx"]


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_doctests(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The examples name files relative to the repository root, as a reader running them would.
    monkeypatch.chdir(ROOT)
    failures, tried = doctest.testfile(
        str(page), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert failures == 0
    if page.name == "README.md":
        assert tried > 0


@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_console_blocks(page: Path) -> None:
    wrong = []
    for block in console_blocks(page.read_text()):
        for command, output in zip(block, run_block(block)):
            expected = "".join(line + "\n" for line in command.expected)
            if output != expected:
                wrong.append(f"{page.name}:{command.line}: $ {command.command}\nexpected:\n{expected}got:\n{output}")
    assert not wrong, "\n".join(wrong)


def test_the_sites_doctest_fences() -> None:
    # scripts/mkdocs_hooks.py: a bare doctest session (as in the stub's docstrings) becomes a
    # fenced console block on the site; sessions already in a fence stay as they are.
    spec = importlib.util.spec_from_file_location("mkdocs_hooks", ROOT / "scripts" / "mkdocs_hooks.py")
    assert spec and spec.loader
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    fence = hooks.DoctestFences(None)
    assert fence.run(["Text.", ">>> 1 + 1", "2", "", "More."]) == ["Text.", "", "```pycon", ">>> 1 + 1", "2", "```", "", "More."]
    fenced = ["```python", ">>> 1 + 1", "2", "```"]
    assert fence.run(fenced) == fenced
    assert fence.run(["    >>> indented", "    2"]) == ["    >>> indented", "    2"]
