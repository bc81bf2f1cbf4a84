//! `candidates`, `next_step`, `solve_steps`, `grade` and `grade_many`: read the board through
//! the one input layer, call the core `steps`, convert the answer.

use numpy::{IntoPyArray, PyArray3, PyArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyFrozenSet, PyList, PyString};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::batch::Cost;
use crate::bindings::canonical::memory_error;
use crate::bindings::input::arguments::{thread_count, type_name};
use crate::bindings::input::boards::read_boards;
use crate::bindings::input::cells;
use crate::bindings::input::numpy_input;
use crate::bindings::run::batch_run::run_batch;
use crate::bindings::run::interrupt::interruptible;
use crate::bindings::steps::grades::{Grades, Row};
use crate::bindings::steps::pencil;
use crate::bindings::steps::values::{PyGrade, PySolvePath, PyStep};
use crate::canonical::{OutOfMemory, Searcher};
use crate::check::is_valid;
use crate::grid::{Grid, CELLS, SIDE};
use crate::solve::Stopped;
use crate::steps::{self, GradeError, Pencil, Technique, Techniques, ALL_TECHNIQUES};

/// Boards graded between two checks for Ctrl-C.
const BOARDS_PER_CHECK: usize = 16;

#[doc = stub_doc!("candidates")]
#[pyfunction]
#[pyo3(signature = (board, /))]
pub fn candidates<'py>(board: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
    marks_list(board.py(), &Pencil::from_grid(&cells::grid_from_object(board)?))
}

/// The pencil marks as 9 lists of 9 frozensets (also `Board.candidates()`).
pub fn marks_list<'py>(py: Python<'py>, pencil: &Pencil) -> PyResult<Bound<'py, PyList>> {
    let rows = PyList::empty(py);
    for r in 0..SIDE {
        let row = PyList::empty(py);
        for c in 0..SIDE {
            let digits: Vec<usize> = steps::geometry::digits_of(pencil.mask(r * SIDE + c)).map(|d| d + 1).collect();
            row.append(PyFrozenSet::new(py, &digits)?)?;
        }
        rows.append(row)?;
    }
    Ok(rows)
}

#[doc = stub_doc!("candidates_many")]
#[pyfunction]
#[pyo3(signature = (boards, /, *, threads = None))]
pub fn candidates_many<'py>(
    boards: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray3<u16>>> {
    let py = boards.py();
    numpy_input::require_numpy(py)?;
    let threads = thread_count(threads)?;
    let mut inputs = [read_boards(boards, "boards")?];
    let rows = run_batch(py, &mut inputs, threads, Cost::Light, |values, out: &mut [MaskRow], _| {
        for (slot, cells) in out.iter_mut().zip(values[0].as_chunks::<CELLS>().0) {
            slot.0 = *Pencil::from_grid(&Grid::from_checked(*cells)).masks();
        }
    })?;
    let count = rows.len();
    let flat: Vec<u16> = rows.iter().flat_map(|row| row.0).collect();
    flat.into_pyarray(py).reshape([count, SIDE, SIDE])
}

#[derive(Clone, Copy)]
struct MaskRow([u16; CELLS]);

impl Default for MaskRow {
    fn default() -> Self {
        MaskRow([0; CELLS])
    }
}

#[doc = stub_doc!("next_step")]
#[pyfunction]
#[pyo3(signature = (board, /, *, candidates = None, techniques = None, stale_marks = "raise"))]
pub fn next_step(
    board: &Bound<'_, PyAny>,
    candidates: Option<&Bound<'_, PyAny>>,
    techniques: Option<&Bound<'_, PyAny>>,
    stale_marks: &str,
) -> PyResult<Option<PyStep>> {
    let grid = rule_abiding(board)?;
    let allowed = allowed_techniques(techniques)?;
    let pencil = pencil::read_pencil(&grid, candidates, stale_marks)?;
    let unique = pencil::solvable(board.py(), &pencil)?;
    let found = board.py().detach(|| steps::next_step(&pencil, allowed, unique));
    Ok(found.map(|step| PyStep::new(step, pencil)))
}

#[doc = stub_doc!("solve_steps")]
#[pyfunction]
#[pyo3(signature = (board, /, *, techniques = None))]
pub fn solve_steps(board: &Bound<'_, PyAny>, techniques: Option<&Bound<'_, PyAny>>) -> PyResult<PySolvePath> {
    let grid = rule_abiding(board)?;
    let allowed = allowed_techniques(techniques)?;
    let start = Pencil::from_grid(&grid);
    let unique = pencil::solvable(board.py(), &start)?;
    let path = board.py().detach(|| steps::solve_path(start, allowed, unique));
    Ok(PySolvePath::new(start, path))
}

