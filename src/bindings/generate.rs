//! `random_grid`, `random_grid_many`, `generate` and `generate_many`: arguments checked and
//! converted, the core's generator run with the GIL released (batches over threads by the
//! batch driver's part queue), Ctrl-C heard through `interrupt`, a `timeout` through the same
//! stop callback.
//!
//! A single call is row 0 of the batch of its seed (`Rng::for_item(seed, 0)`), so
//! `generate(seed=s)` is `generate_many(n, seed=s)[0]` and the command's first line, and row
//! `i` alone is `generate_many(1, seed=s, start=i)`.

use numpy::{IntoPyArray, PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyDeprecationWarning, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString, PyTuple};

use crate::batch::source::try_zeroed;
use crate::bindings::input::arguments::{
    count_value, flag_value, int_value, out_of_memory, seed_value, shown, start_value, thread_count, timeout_value, type_name,
    Argument,
};
use crate::bindings::input::board_value::PyBoard;
use crate::bindings::input::numpy_input;
use crate::bindings::run::deadline::Deadline;
use crate::bindings::run::interrupt::interruptible_until;
use crate::error::quoted_names;
use crate::generate::{self as core, fill_rows, level_of, symmetry_of, Puzzle, Request, Symmetry};
use crate::grid::CELLS;
use crate::rng::Rng;

#[doc = stub_doc!("random_grid")]
#[pyfunction]
#[pyo3(signature = (*, seed = None))]
pub fn random_grid(py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<PyBoard> {
    let seed = seed_value(seed)?;
    let made = interruptible_until(py, "generation", &Deadline::NONE, move |stop| {
        core::random_grid(&mut Rng::for_item(seed, 0), &mut || stop())
    })?;
    Ok(PyBoard::from_grid(made))
}

#[doc = stub_doc!("random_grid_many")]
#[pyfunction]
#[pyo3(signature = (n, /, *, seed = None, start = Argument::Default, threads = None), text_signature = "(n, /, *, seed=None, start=0, threads=None)")]
pub fn random_grid_many<'py>(
    n: &Bound<'py, PyAny>,
    seed: Option<&Bound<'py, PyAny>>,
    start: Argument<'py>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let py = n.py();
    numpy_input::require_numpy(py)?;
    let count = count_value(n)?;
    let rows = Rows { seed: seed_value(seed)?, start: start_value(&start)?, threads: thread_count(threads)? };
    let make = |rng: &mut Rng, stop: &mut dyn FnMut() -> bool| {
        core::random_grid(rng, stop).map(|grid| Puzzle { puzzle: grid, solution: grid })
    };
    let (grids, _) = run_many(py, &make, count, &rows, &Deadline::NONE, false)?;
    grids.into_pyarray(py).reshape([count, CELLS])
}

#[doc = stub_doc!("generate")]
#[pyfunction]
#[pyo3(
    signature = (*, clues = None, minimal = None, symmetry = None, difficulty = None, seed = None, timeout = None),
    text_signature = "(*, clues=None, minimal=False, symmetry=None, difficulty=None, seed=None, timeout=None)"
)]
pub fn generate(
    py: Python<'_>,
    clues: Option<&Bound<'_, PyAny>>,
    minimal: Option<&Bound<'_, PyAny>>,
    symmetry: Option<&Bound<'_, PyAny>>,
    difficulty: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    timeout: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyBoard> {
    let request = request_value(clues, minimal, symmetry, difficulty)?;
    let seed = seed_value(seed)?;
    let deadline = Deadline::after(timeout_value(timeout)?);
    let made = interruptible_until(py, "generation", &deadline, move |stop| {
        core::generate(&request, &mut Rng::for_item(seed, 0), &mut || stop())
    })?;
    Ok(PyBoard::from_grid(made.puzzle))
}

#[doc = stub_doc!("generate_many")]
#[pyfunction]
#[pyo3(
    signature = (n, /, *, clues = None, minimal = None, symmetry = None, difficulty = None, seed = None, start = Argument::Default, threads = None, timeout = None, return_solutions = None, solutions = None),
    text_signature = "(n, /, *, clues=None, minimal=False, symmetry=None, difficulty=None, seed=None, start=0, threads=None, timeout=None, return_solutions=False)"
)]
#[allow(clippy::too_many_arguments)]
pub fn generate_many<'py>(
    n: &Bound<'py, PyAny>,
    clues: Option<&Bound<'py, PyAny>>,
    minimal: Option<&Bound<'py, PyAny>>,
    symmetry: Option<&Bound<'py, PyAny>>,
    difficulty: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    start: Argument<'py>,
    threads: Option<&Bound<'py, PyAny>>,
    timeout: Option<&Bound<'py, PyAny>>,
    return_solutions: Option<&Bound<'py, PyAny>>,
    solutions: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = n.py();
    numpy_input::require_numpy(py)?;
    let count = count_value(n)?;
    let request = request_value(clues, minimal, symmetry, difficulty)?;
    let rows = Rows { seed: seed_value(seed)?, start: start_value(&start)?, threads: thread_count(threads)? };
    let deadline = Deadline::after(timeout_value(timeout)?);
    let want_solutions = return_solutions_value(py, return_solutions, solutions)?;
    let make = |rng: &mut Rng, stop: &mut dyn FnMut() -> bool| core::generate(&request, rng, stop);
    let (puzzles, solved) = run_many(py, &make, count, &rows, &deadline, want_solutions)?;
    let puzzles = puzzles.into_pyarray(py).reshape([count, CELLS])?;
    if !want_solutions {
        return Ok(puzzles.into_any());
    }
    let solved = solved.into_pyarray(py).reshape([count, CELLS])?;
    Ok(PyTuple::new(py, [puzzles.into_any(), solved.into_any()])?.into_any())
}

