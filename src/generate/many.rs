//! Many puzzles or grids at once, rows spread over threads by the batch driver's part queue.
//! Row `i` is drawn from its own stream (`Rng::for_item(seed, i)`), so it is the same whatever
//! the thread count, and the only memory beyond the output is each thread's search state.

use super::puzzle::Puzzle;
use crate::batch::{part_count, run_parts_watched, Stop};
use crate::grid::CELLS;
use crate::rng::Rng;
use crate::solve::Stopped;

/// Rows per part at least: a row takes microseconds, a part handed out costs nothing.
const MIN_PART: usize = 8;

/// Rows made between two questions to `should_stop`: a few microseconds of grids, so the
/// question costs next to nothing and Ctrl-C is still heard at once.
const ROWS_PER_POLL: usize = 8;

/// Makes one item from its row's generator, polling the callback.
pub type Maker<'a> = &'a (dyn Fn(&mut Rng, &mut dyn FnMut() -> bool) -> Result<Puzzle, Stopped> + Sync);

/// Fills `puzzles` (81 bytes a row) and, unless empty, `solutions` (as long) with rows
/// `first`, `first + 1`, ... of the batch drawn with `seed`, on up to `threads` threads.
/// `Err(Stopped)` once `should_stop` said so; the rows are then incomplete.
///
/// `should_stop` is asked every few rows, on every thread, and by the calling thread while it
/// waits for the others: a row's own search may ask it too, but a grid is filled in fewer
/// guesses than the search asks after, so without the rows' question no grid would hear it.
pub fn fill_rows(
    make: Maker<'_>,
    seed: u64,
    first: u64,
    puzzles: &mut [u8],
    solutions: &mut [u8],
    threads: usize,
    should_stop: Stop<'_>,
) -> Result<(), Stopped> {
    let rows = puzzles.len() / CELLS;
    let parts = part_count(rows, threads, MIN_PART);
    let per_part = rows.div_ceil(parts.max(1)).max(1);
    let want_solutions = !solutions.is_empty();
    let mut work = Vec::new();
    let mut solution_chunks = solutions.chunks_mut(per_part * CELLS);
    for (k, chunk) in puzzles.chunks_mut(per_part * CELLS).enumerate() {
        let solved = if want_solutions { solution_chunks.next() } else { None };
        work.push(((k * per_part) as u64, chunk, solved));
    }
    let results = run_parts_watched(
        work,
        threads,
        |(offset, chunk, mut solved): (u64, &mut [u8], Option<&mut [u8]>)| -> Result<(), Stopped> {
            let mut stop = || should_stop();
            for (i, row) in chunk.chunks_exact_mut(CELLS).enumerate() {
                if i % ROWS_PER_POLL == 0 && stop() {
                    return Err(Stopped);
                }
                let mut rng = Rng::for_item(seed, first.wrapping_add(offset).wrapping_add(i as u64));
                let made = make(&mut rng, &mut stop)?;
                row.copy_from_slice(made.puzzle.cells());
                if let Some(out) = solved.as_deref_mut().and_then(|s| s.get_mut(i * CELLS..(i + 1) * CELLS)) {
                    out.copy_from_slice(made.solution.cells());
                }
            }
            Ok(())
        },
        Result::is_err,
        || {
            let _ = should_stop();
        },
    );
    if results.iter().all(|r| matches!(r, Some(Ok(())))) {
        Ok(())
    } else {
        Err(Stopped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, Request};

    #[test]
    fn rows_do_not_depend_on_threads_or_the_split() {
        let request = Request::default();
        let make = |rng: &mut Rng, stop: &mut dyn FnMut() -> bool| generate(&request, rng, stop);
        let run = |threads: usize, first: u64, rows: usize| {
            let (mut puzzles, mut solutions) = (vec![0u8; rows * CELLS], vec![0u8; rows * CELLS]);
            assert_eq!(fill_rows(&make, 5, first, &mut puzzles, &mut solutions, threads, &|| false), Ok(()));
            (puzzles, solutions)
        };
        let one = run(1, 0, 40);
        assert_eq!(run(2, 0, 40), one);
        assert_eq!(run(3, 0, 40), one);
        // Rows 10.. made alone are rows 10.. of the whole.
        assert_eq!(run(2, 10, 30).0, one.0[10 * CELLS..]);
        let mut none = vec![0u8; 2 * CELLS];
        assert_eq!(fill_rows(&make, 5, 0, &mut none, &mut [], 2, &|| true), Err(Stopped));
    }

    #[test]
    fn a_stop_is_heard_between_rows_whose_making_never_asks() {
        use crate::generate::random_grid;
        use std::sync::atomic::{AtomicUsize, Ordering};
        // Each grid is made without a question to `stop` (as a fill too short to poll is).
        let make = |rng: &mut Rng, _: &mut dyn FnMut() -> bool| {
            random_grid(rng, &mut || false).map(|grid| Puzzle { puzzle: grid, solution: grid })
        };
        for threads in [1, 2] {
            let asked = AtomicUsize::new(0);
            let stop = || asked.fetch_add(1, Ordering::Relaxed) >= 3;
            let rows = 4000;
            let mut grids = vec![0u8; rows * CELLS];
            assert_eq!(fill_rows(&make, 5, 0, &mut grids, &mut [], threads, &stop), Err(Stopped));
            let made = grids.chunks_exact(CELLS).filter(|row| row[0] != 0).count();
            assert!(made <= 4 * ROWS_PER_POLL * threads, "{made} rows made after the stop");
        }
    }
}
