//! The AVX2 validator: 32 boards at once, one board per byte lane.
//!
//! A block of 32 boards is transposed in registers so that vector `k` holds cell `k` of all
//! 32 boards. Each cell then becomes two one-hot bytes (digits 1-5 in one plane, 6-9 in
//! another, so that a unit's sum of nine one-hots never exceeds 255). A unit holds no repeat
//! exactly when the sum of its one-hots equals their OR; every step is lane-wise, with no
//! branch on the data. About 60 vector operations per board in all, two thirds of them for
//! the transpose and the lookups.
//!
//! Only compiled on x86-64, and only called after `is_x86_feature_detected!("avx2")`.

use std::arch::x86_64::*;
use std::mem::MaybeUninit;

use super::Thirds;
use crate::grid::{CELLS, SIDE};

/// Boards per block: one per byte lane of a 256-bit register.
pub const LANES: usize = 32;

/// Validates one block of 32 boards whose starts are `stride` bytes apart in `bytes`: cell
/// values 0-9, or with `SYMBOLS` puzzle text ('1'-'9', and '.' or '0' for an empty cell), read
/// in place from a file's lines or an Arrow column without a conversion pass.
///
/// Writes one flag per board to `out` and returns true when every cell was in the encoding's
/// alphabet; when it returns false, `out` is meaningless and the caller finds the bad cell.
/// Returns false too, without reading, if `bytes` is too short for the block. `ahead` (a block
/// to come) is prefetched a third before each of the block's three windows.
#[target_feature(enable = "avx2")]
pub fn validate_block<const SYMBOLS: bool>(bytes: &[u8], stride: usize, out: &mut [bool; LANES], ahead: Thirds<'_>) -> bool {
    if stride < CELLS || bytes.len() < (LANES - 1) * stride + CELLS {
        return false;
    }
    // Not zeroed first: that alone cost a tenth of the block's time.
    let mut columns = Columns { cells: [MaybeUninit::uninit(); CELLS] };
    let worst = columns.fill::<SYMBOLS>(bytes, stride, ahead);
    // SAFETY: `fill` wrote all 81 entries (its windows cover cells 0-31, 32-63 and 64-80),
    // and MaybeUninit<T> has the layout of T.
    let cells = unsafe { &*columns.cells.as_ptr().cast::<[__m256i; CELLS]>() };
    let in_alphabet = _mm256_movemask_epi8(_mm256_cmpeq_epi8(worst, _mm256_set1_epi8(9))) == -1;
    let repeats = _mm256_or_si256(plane_repeats(cells, table(LOW_DIGITS)), plane_repeats(cells, table(HIGH_DIGITS)));
    store_flags(_mm256_cmpeq_epi8(repeats, _mm256_setzero_si256()), out);
    in_alphabet
}

/// One flag per lane of `mask` (all ones: true, zero: false) into `out`.
#[inline]
#[target_feature(enable = "avx2")]
pub(crate) fn store_flags(mask: __m256i, out: &mut [bool; LANES]) {
    let mut bytes_out = [0u8; LANES];
    // SAFETY: `bytes_out` is 32 writable bytes; storeu has no alignment needs.
    unsafe { _mm256_storeu_si256(bytes_out.as_mut_ptr().cast(), mask) };
    for (slot, &flag) in out.iter_mut().zip(&bytes_out) {
        *slot = flag != 0;
    }
}

// One-hot planes, looked up by the low nibble: '1'-'9' (0x31-0x39) and values 1-9 share it,
// and '.' (0x2E, nibble 14) and '0' / 0 (nibble 0) map to nothing. Bytes outside the alphabet
// are rejected separately, so what they map to does not matter. Digits 1-5 go in one plane
// and 6-9 in the other so that the sum of nine one-hots stays below 256.
const LOW_DIGITS: [u8; 16] = [0, 1, 2, 4, 8, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const HIGH_DIGITS: [u8; 16] = [0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 0, 0, 0, 0, 0, 0];

/// A 16-byte table in both halves of a register, as `vpshufb` wants it.
#[inline]
#[target_feature(enable = "avx2")]
fn table(bytes: [u8; 16]) -> __m256i {
    // SAFETY: `bytes` is 16 readable bytes; loadu has no alignment needs.
    _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) })
}

/// A block, transposed: vector `k` holds cell `k` of the 32 boards.
struct Columns {
    cells: [MaybeUninit<__m256i>; CELLS],
}

