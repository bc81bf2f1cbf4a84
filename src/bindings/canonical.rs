//! Canonical forms and isomorphs: `canonical`, `canonical_many`, `are_equivalent`,
//! `automorphisms`, `random_isomorph`, `random_isomorph_many`. Boards come through the one
//! input layer; the core (`crate::canonical`) does the work with the GIL released.

use numpy::{IntoPyArray, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::batch::Cost;
use crate::bindings::input::arguments::{out_of_memory, seed_value, thread_count};
use crate::bindings::input::board_value::PyBoard;
use crate::bindings::input::boards::read_boards;
use crate::bindings::input::cells;
use crate::bindings::input::numpy_input;
use crate::bindings::run::batch_run::{run_batch, run_batch_indexed};
use crate::bindings::solving::many::{rows_into_bytes, Row};
use crate::bounds::Known;
use crate::canonical::{Canonical, Map, OutOfMemory, Searcher};
use crate::grid::{Grid, CELLS};
use crate::rng::Rng;

/// Boards canonicalised between two checks for Ctrl-C.
const BOARDS_PER_CHECK: usize = 64;

#[doc = stub_doc!("canonical")]
#[pyfunction]
#[pyo3(signature = (board, /))]
pub fn canonical(py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<String> {
    canonical_text(py, &cells::grid_from_object(board)?)
}

/// [`canonical`] for a grid already read (also `Board.canonical()`).
pub fn canonical_text(py: Python<'_>, grid: &Grid) -> PyResult<String> {
    let form = search(py, grid)?;
    Ok(form.cells.iter().map(|&v| char::from(b'0' + v)).collect())
}

#[doc = stub_doc!("automorphisms")]
#[pyfunction]
#[pyo3(signature = (board, /))]
pub fn automorphisms(py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(search(py, &cells::grid_from_object(board)?)?.automorphisms)
}

#[doc = stub_doc!("are_equivalent")]
#[pyfunction]
#[pyo3(signature = (a, b, /))]
pub fn are_equivalent(py: Python<'_>, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<bool> {
    let (a, b) = (cells::grid_from_object(a)?, cells::grid_from_object(b)?);
    py.detach(|| crate::canonical::are_equivalent(&a, &b)).map_err(memory_error)
}

#[doc = stub_doc!("random_isomorph")]
#[pyfunction]
#[pyo3(signature = (board, /, *, seed = None))]
pub fn random_isomorph(board: &Bound<'_, PyAny>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<PyBoard> {
    let grid = cells::grid_from_object(board)?;
    // Row 0's map, so that `random_isomorph(b, seed=s)` is `random_isomorph_many([b], seed=s)[0]`.
    let seed = seed_value(seed)?;
    let map = row_map(seed, 0, Rng::batch_words(seed, 0).next_u64());
    Ok(PyBoard::from_grid(map.apply(&grid)))
}

#[doc = stub_doc!("canonical_many")]
#[pyfunction]
#[pyo3(signature = (boards, /, *, threads = None))]
pub fn canonical_many<'py>(
    boards: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<u8>>> {
    let py = boards.py();
    numpy_input::require_numpy(py)?;
    let threads = thread_count(threads)?;
    let mut inputs = [read_boards(boards, "boards")?];
    let out_of_memory = std::sync::atomic::AtomicBool::new(false);
    let rows = run_batch(py, &mut inputs, threads, Cost::Heavy, |values, out: &mut [Row], stop| {
        let mut searcher = Searcher::new();
        for (k, (slot, cells)) in out.iter_mut().zip(values[0].chunks_exact(CELLS)).enumerate() {
            if k % BOARDS_PER_CHECK == 0 && stop() {
                return;
            }
            let Ok(cells) = <&[u8; CELLS]>::try_from(cells) else { continue };
            match searcher.canonical(cells) {
                Ok(form) => *slot = Row(form.cells),
                Err(OutOfMemory) => out_of_memory.store(true, std::sync::atomic::Ordering::Relaxed),
            }
        }
    })?;
    if out_of_memory.into_inner() {
        return Err(memory_error(OutOfMemory));
    }
    let count = rows.len();
    rows_into_bytes(rows).into_pyarray(py).reshape([count, CELLS])
}

#[doc = stub_doc!("random_isomorph_many")]
#[pyfunction]
#[pyo3(signature = (boards, /, *, solutions = None, seed = None, threads = None))]
pub fn random_isomorph_many<'py>(
    boards: &Bound<'py, PyAny>,
    solutions: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = boards.py();
    numpy_input::require_numpy(py)?;
    let seed = seed_value(seed)?;
    let threads = thread_count(threads)?;
    let mut inputs = vec![read_boards(boards, "boards")?];
    if let Some(solutions) = solutions {
        inputs.push(read_boards(solutions, "solutions")?);
    }
    if inputs.len() == 1 {
        // Each chunk is mapped as the driver reads it, straight into the array for numpy.
        let rows = run_batch_indexed(py, &mut inputs, threads, Cost::Light, |first, values, out: &mut [Row]| {
            let boards = values.first().copied().known();
            for_each_map(seed, first, out.len(), |k, map| {
                if let (Some(cells), Some(row)) = (board_at(boards, k), out.get_mut(k)) {
                    map.apply_each_into([cells], [&mut row.0]);
                }
            });
        })?;
        let count = rows.len();
        return rows_into_bytes(rows).into_pyarray(py).reshape([count, CELLS]).map(|array| array.into_any());
    }
    // Pairs are read together (the first bad board of either is reported in board order) and
    // mapped as they are read, then split into the two arrays.
    let pairs = run_batch_indexed(py, &mut inputs, threads, Cost::Light, |first, values, out: &mut [[Row; 2]]| {
        let (boards, answers) = (values.first().copied().known(), values.get(1).copied().known());
        for_each_map(seed, first, out.len(), |k, map| {
            if let (Some(board), Some(answer), Some([puzzle, solution])) =
                (board_at(boards, k), board_at(answers, k), out.get_mut(k))
            {
                map.apply_each_into([board, answer], [&mut puzzle.0, &mut solution.0]);
            }
        });
    })?;
    let count = pairs.len();
    let (mut puzzles, mut answers) = (empty_rows(count)?, empty_rows(count)?);
    py.detach(|| {
        for [puzzle, answer] in &pairs {
            puzzles.push(*puzzle);
            answers.push(*answer);
        }
    });
    drop(pairs);
    let puzzles = rows_into_bytes(puzzles).into_pyarray(py).reshape([count, CELLS])?;
    let answers = rows_into_bytes(answers).into_pyarray(py).reshape([count, CELLS])?;
    Ok(PyTuple::new(py, [puzzles.into_any(), answers.into_any()])?.into_any())
}

/// Calls `each(k, map)` for rows `first..first + count`, `map` being row `first + k`'s: the map
/// of word `i` of the seed's batch words ([`Rng::batch_words`]), so the same in any part. The
/// rare word that [`Map::from_word`] rejects (1 in 15 million) gives way to a map drawn from
/// the row's own stream, so every row's map is uniform over the group.
fn for_each_map(seed: u64, first: usize, count: usize, mut each: impl FnMut(usize, &Map)) {
    let mut words = Rng::batch_words(seed, first as u64);
    for k in 0..count {
        each(k, &row_map(seed, (first + k) as u64, words.next_u64()));
    }
}

/// Row `i`'s map, from `word`, word `i` of the seed's batch words.
fn row_map(seed: u64, i: u64, word: u64) -> Map {
    Map::from_word(word).unwrap_or_else(|| Map::random(&mut Rng::for_item(seed, i)))
}

/// Board `k` of a chunk's values.
fn board_at(values: &[u8], k: usize) -> Option<&[u8; CELLS]> {
    values.get(k * CELLS..k * CELLS + CELLS).and_then(|cells| cells.try_into().ok())
}

/// An empty vector with room for `count` rows, or MemoryError.
fn empty_rows(count: usize) -> PyResult<Vec<Row>> {
    let mut rows = Vec::new();
    rows.try_reserve_exact(count).map_err(|_| out_of_memory("boards", &format!("{count} rows")))?;
    crate::batch::pages::advise_huge_pages(&mut rows);
    Ok(rows)
}

/// The search for one board, with the GIL released (a complete grid takes the longest).
fn search(py: Python<'_>, grid: &Grid) -> PyResult<Canonical> {
    py.detach(|| Searcher::new().canonical(grid.cells())).map_err(memory_error)
}

pub(crate) fn memory_error(_: OutOfMemory) -> PyErr {
    out_of_memory("board", "the canonical form's search")
}
