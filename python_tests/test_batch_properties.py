"""is_valid_many against the references: 100k random boards per input form and per dtype,
strided and transposed views, every thread count, the SIMD and portable validators, and a
hypothesis test against the slow pure-Python reference."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from search_effort import examples
import valid_sudoku
from batch_boards import Cells, lines, line_strings, random_boards, reference_many
from reference import classic_from_cells, reference_is_valid
from valid_sudoku import is_valid_many

COUNT = 100_000
HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def boards() -> Cells:
    return random_boards(COUNT, seed=2024)


@pytest.fixture(scope="module")
def expected(boards: Cells) -> np.ndarray[Any, Any]:
    return reference_many(boards)


def test_the_vectorised_reference_agrees_with_the_slow_one(boards: Cells, expected: np.ndarray[Any, Any]) -> None:
    sample = range(0, COUNT, 37)  # 2,703 boards spread over the whole set
    assert [reference_is_valid(boards[i].tolist()) for i in sample] == expected[list(sample)].tolist()
    # The set is a real mix, not all one answer.
    assert 0.3 < expected.mean() < 0.7


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int64, np.uint16])
@pytest.mark.parametrize("shape", ["N,81", "N,9,9"])
def test_numpy_arrays_of_every_dtype(boards: Cells, expected: np.ndarray[Any, Any], dtype: type, shape: str) -> None:
    array: np.ndarray[Any, Any] = boards.astype(dtype)
    if shape == "N,9,9":
        array = array.reshape(COUNT, 9, 9)
    assert np.array_equal(is_valid_many(array), expected)


def views(boards: Cells) -> list[tuple[str, np.ndarray[Any, Any]]]:
    square = boards.reshape(-1, 9, 9)
    wide = np.zeros((len(boards), 100), dtype=np.int16)
    wide[:, 7:88] = boards
    return [
        ("every other board", boards[::2]),
        ("reversed boards", boards[::-1]),
        ("reversed cells", boards[:, ::-1]),
        ("transposed boards", square.transpose(0, 2, 1)),
        ("cells-major transposed", np.ascontiguousarray(boards.T).T),
        ("fortran order", np.asfortranarray(square)),
        ("strided int16 cells", wide[:, 7:88]),
        ("strided int64 board grid", boards.astype(np.int64).reshape(-1, 9, 9)[::3, :, :]),
        ("broadcast", np.broadcast_to(boards[5], (1000, 81))),
    ]


def test_strided_and_transposed_views(boards: Cells) -> None:
    for name, view in views(boards):
        assert not view.flags.c_contiguous or name == "cells-major transposed", name
        want = reference_many(np.ascontiguousarray(view).reshape(len(view), 81))
        assert np.array_equal(is_valid_many(view), want), name
        assert np.array_equal(is_valid_many(view, threads=2), want), name


def test_bytes_of_lines(boards: Cells, expected: np.ndarray[Any, Any]) -> None:
    for ending in (b"\n", b"\r\n"):
        text = lines(boards, ending, final_newline=False, empty=b"0" if ending == b"\n" else b".")
        assert np.array_equal(is_valid_many(text), expected)
        assert np.array_equal(is_valid_many(bytearray(text)), expected)
        assert np.array_equal(is_valid_many(memoryview(text)), expected)


def test_sequences_of_strings_and_of_nested_boards(boards: Cells, expected: np.ndarray[Any, Any]) -> None:
    assert np.array_equal(is_valid_many(line_strings(boards)), expected)
    some = range(0, COUNT, 5)  # 20,000 nested boards: building the lists is the slow part
    classic = [classic_from_cells(boards[i].tolist()) for i in some]
    assert np.array_equal(is_valid_many(classic), expected[list(some)])
    ints = [boards[i].reshape(9, 9).tolist() for i in some]
    assert np.array_equal(is_valid_many(ints), expected[list(some)])
    arrays = [boards[i] for i in range(0, COUNT, 50)]
    assert np.array_equal(is_valid_many(arrays), expected[::50])


def test_threads_one_two_and_default_agree(boards: Cells, expected: np.ndarray[Any, Any]) -> None:
    text = lines(boards)
    for threads in (1, 2, None):
        assert np.array_equal(is_valid_many(boards, threads=threads), expected)
        assert np.array_equal(is_valid_many(boards.astype(np.int64), threads=threads), expected)
        assert np.array_equal(is_valid_many(boards[::-1], threads=threads), expected[::-1])
        assert np.array_equal(is_valid_many(text, threads=threads), expected)


PORTABLE_SCRIPT = textwrap.dedent(
    """
    import sys
    import numpy as np
    sys.path.insert(0, sys.argv[1])
    import valid_sudoku
    from batch_boards import lines, random_boards
    boards = random_boards(100_000, seed=2024)
    results = [
        valid_sudoku.is_valid_many(boards, threads=1),
        valid_sudoku.is_valid_many(boards, threads=2),
        valid_sudoku.is_valid_many(boards.astype(np.int64)),
        valid_sudoku.is_valid_many(lines(boards)),
        valid_sudoku.is_valid_many(lines(boards, b"\\r\\n")),
    ]
    print(valid_sudoku._batch_kernel())
    print(np.packbits(np.concatenate(results)).tobytes().hex())
    """
)


CPU_FLAGS = set(Path("/proc/cpuinfo").read_text().split()) if Path("/proc/cpuinfo").exists() else set()
FORCED = ("VALID_SUDOKU_FORCE_PORTABLE", "VALID_SUDOKU_FORCE_AVX2")


def forced_kernel_results(variable: str) -> tuple[str, np.ndarray[Any, Any]]:
    """The kernel name and the answers of PORTABLE_SCRIPT in a process with `variable` set."""
    env = {**os.environ, variable: "1"}
    done = subprocess.run(
        [sys.executable, "-c", PORTABLE_SCRIPT, str(HERE)], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    kernel, packed = done.stdout.split()
    return kernel, np.unpackbits(np.frombuffer(bytes.fromhex(packed), dtype=np.uint8))[: 5 * COUNT].astype(bool)


@pytest.mark.parametrize(("variable", "kernel"), [(FORCED[0], "portable"), (FORCED[1], "avx2")])
def test_every_kernel_agrees_with_this_process(
    boards: Cells, expected: np.ndarray[Any, Any], variable: str, kernel: str
) -> None:
    """The portable and AVX2 kernels, each forced in a subprocess, against this process's own
    (AVX-512 where the CPU has it) on the same boards."""
    if kernel == "avx2" and "avx2" not in CPU_FLAGS:
        pytest.skip("this CPU has no AVX2: the AVX2 kernel is not tested here")
    forced, theirs = forced_kernel_results(variable)
    assert forced == kernel
    here = np.concatenate(
        [
            is_valid_many(boards, threads=1),
            is_valid_many(boards, threads=2),
            is_valid_many(boards.astype(np.int64)),
            is_valid_many(lines(boards)),
            is_valid_many(lines(boards, b"\r\n")),
        ]
    )
    assert np.array_equal(here, np.tile(expected, 5))
    assert np.array_equal(theirs, here)


def test_the_fastest_kernel_is_chosen() -> None:
    if any(variable in os.environ for variable in FORCED):
        pytest.skip("a kernel is forced in this process")
    kernel = getattr(valid_sudoku, "_batch_kernel")()
    if {"avx512f", "avx512bw"} <= CPU_FLAGS:
        assert kernel == "avx512"
    elif "avx2" in CPU_FLAGS:
        assert kernel == "avx2"
    if kernel != "avx512":
        pytest.skip("this CPU has no AVX-512F/BW: the AVX-512 kernel is not tested here")


# ---------------------------------------------------------------- hypothesis

cells_strategy = st.lists(
    st.one_of(st.just(0), st.integers(min_value=0, max_value=9)), min_size=81, max_size=81
)
sparse_cells = st.lists(
    st.sampled_from([0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), min_size=81, max_size=81
)


@settings(max_examples=examples(150), deadline=None)
@given(
    st.lists(st.one_of(cells_strategy, sparse_cells), min_size=0, max_size=70),
    st.sampled_from(["uint8", "int64", "N,9,9 int8", "bytes", "crlf", "strs", "classic"]),
    st.sampled_from([1, 2, None]),
)
def test_hypothesis_against_the_slow_reference(boards: list[list[int]], form: str, threads: int | None) -> None:
    array = np.array(boards, dtype=np.uint8).reshape(len(boards), 81)
    given_boards: Any
    if form == "uint8":
        given_boards = array
    elif form == "int64":
        given_boards = array.astype(np.int64)
    elif form == "N,9,9 int8":
        given_boards = array.astype(np.int8).reshape(-1, 9, 9)
    elif form == "bytes":
        given_boards = lines(array, final_newline=False)
    elif form == "crlf":
        given_boards = lines(array, b"\r\n", empty=b"0")
    elif form == "strs":
        given_boards = line_strings(array)
    else:
        given_boards = [classic_from_cells(board) for board in boards]
    result = is_valid_many(given_boards, threads=threads)
    assert result.tolist() == [reference_is_valid(board) for board in boards]


@settings(max_examples=examples(100), deadline=None)
@given(
    st.integers(min_value=1, max_value=200),
    st.data(),
)
def test_hypothesis_the_first_bad_value_is_named(count: int, data: st.DataObject) -> None:
    array = random_boards(count, seed=count).astype(np.int64)
    bad = sorted(data.draw(st.lists(st.integers(0, count * 81 - 1), min_size=1, max_size=3, unique=True)))
    values = data.draw(st.lists(st.one_of(st.integers(10, 2**40), st.integers(-(2**40), -1)), min_size=3, max_size=3))
    flat = array.reshape(-1)
    for position, value in zip(bad, values):
        flat[position] = value
    board, cell = divmod(bad[0], 81)
    with pytest.raises(ValueError) as info:
        is_valid_many(array.reshape(count, 9, 9), threads=data.draw(st.sampled_from([1, 2, None])))
    assert str(info.value) == f"boards[{board}][{cell // 9}][{cell % 9}]: expected a value 0-9, got {values[0]}"
    assert (getattr(info.value, "index"), getattr(info.value, "row"), getattr(info.value, "col")) == (
        board,
        cell // 9,
        cell % 9,
    )