/// `return_solutions`, or its old name `solutions` (a flag where every other `solutions` is an
/// array: docs/development.md), which still works for one release with a DeprecationWarning.
fn return_solutions_value(
    py: Python<'_>,
    return_solutions: Option<&Bound<'_, PyAny>>,
    solutions: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    let Some(solutions) = solutions else { return flag_value(return_solutions, "return_solutions") };
    if return_solutions.is_some() {
        return Err(PyTypeError::new_err("solutions: the old name of return_solutions; pass only return_solutions"));
    }
    let message = c"generate_many(solutions=...) is deprecated; use generate_many(return_solutions=...)";
    PyErr::warn(py, &py.get_type::<PyDeprecationWarning>(), message, 1)?;
    flag_value(Some(solutions), "solutions")
}

/// The request `generate` and `generate_many` share, checked before any search.
fn request_value(
    clues: Option<&Bound<'_, PyAny>>,
    minimal: Option<&Bound<'_, PyAny>>,
    symmetry: Option<&Bound<'_, PyAny>>,
    difficulty: Option<&Bound<'_, PyAny>>,
) -> PyResult<Request> {
    let (clues, given) = match clues {
        Some(clues) if !clues.is_none() => {
            let clues = int_value(clues, "clues", "an int or None")?;
            (Some(clues_count(&clues)?), shown(&clues))
        }
        _ => (None, String::new()),
    };
    let difficulty = match difficulty.filter(|d| !d.is_none()) {
        Some(difficulty) => {
            let Ok(name) = difficulty.cast::<PyString>() else {
                return Err(PyTypeError::new_err(format!("difficulty: expected a str or None, got {}", type_name(difficulty))));
            };
            let name = name.to_str()?;
            if name == "guessing" {
                // The level of puzzles logic could not finish is gone: forcing chains and nets
                // finish them now, and "forcing" is what such a puzzle is.
                let message = c"difficulty='guessing' is deprecated: logic now finishes every puzzle; use difficulty='forcing'";
                PyErr::warn(difficulty.py(), &difficulty.py().get_type::<PyDeprecationWarning>(), message, 1)?;
                Some(crate::steps::Level::Forcing)
            } else {
                Some(level_of(name, "difficulty", " or None").map_err(PyValueError::new_err)?)
            }
        }
        None => None,
    };
    let request = Request { clues, minimal: flag_value(minimal, "minimal")?, symmetry: symmetry_value(symmetry)?, difficulty };
    // The message names the count as given: a huge or negative one was clamped for the check.
    request.check().map_err(|error| PyValueError::new_err(error.message(&given)))?;
    Ok(request)
}

/// `clues` as a count for the check: negative and huge counts are "fewer than 17" and "more
/// than 81" to it, whatever their size.
fn clues_count(clues: &Bound<'_, PyInt>) -> PyResult<usize> {
    if clues.lt(0)? {
        return Ok(0);
    }
    Ok(clues.extract::<usize>().unwrap_or(usize::MAX))
}

/// `symmetry`: None or one of the seven names.
fn symmetry_value(symmetry: Option<&Bound<'_, PyAny>>) -> PyResult<Symmetry> {
    let Some(symmetry) = symmetry.filter(|s| !s.is_none()) else { return Ok(Symmetry::None) };
    let Ok(name) = symmetry.cast::<PyString>() else {
        let names = quoted_names(&Symmetry::ALL.map(Symmetry::name));
        return Err(PyTypeError::new_err(format!("symmetry: expected one of {names} or None, got {}", type_name(symmetry))));
    };
    symmetry_of(name.to_str()?, "symmetry", " or None").map_err(PyValueError::new_err)
}

/// Where a batch's rows come from: row `i` of the result is row `start + i` of `seed`'s batch.
struct Rows {
    seed: u64,
    start: u64,
    threads: usize,
}

/// `count` rows (and their solutions, when asked) made by `make`, on up to `threads` threads.
fn run_many(
    py: Python<'_>,
    make: core::many::Maker<'_>,
    count: usize,
    rows: &Rows,
    deadline: &Deadline,
    want_solutions: bool,
) -> PyResult<(Vec<u8>, Vec<u8>)> {
    let too_many = || out_of_memory("n", &format!("{count} rows"));
    let bytes = count.checked_mul(CELLS).ok_or_else(too_many)?;
    // Zeroed lazily (calloc): no pass over the output before the first row, nor after a stop.
    let mut puzzles = try_zeroed(bytes).map_err(|_| too_many())?;
    let mut solutions = try_zeroed(if want_solutions { bytes } else { 0 }).map_err(|_| too_many())?;
    interruptible_until(py, "generation", deadline, |stop| {
        fill_rows(make, rows.seed, rows.start, &mut puzzles, &mut solutions, rows.threads, stop)
    })?;
    Ok((puzzles, solutions))
}
