//! The symmetries of one orientation of a board that the search can quotient out up front:
//! two identical lines of one band (or stack) swapped, and empty bands (or stacks) swapped.
//!
//! Each such swap maps the board to itself, so the search only tries the maps that keep
//! identical lines, and empty bands, in their source order, and multiplies its count of
//! automorphisms by the number of maps it skipped. That keeps the empty board, boards with
//! one given and other very symmetric boards from tying across millions of maps.

use super::tables::PERMS3;
use crate::bounds::Known;
use crate::grid::{CELLS, SIDE};

/// The line-side view of one orientation: rows of the oriented board (its columns when the
/// same facts are taken of the transposed board).
#[derive(Clone, Copy, Debug)]
pub struct Lines {
    /// For each line, the lines of its band (bits 0-2, by position in the band) that are
    /// identical to it and come before it.
    pub same_before: [u8; SIDE],
    /// Bands (bits 0-2) with no digit at all.
    pub empty_bands: u8,
    /// For each band, the orders within it (bits of `PERMS3`) that keep identical lines in order.
    pub orders: [u8; 3],
    /// The number of line maps the restriction skips per map it keeps.
    pub skipped: u64,
}

impl Lines {
    /// The facts of the rows of `cells` (row-major).
    pub fn of_rows(cells: &[u8; CELLS]) -> Lines {
        let row = |r: usize| -> &[u8] { cells.get(r * SIDE..r * SIDE + SIDE).known() };
        let mut same_before = [0u8; SIDE];
        let mut empty_bands = 0u8;
        let mut orders = [0u8; 3];
        let mut skipped = 1u64;
        for band in 0..3 {
            let mut class_sizes = [1u64; 3];
            for k in 0..3 {
                for earlier in 0..k {
                    if row(band * 3 + k) == row(band * 3 + earlier) {
                        same_before[band * 3 + k] |= 1 << earlier;
                    }
                }
                // The line's class size so far: how many identical lines precede it, plus one.
                class_sizes[k] = u64::from(same_before[band * 3 + k].count_ones()) + 1;
            }
            // Each class of size n contributes n!: the product of "position within its class".
            skipped *= class_sizes.iter().product::<u64>();
            if (0..3).all(|k| row(band * 3 + k).iter().all(|&v| v == 0)) {
                empty_bands |= 1 << band;
            }
            for (p, perm) in PERMS3.iter().enumerate() {
                // Image position i shows band line perm[i]; identical lines must appear in
                // source order, so no line may come before an identical, smaller one.
                let keeps = (0..3).all(|i| (0..i).all(|j| same_before[band * 3 + usize::from(perm[j])] & (1 << perm[i]) == 0));
                if keeps {
                    orders[band] |= 1 << p;
                }
            }
        }
        let empty = u64::from(empty_bands.count_ones());
        skipped *= (1..=empty).product::<u64>();
        Lines { same_before, empty_bands, orders, skipped }
    }

    /// True when band `band` may be the next band to start, given the bands still unused:
    /// an empty band only when no smaller empty band is unused.
    pub fn may_start(&self, band: usize, unused: u8) -> bool {
        let smaller = (1u8 << band) - 1;
        self.empty_bands & (1 << band) == 0 || self.empty_bands & unused & smaller == 0
    }

    /// True when line `k` of `band` may come next, given the band's unused lines (bits 0-2).
    pub fn may_follow(&self, band: usize, k: usize, unused: u8) -> bool {
        self.same_before.get(band * 3 + k).is_some_and(|&before| before & unused == 0)
    }

    /// The number of stack (band) orders the restriction allows.
    pub fn allowed_band_orders(&self) -> u64 {
        let empty = u64::from(self.empty_bands.count_ones());
        6 / (1..=empty).product::<u64>()
    }

    /// The number of line maps the restriction allows.
    pub fn allowed_maps(&self) -> u64 {
        self.orders.iter().map(|&o| u64::from(o.count_ones())).product::<u64>() * self.allowed_band_orders()
    }
}

/// The cells of the transposed board.
pub fn transposed(cells: &[u8; CELLS]) -> [u8; CELLS] {
    let mut out = [0u8; CELLS];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = cells[(i % SIDE) * SIDE + i / SIDE];
    }
    out
}
