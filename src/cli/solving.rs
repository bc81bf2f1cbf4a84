//! `--unique` and `--solve`: the solver's answer for each board, and for a batch of boards
//! on several threads, answers in input order.
//!
//! The readers yield boards one at a time, so with more than one thread the boards wait in a
//! bounded batch ([`Pending`]) that is answered all at once: when it is full, and before the
//! input is read again. The second keeps the output streamed: boards typed or piped in slowly
//! are answered before the command waits for more.
//!
//! A search can always be stopped: the solver asks "stop?" every millisecond or so. On one
//! thread the question goes to the host (by the clock); on several, the calling thread waits
//! for the batch, asks the host meanwhile, and raises a flag that every search reads.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use super::report::{Found, Task};
use super::{BoardCells, Origin};
use crate::batch::{part_count, run_parts};
use crate::grid::Grid;
use crate::solve::{self, Stopped};

/// Boards per thread in a batch: enough that starting the threads costs little, few enough
/// that Ctrl-C (asked between batches) is answered soon even on hard boards.
const BOARDS_PER_THREAD: usize = 256;

/// The most boards a batch holds, whatever the thread count, so memory stays bounded.
const MAX_BATCH: usize = 16 * 1024;

/// Boards per part handed to a thread; parts are the unit of load balancing.
const MIN_PART: usize = 16;

