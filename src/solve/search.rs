//! Depth-first search over settled candidates, on an explicit stack of fixed size.

#[cfg(target_arch = "x86_64")]
use super::kernel::Avx2Bmi2;
use super::kernel::{Kernel, Portable};
use super::state::{Candidates, Contradiction};
use crate::grid::{Grid, CELLS};
use std::mem::MaybeUninit;

/// The search was asked to stop before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// What a search did, beside its answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Options tried at branch points (a cell's digit or a digit's configuration in a band),
    /// the first option of each included: zero when propagation alone settled the board.
    pub guesses: u64,
}

/// Guesses between two calls of the "should stop?" callback. A guess and its propagation take
/// a fraction of a microsecond, so this asks every millisecond or so.
const GUESSES_PER_POLL: u32 = 4096;

/// A guess still open: the board before it, what was guessed (a cell below [`CELLS`], else
/// `CELLS + 6 * digit + unit` for a digit's configuration in a band, units 0-2, or a stack,
/// 3-5), and the options (digits or configurations) not yet tried.
#[derive(Clone, Copy)]
struct Frame {
    before: Candidates,
    choice: u8,
    untried: u16,
}

/// A cell guess solves one more cell, and a configuration guess leaves its digit one
/// configuration in its band or stack for good (54 digit-units): never more open guesses than
/// that.
const MAX_DEPTH: usize = CELLS + 54;

