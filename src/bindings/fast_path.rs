//! A read of the classic board (exact `list` of exact `list` of one-character ASCII `str`)
//! straight from CPython's object layout.
//!
//! It answers only when every check passes; anything else (subclasses, tuples, non-ASCII
//! text, ints, a bad symbol) returns `None` and goes to the fully checked path, which also
//! produces the error messages. It is compiled only where the layout macros it uses are
//! inline struct reads that pyo3-ffi mirrors: CPython before 3.14, with the GIL.

use pyo3::prelude::*;

use crate::grid::{CELLS, SIDE};

#[cfg(not(any(Py_LIMITED_API, PyPy, GraalPy, Py_3_14, Py_GIL_DISABLED)))]
pub fn classic_cells(board: &Bound<'_, PyAny>) -> Option<[u8; CELLS]> {
    use crate::parse::SYMBOL_VALUE;
    use pyo3::ffi;

    let board = board.as_ptr();
    let list_type = &raw mut ffi::PyList_Type;
    let str_type = &raw mut ffi::PyUnicode_Type;
    let mut cells = [0u8; CELLS];
    let mut bad = 0u8;
    // SAFETY: the caller holds the GIL (a `Bound` proves it) and this build has one (not
    // free-threaded), and nothing below runs Python code, so no object can change or be freed
    // while we read. Each pointer is checked to be an *exact* list or str before its layout is
    // read; list sizes are checked before any item is read, so every index is in bounds; a str
    // is read only after checking it is compact ASCII of length 1, where its single byte
    // follows the PyASCIIObject header.
    unsafe {
        if ffi::Py_TYPE(board) != list_type || ffi::PyList_GET_SIZE(board) != SIDE as ffi::Py_ssize_t {
            return None;
        }
        for r in 0..SIDE {
            let row = ffi::PyList_GET_ITEM(board, r as ffi::Py_ssize_t);
            if ffi::Py_TYPE(row) != list_type || ffi::PyList_GET_SIZE(row) != SIDE as ffi::Py_ssize_t {
                return None;
            }
            for c in 0..SIDE {
                let cell = ffi::PyList_GET_ITEM(row, c as ffi::Py_ssize_t);
                if ffi::Py_TYPE(cell) != str_type
                    || ffi::PyUnicode_IS_COMPACT_ASCII(cell) == 0
                    || ffi::PyUnicode_GET_LENGTH(cell) != 1
                {
                    return None;
                }
                let value = SYMBOL_VALUE[usize::from(*ffi::PyUnicode_1BYTE_DATA(cell))];
                bad |= value;
                cells[r * SIDE + c] = value;
            }
        }
    }
    // Values are 0-9 or NOT_A_SYMBOL (0xFF): only the latter sets the high bit.
    (bad & 0x80 == 0).then_some(cells)
}

/// Where the layout cannot be relied on, every board takes the checked path.
#[cfg(any(Py_LIMITED_API, PyPy, GraalPy, Py_3_14, Py_GIL_DISABLED))]
pub fn classic_cells(_board: &Bound<'_, PyAny>) -> Option<[u8; CELLS]> {
    None
}
