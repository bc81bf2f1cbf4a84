//! The maps of the Sudoku group, in one place: 3,359,232 geometric maps (band, row-in-band,
//! stack and column-in-stack permutations, and the transpose) times 9! relabellings.
//!
//! A [`Map`] reads its image out of the source: the image's cell `(r, c)` holds
//! `relabel[source'[rows[r]][cols[c]]]`, where `source'` is the source, transposed first when
//! `transpose` is set. Every constructor keeps `rows` and `cols` inside the group (bands and
//! stacks move as wholes), so compositions and inverses stay in it.

use super::tables::PERMS3;
use crate::bounds::Known;
use crate::grid::{Grid, CELLS, SIDE};
use crate::rng::Rng;

/// The number of geometric maps: (3!)^8 * 2.
pub const GEOMETRIES: u32 = 3_359_232;
/// The number of relabellings of the nine digits: 9!.
pub const RELABELLINGS: u32 = 362_880;

/// One element of the group: a geometric map and a relabelling of the digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Map {
    rows: [u8; SIDE],
    cols: [u8; SIDE],
    transpose: bool,
    /// `relabel[0]` is 0 (empty stays empty); `relabel[1..]` is a permutation of 1-9.
    relabel: [u8; SIDE + 1],
}

impl Default for Map {
    fn default() -> Self {
        Map::IDENTITY
    }
}

/// True when `lines` permutes 0-8 moving each group of three (0-2, 3-5, 6-8) as a whole.
fn keeps_bands(lines: &[u8; SIDE]) -> bool {
    let mut seen = 0u16;
    for &line in lines {
        if usize::from(line) >= SIDE {
            return false;
        }
        seen |= 1 << line;
    }
    seen == 0x1FF && lines.chunks_exact(3).all(|band| band[0] / 3 == band[1] / 3 && band[1] / 3 == band[2] / 3)
}

/// True when `relabel` fixes 0 and permutes 1-9.
fn is_relabelling(relabel: &[u8; SIDE + 1]) -> bool {
    let mut seen = 0u16;
    for &digit in &relabel[1..] {
        if !(1..=9).contains(&digit) {
            return false;
        }
        seen |= 1 << digit;
    }
    relabel[0] == 0 && seen == 0x3FE
}

/// The inverse of a permutation of `0..N` (entries known to be a permutation).
fn invert<const N: usize>(perm: &[u8; N]) -> [u8; N] {
    let mut inverse = [0u8; N];
    for (i, &p) in perm.iter().enumerate() {
        if let Some(slot) = inverse.get_mut(usize::from(p)) {
            *slot = i as u8;
        }
    }
    inverse
}

/// `first[second[i]]` for each `i`: apply `second`'s lookup, then `first`'s.
fn chain<const N: usize>(first: &[u8; N], second: &[u8; N]) -> [u8; N] {
    second.map(|s| first.get(usize::from(s)).copied().known())
}

/// Nine lines from four permutation indexes (0-5): the order of the three groups, then the
/// order within each group of the image.
fn lines_from(outer: usize, inner: [usize; 3]) -> [u8; SIDE] {
    let mut lines = [0u8; SIDE];
    let outer = PERMS3[outer % 6];
    for band in 0..3 {
        let within = PERMS3[inner[band] % 6];
        for k in 0..3 {
            lines[band * 3 + k] = outer[band] * 3 + within[k];
        }
    }
    lines
}

