//! `solve`, `count_solutions` and `has_unique_solution` for one board: read it, search with
//! the GIL released, convert the answer back.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

use super::board::PyBoard;
use super::input;
use crate::check::is_valid;
use crate::grid::Grid;
use crate::solve::{self as search, Stopped};

/// A solution of the board as a new `Board`, or None when it has none; see the stub.
#[pyfunction]
#[pyo3(signature = (board, /))]
pub fn solve(py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<Option<PyBoard>> {
    solve_grid(py, &input::grid_from_object(board)?)
}

/// The number of solutions, counted up to `limit`; see the stub.
#[pyfunction]
#[pyo3(signature = (board, /, *, limit = None))]
pub fn count_solutions(py: Python<'_>, board: &Bound<'_, PyAny>, limit: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    let grid = input::grid_from_object(board)?;
    count_grid(py, &grid, read_limit(limit)?)
}

/// True when the board has exactly one solution; see the stub.
#[pyfunction]
#[pyo3(signature = (board, /))]
pub fn has_unique_solution(py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(count_grid(py, &input::grid_from_object(board)?, 2)? == 1)
}

/// [`solve`] for a grid already read (also `Board.solve()`).
pub fn solve_grid(py: Python<'_>, grid: &Grid) -> PyResult<Option<PyBoard>> {
    if grid.is_complete() {
        return Ok(is_valid(grid).then(|| PyBoard::from_grid(*grid)));
    }
    let grid = *grid;
    let solution = interruptible(py, move |should_stop| search::solve_interruptible(&grid, should_stop))?;
    Ok(solution.map(PyBoard::from_grid))
}

/// [`count_solutions`] for a grid already read (also `Board.count_solutions()`).
pub fn count_grid(py: Python<'_>, grid: &Grid, limit: u64) -> PyResult<u64> {
    // A complete grid needs no search, and no GIL release either: this keeps the call as
    // cheap as `is_valid_sudoku`.
    if grid.is_complete() {
        return Ok(u64::from(is_valid(grid)));
    }
    let grid = *grid;
    interruptible(py, move |should_stop| search::count_solutions_interruptible(&grid, limit, should_stop))
}

/// `limit`: a positive int (not a bool); None means the default, 2. Ints beyond 2**64 - 1
/// count as 2**64 - 1, far more solutions than any search can enumerate.
pub fn read_limit(limit: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    let Some(limit) = limit else { return Ok(2) };
    let int = match limit.cast::<PyInt>() {
        Ok(int) if !limit.is_instance_of::<PyBool>() => int,
        _ => {
            let found = limit.get_type().name().map(|name| name.to_string()).unwrap_or_else(|_| "object".to_owned());
            return Err(PyTypeError::new_err(format!("limit: expected an int, got {found}")));
        }
    };
    match int.extract::<u64>() {
        Ok(0) => Err(not_positive(int)),
        Ok(value) => Ok(value),
        Err(_) if int.lt(0)? => Err(not_positive(int)),
        Err(_) => Ok(u64::MAX),
    }
}

fn not_positive(int: &Bound<'_, PyInt>) -> PyErr {
    PyValueError::new_err(format!("limit: expected a positive int, got {}", crate::error::shorten(&int.to_string())))
}

/// Runs a search with the GIL released. Every millisecond or so of work the search asks
/// whether to stop; the answer comes from taking the GIL back for a moment and running
/// Python's signal handlers, so Ctrl-C (KeyboardInterrupt) stops a long search.
fn interruptible<T: Send>(
    py: Python<'_>,
    search: impl FnOnce(&mut dyn FnMut() -> bool) -> Result<T, Stopped> + Send,
) -> PyResult<T> {
    let mut raised: Option<PyErr> = None;
    let outcome = py.detach(|| {
        search(&mut || {
            Python::attach(|py| match py.check_signals() {
                Ok(()) => false,
                Err(error) => {
                    raised = Some(error);
                    true
                }
            })
        })
    });
    match (outcome, raised) {
        (Ok(answer), _) => Ok(answer),
        (Err(Stopped), Some(error)) => Err(error),
        // The only callback above stops after setting the error.
        (Err(Stopped), None) => Err(pyo3::exceptions::PyRuntimeError::new_err("search stopped")),
    }
}
