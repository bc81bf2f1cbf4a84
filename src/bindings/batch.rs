//! `is_valid_many`: many boards in one call, with the GIL released while the core works.

use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

use super::batch_run::run_batch;
use super::boards::read_boards;
use super::numpy_input;
use crate::batch::{self, Cost};

/// Validate many boards at once; element i of the result is `is_valid_sudoku(boards[i])`.
///
/// See `valid_sudoku.pyi` for the accepted forms, threads and errors.
#[pyfunction]
#[pyo3(signature = (boards, /, *, threads = None))]
pub fn is_valid_many<'py>(
    boards: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let py = boards.py();
    numpy_input::require_numpy(py)?;
    let threads = thread_count(threads)?;
    let mut inputs = [read_boards(boards, "boards")?];
    let flags = run_batch(py, &mut inputs, threads, Cost::Light, |values, out| batch::validate_chunk(values[0], out))?;
    Ok(flags.into_pyarray(py))
}

/// `threads`: None for every core available to the process, else a positive int.
pub fn thread_count(threads: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(threads) = threads else { return Ok(batch::available_threads()) };
    if threads.is_instance_of::<PyBool>() || !threads.is_instance_of::<PyInt>() {
        let found = threads.get_type().name().map(|n| n.to_string()).unwrap_or_default();
        return Err(PyTypeError::new_err(format!("threads: expected an int or None, got {found}")));
    }
    if threads.lt(1)? {
        return Err(PyValueError::new_err(format!("threads: expected a positive int or None, got {threads}")));
    }
    // More threads than there is work are never started, so a huge count is just "many".
    Ok(threads.extract::<usize>().unwrap_or(usize::MAX))
}

/// Which batch validator this process uses, "avx2" or "portable". Private: for the tests and
/// the benchmark, which compare the two (VALID_SUDOKU_FORCE_PORTABLE=1 forces "portable").
#[pyfunction]
pub fn _batch_kernel() -> &'static str {
    batch::kernel_name()
}
