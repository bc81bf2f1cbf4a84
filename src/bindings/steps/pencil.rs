//! The board and marks `next_step` and `solve_steps` work on, and the check that they keep a
//! solution, as Python errors.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::bindings::input::marks::{marks_error, read_marks};
use crate::grid::Grid;
use crate::hint::check_solvable;
use crate::steps::{Pencil, Uniqueness};

/// The marks `next_step` works on: the board's own, or `candidates=` checked (`"raise"`) or
/// cleaned of what the board has made stale (`"drop"`).
pub fn read_pencil(grid: &Grid, candidates: Option<&Bound<'_, PyAny>>, stale_marks: &str) -> PyResult<Pencil> {
    let drop_stale = match stale_marks {
        "raise" => false,
        "drop" => true,
        other => return Err(PyValueError::new_err(format!("stale_marks: expected 'raise' or 'drop', got '{other}'"))),
    };
    let Some(marks) = candidates else { return Ok(Pencil::from_grid(grid)) };
    let marks = read_marks(marks)?;
    let pencil = if drop_stale { Pencil::with_marks_dropping_stale(grid, &marks) } else { Pencil::with_marks(grid, &marks) };
    pencil.map_err(marks_error)
}

/// The board's uniqueness as far as known, or the `ValueError` saying it has no solution.
pub fn solvable(py: Python<'_>, pencil: &Pencil) -> PyResult<Uniqueness> {
    py.detach(|| check_solvable(pencil)).map_err(|no| PyValueError::new_err(no.to_string()))
}