impl Columns {
    /// Loads, transposes and looks up the block; returns the largest cell value seen (bytes
    /// outside the alphabet count as above 9). `validate_block` has checked that `bytes`
    /// holds 31 strides and a board.
    ///
    /// Three overlapping 32-byte windows per board cover cells 0-31, 32-63 and 49-80; the
    /// last window starts at 49 so that no load reaches past the board's 81st byte. Its bytes
    /// 15-31 are cells 64-80.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn fill<const SYMBOLS: bool>(&mut self, bytes: &[u8], stride: usize, mut ahead: Thirds<'_>) -> __m256i {
        let worst = _mm256_set1_epi8(9);
        ahead.fetch_third();
        let worst = self.put_window::<SYMBOLS, 0, 0>(bytes, stride, worst);
        ahead.fetch_third();
        let worst = self.put_window::<SYMBOLS, 32, 0>(bytes, stride, worst);
        ahead.fetch_third();
        self.put_window::<SYMBOLS, 49, 15>(bytes, stride, worst)
    }

    /// Transposes bytes `OFFSET..OFFSET + 32` of the 32 boards and stores bytes `SKIP..` as
    /// cells `OFFSET + SKIP..`; returns `worst` raised to the largest value among them.
    /// Constants, so that each window's loops unroll with no test of `SKIP` left at run time.
    ///
    /// The transpose's last round (joining 128-bit halves) happens right before the lookups,
    /// so that its results stay in registers: stored as halves and reloaded whole, they would
    /// stall on store forwarding.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn put_window<const SYMBOLS: bool, const OFFSET: usize, const SKIP: usize>(
        &mut self,
        bytes: &[u8],
        stride: usize,
        mut worst: __m256i,
    ) -> __m256i {
        let base = bytes.as_ptr().wrapping_add(OFFSET);
        // Not zeroed first, and a plain loop, not `array::from_fn`: its closure was not always
        // inlined here.
        let mut rows = [MaybeUninit::<__m256i>::uninit(); LANES];
        for (board, row) in rows.iter_mut().enumerate() {
            // SAFETY: board * stride + OFFSET + 32 <= 31 * stride + 81 <= bytes.len() (checked
            // by validate_block; OFFSET <= 49), so the 32 bytes read lie inside `bytes`; loadu
            // has no alignment needs.
            row.write(unsafe { _mm256_loadu_si256(base.add(board * stride).cast()) });
        }
        // SAFETY: the loop above wrote all LANES rows, and MaybeUninit<T> has the layout of T.
        let rows = unsafe { &*rows.as_ptr().cast::<[__m256i; LANES]>() };
        let [tops, bottoms] = transpose_halves(rows);
        for (c, (&top, &bottom)) in tops.iter().zip(&bottoms).enumerate() {
            for (k, column) in
                [(c, _mm256_permute2x128_si256::<0x20>(top, bottom)), (c + 16, _mm256_permute2x128_si256::<0x31>(top, bottom))]
            {
                if k < SKIP {
                    continue;
                }
                let value = if SYMBOLS { symbol_values(column) } else { column };
                worst = _mm256_max_epu8(worst, value);
                if let Some(cell) = self.cells.get_mut(OFFSET + k) {
                    cell.write(value);
                }
            }
        }
        worst
    }
}

/// Puzzle symbols to cell values, lane-wise: '0'-'9' to 0-9 and '.' to 0; every other byte
/// to a value above 9, which the alphabet check catches. ('_', an empty cell too, is left to
/// the checked path, like any byte this does not map.)
#[inline]
#[target_feature(enable = "avx2")]
fn symbol_values(symbols: __m256i) -> __m256i {
    let digits = _mm256_sub_epi8(symbols, _mm256_set1_epi8(b'0' as i8));
    let dots = _mm256_cmpeq_epi8(symbols, _mm256_set1_epi8(b'.' as i8));
    _mm256_andnot_si256(dots, digits)
}

