//! Taking newly placed cells from every digit but the one placed there: the step of
//! propagation that touches all 27 masks, done in 128-bit registers on x86-64 (where SSE2 is
//! part of the base instruction set) and by a portable loop elsewhere, the two tested alike.

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

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
            let cells = [0; 3].map(|_| if next() % 3 == 0 { 0 } else { 1 << (next() % 27) | next() & next() & next() & ((1 << 27) - 1) });
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
}
