//! Steps of propagation over several masks at once: taking newly placed cells from every
//! digit but the one placed there (all 27 masks), and finding a digit's row singles (its three
//! bands). In 128-bit registers on x86-64, where SSE2 is part of the base instruction set, and
//! by portable loops elsewhere, the two tested alike.

use crate::grid::SIDE;

/// Takes the cells of `cells` (one 27-bit mask per band) out of every digit's masks but
/// `digit`'s (0-8). Returns the masks that lost a cell: bit `3 * d + band` for digit d + 1.
#[inline(always)]
pub fn clear_cells(digits: &mut [[u32; 3]; SIDE], cells: [u32; 3], digit: usize) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        clear_cells_sse2(digits, cells, digit)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        clear_cells_portable(digits, cells, digit)
    }
}

/// [`clear_cells`], one mask at a time: the reference the vector version is tested against.
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
pub fn clear_cells_portable(digits: &mut [[u32; 3]; SIDE], cells: [u32; 3], digit: usize) -> u32 {
    let mut hit = 0;
    for (d, bands) in digits.iter_mut().enumerate() {
        for (b, (mask, &cells)) in bands.iter_mut().zip(&cells).enumerate() {
            let others = if d == digit { 0 } else { cells };
            hit |= u32::from(*mask & others != 0) << (3 * d + b);
            *mask &= !others;
        }
    }
    hit
}

/// [`clear_cells`] four masks a step: the 27 masks, digit by digit, are 24 in six registers
/// (whose lanes cycle through the bands with period three) and digit 9's three alone.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn clear_cells_sse2(digits: &mut [[u32; 3]; SIDE], cells: [u32; 3], digit: usize) -> u32 {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_ps,
        _mm_set1_epi32, _mm_setr_epi32, _mm_setzero_si128, _mm_storeu_si128,
    };
    let (head, tail) = digits.as_flattened_mut().split_at_mut(24);
    // SAFETY: SSE2 is in every x86-64 CPU; each pointer is to one `chunks_exact_mut(4)` chunk,
    // four u32 (sixteen bytes) borrowed mutably, and the loads and stores are unaligned ones.
    let mut hit = unsafe {
        let mut hit = 0;
        let [c0, c1, c2] = cells.map(|c| c as i32);
        // The cells for lanes 4k to 4k + 3 of the flat masks (lane i is band i % 3).
        let phase = [_mm_setr_epi32(c0, c1, c2, c0), _mm_setr_epi32(c1, c2, c0, c1), _mm_setr_epi32(c2, c0, c1, c2)];
        let own = _mm_set1_epi32(digit as i32);
        let zero = _mm_setzero_si128();
        for (k, lanes) in head.chunks_exact_mut(4).enumerate() {
            let first = 4 * k as i32;
            // The digit of each lane, so the placed digit's own lanes keep their cells.
            let lane_digits = _mm_setr_epi32(first / 3, (first + 1) / 3, (first + 2) / 3, (first + 3) / 3);
            let others = _mm_andnot_si128(_mm_cmpeq_epi32(lane_digits, own), phase[k % 3]);
            let pointer = lanes.as_mut_ptr().cast::<__m128i>();
            let masks = _mm_loadu_si128(pointer);
            let untouched = _mm_cmpeq_epi32(_mm_and_si128(masks, others), zero);
            hit |= ((!_mm_movemask_ps(_mm_castsi128_ps(untouched)) & 0xF) as u32) << (4 * k);
            _mm_storeu_si128(pointer, _mm_andnot_si128(others, masks));
        }
        hit
    };
    for ((b, mask), &cells) in tail.iter_mut().enumerate().zip(&cells) {
        let others = if digit == SIDE - 1 { 0 } else { cells };
        hit |= u32::from(*mask & others != 0) << (24 + b);
        *mask &= !others;
    }
    hit
}

