# The package around the compiled module `valid_sudoku._core`. Its public names are the
# native functions and classes themselves, re-exported unwrapped, so a call costs no more than
# calling the extension directly. Documentation and types live in `__init__.pyi`.
import warnings as _warnings
from typing import Any as _Any, Callable as _Callable

from valid_sudoku import _core
from valid_sudoku._core import *  # noqa: F401,F403  (every name the extension registers)
from valid_sudoku._core import __doc__, __version__  # noqa: F401

# `_batch_kernel` (which validator the batch functions use) stays reachable for benchmarks and
# tests, but is not public: `__all__`, and so `from valid_sudoku import *`, names only the rest.
__all__ = [name for name in _core.__all__ if not name.startswith("_")]

# --- Old names, kept for one release (docs/development.md, "Names") ---
# Renamed functions and attributes are thin Python aliases here, so only a call through the old
# name pays for a Python frame, and 1.0 removes them by deleting this block. (A renamed keyword
# argument is warned about in Rust, where the argument is read: a wrapper here would put a
# Python frame in front of every call of the current name.) They stay out of `__all__`.


def _renamed_function(old: str, new: _Callable[..., _Any]) -> _Callable[..., _Any]:
    message = f"{old}() is deprecated and will be removed in 1.0; use {new.__name__}(), which takes the same arguments"

    def alias(*args: _Any, **kwargs: _Any) -> _Any:
        _warnings.warn(message, DeprecationWarning, stacklevel=2)
        return new(*args, **kwargs)

    alias.__name__ = alias.__qualname__ = old
    alias.__doc__ = f"Deprecated: the old name of ``{new.__name__}``."
    return alias


def _renamed_attribute(old: str, new: str) -> property:
    message = f"BoardFormatError.{old} is deprecated and will be removed in 1.0; use BoardFormatError.{new}"

    def get(self: BaseException) -> _Any:
        _warnings.warn(message, DeprecationWarning, stacklevel=2)
        return getattr(self, new)

    def put(self: BaseException, value: _Any) -> None:
        _warnings.warn(message, DeprecationWarning, stacklevel=2)
        setattr(self, new, value)

    return property(get, put, doc=f"Deprecated: the old name of ``{new}``.")


random_grids = _renamed_function("random_grids", random_grid_many)  # noqa: F405
random_isomorphs_many = _renamed_function("random_isomorphs_many", random_isomorph_many)  # noqa: F405
BoardFormatError.line = _renamed_attribute("line", "lineno")  # type: ignore[attr-defined]  # noqa: F405
BoardFormatError.column = _renamed_attribute("column", "colno")  # type: ignore[attr-defined]  # noqa: F405
