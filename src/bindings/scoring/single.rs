//! `is_solution`, `is_solution_many` and `score_solutions`: convert, ask the core
//! (`crate::score`), convert back. Errors name the argument that is wrong.

use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::batch::{self, source::try_zeroed_vec, BoardSource, Check, Cost};
use crate::bindings::input::arguments::{out_of_memory, thread_count};
use crate::bindings::input::boards::{read_boards, Boards};
use crate::bindings::input::cells;
use crate::bindings::input::numpy_input;
use crate::bindings::run::batch_run::{native_source, run_batch, run_batch_raw, run_detached};
use crate::bindings::scoring::scores::{ScoreVectors, SolutionScores};
use crate::bounds::Known;
use crate::grid::CELLS;
use crate::score;

// True when `answer` solves `puzzle`: complete, no repeat, every given kept.
#[doc = stub_doc!("is_solution")]
#[pyfunction]
#[pyo3(signature = (puzzle, answer, /))]
pub fn is_solution(puzzle: &Bound<'_, PyAny>, answer: &Bound<'_, PyAny>) -> PyResult<bool> {
    let puzzle = cells(puzzle, "puzzle")?;
    let answer = cells(answer, "answer")?;
    Ok(score::is_solution_cells(&puzzle, &answer))
}

/// One board's 81 values, with an error naming the argument (`answer[2][4]: ...`).
fn cells(object: &Bound<'_, PyAny>, name: &'static str) -> PyResult<[u8; CELLS]> {
    cells::read_cells(object).map_err(|error| error.named(name).into_py_err(object.py()))
}

// Whether each answer solves its puzzle; element i is `is_solution(puzzles[i], answers[i])`.
#[doc = stub_doc!("is_solution_many")]
#[pyfunction]
#[pyo3(signature = (puzzles, answers, /, *, threads = None))]
pub fn is_solution_many<'py>(
    puzzles: &Bound<'py, PyAny>,
    answers: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let py = puzzles.py();
    numpy_input::require_numpy(py)?;
    let threads = thread_count(threads)?;
    let mut inputs = [read_boards(puzzles, "puzzles")?, read_boards(answers, "answers")?];
    let flags = run_batch_raw(py, &mut inputs, threads, Cost::Light, score::solution_chunk)?;
    Ok(flags.into_pyarray(py))
}

/// A reference that is not a solution of its puzzle is a broken dataset row, never a score:
/// the first one is a `ValueError` naming its row (`solutions[17]: ...`).
/// `inputs` are puzzles, answers and solutions; they are left ready to be read again.
fn check_references(py: Python<'_>, inputs: &mut [Boards<'_>], threads: usize) -> PyResult<()> {
    // Puzzles and solutions side by side, scored as if the solutions were answers.
    inputs.swap(1, 2);
    let scores =
        run_batch(py, inputs.get_mut(..2).known(), threads, Cost::Light, |values, out, _| score::score_chunk(values, out));
    inputs.swap(1, 2);
    inputs.iter_mut().for_each(Boards::rewind);
    let scores = scores?;
    let Some((row, score)) = scores.iter().enumerate().find(|(_, score)| !score.solved()) else { return Ok(()) };
    let what = if !score.complete() {
        "an incomplete grid"
    } else if !score.valid() {
        "a grid with a repeated digit"
    } else {
        "a grid that changes a given of the puzzle"
    };
    Err(PyValueError::new_err(format!(
        "solutions[{row}]: expected a solution of puzzles[{row}] (complete, valid, keeping its givens), got {what}"
    )))
}

// Scores each answer: complete, valid, keeps_givens, solved, and against `solutions`
// (when given) matches and cell_accuracy.
#[doc = stub_doc!("score_solutions")]
#[pyfunction]
#[pyo3(signature = (puzzles, answers, /, *, solutions = None, threads = None))]
pub fn score_solutions<'py>(
    puzzles: &Bound<'py, PyAny>,
    answers: &Bound<'py, PyAny>,
    solutions: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<SolutionScores> {
    let py = puzzles.py();
    numpy_input::require_numpy(py)?;
    let threads = thread_count(threads)?;
    let mut inputs = vec![read_boards(puzzles, "puzzles")?, read_boards(answers, "answers")?];
    if let Some(solutions) = solutions {
        inputs.push(read_boards(solutions, "solutions")?);
        check_references(py, &mut inputs, threads)?;
    }
    let count = inputs.first().map_or(0, Boards::len);
    let memory = || out_of_memory("puzzles", &format!("the results of {count} boards"));
    // Zeroed lazily (calloc): no pass over the outputs before the first board is scored.
    let flags = || try_zeroed_vec(count).map_err(|_| memory());
    let with_reference = solutions.is_some();
    let mut vectors = ScoreVectors {
        complete: flags()?,
        valid: flags()?,
        keeps_givens: flags()?,
        solved: flags()?,
        matches: if with_reference { Some(flags()?) } else { None },
        cell_accuracy: if with_reference { Some(try_zeroed_vec(count).map_err(|_| memory())?) } else { None },
    };
    let mut columns = score::Columns {
        complete: &mut vectors.complete,
        valid: &mut vectors.valid,
        keeps_givens: &mut vectors.keeps_givens,
        solved: &mut vectors.solved,
        matches: vectors.matches.as_deref_mut(),
        cell_accuracy: vectors.cell_accuracy.as_deref_mut(),
    };
    let memory_sources: Option<Vec<&dyn BoardSource>> = inputs.iter().map(native_source).collect();
    match memory_sources {
        // All memory: scored a block at a time with the GIL released, so that memory beyond
        // the outputs stays one block of scores.
        Some(sources) if sources.iter().all(|source| source.len() == count) => {
            let mut scratch = score::scratch_for(count).map_err(|_| memory())?;
            let names: Vec<&'static str> = inputs.iter().map(|input| input.name).collect();
            let op = batch::accepting(score::score_chunk);
            run_detached(py, &names, |stop| {
                score::score_blocks(&mut columns, &mut scratch, |first, scores| {
                    batch::run_until(&sources, first, scores, threads, Cost::Light, Check::First, &op, None, stop)
                })
            })?;
        }
        // Python objects (or a count mismatch, which the shared driver reports): scored by
        // the shared driver, which reads objects a chunk at a time with the GIL; one packed
        // score per board is small beside the objects themselves.
        _ => {
            let scores = run_batch(py, &mut inputs, threads, Cost::Light, |values, out, _| score::score_chunk(values, out))?;
            columns.spread(0, &scores);
        }
    }
    SolutionScores::new(py, vectors)
}
