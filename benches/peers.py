"""The peer packages the benchmarks run beside ours, each None when it is not installed (they
come with the `bench` extra; without them a benchmark leaves their columns out)."""

from __future__ import annotations

from typing import Any

rustoku: Any
try:
    import rustoku  # type: ignore[import-untyped, import-not-found, unused-ignore, no-redef]
except ImportError:
    rustoku = None
