//! Applying one map to a board (or a puzzle and its solution) at batch speed: on AVX-512 VBMI,
//! the 81 source indexes are built in registers from the map's rows and columns, and two
//! 128-byte table shuffles (`vpermi2b`) and one 64-entry relabel (`vpermb`) map a board.
//! Everywhere else, and as the reference it is tested against, [`Map::apply_cells_into`].

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
        let (row_of, col_of) = unsafe { (_mm512_loadu_si512(row_of.as_ptr().cast()), _mm512_loadu_si512(col_of.as_ptr().cast())) };
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
            let (first, rest) = unsafe { (_mm512_loadu_si512(cells.as_ptr().cast()), _mm512_maskz_loadu_epi8(TAIL, cells.as_ptr().add(64).cast())) };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Every map path against the reference, on boards of every byte value and of digits.
    #[test]
    fn the_fast_path_matches_the_reference() {
        let mut rng = Rng::new(19);
        let vbmi = cfg!(target_arch = "x86_64") && crate::cpu::vbmi_detected();
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
