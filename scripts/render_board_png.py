"""Render Board._repr_html_() of an invalid board to a PNG with headless Chromium.

The README's picture comes from this script:

    python scripts/render_board_png.py                      # writes docs/board.png
    python scripts/render_board_png.py --theme dark --out /tmp/board-dark.png
    python scripts/render_board_png.py --board 111...1 --out /tmp/ones.png   # many conflicts

It needs the built package (maturin develop) and Chromium (Debian: apt-get install chromium).
The host page imitates the table rules of JupyterLab's light or dark theme (small right-aligned
text, padded cells, striped and hovered rows), so the picture shows that the table's inline
styles hold against a notebook's own stylesheet. The host page uses a line of JavaScript to
measure the table for a tight screenshot; the table itself has none.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from valid_sudoku import Board

# The LeetCode 36 example 2: an 8 repeated in column 0 and in box 0.
INVALID = "83..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

# Rough copies of JupyterLab's rendered-HTML table rules and theme colours.
THEMES = {
    "light": {"page": "#ffffff", "text": "rgba(0,0,0,0.87)", "stripe": "#f5f5f5", "hover": "#e1f2fe"},
    "dark": {"page": "#111111", "text": "rgba(255,255,255,0.87)", "stripe": "#212121", "hover": "#1e3a5f"},
}

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><style>
body {{ margin: 0; background: {page}; color: {text};
       font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; }}
#output {{ display: inline-block; padding: 12px 20px; }}
#output table {{ border: none; border-collapse: collapse; border-spacing: 0; color: {text};
                font-size: 12px; table-layout: fixed; margin-left: auto; margin-right: auto; }}
#output td, #output th, #output tr {{ text-align: right; vertical-align: middle; padding: 0.5em;
                                    line-height: normal; white-space: normal; max-width: none; border: none; }}
#output tbody tr:nth-child(odd) {{ background: {stripe}; }}
#output tbody tr:hover {{ background: {hover}; }}
</style></head>
<body><div id="output">{table}</div>
<script>
const box = document.getElementById("output").getBoundingClientRect();
document.body.dataset.size = Math.ceil(box.width) + "x" + Math.ceil(box.height);
</script></body></html>
"""


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("Chromium not found: apt-get install chromium")


def headless(*args: str) -> str:
    command = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", *args]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    return done.stdout


def render(board: Board, theme: str, out: Path, scale: int) -> None:
    page = PAGE.format(table=board._repr_html_(), **THEMES[theme])
    with tempfile.TemporaryDirectory() as tmp:
        html = Path(tmp) / "board.html"
        html.write_text(page, encoding="utf-8")
        # First pass: let the page measure the table; second: a screenshot of exactly that size.
        dom = headless("--window-size=1200,2000", "--dump-dom", html.as_uri())
        size = re.search(r'data-size="(\d+)x(\d+)"', dom)
        if size is None:
            sys.exit("could not measure the table in the rendered page")
        width, height = size.groups()
        out.parent.mkdir(parents=True, exist_ok=True)
        headless(
            f"--window-size={width},{height}",
            f"--force-device-scale-factor={scale}",
            f"--screenshot={out.resolve()}",
            html.as_uri(),
        )
    print(f"wrote {out} ({width}x{height} CSS px at {scale}x, {theme} theme)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "docs" / "board.png")
    parser.add_argument("--theme", choices=sorted(THEMES), default="light")
    parser.add_argument("--scale", type=int, default=2, help="device pixels per CSS pixel")
    parser.add_argument("--board", default=INVALID, help="81-character board to draw")
    args = parser.parse_args()
    render(Board.parse(args.board), args.theme, args.out, args.scale)


if __name__ == "__main__":
    main()