/// The solver's answer for one board: its solutions counted up to 2 (`--unique`), or one
/// solution (`--solve`). A board that breaks the rule has none. `Err` when `should_stop` said so.
pub fn answer(task: Task, cells: &BoardCells, should_stop: &mut dyn FnMut() -> bool) -> Result<Found, Stopped> {
    // Readers give values 0-9 only, so this always succeeds.
    let grid = Grid::from_checked(*cells);
    match task {
        Task::Solve => solve::solve_interruptible(&grid, should_stop).map(Found::Solution),
        Task::Unique | Task::Check => solve::count_solutions_interruptible(&grid, 2, should_stop).map(Found::Count),
        // The search takes microseconds (a millisecond for a complete grid): no need to ask.
        // Out of memory for its levels is out of memory: the same as a failed allocation.
        Task::Grade => {
            let count = solve::count_solutions_interruptible(&grid, 2, should_stop)?;
            // The grade of the puzzle, the same for each of its isomorphs (steps::grade says
            // why). A puzzle with one solution has few automorphisms, so its canonical search
            // needs little memory; should even that fail, the board as written is graded.
            let grade = (count == 1).then(|| {
                crate::steps::puzzle_logic_grade(&grid, &mut crate::canonical::Searcher::new())
                    .unwrap_or_else(|_| crate::steps::logic_grade(&grid))
            });
            Ok(Found::Graded { count, grade })
        }
        // A board without a solution gets no path: its steps would reason from a falsehood.
        Task::Steps => {
            let count = solve::count_solutions_interruptible(&grid, 2, should_stop)?;
            let path = (count > 0).then(|| {
                let start = crate::steps::Pencil::from_grid(&grid);
                Box::new(crate::steps::solve_path(start, crate::steps::ALL_TECHNIQUES, count == 1))
            });
            Ok(Found::Stepped { count, path })
        }
        Task::Canonical | Task::Dedupe => Ok(Found::Form(
            crate::canonical::Searcher::new().canonical(cells).map(|form| form.cells).unwrap_or([0; crate::grid::CELLS]),
        )),
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

    /// The answers for the boards waiting, in their order, on the batch's threads; `stop` is
    /// asked every `ask_every` meanwhile, and `Err` means it said yes.
    pub fn answers(&self, task: Task, ask_every: Duration, stop: &mut dyn FnMut() -> bool) -> Result<Vec<Found>, Stopped> {
        let flag = AtomicBool::new(false);
        let (done, finished) = mpsc::channel();
        std::thread::scope(|scope| {
            let work = || {
                let answers = answer_all(task, &self.boards, self.threads, &flag);
                // The receiver outlives the scope; a send cannot fail while it waits.
                let _ = done.send(());
                answers
            };
            let Ok(worker) = std::thread::Builder::new().spawn_scoped(scope, work) else {
                // No thread to wait on: the batch runs here, without the host's Ctrl-C.
                return answer_all(task, &self.boards, self.threads, &flag);
            };
            loop {
                match finished.recv_timeout(ask_every) {
                    Err(RecvTimeoutError::Timeout) if stop() => flag.store(true, Ordering::Relaxed),
                    Err(RecvTimeoutError::Timeout) => {}
                    _ => break,
                }
            }
            worker.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
    }
}

/// The answers for `boards`, in their order, on up to `threads` threads; `Err` once `flag` is set.
pub fn answer_all(task: Task, boards: &[(Origin, BoardCells)], threads: usize, flag: &AtomicBool) -> Result<Vec<Found>, Stopped> {
    let parts = part_count(boards.len(), threads, MIN_PART);
    let size = boards.len().div_ceil(parts).max(1);
    let work = |part: &[(Origin, BoardCells)]| {
        let mut should_stop = || flag.load(Ordering::Relaxed);
        // Asked between boards too: most searches end before their first question.
        let mut one = |cells| if should_stop() { Err(Stopped) } else { answer(task, cells, &mut should_stop) };
        part.iter().map(|(_, cells)| one(cells)).collect::<Result<Vec<_>, Stopped>>()
    };
    // A stopped part stops the ones after it; any part left without answers was skipped.
    let answers = run_parts(boards.chunks(size).collect(), threads, work, Result::is_err);
    let mut all = Vec::with_capacity(boards.len());
    for part in answers {
        all.extend(part.ok_or(Stopped)??);
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::grid_from_text;

    const SEED: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn cells(text: &str) -> BoardCells {
        *grid_from_text(text).unwrap_or_default().cells()
    }

    fn go(task: Task, board: &BoardCells) -> Found {
        answer(task, board, &mut || false).unwrap_or(Found::Count(99))
    }

    #[test]
    fn counts_up_to_two_and_solves() {
        let seed = cells(SEED);
        assert_eq!(go(Task::Unique, &seed), Found::Count(1));
        assert_eq!(go(Task::Unique, &[0; 81]), Found::Count(2));
        let broken = cells(&format!("8{}", &SEED[1..]));
        assert_eq!(go(Task::Unique, &broken), Found::Count(0));
        assert_eq!(go(Task::Solve, &broken), Found::Solution(None));
        let Found::Solution(Some(solution)) = go(Task::Solve, &seed) else { panic!("the seed has a solution") };
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
        let one: Vec<Found> = boards.iter().map(|(_, board)| go(Task::Unique, board)).collect();
        let flag = AtomicBool::new(false);
        for threads in [1, 2, 3, 8] {
            assert_eq!(answer_all(Task::Unique, &boards, threads, &flag), Ok(one.clone()));
        }
        let mut pending = Pending::new(1);
        let full = (0..BOARDS_PER_THREAD).map(|_| pending.push(boards[0].0, &boards[0].1)).filter(|&f| f).count();
        assert_eq!(full, 1);
        let answers = pending.answers(Task::Unique, Duration::from_millis(1), &mut || false);
        assert_eq!(answers.map(|a| a.len()), Ok(BOARDS_PER_THREAD));
        assert_eq!(Pending::new(usize::MAX).capacity, MAX_BATCH);
    }

    #[test]
    fn a_long_search_stops_when_asked() {
        // Counting the empty board's solutions up to 2 is quick, but a stop raised before it
        // starts still ends the batch.
        let empty = [(Origin { line: 1, index: None }, [0u8; 81]); 64];
        let flag = AtomicBool::new(true);
        assert_eq!(answer_all(Task::Unique, &empty, 2, &flag), Err(Stopped));
        let mut pending = Pending::new(2);
        for (origin, board) in empty.iter().cycle().take(2000) {
            pending.push(*origin, board);
        }
        let mut asked = 0;
        let stopped = pending.answers(Task::Solve, Duration::ZERO, &mut || {
            asked += 1;
            true
        });
        // The batch may finish before the first question; it stops only if it was asked.
        assert!(stopped.is_ok() || asked > 0);
    }
}
