//! Arrow columns from Python: any object with the Arrow PyCapsule interface
//! (`__arrow_c_stream__` or `__arrow_c_array__`) becomes a [`crate::arrow::ArrowBoards`].
//!
//! This file only takes the C structs out of their capsules; `crate::arrow` checks and reads
//! them. The stream's chunks are pulled here, with the GIL (pulling is cheap: nothing is
//! copied); the boards are read later, with the GIL released. pyarrow is never imported.

use std::ffi::CStr;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyString, PyTuple};

use crate::arrow::ffi::{ArrowArray, ArrowArrayStream, ArrowSchema, OwnedArray, OwnedSchema, OwnedStream};
use crate::arrow::{ArrowBoards, ArrowError, ArrowErrorKind};
use crate::bindings::input::arguments::out_of_memory;
use crate::error::{BoardError, Place, Problem};

const STREAM: &CStr = c"arrow_array_stream";
const SCHEMA: &CStr = c"arrow_schema";
const ARRAY: &CStr = c"arrow_array";

/// The boards of an object that exports Arrow data (errors name the argument `name`), or
/// `None` so that the caller reads it another way: when it exports none, is a pandas object
/// not backed by Arrow ([`pandas_without_arrow`]), or is a column of lists with `__array__`.
/// A stream is preferred: it covers chunked data (pyarrow ChunkedArrays, polars and pandas
/// Series, DuckDB results) as well as single arrays.
pub fn arrow_boards(object: &Bound<'_, PyAny>, name: &'static str) -> Option<PyResult<ArrowBoards>> {
    let kind = object.get_type();
    let stream = kind.hasattr("__arrow_c_stream__").unwrap_or(false);
    if !stream && !kind.hasattr("__arrow_c_array__").unwrap_or(false) {
        // pandas before 3 gives Series no capsule export; an Arrow-backed one's data is
        // reached through the extension array's `__arrow_array__` instead (no copy).
        let exported = pandas_arrow_array(object)?;
        return arrow_boards(&exported, name);
    }
    match pandas_without_arrow(object) {
        Ok(true) => return None,
        Ok(false) => {}
        Err(error) => return Some(Err(error)),
    }
    let imported = if stream { import_stream(object, name) } else { import_array(object, name) };
    match imported {
        Ok(Ok(boards)) => Some(Ok(boards)),
        // A column of lists holds boards of numbers (a polars Array(UInt8, 81), say), which
        // the caller reads through `__array__` where the object has it.
        // Its nulls are named here first, as in string columns: `__array__` would turn them
        // into NaN and the rows into floats.
        Ok(Err(error)) if error.is_list_type() && object.hasattr("__array__").unwrap_or(false) => match first_null(object) {
            Some(row) => {
                let error = BoardError::new(Place::Board, Problem::Null).in_batch(row).named(name);
                Some(Err(crate::bindings::exceptions::board_format_error(object.py(), &error)))
            }
            None => None,
        },
        Ok(Err(error)) => Some(Err(arrow_error(error.named(name)))),
        Err(error) => Some(Err(error)),
    }
}

/// The first null row of a column with `null_count` and `is_null()` (pyarrow arrays and
/// chunked arrays, polars Series), if it has one. Best effort: any other object has none.
fn first_null(object: &Bound<'_, PyAny>) -> Option<usize> {
    let count = object.getattr("null_count").ok()?;
    let count = if count.is_callable() { count.call0().ok()? } else { count };
    if count.extract::<usize>().ok()? == 0 {
        return None;
    }
    let mask = object.call_method0("is_null").ok()?;
    let numpy = object.py().import("numpy").ok()?;
    let rows = numpy.call_method1("flatnonzero", (numpy.call_method1("asarray", (mask,)).ok()?,)).ok()?;
    rows.get_item(0).ok()?.extract::<usize>().ok()
}

