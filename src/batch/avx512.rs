//! The AVX-512 validator: 64 boards at once, one board per byte lane of a 512-bit register.
//!
//! The method is the AVX2 kernel's ([`super::avx2`]), twice as wide: a block is transposed so
//! that vector `k` holds cell `k` of all 64 boards, each cell becomes two one-hot bytes, and a
//! unit holds no repeat exactly when the sum of its one-hots equals their OR. Each register
//! holds board `b` in its low 256 bits and board `b + 32` in its high 256 bits, so the
//! transpose's rounds (all within 128-bit lanes) are the AVX2 kernel's, done for both at once;
//! the last round leaves the quarters of a register with boards 0-15, 32-47, 16-31 and 48-63,
//! put back in order at the store.
//!
//! Only compiled on x86-64, and only called after `is_x86_feature_detected!` found AVX-512F
//! and AVX-512BW (see [`crate::cpu`]).

use std::arch::x86_64::*;
use std::mem::MaybeUninit;

use super::Thirds;
use crate::grid::{CELLS, SIDE};

/// Boards per block: one per byte lane of a 512-bit register.
pub const LANES: usize = 64;

/// Half a block: the boards whose windows share a register.
pub(crate) const HALF: usize = LANES / 2;

/// Validates one block of 64 boards whose starts are `stride` bytes apart in `bytes`, as
/// [`super::avx2::validate_block`] does for 32: cell values 0-9, or with `SYMBOLS` puzzle
/// text. Writes one flag per board to `out` and returns true when every cell was in the
/// encoding's alphabet (else `out` is meaningless); returns false, without reading, if
/// `bytes` is too short for the block. `ahead` is a block to come, prefetched a third before
/// each window, as the AVX2 kernel does.
#[target_feature(enable = "avx512f,avx512bw")]
pub fn validate_block<const SYMBOLS: bool>(bytes: &[u8], stride: usize, out: &mut [bool; LANES], mut ahead: Thirds<'_>) -> bool {
    if stride < CELLS || bytes.len() < (LANES - 1) * stride + CELLS {
        return false;
    }
    let mut cells = [MaybeUninit::<__m512i>::uninit(); CELLS];
    let mut worst = _mm512_set1_epi8(9);
    // Windows of 32 bytes at 0, 32 and 49 (no load past a board's 81st byte); the last one's
    // bytes 15-31 are cells 64-80. Constants, as in the AVX2 kernel: as a loop over windows,
    // the transpose's arrays lived in memory and were zeroed each time.
    ahead.fetch_third();
    put_window::<SYMBOLS, 0, 0>(&mut cells, bytes, stride, &mut worst);
    ahead.fetch_third();
    put_window::<SYMBOLS, 32, 0>(&mut cells, bytes, stride, &mut worst);
    ahead.fetch_third();
    put_window::<SYMBOLS, 49, 15>(&mut cells, bytes, stride, &mut worst);
    // SAFETY: the three windows wrote all 81 entries (cells 0-31, 32-63 and 64-80), and
    // MaybeUninit<T> has the layout of T.
    let cells = unsafe { &*cells.as_ptr().cast::<[__m512i; CELLS]>() };
    let in_alphabet = _mm512_cmpgt_epu8_mask(worst, _mm512_set1_epi8(9)) == 0;
    let repeats = _mm512_or_si512(plane_repeats(cells, table(LOW_DIGITS)), plane_repeats(cells, table(HIGH_DIGITS)));
    let valid = _mm512_cmpeq_epi8_mask(repeats, _mm512_setzero_si512());
    // Ones and zeros, quarters back in board order.
    let flags = _mm512_maskz_mov_epi8(valid, _mm512_set1_epi8(1));
    let flags = _mm512_shuffle_i64x2::<0xD8>(flags, flags);
    // SAFETY: `out` is 64 writable bools, each one byte; the bytes written are 0 or 1, the
    // two valid bit patterns of a bool; storeu has no alignment needs.
    unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), flags) };
    in_alphabet
}

