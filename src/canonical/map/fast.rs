//! Applying one map to a board (or a puzzle and its solution) at batch speed: on AVX-512 VBMI,
//! the 81 source indexes are built in registers from the map's rows and columns, and two
//! 128-byte table shuffles (`vpermi2b`) and one 64-entry relabel (`vpermb`) map a board. With
//! AVX2, a row at a time: each image row is a source row (of the board, or of its transpose)
//! under the one column shuffle every row shares, then relabelled by a 16-entry shuffle.
//! Everywhere else, and as the reference both are tested against, [`Map::apply_cells_into`].

use super::Map;
use crate::grid::{CELLS, SIDE};

impl Map {
    /// [`Map::apply_cells_into`] for each board of `cells` into the same slot of `outs`, on
    /// the fastest path this CPU has (the same results: values above 9 carried over).
    #[inline]
    pub fn apply_each_into<const K: usize>(&self, cells: [&[u8; CELLS]; K], outs: [&mut [u8; CELLS]; K]) {
        #[cfg(target_arch = "x86_64")]
        if crate::cpu::vbmi_enabled() {
            // SAFETY: `vbmi_enabled` found AVX-512F, BW and VBMI on this CPU.
            unsafe { vbmi::apply_each_into(self, cells, outs) };
            return;
        }
        #[cfg(target_arch = "x86_64")]
        if crate::cpu::avx2_enabled() {
            // SAFETY: `avx2_enabled` found AVX2 (and with it SSSE3 and SSE4.1) on this CPU.
            unsafe { rows::apply_each_into(self, cells, outs) };
            return;
        }
        for (cells, out) in cells.into_iter().zip(outs) {
            self.apply_cells_into(cells, out);
        }
    }
}

#[cfg(target_arch = "x86_64")]
pub(super) mod vbmi {
    use std::arch::x86_64::*;

    use super::{Map, CELLS, SIDE};

    /// The last 17 cells, past the first 64-byte register.
    const TAIL: __mmask64 = (1 << (CELLS - 64)) - 1;
    /// Selectors from 64 pick from the second register of a two-register shuffle.
    const SECOND: usize = 64;

    /// For each of 64 image cells from `first`, its row (`k / 9`) in the register of rows or,
    /// with `COLS`, its column (`k % 9`) in the register of columns (the second); 0 past cell 80.
    const fn selector<const COLS: bool>(first: usize) -> [u8; 64] {
        let mut out = [0u8; 64];
        let mut k = 0;
        while k < 64 {
            let cell = first + k;
            if cell < CELLS {
                out[k] = if COLS { (SECOND + cell % SIDE) as u8 } else { (cell / SIDE) as u8 };
            }
            k += 1;
        }
        out
    }

    /// Byte `v` is `v`: values 10-63 map to themselves, as in the reference.
    const fn identity() -> [u8; 64] {
        let mut out = [0u8; 64];
        let mut v = 0;
        while v < 64 {
            out[v] = v as u8;
            v += 1;
        }
        out
    }

    static ROWS_LOW: [u8; 64] = selector::<false>(0);
    static ROWS_HIGH: [u8; 64] = selector::<false>(64);
    static COLS_LOW: [u8; 64] = selector::<true>(0);
    static COLS_HIGH: [u8; 64] = selector::<true>(64);
    static IDENTITY: [u8; 64] = identity();

    /// `x * 9` per byte, for bytes below 29 (`x << 3` in 16-bit lanes carries nothing into
    /// the neighbouring byte while it stays below 256).
    #[target_feature(enable = "avx512f,avx512bw")]
    fn times_nine(x: __m512i) -> __m512i {
        _mm512_add_epi8(_mm512_slli_epi16::<3>(x), x)
    }

