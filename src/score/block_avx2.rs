//! The AVX2 `is_solution` kernel: 32 (puzzle, candidate) pairs at once, one pair per byte
//! lane, each pair's bytes read once.
//!
//! It leans on what a solution is rather than on the general validator (`batch::avx2`):
//! - A candidate cell that breaks a given is zeroed before the transpose (`c & (p == c | p
//!   == 0)`, on the untransposed rows, where puzzle and candidate bytes line up), so that it
//!   reads as an empty cell; the givens need no transpose and no pass of their own.
//! - A grid with no empty cell and no repeat holds every digit in every unit, so no sums of
//!   one-hots are needed, only ORs: one plane of one-hots for digits 1-8 (9 and empty map to
//!   nothing), ANDed over the 27 units, plus the grid's sum of cell values.
//!
//! Why that is exact, for cell values 0-9: if every row's OR holds digits 1-8, eight cells of
//! each row are 1-8 once each (36) and the ninth cell `x_r` is anything 0-9. The grid's sum is
//! then `324 + sum(x_r)`, which is 405 exactly when every `x_r` is 9, i.e. when every row is a
//! permutation of 1-9 (no empty cell, no zeroed broken given, no repeat). The same argument
//! over columns and boxes (whose ORs are tested too) makes them permutations as well. The
//! sum wraps in a byte: `sum(x_r)` lies in 0..=81, so `324 + sum(x_r) == 405 (mod 256)` still
//! pins it to 81.
//!
//! Values above 9 (in either board) make the sum and lookups meaningless, so the block is
//! refused and the caller's checked path decides. Only compiled on x86-64, and only called
//! after `crate::cpu::avx2_enabled()`.

use std::arch::x86_64::*;
use std::mem::MaybeUninit;

use crate::batch::avx2::{store_flags, transpose_halves, LANES};
use crate::batch::Thirds;
use crate::grid::{CELLS, SIDE};

/// One-hots of digits 1-8 by cell value (9 and empty map to nothing: the grid sum accounts
/// for the 9s).
pub(super) const DIGITS_1_TO_8: [u8; 16] = [0, 1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0];

/// The sum of a solved grid's cells, 9 * 45 = 405, wrapped to a byte.
pub(super) const SOLVED_SUM: u8 = (405 % 256) as u8;