// The AVX2 kernel's one-hot planes (see there): looked up by the low nibble.
const LOW_DIGITS: [u8; 16] = [0, 1, 2, 4, 8, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const HIGH_DIGITS: [u8; 16] = [0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 0, 0, 0, 0, 0, 0];

/// A 16-byte table in every 128-bit lane, as `vpshufb` wants it.
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
fn table(bytes: [u8; 16]) -> __m512i {
    // SAFETY: `bytes` is 16 readable bytes; loadu has no alignment needs.
    _mm512_broadcast_i32x4(unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) })
}

/// Transposes bytes `OFFSET..OFFSET + 32` of the 64 boards and stores bytes `SKIP..` as
/// cells `OFFSET + SKIP..`; raises `worst` to the largest value seen.
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
fn put_window<const SYMBOLS: bool, const OFFSET: usize, const SKIP: usize>(
    cells: &mut [MaybeUninit<__m512i>; CELLS],
    bytes: &[u8],
    stride: usize,
    worst: &mut __m512i,
) {
    let base = bytes.as_ptr().wrapping_add(OFFSET);
    // A plain loop, not `array::from_fn`: its closure was not inlined here. Not zeroed first:
    // a zeroed array cost a call to memset per window.
    let mut rows = [MaybeUninit::<__m512i>::uninit(); HALF];
    for (board, row) in rows.iter_mut().enumerate() {
        // SAFETY: for board + HALF <= 63, (board + HALF) * stride + OFFSET + 32 <= 63 * stride
        // + 81 <= bytes.len() (checked by validate_block; OFFSET <= 49), so both 32-byte reads
        // lie inside `bytes`; loadu has no alignment needs.
        row.write(unsafe {
            let low = _mm256_loadu_si256(base.add(board * stride).cast());
            let high = _mm256_loadu_si256(base.add((board + HALF) * stride).cast());
            _mm512_inserti64x4::<1>(_mm512_castsi256_si512(low), high)
        });
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
            let value = if SYMBOLS { symbol_values(column) } else { column };
            *worst = _mm512_max_epu8(*worst, value);
            if let Some(cell) = cells.get_mut(OFFSET + k) {
                cell.write(value);
            }
        }
    }
}

/// Puzzle symbols to cell values, as the AVX2 kernel's `symbol_values`: '0'-'9' to 0-9, '.'
/// to 0, every other byte to a value above 9.
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
fn symbol_values(symbols: __m512i) -> __m512i {
    let digits = _mm512_sub_epi8(symbols, _mm512_set1_epi8(b'0' as i8));
    let dots = _mm512_cmpeq_epi8_mask(symbols, _mm512_set1_epi8(b'.' as i8));
    _mm512_mask_blend_epi8(dots, digits, _mm512_setzero_si512())
}

/// Sum XOR OR over every unit of one one-hot plane, ORed together: zero exactly where no
/// unit of the lane's board holds a bit twice. The AVX2 kernel's `plane_repeats`, 64 wide.
#[target_feature(enable = "avx512f,avx512bw")]
fn plane_repeats(cells: &[__m512i; CELLS], digits: __m512i) -> __m512i {
    let add = |a, b| _mm512_add_epi8(a, b);
    let or = |a, b| _mm512_or_si512(a, b);
    let one_hot = |cell| _mm512_shuffle_epi8(digits, cell);
    let zero = _mm512_setzero_si512();
    let mut found = zero;
    for band in cells.chunks_exact(3 * SIDE) {
        let (mut box_sums, mut box_ors) = ([zero; 3], [zero; 3]);
        for row in band.chunks_exact(SIDE) {
            let (mut row_sum, mut row_or) = (zero, zero);
            for (b, three) in row.chunks_exact(3).enumerate() {
                let (x, y, z) = (one_hot(three[0]), one_hot(three[1]), one_hot(three[2]));
                let (sum, all) = (add(add(x, y), z), or(or(x, y), z));
                row_sum = add(row_sum, sum);
                row_or = or(row_or, all);
                box_sums[b] = add(box_sums[b], sum);
                box_ors[b] = or(box_ors[b], all);
            }
            found = or(found, _mm512_xor_si512(row_sum, row_or));
        }
        for (sum, all) in box_sums.into_iter().zip(box_ors) {
            found = or(found, _mm512_xor_si512(sum, all));
        }
    }
    for col in 0..SIDE {
        let (mut sum, mut all) = (zero, zero);
        for row in cells.chunks_exact(SIDE) {
            let x = one_hot(row[col]);
            sum = add(sum, x);
            all = or(all, x);
        }
        found = or(found, _mm512_xor_si512(sum, all));
    }
    found
}

