//! The cell-by-cell checks of one board in AVX2 registers: 81 cells as three 32-byte vectors
//! at cells 0, 32 and 49. The last overlaps the second by 15 cells, which is harmless for
//! "any cell" and "every cell" tests and masked off where cells are counted.
//!
//! Only compiled on x86-64, and only called after `crate::cpu::avx2_enabled()`.

use std::arch::x86_64::*;

use super::{bit, Score, CHANGED, EMPTY};
use crate::grid::CELLS;

/// Where the three vectors start; each reads 32 cells, and 49 + 32 = 81.
const STARTS: [usize; 3] = [0, 32, 49];

/// Which lanes of each vector hold cells no earlier vector holds.
const FRESH: [u32; 3] = [u32::MAX, u32::MAX, u32::MAX << 15];

/// 32 cells from `start` (one of [`STARTS`]).
#[inline]
#[target_feature(enable = "avx2")]
fn load(cells: &[u8; CELLS], start: usize) -> __m256i {
    debug_assert!(start + 32 <= CELLS);
    // SAFETY: `start` is 0, 32 or 49, so the 32 bytes read lie inside the 81 of `cells`;
    // loadu has no alignment needs.
    unsafe { _mm256_loadu_si256(cells.as_ptr().wrapping_add(start).cast()) }
}

/// One bit per lane: set where the byte lanes of `a` and `b` are equal.
#[inline]
#[target_feature(enable = "avx2")]
fn equal(a: __m256i, b: __m256i) -> u32 {
    _mm256_movemask_epi8(_mm256_cmpeq_epi8(a, b)) as u32
}

/// [`super::pair_marks`]: [`EMPTY`] for an empty candidate cell, [`CHANGED`] for a given
/// the candidate changes.
#[inline]
#[target_feature(enable = "avx2")]
pub fn pair_marks(puzzle: &[u8; CELLS], candidate: &[u8; CELLS]) -> u8 {
    let zero = _mm256_setzero_si256();
    let (mut empty, mut kept) = (0u32, u32::MAX);
    for start in STARTS {
        let (p, c) = (load(puzzle, start), load(candidate, start));
        empty |= equal(c, zero);
        kept &= equal(p, zero) | equal(p, c);
    }
    bit(empty != 0, EMPTY) | bit(kept != u32::MAX, CHANGED)
}

/// [`Score::new`] for one board, against the reference `solution` when there is one.
#[inline]
#[target_feature(enable = "avx2")]
pub fn score(puzzle: &[u8; CELLS], candidate: &[u8; CELLS], solution: Option<&[u8; CELLS]>, valid: bool) -> Score {
    let marks = pair_marks(puzzle, candidate);
    let Some(solution) = solution else { return Score::new(marks, valid, false, 0, 0) };
    let zero = _mm256_setzero_si256();
    let (mut same, mut correct, mut empty) = (u32::MAX, 0u32, 0u32);
    for (start, fresh) in STARTS.into_iter().zip(FRESH) {
        let (p, c, s) = (load(puzzle, start), load(candidate, start), load(solution, start));
        let equal_cells = equal(c, s);
        let open = equal(p, zero) & fresh;
        same &= equal_cells;
        empty += open.count_ones();
        correct += (open & equal_cells).count_ones();
    }
    // At most 81 each, so they fit a byte.
    Score::new(marks, valid, same == u32::MAX, correct as u8, empty as u8)
}
