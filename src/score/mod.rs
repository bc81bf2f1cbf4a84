//! Scoring a solver's answers: is a candidate grid a solution of its puzzle, and if not, why.
//!
//! The strict test is three checks: the candidate is complete, no digit repeats in it, and it
//! keeps every given of the puzzle. A check that stops short of any of them (sums of 45,
//! comparison with one reference solution) passes wrong grids or fails right ones.
//!
//! Pure Rust over the core [`Grid`] and over chunks of cell values as the batch driver
//! ([`crate::batch::run`]) hands them out; knows nothing of Python.

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod block_avx2;
#[cfg(target_arch = "x86_64")]
mod block_avx512;
mod chunk;
mod many;

use crate::check;
#[cfg(any(test, feature = "drivers"))]
#[cfg_attr(not(test), allow(unused_imports))]
use crate::grid::Grid;
use crate::grid::CELLS;

pub use chunk::{score_chunk, solution_chunk};
pub use many::{score_blocks, scratch_for, Columns};
#[cfg(any(test, feature = "drivers"))]
#[cfg_attr(not(test), allow(unused_imports))]
pub use many::{score_many, BLOCK};

/// True when `candidate` solves `puzzle`: no empty cell, no repeat in any row, column or box,
/// and every non-empty cell of `puzzle` holds the same digit in `candidate`.
// The slow reference the kernels are tested against; the bindings score through them.
#[cfg(any(test, feature = "drivers"))]
#[cfg_attr(not(test), allow(dead_code))]
pub fn is_solution(puzzle: &Grid, candidate: &Grid) -> bool {
    is_solution_cells(puzzle.cells(), candidate.cells())
}

/// [`is_solution`] over raw cell values, for readers that already know every value is 0-9
/// (any byte is safe to pass; the answer is only meaningful for values 0-9).
#[inline]
pub fn is_solution_cells(puzzle: &[u8; CELLS], candidate: &[u8; CELLS]) -> bool {
    pair_marks(puzzle, candidate) == 0 && check::is_valid_cells(candidate)
}

/// Marks of one (puzzle, candidate) pair: [`EMPTY`] when the candidate has an empty cell,
/// [`CHANGED`] when it changes a given. Branch-free, over 16-cell blocks that the compiler
/// turns into one vector step each (a loop over all 81 cells runs scalar: too short for the
/// vector width the compiler picks).
#[inline(always)]
fn pair_marks(puzzle: &[u8; CELLS], candidate: &[u8; CELLS]) -> u8 {
    let mut marks = cell_marks(puzzle[CELLS - 1], candidate[CELLS - 1]);
    for (p, c) in blocks(puzzle).zip(blocks(candidate)) {
        marks |= p.iter().zip(c).fold(0u8, |marks, (&p, &c)| marks | cell_marks(p, c));
    }
    marks
}

/// Cells 0-79 of a board as five blocks of 16 (cell 80 is left to the caller).
#[inline(always)]
fn blocks(cells: &[u8; CELLS]) -> impl Iterator<Item = &[u8; 16]> {
    cells.chunks_exact(16).filter_map(|block| <&[u8; 16]>::try_from(block).ok())
}

/// A candidate with an empty cell.
const EMPTY: u8 = 1;
/// A candidate that changes a given of the puzzle.
const CHANGED: u8 = 2;

#[inline(always)]
fn cell_marks(puzzle: u8, candidate: u8) -> u8 {
    bit(candidate == 0, EMPTY) | bit(puzzle != 0 && puzzle != candidate, CHANGED)
}

/// `flag` when `condition` holds, else 0 (a select, not a branch).
#[inline(always)]
fn bit(condition: bool, flag: u8) -> u8 {
    u8::from(condition) * flag
}

/// What one (puzzle, candidate[, reference solution]) triple scores, packed in 4 bytes so a
/// block of them is small.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Score {
    flags: u8,
    /// Empty cells of the puzzle whose candidate digit equals the reference's.
    correct: u8,
    /// Empty cells of the puzzle.
    empty: u8,
}

const COMPLETE: u8 = 1;
const VALID: u8 = 2;
const KEEPS_GIVENS: u8 = 4;
const MATCHES: u8 = 8;

impl Score {
    /// The score of one pair, and of the reference when there is one: the tests' reference.
    #[cfg(any(test, feature = "drivers"))]
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn of(puzzle: &Grid, candidate: &Grid, solution: Option<&Grid>) -> Score {
        let valid = check::is_valid(candidate);
        let marks = pair_marks(puzzle.cells(), candidate.cells());
        match solution {
            Some(solution) => {
                let (matches, correct, empty) = against_reference(puzzle.cells(), candidate.cells(), solution.cells());
                Score::new(marks, valid, matches, correct, empty)
            }
            None => Score::new(marks, valid, false, 0, 0),
        }
    }

    fn new(marks: u8, valid: bool, matches: bool, correct: u8, empty: u8) -> Score {
        let flags = bit(marks & EMPTY == 0, COMPLETE)
            | bit(valid, VALID)
            | bit(marks & CHANGED == 0, KEEPS_GIVENS)
            | bit(matches, MATCHES);
        Score { flags, correct, empty }
    }

    /// No empty cell in the candidate.
    pub fn complete(self) -> bool {
        self.flags & COMPLETE != 0
    }

    /// No digit repeats in the candidate's rows, columns or boxes.
    pub fn valid(self) -> bool {
        self.flags & VALID != 0
    }

    /// Every given of the puzzle holds the same digit in the candidate.
    pub fn keeps_givens(self) -> bool {
        self.flags & KEEPS_GIVENS != 0
    }

    /// All three: the candidate solves the puzzle.
    pub fn solved(self) -> bool {
        self.flags & (COMPLETE | VALID | KEEPS_GIVENS) == COMPLETE | VALID | KEEPS_GIVENS
    }

    /// The candidate equals the reference solution in every cell (false without one).
    pub fn matches(self) -> bool {
        self.flags & MATCHES != 0
    }

    /// The share of the puzzle's empty cells where the candidate equals the reference
    /// solution; 1.0 for a puzzle with no empty cell (and without a reference).
    pub fn cell_accuracy(self) -> f64 {
        if self.empty == 0 {
            1.0
        } else {
            f64::from(self.correct) / f64::from(self.empty)
        }
    }
}

/// Against the reference: whether the candidate equals it, how many of the puzzle's empty
/// cells the candidate got right, and how many empty cells the puzzle has. Branch-free, in
/// 16-cell blocks like [`pair_marks`].
#[inline(always)]
fn against_reference(puzzle: &[u8; CELLS], candidate: &[u8; CELLS], solution: &[u8; CELLS]) -> (bool, u8, u8) {
    let cell = |p: u8, c: u8, s: u8| (c ^ s, u8::from(p == 0), u8::from(p == 0) & u8::from(c == s));
    let (mut differ, mut empty, mut correct) = cell(puzzle[CELLS - 1], candidate[CELLS - 1], solution[CELLS - 1]);
    for ((p, c), s) in blocks(puzzle).zip(blocks(candidate)).zip(blocks(solution)) {
        for ((&p, &c), &s) in p.iter().zip(c).zip(s) {
            let (d, e, k) = cell(p, c, s);
            differ |= d;
            empty = empty.wrapping_add(e);
            correct = correct.wrapping_add(k);
        }
    }
    (differ == 0, correct, empty)
}

#[cfg(feature = "drivers")]
pub(crate) mod drivers;
#[cfg(any(test, feature = "drivers"))]
mod kernel_tests;
#[cfg(any(test, feature = "drivers"))]
mod tests;