/// [`clear_cells`] eight masks a step, for CPUs with AVX2: the 27 masks are 24 in three
/// registers (lane i of the flat masks is band i % 3, so the registers start at bands 0, 2
/// and 1) and digit 9's three alone.
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub unsafe fn clear_cells_avx2(digits: &mut [[u32; 3]; SIDE], cells: [u32; 3], digit: usize) -> u32 {
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_ps, _mm256_cmpeq_epi32, _mm256_loadu_si256,
        _mm256_movemask_ps, _mm256_set1_epi32, _mm256_setr_epi32, _mm256_setzero_si256, _mm256_storeu_si256,
    };
    let (head, tail) = digits.as_flattened_mut().split_at_mut(24);
    let [c0, c1, c2] = cells.map(|c| c as i32);
    let phase = [
        _mm256_setr_epi32(c0, c1, c2, c0, c1, c2, c0, c1),
        _mm256_setr_epi32(c2, c0, c1, c2, c0, c1, c2, c0),
        _mm256_setr_epi32(c1, c2, c0, c1, c2, c0, c1, c2),
    ];
    let own = _mm256_set1_epi32(digit as i32);
    let zero = _mm256_setzero_si256();
    let mut hit = 0;
    for ((k, lanes), phase) in head.chunks_exact_mut(8).enumerate().zip(phase) {
        let first = 8 * k as i32;
        // The digit of each lane, so the placed digit's own lanes keep their cells.
        let lane_digits = _mm256_setr_epi32(
            first / 3,
            (first + 1) / 3,
            (first + 2) / 3,
            (first + 3) / 3,
            (first + 4) / 3,
            (first + 5) / 3,
            (first + 6) / 3,
            (first + 7) / 3,
        );
        let others = _mm256_andnot_si256(_mm256_cmpeq_epi32(lane_digits, own), phase);
        let pointer = lanes.as_mut_ptr().cast::<__m256i>();
        // SAFETY: `pointer` is to one `chunks_exact_mut(8)` chunk, eight u32 (32 bytes)
        // borrowed mutably; the load and store are unaligned ones.
        let masks = unsafe { _mm256_loadu_si256(pointer) };
        let untouched = _mm256_cmpeq_epi32(_mm256_and_si256(masks, others), zero);
        hit |= ((!_mm256_movemask_ps(_mm256_castsi256_ps(untouched)) & 0xFF) as u32) << (8 * k);
        // SAFETY: as for the load.
        unsafe { _mm256_storeu_si256(pointer, _mm256_andnot_si256(others, masks)) };
    }
    for ((b, mask), &cells) in tail.iter_mut().enumerate().zip(&cells) {
        let others = if digit == SIDE - 1 { 0 } else { cells };
        hit |= u32::from(*mask & others != 0) << (24 + b);
        *mask &= !others;
    }
    hit
}

/// The cells of a digit's band masks alone in their row and not yet placed, band by band:
/// the cells that digit must now take.
#[inline(always)]
pub fn new_row_singles(bands: &[u32; 3], placed: &[u32; 3]) -> [u32; 3] {
    #[cfg(target_arch = "x86_64")]
    {
        new_row_singles_sse2(bands, placed)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        new_row_singles_portable(bands, placed)
    }
}

/// [`new_row_singles`], one row at a time: the reference.
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
pub fn new_row_singles_portable(bands: &[u32; 3], placed: &[u32; 3]) -> [u32; 3] {
    let mut fresh = [0; 3];
    for ((fresh, &mask), &placed) in fresh.iter_mut().zip(bands).zip(placed) {
        for shift in [0, 9, 18] {
            let row = (mask >> shift) & 0x1FF;
            // Zero for an empty row, too (it is a contradiction found elsewhere).
            *fresh |= if row & row.wrapping_sub(1) == 0 { row << shift } else { 0 };
        }
        *fresh &= !placed;
    }
    fresh
}

