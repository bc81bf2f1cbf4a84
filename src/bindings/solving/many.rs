//! `solve_many` and `count_solutions_many`: the solver over a batch, read by the one batch
//! reader and spread over threads by the one driver, with the GIL released and Ctrl-C heard.

use numpy::{IntoPyArray, PyArray1, PyArrayMethods};
use pyo3::prelude::*;

use crate::batch::{Cost, Stop};
use crate::bindings::input::arguments::{flag_value, limit_value, thread_count, Limit};
use crate::bindings::input::boards::read_boards;
use crate::bindings::input::numpy_input;
use crate::bindings::run::batch_run::run_batch;
use crate::grid::{Grid, CELLS};
use crate::solve;

/// Boards solved between two checks for Ctrl-C, when no single search is long enough to ask.
const BOARDS_PER_CHECK: usize = 64;

/// One row of `solve_many`'s result: a solution, or all zeros.
#[derive(Clone, Copy)]
#[repr(transparent)]
pub(crate) struct Row(pub(crate) [u8; CELLS]);

impl Default for Row {
    fn default() -> Self {
        Row([0; CELLS])
    }
}

#[doc = stub_doc!("solve_many")]
#[pyfunction]
#[pyo3(signature = (boards, /, *, threads = None, as_text = None), text_signature = "(boards, /, *, threads=None, as_text=False)")]
pub fn solve_many<'py>(
    boards: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
    as_text: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = boards.py();
    let as_text = flag_value(as_text, "as_text")?;
    numpy_input::require_numpy(py)?;
    let threads = thread_count(threads)?;
    let mut inputs = [read_boards(boards, "boards")?];
    let rows = run_batch(py, &mut inputs, threads, Cost::Heavy, |values, out: &mut [Row], stop| {
        each_board(values[0], out, stop, |grid, row| {
            if let Ok(Some(solution)) = solve::solve_interruptible(grid, &mut || stop()) {
                *row = Row(*solution.cells());
            }
        });
    })?;
    if as_text {
        return text_column(py, &rows);
    }
    let count = rows.len();
    let flat: Vec<u8> = rows_into_bytes(rows);
    Ok(flat.into_pyarray(py).reshape([count, CELLS])?.into_any())
}

/// `solve_many(..., as_text=True)`: an (N,) numpy object array of 81-digit strs, None where
/// a board has no solution. Object, not a fixed-width `U81` array, so that the missing value
/// is a real missing value (pandas reads None as missing, in `object` and `str` columns
/// alike) rather than an empty string, and works with numpy 1 too, which lacks StringDType.
fn text_column<'py>(py: Python<'py>, rows: &[Row]) -> PyResult<Bound<'py, PyAny>> {
    let texts = pyo3::types::PyList::empty(py);
    for row in rows {
        if row.0[0] == 0 {
            // A solution has a digit in every cell: a zero row is "no solution".
            texts.append(py.None())?;
        } else {
            let digits: String = row.0.iter().map(|&v| char::from(b'0' + v)).collect();
            texts.append(digits)?;
        }
    }
    let numpy = py.import("numpy")?;
    let kwargs = pyo3::types::PyDict::new(py);
    kwargs.set_item("dtype", numpy.getattr("object_")?)?;
    numpy.call_method("array", (texts,), Some(&kwargs))
}

#[doc = stub_doc!("count_solutions_many")]
#[pyfunction]
#[pyo3(signature = (boards, /, *, limit = Limit::Default, threads = None), text_signature = "(boards, /, *, limit=2, threads=None)")]
pub fn count_solutions_many<'py>(
    boards: &Bound<'py, PyAny>,
    limit: Limit<'py>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let py = boards.py();
    numpy_input::require_numpy(py)?;
    let limit = limit_value(&limit)?;
    let threads = thread_count(threads)?;
    let mut inputs = [read_boards(boards, "boards")?];
    let counts = run_batch(py, &mut inputs, threads, Cost::Heavy, |values, out: &mut [u64], stop| {
        each_board(values[0], out, stop, |grid, count| {
            if let Ok(found) = solve::count_solutions_interruptible(grid, limit, &mut || stop()) {
                *count = found;
            }
        });
    })?;
    Ok(counts.into_pyarray(py))
}

/// Runs `solve` on each board of a chunk and its output slot, until `stop` (the driver's
/// Ctrl-C) says stop.
fn each_board<T>(values: &[u8], out: &mut [T], stop: Stop<'_>, solve: impl Fn(&Grid, &mut T)) {
    let (boards, rest) = values.as_chunks::<CELLS>();
    debug_assert!(rest.is_empty() && boards.len() == out.len(), "the driver hands out whole boards, one per slot");
    for (k, (slot, cells)) in out.iter_mut().zip(boards).enumerate() {
        if k % BOARDS_PER_CHECK == 0 && stop() {
            return;
        }
        solve(&Grid::from_checked(*cells), slot);
    }
}

/// The rows as one flat buffer, without a copy.
pub(crate) fn rows_into_bytes(rows: Vec<Row>) -> Vec<u8> {
    let mut rows = std::mem::ManuallyDrop::new(rows);
    let (pointer, length, capacity) = (rows.as_mut_ptr(), rows.len(), rows.capacity());
    // SAFETY: `Row` is `repr(transparent)` over `[u8; 81]`, so a buffer of `capacity` rows is
    // a buffer of `capacity * 81` bytes with the alignment of u8 (1), allocated by the same
    // global allocator; ownership passes to the new Vec (the old one is never dropped).
    // Neither product overflows: the allocation of that many bytes already exists.
    unsafe { Vec::from_raw_parts(pointer.cast::<u8>(), length * CELLS, capacity * CELLS) }
}
