"""Hostile producers for the tests in `test_hostile_producers.py`: DLPack capsules built with
ctypes, whose fields lie, over guard-paged memory (the page after the data faults when read).

Run as a script, it executes the case named on the command line (all of them without one)
and prints, a line each, the case and what the call raised (`TypeName: message`) or
returned; a crash shows as the process's signal, after the cases that ran.
"""

from __future__ import annotations

import ctypes
import mmap
import struct
import sys
from typing import Any, Callable

PAGE = mmap.PAGESIZE


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("device", DLDevice),
        ("ndim", ctypes.c_int32),
        ("dtype", DLDataType),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)),
        ("byte_offset", ctypes.c_uint64),
    ]


class DLPackVersion(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint32), ("minor", ctypes.c_uint32)]


class DLManagedTensorVersioned(ctypes.Structure):
    _fields_ = [
        ("version", DLPackVersion),
        ("manager_ctx", ctypes.c_void_p),
        ("deleter", ctypes.c_void_p),
        ("flags", ctypes.c_uint64),
        ("dl_tensor", DLTensor),
    ]


_new_capsule = ctypes.pythonapi.PyCapsule_New
_new_capsule.restype = ctypes.py_object
_new_capsule.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


def guarded(data: bytes) -> tuple[mmap.mmap, int]:
    """`data` at the very end of readable memory: the next page is PROT_NONE."""
    pages = (len(data) + PAGE - 1) // PAGE + 1
    region = mmap.mmap(-1, pages * PAGE)
    start = (pages - 1) * PAGE - len(data)
    region[start : start + len(data)] = data
    address = ctypes.addressof(ctypes.c_char.from_buffer(region))
    libc = ctypes.CDLL(None)
    libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    assert libc.mprotect(address + (pages - 1) * PAGE, PAGE, 0) == 0
    return region, address + start


class Producer:
    """An object that exports one hand-built tensor through DLPack."""

    def __init__(self, data: int | None, shape: list[int], strides: list[int] | None = None, *,
                 device: Any = (1, 0), tensor_device: tuple[int, int] = (1, 0), byte_offset: int = 0,
                 bits: int = 8, claimed_ndim: int | None = None, shape_at: int | None = None) -> None:
        self.shape = (ctypes.c_int64 * len(shape))(*shape)
        self.strides = (ctypes.c_int64 * len(strides))(*strides) if strides is not None else None
        self.managed = DLManagedTensorVersioned()
        self.managed.version = DLPackVersion(1, 0)
        tensor = self.managed.dl_tensor
        tensor.data = data
        tensor.device = DLDevice(*tensor_device)
        tensor.ndim = len(shape)
        tensor.dtype = DLDataType(1, bits, 1)
        tensor.shape = ctypes.cast(self.shape, ctypes.POINTER(ctypes.c_int64))
        if shape_at is not None:
            # The shape read from elsewhere (guarded memory), and more dimensions claimed than it has.
            tensor.shape = ctypes.cast(shape_at, ctypes.POINTER(ctypes.c_int64))
        if claimed_ndim is not None:
            tensor.ndim = claimed_ndim
        if self.strides is not None:
            tensor.strides = ctypes.cast(self.strides, ctypes.POINTER(ctypes.c_int64))
        tensor.byte_offset = byte_offset
        self.device = device

    def __dlpack_device__(self) -> Any:
        return self.device

    def __dlpack__(self, **_: object) -> object:
        return _new_capsule(ctypes.addressof(self.managed), b"dltensor_versioned", None)


def strided(shape: tuple[int, ...], strides: tuple[int, ...]) -> Any:
    """A numpy view whose strides overflow an offset (numpy does not check them)."""
    import numpy as np

    return np.lib.stride_tricks.as_strided(np.zeros(81, np.uint8), shape=shape, strides=strides)


SEED = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


class Mismatched:
    """An Arrow exporter whose schema says one type and whose array holds another."""

    def __init__(self, schema: str, array: str, rows: int) -> None:
        import pyarrow as pa

        self.schema = getattr(pa, schema)()
        values: Any = [SEED] * rows if array.endswith("string") else list(range(rows))
        self.array = pa.array(values, type=getattr(pa, array)())

    def __arrow_c_array__(self, requested_schema: object = None) -> tuple[object, object]:
        _, array = self.array.__arrow_c_array__()
        return self.schema.__arrow_c_schema__(), array


