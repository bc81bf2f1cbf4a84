//! Searches a puzzle generator needs beside solving and counting: a random solution, the
//! solutions that avoid one digit at one cell (the incremental check of clue removal), and a
//! walk over solutions.

#[cfg(target_arch = "x86_64")]
use super::kernel::Avx2Bmi2;
use super::kernel::{Kernel, Portable};
#[cfg(target_arch = "x86_64")]
use super::search::bmi2_available;
use super::search::{search, settle_givens, Stopped};
use super::state::Candidates;
use crate::grid::{Grid, CELLS};
use crate::rng::Rng;

/// Guesses between two calls of the "should stop?" callback (a millisecond or so).
const GUESSES_PER_POLL: u32 = 4096;

/// The settled candidates of `grid`, without the rule check `start` makes first: a given that
/// breaks the rule is ruled out by an earlier one, which is a contradiction, so placement alone
/// finds it.
fn settled(grid: &Grid) -> Option<Candidates> {
    settle_givens(grid).ok()
}

/// The number of solutions of `grid` in which `cell` (0-80) does not hold `digit` (1-9),
/// counted up to `limit`. With `grid` a puzzle with one solution, minus the given `digit` at
/// `cell`, 0 means the smaller puzzle still has only that solution: removing a clue needs
/// this one search, not a full count. Reached only by the tests (through [`Partial`]'s
/// `count`, which no production code calls): a candidate for removal.
#[cfg(any(test, feature = "drivers"))]
#[cfg_attr(not(test), allow(dead_code))]
pub fn count_solutions_avoiding(
    grid: &Grid,
    cell: usize,
    digit: u8,
    limit: u64,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<u64, Stopped> {
    if limit == 0 || cell >= CELLS || !(1..=9).contains(&digit) {
        return Ok(0);
    }
    let Some(mut start) = settled(grid) else {
        return Ok(0);
    };
    if start.eliminate_and_settle(usize::from(digit) - 1, cell).is_err() {
        return Ok(0);
    }
    Ok(super::search::count_up_to(start, limit, should_stop)?.0)
}

/// Calls `visit` with each solution of `grid`, in the solver's fixed order, until it returns
/// true or none is left.
pub fn for_each_solution(
    grid: &Grid,
    visit: &mut dyn FnMut(&Grid) -> bool,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<(), Stopped> {
    let Some(start) = settled(grid) else {
        return Ok(());
    };
    // No deductions, as solve: the same order of solutions as solve's.
    search(start, false, &mut |board: &Candidates| visit(&board.solution()), should_stop).map(|_| ())
}

/// A guess still open in the random search: the board before it, the cell guessed, and the
/// digits not yet tried there.
#[derive(Clone, Copy)]
struct Frame {
    before: Candidates,
    cell: u8,
    untried: u16,
}

/// Each open guess is on a cell still empty below it.
const MAX_DEPTH: usize = CELLS;

/// One solution of `grid`, found by a depth-first search that takes each guess's options in a
/// random order; `None` when there is none. Every solution can come out, though not all
/// equally often: a solution reached through fewer or narrower guesses is likelier.
pub fn random_solution(grid: &Grid, rng: &mut Rng, should_stop: &mut dyn FnMut() -> bool) -> Result<Option<Grid>, Stopped> {
    #[cfg(target_arch = "x86_64")]
    if bmi2_available() {
        // SAFETY: the CPU has AVX2, BMI1 and BMI2 (checked just now).
        return unsafe { random_solution_bmi2(grid, rng, should_stop) };
    }
    random_solution_with(Portable, grid, rng, should_stop)
}

/// [`random_solution`] compiled for AVX2, BMI1 and BMI2 with the [`Avx2Bmi2`] kernel, as the
/// solver's search is: every kernel gives the same boards, so the same solution comes out.
///
/// # Safety
/// The CPU must have AVX2, BMI1 and BMI2 ([`bmi2_available`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2")]
unsafe fn random_solution_bmi2(
    grid: &Grid,
    rng: &mut Rng,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<Option<Grid>, Stopped> {
    // SAFETY: the caller promises AVX2 and BMI2.
    random_solution_with(unsafe { Avx2Bmi2::new_unchecked() }, grid, rng, should_stop)
}

/// [`random_solution`] with the propagation steps of `kernel`.
#[inline(always)]
fn random_solution_with(
    kernel: impl Kernel,
    grid: &Grid,
    rng: &mut Rng,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<Option<Grid>, Stopped> {
    let Some(start) = settled(grid) else {
        return Ok(None);
    };
    if start.is_solved() {
        return Ok(Some(start.solution()));
    }
    let mut stack = [Frame { before: start, cell: 0, untried: 0 }; MAX_DEPTH];
    let mut depth = 0;
    let mut board = start;
    let mut until_poll = GUESSES_PER_POLL;
    let mut alive = true;
    loop {
        if alive {
            if board.is_solved() {
                return Ok(Some(board.solution()));
            }
            until_poll -= 1;
            if until_poll == 0 {
                until_poll = GUESSES_PER_POLL;
                if should_stop() {
                    return Err(Stopped);
                }
            }
            // Guesses on cells only: from three given boxes a fill rarely backtracks, and the
            // cell guess is a quarter of the cost of choosing a configuration to guess.
            let (cell, options) = board.guess();
            let option = pick(options, rng);
            let untried = options & !(1 << option);
            if untried != 0 {
                // Each open frame's cell is decided below it, so the stack never overflows.
                if let Some(frame) = stack.get_mut(depth) {
                    *frame = Frame { before: board, cell: cell as u8, untried };
                    depth += 1;
                }
            }
            alive = board.place_and_settle(kernel, option, cell).is_ok();
        } else {
            let Some(frame) = depth.checked_sub(1).and_then(|top| stack.get_mut(top)) else {
                return Ok(None);
            };
            let option = pick(frame.untried, rng);
            frame.untried &= !(1 << option);
            board = frame.before;
            let cell = usize::from(frame.cell);
            if frame.untried == 0 {
                depth -= 1;
            }
            alive = board.place_and_settle(kernel, option, cell).is_ok();
        }
    }
}

/// A uniformly random set bit of a non-empty `options` mask.
#[inline(always)]
fn pick(options: u16, rng: &mut Rng) -> usize {
    let mut left = options;
    for _ in 0..rng.below(options.count_ones()) {
        left &= left.wrapping_sub(1);
    }
    left.trailing_zeros() as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::is_valid;
    use crate::solve::count_solutions;

    fn never() -> bool {
        false
    }

    fn grid(text: &str) -> Grid {
        let mut cells = [0u8; CELLS];
        for (cell, ch) in cells.iter_mut().zip(text.bytes()) {
            *cell = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        Grid::from_values(cells).unwrap_or(Grid::EMPTY)
    }

    const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn random_solutions_are_solutions_and_vary() {
        let mut rng = Rng::new(5);
        let first = random_solution(&Grid::EMPTY, &mut rng, &mut never).ok().flatten();
        let second = random_solution(&Grid::EMPTY, &mut rng, &mut never).ok().flatten();
        for solution in [first, second] {
            let solution = solution.unwrap_or(Grid::EMPTY);
            assert!(solution.is_complete() && is_valid(&solution));
        }
        assert_ne!(first, second);
        let puzzle = grid(PUZZLE);
        let solved = random_solution(&puzzle, &mut rng, &mut never).ok().flatten();
        assert_eq!(solved, crate::solve::solve(&puzzle));
        let broken = grid(&format!("55{}", &PUZZLE[2..]));
        assert_eq!(random_solution(&broken, &mut rng, &mut never), Ok(None));
    }

    #[test]
    fn the_dispatched_fill_matches_the_portable_one() {
        // Boards with few givens, so that fills guess and backtrack; the same seed must give
        // the same solution whichever kernel the CPU takes.
        let puzzle = grid(PUZZLE);
        for seed in 0..200 {
            let mut cells = *puzzle.cells();
            cells.iter_mut().skip(usize::try_from(seed % 7).unwrap_or(0)).step_by(2).for_each(|cell| *cell = 0);
            let board = Grid::from_values(cells).unwrap_or(Grid::EMPTY);
            for board in [board, Grid::EMPTY] {
                let fast = random_solution(&board, &mut Rng::new(seed), &mut never);
                let portable = random_solution_with(Portable, &board, &mut Rng::new(seed), &mut never);
                assert_eq!(fast, portable);
                assert!(fast.ok().flatten().is_some_and(|s| s.is_complete() && is_valid(&s)));
            }
        }
    }

    #[test]
    fn avoiding_counts_the_other_solutions() {
        let puzzle = grid(PUZZLE);
        let solution = crate::solve::solve(&puzzle).unwrap_or(Grid::EMPTY);
        // Every given removed alone: the count avoiding its digit is the full count minus one.
        for cell in 0..CELLS {
            let digit = puzzle.cells()[cell];
            if digit == 0 {
                continue;
            }
            let mut cells = *puzzle.cells();
            cells[cell] = 0;
            let smaller = Grid::from_values(cells).unwrap_or(Grid::EMPTY);
            let all = count_solutions(&smaller, 100);
            assert_eq!(count_solutions_avoiding(&smaller, cell, digit, 100, &mut never), Ok(all - 1));
        }
        // A placed cell cannot avoid its own digit; another digit there is no constraint.
        assert_eq!(count_solutions_avoiding(&puzzle, 0, 5, 2, &mut never), Ok(0));
        assert_eq!(count_solutions_avoiding(&puzzle, 0, 4, 2, &mut never), Ok(1));
        assert_eq!(count_solutions_avoiding(&puzzle, 81, 4, 2, &mut never), Ok(0));
        let mut seen = Vec::new();
        let _ = for_each_solution(
            &puzzle,
            &mut |s| {
                seen.push(*s);
                false
            },
            &mut never,
        );
        assert_eq!(seen, vec![solution]);
    }

    #[test]
    fn pick_takes_only_set_bits() {
        let mut rng = Rng::new(9);
        let mut seen = 0u16;
        for _ in 0..200 {
            let bit = pick(0b1010_0110, &mut rng);
            seen |= 1 << bit;
        }
        assert_eq!(seen, 0b1010_0110);
    }
}
