//! The one reader of many boards: every batch function gets its boards from [`read_boards`],
//! so an input form added here works in all of them at once.
//!
//! Forms, in the order they are recognised:
//! - `bytes` and other byte buffers (bytearray, memoryview, mmap): puzzle lines, read in place;
//! - numpy arrays: integer (N, 9, 9) / (N, 81) by byte strides, `S`/`U` (N,) string arrays in
//!   place, object arrays by position;
//! - Arrow string and binary columns (`__arrow_c_stream__` / `__arrow_c_array__`: pyarrow,
//!   polars, Arrow-backed pandas, DuckDB), read in place (`crate::bindings::input::arrow_input`);
//! - DLPack tensors on the CPU (torch, JAX...), in place (`crate::bindings::input::dlpack`);
//! - lists and tuples, by index;
//! - objects offering `__array__` (a pandas Series, say) through `numpy.asarray`;
//! - any other sized iterable, by iteration, in order; an unsized one is first made a list.
//!
//! Containers are never read by label: a pandas Series' `series[i]` is a label lookup, so
//! only lists and tuples are indexed.

use pyo3::buffer::PyUntypedBuffer;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyFrozenSet, PyIterator, PyList, PySet, PyString, PyTuple};

use crate::batch::{BatchError, BoardSource, Lines};
use crate::bindings::input::cells;
use crate::bindings::input::numpy_input;
use crate::error::{BoardError, Place, Problem};
use crate::grid::CELLS;

/// What a batch argument may be, for the `TypeError` that names a wrong one.
const BOARDS_EXPECTED: &str = "a numpy integer array, bytes of puzzle lines or a sequence of boards";

/// The boards of one batch argument.
pub struct Boards<'py> {
    /// The argument's name in messages: `boards`, `puzzles`, `candidates`...
    pub name: &'static str,
    pub(crate) form: Form<'py>,
}

/// Where the boards are: memory read with the GIL released, or Python objects read with it.
pub(crate) enum Form<'py> {
    Native(Native<'py>),
    Objects(Objects<'py>),
}

/// A source over memory that Python objects own; the objects are kept alive beside it.
pub(crate) struct Native<'py> {
    pub source: Box<dyn BoardSource + 'py>,
    /// The object (or buffer export) whose memory `source` reads.
    _owner: Owner<'py>,
}

