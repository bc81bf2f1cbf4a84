//! The one driver of every batch operation: it cuts a batch into parts for threads, reads
//! each part's boards a chunk at a time from one or more sources (a puzzle and its candidate,
//! say), and hands the operation whole chunks of checked values.
//!
//! Memory beyond the input and the output: one chunk buffer per source per thread
//! ([`CHUNK`] boards, 81 KB), and none for a source read in place.

use super::source::{first_out_of_range, try_zeroed, value_error, BatchError, BoardSource};
use super::threads::{part_count_per_thread, run_parts_watched, PARTS_PER_THREAD};
use super::BLOCK;
use crate::bounds::Known;
use crate::grid::CELLS;

/// Boards read per step: 81 KB of values per source, which stays in cache.
pub const CHUNK: usize = 1024;

/// Boards per step of a light operation that checks values itself ([`Check::AfterRefusal`])
/// and whose sources are all read in place, so that each byte is read once and no buffer
/// must stay in cache: the SIMD kernels prefetch a few blocks ahead within a step, so a
/// longer step leaves fewer blocks unprefetched at its start (with [`CHUNK`], three of every
/// 32). Where the driver scans the values first ([`Check::First`]), [`CHUNK`] keeps them in
/// cache for the operation's own read.
const IN_PLACE_CHUNK: usize = 8 * CHUNK;

/// The first bad input of a run: which source (by position in the slice given to [`run`])
/// and what was wrong.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Failure {
    pub source: usize,
    pub error: BatchError,
}

/// Whether to stop now: asked on every thread before each chunk, and by the calling thread
/// while it waits for the others. Once it says yes, no further chunk is handed out and the
/// run returns [`BatchError::Stopped`].
pub type Stop<'a> = &'a (dyn Fn() -> bool + Sync);

/// A [`Stop`] that never stops.
pub fn never() -> bool {
    false
}

/// How much work a board is, so that cheap operations are not split into parts too small to
/// be worth a thread, and costly ones (solving) are.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cost {
    /// Tens of nanoseconds a board (validating, scoring).
    Light,
    /// Microseconds or more a board (solving, counting).
    Heavy,
}

impl Cost {
    fn min_part(self) -> usize {
        match (self, cfg!(test)) {
            (_, true) => 64,
            (Cost::Light, false) => 8192,
            // Handing out a part costs a lock, far less than one costly board: parts as
            // small as a block keep small batches balanced too.
            (Cost::Heavy, false) => 16,
        }
    }

    /// Parts per thread. A costly board can take a hundred times another's time, and each
    /// block of output ends when its last part does, so costly work is cut finer: with four
    /// parts per thread one thread could sit idle for most of a part (an eighth of a block
    /// on two threads) at every block. With the parts of 96 boards that sixteen per thread
    /// gave 1,200 Kaggle puzzles to grade, two equal threads could reach at most 1.93x one
    /// (simulated from each puzzle's time); with parts of a block (32 boards), 1.98x.
    fn parts_per_thread(self) -> usize {
        match self {
            Cost::Light => PARTS_PER_THREAD,
            Cost::Heavy => 8 * PARTS_PER_THREAD,
        }
    }
}

/// Runs `op(values, out)` over boards `first..first + out.len()` of every source, on up to
/// `threads` threads: `values[k]` holds the chunk's boards from `sources[k]` (81 checked
/// values 0-9 each) and `out` the chunk's slots of the output. Every source must have at
/// least `first + out.len()` boards. Returns the first bad board in board order (for one
/// board, the earliest source), whatever the number of threads.
pub fn run<T, Op>(
    sources: &[&dyn BoardSource],
    first: usize,
    out: &mut [T],
    threads: usize,
    cost: Cost,
    op: Op,
) -> Result<(), Failure>
where
    T: Send,
    Op: Fn(&[&[u8]], &mut [T]) + Sync,
{
    run_until(sources, first, out, threads, cost, Check::First, &accepting(op), None, &never)
}

/// An operation's shortcut for one source holding puzzle text in place
/// ([`BoardSource::symbols_in_place`]): given a chunk's bytes and stride, it fills the
/// chunk's slots and returns true, or returns false (a symbol it does not take, a CPU without
/// its SIMD) and the chunk goes the checked way, through values.
pub type TextOp<'a, T> = &'a (dyn Fn(&[u8], usize, &mut [T]) -> bool + Sync);

