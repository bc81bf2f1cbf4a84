"""Board.parse on text built from fuzz data (mostly symbols, separators, comments and line
ends, some anything-at-all, lone surrogates included). It either returns a Board or raises
BoardFormatError with a 1-based line and column; a parsed board answers as the reference does,
and its one-line and block renderings parse back to it. A text that is exactly one line of 81
symbols parses to those cells."""

from __future__ import annotations

import atheris
from common import SYMBOL_VALUE, TEXT_CHARS, reference_conflicts, reference_is_valid, run, symbol_text

from valid_sudoku import Board, BoardFormatError


def make_text(fdp: atheris.FuzzedDataProvider) -> str:
    kind = fdp.ConsumeIntInRange(0, 3)
    if kind == 0:
        return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 200))
    if kind == 1:
        return symbol_text(fdp, 81 if fdp.ConsumeBool() else fdp.ConsumeIntInRange(0, 100))
    if kind == 2:
        rows = []
        for _ in range(fdp.ConsumeIntInRange(0, 12)):
            rows.append(symbol_text(fdp, fdp.ConsumeIntInRange(0, 24), TEXT_CHARS.replace("\n", "")))
        return "\n".join(rows)
    return symbol_text(fdp, fdp.ConsumeIntInRange(0, 300))


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    text = make_text(fdp)
    try:
        board = Board.parse(text)
    except BoardFormatError as error:
        assert isinstance(error.lineno, int) and error.lineno >= 1, (text, error)
        assert isinstance(error.colno, int) and error.colno >= 1, (text, error)
        # At most one line past the last: "expected 9 rows" points where the tenth would start.
        assert error.lineno <= text.count("\n") + 2, (text, error)
        if len(text) == 81 and all(ch in SYMBOL_VALUE for ch in text):
            raise AssertionError(f"refused 81 symbols {text!r}: {error}") from error
        return
    cells = [board[r, c] for r in range(9) for c in range(9)]
    if len(text) == 81 and all(ch in SYMBOL_VALUE for ch in text):
        assert cells == [SYMBOL_VALUE[ch] for ch in text], text
    assert board.is_valid == reference_is_valid(cells), text
    assert board.conflicts == reference_conflicts(cells), text
    assert Board.parse(str(board)) == board, text
    assert Board.parse(board.to_string()) == board, text
    assert Board.parse(board.to_string("0")) == board, text


if __name__ == "__main__":
    run(test_one_input)
