//! The solver: pure Rust over the core [`Grid`], knowing nothing of Python or threads.
//!
//! Candidates are bitboards, one 27-bit mask per digit and band ([`state`]); singles and
//! locked candidates are propagated to a fixpoint before every guess; guesses go on a digit's
//! configuration in the most constrained band (else on the cell with the fewest candidates),
//! options in a fixed order, on a fixed-size stack ([`search`]).

mod clear;
#[cfg(feature = "drivers")]
pub(crate) mod drivers;
mod kernel;
mod partial;
mod search;
mod state;
#[cfg(test)]
mod stats_tests;
mod tables;
#[cfg(test)]
mod tests;
mod variants;

pub use partial::Partial;
#[cfg(target_arch = "x86_64")]
pub(crate) use search::bmi2_available;
pub use search::{SearchStats, Stopped};
pub use variants::{for_each_solution, random_solution};

use crate::check::is_valid;
use crate::grid::Grid;
use state::Candidates;

/// A solution of `grid`: complete, with no repeat, keeping every given; `None` when there is
/// none (a board that breaks the rule has none). When there are several, always the same one.
pub fn solve(grid: &Grid) -> Option<Grid> {
    solve_interruptible(grid, &mut || false).unwrap_or(None)
}

/// The number of solutions of `grid`, counted up to `limit`: `min(count, limit)`.
pub fn count_solutions(grid: &Grid, limit: u64) -> u64 {
    count_solutions_interruptible(grid, limit, &mut || false).unwrap_or(limit)
}

/// [`solve`], asking `should_stop` every millisecond or so of search; `Err(Stopped)` when it
/// answered true.
pub fn solve_interruptible(grid: &Grid, should_stop: &mut dyn FnMut() -> bool) -> Result<Option<Grid>, Stopped> {
    solve_with_stats(grid, should_stop).map(|(solution, _)| solution)
}

/// [`count_solutions`], asking `should_stop` every millisecond or so of search;
/// `Err(Stopped)` when it answered true.
pub fn count_solutions_interruptible(grid: &Grid, limit: u64, should_stop: &mut dyn FnMut() -> bool) -> Result<u64, Stopped> {
    count_solutions_with_stats(grid, limit, should_stop).map(|(count, _)| count)
}

/// [`count_solutions_interruptible`], with what the search did: the guesses it made (zero for
/// a board propagation alone settles, a complete board, a board that breaks the rule, and
/// `limit == 0`). The count and the guesses are the same on every run.
pub fn count_solutions_with_stats(
    grid: &Grid,
    limit: u64,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<(u64, SearchStats), Stopped> {
    let none = SearchStats::default();
    if limit == 0 {
        return Ok((0, none));
    }
    // A complete valid grid is its own only solution: no search state is built.
    if grid.is_complete() {
        return Ok((u64::from(is_valid(grid)), none));
    }
    let Some(start) = start(grid) else { return Ok((0, none)) };
    search::count_up_to(start, limit, should_stop)
}

/// [`solve_interruptible`], with what the search did until it found the solution it returns.
pub fn solve_with_stats(grid: &Grid, should_stop: &mut dyn FnMut() -> bool) -> Result<(Option<Grid>, SearchStats), Stopped> {
    let none = SearchStats::default();
    if grid.is_complete() {
        return Ok((is_valid(grid).then_some(*grid), none));
    }
    let Some(start) = start(grid) else { return Ok((None, none)) };
    let mut solution = None;
    let stats = search::search(
        start,
        false,
        &mut |board: &Candidates| {
            solution = Some(board.solution());
            true
        },
        should_stop,
    )?;
    Ok((solution, stats))
}

/// The settled candidates of a board, or `None` when it breaks the rule or propagation alone
/// shows it has no solution.
fn start(grid: &Grid) -> Option<Candidates> {
    if !is_valid(grid) {
        return None;
    }
    search::settle_givens(grid).ok()
}