/// [`run`], with `text_op` tried first on every chunk of a lone source that offers its text
/// in place. Errors are always found, and named, by the checked way.
pub fn run_with_text<T, Op>(
    sources: &[&dyn BoardSource],
    first: usize,
    out: &mut [T],
    threads: usize,
    cost: Cost,
    op: Op,
    text_op: TextOp<'_, T>,
) -> Result<(), Failure>
where
    T: Send,
    Op: Fn(&[&[u8]], &mut [T]) + Sync,
{
    run_until(sources, first, out, threads, cost, Check::First, &accepting(op), Some(text_op), &never)
}

/// [`run`] for an operation that checks the values itself, so that a source read in place
/// is not scanned once more before it: the values of such a source may be above 9, and
/// `op` must then return false (its output for the chunk is then dropped). The driver looks
/// for the bad value only after such a false, with the same scan as [`run`], so the error
/// is the one [`run`] reports. `op` must return false only when some value is above 9.
pub fn run_raw<T, Op>(
    sources: &[&dyn BoardSource],
    first: usize,
    out: &mut [T],
    threads: usize,
    cost: Cost,
    op: Op,
) -> Result<(), Failure>
where
    T: Send,
    Op: Fn(&[&[u8]], &mut [T]) -> bool + Sync,
{
    run_until(sources, first, out, threads, cost, Check::AfterRefusal, &indexed(op), None, &never)
}

/// [`run_raw`], with `text_op` tried first as in [`run_with_text`]: no scan of a source read in
/// place before the operation sees it (validation: the kernels check the alphabet as they go).
pub fn run_raw_with_text<T, Op>(
    sources: &[&dyn BoardSource],
    first: usize,
    out: &mut [T],
    threads: usize,
    cost: Cost,
    op: Op,
    text_op: TextOp<'_, T>,
) -> Result<(), Failure>
where
    T: Send,
    Op: Fn(&[&[u8]], &mut [T]) -> bool + Sync,
{
    run_until(sources, first, out, threads, cost, Check::AfterRefusal, &indexed(op), Some(text_op), &never)
}

/// An operation on checked values, in the shape of the driver's (see [`run_until`]): it never
/// refuses them, and has no use for the number of the chunk's first board.
pub fn accepting<T, Op: Fn(&[&[u8]], &mut [T])>(op: Op) -> impl Fn(usize, &[&[u8]], &mut [T]) -> bool {
    move |_, values, out| {
        op(values, out);
        true
    }
}

/// An operation that may refuse its values (`run_raw`'s), in the shape of the driver's: it
/// has no use for the number of the chunk's first board.
pub fn indexed<T, Op: Fn(&[&[u8]], &mut [T]) -> bool>(op: Op) -> impl Fn(usize, &[&[u8]], &mut [T]) -> bool {
    move |_, values, out| op(values, out)
}

/// When the driver scans the values of sources read in place.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Check {
    /// Before the operation sees them.
    First,
    /// Only when the operation returns false (it found a value above 9).
    AfterRefusal,
}

/// The driver itself, which the three entries above call: `check` says when values read in
/// place are scanned (as [`run`] or [`run_raw`] do), `text_op` is [`run_with_text`]'s
/// shortcut, and `stop` is asked before every chunk (the host's Ctrl-C). `op(first, values,
/// out)` also gets the number of the chunk's first board (for work keyed by board number).
#[allow(clippy::too_many_arguments)] // the three public entries above each fix some of them
pub fn run_until<T, Op>(
    sources: &[&dyn BoardSource],
    first: usize,
    out: &mut [T],
    threads: usize,
    cost: Cost,
    check: Check,
    op: &Op,
    text_op: Option<TextOp<'_, T>>,
    stop: Stop<'_>,
) -> Result<(), Failure>
where
    T: Send,
    Op: Fn(usize, &[&[u8]], &mut [T]) -> bool + Sync,
{
    let boards = out.len();
    let parts = part_count_per_thread(boards, threads, cost.min_part(), cost.parts_per_thread());
    let per_part = boards.div_ceil(parts).next_multiple_of(BLOCK).max(BLOCK);
    let parts: Vec<(usize, &mut [T])> =
        out.chunks_mut(per_part).enumerate().map(|(i, slots)| (first + i * per_part, slots)).collect();
    let work = |(start, slots)| run_part(sources, start, slots, cost, check, op, text_op, stop);
    let results = run_parts_watched(parts, threads, work, Result::is_err, || {
        let _ = stop();
    });
    results.into_iter().flatten().collect()
}