    /// The source cell of each image cell from `first` (0 or 64), as bytes.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn sources(rows: __m512i, cols: __m512i, row_of: &[u8; 64], col_of: &[u8; 64], transpose: bool) -> __m512i {
        // SAFETY: both tables are 64 bytes; loadu has no alignment needs.
        let (row_of, col_of) =
            unsafe { (_mm512_loadu_si512(row_of.as_ptr().cast()), _mm512_loadu_si512(col_of.as_ptr().cast())) };
        let (row, col) = (_mm512_permutex2var_epi8(rows, row_of, cols), _mm512_permutex2var_epi8(rows, col_of, cols));
        // The transposed source's cell (row, col) is the source's (col, row).
        if transpose {
            _mm512_add_epi8(row, times_nine(col))
        } else {
            _mm512_add_epi8(times_nine(row), col)
        }
    }

    /// [`Map::apply_cells_into`] for each board, on AVX-512 VBMI.
    ///
    /// # Safety
    /// The CPU must have AVX-512F, AVX-512BW and AVX-512VBMI.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    pub unsafe fn apply_each_into<const K: usize>(map: &Map, cells: [&[u8; CELLS]; K], outs: [&mut [u8; CELLS]; K]) {
        const NINE: __mmask64 = (1 << SIDE) - 1;
        const TEN: __mmask64 = (1 << (SIDE + 1)) - 1;
        // SAFETY: each masked load reads only the bytes its mask keeps: the 9 rows, the 9
        // columns, the 10 entries of the relabelling (masked-off bytes cannot fault); the
        // identity table is 64 bytes.
        let (rows, cols, table) = unsafe {
            let identity = _mm512_loadu_si512(IDENTITY.as_ptr().cast());
            (
                _mm512_maskz_loadu_epi8(NINE, map.rows.as_ptr().cast()),
                _mm512_maskz_loadu_epi8(NINE, map.cols.as_ptr().cast()),
                _mm512_mask_loadu_epi8(identity, TEN, map.relabel.as_ptr().cast()),
            )
        };
        let low = sources(rows, cols, &ROWS_LOW, &COLS_LOW, map.transpose);
        let high = sources(rows, cols, &ROWS_HIGH, &COLS_HIGH, map.transpose);
        let digits = _mm512_set1_epi8(64);
        for (cells, out) in cells.into_iter().zip(outs) {
            // SAFETY: `cells` is 81 bytes: 64 from its start, and the masked load reads only
            // the 17 from byte 64 (masked-off bytes are never touched, so cannot fault).
            let (first, rest) = unsafe {
                (_mm512_loadu_si512(cells.as_ptr().cast()), _mm512_maskz_loadu_epi8(TAIL, cells.as_ptr().add(64).cast()))
            };
            // Indexes below 128 pick from the 128 bytes `first` then `rest`: every source cell.
            let relabel = |v: __m512i| _mm512_mask_permutexvar_epi8(v, _mm512_cmplt_epu8_mask(v, digits), v, table);
            let image_low = relabel(_mm512_permutex2var_epi8(first, low, rest));
            let image_high = relabel(_mm512_permutex2var_epi8(first, high, rest));
            // SAFETY: `out` is 81 writable bytes: 64 from its start and the 17 the mask keeps.
            unsafe {
                _mm512_storeu_si512(out.as_mut_ptr().cast(), image_low);
                _mm512_mask_storeu_epi8(out.as_mut_ptr().add(64).cast(), TAIL, image_high);
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
pub(super) mod rows {
    use std::arch::x86_64::*;

    use super::{Map, CELLS, SIDE};

    /// Room for a 16-byte load at the start of any row (72 + 16 = 88 bytes) and its store,
    /// and six whole 16-byte chunks.
    const PADDED: usize = 96;
    const CHUNKS: usize = PADDED / 16;

    /// `PICKS[j][i]`: the shuffle that takes from chunk `i` of a board (bytes 16i..16i + 16) the
    /// bytes chunk `j` of its transpose needs, and zero (0x80) for the bytes it does not hold.
    static PICKS: [[[u8; 16]; CHUNKS]; CHUNKS] = transpose_picks();

    const fn transpose_picks() -> [[[u8; 16]; CHUNKS]; CHUNKS] {
        let mut picks = [[[0x80u8; 16]; CHUNKS]; CHUNKS];
        let mut k = 0;
        while k < CELLS {
            let from = (k % SIDE) * SIDE + k / SIDE;
            picks[k / 16][from / 16][k % 16] = (from % 16) as u8;
            k += 1;
        }
        picks
    }

    /// The transpose of the board in the first 81 bytes (the rest zero), by 36 in-lane
    /// shuffles: each chunk of the image is the OR of what it picks from every chunk.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn transposed(board: &[u8; PADDED]) -> [u8; PADDED] {
        let mut chunks = [_mm_setzero_si128(); CHUNKS];
        for (i, chunk) in chunks.iter_mut().enumerate() {
            // SAFETY: 16i + 16 <= 96: the load stays inside `board`; no alignment needed.
            *chunk = unsafe { _mm_loadu_si128(board.as_ptr().add(16 * i).cast()) };
        }
        let mut out = [0u8; PADDED];
        for (j, picks) in PICKS.iter().enumerate() {
            let mut image = _mm_setzero_si128();
            for (&chunk, pick) in chunks.iter().zip(picks) {
                // SAFETY: `pick` is 16 readable bytes; no alignment needed.
                image = _mm_or_si128(image, _mm_shuffle_epi8(chunk, unsafe { _mm_loadu_si128(pick.as_ptr().cast()) }));
            }
            // SAFETY: 16j + 16 <= 96: the store stays inside `out`; no alignment needed.
            unsafe { _mm_storeu_si128(out.as_mut_ptr().add(16 * j).cast(), image) };
        }
        out
    }

    /// [`Map::apply_cells_into`] for each board, a row at a time in 128-bit registers.
    ///
    /// # Safety
    /// The CPU must have AVX2 (for its SSSE3 and SSE4.1 shuffles and blends).
    #[target_feature(enable = "avx2")]
    pub unsafe fn apply_each_into<const K: usize>(map: &Map, cells: [&[u8; CELLS]; K], outs: [&mut [u8; CELLS]; K]) {
        // Image column c takes source column cols[c]; lanes 9-15 are never stored whole (the
        // next row overwrites them), so what they pick does not matter.
        let mut order = [0u8; 16];
        for (slot, &col) in order.iter_mut().zip(&map.cols) {
            *slot = col.min(8);
        }
        // Values 0-9 relabelled, 10-15 kept; values from 16 are kept by the blend below.
        let mut labels = [0u8; 16];
        for (v, slot) in labels.iter_mut().enumerate() {
            *slot = map.relabel.get(v).copied().unwrap_or(v as u8);
        }
        // SAFETY: both arrays are 16 readable bytes; loadu has no alignment needs.
        let (order, labels) = unsafe { (_mm_loadu_si128(order.as_ptr().cast()), _mm_loadu_si128(labels.as_ptr().cast())) };
        let high_nibble = _mm_set1_epi8(0xF0u8 as i8);
        for (cells, out) in cells.into_iter().zip(outs) {
            // The transposed map reads the board's transpose with the same rows and columns.
            let mut source = [0u8; PADDED];
            source[..CELLS].copy_from_slice(cells);
            if map.transpose {
                source = transposed(&source);
            }
            let mut image = [0u8; PADDED];
            for (r, &row) in map.rows.iter().enumerate() {
                let from = usize::from(row.min(8)) * SIDE;
                // SAFETY: from <= 72 and r * 9 <= 72, so each 16-byte load and store stays
                // inside its 96-byte array; loadu and storeu have no alignment needs.
                unsafe {
                    let picked = _mm_shuffle_epi8(_mm_loadu_si128(source.as_ptr().add(from).cast()), order);
                    let relabelled = _mm_shuffle_epi8(labels, picked);
                    let small = _mm_cmpeq_epi8(_mm_and_si128(picked, high_nibble), _mm_setzero_si128());
                    _mm_storeu_si128(image.as_mut_ptr().add(r * SIDE).cast(), _mm_blendv_epi8(picked, relabelled, small));
                }
            }
            out.copy_from_slice(&image[..CELLS]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Every map path against the reference, on boards of every byte value and of digits.
    #[test]
    fn the_fast_path_matches_the_reference() {
        let mut rng = Rng::new(19);
        let vbmi = cfg!(target_arch = "x86_64") && crate::cpu::vbmi_detected();
        let avx2 = cfg!(target_arch = "x86_64") && crate::cpu::avx2_detected();
        for n in 0..3000 {
            let map = if n % 2 == 0 { Map::random(&mut rng) } else { Map::from_word(rng.next_u64()).unwrap_or(Map::IDENTITY) };
            let limit = if n % 3 == 0 { 256 } else { 10 };
            let a: [u8; CELLS] = std::array::from_fn(|_| rng.below(limit) as u8);
            let b: [u8; CELLS] = std::array::from_fn(|_| rng.below(10) as u8);
            let (want_a, want_b) = (map.apply_cells(&a), map.apply_cells(&b));
            let (mut out_a, mut out_b) = ([0u8; CELLS], [0u8; CELLS]);
            map.apply_each_into([&a, &b], [&mut out_a, &mut out_b]);
            assert_eq!((out_a, out_b), (want_a, want_b), "{map:?}");
            let mut out = [0u8; CELLS];
            map.apply_each_into([&a], [&mut out]);
            assert_eq!(out, want_a);
            #[cfg(target_arch = "x86_64")]
            if avx2 {
                let mut out = [7u8; CELLS];
                // SAFETY: `avx2_detected` found the feature.
                unsafe { rows::apply_each_into(&map, [&a, &b], [&mut out, &mut [0u8; CELLS]]) };
                assert_eq!(out, want_a, "{map:?}");
            }
            #[cfg(target_arch = "x86_64")]
            if vbmi {
                let mut out = [7u8; CELLS];
                // SAFETY: `vbmi_detected` found the features.
                unsafe { vbmi::apply_each_into(&map, [&b], [&mut out]) };
                assert_eq!(out, want_b);
            }
        }
        for identity_like in [Map::IDENTITY, Map::from_index(1, 0).unwrap()] {
            let a: [u8; CELLS] = std::array::from_fn(|i| i as u8);
            let mut out = [0u8; CELLS];
            identity_like.apply_each_into([&a], [&mut out]);
            assert_eq!(out, identity_like.apply_cells(&a));
        }
    }
}
