//! Runs a batch operation over the boards of one or more arguments: with the GIL released
//! throughout when every argument is memory, or a chunk at a time when some are Python
//! objects (read with the GIL, then worked on without it).

use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;

use super::boards::{batch_error, Boards, Form};
use crate::batch::source::try_filled;
use crate::batch::{self, BoardSource, Cost, TextOp, Values};
use crate::grid::CELLS;

/// Boards read from Python objects per step: about 330 KB of values per argument.
const OBJECT_CHUNK: usize = 4096;

/// The output of `op` for every board of `inputs` (which must all hold as many boards), on
/// up to `threads` threads. `op(values, out)` gets a chunk's boards, one slice of checked
/// values per input, and the chunk's output slots.
pub fn run_batch<T, Op>(py: Python<'_>, inputs: &mut [Boards<'_>], threads: usize, cost: Cost, op: Op) -> PyResult<Vec<T>>
where
    T: Send + Clone + Default,
    Op: Fn(&[&[u8]], &mut [T]) + Sync,
{
    run_batch_with(py, inputs, threads, cost, Driver::Checked, batch::accepting(op))
}

/// [`run_batch`] for an operation that checks the values of sources read in place itself
/// (`batch::run_raw`): `op` returns false when some value is above 9.
pub fn run_batch_raw<T, Op>(py: Python<'_>, inputs: &mut [Boards<'_>], threads: usize, cost: Cost, op: Op) -> PyResult<Vec<T>>
where
    T: Send + Clone + Default,
    Op: Fn(&[&[u8]], &mut [T]) -> bool + Sync,
{
    run_batch_with(py, inputs, threads, cost, Driver::Raw, op)
}

/// [`run_batch_raw`], with the operation's shortcut for puzzle text read in place
/// ([`batch::run_raw_with_text`]).
pub fn run_batch_raw_with_text<T, Op>(
    py: Python<'_>,
    inputs: &mut [Boards<'_>],
    threads: usize,
    cost: Cost,
    op: Op,
    text_op: TextOp<'_, T>,
) -> PyResult<Vec<T>>
where
    T: Send + Clone + Default,
    Op: Fn(&[&[u8]], &mut [T]) -> bool + Sync,
{
    run_batch_with(py, inputs, threads, cost, Driver::RawText(text_op), op)
}

/// Which entry of the driver runs the operation.
enum Driver<'a, T> {
    /// [`batch::run`]: values checked before the operation sees them.
    Checked,
    /// [`batch::run_raw`]: the operation checks them.
    Raw,
    /// [`batch::run_raw_with_text`]: the operation checks them, or text in place.
    RawText(TextOp<'a, T>),
}

/// The body of all three.
fn run_batch_with<T, Op>(py: Python<'_>, inputs: &mut [Boards<'_>], threads: usize, cost: Cost, driver: Driver<'_, T>, op: Op) -> PyResult<Vec<T>>
where
    T: Send + Clone + Default,
    Op: Fn(&[&[u8]], &mut [T]) -> bool + Sync,
{
    let drive = |sources: &[&dyn BoardSource], first: usize, out: &mut [T]| {
        let checked = |values: &[&[u8]], out: &mut [T]| {
            op(values, out);
        };
        match driver {
            Driver::Raw => batch::run_raw(sources, first, out, threads, cost, &op),
            Driver::Checked => batch::run(sources, first, out, threads, cost, checked),
            Driver::RawText(text_op) => batch::run_raw_with_text(sources, first, out, threads, cost, &op, text_op),
        }
    };
    let count = same_count(inputs)?;
    let mut out = try_filled(count, T::default()).map_err(|_| PyMemoryError::new_err(too_many(inputs, count)))?;
    let names: Vec<&'static str> = inputs.iter().map(|input| input.name).collect();
    let name_of = |index: usize| names.get(index).copied().unwrap_or("boards");
    let all_native = inputs.iter().all(|input| matches!(input.form, Form::Native(_)));
    if all_native {
        let sources: Vec<&dyn BoardSource> = inputs.iter().filter_map(native_source).collect();
        py.detach(|| drive(&sources, 0, &mut out))
            .map_err(|failure| batch_error(py, name_of(failure.source), failure.error))?;
        return Ok(out);
    }
    let mut buffers: Vec<Vec<u8>> = Vec::new();
    for input in inputs.iter() {
        let size = if matches!(input.form, Form::Objects(_)) { OBJECT_CHUNK.min(count) * CELLS } else { 0 };
        buffers.push(try_filled(size, 0u8).map_err(|_| PyMemoryError::new_err(too_many(inputs, count)))?);
    }
    for (chunk, slots) in out.chunks_mut(OBJECT_CHUNK).enumerate() {
        let first = chunk * OBJECT_CHUNK;
        let cells = slots.len() * CELLS;
        for (input, buffer) in inputs.iter_mut().zip(buffers.iter_mut()) {
            if let Form::Objects(objects) = &mut input.form {
                objects.read_chunk(first, buffer.get_mut(..cells).unwrap_or_default(), input.name)?;
            }
        }
        // Boards read from objects are checked already; they are wrapped as a source
        // numbered from this chunk's first board, beside the memory sources.
        let chunk_values: Vec<Values<'_>> =
            buffers.iter().map(|buffer| Values::new(buffer.get(..cells).unwrap_or_default(), first, true)).collect();
        let sources: Vec<&dyn BoardSource> = inputs
            .iter()
            .zip(&chunk_values)
            .map(|(input, values)| native_source(input).unwrap_or(values as &dyn BoardSource))
            .collect();
        py.detach(|| drive(&sources, first, slots))
            .map_err(|failure| batch_error(py, name_of(failure.source), failure.error))?;
    }
    Ok(out)
}

/// The source of an argument whose boards are in memory (arrays, tensors, bytes, Arrow).
pub fn native_source<'a>(input: &'a Boards<'_>) -> Option<&'a dyn BoardSource> {
    match &input.form {
        Form::Native(native) => Some(native.source.as_ref()),
        Form::Objects(_) => None,
    }
}

/// The number of boards, the same in every input, or the `ValueError` that says which differs.
fn same_count(inputs: &[Boards<'_>]) -> PyResult<usize> {
    let Some(first) = inputs.first() else { return Ok(0) };
    let count = first.len();
    for other in inputs.iter().skip(1) {
        if other.len() != count {
            let boards = if count == 1 { "board" } else { "boards" };
            return Err(PyValueError::new_err(format!(
                "{}: expected {count} {boards} (as many as {}), got {}",
                other.name,
                first.name,
                other.len()
            )));
        }
    }
    Ok(count)
}

fn too_many(inputs: &[Boards<'_>], count: usize) -> String {
    let name = inputs.first().map_or("boards", |input| input.name);
    format!("{name}: not enough memory for the results of {count} boards")
}