/// Sum XOR OR over every unit of one one-hot plane (cells looked up in `digits`), ORed
/// together: zero exactly where no unit of the lane's board holds a bit twice. Sums stay
/// below 256 (nine cells of at most 16).
///
/// Rows and boxes are summed from horizontal triplets (three cells of a row inside one box),
/// band by band, so that few values are live at once; columns get a pass of their own. The
/// one-hots are looked up again where needed rather than stored: a shuffle is cheaper here
/// than the store and reload (measured).
#[target_feature(enable = "avx2")]
fn plane_repeats(cells: &[__m256i; CELLS], digits: __m256i) -> __m256i {
    let add = |a, b| _mm256_add_epi8(a, b);
    let or = |a, b| _mm256_or_si256(a, b);
    let one_hot = |cell| _mm256_shuffle_epi8(digits, cell);
    let zero = _mm256_setzero_si256();
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
            found = or(found, _mm256_xor_si256(row_sum, row_or));
        }
        for (sum, all) in box_sums.into_iter().zip(box_ors) {
            found = or(found, _mm256_xor_si256(sum, all));
        }
    }
    for col in 0..SIDE {
        let (mut sum, mut all) = (zero, zero);
        for row in cells.chunks_exact(SIDE) {
            let x = one_hot(row[col]);
            sum = add(sum, x);
            all = or(all, x);
        }
        found = or(found, _mm256_xor_si256(sum, all));
    }
    found
}

