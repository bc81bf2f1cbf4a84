//! `--unique` and `--solve`: the solver's answer for each board, and for a batch of boards
//! on several threads, answers in input order.
//!
//! The readers yield boards one at a time, so with more than one thread the boards wait in a
//! bounded batch ([`Pending`]) that is answered all at once: when it is full, and before the
//! input is read again. The second keeps the output streamed: boards typed or piped in slowly
//! are answered before the command waits for more.

use super::report::{Found, Task};
use super::{BoardCells, Origin};
use crate::batch::{part_count, run_parts};
use crate::grid::Grid;
use crate::solve;

/// Boards per thread in a batch: enough that starting the threads costs little, few enough
/// that Ctrl-C (asked between batches) is answered soon even on hard boards.
const BOARDS_PER_THREAD: usize = 256;

/// The most boards a batch holds, whatever the thread count, so memory stays bounded.
const MAX_BATCH: usize = 16 * 1024;

/// Boards per part handed to a thread; parts are the unit of load balancing.
const MIN_PART: usize = 16;

/// The solver's answer for one board: its solutions counted up to 2 (`--unique`), or one
/// solution (`--solve`). A board that breaks the rule has none.
pub fn answer(task: Task, cells: &BoardCells) -> Found {
    // Readers give values 0-9 only, so this always succeeds.
    let grid = Grid::from_values(*cells).unwrap_or(Grid::EMPTY);
    match task {
        Task::Solve => Found::Solution(solve::solve(&grid)),
        Task::Unique | Task::Check => Found::Count(solve::count_solutions(&grid, 2)),
    }
}

/// Boards read and not yet answered, with where each came from.
pub struct Pending {
    pub boards: Vec<(Origin, BoardCells)>,
    capacity: usize,
    threads: usize,
}

impl Pending {
    pub fn new(threads: usize) -> Self {
        let capacity = threads.saturating_mul(BOARDS_PER_THREAD).min(MAX_BATCH);
        Pending { boards: Vec::with_capacity(capacity), capacity, threads }
    }

    /// Adds a board; true when the batch is full and should be answered.
    pub fn push(&mut self, origin: Origin, cells: &BoardCells) -> bool {
        self.boards.push((origin, *cells));
        self.boards.len() >= self.capacity
    }

    /// The answers for the boards waiting, in their order, on the batch's threads.
    pub fn answers(&self, task: Task) -> Vec<Found> {
        answer_all(task, &self.boards, self.threads)
    }
}

/// The answers for `boards`, in their order, on up to `threads` threads.
pub fn answer_all(task: Task, boards: &[(Origin, BoardCells)], threads: usize) -> Vec<Found> {
    let parts = part_count(boards.len(), threads, MIN_PART);
    let size = boards.len().div_ceil(parts).max(1);
    let work = |part: &[(Origin, BoardCells)]| part.iter().map(|(_, cells)| answer(task, cells)).collect::<Vec<_>>();
    // Nothing fails, so every part has its answers.
    run_parts(boards.chunks(size).collect(), threads, work, |_| false).into_iter().flatten().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::grid_from_text;

    const SEED: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn cells(text: &str) -> BoardCells {
        *grid_from_text(text).unwrap_or_default().cells()
    }

    #[test]
    fn counts_up_to_two_and_solves() {
        let seed = cells(SEED);
        assert_eq!(answer(Task::Unique, &seed), Found::Count(1));
        assert_eq!(answer(Task::Unique, &[0; 81]), Found::Count(2));
        let broken = cells(&format!("8{}", &SEED[1..]));
        assert_eq!(answer(Task::Unique, &broken), Found::Count(0));
        assert_eq!(answer(Task::Solve, &broken), Found::Solution(None));
        let Found::Solution(Some(solution)) = answer(Task::Solve, &seed) else { panic!("the seed has a solution") };
        assert!(solution.is_complete() && crate::check::is_valid_cells(solution.cells()));
        assert!(seed.iter().zip(solution.cells()).all(|(&given, &cell)| given == 0 || given == cell));
    }

    #[test]
    fn batches_answer_in_order_on_any_thread_count() {
        let boards: Vec<(Origin, BoardCells)> = (0..100)
            .map(|line| {
                let board = if line % 3 == 0 { cells(&format!("8{}", &SEED[1..])) } else { cells(SEED) };
                (Origin { line, index: None }, board)
            })
            .collect();
        let one: Vec<Found> = boards.iter().map(|(_, board)| answer(Task::Unique, board)).collect();
        for threads in [1, 2, 3, 8] {
            assert_eq!(answer_all(Task::Unique, &boards, threads), one);
        }
        let mut pending = Pending::new(1);
        let full = (0..BOARDS_PER_THREAD).map(|_| pending.push(boards[0].0, &boards[0].1)).filter(|&f| f).count();
        assert_eq!(full, 1);
        assert_eq!(pending.answers(Task::Unique).len(), BOARDS_PER_THREAD);
        assert_eq!(Pending::new(usize::MAX).capacity, MAX_BATCH);
    }
}
