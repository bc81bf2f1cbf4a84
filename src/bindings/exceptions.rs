//! `BoardFormatError` and the one function that maps core errors onto it.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::error::BoardError;

pyo3::create_exception!(
    valid_sudoku,
    BoardFormatError,
    PyValueError,
    "A board had the wrong shape or a cell outside the alphabet.\n\n\
     Attributes ``index``, ``row`` and ``col`` are 0-based ints, or None where the error is \
     about a whole batch, board or row; ``line`` and ``column`` are 1-based, for text input."
);

/// Attributes every `BoardFormatError` has, None unless the error sets them.
const POSITION_ATTRIBUTES: [&str; 5] = ["index", "row", "col", "line", "column"];

/// Gives the class `None` defaults for the position attributes, so that instances users
/// create themselves, or that leave some unset, still have them all.
pub fn add_position_defaults(class: &Bound<'_, PyType>) -> PyResult<()> {
    for name in POSITION_ATTRIBUTES {
        class.setattr(name, class.py().None())?;
    }
    Ok(())
}

/// The Python exception for a core board error, with its position attributes set.
pub fn board_format_error(py: Python<'_>, error: &BoardError) -> PyErr {
    let err = BoardFormatError::new_err(error.to_string());
    let (row, col) = error.place.row_col();
    let value = err.value(py);
    // Setting attributes on a fresh exception instance only fails on memory exhaustion;
    // the message alone still says where, so a failure here is not worth masking it.
    let _ = value.setattr("row", row);
    let _ = value.setattr("col", col);
    let _ = value.setattr("index", error.board);
    err
}

/// A `TypeError` that names the place and says what was expected and what type was found.
pub fn wrong_type(place: &str, expected: &str, found: &Bound<'_, PyAny>) -> PyErr {
    let type_name = found
        .get_type()
        .name()
        .map(|name| name.to_string())
        .unwrap_or_else(|_| "object".to_owned());
    PyTypeError::new_err(format!("{place}: expected {expected}, got {type_name}"))
}