#[doc = stub_doc!("grade")]
#[pyfunction]
#[pyo3(signature = (board, /))]
pub fn grade(board: &Bound<'_, PyAny>) -> PyResult<PyGrade> {
    let grid = cells::grid_from_object(board)?;
    let maps = steps::fixed_maps();
    let graded =
        interruptible(board.py(), "grading", |stop| match steps::grade(&grid, &maps, &mut Searcher::new(), &mut || stop()) {
            Ok(grade) => Ok(Ok(grade)),
            Err(GradeError::NoSolution) => Ok(Err(PyValueError::new_err("the board has no solution: grade needs exactly one"))),
            Err(GradeError::Several) => {
                Ok(Err(PyValueError::new_err("the board has more than one solution: grade needs exactly one")))
            }
            Err(GradeError::OutOfMemory) => Ok(Err(memory_error(OutOfMemory))),
            Err(GradeError::Stopped) => Err(Stopped),
        })?;
    graded.map(PyGrade::new)
}

#[doc = stub_doc!("grade_many")]
#[pyfunction]
#[pyo3(signature = (boards, /, *, threads = None))]
pub fn grade_many<'py>(boards: &Bound<'py, PyAny>, threads: Option<&Bound<'py, PyAny>>) -> PyResult<Grades> {
    let py = boards.py();
    numpy_input::require_numpy(py)?;
    let threads = thread_count(threads)?;
    let mut inputs = [read_boards(boards, "boards")?];
    let maps = steps::fixed_maps();
    let out_of_memory = AtomicBool::new(false);
    let rows = run_batch(py, &mut inputs, threads, Cost::Heavy, |values, out: &mut [Row], stop| {
        let mut searcher = Searcher::new();
        for (k, (slot, cells)) in out.iter_mut().zip(values[0].as_chunks::<CELLS>().0).enumerate() {
            if k % BOARDS_PER_CHECK == 0 && stop() {
                return;
            }
            let graded = steps::grade(&Grid::from_checked(*cells), &maps, &mut searcher, &mut || stop());
            if graded == Err(GradeError::OutOfMemory) {
                out_of_memory.store(true, Ordering::Relaxed);
            }
            slot.0 = graded.ok();
        }
    })?;
    if out_of_memory.into_inner() {
        return Err(memory_error(OutOfMemory));
    }
    Grades::new(py, &rows)
}

/// The board, read through the one input layer, refused when a digit repeats: no technique
/// means anything on a board without a solution of that kind.
fn rule_abiding(board: &Bound<'_, PyAny>) -> PyResult<Grid> {
    let grid = cells::grid_from_object(board)?;
    if !is_valid(&grid) {
        return Err(PyValueError::new_err(
            "the board breaks the rule (a digit repeats in a row, column or box): see conflicts()",
        ));
    }
    Ok(grid)
}

/// `techniques=`: None for all, else an iterable of names from `TECHNIQUES`.
pub(crate) fn allowed_techniques(techniques: Option<&Bound<'_, PyAny>>) -> PyResult<Techniques> {
    let Some(techniques) = techniques else { return Ok(ALL_TECHNIQUES) };
    if techniques.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err("techniques: expected an iterable of technique names, got a str (wrap it in a list)"));
    }
    let names = techniques.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "techniques: expected an iterable of technique names or None, got {}",
            type_name(techniques)
        ))
    })?;
    let mut allowed = 0;
    for name in names {
        let name = name?;
        let text: String = name.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "techniques: expected names from TECHNIQUES, got {}",
                name.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })?;
        let technique = Technique::from_name(&text).ok_or_else(|| {
            let shown = name.repr().map(|r| r.to_string()).unwrap_or_default();
            PyValueError::new_err(format!("techniques: unknown technique {shown}; see TECHNIQUES"))
        })?;
        allowed |= technique.bit();
    }
    Ok(allowed)
}

/// The one table of techniques as Python data (name, level, weight, needs uniqueness, name
/// in sentences), for the tests that check docs/steps.md against it.
pub fn technique_table(py: Python<'_>) -> PyResult<Bound<'_, pyo3::types::PyTuple>> {
    pyo3::types::PyTuple::new(
        py,
        steps::TECHNIQUES.iter().map(|info| (info.name, info.level.name(), info.weight, info.needs_uniqueness, info.title)),
    )
}
