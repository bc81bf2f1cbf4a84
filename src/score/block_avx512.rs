//! The AVX-512 `is_solution` kernel: 64 (puzzle, candidate) pairs at once, one pair per byte
//! lane. The AVX2 kernel's method (`super::block_avx2`, which says why it is exact: givens
//! folded into the candidate bytes, one plane of one-hots for digits 1-8 ANDed over the 27
//! units, and the grid's sum), with the AVX-512 validator's layout and transpose
//! (`crate::batch::avx512`): register `b` of a window holds pair `b` in its low 256 bits and
//! pair `b + 32` in its high 256 bits, and the lanes are put back in order at the store.
//!
//! Only compiled on x86-64, and only called after `crate::cpu::avx512_enabled()`.

use std::arch::x86_64::*;
use std::mem::MaybeUninit;

use super::block_avx2::{DIGITS_1_TO_8, SOLVED_SUM};
use crate::batch::avx512::{transpose_quarters, HALF, LANES};
use crate::batch::Thirds;
use crate::grid::{CELLS, SIDE};

/// Whether each of 64 pairs is a solution: pair `b` is bytes `81b..81b + 81` of `puzzles` and
/// of `candidates`. Writes one flag per pair to `out` and returns true when every value of
/// both boards was 0-9; when it returns false, `out` is meaningless and the caller's checked
/// path decides. Returns false too, without reading, if either slice is shorter than the
/// block. `ahead` (both boards of a block to come) is prefetched a third before each window.
#[target_feature(enable = "avx512f,avx512bw")]
pub fn solution_block(puzzles: &[u8], candidates: &[u8], out: &mut [bool; LANES], ahead: [Thirds<'_>; 2]) -> bool {
    let mut ahead = ahead;
    if puzzles.len() < LANES * CELLS || candidates.len() < LANES * CELLS {
        return false;
    }
    let mut one_hots = [MaybeUninit::<__m512i>::uninit(); CELLS];
    let (mut worst, mut sum) = (_mm512_set1_epi8(9), _mm512_setzero_si512());
    // Constants, not a loop over windows: looped, the transpose's arrays lived in memory.
    fetch_thirds(&mut ahead);
    window::<0, 0>(puzzles, candidates, &mut one_hots, &mut worst, &mut sum);
    fetch_thirds(&mut ahead);
    window::<32, 0>(puzzles, candidates, &mut one_hots, &mut worst, &mut sum);
    fetch_thirds(&mut ahead);
    window::<49, 15>(puzzles, candidates, &mut one_hots, &mut worst, &mut sum);
    // SAFETY: the three windows wrote all 81 entries (cells 0-31, 32-63 and 64-80), and
    // MaybeUninit<T> has the layout of T.
    let cells = unsafe { &*one_hots.as_ptr().cast::<[__m512i; CELLS]>() };
    let in_alphabet = _mm512_cmpgt_epu8_mask(worst, _mm512_set1_epi8(9)) == 0;
    let solved = _mm512_cmpeq_epi8_mask(units_covered(cells), _mm512_set1_epi8(-1))
        & _mm512_cmpeq_epi8_mask(sum, _mm512_set1_epi8(SOLVED_SUM as i8));
    // Ones and zeros, quarters back in pair order (as the validator's store).
    let flags = _mm512_maskz_mov_epi8(solved, _mm512_set1_epi8(1));
    let flags = _mm512_shuffle_i64x2::<0xD8>(flags, flags);
    // SAFETY: `out` is 64 writable bools, each one byte; the bytes written are 0 or 1, the
    // two valid bit patterns of a bool; storeu has no alignment needs.
    unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), flags) };
    in_alphabet
}

/// Prefetches the next third of both boards of the block to come.
#[inline]
fn fetch_thirds(ahead: &mut [Thirds<'_>; 2]) {
    for stream in ahead {
        stream.fetch_third();
    }
}

/// One 32-byte window of the 64 pairs: bytes `OFFSET..OFFSET + 32` of each board. Folds the
/// givens into the candidate bytes, transposes them, and stores the one-hots of bytes `SKIP..` as cells `OFFSET + SKIP..`,
/// adding their values to `sum` and every raw value of both boards to `worst`. `solution_block`
/// has checked that both slices hold the block.
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
fn window<const OFFSET: usize, const SKIP: usize>(
    puzzles: &[u8],
    candidates: &[u8],
    one_hots: &mut [MaybeUninit<__m512i>; CELLS],
    worst: &mut __m512i,
    sum: &mut __m512i,
) {
    // SAFETY: 16 readable bytes; loadu has no alignment needs.
    let table = _mm512_broadcast_i32x4(unsafe { _mm_loadu_si128(DIGITS_1_TO_8.as_ptr().cast()) });
    // Pair `board`'s 32 bytes low and pair `board + 32`'s high, of one of the two inputs.
    let load = |bytes: &[u8], board: usize| {
        let at = board * CELLS + OFFSET;
        // SAFETY: at + HALF * 81 + 32 <= 63 * 81 + 81 = 64 * 81 (OFFSET + 32 <= 81), which both
        // slices hold (checked by solution_block), so the 32-byte reads lie inside them; loadu
        // has no alignment needs.
        unsafe {
            let low = _mm256_loadu_si256(bytes.as_ptr().add(at).cast());
            let high = _mm256_loadu_si256(bytes.as_ptr().add(at + HALF * CELLS).cast());
            _mm512_inserti64x4::<1>(_mm512_castsi256_si512(low), high)
        }
    };
    // Not zeroed first: zeroed, each window cost a memset.
    let mut rows = [MaybeUninit::<__m512i>::uninit(); HALF];
    for (board, row) in rows.iter_mut().enumerate() {
        let (p, c) = (load(puzzles, board), load(candidates, board));
        *worst = _mm512_max_epu8(*worst, _mm512_max_epu8(p, c));
        // A candidate byte that breaks a given becomes an empty cell.
        let kept = _mm512_cmpeq_epi8_mask(p, c) | _mm512_testn_epi8_mask(p, p);
        row.write(_mm512_maskz_mov_epi8(kept, c));
    }
    // SAFETY: the loop above wrote all HALF rows, and MaybeUninit<T> has the layout of T.
    let rows = unsafe { &*rows.as_ptr().cast::<[__m512i; HALF]>() };
    // SAFETY: this function is compiled for AVX-512F and BW.
    let [tops, bottoms] = unsafe { transpose_quarters(rows) };
    for (c, (&top, &bottom)) in tops.iter().zip(&bottoms).enumerate() {
        // Quarters 0 and 2 of each hold byte c, 1 and 3 byte 16 + c.
        for (k, column) in [(c, _mm512_shuffle_i64x2::<0x88>(top, bottom)), (c + 16, _mm512_shuffle_i64x2::<0xDD>(top, bottom))] {
            if k < SKIP {
                continue;
            }
            *sum = _mm512_add_epi8(*sum, column);
            if let Some(slot) = one_hots.get_mut(OFFSET + k) {
                slot.write(_mm512_shuffle_epi8(table, column));
            }
        }
    }
}

/// The AVX2 kernel's `units_covered`, 64 wide: all ones in a lane exactly where every unit of
/// that lane's grid holds digits 1-8.
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