/// Visits the solutions of a settled board in a fixed order, calling `found` with each solved
/// board until it returns true.
///
/// Guesses go, as in tdoku, on a digit's configuration (which triads it takes) in the band
/// with the fewest configurations left over its undecided digits: that halves the guesses on hard
/// puzzles against guessing on the cell with the fewest candidates, which is left for boards
/// whose every digit has one configuration left per band. Options are tried in a fixed order.
///
/// With `deduce`, triad deductions across digits, in bands and stacks, are made before each
/// guess, and guesses may go on a digit's configuration in a stack as well (see
/// `Candidates::configuration_guess_or_deduce`): fewer guesses, but another order of visits,
/// so only counting uses them.
///
/// Polls `should_stop` every [`GUESSES_PER_POLL`] guesses and returns `Err(Stopped)` when it
/// says so. Uses no recursion and allocates nothing: the stack is an array of
/// [`MAX_DEPTH`] frames of 128 bytes. Returns what it did: one counter, kept in a register.
pub fn search(
    start: Candidates,
    deduce: bool,
    found: &mut impl FnMut(&Candidates) -> bool,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<SearchStats, Stopped> {
    #[cfg(target_arch = "x86_64")]
    if bmi2_available() {
        // SAFETY: the CPU has AVX2, BMI1 and BMI2 (checked just now).
        return unsafe { search_bmi2(start, deduce, found, should_stop) };
    }
    search_portable(start, deduce, found, should_stop)
}

/// Counts `start`'s solutions, stopping at `limit`, with the search's statistics. Every count
/// (a fresh puzzle, a shared start, a count avoiding a digit) makes the triad deductions before
/// each guess, so the counts and guesses of all of them agree.
pub fn count_up_to(start: Candidates, limit: u64, should_stop: &mut dyn FnMut() -> bool) -> Result<(u64, SearchStats), Stopped> {
    let mut count = 0;
    let stats = search(
        start,
        true,
        &mut |_: &Candidates| {
            count += 1;
            count >= limit
        },
        should_stop,
    )?;
    Ok((count, stats))
}

/// The candidates of `grid`'s givens, settled: [`Candidates::from_grid`], then
/// [`Candidates::settle_all_with`], compiled as [`search`] is (most of the time on an easy puzzle).
pub fn settle_givens(grid: &Grid) -> Result<Candidates, Contradiction> {
    #[cfg(target_arch = "x86_64")]
    if bmi2_available() {
        // SAFETY: the CPU has AVX2, BMI1 and BMI2 (checked just now).
        return unsafe { settle_givens_bmi2(grid) };
    }
    settle_givens_portable(grid)
}

/// [`settle_givens`] for AVX2, BMI1 and BMI2.
///
/// # Safety
/// The CPU must have AVX2, BMI1 and BMI2 ([`bmi2_available`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2")]
pub(super) unsafe fn settle_givens_bmi2(grid: &Grid) -> Result<Candidates, Contradiction> {
    // SAFETY: the caller promises AVX2 and BMI2.
    settle_givens_with(unsafe { Avx2Bmi2::new_unchecked() }, grid)
}

/// [`settle_givens`] for the base instruction set.
#[inline(always)]
pub(super) fn settle_givens_portable(grid: &Grid) -> Result<Candidates, Contradiction> {
    settle_givens_with(Portable, grid)
}

/// [`settle_givens`] with the steps of `kernel`.
#[inline(always)]
fn settle_givens_with(kernel: impl Kernel, grid: &Grid) -> Result<Candidates, Contradiction> {
    let mut candidates = Candidates::from_grid(grid)?;
    candidates.settle_all_with(kernel)?;
    Ok(candidates)
}

/// True when [`search_bmi2`] may run: AVX2 may (see `cpu`, which also honours the variable
/// that forces portable code) and the CPU has BMI1 and BMI2, as every AVX2 CPU but a few
/// early ones does.
#[cfg(target_arch = "x86_64")]
pub(crate) fn bmi2_available() -> bool {
    crate::cpu::avx2_enabled() && std::arch::is_x86_feature_detected!("bmi1") && std::arch::is_x86_feature_detected!("bmi2")
}

/// [`search`] with the whole propagation inlined and compiled for AVX2, BMI1 and BMI2:
/// three-operand shifts and and-nots, and wider vectors where the compiler finds them, cut
/// the instructions by a tenth; the [`Avx2Bmi2`] kernel's steps (triads by `pext`, the 27
/// masks eight a register) by a fifth more. The same code as [`search_portable`] but for the
/// kernel, and tested against it.
///
/// # Safety
/// The CPU must have AVX2, BMI1 and BMI2 ([`bmi2_available`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2")]
pub(super) unsafe fn search_bmi2(
    start: Candidates,
    deduce: bool,
    found: &mut impl FnMut(&Candidates) -> bool,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<SearchStats, Stopped> {
    // SAFETY: the caller promises AVX2 and BMI2.
    search_with(unsafe { Avx2Bmi2::new_unchecked() }, start, deduce, found, should_stop)
}

/// [`search`] for the base instruction set.
#[inline(always)]
pub(super) fn search_portable(
    start: Candidates,
    deduce: bool,
    found: &mut impl FnMut(&Candidates) -> bool,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<SearchStats, Stopped> {
    search_with(Portable, start, deduce, found, should_stop)
}

/// [`search`] with the steps of `kernel`.
#[inline(always)]
fn search_with(
    kernel: impl Kernel,
    start: Candidates,
    deduce: bool,
    found: &mut impl FnMut(&Candidates) -> bool,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<SearchStats, Stopped> {
    let mut stats = SearchStats::default();
    if start.is_solved() {
        found(&start);
        return Ok(stats);
    }
    // Left uninitialized: filling 17 KB per search cost a puzzle that needs a few guesses
    // a few percent of its instructions. Slots below `depth` are always written.
    let mut stack = [const { MaybeUninit::<Frame>::uninit() }; MAX_DEPTH];
    let mut depth = 0;
    let mut board = start;
    let mut until_poll = GUESSES_PER_POLL;
    // Whether `board` is settled without contradiction (else: backtrack).
    let mut alive = true;
    loop {
        if alive {
            if board.is_solved() {
                if found(&board) {
                    return Ok(stats);
                }
                alive = false;
                continue;
            }
            until_poll -= 1;
            if until_poll == 0 {
                until_poll = GUESSES_PER_POLL;
                if should_stop() {
                    return Err(Stopped);
                }
            }
            let (choice, options) = match board.configuration_guess_or_deduce(kernel, deduce) {
                Ok((_, dirty)) if dirty != 0 => {
                    alive = board.settle_with(kernel, dirty).is_ok();
                    continue;
                }
                Ok((Some((unit, digit, left)), _)) => (configuration_choice(unit, digit), u16::from(left)),
                Ok((None, _)) => board.guess(),
                Err(_) => {
                    alive = false;
                    continue;
                }
            };
            let option = options.trailing_zeros() as usize;
            let untried = options & options.wrapping_sub(1);
            if untried != 0 {
                // Depth stays below MAX_DEPTH: each open frame's cell is solved, or its
                // digit-band left one configuration, on the path below it.
                if let Some(slot) = stack.get_mut(depth) {
                    slot.write(Frame { before: board, choice: choice as u8, untried });
                    depth += 1;
                }
            }
            stats.guesses += 1;
            alive = apply_with(kernel, &mut board, choice, option);
        } else {
            let Some(slot) = depth.checked_sub(1).and_then(|top| stack.get_mut(top)) else {
                return Ok(stats);
            };
            // SAFETY: the slot is below `depth`, and every slot below `depth` was written when
            // `depth` was raised past it (the push above); `Frame` is `Copy`, nothing to drop.
            let frame = unsafe { slot.assume_init_mut() };
            let option = frame.untried.trailing_zeros() as usize;
            frame.untried &= frame.untried - 1;
            board = frame.before;
            let choice = usize::from(frame.choice);
            if frame.untried == 0 {
                depth -= 1;
            }
            stats.guesses += 1;
            alive = apply_with(kernel, &mut board, choice, option);
        }
    }
}

/// The [`Frame`] choice of a guess on `digit`'s configuration in `unit` (band 0-2, stack 3-5).
pub(super) fn configuration_choice(unit: usize, digit: usize) -> usize {
    CELLS + 6 * digit + unit
}

/// Tries one option of a guess (see [`Frame`]); false when it leads to a contradiction.
#[inline(always)]
pub(super) fn apply(board: &mut Candidates, choice: usize, option: usize) -> bool {
    apply_with(Portable, board, choice, option)
}

/// [`apply`] with the steps of `kernel`.
#[inline(always)]
fn apply_with(kernel: impl Kernel, board: &mut Candidates, choice: usize, option: usize) -> bool {
    if choice < CELLS {
        board.place_and_settle(kernel, option, choice).is_ok()
    } else {
        let index = choice - CELLS;
        board.configure_and_settle(kernel, index / 6, index % 6, option).is_ok()
    }
}
