"""is_valid_many on bytes of puzzle lines built from fuzz data (mostly 81 symbols a line,
sometimes a short, long, blank, comment or bad line, \\n or \\r\\n endings), as bytes, bytearray
and memoryview, with 1 thread and the default. Flags must be the reference's per line; an error
must be BoardFormatError naming the first line that is not a board."""

from __future__ import annotations

import atheris
import numpy as np
from common import SYMBOL_VALUE, SYMBOLS, reference_is_valid, run, symbol_text

from valid_sudoku import BoardFormatError, is_valid_many

LINE_CHARS = SYMBOLS + " #x\r\t"


def make_lines(fdp: atheris.FuzzedDataProvider) -> tuple[bytes, list[str]]:
    lines = []
    for _ in range(fdp.ConsumeIntInRange(0, 40)):
        length = 81 if fdp.ConsumeIntInRange(0, 15) else fdp.ConsumeIntInRange(0, 90)
        lines.append(symbol_text(fdp, length, LINE_CHARS))
    endings = [fdp.PickValueInList(["\n", "\r\n"]) for _ in lines]
    text = "".join(line + end for line, end in zip(lines, endings))
    if lines and lines[-1] and fdp.ConsumeBool():
        text = text[: -len(endings[-1])]  # the final line ending is optional (after a non-empty line)
    return text.encode(), lines


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    payload, lines = make_lines(fdp)
    bad = [i for i, line in enumerate(lines) if len(line) != 81 or any(ch not in SYMBOL_VALUE for ch in line)]
    # A line that ends in '\r' before its '\n' is read without it; the reference does not know
    # which '\r' belong to endings, so such inputs are only checked not to crash.
    ambiguous = any(line.endswith("\r") for line in lines)
    for boards in (payload, bytearray(payload), memoryview(payload)):
        for threads in (1, None):
            try:
                flags = is_valid_many(boards, threads=threads)
            except BoardFormatError as error:
                assert ambiguous or bad, (payload, error)
                if not ambiguous:
                    assert error.lineno == bad[0] + 1, (payload, error, bad[0] + 1)
                continue
            assert not bad or ambiguous, (payload, bad)
            if not ambiguous:
                expected = [reference_is_valid([SYMBOL_VALUE[ch] for ch in line]) for line in lines]
                assert isinstance(flags, np.ndarray) and flags.tolist() == expected, payload


if __name__ == "__main__":
    run(test_one_input)
