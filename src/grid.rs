//! The core board type and its geometry. Knows nothing of Python.

use crate::bounds::Known;

/// Cells on a side of the board, and digits in use.
pub const SIDE: usize = 9;
/// Cells on the whole board.
pub const CELLS: usize = SIDE * SIDE;

/// A 9x9 board, row-major; each cell is 0 (empty) or a digit 1-9.
///
/// The invariant "every cell is 0-9" is established by the only constructors,
/// so the validators can index tables by cell value without bounds worries.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    cells: [u8; CELLS],
}

impl Default for Grid {
    fn default() -> Self {
        Grid::EMPTY
    }
}

impl Grid {
    /// The board with no digit on it.
    pub const EMPTY: Grid = Grid { cells: [0; CELLS] };

    /// Builds a grid from cell values, or returns the first `(cell, value)` above 9.
    pub fn from_values(cells: [u8; CELLS]) -> Result<Grid, (usize, u8)> {
        match cells.iter().position(|&v| v > 9) {
            Some(i) => Err((i, cells[i])),
            None => Ok(Grid { cells }),
        }
    }

    /// A grid from values the caller has checked (0-9): a batch driver's chunk, cells copied
    /// from a grid. A value above 9 is a bug there, which debug builds (tests, fuzzers) fail
    /// on; release builds answer the empty grid rather than panic.
    #[track_caller]
    pub fn from_checked(cells: [u8; CELLS]) -> Grid {
        Grid::from_values(cells).ok().known()
    }

    /// The 81 cell values, row-major, 0 for empty.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The value at `(row, col)`, or `None` off the board.
    pub fn get(&self, row: usize, col: usize) -> Option<u8> {
        if row < SIDE && col < SIDE {
            Some(self.cells[row * SIDE + col])
        } else {
            None
        }
    }

    /// The number of filled cells.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when no cell is empty.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }
}

/// The box of a cell, numbered left to right, top to bottom (0 is top-left, 8 bottom-right).
///
/// The seed solution numbers boxes `row / 3 + (col / 3) * 3`, column-major; any bijection
/// works for validity, but users read box numbers in reading order, so that is what we report.
pub const fn box_of(row: usize, col: usize) -> usize {
    (row / 3) * 3 + col / 3
}

/// The three kinds of unit in which a digit may appear only once.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Unit {
    Row,
    Column,
    Box,
}

impl Unit {
    /// All three kinds, in the order conflicts are reported.
    pub const ALL: [Unit; 3] = [Unit::Row, Unit::Column, Unit::Box];

    /// The lower-case name users see: "row", "column" or "box".
    pub fn name(self) -> &'static str {
        match self {
            Unit::Row => "row",
            Unit::Column => "column",
            Unit::Box => "box",
        }
    }

    /// The kind named `name` ("row", "column" or "box"), the inverse of [`Unit::name`].
    pub fn from_name(name: &str) -> Option<Unit> {
        Unit::ALL.into_iter().find(|unit| unit.name() == name)
    }

    /// True when `(row, col)` lies in unit number `index` of this kind.
    pub const fn contains(self, index: usize, row: usize, col: usize) -> bool {
        match self {
            Unit::Row => row == index,
            Unit::Column => col == index,
            Unit::Box => box_of(row, col) == index,
        }
    }

    /// The `(row, col)` of the `k`-th cell (0-8, row-major) of unit number `index` (0-8).
    pub const fn cell(self, index: usize, k: usize) -> (usize, usize) {
        match self {
            Unit::Row => (index, k),
            Unit::Column => (k, index),
            Unit::Box => ((index / 3) * 3 + k / 3, (index % 3) * 3 + k % 3),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_are_numbered_in_reading_order() {
        assert_eq!(box_of(0, 0), 0);
        assert_eq!(box_of(0, 8), 2);
        assert_eq!(box_of(4, 4), 4);
        assert_eq!(box_of(8, 0), 6);
        assert_eq!(box_of(8, 8), 8);
        // The cells that catch a transposed box formula.
        assert_eq!(box_of(0, 3), 1);
        assert_eq!(box_of(3, 0), 3);
    }

    #[test]
    fn every_unit_covers_nine_distinct_cells_that_belong_to_it() {
        for unit in Unit::ALL {
            for index in 0..SIDE {
                let mut seen = [false; CELLS];
                for k in 0..SIDE {
                    let (r, c) = unit.cell(index, k);
                    assert!(!seen[r * SIDE + c]);
                    seen[r * SIDE + c] = true;
                    assert!(unit.contains(index, r, c));
                }
            }
        }
    }

    #[test]
    fn units_by_name_and_membership() {
        for unit in Unit::ALL {
            assert_eq!(Unit::from_name(unit.name()), Some(unit));
            for index in 0..SIDE {
                for k in 0..SIDE {
                    let (r, c) = unit.cell(index, k);
                    assert!(unit.contains(index, r, c));
                    assert!(!unit.contains((index + 1) % SIDE, r, c));
                }
            }
        }
        assert_eq!(Unit::from_name("Row"), None);
    }

    #[test]
    fn unit_cells_are_in_row_major_order() {
        for unit in Unit::ALL {
            for index in 0..SIDE {
                let cells: Vec<_> = (0..SIDE).map(|k| unit.cell(index, k)).collect();
                let mut sorted = cells.clone();
                sorted.sort();
                assert_eq!(cells, sorted);
            }
        }
    }

    #[test]
    fn from_values_rejects_values_above_nine() {
        let mut cells = [0u8; CELLS];
        cells[40] = 10;
        assert_eq!(Grid::from_values(cells), Err((40, 10)));
        cells[40] = 9;
        let grid = Grid::from_values(cells).expect("9 is a digit");
        assert_eq!(grid.get(4, 4), Some(9));
        assert_eq!(grid.get(9, 0), None);
        assert_eq!(grid.givens(), 1);
        assert!(!grid.is_complete());
    }
}
