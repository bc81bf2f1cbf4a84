//! Why a board is invalid: every digit that repeats within a unit, and where.

use std::fmt;

use crate::bounds::Known;
use crate::grid::{Grid, Unit, SIDE};

/// One digit that appears more than once in one row, column or box.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Conflict {
    pub unit: Unit,
    /// 0-8; boxes are numbered left to right, top to bottom.
    pub index: usize,
    /// 1-9.
    pub digit: u8,
    /// Every `(row, col)` in the unit holding the digit, in row-major order (two or more).
    pub cells: Vec<(usize, usize)>,
}

/// Every conflict on the board: rows first, then columns, then boxes; within a kind by unit
/// index, then digit. Empty exactly when [`crate::check::is_valid`] is true.
pub fn conflicts(grid: &Grid) -> Vec<Conflict> {
    let mut found = Vec::new();
    for unit in Unit::ALL {
        for index in 0..SIDE {
            // Bit k of `holders[d]`: the k-th cell of the unit (row-major) holds digit d.
            let mut holders = [0u16; 10];
            for k in 0..SIDE {
                let (r, c) = unit.cell(index, k);
                let value = grid.get(r, c).known();
                holders[usize::from(value)] |= 1 << k;
            }
            for digit in 1..=9u8 {
                let mask = holders[usize::from(digit)];
                if mask.count_ones() >= 2 {
                    let cells = (0..SIDE).filter(|k| mask & (1 << k) != 0).map(|k| unit.cell(index, k)).collect();
                    found.push(Conflict { unit, index, digit, cells });
                }
            }
        }
    }
    found
}

impl Conflict {
    /// A conflict described field by field (as Python's `Conflict(...)` or unpickling does),
    /// checked to be one that [`conflicts`] could report: index 0-8, digit 1-9, and two or more
    /// distinct cells of that unit in row-major order. The error says which field is wrong.
    pub fn checked(unit: Unit, index: usize, digit: u8, cells: Vec<(usize, usize)>) -> Result<Conflict, String> {
        if index >= SIDE {
            return Err(format!("index must be 0-8, got {index}"));
        }
        if !(1..=9).contains(&digit) {
            return Err(format!("digit must be 1-9, got {digit}"));
        }
        if cells.len() < 2 {
            return Err(format!("cells must hold two or more (row, col) pairs, got {}", cells.len()));
        }
        if let Some((r, c)) = cells.iter().copied().find(|&(r, c)| r >= SIDE || c >= SIDE || !unit.contains(index, r, c)) {
            return Err(format!("cells: ({r}, {c}) is not a cell of {} {index}", unit.name()));
        }
        if cells.windows(2).any(|pair| matches!(pair, [a, b] if a >= b)) {
            return Err("cells must be distinct and in row-major order".to_owned());
        }
        Ok(Conflict { unit, index, digit, cells })
    }
}

impl fmt::Display for Conflict {
    /// The conflict in the notation people use, as every text meant for them is written:
    /// units and cells counted from 1, cells as `r1c1`..`r9c9`: `digit 8 repeats in box 1 at
    /// r1c1 and r3c3`. The fields (and so Python's data) stay 0-based.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "digit {} repeats in {} {} at ", self.digit, self.unit.name(), self.index + 1)?;
        list_cells(f, &self.cells, |f, r, c| write!(f, "r{}c{}", r + 1, c + 1))
    }
}

