//! Any accepted Python board, turned into a core `Grid` through fully checked conversions.
//!
//! This is the path for everything the fast path does not take: tuples, custom sequences,
//! str subclasses, non-ASCII text, ints, numpy scalars, flat strings and bytes. It is also
//! where every error is produced, so messages never depend on which path ran first.

use std::borrow::Cow;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyInt, PyList, PyString, PyTuple};

use super::exceptions::InputError;
use super::fast_path;
use super::numpy_input;
use crate::error::{BoardError, Place, Problem};
use crate::grid::{Grid, CELLS, SIDE};
use crate::parse;

const BOARD_EXPECTED: &str =
    "a sequence of 9 rows, an 81-character str, 81 bytes or a numpy integer array";
const ROW_EXPECTED: &str = "a sequence of 9 cells or a 9-character str";
const CELL_EXPECTED: &str = "a one-character str or an int 0-9";

/// Reads any accepted board form, or raises `BoardFormatError` / `TypeError` naming the place.
pub fn grid_from_object(board: &Bound<'_, PyAny>) -> PyResult<Grid> {
    if let Some(grid) = fast_path::classic_cells(board).and_then(|cells| Grid::from_values(cells).ok()) {
        return Ok(grid);
    }
    read_grid(board).map_err(|error| error.into_py_err(board.py()))
}

/// [`grid_from_object`] with the error still in core terms, so a batch can say which board.
pub fn read_grid(board: &Bound<'_, PyAny>) -> Result<Grid, InputError> {
    if let Ok(board) = board.cast::<super::board::PyBoard>() {
        return Ok(*board.get().grid());
    }
    if let Ok(text) = board.cast::<PyString>() {
        // Python's length is O(1); checking it first keeps a huge string from being copied.
        let count = text.len()?;
        if count != CELLS {
            return Err(BoardError::new(Place::Board, Problem::Length(count)).into());
        }
        return Ok(parse::grid_from_text(&text_of(text))?);
    }
    if let Ok(bytes) = board.cast::<PyBytes>() {
        return Ok(parse::grid_from_bytes(bytes.as_bytes())?);
    }
    if let Ok(bytes) = board.cast::<PyByteArray>() {
        return Ok(parse::grid_from_bytes(&bytes.to_vec())?);
    }
    if let Some(array) = numpy_input::as_array(board) {
        // Integer arrays are read straight from memory; others (one-character strings, say)
        // go through the sequence reader below like any nested sequence.
        if let Some(cells) = numpy_input::board_cells(&array) {
            return Ok(Grid::from_values(cells?).unwrap_or(Grid::EMPTY));
        }
    }
    if let Some(values) = frame_values(board)? {
        // Row r of the board is row r of the frame, whatever its index and column labels.
        return read_grid(&values);
    }
    if !is_sequence(board) {
        return Err(InputError::wrong_type(Place::Board, BOARD_EXPECTED, board));
    }
    let rows = board.len()?;
    if rows != SIDE {
        return Err(BoardError::new(Place::Board, Problem::RowCount(rows)).into());
    }
    let mut cells = [0u8; CELLS];
    for (r, row_cells) in cells.chunks_exact_mut(SIDE).enumerate() {
        let row = item(board, r)?;
        row_cells.copy_from_slice(&row_values(r, &row)?);
    }
    Ok(Grid::from_values(cells).unwrap_or(Grid::EMPTY))
}

/// A pandas DataFrame or Series, or a polars DataFrame, as its `to_numpy()`: read by
/// position. Indexing the frame itself would read a pandas object by label (and a DataFrame
/// by column), which gives wrong answers for filtered, shuffled or transposed frames.
fn frame_values<'py>(board: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyAny>>> {
    if board.is_instance_of::<PyList>() || board.is_instance_of::<PyTuple>() {
        return Ok(None);
    }
    let kind = board.get_type();
    let (module, name) = (kind.module()?, kind.name()?);
    let (module, name) = (module.to_cow()?, name.to_cow()?);
    let frame = match module.split('.').next() {
        Some("pandas") => name == "DataFrame" || name == "Series",
        Some("polars") => name == "DataFrame",
        _ => false,
    };
    if !frame {
        return Ok(None);
    }
    Ok(Some(board.call_method0("to_numpy")?))
}

/// One row: a 9-character str, or a sequence of 9 cells.
fn row_values(r: usize, row: &Bound<'_, PyAny>) -> Result<[u8; SIDE], InputError> {
    if let Ok(text) = row.cast::<PyString>() {
        let count = text.len()?;
        if count != SIDE {
            return Err(BoardError::new(Place::Row(r), Problem::RowLength(count)).into());
        }
        return Ok(parse::row_from_text(r, &text_of(text))?);
    }
    if row.is_instance_of::<PyBytes>() || row.is_instance_of::<PyByteArray>() || !is_sequence(row) {
        return Err(InputError::wrong_type(Place::Row(r), ROW_EXPECTED, row));
    }
    let count = row.len()?;
    if count != SIDE {
        return Err(BoardError::new(Place::Row(r), Problem::CellCount(count)).into());
    }
    let mut values = [0u8; SIDE];
    for (c, value) in values.iter_mut().enumerate() {
        *value = cell_value(Place::Cell(r, c), &item(row, c)?)?;
    }
    Ok(values)
}