/// Transposes a 32x32 byte matrix but for joining 128-bit halves. Row `b` of the input is
/// board `b`'s 32 bytes; `[s][c]` of the output holds byte `c` (low half) and byte `16 + c`
/// (high half) of boards `16s..16s + 16`, in board order.
///
/// Four rounds of unpacking (8, 16, 32, 64 bits), each within 128-bit halves.
#[inline]
#[target_feature(enable = "avx2")]
pub(crate) fn transpose_halves(rows: &[__m256i; LANES]) -> [[__m256i; 16]; 2] {
    // Plain loops, not `array::from_fn`: its closures were not always inlined here.
    let zero = _mm256_setzero_si256();
    // pairs[p]: rows 2p and 2p+1 interleaved; [0] has columns 0-7 of each half, [1] 8-15.
    let mut pairs = [[zero; 2]; 16];
    for (p, pair) in pairs.iter_mut().enumerate() {
        let (a, b) = (rows[2 * p], rows[2 * p + 1]);
        *pair = [_mm256_unpacklo_epi8(a, b), _mm256_unpackhi_epi8(a, b)];
    }
    // quads[q][g]: rows 4q..4q+4, columns 4g..4g+4 of each half.
    let mut quads = [[zero; 4]; 8];
    for (q, quad) in quads.iter_mut().enumerate() {
        for g in 0..2 {
            let (a, b) = (pairs[2 * q][g], pairs[2 * q + 1][g]);
            quad[2 * g] = _mm256_unpacklo_epi16(a, b);
            quad[2 * g + 1] = _mm256_unpackhi_epi16(a, b);
        }
    }
    // octets[o][g]: rows 8o..8o+8, columns 2g..2g+2 of each half.
    let mut octets = [[zero; 8]; 4];
    for (o, octet) in octets.iter_mut().enumerate() {
        for g in 0..4 {
            let (a, b) = (quads[2 * o][g], quads[2 * o + 1][g]);
            octet[2 * g] = _mm256_unpacklo_epi32(a, b);
            octet[2 * g + 1] = _mm256_unpackhi_epi32(a, b);
        }
    }
    let mut out = [[zero; 16]; 2];
    for (s, half) in out.iter_mut().enumerate() {
        for c in 0..8 {
            let (a, b) = (octets[2 * s][c], octets[2 * s + 1][c]);
            half[2 * c] = _mm256_unpacklo_epi64(a, b);
            half[2 * c + 1] = _mm256_unpackhi_epi64(a, b);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::portable;

    fn avx2() -> bool {
        is_x86_feature_detected!("avx2")
    }

    #[test]
    fn transpose_puts_byte_k_of_board_b_in_lane_b_of_row_k() {
        if !avx2() {
            return;
        }
        let mut bytes = [0u8; LANES * 32];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = (i * 7 + i / 32) as u8;
        }
        let mut rows = [[0u8; 32]; LANES];
        // SAFETY: AVX2 is present (checked above); loads and stores stay inside the arrays.
        unsafe {
            let loaded: [__m256i; LANES] = std::array::from_fn(|b| _mm256_loadu_si256(bytes.as_ptr().add(32 * b).cast()));
            let [tops, bottoms] = transpose_halves(&loaded);
            for (c, (&top, &bottom)) in tops.iter().zip(&bottoms).enumerate() {
                _mm256_storeu_si256(rows[c].as_mut_ptr().cast(), _mm256_permute2x128_si256::<0x20>(top, bottom));
                _mm256_storeu_si256(rows[c + 16].as_mut_ptr().cast(), _mm256_permute2x128_si256::<0x31>(top, bottom));
            }
        }
        for (k, row) in rows.iter().enumerate() {
            for (b, &byte) in row.iter().enumerate() {
                assert_eq!(byte, bytes[32 * b + k], "byte {k} of board {b}");
            }
        }
    }

    #[test]
    fn blocks_agree_with_the_portable_validator() {
        if !avx2() {
            return;
        }
        let mut state = 0x0DDB_1A5E_5BAD_5EED_u64;
        for round in 0..4000 {
            let stride = CELLS + round % 3;
            let mut bytes = vec![0u8; LANES * stride];
            for byte in bytes.iter_mut() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *byte = if state % 81 < (round % 50) as u64 { (state >> 8) as u8 % 9 + 1 } else { 0 };
            }
            let mut out = [false; LANES];
            // SAFETY: AVX2 is present (checked above).
            assert!(unsafe { validate_block::<false>(&bytes, stride, &mut out, Thirds::new(&[])) });
            for (b, &flag) in out.iter().enumerate() {
                let board: &[u8; CELLS] = bytes[b * stride..b * stride + CELLS].try_into().expect("81 bytes");
                assert_eq!(flag, portable::is_valid(board), "round {round} board {b}");
            }
        }
    }

    #[test]
    fn symbol_blocks_agree_with_the_portable_validator_on_text() {
        if !avx2() {
            return;
        }
        let mut state = 0x005E_ED0F_7E47_u64;
        for round in 0..3000 {
            // Lines as files have them: 81 symbols, then "\n" or "\r\n" (or nothing).
            let stride = CELLS + round % 3;
            let mut bytes = vec![b'\n'; LANES * stride];
            for (i, byte) in bytes.iter_mut().enumerate() {
                if i % stride >= CELLS {
                    continue;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let digit = (state >> 8) as u8 % 9 + 1;
                *byte = if state % 81 < (round % 50) as u64 { b'0' + digit } else { b".0"[(state >> 20) as usize % 2] };
            }
            let mut out = [false; LANES];
            // SAFETY: AVX2 is present (checked above).
            assert!(unsafe { validate_block::<true>(&bytes, stride, &mut out, Thirds::new(&[])) });
            for (b, &flag) in out.iter().enumerate() {
                let board: &[u8; CELLS] = bytes[b * stride..b * stride + CELLS].try_into().expect("81 bytes");
                assert_eq!(
                    flag,
                    portable::verdict(board, &portable::SYMBOLS) == portable::Verdict::Valid,
                    "round {round} board {b}"
                );
            }
        }
    }

    #[test]
    fn every_byte_but_digits_and_dots_is_refused_as_a_symbol_in_every_cell() {
        if !avx2() {
            return;
        }
        let mut out = [false; LANES];
        for bad in (0..=255u8).filter(|&b| !(b.is_ascii_digit() || b == b'.')) {
            for cell in [0, 15, 31, 32, 48, 49, 63, 64, 80] {
                let mut bytes = vec![b'.'; LANES * CELLS];
                bytes[29 * CELLS + cell] = bad;
                // SAFETY: AVX2 is present (checked above).
                assert!(!unsafe { validate_block::<true>(&bytes, CELLS, &mut out, Thirds::new(&[])) }, "byte {bad} at {cell}");
            }
        }
        let good = vec![b'0'; LANES * CELLS];
        // SAFETY: AVX2 is present (checked above).
        assert!(unsafe { validate_block::<true>(&good, CELLS, &mut out, Thirds::new(&[])) });
        assert!(out.iter().all(|&valid| valid));
    }

    #[test]
    fn every_byte_outside_the_alphabet_is_caught_in_every_cell() {
        if !avx2() {
            return;
        }
        let mut out = [false; LANES];
        for cell in 0..CELLS {
            for bad in [10u8, 15, 16, 0x80, 0xFF] {
                let mut bytes = vec![0u8; LANES * CELLS];
                bytes[17 * CELLS + cell] = bad;
                // SAFETY: AVX2 is present (checked above).
                assert!(!unsafe { validate_block::<false>(&bytes, CELLS, &mut out, Thirds::new(&[])) });
            }
        }
    }

    #[test]
    fn short_input_is_refused_without_reading() {
        if !avx2() {
            return;
        }
        let mut out = [false; LANES];
        let bytes = vec![0u8; LANES * CELLS - 1];
        // SAFETY: AVX2 is present (checked above).
        assert!(!unsafe { validate_block::<false>(&bytes, CELLS, &mut out, Thirds::new(&[])) });
        // SAFETY: as above.
        assert!(!unsafe { validate_block::<false>(&bytes, 80, &mut out, Thirds::new(&[])) });
    }
}