/// Whether each of 32 pairs is a solution: board `b` of the block is bytes `81b..81b + 81` of
/// `puzzles` and of `candidates`. Writes one flag per pair to `out` and returns true when
/// every value of both boards was 0-9; when it returns false, `out` is meaningless and the
/// caller's checked path decides. Returns false too, without reading, if either slice is
/// shorter than the block. `ahead` (both boards of a block to come) is prefetched a third
/// before each window.
#[target_feature(enable = "avx2")]
pub fn solution_block(puzzles: &[u8], candidates: &[u8], out: &mut [bool; LANES], ahead: [Thirds<'_>; 2]) -> bool {
    let mut ahead = ahead;
    if puzzles.len() < LANES * CELLS || candidates.len() < LANES * CELLS {
        return false;
    }
    // Not zeroed first (every entry is written below), as in the validator.
    let mut one_hots = [MaybeUninit::<__m256i>::uninit(); CELLS];
    let (mut worst, mut sum) = (_mm256_set1_epi8(9), _mm256_setzero_si256());
    // The next block's bytes are prefetched a third before each window.
    let filled = fetch_thirds(&mut ahead)
        && window::<0, 0>(puzzles, candidates, &mut one_hots, &mut worst, &mut sum)
        && fetch_thirds(&mut ahead)
        && window::<32, 0>(puzzles, candidates, &mut one_hots, &mut worst, &mut sum)
        && fetch_thirds(&mut ahead)
        && window::<49, 15>(puzzles, candidates, &mut one_hots, &mut worst, &mut sum);
    if !filled {
        return false;
    }
    // SAFETY: the three windows returned true, so they wrote all 81 entries (cells 0-31, 32-63
    // and 64-80), and MaybeUninit<T> has the layout of T.
    let cells = unsafe { &*one_hots.as_ptr().cast::<[__m256i; CELLS]>() };
    let in_alphabet = _mm256_movemask_epi8(_mm256_cmpeq_epi8(worst, _mm256_set1_epi8(9))) == -1;
    let solved = _mm256_and_si256(
        _mm256_cmpeq_epi8(units_covered(cells), _mm256_set1_epi8(-1)),
        _mm256_cmpeq_epi8(sum, _mm256_set1_epi8(SOLVED_SUM as i8)),
    );
    store_flags(solved, out);
    in_alphabet
}

/// Prefetches the next third of both boards of the block to come; true, so that it chains
/// with the windows.
#[inline]
fn fetch_thirds(ahead: &mut [Thirds<'_>; 2]) -> bool {
    for stream in ahead {
        stream.fetch_third();
    }
    true
}

/// One 32-byte window of the 32 pairs: bytes `OFFSET..OFFSET + 32` of each board. Folds the
/// givens into the candidate bytes, transposes them, and stores the one-hots of bytes
/// `SKIP..` as cells `OFFSET + SKIP..`, adding their values to `sum` and every raw value of
/// both boards to `worst`. The windows are (0, 0), (32, 0) and (49, 15): cells 0-31, 32-63
/// and 64-80, the last starting at 49 so that no load reaches past the board's 81st byte.
/// Constants, so that each window's loops unroll with no test of `SKIP` left at run time.
/// Returns false, having written nothing, if the slices are too short for the block.
#[inline]
#[target_feature(enable = "avx2")]
fn window<const OFFSET: usize, const SKIP: usize>(
    puzzles: &[u8],
    candidates: &[u8],
    one_hots: &mut [MaybeUninit<__m256i>; CELLS],
    worst: &mut __m256i,
    sum: &mut __m256i,
) -> bool {
    if puzzles.len() < LANES * CELLS || candidates.len() < LANES * CELLS || OFFSET + 32 > CELLS {
        return false;
    }
    let zero = _mm256_setzero_si256();
    // SAFETY: 16 readable bytes; loadu has no alignment needs.
    let table = _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(DIGITS_1_TO_8.as_ptr().cast()) });
    // Plain loops and no closures: those were not always inlined into `target_feature` code
    // (a build without LTO ran this kernel at a quarter of its speed). Not zeroed first: the
    // loop is not unrolled, so a zeroed array cost a call to memset per window.
    let mut rows = [MaybeUninit::<__m256i>::uninit(); LANES];
    for (board, row) in rows.iter_mut().enumerate() {
        let at = board * CELLS + OFFSET;
        // SAFETY: at + 32 <= 31 * 81 + 81 = 32 * 81 (OFFSET + 32 <= 81, checked above), which
        // both slices hold (checked above), so the 32 bytes read lie inside them; loadu has no
        // alignment needs.
        let (p, c) = unsafe {
            (_mm256_loadu_si256(puzzles.as_ptr().add(at).cast()), _mm256_loadu_si256(candidates.as_ptr().add(at).cast()))
        };
        *worst = _mm256_max_epu8(*worst, _mm256_max_epu8(p, c));
        // A candidate byte that breaks a given becomes an empty cell.
        let kept = _mm256_or_si256(_mm256_cmpeq_epi8(p, c), _mm256_cmpeq_epi8(p, zero));
        row.write(_mm256_and_si256(c, kept));
    }
    // SAFETY: the loop above wrote all LANES rows, and MaybeUninit<T> has the layout of T.
    let rows = unsafe { &*rows.as_ptr().cast::<[__m256i; LANES]>() };
    let [tops, bottoms] = transpose_halves(rows);
    for (k, (&top, &bottom)) in tops.iter().zip(&bottoms).enumerate() {
        for (byte, column) in
            [(k, _mm256_permute2x128_si256::<0x20>(top, bottom)), (k + 16, _mm256_permute2x128_si256::<0x31>(top, bottom))]
        {
            if byte < SKIP {
                continue;
            }
            *sum = _mm256_add_epi8(*sum, column);
            if let Some(slot) = one_hots.get_mut(OFFSET + byte) {
                slot.write(_mm256_shuffle_epi8(table, column));
            }
        }
    }
    true
}

/// The AND over all 27 units of the OR of their cells' one-hots: all ones in a lane exactly
/// where every unit of that lane's grid holds digits 1-8. Rows and boxes share ORs of
/// horizontal triplets (three cells of a row inside one box); columns get a pass of their own.
#[inline]
#[target_feature(enable = "avx2")]
fn units_covered(cells: &[__m256i; CELLS]) -> __m256i {
    let zero = _mm256_setzero_si256();
    let mut all = _mm256_set1_epi8(-1);
    for band in cells.chunks_exact(3 * SIDE) {
        let mut boxes = [zero; 3];
        for row in band.chunks_exact(SIDE) {
            let mut row_or = zero;
            for (slot, three) in boxes.iter_mut().zip(row.chunks_exact(3)) {
                let mut triplet = zero;
                for &cell in three {
                    triplet = _mm256_or_si256(triplet, cell);
                }
                row_or = _mm256_or_si256(row_or, triplet);
                *slot = _mm256_or_si256(*slot, triplet);
            }
            all = _mm256_and_si256(all, row_or);
        }
        for &b in &boxes {
            all = _mm256_and_si256(all, b);
        }
    }
    for col in 0..SIDE {
        let mut column = zero;
        for row in cells.chunks_exact(SIDE) {
            if let Some(&cell) = row.get(col) {
                column = _mm256_or_si256(column, cell);
            }
        }
        all = _mm256_and_si256(all, column);
    }
    all
}
