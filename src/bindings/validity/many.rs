//! `is_valid_many`: many boards in one call, with the GIL released while the core works.

use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;

use crate::batch::{self, Cost};
use crate::bindings::input::arguments::thread_count;
use crate::bindings::input::boards::read_boards;
use crate::bindings::input::numpy_input;
use crate::bindings::run::batch_run::run_batch_raw_with_text;

#[doc = stub_doc!("is_valid_many")]
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
    let flags = run_batch_raw_with_text(py, &mut inputs, threads, Cost::Light, batch::validate_raw_op, &batch::validate_text)?;
    Ok(flags.into_pyarray(py))
}

/// Which batch validator this process uses, "avx512", "avx2" or "portable". Private: for the tests and
/// the benchmark, which compare the two (VALID_SUDOKU_FORCE_PORTABLE=1 forces "portable").
#[pyfunction]
pub fn _batch_kernel() -> &'static str {
    batch::kernel_name()
}
