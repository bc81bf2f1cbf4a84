//! The AVX-512 `is_solution` kernel: 64 (puzzle, candidate) pairs at once, one pair per byte
//! lane of a 512-bit register, each pair's bytes read once.
//!
//! The AVX2 kernel's method ([`super::block_avx2`], where the argument that it is exact is
//! given), twice as wide: a candidate cell that breaks a given is zeroed before the transpose,
//! and a pair is a solution exactly when every unit's OR of one-hots of digits 1-8 is full
//! and the grid's cells sum to 405 (mod 256). The loads, transpose and flag store are the
//! AVX-512 validator's (`crate::batch::avx512`), so the lanes come in its order.
//!
//! Values above 9 (in either board) make the sum and lookups meaningless, so the block is
//! refused and the caller's checked path decides. Only compiled on x86-64, and only called
//! where `crate::cpu::avx512_enabled()` (AVX-512F and BW) said so.

use std::arch::x86_64::*;
use std::mem::MaybeUninit;

use super::block_avx2::{DIGITS_1_TO_8, SOLVED_SUM};
use crate::batch::avx512::{store_flags, table, window_columns, window_rows, HALF, LANES, WINDOWS};
use crate::grid::{CELLS, SIDE};

/// Whether each of 64 pairs is a solution: board `b` of the block is bytes `81b..81b + 81` of
/// `puzzles` and of `candidates`. Writes one flag per pair to `out` and returns true when
/// every value of both boards was 0-9; when it returns false, `out` is meaningless and the
/// caller's checked path decides. Returns false too, without reading, if either slice is
/// shorter than the block.
#[target_feature(enable = "avx512f,avx512bw")]
pub fn solution_block(puzzles: &[u8], candidates: &[u8], out: &mut [bool; LANES]) -> bool {
    if puzzles.len() < LANES * CELLS || candidates.len() < LANES * CELLS {
        return false;
    }
    // Not zeroed first (every entry is written below), as in the validator.
    let mut one_hots = [MaybeUninit::<__m512i>::uninit(); CELLS];
    let (mut worst, mut sum) = (_mm512_set1_epi8(9), _mm512_setzero_si512());
    let digits = table(DIGITS_1_TO_8);
    for (offset, skip) in WINDOWS {
        let (Some(p), Some(c)) = (window_rows(puzzles, CELLS, offset), window_rows(candidates, CELLS, offset)) else {
            return false;
        };
        let mut kept = [_mm512_setzero_si512(); HALF];
        for ((kept, &p), &c) in kept.iter_mut().zip(&p).zip(&c) {
            worst = _mm512_max_epu8(worst, _mm512_max_epu8(p, c));
            // A candidate byte that breaks a given becomes an empty cell.
            let keeps = _mm512_cmpeq_epi8_mask(p, c) | _mm512_cmpeq_epi8_mask(p, _mm512_setzero_si512());
            *kept = _mm512_maskz_mov_epi8(keeps, c);
        }
        for (k, &column) in window_columns(&kept).iter().enumerate().skip(skip) {
            sum = _mm512_add_epi8(sum, column);
            if let Some(slot) = one_hots.get_mut(offset + k) {
                slot.write(_mm512_shuffle_epi8(digits, column));
            }
        }
    }
    // SAFETY: the three windows (cells 0-31, 32-63 and 64-80) wrote all 81 entries, or the
    // function returned above; MaybeUninit<T> has the layout of T.
    let cells = unsafe { &*one_hots.as_ptr().cast::<[__m512i; CELLS]>() };
    let in_alphabet = _mm512_cmpgt_epu8_mask(worst, _mm512_set1_epi8(9)) == 0;
    let solved = _mm512_cmpeq_epi8_mask(units_covered(cells), _mm512_set1_epi8(-1))
        & _mm512_cmpeq_epi8_mask(sum, _mm512_set1_epi8(SOLVED_SUM as i8));
    store_flags(solved, out);
    in_alphabet
}

/// The AVX2 kernel's `units_covered`, 64 wide: the AND over all 27 units of the OR of their
/// cells' one-hots. Plain loops and no closures, which were not always inlined into
/// `target_feature` code.
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
fn units_covered(cells: &[__m512i; CELLS]) -> __m512i {
    let zero = _mm512_setzero_si512();
    let mut all = _mm512_set1_epi8(-1);
    for band in cells.chunks_exact(3 * SIDE) {
        let mut boxes = [zero; 3];
        for row in band.chunks_exact(SIDE) {
            let mut row_or = zero;
            for (slot, three) in boxes.iter_mut().zip(row.chunks_exact(3)) {
                let mut triplet = zero;
                for &cell in three {
                    triplet = _mm512_or_si512(triplet, cell);
                }
                row_or = _mm512_or_si512(row_or, triplet);
                *slot = _mm512_or_si512(*slot, triplet);
            }
            all = _mm512_and_si512(all, row_or);
        }
        for &b in &boxes {
            all = _mm512_and_si512(all, b);
        }
    }
    for col in 0..SIDE {
        let mut column = zero;
        for row in cells.chunks_exact(SIDE) {
            if let Some(&cell) = row.get(col) {
                column = _mm512_or_si512(column, cell);
            }
        }
        all = _mm512_and_si512(all, column);
    }
    all
}