/// [`new_row_singles`] with the three bands in the lanes of one register.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn new_row_singles_sse2(bands: &[u32; 3], placed: &[u32; 3]) -> [u32; 3] {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi32, _mm_or_si128, _mm_set1_epi32, _mm_setr_epi32,
        _mm_setzero_si128, _mm_slli_epi32, _mm_srli_epi32, _mm_storeu_si128, _mm_sub_epi32,
    };
    let mut out = [0u32; 4];
    // SAFETY: SSE2 is in every x86-64 CPU; the store is an unaligned one into `out`, four u32.
    unsafe {
        let masks = _mm_setr_epi32(bands[0] as i32, bands[1] as i32, bands[2] as i32, 0);
        let row_bits = _mm_set1_epi32(0x1FF);
        let one = _mm_set1_epi32(1);
        let zero = _mm_setzero_si128();
        // A row is single when clearing its lowest cell leaves none.
        let single = |row: __m128i| _mm_and_si128(_mm_cmpeq_epi32(_mm_and_si128(row, _mm_sub_epi32(row, one)), zero), row);
        let row0 = single(_mm_and_si128(masks, row_bits));
        let row1 = single(_mm_and_si128(_mm_srli_epi32::<9>(masks), row_bits));
        let row2 = single(_mm_srli_epi32::<18>(masks));
        let singles = _mm_or_si128(row0, _mm_or_si128(_mm_slli_epi32::<9>(row1), _mm_slli_epi32::<18>(row2)));
        let placed = _mm_setr_epi32(placed[0] as i32, placed[1] as i32, placed[2] as i32, 0);
        _mm_storeu_si128(out.as_mut_ptr().cast::<__m128i>(), _mm_andnot_si128(placed, singles));
    }
    [out[0], out[1], out[2]]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::solve::tables::BAND_CELLS;

    #[test]
    fn the_vector_step_clears_what_the_portable_one_does() {
        let mut rng = Rng::new(20);
        let mut next = || rng.next_u64() as u32;
        for round in 0..20_000 {
            let mut digits = [[0u32; 3]; SIDE];
            for mask in digits.as_flattened_mut() {
                *mask = next() & next() & ((1 << 27) - 1);
            }
            // Sparse cells, as placements are, and now and then none in a band.
            let cells =
                [0; 3].map(|_| if next() % 3 == 0 { 0 } else { 1 << (next() % 27) | next() & next() & next() & ((1 << 27) - 1) });
            let digit = round % SIDE;
            let mut expected = digits;
            let expected_hit = clear_cells_portable(&mut expected, cells, digit);
            #[cfg(target_arch = "x86_64")]
            {
                let mut got = digits;
                assert_eq!(clear_cells_sse2(&mut got, cells, digit), expected_hit, "{round}");
                assert_eq!(got, expected, "{round}");
            }
            let mut got = digits;
            assert_eq!(clear_cells(&mut got, cells, digit), expected_hit);
            assert_eq!(got, expected);
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_avx2_steps_are_the_portable_ones() {
        if !crate::cpu::avx2_detected() {
            eprintln!("no AVX2 on this CPU: the AVX2 steps are not tested here");
            return;
        }
        let mut rng = Rng::new(23);
        let mut next = || rng.next_u64() as u32;
        for round in 0..20_000 {
            let mut digits = [[0u32; 3]; SIDE];
            for mask in digits.as_flattened_mut() {
                // Dense masks (most cells covered), now and then a full one.
                *mask = if next() % 4 == 0 { BAND_CELLS } else { (next() | next()) & BAND_CELLS };
            }
            let cells =
                [0; 3].map(|_| if next() % 3 == 0 { 0 } else { 1 << (next() % 27) | next() & next() & next() & BAND_CELLS });
            let digit = round % SIDE;
            let mut expected = digits;
            let expected_hit = clear_cells_portable(&mut expected, cells, digit);
            let mut got = digits;
            // SAFETY: the CPU has AVX2 (checked above).
            assert_eq!(unsafe { clear_cells_avx2(&mut got, cells, digit) }, expected_hit, "{round}");
            assert_eq!(got, expected, "{round}");
        }
    }

    #[test]
    fn the_vector_row_singles_are_the_portable_ones() {
        let mut rng = Rng::new(21);
        // Rows of none, one or a few cells, some placed.
        let row = |rng: &mut Rng| match rng.next_u64() % 4 {
            0 => 0,
            1 => 1 << (rng.next_u64() % 9),
            _ => (rng.next_u64() & rng.next_u64()) as u32 & 0x1FF,
        };
        for round in 0..50_000 {
            let bands = [0; 3].map(|_| row(&mut rng) | row(&mut rng) << 9 | row(&mut rng) << 18);
            let placed = bands.map(|mask| mask & (rng.next_u64() & rng.next_u64()) as u32);
            let expected = new_row_singles_portable(&bands, &placed);
            #[cfg(target_arch = "x86_64")]
            assert_eq!(new_row_singles_sse2(&bands, &placed), expected, "{round}");
            assert_eq!(new_row_singles(&bands, &placed), expected);
        }
        // One of each case, checked by hand: a single, a pair, an empty row, a placed single.
        assert_eq!(new_row_singles_portable(&[0o001_003_000, 0, 1 << 26], &[0, 0, 1 << 26]), [0o001_000_000, 0, 0]);
    }
}