impl Map {
    /// The map that changes nothing.
    pub const IDENTITY: Map = Map {
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        transpose: false,
        relabel: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// The map whose image row `r` is source row `rows[r]` and image column `c` source column
    /// `cols[c]` (of the transposed source when `transpose`), with digit `d` written as
    /// `relabel[d]`; `None` unless `rows` and `cols` move bands and stacks as wholes and
    /// `relabel` fixes 0 and permutes 1-9.
    pub fn new(rows: [u8; SIDE], cols: [u8; SIDE], transpose: bool, relabel: [u8; SIDE + 1]) -> Option<Map> {
        (keeps_bands(&rows) && keeps_bands(&cols) && is_relabelling(&relabel)).then_some(Map { rows, cols, transpose, relabel })
    }

    /// Map number `geometry` (`0..GEOMETRIES`) with relabelling number `relabelling`
    /// (`0..RELABELLINGS`), both 0 for the identity; `None` out of range. Every map of the group
    /// has exactly one pair of numbers.
    pub fn from_index(geometry: u32, relabelling: u32) -> Option<Map> {
        if geometry >= GEOMETRIES || relabelling >= RELABELLINGS {
            return None;
        }
        let transpose = geometry % 2 == 1;
        let mut rest = (geometry / 2) as usize;
        let mut digits = [0usize; 8];
        for digit in &mut digits {
            *digit = rest % 6;
            rest /= 6;
        }
        let rows = lines_from(digits[0], [digits[1], digits[2], digits[3]]);
        let cols = lines_from(digits[4], [digits[5], digits[6], digits[7]]);
        Some(Map { rows, cols, transpose, relabel: relabelling_from(relabelling) })
    }

    /// A map drawn uniformly from the whole group (two draws from `rng`).
    pub fn random(rng: &mut Rng) -> Map {
        let geometry = rng.below(GEOMETRIES);
        let relabelling = rng.below(RELABELLINGS);
        Map::from_index(geometry, relabelling).unwrap_or(Map::IDENTITY)
    }

    /// The same geometry with relabelling `relabel`; `None` unless it fixes 0 and permutes 1-9.
    pub fn with_relabel(self, relabel: [u8; SIDE + 1]) -> Option<Map> {
        is_relabelling(&relabel).then_some(Map { relabel, ..self })
    }

    /// Which source row (of the transposed source when [`Map::transpose`]) each image row shows.
    pub fn rows(&self) -> &[u8; SIDE] {
        &self.rows
    }

    /// Which source column (of the transposed source when [`Map::transpose`]) each image column shows.
    pub fn cols(&self) -> &[u8; SIDE] {
        &self.cols
    }

    /// True when the source is transposed before rows and columns are chosen.
    pub fn transpose(&self) -> bool {
        self.transpose
    }

    /// The digit each source digit is written as (index 0, the empty cell, stays 0).
    pub fn relabel(&self) -> &[u8; SIDE + 1] {
        &self.relabel
    }

    /// For each image cell (row-major), the source cell it shows.
    pub fn source_cells(&self) -> [u8; CELLS] {
        let mut cells = [0u8; CELLS];
        for (r, &row) in self.rows.iter().enumerate() {
            for (c, &col) in self.cols.iter().enumerate() {
                let (row, col) = if self.transpose { (col, row) } else { (row, col) };
                cells[r * SIDE + c] = row * SIDE as u8 + col;
            }
        }
        cells
    }

    /// The image of 81 cell values (row-major, 0 for empty). Values above 9 are not digits and
    /// are carried over unchanged.
    pub fn apply_cells(&self, cells: &[u8; CELLS]) -> [u8; CELLS] {
        let mut out = [0u8; CELLS];
        self.apply_cells_into(cells, &mut out);
        out
    }

    /// [`Map::apply_cells`] into `out`.
    pub fn apply_cells_into(&self, cells: &[u8; CELLS], out: &mut [u8; CELLS]) {
        // A 16-entry table keeps the lookup branch-free; 10-15 map to themselves.
        let mut table = [0u8; 16];
        for (v, slot) in table.iter_mut().enumerate() {
            *slot = self.relabel.get(v).copied().unwrap_or(v as u8);
        }
        let (step_r, step_c) = if self.transpose { (1, SIDE) } else { (SIDE, 1) };
        for (out_row, &row) in out.chunks_exact_mut(SIDE).zip(&self.rows) {
            let base = usize::from(row) * step_r;
            for (slot, &col) in out_row.iter_mut().zip(&self.cols) {
                let v = cells.get(base + usize::from(col) * step_c).copied().known();
                *slot = if v < 16 { table[usize::from(v & 15)] } else { v };
            }
        }
    }

    /// The image of a board.
    pub fn apply(&self, grid: &Grid) -> Grid {
        // A relabelled board still has every cell 0-9.
        Grid::from_values(self.apply_cells(grid.cells())).ok().known_or(*grid)
    }

    /// The map that applies `self` first and then `next`: `self.then(&next).apply(g)` is
    /// `next.apply(&self.apply(g))`.
    pub fn then(&self, next: &Map) -> Map {
        let relabel = chain(&next.relabel, &self.relabel);
        if next.transpose {
            Map { rows: chain(&self.cols, &next.rows), cols: chain(&self.rows, &next.cols), transpose: !self.transpose, relabel }
        } else {
            Map { rows: chain(&self.rows, &next.rows), cols: chain(&self.cols, &next.cols), transpose: self.transpose, relabel }
        }
    }

    /// The map that undoes `self`: `self.then(&self.inverse())` is the identity.
    pub fn inverse(&self) -> Map {
        let relabel = invert(&self.relabel);
        if self.transpose {
            Map { rows: invert(&self.cols), cols: invert(&self.rows), transpose: true, relabel }
        } else {
            Map { rows: invert(&self.rows), cols: invert(&self.cols), transpose: false, relabel }
        }
    }
}

/// Relabelling number `index` (below 9!): its Lehmer code picks each digit's image in turn
/// among those left, so 0 is the identity.
fn relabelling_from(mut index: u32) -> [u8; SIDE + 1] {
    let mut left: [u8; SIDE] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    let mut relabel = [0u8; SIDE + 1];
    let mut radix = RELABELLINGS;
    for (taken, slot) in relabel[1..].iter_mut().enumerate() {
        let remaining = SIDE - taken;
        radix /= remaining as u32;
        let pick = ((index / radix.max(1)) as usize).min(remaining - 1);
        index %= radix.max(1);
        *slot = left[pick];
        left.copy_within(pick + 1..remaining, pick);
    }
    relabel
}

mod draw;
mod fast;

#[cfg(test)]
#[path = "map_tests.rs"]
mod tests;