enum Owner<'py> {
    Object(#[allow(dead_code)] Bound<'py, PyAny>),
    Buffer(#[allow(dead_code)] PyUntypedBuffer),
}

/// Boards that are Python objects, read a chunk at a time with the GIL.
pub(crate) enum Objects<'py> {
    /// A list or tuple, read by index.
    Indexed(Bound<'py, PyAny>, usize),
    /// A 1-D object array (what a pandas object Series gives), read by position from its memory.
    Array(Bound<'py, numpy::PyUntypedArray>, usize),
    /// Any other sized iterable, read by iteration (started at the first read): `len`
    /// boards are expected.
    Iterated { iterable: Bound<'py, PyAny>, iterator: Option<Bound<'py, PyIterator>>, len: usize },
}

impl Boards<'_> {
    /// How many boards there are.
    pub fn len(&self) -> usize {
        match &self.form {
            Form::Native(native) => native.source.len(),
            Form::Objects(Objects::Indexed(_, len) | Objects::Array(_, len) | Objects::Iterated { len, .. }) => *len,
        }
    }

    /// Makes the next read start again from the first board: for a second pass over the same
    /// argument (an iterable is iterated afresh; every other form is read by position).
    pub fn rewind(&mut self) {
        if let Form::Objects(Objects::Iterated { iterator, .. }) = &mut self.form {
            *iterator = None;
        }
    }
}

/// Reads any accepted batch argument, or raises `TypeError` / `BoardFormatError` naming it.
pub fn read_boards<'py>(boards: &Bound<'py, PyAny>, name: &'static str) -> PyResult<Boards<'py>> {
    let form = read_form(boards, name)?;
    Ok(Boards { name, form })
}

fn read_form<'py>(boards: &Bound<'py, PyAny>, name: &'static str) -> PyResult<Form<'py>> {
    let py = boards.py();
    if let Ok(bytes) = boards.cast::<PyBytes>() {
        let text = bytes.as_bytes();
        // SAFETY: a bytes object is immutable and its buffer lives as long as the object,
        // which the returned `Native` holds beside the source that reads the text.
        let text: &'py [u8] = unsafe { std::slice::from_raw_parts(text.as_ptr(), text.len()) };
        let lines = Lines::new(text).map_err(|error| batch_error(py, name, error))?;
        return Ok(native(lines, Owner::Object(boards.clone())));
    }
    if let Some(array) = numpy_input::as_array(boards) {
        return array_form(py, &array, name);
    }
    // Arrow columns before DLPack and `__array__`, which pyarrow and polars also offer (for
    // numbers only, or as a copy into Python objects).
    if let Some(arrow) = crate::bindings::input::arrow_input::arrow_boards(boards, name) {
        return Ok(native(arrow?, Owner::Object(boards.clone())));
    }
    // torch, JAX, CuPy host arrays...: read in place through the DLPack protocol. An Arrow
    // exporter the Arrow reader declined (a column of lists of numbers) goes to `__array__`
    // below instead: pyarrow offers DLPack only for flat numeric columns.
    let arrow_exporter = boards.hasattr("__arrow_c_stream__")? || boards.hasattr("__arrow_c_array__")?;
    if !arrow_exporter {
        if let Some(tensor) = crate::bindings::input::dlpack::dlpack_source(boards, true, name) {
            return Ok(native(tensor?, Owner::Object(boards.clone())));
        }
    }
    if boards.is_instance_of::<PyString>() {
        return Err(wrong_type(boards, name));
    }
    if has_buffer(boards) {
        return buffer_form(boards, name);
    }
    if let Ok(list) = boards.cast::<PyList>() {
        return Ok(Form::Objects(Objects::Indexed(boards.clone(), list.len())));
    }
    if let Ok(tuple) = boards.cast::<PyTuple>() {
        return Ok(Form::Objects(Objects::Indexed(boards.clone(), tuple.len())));
    }
    if boards.hasattr("__array__")? {
        numpy_input::require_numpy(py)?;
        let array = py.import("numpy")?.call_method1("asarray", (boards,))?;
        if let Some(array) = numpy_input::as_array(&array) {
            return array_form(py, &array, name);
        }
    }
    // Sets have no order to give results in, and a dict's items are not its keys.
    if !is_iterable(boards)
        || boards.is_instance_of::<PyDict>()
        || boards.is_instance_of::<PySet>()
        || boards.is_instance_of::<PyFrozenSet>()
    {
        return Err(wrong_type(boards, name));
    }
    match boards.len() {
        // Iterated only once the output is allocated, so a huge length fails before any read.
        Ok(len) => Ok(Form::Objects(Objects::Iterated { iterable: boards.clone(), iterator: None, len })),
        // An iterator or generator: how many boards it holds is known only once read.
        Err(_) => {
            let list = PyList::empty(py);
            for board in boards.try_iter()? {
                list.append(board?)?;
            }
            let len = list.len();
            Ok(Form::Objects(Objects::Indexed(list.into_any(), len)))
        }
    }
}

fn native<'py>(source: impl BoardSource + 'py, owner: Owner<'py>) -> Form<'py> {
    Form::Native(Native { source: Box::new(source), _owner: owner })
}

/// A numpy array of boards.
fn array_form<'py>(py: Python<'py>, array: &Bound<'py, numpy::PyUntypedArray>, name: &'static str) -> PyResult<Form<'py>> {
    use numpy::PyUntypedArrayMethods;
    let owner = Owner::Object(array.clone().into_any());
    match numpy_input::kind(array) {
        b'i' | b'u' => {
            let source =
                numpy_input::int_batch(array).map_err(|error| batch_error(py, name, with_int_hint(error, array.shape())))?;
            Ok(native(source, owner))
        }
        b'S' | b'U' => match numpy_input::text_batch(array) {
            Some(source) => Ok(native(source, owner)),
            None => Err(PyTypeError::new_err(format!(
                "{name}: expected a 1-D array of puzzle strings, got {} of shape {}",
                numpy_input::dtype_name(array),
                crate::error::shape_text(array.shape())
            ))),
        },
        b'O' if array.ndim() == 1 => Ok(Form::Objects(Objects::Array(array.clone(), array.len()))),
        b'O' => Err(PyTypeError::new_err(format!(
            "{name}: expected an integer dtype or puzzle strings, got object of shape {}",
            crate::error::shape_text(array.shape())
        ))),
        // A 1-D float column: puzzles pandas read as numbers (a column with a gap, say).
        b'f' if array.ndim() == 1 => Err(PyTypeError::new_err(format!(
            "{name}: expected an integer dtype or puzzle strings, got {}; {}",
            numpy_input::dtype_name(array),
            crate::error::NUMBERS_HINT
        ))),
        _ => Err(PyTypeError::new_err(format!(
            "{name}: expected an integer dtype or puzzle strings, got {}",
            numpy_input::dtype_name(array)
        ))),
    }
}

/// A 1-D integer array is most often a puzzle column that pandas read as numbers, dropping
/// each line's leading zeros: the shape error says so.
fn with_int_hint(error: BatchError, shape: &[usize]) -> BatchError {
    match error {
        BatchError::Board(BoardError { problem: Problem::BatchShape(found), .. }) if shape.len() == 1 && shape != [CELLS] => {
            BatchError::Board(BoardError::new(Place::Board, Problem::NumberColumn(found)).named("boards"))
        }
        other => other,
    }
}

/// True for objects with the buffer protocol: bytearray, memoryview, mmap, array.array...
fn has_buffer(object: &Bound<'_, PyAny>) -> bool {
    // SAFETY: the pointer is a live object, borrowed for the duration of the call.
    unsafe { pyo3::ffi::PyObject_CheckBuffer(object.as_ptr()) != 0 }
}