/// One part, on the calling thread, a chunk at a time.
#[allow(clippy::too_many_arguments)] // run_until's, passed on
fn run_part<T, Op>(
    sources: &[&dyn BoardSource],
    first: usize,
    out: &mut [T],
    cost: Cost,
    check: Check,
    op: &Op,
    text_op: Option<TextOp<'_, T>>,
    stop: Stop<'_>,
) -> Result<(), Failure>
where
    Op: Fn(usize, &[&[u8]], &mut [T]) -> bool,
{
    let chunk_cells = CHUNK.min(out.len()) * CELLS;
    let mut buffers = Vec::new();
    buffers.try_reserve_exact(sources.len()).map_err(|_| Failure { source: 0, error: BatchError::OutOfMemory })?;
    for (index, source) in sources.iter().enumerate() {
        // A source read in place needs no buffer.
        let needs_buffer = source.in_place(first, out.len().min(CHUNK)).is_none();
        let buffer = try_zeroed(if needs_buffer { chunk_cells } else { 0 }).map_err(|error| Failure { source: index, error })?;
        buffers.push(buffer);
    }
    let in_place = cost == Cost::Light
        && check == Check::AfterRefusal
        && sources.iter().all(|source| source.in_place(first, out.len().min(IN_PLACE_CHUNK)).is_some());
    let step = if in_place { IN_PLACE_CHUNK } else { CHUNK };
    for (chunk, slots) in out.chunks_mut(step).enumerate() {
        if stop() {
            return Err(Failure { source: 0, error: BatchError::Stopped });
        }
        let start = first + chunk * step;
        let count = slots.len();
        if let (Some(text_op), [source]) = (text_op, sources) {
            if let Some((bytes, stride)) = source.symbols_in_place(start, count) {
                if text_op(bytes, stride, slots) {
                    continue;
                }
            }
        }
        for (index, (source, buffer)) in sources.iter().zip(buffers.iter_mut()).enumerate() {
            if source.in_place(start, count).is_none() {
                let values = buffer.get_mut(..count * CELLS).known();
                source.fill(start, values).map_err(|error| Failure { source: index, error })?;
            }
        }
        if check == Check::First {
            check_in_place(sources, start, count)?;
        }
        let mut views: Vec<&[u8]> = Vec::new();
        views.try_reserve_exact(sources.len()).map_err(|_| Failure { source: 0, error: BatchError::OutOfMemory })?;
        for (source, buffer) in sources.iter().zip(buffers.iter()) {
            views.push(source.in_place(start, count).unwrap_or_else(|| buffer.get(..count * CELLS).known()));
        }
        if !op(start, &views, slots) {
            // Filled buffers hold checked values, so the bad one is in a source read in place.
            check_in_place(sources, start, count)?;
        }
    }
    Ok(())
}

/// The first value above 9 in the sources read in place, for boards `start..start + count`:
/// the earliest board, and for one board the earliest source (a chunk's boards span every
/// source, so the first bad value of an earlier source may lie on a later board).
fn check_in_place(sources: &[&dyn BoardSource], start: usize, count: usize) -> Result<(), Failure> {
    // (board, cell, source) of the earliest bad value so far.
    let mut first: Option<(usize, usize, usize)> = None;
    for (index, source) in sources.iter().enumerate() {
        if let Some((board, cell)) = source.in_place(start, count).and_then(first_out_of_range) {
            if first.is_none_or(|(earliest, ..)| board < earliest) {
                first = Some((board, cell, index));
            }
        }
    }
    let Some((board, cell, index)) = first else { return Ok(()) };
    let Some(source) = sources.get(index) else { return Ok(()) };
    let value = source.in_place(start, count).and_then(|values| values.get(board * CELLS + cell));
    Err(Failure { source: index, error: value_error(*source, start + board, cell, value) })
}

#[cfg(test)]
mod tests {
    use super::super::source::Values;
    use super::*;
    use crate::error::{BoardError, Place, Problem};

    /// A source that is never in place, with one board's first cell 1 + its index % 9.
    struct Counting(usize);

    impl BoardSource for Counting {
        fn len(&self) -> usize {
            self.0
        }
        fn fill(&self, first: usize, out: &mut [u8]) -> Result<(), BatchError> {
            for (offset, board) in out.chunks_exact_mut(CELLS).enumerate() {
                if first + offset == 777 {
                    return Err(BoardError::new(Place::Board, Problem::Null).in_batch(777).into());
                }
                board.fill(0);
                board[0] = ((first + offset) % 9 + 1) as u8;
            }
            Ok(())
        }
    }

