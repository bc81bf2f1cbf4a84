//! One board's validity with AVX2: all 27 units side by side, one per byte lane.
//!
//! Lane u stands for unit u: rows 0-8, then columns (9-17), then boxes (18-26). For each
//! position j (0-8) within a unit, byte shuffles gather the j-th cell of every unit into one
//! vector, so the nine vectors hold the whole board once per unit kind. Each cell becomes a
//! one-hot u16 (digit d sets bit d-1; empty sets none), and the nine vectors are summed and
//! ORed lane by lane. One-hots add without a carry exactly when no two share a bit, so a unit
//! repeats a digit exactly when its sum differs from its OR.
//!
//! This replaces the portable counters (`check::no_repeats`) for single boards, where the
//! compiler's 4-lane u64 vectors for 9-wide units spent most of their work on shuffling: with
//! this, a flat 81-byte board's call (benches/bench_single.py, loop included) went from about
//! 80 ns to 60, and a classic board's from about 158 to 140. Batches have their own kernel
//! (`batch::avx2`), 32 boards at a time.

use std::arch::x86_64::{
    __m256i, _mm256_add_epi16, _mm256_and_si256, _mm256_broadcastsi128_si256, _mm256_cmpeq_epi16, _mm256_loadu_si256,
    _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_unpackhi_epi8,
    _mm256_unpacklo_epi8, _mm_loadu_si128,
};

use crate::grid::{CELLS, SIDE};

const LANES: usize = 32;
const UNITS: usize = 27;

/// Where each 16-byte window of the board starts. The last overlaps its neighbour so that no
/// read passes the board's 81 bytes; each cell is taken from the first window that holds it.
const WINDOWS: [usize; 6] = [0, 16, 32, 48, 64, 65];

/// The cell at position `j` of unit `unit` (lanes as in the module's header).
const fn cell_of(unit: usize, j: usize) -> usize {
    if unit < SIDE {
        unit * SIDE + j
    } else if unit < 2 * SIDE {
        j * SIDE + (unit - SIDE)
    } else {
        let b = unit - 2 * SIDE;
        (3 * (b / 3) + j / 3) * SIDE + 3 * (b % 3) + j % 3
    }
}

const fn window_of(cell: usize) -> usize {
    let mut w = 0;
    while cell >= WINDOWS[w] + 16 {
        w += 1;
    }
    w
}

/// `SHUFFLES[j][w]`, for each lane: the byte of window `w` that the lane's unit holds at
/// position `j`, or 0x80 (which a shuffle turns into 0, an empty cell) where that cell lies in
/// another window or the lane holds no unit. Both 128-bit halves of a shuffle read the same
/// window, broadcast, so a lane's index is the same whichever half it is in.
const SHUFFLES: [[[u8; LANES]; WINDOWS.len()]; SIDE] = {
    let mut table = [[[0x80u8; LANES]; WINDOWS.len()]; SIDE];
    let mut j = 0;
    while j < SIDE {
        let mut unit = 0;
        while unit < UNITS {
            let cell = cell_of(unit, j);
            let w = window_of(cell);
            table[j][w][unit] = (cell - WINDOWS[w]) as u8;
            unit += 1;
        }
        j += 1;
    }
    table
};

/// One-hot of a cell's low four bits, split in two bytes: digits 1-8 in the low byte, 9 in the
/// high one; 0 and 10-15 (empty, and the low nibbles of '.' and '_') set nothing.
const ONE_HOT_LOW: [u8; 16] = [0, 1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0];
const ONE_HOT_HIGH: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0];

