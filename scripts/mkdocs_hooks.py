"""MkDocs hooks (mkdocs.yml names this file): the stub's docstrings hold doctest sessions
(`>>> ...` lines and their output) as plain text, which Markdown would read as nested block
quotes. A Markdown preprocessor fences each such session as Python console code, in the pages
and in the API reference alike (mkdocstrings renders docstrings with these extensions too)."""

from __future__ import annotations

from typing import Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor


class DoctestFences(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fence: str | None = None  # the open fence's marker, when inside one
        session = False  # inside a doctest session this preprocessor opened
        for line in lines:
            stripped = line.lstrip()
            if session and (not stripped or stripped.startswith("```")):
                out.append("```")
                session = False
            if fence is None and not session and line.startswith(">>>"):
                out.extend(["", "```pycon"])
                session = True
            elif stripped.startswith(("```", "~~~")) and not session:
                marker = stripped[:3]
                fence = None if fence == marker else (fence or marker)
            out.append(line)
        if session:
            out.append("```")
        return out


class DoctestFencesExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Markdown's name)
        # Before pymdownx.superfences' fence preprocessor (priority 25), which reads the fences.
        md.preprocessors.register(DoctestFences(md), "doctest_fences", 40)


def on_config(config: Any) -> Any:
    config.markdown_extensions.append(DoctestFencesExtension())
    return config
