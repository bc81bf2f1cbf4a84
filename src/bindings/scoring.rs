//! `is_solution`, `is_solution_many` and `score_solutions`: convert, ask the core
//! (`crate::score`), convert back. Errors name the argument that is wrong.

use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::PyMemoryError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use super::arguments::thread_count;
use super::batch_run::run_batch;
use super::boards::{batch_error, read_boards, Boards, Form};
use super::exceptions::InputError;
use super::solution_scores::{ScoreVectors, SolutionScores};
use super::{fast_path, input, numpy_input};
use crate::batch::{self, source::try_filled, BoardSource, Cost};
use crate::error::Located;
use crate::grid::CELLS;
use crate::parse;
use crate::score;

// True when `candidate` solves `puzzle`: complete, no repeat, every given kept.
#[doc = stub_doc!("is_solution")]
#[pyfunction]
#[pyo3(signature = (puzzle, candidate, /))]
pub fn is_solution(puzzle: &Bound<'_, PyAny>, candidate: &Bound<'_, PyAny>) -> PyResult<bool> {
    let puzzle = cells(puzzle, "puzzle")?;
    let candidate = cells(candidate, "candidate")?;
    Ok(score::is_solution_cells(&puzzle, &candidate))
}

/// One board's 81 values (each 0-9), in any form `is_valid_sudoku` takes: the classic lists
/// and ASCII 81-symbol `str`/`bytes` by their fast paths, anything else (and every error)
/// through the checked reader, with the error naming the argument.
fn cells(object: &Bound<'_, PyAny>, name: &'static str) -> PyResult<[u8; CELLS]> {
    if let Some(cells) = fast_path::classic_cells(object) {
        return Ok(cells);
    }
    let mut cells = [0u8; CELLS];
    let text = if let Ok(text) = object.cast_exact::<PyString>() {
        // The length first: `to_str` of a long non-ASCII str would build a UTF-8 copy of it.
        (text.len().ok() == Some(CELLS)).then(|| text.to_str().ok().map(str::as_bytes)).flatten()
    } else {
        object.cast_exact::<PyBytes>().ok().map(|bytes| bytes.as_bytes())
    };
    if text.and_then(|text| parse::fill_from_ascii(text, &mut cells)).is_some() {
        return Ok(cells);
    }
    match input::read_grid(object) {
        Ok(grid) => Ok(*grid.cells()),
        Err(error) => Err(named(error, name).into_py_err(object.py())),
    }
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

// Whether each candidate solves its puzzle; element i is `is_solution(puzzles[i], candidates[i])`.
#[doc = stub_doc!("is_solution_many")]
#[pyfunction]
#[pyo3(signature = (puzzles, candidates, /, *, threads = None))]
pub fn is_solution_many<'py>(
    puzzles: &Bound<'py, PyAny>,
    candidates: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let py = puzzles.py();
    numpy_input::require_numpy(py)?;
    let threads = thread_count(threads)?;
    let mut inputs = [read_boards(puzzles, "puzzles")?, read_boards(candidates, "candidates")?];
    let flags = run_batch(py, &mut inputs, threads, Cost::Light, score::solution_chunk)?;
    Ok(flags.into_pyarray(py))
}

// Scores each candidate: complete, valid, keeps_givens, solved, and against `solutions`
// (when given) matches and cell_accuracy.
#[doc = stub_doc!("score_solutions")]
#[pyfunction]
#[pyo3(signature = (puzzles, candidates, /, *, solutions = None, threads = None))]
pub fn score_solutions<'py>(
    puzzles: &Bound<'py, PyAny>,
    candidates: &Bound<'py, PyAny>,
    solutions: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<SolutionScores> {
    let py = puzzles.py();
    numpy_input::require_numpy(py)?;
    let threads = thread_count(threads)?;
    let mut inputs = vec![read_boards(puzzles, "puzzles")?, read_boards(candidates, "candidates")?];
    if let Some(solutions) = solutions {
        inputs.push(read_boards(solutions, "solutions")?);
    }
    let count = inputs.first().map_or(0, Boards::len);
    let memory = || PyMemoryError::new_err(format!("puzzles: not enough memory for the results of {count} boards"));
    let flags = || try_filled(count, false).map_err(|_| memory());
    let with_reference = solutions.is_some();
    let mut vectors = ScoreVectors {
        complete: flags()?,
        valid: flags()?,
        keeps_givens: flags()?,
        solved: flags()?,
        matches: if with_reference { Some(flags()?) } else { None },
        cell_accuracy: if with_reference { Some(try_filled(count, 0.0).map_err(|_| memory())?) } else { None },
    };
    let mut columns = score::Columns {
        complete: &mut vectors.complete,
        valid: &mut vectors.valid,
        keeps_givens: &mut vectors.keeps_givens,
        solved: &mut vectors.solved,
        matches: vectors.matches.as_deref_mut(),
        cell_accuracy: vectors.cell_accuracy.as_deref_mut(),
    };
    let memory_sources: Option<Vec<&dyn BoardSource>> = inputs.iter().map(memory_source).collect();
    match memory_sources {
        // All memory: scored a block at a time with the GIL released, so that memory beyond
        // the outputs stays one block of scores.
        Some(sources) if sources.iter().all(|source| source.len() == count) => {
            let mut scratch = score::scratch_for(count).map_err(|_| memory())?;
            let names: Vec<&'static str> = inputs.iter().map(|input| input.name).collect();
            py.detach(|| {
                score::score_blocks(&mut columns, &mut scratch, |first, scores| {
                    batch::run(&sources, first, scores, threads, Cost::Light, score::score_chunk)
                })
            })
            .map_err(|failure| batch_error(py, names.get(failure.source).copied().unwrap_or("boards"), failure.error))?;
        }
        // Python objects (or a count mismatch, which the shared driver reports): scored by
        // the shared driver, which reads objects a chunk at a time with the GIL; one packed
        // score per board is small beside the objects themselves.
        _ => {
            let scores = run_batch(py, &mut inputs, threads, Cost::Light, score::score_chunk)?;
            columns.spread(0, &scores);
        }
    }
    Ok(SolutionScores::new(py, vectors))
}

/// The source of an argument whose boards are in memory (arrays, tensors, bytes of lines).
fn memory_source<'a>(input: &'a Boards<'_>) -> Option<&'a dyn BoardSource> {
    match &input.form {
        Form::Native(native) => Some(native.source.as_ref()),
        Form::Objects(_) => None,
    }
}
