//! Any accepted Python board, turned into a core `Grid` through fully checked conversions.
//!
//! This is the path for everything the fast path does not take: tuples, custom sequences,
//! str subclasses, non-ASCII text, ints, numpy scalars, flat strings and bytes. It is also
//! where every error is produced, so messages never depend on which path ran first.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyInt, PyList, PyMemoryView, PyString, PyTuple};

use crate::bindings::exceptions::InputError;
use crate::bindings::input::arguments::type_name;
use crate::bindings::input::fast_path;
use crate::bindings::input::numpy_input;
use crate::bindings::input::pystr::{first_chars, int_text, text_of, SHOWN_PLUS_ONE};
use crate::error::{BoardError, Place, Problem};
use crate::grid::{Grid, CELLS, SIDE};
use crate::parse;

const BOARD_EXPECTED: &str = "a sequence of 9 rows, an 81-character str, 81 bytes or a numpy integer array";
const ROW_EXPECTED: &str = "a sequence of 9 cells or a 9-character str";
const CELL_EXPECTED: &str = "a one-character str or an int 0-9";

/// Reads any accepted board form, or raises `BoardFormatError` / `TypeError` naming the place.
pub fn grid_from_object(board: &Bound<'_, PyAny>) -> PyResult<Grid> {
    let py = board.py();
    let cells = read_cells(board).map_err(|error| error.into_py_err(py))?;
    // `read_cells` gives values 0-9 only, which every grid holds; the error cannot happen.
    Grid::from_values(cells).map_err(|(cell, value)| {
        let place = Place::Cell(cell / SIDE, cell % SIDE);
        InputError::from(BoardError::new(place, Problem::Value(value.to_string()))).into_py_err(py)
    })
}

/// [`grid_from_object`] with the error still in core terms, so a batch can say which board.
pub fn read_grid(board: &Bound<'_, PyAny>) -> Result<Grid, InputError> {
    if let Ok(board) = board.cast::<crate::bindings::input::board_value::PyBoard>() {
        return Ok(*board.get().grid());
    }
    if let Ok(text) = board.cast::<PyString>() {
        // Python's length is O(1); checking it first keeps a huge string from being copied.
        let count = text.len()?;
        if count != CELLS {
            let lines = text.call_method1("__contains__", ("\n",))?.is_truthy()?;
            let problem = if lines { Problem::Lines(count) } else { Problem::Length(count) };
            return Err(BoardError::new(Place::Board, problem).into());
        }
        return Ok(parse::grid_from_text(&text_of(text))?);
    }
    if let Ok(bytes) = board.cast::<PyBytes>() {
        return Ok(parse::grid_from_bytes(bytes.as_bytes())?);
    }
    if let Ok(view) = board.cast::<PyMemoryView>() {
        // Read like bytes when it is a flat run of bytes; other views (of a numpy int array,
        // say) go on to the sequence reader below.
        if let Ok(buffer) = pyo3::buffer::PyUntypedBuffer::get(view.as_any()) {
            if buffer.item_size() == 1 && buffer.dimensions() == 1 && buffer.is_c_contiguous() {
                if buffer.len_bytes() != CELLS {
                    return Err(BoardError::new(Place::Board, Problem::ByteLength(buffer.len_bytes())).into());
                }
                let bytes = view.call_method0("tobytes")?;
                let bytes = bytes.cast::<PyBytes>().map_err(PyErr::from)?;
                return Ok(parse::grid_from_bytes(bytes.as_bytes())?);
            }
        }
    }
    if let Ok(bytes) = board.cast::<PyByteArray>() {
        return Ok(parse::grid_from_bytes(&bytes.to_vec())?);
    }
    if let Some(array) = numpy_input::as_array(board) {
        // Integer arrays are read straight from memory; others (one-character strings, say)
        // go through the sequence reader below like any nested sequence.
        if let Some(cells) = numpy_input::board_cells(&array) {
            return Ok(Grid::from_checked(cells?));
        }
    }
    if let Some(values) = frame_values(board)? {
        // Row r of the board is row r of the frame, whatever its index and column labels.
        return read_grid(&values);
    }
    // Tensors and Arrow columns; numpy arrays (which offer DLPack too) and data frames (which
    // export Arrow tables of their columns) are read by position above and below.
    if numpy_input::as_array(board).is_none() {
        if let Some(cells) = crate::bindings::input::native_board::native_board(board) {
            return Ok(Grid::from_checked(cells?));
        }
    }
    if board.is_instance_of::<PyInt>() && !board.is_instance_of::<PyBool>() {
        // A puzzle a CSV reader took for a number (pandas gives Python ints for 81 digits).
        let found = format!("int; {}", crate::error::NUMBERS_HINT);
        return Err(InputError::WrongType {
            at: crate::error::Located { board: None, name: None, place: Place::Board },
            expected: BOARD_EXPECTED,
            found,
        });
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
    Ok(Grid::from_checked(cells))
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
    // Bytes-like rows are refused alike: a memoryview would otherwise be read as a sequence of
    // ints, so `memoryview(b"53..7....")` would be a row of 53s and 46s.
    let bytes_like =
        row.is_instance_of::<PyBytes>() || row.is_instance_of::<PyByteArray>() || row.is_instance_of::<PyMemoryView>();
    if bytes_like || !is_sequence(row) {
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
            // The message shows a shortened value: only that much is read, so a huge non-ASCII
            // str is never copied to UTF-8 whole.
            let shown = first_chars(text, SHOWN_PLUS_ONE);
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
    // What it returns must be a real int: a bool is refused as a bool cell is, and anything
    // else is a TypeError that names the cell (CPython's own check would not say where).
    let index = cell.call_method0("__index__")?;
    match index.cast::<PyInt>() {
        Ok(int) if !index.is_instance_of::<PyBool>() => int_value(place, int),
        _ => Err(InputError::WrongType {
            at: crate::error::Located { board: None, name: None, place },
            expected: CELL_EXPECTED,
            found: format!("{} (its __index__ returned {})", type_name(cell), type_name(&index)),
        }),
    }
}

fn int_value(place: Place, int: &Bound<'_, PyInt>) -> Result<u8, InputError> {
    match int.extract::<i64>() {
        Ok(value) => Ok(parse::cell_from_int(place, value)?),
        // Too large for i64, so certainly out of range; its decimal form goes in the message.
        Err(_) => Err(BoardError::new(place, Problem::Value(int_text(int))).into()),
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

/// One board's 81 values, the hot forms first: the classic lists, an ASCII 81-symbol exact
/// `str` or `bytes` and 9 row strs by their fast paths; anything else (and every error) through
/// [`read_grid`].
#[inline]
pub fn read_cells(board: &Bound<'_, PyAny>) -> Result<[u8; CELLS], InputError> {
    if let Some(cells) = fast_path::classic_cells(board) {
        return Ok(cells);
    }
    let mut cells = [0u8; CELLS];
    if fast_path::flat_text(board).and_then(|text| parse::fill_from_ascii(text, &mut cells)).is_some() {
        return Ok(cells);
    }
    if fast_path::row_symbols(board).and_then(|rows| parse::fill_from_ascii(&rows, &mut cells)).is_some() {
        return Ok(cells);
    }
    read_grid(board).map(|grid| *grid.cells())
}
