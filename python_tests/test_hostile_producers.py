"""Producers that lie get an error, never a crash: DLPack capsules built with ctypes over
guard-paged memory, numpy views with overflowing strides, an Arrow schema that contradicts
its array, and a list column with a null. Each case runs in a subprocess (`hostile.py`), so
a crash fails the test instead of killing pytest.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path

import pytest

HOSTILE = Path(__file__).with_name("hostile.py")


@functools.lru_cache(maxsize=1)
def outcomes() -> tuple[dict[str, str], int, str]:
    """Every case, run once in one subprocess: what each gave, the exit status and stderr."""
    ran = subprocess.run([sys.executable, str(HOSTILE)], capture_output=True, text=True, timeout=300)
    results = dict(line.split("\t", 1) for line in ran.stdout.splitlines() if "\t" in line)
    return results, ran.returncode, ran.stderr


def outcome(case: str) -> str:
    results, code, err = outcomes()
    # A crash ends the process: the case that caused it is the first without a result.
    assert case in results, f"no result for {case}: the process ended with status {code}\n{err}"
    return results[case]


@pytest.mark.skipif(os.name != "posix", reason="guard pages need mmap and mprotect")
@pytest.mark.parametrize(
    ("case", "expected"),
    [
        ("null-data", "TypeError: boards: the DLPack tensor's data pointer is NULL, with 81 elements"),
        ("null-data-empty", "returned []"),
        ("offset-overflow", "TypeError: boards: the DLPack tensor's byte_offset 9223372036854775813 is past the end of memory"),
        ("offset-wraps", "TypeError: boards: the DLPack tensor's byte_offset 18446744073709551608 is past the end of memory"),
        ("device-disagrees", "TypeError: boards: __dlpack_device__() says cpu:0, but the DLPack tensor says cuda:0"),
        ("device-none", "TypeError: boards: __dlpack_device__() returned None, expected (device_type, device_id)"),
        ("device-short", "TypeError: boards: __dlpack_device__() returned (1,), expected (device_type, device_id)"),
        ("device-huge", "TypeError: boards: __dlpack_device__() returned (1099511627776, 0), expected (device_type, device_id)"),
        (
            "strides-overflow",
            "BoardFormatError: boards: strides too large: byte strides (4611686018427387904, 1) for shape (3, 81) overflow an offset",
        ),
        (
            "cell-strides-overflow",
            "BoardFormatError: boards: strides too large: byte strides (81, 1152921504606846976) for shape (1, 81) overflow an offset",
        ),
        ("element-strides-overflow", "TypeError: boards: strides too large: element strides [81, 4611686018427387904] overflow a byte offset"),
        (
            "numpy-strides-overflow",
            "BoardFormatError: boards: strides too large: byte strides (4611686018427387904, 144115188075855872) for shape (1, 81) overflow an offset",
        ),
        (
            "numpy-board-strides-overflow",
            "BoardFormatError: board: strides too large: byte strides (1152921504606846976, 576460752303423488) for shape (9, 9) overflow an offset",
        ),
        ("ndim-thousand", "TypeError: boards: the DLPack tensor claims 1000 dimensions, more than the 64 a producer makes"),
        ("shape-fits-guard", "returned [True]"),
        ("fits-guard", "returned [True]"),
        ("arrow-large-schema-over-string", "ValueError: boards: malformed Arrow array: row 0 is 695784702114 bytes long, which no board is (does the schema match the array?)"),
        ("arrow-string-schema-over-large", "ValueError: boards: malformed Arrow array: the offsets decrease at row 2"),
        ("arrow-buffers-disagree", "ValueError: boards: malformed Arrow array: 2 buffers where the type has 3"),
        ("list-with-null", "BoardFormatError: boards[1]: expected a board, got null"),
        ("chunked-list-with-null", "BoardFormatError: boards[4]: expected a board, got null"),
        ("polars-array-with-null", "BoardFormatError: boards[2]: expected a board, got null"),
    ],
)
def test_a_lying_producer_gets_an_error(case: str, expected: str) -> None:
    assert outcome(case) == expected