    #[test]
    fn every_board_reaches_the_op_once_in_order_for_any_threads() {
        let source = Counting(5000);
        for threads in [1, 2, 3, 8] {
            let mut out = vec![0u8; 700];
            let op = |values: &[&[u8]], slots: &mut [u8]| {
                for (slot, board) in slots.iter_mut().zip(values[0].chunks_exact(CELLS)) {
                    *slot = board[0];
                }
            };
            assert_eq!(run(&[&source], 1000, &mut out, threads, Cost::Light, op), Ok(()));
            let expected: Vec<u8> = (1000..1700).map(|i| (i % 9 + 1) as u8).collect();
            assert_eq!(out, expected);
        }
    }

    #[test]
    fn two_sources_in_lockstep_and_the_first_error_in_order() {
        let mut cells = vec![0u8; 3000 * CELLS];
        for (i, board) in cells.chunks_exact_mut(CELLS).enumerate() {
            board[1] = (i % 7) as u8;
        }
        let values = Values::new(&cells, 0, false);
        let counting = Counting(3000);
        for threads in [1, 2, 4] {
            let mut out = vec![(0u8, 0u8); 700];
            let op = |v: &[&[u8]], slots: &mut [(u8, u8)]| {
                for (i, slot) in slots.iter_mut().enumerate() {
                    *slot = (v[0][i * CELLS], v[1][i * CELLS + 1]);
                }
            };
            assert_eq!(run(&[&counting, &values], 0, &mut out, threads, Cost::Heavy, op), Ok(()));
            assert!(out.iter().enumerate().all(|(i, &(a, b))| a == (i % 9 + 1) as u8 && b == (i % 7) as u8));
            let mut out = vec![(0u8, 0u8); 3000];
            let failure = run(&[&values, &counting], 0, &mut out, threads, Cost::Heavy, |_, _| {}).unwrap_err();
            assert_eq!(failure.source, 1);
            assert_eq!(failure.error, BatchError::Board(BoardError::new(Place::Board, Problem::Null).in_batch(777)));
        }
        cells[2000 * CELLS + 80] = 10;
        let values = Values::new(&cells, 0, false);
        let failure = run(&[&values], 0, &mut vec![0u8; 3000], 2, Cost::Light, |_, _| {}).unwrap_err();
        assert_eq!(
            failure.error,
            BatchError::Board(BoardError::new(Place::Flat(80), Problem::Value("10".into())).in_batch(2000))
        );
    }

    #[test]
    fn a_stop_hands_out_no_further_chunk_on_any_thread() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let cells = vec![0u8; 20_000 * CELLS];
        let source = Values::new(&cells, 0, false);
        for threads in [1, 2, 4] {
            let chunks = AtomicUsize::new(0);
            // Stops once three chunks have been handed out, wherever they went.
            let stop = || chunks.load(Ordering::Relaxed) >= 3;
            let op = |_: usize, _: &[&[u8]], _: &mut [u8]| {
                chunks.fetch_add(1, Ordering::Relaxed);
                true
            };
            let mut out = vec![0u8; 20_000];
            let stopped =
                run_until(&[&source as &dyn BoardSource], 0, &mut out, threads, Cost::Heavy, Check::First, &op, None, &stop);
            assert_eq!(stopped.map_err(|failure| failure.error), Err(BatchError::Stopped));
            // Each thread may have taken one chunk after the third, before it asked again.
            assert!(chunks.load(Ordering::Relaxed) < 3 + threads, "{threads} threads: {chunks:?}");
        }
    }

    #[test]
    fn the_earliest_board_is_named_when_an_earlier_source_is_bad_later_in_the_chunk() {
        let mut first = vec![0u8; 3000 * CELLS];
        let mut second = first.clone();
        first[2108 * CELLS + 14] = 195;
        second[1091 * CELLS + 24] = 178;
        let (a, b) = (Values::new(&first, 0, false), Values::new(&second, 0, false));
        let sources: [&dyn BoardSource; 2] = [&a, &b];
        let expected = BatchError::Board(BoardError::new(Place::Flat(24), Problem::Value("178".into())).in_batch(1091));
        for threads in [1, 2] {
            let refusing = |_: &[&[u8]], _: &mut [u8]| false;
            let raw = run_raw(&sources, 0, &mut vec![0u8; 3000], threads, Cost::Light, refusing).unwrap_err();
            assert_eq!((raw.source, &raw.error), (1, &expected), "{threads} threads");
            let scanned = run(&sources, 0, &mut vec![0u8; 3000], threads, Cost::Light, |_, _| {}).unwrap_err();
            assert_eq!((scanned.source, &scanned.error), (1, &expected), "{threads} threads");
        }
    }

    #[test]
    fn nothing_to_do() {
        let source = Counting(0);
        assert_eq!(run(&[&source], 0, &mut Vec::<u8>::new(), 2, Cost::Light, |_, _| {}), Ok(()));
    }
}
