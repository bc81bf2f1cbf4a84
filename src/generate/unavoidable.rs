//! Unavoidable sets of a solution grid that two digits make: cells whose two digits can be
//! swapped to give another valid grid. A puzzle with no given in such a set has a second
//! solution, so a removal that empties one is refused without a search.

use crate::grid::{box_of, Grid, CELLS, SIDE};

/// Sets kept per grid: each of the 36 digit pairs splits into at most 4 row cycles, whose
/// unions that keep the boxes whole are few.
const MOST: usize = 256;

/// A board as a bit set: bit `cell` per cell.
pub type Cells = u128;

/// The two-digit unavoidable sets of a grid, as cell bit sets.
pub struct Unavoidable {
    sets: [Cells; MOST],
    count: usize,
}

impl Unavoidable {
    /// The sets of `solution` (a complete valid grid); none for any other board.
    pub fn of(solution: &Grid) -> Unavoidable {
        let mut found = Unavoidable {
            sets: [0; MOST],
            count: 0,
        };
        let cells = solution.cells();
        // columns[d][r]: the column of digit d + 1 in row r.
        let mut columns = [[0usize; SIDE]; SIDE];
        for (cell, &value) in cells.iter().enumerate() {
            if let Some(slot) = usize::from(value)
                .checked_sub(1)
                .and_then(|d| columns.get_mut(d))
            {
                slot[cell / SIDE] = cell % SIDE;
            }
        }
        for a in 0..SIDE {
            for b in a + 1..SIDE {
                found.pair(&columns[a], &columns[b]);
            }
        }
        found
    }

    /// Adds the swappable sets of one digit pair: the rows where the pair is swapped must take
    /// the same columns for each digit (row cycles of the pair), and each box must hold both
    /// digits of the set or neither.
    fn pair(&mut self, a: &[usize; SIDE], b: &[usize; SIDE]) {
        // The row holding digit a in each column.
        let mut row_of_a = [0usize; SIDE];
        for (row, &col) in a.iter().enumerate() {
            if let Some(slot) = row_of_a.get_mut(col) {
                *slot = row;
            }
        }
        // Each row cycle's cells and the boxes its two digits fill.
        let mut cycles = [(0 as Cells, 0u16, 0u16); SIDE];
        let mut cycle_count = 0;
        let mut seen = 0u16;
        for start in 0..SIDE {
            if seen & (1 << start) != 0 {
                continue;
            }
            let mut cycle = (0 as Cells, 0u16, 0u16);
            let mut row = start;
            while seen & (1 << row) == 0 {
                seen |= 1 << row;
                let (col_a, col_b) = (a[row], b[row]);
                cycle.0 |= 1 << (row * SIDE + col_a) | 1 << (row * SIDE + col_b);
                cycle.1 |= 1 << box_of(row, col_a);
                cycle.2 |= 1 << box_of(row, col_b);
                // The next row holds digit a in the column where this row holds b.
                row = row_of_a.get(col_b).copied().unwrap_or(start);
            }
            if let Some(slot) = cycles.get_mut(cycle_count) {
                *slot = cycle;
                cycle_count += 1;
            }
        }
        let cycles = cycles.get(..cycle_count).unwrap_or_default();
        // Every non-empty union of cycles (all of them: the two digits swapped everywhere).
        for subset in 1u32..(1 << cycle_count) {
            let (set, boxes_a, boxes_b) = cycles
                .iter()
                .enumerate()
                .filter(|(k, _)| subset & (1 << k) != 0)
                .fold((0 as Cells, 0u16, 0u16), |union, (_, cycle)| {
                    (union.0 | cycle.0, union.1 | cycle.1, union.2 | cycle.2)
                });
            // Sets of other pairs hold other digits, and other unions other rows: no repeats.
            if boxes_a == boxes_b && self.count < MOST {
                self.sets[self.count] = set;
                self.count += 1;
            }
        }
    }

    /// True when some set holds `cell` and no given of `givens` (cell bits).
    pub fn emptied(&self, givens: Cells, cell: usize) -> bool {
        let bit: Cells = 1 << (cell % CELLS);
        self.sets
            .get(..self.count)
            .unwrap_or_default()
            .iter()
            .any(|&set| set & bit != 0 && set & givens == 0)
    }

    /// True when some set holds a cell of `removed` and no given of `givens`.
    pub fn empties(&self, givens: Cells, removed: &[u8]) -> bool {
        removed.iter().any(|&cell| self.emptied(givens, usize::from(cell)))
    }

    /// How many sets there are.
    pub fn len(&self) -> usize {
        self.count
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The sets, as cell bit sets.
    pub fn sets(&self) -> &[Cells] {
        self.sets.get(..self.count).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::is_valid;
    use crate::rng::Rng;

    #[test]
    fn every_set_swaps_to_another_valid_grid() {
        let mut rng = Rng::new(3);
        let mut total = 0;
        for _ in 0..50 {
            let grid = super::super::random_grid(&mut rng, &mut || false).unwrap_or(Grid::EMPTY);
            let found = Unavoidable::of(&grid);
            total += found.len();
            for &set in found.sets() {
                let digits: Vec<u8> = (0..CELLS)
                    .filter(|&c| set & (1 << c) != 0)
                    .map(|c| grid.cells()[c])
                    .collect();
                let (lo, hi) = (
                    digits.iter().min().copied().unwrap_or(0),
                    digits.iter().max().copied().unwrap_or(0),
                );
                let mut swapped = *grid.cells();
                for cell in (0..CELLS).filter(|&c| set & (1 << c) != 0) {
                    swapped[cell] = if swapped[cell] == lo { hi } else { lo };
                }
                let swapped = Grid::from_values(swapped).unwrap_or(Grid::EMPTY);
                assert!(is_valid(&swapped) && swapped != grid);
            }
        }
        // At least the 36 whole-pair sets per grid.
        assert!(total >= 50 * 36);
    }
}
