//! `is_valid_many`: many boards in one call, with the GIL released while the core works.

use numpy::{IntoPyArray, PyArray1};
use pyo3::buffer::PyUntypedBuffer;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyInt, PyList, PyString, PyTuple};

use super::exceptions::{text_format_error, InputError};
use super::{fast_path, input, numpy_input};
use crate::batch;
use crate::error::TextError;
use crate::grid::CELLS;
use crate::parse;

const BOARDS_EXPECTED: &str =
    "a numpy integer array, bytes of puzzle lines or a sequence of boards";

/// Boards read from Python objects per step of the sequence path: about 330 KB of values.
const SEQUENCE_CHUNK: usize = 4096;

#[doc = stub_doc!("is_valid_many")]
#[pyfunction]
#[pyo3(signature = (boards, /, *, threads = None))]
pub fn is_valid_many<'py>(
    boards: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let py = boards.py();
    numpy_input::require_numpy(py)?;
    let threads = thread_count(threads)?;
    let flags = if let Ok(array) = boards.cast::<numpy::PyUntypedArray>() {
        numpy_input::validate_array(array, threads)?
    } else if let Ok(bytes) = boards.cast::<PyBytes>() {
        let text = bytes.as_bytes();
        py.detach(|| batch::validate_lines(text, threads)).map_err(|error| line_error(py, &error))?
    } else if has_buffer(boards) {
        validate_buffer(boards, threads)?
    } else if boards.is_instance_of::<PyString>() || !input::is_sequence(boards) {
        let found = boards.get_type().name().map(|n| n.to_string()).unwrap_or_default();
        return Err(PyTypeError::new_err(format!("boards: expected {BOARDS_EXPECTED}, got {found}")));
    } else {
        validate_sequence(boards, threads)?
    };
    Ok(flags.into_pyarray(py))
}

/// `threads`: None for every core available to the process, else a positive int.
fn thread_count(threads: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(threads) = threads else { return Ok(batch::available_threads()) };
    if threads.is_instance_of::<PyBool>() || !threads.is_instance_of::<PyInt>() {
        let found = threads.get_type().name().map(|n| n.to_string()).unwrap_or_default();
        return Err(PyTypeError::new_err(format!("threads: expected an int or None, got {found}")));
    }
    if threads.lt(1)? {
        return Err(PyValueError::new_err(format!("threads: expected a positive int or None, got {threads}")));
    }
    // More threads than there is work are never started, so a huge count is just "many".
    Ok(threads.extract::<usize>().unwrap_or(usize::MAX))
}

/// True for objects with the buffer protocol: bytearray, memoryview, mmap, array.array...
fn has_buffer(object: &Bound<'_, PyAny>) -> bool {
    // SAFETY: the pointer is a live object, borrowed for the duration of the call.
    unsafe { pyo3::ffi::PyObject_CheckBuffer(object.as_ptr()) != 0 }
}

/// bytearray, memoryview and other bytes-like buffers, read in place while the buffer is held.
fn validate_buffer(boards: &Bound<'_, PyAny>, threads: usize) -> PyResult<Vec<bool>> {
    let py = boards.py();
    let buffer = PyUntypedBuffer::get(boards)?;
    if buffer.item_size() != 1 || !buffer.is_c_contiguous() {
        let format = buffer.format().to_string_lossy().into_owned();
        return Err(PyTypeError::new_err(format!(
            "boards: expected a contiguous buffer of bytes, got format '{format}' with item size {}",
            buffer.item_size()
        )));
    }
    let length = buffer.len_bytes();
    let text: &[u8] = if length == 0 {
        &[]
    } else {
        // SAFETY: the buffer is C-contiguous with items of one byte, so `buf_ptr` points at
        // `len_bytes` readable bytes. The exported buffer stays alive and unresized until
        // `buffer` drops at the end of this function (a bytearray refuses to resize while
        // exported). As with numpy arrays, another thread writing into it meanwhile is the
        // caller's race, not a memory-safety one for us: we only read bytes.
        unsafe { std::slice::from_raw_parts(buffer.buf_ptr().cast::<u8>(), length) }
    };
    let result = py.detach(|| batch::validate_lines(text, threads));
    drop(buffer);
    result.map_err(|error| line_error(py, &error))
}

/// A sequence of boards in any form `is_valid_sudoku` accepts, read a chunk at a time (with
/// the GIL, since they are Python objects) and validated with the GIL released.
fn validate_sequence(boards: &Bound<'_, PyAny>, threads: usize) -> PyResult<Vec<bool>> {
    let py = boards.py();
    let count = boards.len()?;
    let mut flags = vec![false; count];
    let mut cells = vec![0u8; SEQUENCE_CHUNK.min(count) * CELLS];
    for (chunk, chunk_flags) in flags.chunks_mut(SEQUENCE_CHUNK).enumerate() {
        let first = chunk * SEQUENCE_CHUNK;
        let values = cells.get_mut(..chunk_flags.len() * CELLS).unwrap_or_default();
        for (offset, board_cells) in values.chunks_exact_mut(CELLS).enumerate() {
            let index = first + offset;
            let board = item(boards, index)?;
            let read = read_cells(&board).map_err(|error| error.in_batch(index).into_py_err(py))?;
            board_cells.copy_from_slice(&read);
        }
        let values = &*values;
        // Every value came from a checked reader, so no cell can be out of range here.
        py.detach(|| batch::validate_values(values, chunk_flags, threads))
            .map_err(|bad| PyValueError::new_err(format!("internal error: boards[{}] read out of range", first + bad.board)))?;
    }
    Ok(flags)
}

/// Item `index` of a sequence, without the generic protocol for lists and tuples.
fn item<'py>(boards: &Bound<'py, PyAny>, index: usize) -> PyResult<Bound<'py, PyAny>> {
    if let Ok(list) = boards.cast::<PyList>() {
        return list.get_item(index);
    }
    if let Ok(tuple) = boards.cast::<PyTuple>() {
        return tuple.get_item(index);
    }
    boards.get_item(index)
}

/// One board of a sequence: an ASCII 81-character str or the classic lists by their fast
/// paths, anything else (and every error) through the fully checked reader.
fn read_cells(board: &Bound<'_, PyAny>) -> Result<[u8; CELLS], InputError> {
    if let Ok(text) = board.cast::<PyString>() {
        if let Ok(text) = text.to_str() {
            let mut cells = [0u8; CELLS];
            if parse::fill_from_ascii(text.as_bytes(), &mut cells).is_some() {
                return Ok(cells);
            }
        }
    } else if let Some(cells) = fast_path::classic_cells(board) {
        return Ok(cells);
    }
    input::read_grid(board).map(|grid| *grid.cells())
}

/// `BoardFormatError` for a bad line, with `index` (the board) and, when the error is about
/// one character, the `row` and `col` of its cell.
fn line_error(py: Python<'_>, error: &TextError) -> PyErr {
    let err = text_format_error(py, error);
    if let Some(column) = error.column {
        let cell = column.saturating_sub(1);
        let value = err.value(py);
        // Setting an attribute on a fresh exception only fails on memory exhaustion; the
        // message alone still says where, so such a failure is not worth masking it.
        let _ = value.setattr("row", cell / 9);
        let _ = value.setattr("col", cell % 9);
    }
    err
}

/// Which batch validator this process uses, "avx2" or "portable". Private: for the tests and
/// the benchmark, which compare the two (VALID_SUDOKU_FORCE_PORTABLE=1 forces "portable").
#[pyfunction]
pub fn _batch_kernel() -> &'static str {
    batch::kernel_name()
}
