//! `is_solution`, `is_solution_many` and `score_solutions`: convert, ask the core
//! (`crate::score`), convert back. Errors name the argument that is wrong.

use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use numpy::{IntoPyArray, PyArray1};

use super::exceptions::{board_format_error, text_format_error, InputError};
use super::solution_scores::{ScoreVectors, SolutionScores};
use super::{dlpack, fast_path, input, numpy_input};
use crate::batch::{self, source::try_filled, BatchError, BoardSource, Cost, Failure};
use crate::error::Located;
use crate::grid::{Grid, CELLS};
use crate::parse;
use crate::score;

/// True when `candidate` solves `puzzle`: complete, no repeat, every given kept.
///
/// See `valid_sudoku.pyi` for the accepted forms and errors.
#[pyfunction]
#[pyo3(signature = (puzzle, candidate, /))]
pub fn is_solution(puzzle: &Bound<'_, PyAny>, candidate: &Bound<'_, PyAny>) -> PyResult<bool> {
    let puzzle = board(puzzle, "puzzle")?;
    let candidate = board(candidate, "candidate")?;
    Ok(score::is_solution(&puzzle, &candidate))
}

/// One board in any form `is_valid_sudoku` takes: the classic lists and ASCII 81-symbol
/// `str`/`bytes` by their fast paths, anything else (and every error) through the checked
/// reader, with the error naming the argument.
fn board(object: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Grid> {
    let mut cells = [0u8; CELLS];
    let fast = if let Some(classic) = fast_path::classic_cells(object) {
        cells = classic;
        true
    } else if let Ok(text) = object.cast_exact::<PyString>() {
        text.to_str().ok().and_then(|text| parse::fill_from_ascii(text.as_bytes(), &mut cells)).is_some()
    } else if let Ok(bytes) = object.cast_exact::<PyBytes>() {
        parse::fill_from_ascii(bytes.as_bytes(), &mut cells).is_some()
    } else {
        false
    };
    if fast {
        if let Ok(grid) = Grid::from_values(cells) {
            return Ok(grid);
        }
    }
    input::read_grid(object).map_err(|error| named(error, name).into_py_err(object.py()))
}

/// The same error, for the argument called `name` (`candidate[2][4]: ...`).
fn named(error: InputError, name: &'static str) -> InputError {
    match error {
        InputError::Format(error) => InputError::Format(error.named(name)),
        InputError::WrongType { at, expected, found } => {
            InputError::WrongType { at: Located { name: Some(name), ..at }, expected, found }
        }
        raised @ InputError::Raised(_) => raised,
    }
}

/// Whether each candidate solves its puzzle; element i is `is_solution(puzzles[i], candidates[i])`.
///
/// See `valid_sudoku.pyi` for the accepted forms, threads and errors.
#[pyfunction]
#[pyo3(signature = (puzzles, candidates, /, *, threads = None))]
pub fn is_solution_many<'py>(
    puzzles: &Bound<'py, PyAny>,
    candidates: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let py = puzzles.py();
    numpy_input::require_numpy(py)?;
    let threads = threads.unwrap_or_else(batch::available_threads).max(1);
    let (puzzles, candidates) = (read_boards(puzzles, "puzzles")?, read_boards(candidates, "candidates")?);
    let count = same_count(&[(&*puzzles, "puzzles"), (&*candidates, "candidates")])?;
    let mut flags = try_filled(count, false).map_err(|_| out_of_memory(count))?;
    let sources: [&dyn BoardSource; 2] = [&*puzzles, &*candidates];
    py.detach(|| batch::run(&sources, 0, &mut flags, threads, Cost::Light, score::solution_chunk))
        .map_err(|failure| failure_error(py, failure, &["puzzles", "candidates"]))?;
    Ok(flags.into_pyarray(py))
}

