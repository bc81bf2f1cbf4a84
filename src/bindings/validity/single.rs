//! The module's functions: convert, ask the core, convert back.

use pyo3::prelude::*;

use crate::bindings::input::cells;
use crate::check;

#[doc = stub_doc!("is_valid_sudoku")]
#[pyfunction]
#[pyo3(signature = (board, /))]
pub fn is_valid_sudoku(board: &Bound<'_, PyAny>) -> PyResult<bool> {
    let cells = cells::read_cells(board).map_err(|error| error.into_py_err(board.py()))?;
    Ok(check::is_valid_cells(&cells))
}
