"""The two boards from the problem statement (LeetCode 36), checked with valid-sudoku.

    pip install . && python examples/quickstart.py
"""

from __future__ import annotations

from valid_sudoku import BoardFormatError, is_valid_sudoku

example_1 = [
    ["5", "3", ".", ".", "7", ".", ".", ".", "."],
    ["6", ".", ".", "1", "9", "5", ".", ".", "."],
    [".", "9", "8", ".", ".", ".", ".", "6", "."],
    ["8", ".", ".", ".", "6", ".", ".", ".", "3"],
    ["4", ".", ".", "8", ".", "3", ".", ".", "1"],
    ["7", ".", ".", ".", "2", ".", ".", ".", "6"],
    [".", "6", ".", ".", ".", ".", "2", "8", "."],
    [".", ".", ".", "4", "1", "9", ".", ".", "5"],
    [".", ".", ".", ".", "8", ".", ".", "7", "9"],
]

# The same board with the first 5 changed to 8: the top-left box now holds two 8s.
example_2 = [row[:] for row in example_1]
example_2[0][0] = "8"


def main() -> None:
    print("example 1 is valid:", is_valid_sudoku(example_1))
    print("example 2 is valid:", is_valid_sudoku(example_2))
    malformed = [row[:] for row in example_1]
    malformed[2][4] = "x"
    try:
        is_valid_sudoku(malformed)
    except BoardFormatError as error:
        print("a malformed board is refused:", error)


if __name__ == "__main__":
    main()
