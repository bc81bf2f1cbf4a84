//! `random_grid`, `random_grids`, `generate` and `generate_many`: arguments checked and
//! converted, the core's generator run with the GIL released (batches over threads by the
//! batch driver's part queue), Ctrl-C heard through `interrupt`.

use numpy::{IntoPyArray, PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString, PyTuple};

use crate::bindings::input::arguments::{count_value, flag_value, int_value, out_of_memory, seed_value, shown, thread_count, type_name};
use crate::bindings::input::board_value::PyBoard;
use crate::bindings::run::interrupt::interruptible;
use crate::batch::source::try_zeroed;
use crate::bindings::input::numpy_input;
use crate::error::quoted_names;
use crate::generate::{self as core, fill_rows, level_of, symmetry_of, Puzzle, Request, Symmetry};
use crate::grid::CELLS;
use crate::rng::Rng;

#[doc = stub_doc!("random_grid")]
#[pyfunction]
#[pyo3(signature = (*, seed = None))]
pub fn random_grid(py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<PyBoard> {
    let seed = seed_value(seed)?;
    let made = interruptible(py, "generation", move |stop| core::random_grid(&mut Rng::new(seed), &mut || stop()))?;
    Ok(PyBoard::from_grid(made))
}

#[doc = stub_doc!("random_grids")]
#[pyfunction]
#[pyo3(signature = (n, /, *, seed = None, threads = None))]
pub fn random_grids<'py>(
    n: &Bound<'py, PyAny>,
    seed: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let py = n.py();
    numpy_input::require_numpy(py)?;
    let count = count_value(n)?;
    let seed = seed_value(seed)?;
    let threads = thread_count(threads)?;
    let make = |rng: &mut Rng, stop: &mut dyn FnMut() -> bool| {
        core::random_grid(rng, stop).map(|grid| Puzzle { puzzle: grid, solution: grid })
    };
    let (grids, _) = run_many(py, &make, count, seed, threads, false)?;
    grids.into_pyarray(py).reshape([count, CELLS])
}

#[doc = stub_doc!("generate")]
#[pyfunction]
#[pyo3(
    signature = (*, clues = None, minimal = None, symmetry = None, difficulty = None, seed = None),
    text_signature = "(*, clues=None, minimal=False, symmetry=None, difficulty=None, seed=None)"
)]
pub fn generate(
    py: Python<'_>,
    clues: Option<&Bound<'_, PyAny>>,
    minimal: Option<&Bound<'_, PyAny>>,
    symmetry: Option<&Bound<'_, PyAny>>,
    difficulty: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyBoard> {
    let request = request_value(clues, minimal, symmetry, difficulty)?;
    let seed = seed_value(seed)?;
    let made = interruptible(py, "generation", move |stop| core::generate(&request, &mut Rng::new(seed), &mut || stop()))?;
    Ok(PyBoard::from_grid(made.puzzle))
}

#[doc = stub_doc!("generate_many")]
#[pyfunction]
#[pyo3(
    signature = (n, /, *, clues = None, minimal = None, symmetry = None, difficulty = None, seed = None, threads = None, solutions = None),
    text_signature = "(n, /, *, clues=None, minimal=False, symmetry=None, difficulty=None, seed=None, threads=None, solutions=False)"
)]
#[allow(clippy::too_many_arguments)]
pub fn generate_many<'py>(
    n: &Bound<'py, PyAny>,
    clues: Option<&Bound<'py, PyAny>>,
    minimal: Option<&Bound<'py, PyAny>>,
    symmetry: Option<&Bound<'py, PyAny>>,
    difficulty: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    solutions: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = n.py();
    numpy_input::require_numpy(py)?;
    let count = count_value(n)?;
    let request = request_value(clues, minimal, symmetry, difficulty)?;
    let seed = seed_value(seed)?;
    let threads = thread_count(threads)?;
    let want_solutions = flag_value(solutions, "solutions")?;
    let make = |rng: &mut Rng, stop: &mut dyn FnMut() -> bool| core::generate(&request, rng, stop);
    let (puzzles, solved) = run_many(py, &make, count, seed, threads, want_solutions)?;
    let puzzles = puzzles.into_pyarray(py).reshape([count, CELLS])?;
    if !want_solutions {
        return Ok(puzzles.into_any());
    }
    let solved = solved.into_pyarray(py).reshape([count, CELLS])?;
    Ok(PyTuple::new(py, [puzzles.into_any(), solved.into_any()])?.into_any())
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
            Some(level_of(name.to_str()?, "difficulty", " or None").map_err(PyValueError::new_err)?)
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

/// `count` rows (and their solutions, when asked) made by `make`, on up to `threads` threads.
fn run_many(
    py: Python<'_>,
    make: core::many::Maker<'_>,
    count: usize,
    seed: u64,
    threads: usize,
    want_solutions: bool,
) -> PyResult<(Vec<u8>, Vec<u8>)> {
    let too_many = || out_of_memory("n", &format!("{count} rows"));
    let bytes = count.checked_mul(CELLS).ok_or_else(too_many)?;
    // Zeroed lazily (calloc): no pass over the output before the first row, nor after a stop.
    let mut puzzles = try_zeroed(bytes).map_err(|_| too_many())?;
    let mut solutions = try_zeroed(if want_solutions { bytes } else { 0 }).map_err(|_| too_many())?;
    interruptible(py, "generation", |stop| fill_rows(make, seed, 0, &mut puzzles, &mut solutions, threads, stop))?;
    Ok((puzzles, solutions))
}

