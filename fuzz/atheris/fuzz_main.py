"""main() on file contents built from fuzz data: JSON, CSV, lines, blocks or anything. It must
return 0, 1 or 2 (never raise), print an error to stderr exactly when it returns 2, and give the
same verdict in every output mode. A file of good 81-symbol lines gets the reference's verdict,
board by board in --json."""

from __future__ import annotations

import contextlib
import io
import json
import os
import tempfile

import atheris
from common import SYMBOL_VALUE, TEXT_CHARS, reference_is_valid, run, symbol_text

from valid_sudoku import main

PATH = os.path.join(tempfile.mkdtemp(prefix="fuzz-main-"), "boards.txt")


def make_contents(fdp: atheris.FuzzedDataProvider) -> bytes:
    kind = fdp.ConsumeIntInRange(0, 4)
    if kind == 0:
        return fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 400))
    if kind == 1:
        lines = [symbol_text(fdp, 81, SYMBOLS_ONLY) for _ in range(fdp.ConsumeIntInRange(1, 8))]
        return ("\n".join(lines) + "\n").encode()
    if kind == 2:
        boards = [symbol_text(fdp, 81 if fdp.ConsumeIntInRange(0, 7) else fdp.ConsumeIntInRange(0, 90)) for _ in range(fdp.ConsumeIntInRange(0, 3))]
        return json.dumps(boards if fdp.ConsumeBool() else (boards[0] if boards else [])).encode()
    if kind == 3:
        rows = [symbol_text(fdp, 81, SYMBOLS_ONLY + ",\"") for _ in range(fdp.ConsumeIntInRange(0, 4))]
        return ("puzzle,solution\n" + "".join(f"{row},x\n" for row in rows)).encode()
    return symbol_text(fdp, fdp.ConsumeIntInRange(0, 300), TEXT_CHARS + '[]{}",:').encode("utf-8", "surrogatepass")


SYMBOLS_ONLY = "".join(SYMBOL_VALUE)


def run_main(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    contents = make_contents(fdp)
    with open(PATH, "wb") as file:
        file.write(contents)
    verdicts = []
    for mode in (["--quiet"], [], ["--json"]):
        status, out, err = run_main([*mode, PATH])
        assert status in (0, 1, 2), (contents, mode, status)
        assert (status == 2) == bool(err), (contents, mode, status, err)
        verdicts.append(status)
        if mode == ["--json"] and status != 2:
            reported = [json.loads(line)["valid"] for line in out.splitlines()]
            assert (status == 0) == all(reported), (contents, out)
    assert len(set(verdicts)) == 1, (contents, verdicts)
    text = contents.decode("latin-1")
    lines = text.splitlines()
    if text.endswith("\n") and lines and all(len(line) == 81 and all(ch in SYMBOL_VALUE for ch in line) for line in lines):
        expected = [reference_is_valid([SYMBOL_VALUE[ch] for ch in line]) for line in lines]
        assert verdicts[0] == (0 if all(expected) else 1), (contents, verdicts)


if __name__ == "__main__":
    run(test_one_input)