/// bytearray, memoryview and other bytes-like buffers of puzzle lines, read in place.
fn buffer_form<'py>(boards: &Bound<'py, PyAny>, name: &'static str) -> PyResult<Form<'py>> {
    let buffer = PyUntypedBuffer::get(boards)?;
    if buffer.item_size() != 1 || !buffer.is_c_contiguous() {
        let format = buffer.format().to_string_lossy().into_owned();
        return Err(PyTypeError::new_err(format!(
            "{name}: expected a contiguous buffer of bytes, got format '{format}' with item size {}",
            buffer.item_size()
        )));
    }
    let length = buffer.len_bytes();
    let text: &'py [u8] = if length == 0 {
        &[]
    } else {
        // SAFETY: the buffer is C-contiguous with items of one byte, so `buf_ptr` points at
        // `len_bytes` readable bytes. The export is held in the returned `Native` beside the
        // source that reads it, so the memory stays put until both drop (a bytearray refuses
        // to resize while exported). Another thread writing into it meanwhile races with
        // itself, not with memory safety here: we only read bytes.
        unsafe { std::slice::from_raw_parts(buffer.buf_ptr().cast::<u8>(), length) }
    };
    let lines = Lines::new(text).map_err(|error| batch_error(boards.py(), name, error))?;
    Ok(native(lines, Owner::Buffer(buffer)))
}

/// True for objects `iter()` accepts: a type with `__iter__`, or CPython's sequence protocol.
fn is_iterable(object: &Bound<'_, PyAny>) -> bool {
    cells::is_sequence(object) || object.get_type().hasattr("__iter__").unwrap_or(false)
}

fn wrong_type(boards: &Bound<'_, PyAny>, name: &str) -> PyErr {
    let found = boards.get_type().name().map(|n| n.to_string()).unwrap_or_default();
    PyTypeError::new_err(format!("{name}: expected {BOARDS_EXPECTED}, got {found}"))
}

impl Objects<'_> {
    /// Reads boards `first..first + out.len() / 81` (the next ones, for an iterator) into `out`.
    pub fn read_chunk(&mut self, first: usize, out: &mut [u8], name: &'static str) -> PyResult<()> {
        for (offset, cells) in out.chunks_exact_mut(CELLS).enumerate() {
            let index = first + offset;
            let board = match self {
                Objects::Indexed(sequence, _) => item(sequence, index)?,
                Objects::Array(array, len) => numpy_input::object_item(array, index).ok_or_else(|| {
                    PyValueError::new_err(format!("{name}: the array of {len} boards shrank while it was read"))
                })?,
                Objects::Iterated { iterable, iterator, len } => {
                    let iterator = match iterator {
                        Some(iterator) => iterator,
                        None => iterator.insert(iterable.try_iter()?),
                    };
                    let next = iterator.next().transpose()?;
                    next.ok_or_else(|| {
                        PyValueError::new_err(format!("{name}: len() said {len} boards, but iteration stopped after {index}"))
                    })?
                }
            };
            if is_missing(&board) {
                let error = BoardError::new(Place::Board, Problem::Null).in_batch(index).named(name);
                return Err(crate::bindings::exceptions::board_format_error(board.py(), &error));
            }
            let read = cells::read_cells(&board).map_err(|error| error.in_batch(index).named(name).into_py_err(board.py()))?;
            cells.copy_from_slice(&read);
        }
        Ok(())
    }
}

/// A missing value where a board should be: `None`, a float NaN (pandas' usual missing
/// value in an object column) or pandas' `NA`; all read as null, as an Arrow null is.
fn is_missing(board: &Bound<'_, PyAny>) -> bool {
    if board.is_none() {
        return true;
    }
    if let Ok(float) = board.cast::<pyo3::types::PyFloat>() {
        return float.value().is_nan();
    }
    let kind = board.get_type();
    kind.name().is_ok_and(|name| name.to_cow().is_ok_and(|n| n == "NAType"))
        && kind.module().is_ok_and(|module| module.to_cow().is_ok_and(|m| m.starts_with("pandas")))
}

/// Item `index` of a list or tuple.
fn item<'py>(boards: &Bound<'py, PyAny>, index: usize) -> PyResult<Bound<'py, PyAny>> {
    if let Ok(list) = boards.cast::<PyList>() {
        return list.get_item(index);
    }
    if let Ok(tuple) = boards.cast::<PyTuple>() {
        return tuple.get_item(index);
    }
    boards.get_item(index)
}

/// The Python exception for a batch that could not be read.
pub fn batch_error(py: Python<'_>, name: &'static str, error: BatchError) -> PyErr {
    match error {
        BatchError::Board(error) => crate::bindings::exceptions::board_format_error(py, &error.named(name)),
        BatchError::Text(error) => crate::bindings::exceptions::line_error(py, name, &error),
        BatchError::OutOfMemory => crate::bindings::input::arguments::out_of_memory(name, "this batch"),
        // The callers return the signal handler's own exception first; this is the fallback.
        BatchError::Stopped => pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted"),
    }
}