def list_column(valid: list[int]) -> Any:
    import pyarrow as pa

    rows = [[0] * 81 if ok else None for ok in valid]
    return pa.array(rows, type=pa.list_(pa.uint8(), 81))


def chunked_list_column() -> Any:
    import pyarrow as pa

    return pa.chunked_array([list_column([1, 1, 1]), list_column([1, 0])])


def polars_array_column() -> Any:
    import polars as pl

    return pl.Series([[0] * 81, [0] * 81, None], dtype=pl.Array(pl.UInt8, 81))


def run(case: str) -> None:
    import valid_sudoku

    cells = bytes(81)
    region, address = guarded(cells)
    # A shape of two dimensions at the end of readable memory: reading a third faults.
    shape_region, shape_address = guarded(struct.pack("=2q", 1, 81))
    cases: dict[str, Callable[[], object]] = {
        "null-data": lambda: valid_sudoku.is_valid_many(Producer(None, [1, 81])),
        "null-data-empty": lambda: valid_sudoku.is_valid_many(Producer(None, [0, 81])).tolist(),
        "offset-overflow": lambda: valid_sudoku.is_valid_many(Producer(address, [1, 81], byte_offset=2**63 + 5)),
        "offset-wraps": lambda: valid_sudoku.is_valid_many(Producer(address, [1, 81], byte_offset=2**64 - 8)),
        "device-disagrees": lambda: valid_sudoku.is_valid_many(Producer(address, [1, 81], tensor_device=(2, 0))),
        "device-none": lambda: valid_sudoku.is_valid_many(Producer(address, [1, 81], device=None)),
        "device-short": lambda: valid_sudoku.is_valid_many(Producer(address, [1, 81], device=(1,))),
        "device-huge": lambda: valid_sudoku.is_valid_many(Producer(address, [1, 81], device=(2**40, 0))),
        "strides-overflow": lambda: valid_sudoku.is_valid_many(Producer(address, [3, 81], [2**62, 1])),
        "element-strides-overflow": lambda: valid_sudoku.is_valid_many(Producer(address, [1, 81], [81, 2**62], bits=32)),
        "cell-strides-overflow": lambda: valid_sudoku.is_valid_many(Producer(address, [1, 81], [81, 2**60])),
        "numpy-strides-overflow": lambda: valid_sudoku.is_valid_many(strided((1, 81), (2**62, 2**57))),
        "numpy-board-strides-overflow": lambda: valid_sudoku.is_valid_sudoku(strided((9, 9), (2**60, 2**59))),
        "ndim-thousand": lambda: valid_sudoku.is_valid_many(Producer(address, [1, 81], claimed_ndim=1000, shape_at=shape_address)),
        "shape-fits-guard": lambda: valid_sudoku.is_valid_many(Producer(address, [1, 81], shape_at=shape_address)).tolist(),
        "fits-guard": lambda: valid_sudoku.is_valid_many(Producer(address, [1, 81])).tolist(),
        "arrow-large-schema-over-string": lambda: valid_sudoku.is_valid_many(Mismatched("large_string", "string", 3)),
        "arrow-string-schema-over-large": lambda: valid_sudoku.is_valid_many(Mismatched("string", "large_string", 3)),
        "arrow-buffers-disagree": lambda: valid_sudoku.is_valid_many(Mismatched("string", "uint8", 3)),
        "list-with-null": lambda: valid_sudoku.is_valid_many(list_column([1, 0, 1])),
        "chunked-list-with-null": lambda: valid_sudoku.is_valid_many(chunked_list_column()),
        "polars-array-with-null": lambda: valid_sudoku.is_valid_many(polars_array_column()),
    }
    for name in cases if case == "all" else [case]:
        try:
            shown = f"returned {cases[name]()!r}"
        except Exception as error:  # noqa: BLE001 (the test compares what was raised)
            shown = f"{type(error).__name__}: {error}"
        print(f"{name}\t{shown}", flush=True)
    del region, shape_region


if __name__ == "__main__":
    run(sys.argv[1] if len(sys.argv) > 1 else "all")
