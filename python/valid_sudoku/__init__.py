# The package around the compiled module `valid_sudoku._core`. Its public names are the
# native functions and classes themselves, re-exported unwrapped, so a call costs no more than
# calling the extension directly. Documentation and types live in `__init__.pyi`.
from valid_sudoku import _core
from valid_sudoku._core import *  # noqa: F401,F403  (every name the extension registers)
from valid_sudoku._core import __doc__, __version__  # noqa: F401

# `_batch_kernel` (which validator the batch functions use) stays reachable for benchmarks and
# tests, but is not public: `__all__`, and so `from valid_sudoku import *`, names only the rest.
__all__ = [name for name in _core.__all__ if not name.startswith("_")]
