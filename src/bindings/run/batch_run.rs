//! Runs a batch operation over the boards of one or more arguments: with the GIL released
//! throughout when every argument is memory, or a chunk at a time when some are Python
//! objects (read with the GIL, then worked on without it).
//!
//! Ctrl-C is heard within milliseconds whatever the batch: the driver asks [`Interrupt`]
//! before every chunk on every thread and hands out no chunk after a stop, and the output is
//! grown a block at a time as the work reaches it, so no pass over the whole output (8 GB
//! for a solution per board of 10**8) runs before the first board, or after a stop.
//!
//! The driver makes the call's one `Interrupt` and hands an operation that asks too (a long
//! search, a board after board loop) its [`Stop`]: an operation cannot make one of its own,
//! which could take the signal while the driver went on reading and growing every block.

use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;

use crate::batch::source::try_filled;
use crate::batch::{self, BatchError, BoardSource, Check, Cost, Failure, Stop, TextOp, Values};
use crate::bindings::input::arguments::out_of_memory;
use crate::bindings::input::boards::{batch_error, Boards, Form};
use crate::bindings::run::interrupt::Interrupt;
use crate::bounds::Known;
use crate::grid::CELLS;

/// Boards read from Python objects per step: about 330 KB of values per argument.
const OBJECT_CHUNK: usize = 4096;

/// Bytes of output grown at once at most: a blink even on a loaded machine, so Ctrl-C is heard
/// between blocks whatever one board's output weighs (162 bytes of marks, 81 of a solution).
const BLOCK_BYTES: usize = 16 << 20;

/// Boards per block of output grown at once for memory inputs: enough for many parts on many
/// threads (see `Cost`), little enough that growing it is a blink.
fn block_for<T>(cost: Cost) -> usize {
    let boards = match cost {
        Cost::Light => 1 << 20,
        Cost::Heavy => 1 << 14,
    };
    boards.min(BLOCK_BYTES / std::mem::size_of::<T>().max(1)).max(1)
}

/// The output of `op` for every board of `inputs` (which must all hold as many boards), on
/// up to `threads` threads. `op(values, out, stop)` gets a chunk's boards, one slice of
/// checked values per input, the chunk's output slots, and the call's stop: an operation
/// that runs long on a chunk asks it (between boards, inside a search) and returns early
/// once it says yes; the driver asks the same one and returns the exception.
pub fn run_batch<T, Op>(py: Python<'_>, inputs: &mut [Boards<'_>], threads: usize, cost: Cost, op: Op) -> PyResult<Vec<T>>
where
    T: Send + Clone + Default,
    Op: Fn(&[&[u8]], &mut [T], Stop<'_>) + Sync,
{
    let op = move |_, values: &[&[u8]], out: &mut [T], stop: Stop<'_>| {
        op(values, out, stop);
        true
    };
    run_batch_with(py, inputs, threads, cost, Driver::Checked, op)
}

/// [`run_batch`] for a light operation that checks the values of sources read in place
/// itself (`batch::run_raw`): `op` returns false when some value is above 9.
pub fn run_batch_raw<T, Op>(py: Python<'_>, inputs: &mut [Boards<'_>], threads: usize, cost: Cost, op: Op) -> PyResult<Vec<T>>
where
    T: Send + Clone + Default,
    Op: Fn(&[&[u8]], &mut [T]) -> bool + Sync,
{
    run_batch_with(py, inputs, threads, cost, Driver::Raw, move |_, values: &[&[u8]], out: &mut [T], _: Stop<'_>| op(values, out))
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
    let op = move |_, values: &[&[u8]], out: &mut [T], _: Stop<'_>| op(values, out);
    run_batch_with(py, inputs, threads, cost, Driver::RawText(text_op), op)
}

/// [`run_batch`] for a light operation keyed by board number: `op(first, values, out)` gets
/// the number of the chunk's first board too.
pub fn run_batch_indexed<T, Op>(py: Python<'_>, inputs: &mut [Boards<'_>], threads: usize, cost: Cost, op: Op) -> PyResult<Vec<T>>
where
    T: Send + Clone + Default,
    Op: Fn(usize, &[&[u8]], &mut [T]) + Sync,
{
    let op = move |first, values: &[&[u8]], out: &mut [T], _: Stop<'_>| {
        op(first, values, out);
        true
    };
    run_batch_with(py, inputs, threads, cost, Driver::Checked, op)
}

