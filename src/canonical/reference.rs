//! The slow exact reference: all 3,359,232 geometric maps, each with its best relabelling
//! (digits numbered in order of first appearance). For each orientation and column map (from
//! [`Map::from_index`]) a depth-first search picks the image rows in order, pruned as soon as
//! a prefix is above the best string found. Shares nothing with the fast search but [`Map`].
// Test helpers, also built for the measuring drivers (`--features drivers`), which use a few.
#![cfg_attr(not(test), allow(dead_code, unused_imports))]

use super::map::{Map, GEOMETRIES};
use crate::grid::{CELLS, SIDE};

const _: () = assert!(GEOMETRIES == 2 * 1296 * 1296);

struct Reference<'a> {
    cells: &'a [u8; CELLS],
    transpose: bool,
    cols: [u8; SIDE],
    best: [u8; CELLS],
    /// Geometric maps reaching `best`.
    count: u64,
    /// Times `best` was replaced.
    generation: u64,
    image: [u8; CELLS],
    sources: [u8; SIDE],
}

/// The minlex form of `cells` and the number of geometric maps that reach it.
pub fn reference(cells: &[u8; CELLS]) -> ([u8; CELLS], u64) {
    let mut search = Reference {
        cells,
        transpose: false,
        cols: [0; SIDE],
        best: [u8::MAX; CELLS],
        count: 0,
        generation: 0,
        image: [0; CELLS],
        sources: [0; SIDE],
    };
    for columns in 0..1296u32 {
        for transpose in 0..2u32 {
            // Geometry number t + 2 * (rows + 1296 * columns), as `Map::from_index` numbers them.
            let map = Map::from_index(transpose + 2 * 1296 * columns, 0).unwrap();
            search.transpose = map.transpose();
            search.cols = *map.cols();
            search.rows(0, 0x1FF, [0; SIDE + 1], 1, false);
        }
    }
    (search.best, search.count)
}

impl Reference<'_> {
    /// Image row `r` from each source row the band structure allows, given the unused rows.
    fn rows(&mut self, r: usize, unused: u16, labels: [u8; SIDE + 1], next: u8, mut less: bool) {
        if r == SIDE {
            if less {
                self.best = self.image;
                self.count = 1;
                self.generation += 1;
            } else {
                self.count += 1;
            }
            return;
        }
        for source in 0..SIDE {
            // Inside a band, the next row comes from the band of the row above.
            if unused & (1 << source) == 0 || (!r.is_multiple_of(3) && source / 3 != usize::from(self.sources[r - 1]) / 3) {
                continue;
            }
            let (mut labels, mut next, mut row_less) = (labels, next, less);
            let mut lost = false;
            for c in 0..SIDE {
                let col = usize::from(self.cols[c]);
                let v = if self.transpose { self.cells[col * SIDE + source] } else { self.cells[source * SIDE + col] };
                let label = if v == 0 {
                    0
                } else {
                    if labels[usize::from(v)] == 0 {
                        labels[usize::from(v)] = next;
                        next += 1;
                    }
                    labels[usize::from(v)]
                };
                let i = r * SIDE + c;
                if !row_less {
                    if label > self.best[i] {
                        lost = true;
                        break;
                    }
                    row_less = label < self.best[i];
                }
                self.image[i] = label;
            }
            if lost {
                continue;
            }
            self.sources[r] = source as u8;
            let generation = self.generation;
            self.rows(r + 1, unused & !(1 << source), labels, next, row_less);
            // A new best found below extends this prefix: the prefix now ties with it.
            if self.generation != generation {
                less = false;
            }
        }
    }
}
