# `python -m valid_sudoku ...` runs the `valid-sudoku` command, as the console script does.
import sys

from valid_sudoku import main

if __name__ == "__main__":
    sys.exit(main())
