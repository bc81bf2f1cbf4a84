//! `solve`, `count_solutions` and `has_unique_solution` for one board: read it, search with
//! the GIL released, convert the answer back.

use pyo3::prelude::*;

use crate::bindings::input::arguments::{limit_value, Limit};
use crate::bindings::input::board_value::PyBoard;
use crate::bindings::input::cells;
use crate::bindings::run::interrupt::interruptible;
use crate::check::is_valid;
use crate::grid::Grid;
use crate::solve as search;

#[doc = stub_doc!("solve")]
#[pyfunction]
#[pyo3(signature = (board, /))]
pub fn solve(py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<Option<PyBoard>> {
    solve_grid(py, &cells::grid_from_object(board)?)
}

#[doc = stub_doc!("count_solutions")]
#[pyfunction]
#[pyo3(signature = (board, /, *, limit = Limit::Default))]
pub fn count_solutions(py: Python<'_>, board: &Bound<'_, PyAny>, limit: Limit<'_>) -> PyResult<u64> {
    let grid = cells::grid_from_object(board)?;
    count_grid(py, &grid, limit_value(&limit)?)
}

#[doc = stub_doc!("has_unique_solution")]
#[pyfunction]
#[pyo3(signature = (board, /))]
pub fn has_unique_solution(py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(count_grid(py, &cells::grid_from_object(board)?, 2)? == 1)
}

/// [`solve`] for a grid already read (also `Board.solve()`).
pub fn solve_grid(py: Python<'_>, grid: &Grid) -> PyResult<Option<PyBoard>> {
    if grid.is_complete() {
        return Ok(is_valid(grid).then(|| PyBoard::solved(*grid, *grid)));
    }
    let grid = *grid;
    let solution = interruptible(py, "search", move |stop| search::solve_interruptible(&grid, &mut || stop()))?;
    Ok(solution.map(|solution| PyBoard::solved(solution, grid)))
}

/// [`count_solutions`] for a grid already read (also `Board.count_solutions()`).
pub fn count_grid(py: Python<'_>, grid: &Grid, limit: u64) -> PyResult<u64> {
    // A complete grid needs no search, and no GIL release either: this keeps the call as
    // cheap as `is_valid_sudoku`.
    if grid.is_complete() {
        return Ok(u64::from(is_valid(grid)));
    }
    let grid = *grid;
    interruptible(py, "search", move |stop| search::count_solutions_interruptible(&grid, limit, &mut || stop()))
}

/// The guesses the search of `count_solutions(board, limit=limit)` makes (the same on every
/// run). Private: for the solver benchmark, which prints them beside the times.
#[pyfunction]
#[pyo3(signature = (board, /, *, limit = Limit::Default))]
pub fn _search_guesses(py: Python<'_>, board: &Bound<'_, PyAny>, limit: Limit<'_>) -> PyResult<u64> {
    let grid = cells::grid_from_object(board)?;
    let limit = limit_value(&limit)?;
    interruptible(py, "search", move |stop| search::count_solutions_with_stats(&grid, limit, &mut || stop()))
        .map(|(_, stats)| stats.guesses)
}