/// The AVX2 kernel's `transpose_halves` in both 256-bit halves at once. Row `b` holds board
/// `b`'s 32 bytes low and board `b + 32`'s high; `[s][c]` holds, by quarter, byte c and byte
/// 16 + c of boards `16s..16s + 16`, then the same of boards `32 + 16s..32 + 16s + 16`.
///
/// Always inlined (so compiled for its caller's features): called out of line, its 2 KB of
/// results went through memory, and the kernel ran no faster than the AVX2 one.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512BW.
#[inline(always)]
pub(crate) unsafe fn transpose_quarters(rows: &[__m512i; HALF]) -> [[__m512i; 16]; 2] {
    // SAFETY: the caller's contract (AVX-512F and AVX-512BW) makes the unpacks callable; each
    // transmute reads an array the loop before it wrote in full, and MaybeUninit<T> has the
    // layout of T.
    unsafe {
        // Plain loops, not `array::from_fn`: its closures were not inlined here. No array is
        // zeroed first: each is 2 KB, and zeroed they cost a memset per window.
        let mut pairs = [[MaybeUninit::<__m512i>::uninit(); 2]; 16];
        for (p, pair) in pairs.iter_mut().enumerate() {
            let (a, b) = (rows[2 * p], rows[2 * p + 1]);
            pair[0].write(_mm512_unpacklo_epi8(a, b));
            pair[1].write(_mm512_unpackhi_epi8(a, b));
        }
        let pairs = std::mem::transmute::<[[MaybeUninit<__m512i>; 2]; 16], [[__m512i; 2]; 16]>(pairs);
        let mut quads = [[MaybeUninit::<__m512i>::uninit(); 4]; 8];
        for (q, quad) in quads.iter_mut().enumerate() {
            for g in 0..2 {
                let (a, b) = (pairs[2 * q][g], pairs[2 * q + 1][g]);
                quad[2 * g].write(_mm512_unpacklo_epi16(a, b));
                quad[2 * g + 1].write(_mm512_unpackhi_epi16(a, b));
            }
        }
        let quads = std::mem::transmute::<[[MaybeUninit<__m512i>; 4]; 8], [[__m512i; 4]; 8]>(quads);
        let mut octets = [[MaybeUninit::<__m512i>::uninit(); 8]; 4];
        for (o, octet) in octets.iter_mut().enumerate() {
            for g in 0..4 {
                let (a, b) = (quads[2 * o][g], quads[2 * o + 1][g]);
                octet[2 * g].write(_mm512_unpacklo_epi32(a, b));
                octet[2 * g + 1].write(_mm512_unpackhi_epi32(a, b));
            }
        }
        let octets = std::mem::transmute::<[[MaybeUninit<__m512i>; 8]; 4], [[__m512i; 8]; 4]>(octets);
        let mut out = [[MaybeUninit::<__m512i>::uninit(); 16]; 2];
        for (s, half) in out.iter_mut().enumerate() {
            for c in 0..8 {
                let (a, b) = (octets[2 * s][c], octets[2 * s + 1][c]);
                half[2 * c].write(_mm512_unpacklo_epi64(a, b));
                half[2 * c + 1].write(_mm512_unpackhi_epi64(a, b));
            }
        }
        std::mem::transmute::<[[MaybeUninit<__m512i>; 16]; 2], [[__m512i; 16]; 2]>(out)
    }
}