/// One cell: a one-character str, or an int 0-9 (anything with `__index__`, but not bool).
pub fn cell_value(place: Place, cell: &Bound<'_, PyAny>) -> Result<u8, InputError> {
    if let Ok(text) = cell.cast::<PyString>() {
        if text.len()? != 1 {
            // The message shows a shortened value; no need to copy all of a huge string.
            let shown: String = text_of(text).chars().take(21).collect();
            return Err(BoardError::new(place, Problem::Symbol(shown)).into());
        }
        return Ok(parse::cell_from_text(place, &text_of(text))?);
    }
    if let Ok(int) = cell.cast::<PyInt>() {
        if cell.is_instance_of::<PyBool>() {
            return Err(InputError::wrong_type(place, CELL_EXPECTED, cell));
        }
        return int_value(place, int);
    }
    if is_numpy_bool(cell) || !has_index(cell) {
        return Err(InputError::wrong_type(place, CELL_EXPECTED, cell));
    }
    // numpy integer scalars and other int-likes; an error from `__index__` itself propagates.
    let index = cell.call_method0("__index__")?;
    int_value(place, index.cast::<PyInt>().map_err(PyErr::from)?)
}

fn int_value(place: Place, int: &Bound<'_, PyInt>) -> Result<u8, InputError> {
    match int.extract::<i64>() {
        Ok(value) => Ok(parse::cell_from_int(place, value)?),
        // Too large for i64, so certainly out of range; its decimal form goes in the message.
        Err(_) => Err(BoardError::new(place, Problem::Value(int.to_string())).into()),
    }
}

/// Item `index` of a sequence, by C index: no int object is made for the index, as
/// `obj[index]` would. An exception from a user's own `__getitem__` propagates unchanged.
fn item<'py>(sequence: &Bound<'py, PyAny>, index: usize) -> PyResult<Bound<'py, PyAny>> {
    // SAFETY: `sequence` is a live object and we hold the GIL; the new reference returned
    // (or the NULL that signals an exception) is taken over by `from_owned_ptr_or_err`.
    // `index` is below 9, so it fits a Py_ssize_t.
    unsafe {
        let item = pyo3::ffi::PySequence_GetItem(sequence.as_ptr(), index as pyo3::ffi::Py_ssize_t);
        Bound::from_owned_ptr_or_err(sequence.py(), item)
    }
}

/// The text of a str. A str with lone surrogates is not valid UTF-8; it is read code point by
/// code point, each surrogate becoming U+FFFD, so positions and lengths stay those the user sees.
fn text_of<'a>(text: &'a Bound<'_, PyString>) -> Cow<'a, str> {
    match text.to_cow() {
        Ok(valid) => valid,
        Err(_) => Cow::Owned(
            (0..text.len().unwrap_or(0))
                .map(|i| {
                    // SAFETY: `text` is a live str, we hold the GIL, and `i` is below its length.
                    let point = unsafe { pyo3::ffi::PyUnicode_ReadChar(text.as_ptr(), i as pyo3::ffi::Py_ssize_t) };
                    char::from_u32(point).unwrap_or(char::REPLACEMENT_CHARACTER)
                })
                .collect(),
        ),
    }
}

/// CPython's own notion of a sequence: lists, tuples, numpy arrays, and any class with
/// `__getitem__` and `__len__`; not dicts or sets.
pub fn is_sequence(object: &Bound<'_, PyAny>) -> bool {
    // SAFETY: the pointer is a live object, borrowed for the duration of the call.
    unsafe { pyo3::ffi::PySequence_Check(object.as_ptr()) != 0 }
}

/// True for objects whose type defines `__index__`.
fn has_index(object: &Bound<'_, PyAny>) -> bool {
    // SAFETY: the pointer is a live object, borrowed for the duration of the call.
    unsafe { pyo3::ffi::PyIndex_Check(object.as_ptr()) != 0 }
}

/// numpy's bool scalar is not a Python bool, and some numpy versions give it `__index__`.
fn is_numpy_bool(object: &Bound<'_, PyAny>) -> bool {
    let kind = object.get_type();
    matches!(kind.module(), Ok(module) if module.to_cow().is_ok_and(|m| m == "numpy"))
        && matches!(kind.name(), Ok(name) if name.to_cow().is_ok_and(|n| n == "bool" || n == "bool_"))
}