/// Scores each candidate: complete, valid, keeps_givens, solved, and against `solutions`
/// (when given) matches and cell_accuracy.
///
/// See `valid_sudoku.pyi` for the accepted forms, threads and errors.
#[pyfunction]
#[pyo3(signature = (puzzles, candidates, /, *, solutions = None, threads = None))]
pub fn score_solutions<'py>(
    puzzles: &Bound<'py, PyAny>,
    candidates: &Bound<'py, PyAny>,
    solutions: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
) -> PyResult<SolutionScores> {
    let py = puzzles.py();
    numpy_input::require_numpy(py)?;
    let threads = threads.unwrap_or_else(batch::available_threads).max(1);
    let mut sources = vec![read_boards(puzzles, "puzzles")?, read_boards(candidates, "candidates")?];
    if let Some(solutions) = solutions {
        sources.push(read_boards(solutions, "solutions")?);
    }
    let names = ["puzzles", "candidates", "solutions"];
    let sources: Vec<&dyn BoardSource> = sources.iter().map(|s| &**s).collect();
    let count = same_count(&sources.iter().copied().zip(names).collect::<Vec<_>>())?;
    let flags = || try_filled(count, false).map_err(|_| out_of_memory(count));
    let with_reference = solutions.is_some();
    let mut vectors = ScoreVectors {
        complete: flags()?,
        valid: flags()?,
        keeps_givens: flags()?,
        solved: flags()?,
        matches: if with_reference { Some(flags()?) } else { None },
        cell_accuracy: if with_reference { Some(try_filled(count, 0.0).map_err(|_| out_of_memory(count))?) } else { None },
    };
    let mut scratch = score::scratch_for(count).map_err(|_| out_of_memory(count))?;
    let mut columns = score::Columns {
        complete: &mut vectors.complete,
        valid: &mut vectors.valid,
        keeps_givens: &mut vectors.keeps_givens,
        solved: &mut vectors.solved,
        matches: vectors.matches.as_deref_mut(),
        cell_accuracy: vectors.cell_accuracy.as_deref_mut(),
    };
    py.detach(|| {
        score::score_blocks(&mut columns, &mut scratch, |first, scores| {
            batch::run(&sources, first, scores, threads, Cost::Light, score::score_chunk)
        })
    })
    .map_err(|failure| failure_error(py, failure, &names))?;
    Ok(SolutionScores::new(py, vectors))
}

/// A batch argument as a board source. Until the shared batch reader lands, DLPack only
/// (numpy arrays included, which export DLPack).
fn read_boards(object: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Box<dyn BoardSource>> {
    match dlpack::dlpack_source(object, true, name) {
        Some(boards) => Ok(Box::new(boards?)),
        None => {
            let found = object.get_type().name().map(|n| n.to_string()).unwrap_or_default();
            Err(PyTypeError::new_err(format!("{name}: expected a numpy integer array or a DLPack tensor, got {found}")))
        }
    }
}

/// The number of boards, when every argument has as many as the first; else the
/// `candidates: expected 1000 boards (as many as puzzles), got 999` error.
fn same_count(sources: &[(&dyn BoardSource, &'static str)]) -> PyResult<usize> {
    let Some(&(first, first_name)) = sources.first() else { return Ok(0) };
    let count = first.len();
    for &(source, name) in sources.iter().skip(1) {
        if source.len() != count {
            let plural = if count == 1 { "board" } else { "boards" };
            return Err(PyValueError::new_err(format!(
                "{name}: expected {count} {plural} (as many as {first_name}), got {}",
                source.len()
            )));
        }
    }
    Ok(count)
}

fn out_of_memory(count: usize) -> PyErr {
    PyMemoryError::new_err(format!("cannot allocate the results for {count} boards"))
}

/// The Python exception for the first bad board of a run, naming its argument.
fn failure_error(py: Python<'_>, failure: Failure, names: &[&'static str]) -> PyErr {
    let name = names.get(failure.source).copied().unwrap_or("boards");
    match failure.error {
        BatchError::Board(error) => board_format_error(py, &error.named(name)),
        BatchError::Text(error) => text_format_error(py, &error),
        BatchError::OutOfMemory => PyMemoryError::new_err("cannot allocate a buffer for the boards"),
    }
}