/// Runs `work` over sources in memory with the GIL released, handing it the call's one stop
/// for the driver it runs ([`batch::run_until`]): for a call that drives blocks itself. A
/// failure of source `k` is reported under `names[k]`.
pub fn run_detached<R: Send>(
    py: Python<'_>,
    names: &[&'static str],
    work: impl FnOnce(Stop<'_>) -> Result<R, Failure> + Send,
) -> PyResult<R> {
    let interrupt = Interrupt::new();
    let outcome = py.detach(|| work(&|| interrupt.should_stop()));
    let answer = outcome.map_err(|failure| failed(py, &interrupt, names, failure))?;
    interrupt.answer(Ok(answer), "the batch")
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

/// The body of them all: `op(first, values, out, stop)`.
fn run_batch_with<T, Op>(
    py: Python<'_>,
    inputs: &mut [Boards<'_>],
    threads: usize,
    cost: Cost,
    driver: Driver<'_, T>,
    op: Op,
) -> PyResult<Vec<T>>
where
    T: Send + Clone + Default,
    Op: Fn(usize, &[&[u8]], &mut [T], Stop<'_>) -> bool + Sync,
{
    let interrupt = Interrupt::new();
    let stop = || interrupt.should_stop();
    let op = |first, values: &[&[u8]], out: &mut [T]| op(first, values, out, &stop);
    let drive = |sources: &[&dyn BoardSource], first: usize, out: &mut [T]| {
        let (check, text_op) = match driver {
            Driver::Raw => (Check::AfterRefusal, None),
            Driver::Checked => (Check::First, None),
            Driver::RawText(text_op) => (Check::AfterRefusal, Some(text_op)),
        };
        batch::run_until(sources, first, out, threads, cost, check, &op, text_op, &stop)
    };
    let count = same_count(inputs)?;
    let memory = || too_many(inputs, count);
    // Reserved, not written: the pages are the system's until a block is grown into them.
    let mut out: Vec<T> = Vec::new();
    out.try_reserve_exact(count).map_err(|_| memory())?;
    crate::batch::pages::advise_huge_pages(&mut out);
    let names: Vec<&'static str> = inputs.iter().map(|input| input.name).collect();
    let fail = |failure: Failure| failed(py, &interrupt, &names, failure);
    let all_native = inputs.iter().all(|input| matches!(input.form, Form::Native(_)));
    if all_native {
        let sources: Vec<&dyn BoardSource> = inputs.iter().filter_map(native_source).collect();
        let block = block_for::<T>(cost);
        py.detach(|| {
            while out.len() < count {
                let first = out.len();
                out.resize(first + block.min(count - first), T::default());
                drive(&sources, first, out.get_mut(first..).known())?;
            }
            Ok(())
        })
        .map_err(fail)?;
        return interrupt.answer(Ok(out), "the batch");
    }
    let mut buffers: Vec<Vec<u8>> = Vec::new();
    for input in inputs.iter() {
        let size = if matches!(input.form, Form::Objects(_)) { OBJECT_CHUNK.min(count) * CELLS } else { 0 };
        buffers.push(try_filled(size, 0u8).map_err(|_| memory())?);
    }
    while out.len() < count {
        // Reading objects holds the GIL and asks no one: Ctrl-C is heard here, between chunks.
        if stop() {
            return Err(stopped(&interrupt));
        }
        let first = out.len();
        let boards = OBJECT_CHUNK.min(count - first);
        let cells = boards * CELLS;
        for (input, buffer) in inputs.iter_mut().zip(buffers.iter_mut()) {
            if let Form::Objects(objects) = &mut input.form {
                objects.read_chunk(first, buffer.get_mut(..cells).known(), input.name)?;
            }
        }
        // Boards read from objects are checked already; they are wrapped as a source
        // numbered from this chunk's first board, beside the memory sources.
        let chunk_values: Vec<Values<'_>> =
            buffers.iter().map(|buffer| Values::new(buffer.get(..cells).known(), first, true)).collect();
        let sources: Vec<&dyn BoardSource> = inputs
            .iter()
            .zip(&chunk_values)
            .map(|(input, values)| native_source(input).unwrap_or(values as &dyn BoardSource))
            .collect();
        out.resize(first + boards, T::default());
        py.detach(|| drive(&sources, first, out.get_mut(first..).known())).map_err(fail)?;
    }
    interrupt.answer(Ok(out), "the batch")
}

/// What a stopped call raises: the exception the signal handler raised (KeyboardInterrupt),
/// or, if the handler raised none (a stop asked by the operation itself), a plain one.
fn stopped(interrupt: &Interrupt) -> PyErr {
    interrupt.take_raised().unwrap_or_else(|| PyKeyboardInterrupt::new_err("interrupted"))
}

/// What a failed run raises: a Ctrl-C heard meanwhile first (Python has cleared the signal,
/// so dropping its exception would lose it), else the first bad input, named.
fn failed(py: Python<'_>, interrupt: &Interrupt, names: &[&'static str], failure: Failure) -> PyErr {
    match failure.error {
        BatchError::Stopped => stopped(interrupt),
        error => interrupt
            .take_raised()
            .unwrap_or_else(|| batch_error(py, names.get(failure.source).copied().known_or("boards"), error)),
    }
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

fn too_many(inputs: &[Boards<'_>], count: usize) -> PyErr {
    let name = inputs.first().map_or("boards", |input| input.name);
    out_of_memory(name, &format!("the results of {count} boards"))
}