/// True for a pandas Series, Index or DataFrame whose data is not held by Arrow: numpy ints,
/// or Python objects (`object` dtype, `string[python]`). pandas would convert those with
/// pyarrow to export them: a full copy, which needs pyarrow and fails on boards that are not
/// strings (lists of rows, say). They are better read by the caller's own paths.
fn pandas_without_arrow(object: &Bound<'_, PyAny>) -> PyResult<bool> {
    let module = object.get_type().module()?;
    if !module.to_cow()?.starts_with("pandas") {
        return Ok(false);
    }
    if let Ok(dtypes) = object.getattr("dtypes") {
        if !object.hasattr("dtype")? {
            // A DataFrame: Arrow only when every column is.
            for dtype in dtypes.try_iter()? {
                if !arrow_dtype(&dtype?)? {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
    }
    Ok(!arrow_dtype(&object.getattr("dtype")?)?)
}

/// The pyarrow ChunkedArray behind a pandas Series whose dtype is Arrow-backed, by the
/// extension array's `__arrow_array__` (pyarrow is installed, since the Series uses it).
fn pandas_arrow_array<'py>(object: &Bound<'py, PyAny>) -> Option<Bound<'py, PyAny>> {
    let kind = object.get_type();
    let pandas = kind.module().ok()?.to_cow().ok()?.starts_with("pandas");
    if !pandas || kind.name().ok()?.to_cow().ok()? != "Series" || !arrow_dtype(&object.getattr("dtype").ok()?).ok()? {
        return None;
    }
    let exported = object.getattr("array").ok()?.call_method0("__arrow_array__").ok()?;
    // Only a capsule exporter, so this cannot come back here.
    exported.get_type().hasattr("__arrow_c_stream__").unwrap_or(false).then_some(exported)
}

/// `pd.ArrowDtype(...)`, or a `StringDtype` stored by pyarrow (`string[pyarrow]`, and the
/// default `str` dtype of pandas 3 where pyarrow is installed).
fn arrow_dtype(dtype: &Bound<'_, PyAny>) -> PyResult<bool> {
    if dtype.get_type().name()?.to_cow()? == "ArrowDtype" {
        return Ok(true);
    }
    let Ok(storage) = dtype.getattr("storage") else { return Ok(false) };
    Ok(storage.cast::<PyString>().is_ok_and(|s| s.to_cow().is_ok_and(|s| s.starts_with("pyarrow"))))
}

/// The exported stream, imported: the outer error is Python's (the export itself failed),
/// the inner one the import's.
fn import_stream(object: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Result<ArrowBoards, ArrowError>> {
    let capsule = object.call_method0("__arrow_c_stream__")?;
    let pointer = capsule_pointer::<ArrowArrayStream>(&capsule, STREAM, name, "__arrow_c_stream__")?;
    // SAFETY: a capsule named "arrow_array_stream" holds a valid `ArrowArrayStream` (the
    // PyCapsule interface), which we move out as its spec says, leaving it released so the
    // capsule's destructor does nothing; we hold the GIL, so nothing else touches it meanwhile.
    let stream = unsafe { OwnedStream::take(pointer) };
    Ok(ArrowBoards::from_stream(stream))
}

fn import_array(object: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Result<ArrowBoards, ArrowError>> {
    let pair = object.call_method0("__arrow_c_array__")?;
    let pair = pair.cast::<PyTuple>().map_err(|_| not_a_pair(name))?;
    if pair.len() != 2 {
        return Err(not_a_pair(name));
    }
    let schema = capsule_pointer::<ArrowSchema>(&pair.get_item(0)?, SCHEMA, name, "__arrow_c_array__")?;
    let array = capsule_pointer::<ArrowArray>(&pair.get_item(1)?, ARRAY, name, "__arrow_c_array__")?;
    // SAFETY: capsules named "arrow_schema" and "arrow_array" hold a valid schema and array;
    // both are moved out and left released, as for the stream above.
    let (schema, array) = unsafe { (OwnedSchema::take(schema), OwnedArray::take(array)) };
    Ok(ArrowBoards::from_array(schema, array))
}

fn not_a_pair(name: &str) -> PyErr {
    PyTypeError::new_err(format!("{name}: __arrow_c_array__ returned something other than a (schema, array) pair of capsules"))
}

/// The pointer in a capsule that must be named `name`.
fn capsule_pointer<T>(capsule: &Bound<'_, PyAny>, capsule_name: &CStr, name: &str, method: &str) -> PyResult<*mut T> {
    let wrong = || {
        let capsule_name = capsule_name.to_string_lossy();
        PyTypeError::new_err(format!("{name}: {method} returned something other than a PyCapsule named '{capsule_name}'"))
    };
    let capsule = capsule.cast::<PyCapsule>().map_err(|_| wrong())?;
    if !capsule.is_valid_checked(Some(capsule_name)) {
        return Err(wrong());
    }
    Ok(capsule.pointer_checked(Some(capsule_name))?.as_ptr().cast())
}

/// The Python exception for an import error: `TypeError` for a column of another type,
/// `ValueError` for a malformed array or a failed stream.
pub fn arrow_error(error: ArrowError) -> PyErr {
    let message = error.to_string();
    match error.kind {
        ArrowErrorKind::Type(_) | ArrowErrorKind::Number(_) => PyTypeError::new_err(message),
        ArrowErrorKind::Malformed(_) | ArrowErrorKind::Stream(_) => PyValueError::new_err(message),
        ArrowErrorKind::OutOfMemory => out_of_memory(error.name.unwrap_or("boards"), "this column"),
    }
}