/// True when no digit repeats in any unit. The cells' low four bits are the values, as for
/// `check::is_valid_cells`: 0 empty, 1-9 digits, 10-15 ignored; any byte is safe to pass.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub unsafe fn no_repeats(cells: &[u8; CELLS]) -> bool {
    // SAFETY: AVX2 is enabled for this function (the caller's promise). Every window read is
    // 16 bytes from a start at most 65, so within the 81 bytes; the tables are read whole.
    unsafe {
        let windows: [__m256i; WINDOWS.len()] =
            std::array::from_fn(|w| _mm256_broadcastsi128_si256(_mm_loadu_si128(cells.as_ptr().add(WINDOWS[w]).cast())));
        let nibble = _mm256_set1_epi8(0x0F);
        let low_table = _mm256_broadcastsi128_si256(_mm_loadu_si128(ONE_HOT_LOW.as_ptr().cast()));
        let high_table = _mm256_broadcastsi128_si256(_mm_loadu_si128(ONE_HOT_HIGH.as_ptr().cast()));
        let zero = _mm256_setzero_si256();
        // The u16 one-hots of lanes 0-7 and 16-23 (from unpacklo), and of 8-15 and 24-31.
        let (mut sum_a, mut or_a, mut sum_b, mut or_b) = (zero, zero, zero, zero);
        for shuffles in &SHUFFLES {
            let mut position = zero;
            for (window, shuffle) in windows.iter().zip(shuffles) {
                let picked = _mm256_shuffle_epi8(*window, _mm256_loadu_si256(shuffle.as_ptr().cast()));
                position = _mm256_or_si256(position, picked);
            }
            let value = _mm256_and_si256(position, nibble);
            let low = _mm256_shuffle_epi8(low_table, value);
            let high = _mm256_shuffle_epi8(high_table, value);
            let (a, b) = (_mm256_unpacklo_epi8(low, high), _mm256_unpackhi_epi8(low, high));
            sum_a = _mm256_add_epi16(sum_a, a);
            or_a = _mm256_or_si256(or_a, a);
            sum_b = _mm256_add_epi16(sum_b, b);
            or_b = _mm256_or_si256(or_b, b);
        }
        // Nine one-hots of at most 0x100 sum to at most 0x900: no u16 lane overflows.
        let same = _mm256_and_si256(_mm256_cmpeq_epi16(sum_a, or_a), _mm256_cmpeq_epi16(sum_b, or_b));
        _mm256_movemask_epi8(same) == -1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_unit_has_each_cell_once_and_every_cell_is_in_three_units() {
        let mut seen = [0u8; CELLS];
        for unit in 0..UNITS {
            let mut cells: Vec<usize> = (0..SIDE).map(|j| cell_of(unit, j)).collect();
            cells.sort_unstable();
            cells.dedup();
            assert_eq!(cells.len(), SIDE, "unit {unit}");
            for cell in cells {
                seen[cell] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 3));
    }

    #[test]
    fn each_lane_picks_its_cell_from_exactly_one_window() {
        for (j, shuffles) in SHUFFLES.iter().enumerate() {
            for lane in 0..LANES {
                let picks: Vec<usize> = shuffles.iter().enumerate().filter(|(_, s)| s[lane] != 0x80).map(|(w, _)| w).collect();
                if lane < UNITS {
                    assert_eq!(picks.len(), 1, "position {j}, lane {lane}");
                    let w = picks[0];
                    assert_eq!(WINDOWS[w] + usize::from(shuffles[w][lane]), cell_of(lane, j));
                    assert!(shuffles[w][lane] < 16);
                } else {
                    assert!(picks.is_empty());
                }
            }
        }
    }

    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Any byte at all, dense and sparse, against the portable counters: the low four bits are
    /// the value there too, whatever the high ones.
    #[test]
    fn agrees_with_the_portable_counters_on_any_bytes() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        let mut state = 0x2545_F491_4F6C_DD1D;
        for round in 0..200_000u64 {
            let mut cells = [0u8; CELLS];
            for cell in cells.iter_mut() {
                let r = xorshift(&mut state);
                *cell = match round % 3 {
                    0 => r as u8,
                    1 if r % 81 < round % 40 => (r >> 8) as u8 % 9 + 1 + (((r >> 16) as u8 & 0xF) << 4),
                    1 => b'.',
                    _ if r % 81 < round % 40 => (r >> 8) as u8 % 10,
                    _ => [b'.', b'_', b'0', 0][(r >> 20) as usize % 4],
                };
            }
            // SAFETY: AVX2 was detected above.
            let fast = unsafe { no_repeats(&cells) };
            assert_eq!(fast, crate::check::portable_is_valid_cells(&cells), "{cells:?}");
        }
    }

    /// Every pair of cells sharing a unit, holding the same digit, is a repeat; every pair not
    /// sharing one is not.
    #[test]
    fn every_pair_of_cells_repeats_exactly_when_they_share_a_unit() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        for a in 0..CELLS {
            for b in a + 1..CELLS {
                let shared = a / SIDE == b / SIDE
                    || a % SIDE == b % SIDE
                    || crate::grid::box_of(a / SIDE, a % SIDE) == crate::grid::box_of(b / SIDE, b % SIDE);
                let mut cells = [0u8; CELLS];
                let digit = (a * 7 + b) as u8 % 9 + 1;
                cells[a] = digit;
                cells[b] = digit;
                // SAFETY: AVX2 was detected above.
                assert_eq!(unsafe { no_repeats(&cells) }, !shared, "cells {a} and {b}");
            }
        }
    }
}
