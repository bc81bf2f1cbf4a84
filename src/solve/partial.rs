//! Counting from a shared start: the settled candidates of a puzzle's givens minus a few, made
//! once, from which the counts of several puzzles that add some of those few givens back are
//! each found with a short propagation instead of a fresh one.
//!
//! Clue removal asks about one puzzle after another that differ only in the next few cells it
//! tries: settling those puzzles' common givens once and placing the rest on top of that gives
//! the same search as settling each from scratch would (see [`Partial::count`]), for a fraction
//! of the setup, which is most of the cost of a check that finds a second solution at once.

#[cfg(target_arch = "x86_64")]
use super::search::bmi2_available;
use super::search::{apply, count_up_to, settle_givens, Stopped};
use super::state::Candidates;
#[cfg(any(test, feature = "drivers"))]
#[cfg_attr(not(test), allow(unused_imports))]
use super::variants::count_solutions_avoiding;
use crate::grid::{Grid, CELLS};
use std::mem::MaybeUninit;

/// The settled candidates of a board's givens, to count puzzles that keep all of them.
pub struct Partial {
    givens: Grid,
    /// `None` when propagation alone shows `givens` has no solution.
    start: Option<Candidates>,
}

impl Partial {
    /// The start of the puzzles whose givens include those of `givens`.
    pub fn new(givens: &Grid) -> Partial {
        Partial { givens: *givens, start: settle_givens(givens).ok() }
    }

    /// True when propagation alone (naked and hidden singles, pointing and claiming, which is
    /// what settling does) fills every cell of the start's givens.
    pub fn is_solved(&self) -> bool {
        self.start.is_some_and(|start| start.is_solved())
    }

    /// The number of solutions of `grid` in which `cell` does not hold `digit` (with `avoid`
    /// set; else all of them), counted up to `limit`: what [`count_solutions_avoiding`] and
    /// counting give, from the shared start when `grid` keeps every given of it (otherwise,
    /// from scratch).
    ///
    /// Why the start may be shared: settling only rules out what no solution of the givens
    /// has, so the settled candidates of fewer givens, with the rest placed and settled, hold
    /// every solution of `grid`, and settling is done before the search as from scratch.
    ///
    /// Reached only by the tests (no production code calls it): a candidate for removal.
    #[cfg(any(test, feature = "drivers"))]
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn count(
        &self,
        grid: &Grid,
        avoid: Option<(usize, u8)>,
        limit: u64,
        should_stop: &mut dyn FnMut() -> bool,
    ) -> Result<u64, Stopped> {
        if !self.kept_by(grid) {
            return match avoid {
                Some((cell, digit)) => count_solutions_avoiding(grid, cell, digit, limit, should_stop),
                None => super::count_solutions_interruptible(grid, limit, should_stop),
            };
        }
        // The givens `grid` adds to the start's: placing those of the start again does nothing.
        let added = grid
            .cells()
            .iter()
            .zip(self.givens.cells())
            .enumerate()
            .filter(|(_, (&value, &shared))| value != 0 && shared == 0)
            .fold(0, |added, (cell, _)| added | 1 << cell);
        self.count_adding(added, grid, avoid, limit, should_stop)
    }

    /// [`Partial::count`] of the start's givens with those of `digits` at the cells of
    /// `added` (bit `cell` per cell) put on top: what a caller that knows which givens it adds
    /// asks, without comparing whole grids. A cell of `added` that `digits` leaves empty adds
    /// nothing, and one that holds another digit than a given of the start there has none.
    pub fn count_adding(
        &self,
        added: u128,
        digits: &Grid,
        avoid: Option<(usize, u8)>,
        limit: u64,
        should_stop: &mut dyn FnMut() -> bool,
    ) -> Result<u64, Stopped> {
        #[cfg(target_arch = "x86_64")]
        if bmi2_available() {
            // SAFETY: the CPU has AVX2, BMI1 and BMI2 (checked just now).
            return unsafe { self.count_adding_bmi2(added, digits, avoid, limit, should_stop) };
        }
        self.count_adding_portable(added, digits, avoid, limit, should_stop)
    }

    /// [`Partial::count_adding`] compiled for AVX2, BMI1 and BMI2, as the solver's search is:
    /// the same code, with the placing, settling and search inlined.
    ///
    /// # Safety
    /// The CPU must have AVX2, BMI1 and BMI2 ([`bmi2_available`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2")]
    unsafe fn count_adding_bmi2(
        &self,
        added: u128,
        digits: &Grid,
        avoid: Option<(usize, u8)>,
        limit: u64,
        should_stop: &mut dyn FnMut() -> bool,
    ) -> Result<u64, Stopped> {
        self.count_adding_portable(added, digits, avoid, limit, should_stop)
    }

