//! `BoardFormatError`, and the one place where input errors become Python exceptions.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::error::{BoardError, Located, Place, TextError};

pyo3::create_exception!(valid_sudoku, BoardFormatError, PyValueError, super::stub_doc!("BoardFormatError"));

/// Attributes every `BoardFormatError` has, None unless the error sets them.
const POSITION_ATTRIBUTES: [&str; 5] = ["index", "row", "col", "lineno", "colno"];

/// Gives the class `None` defaults for the position attributes, so that instances users
/// create themselves, or that leave some unset, still have them all.
pub fn add_position_defaults(class: &Bound<'_, PyType>) -> PyResult<()> {
    for name in POSITION_ATTRIBUTES {
        class.setattr(name, class.py().None())?;
    }
    Ok(())
}

/// Why a Python object could not be read as a board.
pub enum InputError {
    /// The shape or a cell was wrong; the core says where and what.
    Format(BoardError),
    /// The board, a row or a cell had a type we do not read.
    WrongType { at: Located, expected: &'static str, found: String },
    /// The user's own object raised (a custom sequence's `__len__`, say): passed on unchanged.
    Raised(PyErr),
}

impl From<PyErr> for InputError {
    fn from(error: PyErr) -> Self {
        InputError::Raised(error)
    }
}

impl From<BoardError> for InputError {
    fn from(error: BoardError) -> Self {
        InputError::Format(error)
    }
}

impl InputError {
    /// A wrong type at `place`; `found` is the object whose type is named.
    pub fn wrong_type(place: Place, expected: &'static str, found: &Bound<'_, PyAny>) -> Self {
        let found = found.get_type().name().map(|name| name.to_string()).unwrap_or_else(|_| "object".to_owned());
        InputError::WrongType { at: Located { board: None, name: None, place }, expected, found }
    }

    /// The same error, reported as the `index`-th board of a batch (`boards[index]...`).
    pub fn in_batch(self, index: usize) -> Self {
        match self {
            InputError::Format(error) => InputError::Format(error.in_batch(index)),
            InputError::WrongType { at, expected, found } => {
                InputError::WrongType { at: Located { board: Some(index), ..at }, expected, found }
            }
            raised @ InputError::Raised(_) => raised,
        }
    }

    /// The same error, for the argument called `name` (`candidates[3]...`).
    pub fn named(self, name: &'static str) -> Self {
        match self {
            InputError::Format(error) => InputError::Format(error.named(name)),
            InputError::WrongType { at, expected, found } => {
                InputError::WrongType { at: Located { name: Some(name), ..at }, expected, found }
            }
            raised @ InputError::Raised(_) => raised,
        }
    }

    /// The Python exception: `BoardFormatError`, `TypeError`, or the user's own, unchanged.
    pub fn into_py_err(self, py: Python<'_>) -> PyErr {
        match self {
            InputError::Format(error) => board_format_error(py, &error),
            InputError::WrongType { at, expected, found } => {
                PyTypeError::new_err(format!("{at}: expected {expected}, got {found}"))
            }
            InputError::Raised(error) => error,
        }
    }
}

/// `BoardFormatError` for a board error, with `row`, `col` and `index` set.
pub fn board_format_error(py: Python<'_>, error: &BoardError) -> PyErr {
    let (row, col) = error.place.row_col();
    with_attributes(py, error.to_string(), &[("row", row), ("col", col), ("index", error.board)])
}

/// `BoardFormatError` for a text error, with `lineno`, `colno` and `index` set, and `row` and
/// `col` where the error knows the cell.
pub fn text_format_error(py: Python<'_>, error: &TextError) -> PyErr {
    with_attributes(
        py,
        error.to_string(),
        &[("lineno", Some(error.line)), ("colno", error.column), ("index", error.board), ("row", error.row), ("col", error.col)],
    )
}

/// `BoardFormatError` for a bad puzzle line of the argument `name`, with `index`, `lineno`,
/// `colno` and, when the error is about one character, the `row` and `col` of its cell.
pub fn line_error(py: Python<'_>, name: &str, error: &TextError) -> PyErr {
    // The usual argument is left unnamed, as a file's lines are: `line 3, column 7: ...`.
    let message = match name {
        "boards" => error.to_string(),
        _ => format!("{name}: {error}"),
    };
    // A column within the board's 81 names a cell; one past them (a line too long) does not.
    let (row, col) = match error.column {
        Some(column @ 1..=81) => (Some((column - 1) / 9), Some((column - 1) % 9)),
        _ => (None, None),
    };
    with_attributes(
        py,
        message,
        &[("lineno", Some(error.line)), ("colno", error.column), ("index", error.board), ("row", row), ("col", col)],
    )
}

fn with_attributes(py: Python<'_>, message: String, attributes: &[(&str, Option<usize>)]) -> PyErr {
    let err = BoardFormatError::new_err(message);
    let value = err.value(py);
    for (name, position) in attributes {
        // Setting an attribute on a fresh exception only fails on memory exhaustion; the
        // message alone still says where, so such a failure is not worth masking it.
        let _ = value.setattr(*name, *position);
    }
    err
}
