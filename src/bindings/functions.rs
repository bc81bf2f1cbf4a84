//! The module's functions: convert, ask the core, convert back.

use pyo3::prelude::*;

use super::{fast_path, input};
use crate::check;

#[doc = stub_doc!("is_valid_sudoku")]
#[pyfunction]
#[pyo3(signature = (board, /))]
pub fn is_valid_sudoku(board: &Bound<'_, PyAny>) -> PyResult<bool> {
    if let Some(cells) = fast_path::classic_cells(board) {
        return Ok(check::is_valid_cells(&cells));
    }
    if let Some(valid) = fast_path::flat_symbols(board) {
        return Ok(valid);
    }
    if let Some(valid) = fast_path::row_symbols(board).and_then(|symbols| check::is_valid_symbols(&symbols)) {
        return Ok(valid);
    }
    // The fast paths have all declined this board; go straight to the checked read.
    let grid = input::read_grid(board).map_err(|error| error.into_py_err(board.py()))?;
    Ok(check::is_valid(&grid))
}
