//! The module's functions: convert, ask the core, convert back.

use pyo3::prelude::*;

use super::{fast_path, input, numpy_input};
use crate::{batch, check};

/// Return True when no digit repeats in any row, column or 3x3 box (LeetCode 36).
///
/// See `valid_sudoku.pyi` for the accepted forms and errors.
#[pyfunction]
#[pyo3(signature = (board, /))]
pub fn is_valid_sudoku(board: &Bound<'_, PyAny>) -> PyResult<bool> {
    if let Some(cells) = fast_path::classic_cells(board) {
        return Ok(check::is_valid_cells(&cells));
    }
    if let Some(array) = numpy_input::as_array(board) {
        // An integer array: read from memory and checked by the batch core, as in is_valid_many.
        if let Some(cells) = numpy_input::board_cells(&array) {
            let cells = cells.map_err(|error| error.into_py_err(board.py()))?;
            let mut valid = [false];
            return match batch::validate_values(&cells, &mut valid, 1) {
                Ok(()) => Ok(valid[0]),
                // board_cells only returns values 0-9; the checked reader words any surprise.
                Err(_) => Ok(check::is_valid(&input::grid_from_object(board)?)),
            };
        }
    }
    let grid = input::grid_from_object(board)?;
    Ok(check::is_valid(&grid))
}