/// `a, b and c`, each cell written by `cell`.
fn list_cells(
    f: &mut fmt::Formatter<'_>,
    cells: &[(usize, usize)],
    cell: impl Fn(&mut fmt::Formatter<'_>, usize, usize) -> fmt::Result,
) -> fmt::Result {
    let last = cells.len().saturating_sub(1);
    for (i, &(r, c)) in cells.iter().enumerate() {
        f.write_str(match i {
            0 => "",
            _ if i == last => " and ",
            _ => ", ",
        })?;
        cell(f, r, c)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::is_valid;
    use crate::grid::CELLS;

    fn grid_of(line: &str) -> Grid {
        crate::parse::grid_from_text(line).expect("test boards parse")
    }

    const SEED: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn the_second_seed_example_has_a_column_and_a_box_conflict() {
        let board = grid_of(&format!("8{}", &SEED[1..]));
        let found = conflicts(&board);
        let shown: Vec<String> = found.iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["digit 8 repeats in column 1 at r1c1 and r4c1", "digit 8 repeats in box 1 at r1c1 and r3c3"]);
        assert!(conflicts(&grid_of(SEED)).is_empty());
    }

    #[test]
    fn three_holders_are_listed_in_row_major_order() {
        let mut cells = [0u8; CELLS];
        for (r, c) in [(0, 0), (0, 4), (0, 8)] {
            cells[r * SIDE + c] = 3;
        }
        let board = Grid::from_values(cells).expect("digits");
        let found = conflicts(&board);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].to_string(), "digit 3 repeats in row 1 at r1c1, r1c5 and r1c9");
    }

    #[test]
    fn order_is_rows_then_columns_then_boxes_then_index_then_digit() {
        // 2 repeats in row 4 and 1 in row 4 too; column and box repeats come after.
        let mut cells = [0u8; CELLS];
        for (r, c, v) in [(4, 0, 2), (4, 8, 2), (4, 1, 1), (4, 7, 1), (0, 5, 9), (8, 5, 9)] {
            cells[r * SIDE + c] = v;
        }
        let found = conflicts(&Grid::from_values(cells).expect("digits"));
        let keys: Vec<(Unit, usize, u8)> = found.iter().map(|c| (c.unit, c.index, c.digit)).collect();
        assert_eq!(keys, [(Unit::Row, 4, 1), (Unit::Row, 4, 2), (Unit::Column, 5, 9)]);
    }

    #[test]
    fn checked_accepts_what_conflicts_reports_and_names_the_bad_field() {
        let board = grid_of(&format!("8{}", &SEED[1..]));
        for found in conflicts(&board) {
            let again = Conflict::checked(found.unit, found.index, found.digit, found.cells.clone());
            assert_eq!(again, Ok(found));
        }
        let cases = [
            (Conflict::checked(Unit::Box, 9, 8, vec![(0, 0), (2, 2)]), "index must be 0-8, got 9"),
            (Conflict::checked(Unit::Box, 0, 0, vec![(0, 0), (2, 2)]), "digit must be 1-9, got 0"),
            (Conflict::checked(Unit::Box, 0, 8, vec![(0, 0)]), "cells must hold two or more (row, col) pairs, got 1"),
            (Conflict::checked(Unit::Box, 0, 8, vec![(0, 0), (3, 3)]), "cells: (3, 3) is not a cell of box 0"),
            (Conflict::checked(Unit::Row, 2, 8, vec![(2, 0), (2, 9)]), "cells: (2, 9) is not a cell of row 2"),
            (Conflict::checked(Unit::Column, 1, 8, vec![(5, 1), (2, 1)]), "cells must be distinct and in row-major order"),
            (Conflict::checked(Unit::Column, 1, 8, vec![(5, 1), (5, 1)]), "cells must be distinct and in row-major order"),
        ];
        for (result, message) in cases {
            assert_eq!(result, Err(message.to_owned()));
        }
    }

    #[test]
    fn empty_exactly_when_valid() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for round in 0..50_000 {
            let mut cells = [0u8; CELLS];
            for cell in cells.iter_mut() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *cell = if state % 81 < round % 30 { (state >> 8) as u8 % 9 + 1 } else { 0 };
            }
            let board = Grid::from_values(cells).expect("digits");
            assert_eq!(conflicts(&board).is_empty(), is_valid(&board));
        }
    }

    #[test]
    fn text_counts_from_one() {
        let conflict = Conflict { unit: Unit::Column, index: 4, digit: 6, cells: vec![(0, 4), (5, 4), (8, 4)] };
        assert_eq!(conflict.to_string(), "digit 6 repeats in column 5 at r1c5, r6c5 and r9c5");
    }
}