    /// [`Partial::count_adding`] for the base instruction set.
    #[inline(always)]
    fn count_adding_portable(
        &self,
        added: u128,
        digits: &Grid,
        avoid: Option<(usize, u8)>,
        limit: u64,
        should_stop: &mut dyn FnMut() -> bool,
    ) -> Result<u64, Stopped> {
        if limit == 0 {
            return Ok(0);
        }
        let Some(mut board) = self.start else {
            return Ok(0);
        };
        // The digit is ruled out before the givens go on: when no solution avoids it, the
        // start's givens mostly show that alone, and nothing is placed or settled again.
        if let Some((cell, digit)) = avoid {
            if cell >= CELLS || !(1..=9).contains(&digit) {
                return Ok(0);
            }
            if board.eliminate_and_settle(usize::from(digit) - 1, cell).is_err() {
                return Ok(0);
            }
        }
        let mut dirty = 0;
        let mut rest = added;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (Some(&value), Some(&shared)) = (digits.cells().get(cell), self.givens.cells().get(cell)) else {
                break;
            };
            if value == 0 || value == shared {
                continue;
            }
            if shared != 0 {
                return Ok(0);
            }
            // A given ruled out by the others: no solution.
            let Ok(changed) = board.place(usize::from(value) - 1, cell) else {
                return Ok(0);
            };
            dirty |= changed;
        }
        if board.settle(dirty).is_err() {
            return Ok(0);
        }
        if limit == 1 {
            return has_solution(board, digits, should_stop).map(u64::from);
        }
        Ok(count_up_to(board, limit, should_stop)?.0)
    }

    /// True when `grid` has every given of the start, with the same digit.
    #[cfg(any(test, feature = "drivers"))]
    #[cfg_attr(not(test), allow(dead_code))]
    fn kept_by(&self, grid: &Grid) -> bool {
        grid.cells().iter().zip(self.givens.cells()).all(|(&value, &shared)| shared == 0 || value == shared)
    }
}

/// Guesses between two calls of the "should stop?" callback (a millisecond or so).
const GUESSES_PER_POLL: u32 = 4096;

/// A guess still open: the board before it, the cell guessed, the digits not yet tried there.
#[derive(Clone, Copy)]
struct Frame {
    before: Candidates,
    cell: u8,
    untried: u16,
}

/// Whether a settled board has a solution: a depth-first search on the cell with the fewest
/// candidates. A check that a puzzle has a solution avoiding a digit mostly finds one within a
/// few guesses, and a cell guess costs a fraction of the configuration guess and triad
/// deductions that counting makes before each guess.
///
/// Each guess tries the digit `known` holds there last (it holds none off its givens, for a
/// plain count): the solution sought differs from the known one, and trying other digits first
/// finds it with fewer guesses (2% fewer instructions over minimal puzzles' removals). The
/// order changes only which solution is found, never whether one is.
#[inline(always)]
fn has_solution(start: Candidates, known: &Grid, should_stop: &mut dyn FnMut() -> bool) -> Result<bool, Stopped> {
    // Left uninitialized, as the search's: slots below `depth` are always written, and
    // filling every frame cost more than a short search. Each open frame's cell is decided
    // below it, so the stack never overflows.
    let mut stack = [const { MaybeUninit::<Frame>::uninit() }; CELLS];
    let mut depth = 0;
    let mut board = start;
    let mut alive = true;
    let mut until_poll = GUESSES_PER_POLL;
    loop {
        until_poll -= 1;
        if until_poll == 0 {
            until_poll = GUESSES_PER_POLL;
            if should_stop() {
                return Err(Stopped);
            }
        }
        let (cell, option) = if alive {
            if board.is_solved() {
                return Ok(true);
            }
            let (cell, options) = board.guess();
            let option = known_last(options, known, cell);
            let untried = options & !(1 << option);
            if untried != 0 {
                if let Some(slot) = stack.get_mut(depth) {
                    slot.write(Frame { before: board, cell: cell as u8, untried });
                    depth += 1;
                }
            }
            (cell, option)
        } else {
            let Some(slot) = depth.checked_sub(1).and_then(|top| stack.get_mut(top)) else {
                return Ok(false);
            };
            // SAFETY: the slot is below `depth`, and every slot below `depth` was written when
            // `depth` was raised past it (the push above); `Frame` is `Copy`, nothing to drop.
            let frame = unsafe { slot.assume_init_mut() };
            let cell = usize::from(frame.cell);
            let option = known_last(frame.untried, known, cell);
            frame.untried &= !(1 << option);
            board = frame.before;
            if frame.untried == 0 {
                depth -= 1;
            }
            (cell, option)
        };
        alive = apply(&mut board, cell, option);
    }
}

/// The option (digit index) of `options` (non-empty) to try next at `cell`: the lowest one
/// but the digit `known` holds there, which comes last.
#[inline(always)]
fn known_last(options: u16, known: &Grid, cell: usize) -> usize {
    let held = known.cells().get(cell).map_or(0, |&digit| (1u16 << digit) >> 1);
    let others = options & !held;
    if others != 0 { others } else { options }.trailing_zeros() as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::solve::{count_solutions, random_solution};

    fn never() -> bool {
        false
    }

    /// Random puzzles of a random grid with `keep` givens, as cell values.
    fn thinned(rng: &mut Rng, full: &Grid, keep: usize) -> [u8; CELLS] {
        let mut cells = *full.cells();
        let mut order: Vec<usize> = (0..CELLS).collect();
        rng.shuffle(&mut order);
        for &cell in order.iter().skip(keep) {
            cells[cell] = 0;
        }
        cells
    }

    #[test]
    fn counts_from_a_shared_start_match_fresh_counts() {
        let mut rng = Rng::new(31);
        for round in 0..60 {
            let full = random_solution(&Grid::EMPTY, &mut rng, &mut never).ok().flatten().unwrap_or(Grid::EMPTY);
            let cells = thinned(&mut rng, &full, 22 + round % 12);
            // The start lacks a few of the givens; each puzzle puts some of them back.
            let mut shared = cells;
            let mut order: Vec<usize> = (0..CELLS).filter(|&c| cells[c] != 0).collect();
            rng.shuffle(&mut order);
            let few: Vec<usize> = order.iter().copied().take(6).collect();
            few.iter().for_each(|&c| shared[c] = 0);
            let partial = Partial::new(&Grid::from_values(shared).unwrap_or(Grid::EMPTY));
            for &cell in &few {
                let mut puzzle = cells;
                puzzle[cell] = 0;
                if rng.coin() {
                    puzzle[few[0]] = 0;
                }
                let grid = Grid::from_values(puzzle).unwrap_or(Grid::EMPTY);
                let digit = full.cells()[cell];
                // The givens added, named as a cell set: those of the puzzle beyond the start's,
                // and sometimes cells the start holds or the puzzle leaves empty as well (which
                // add nothing).
                let mut added: u128 = (0..CELLS).filter(|&c| puzzle[c] != 0 && shared[c] == 0).fold(0, |set, c| set | 1 << c);
                if rng.coin() {
                    added |= 1 << order[6] | 1 << few[0];
                }
                // Limit 1 takes the plain search for a solution, more the count.
                for limit in [1, 3] {
                    let avoiding = count_solutions_avoiding(&grid, cell, digit, limit, &mut never);
                    assert_eq!(partial.count(&grid, Some((cell, digit)), limit, &mut never), avoiding);
                    assert_eq!(partial.count_adding(added, &grid, Some((cell, digit)), limit, &mut never), avoiding);
                    assert_eq!(partial.count(&grid, None, limit, &mut never), Ok(count_solutions(&grid, limit)));
                    assert_eq!(partial.count_adding(added, &grid, None, limit, &mut never), Ok(count_solutions(&grid, limit)));
                }
            }
            // A board without some shared given is counted from scratch.
            let mut other = [0u8; CELLS];
            other[0] = full.cells()[0];
            let other = Grid::from_values(other).unwrap_or(Grid::EMPTY);
            assert_eq!(partial.count(&other, None, 2, &mut never), Ok(count_solutions(&other, 2)));
            // A given the others rule out, and a broken board: none.
            let mut wrong = cells;
            if let Some(&cell) = few.first() {
                wrong[cell] = full.cells()[cell] % 9 + 1;
                let wrong = Grid::from_values(wrong).unwrap_or(Grid::EMPTY);
                assert_eq!(partial.count(&wrong, None, 2, &mut never), Ok(count_solutions(&wrong, 2)));
                let added = few.iter().fold(0u128, |set, &c| set | 1 << c);
                assert_eq!(partial.count_adding(added, &wrong, None, 2, &mut never), Ok(count_solutions(&wrong, 2)));
                // A cell added with another digit than the start's given there: none.
                if let Some(&held) = order.get(6) {
                    let mut other = cells;
                    other[held] = full.cells()[held] % 9 + 1;
                    let other = Grid::from_values(other).unwrap_or(Grid::EMPTY);
                    assert_eq!(partial.count_adding(1 << held, &other, None, 2, &mut never), Ok(0));
                }
            }
        }
    }
}
