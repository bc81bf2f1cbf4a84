//! The pencil-mark state the techniques read: each empty cell's candidates as a 9-bit mask,
//! and each digit's candidate cells as an 81-bit mask, kept in step with each other.

use super::bits::pop9;
use super::geometry::{digits_of, members, units_meeting, Cells, ALL_UNITS, PEERS, UNITS_OF};
use super::step::Step;
use crate::bounds::Known;
use crate::grid::{Grid, CELLS};

/// Every digit, as a candidate mask (bit `d - 1` for digit `d`).
pub const ALL_DIGITS: u16 = 0x1ff;

/// A board with pencil marks. Filled cells have no candidates; a digit is a candidate only of
/// empty cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pencil {
    values: [u8; CELLS],
    masks: [u16; CELLS],
    digits: [Cells; 9],
    empty: Cells,
    /// The digits placed in each unit, kept as cells are filled.
    placed: [u16; 27],
    /// The units missing exactly one digit (bit per unit), kept with `placed`: the only
    /// places a full house can be, so finding one need not look at every unit.
    one_missing: u32,
}

/// Pencil marks that a given (or another filled cell) rules out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarksError {
    /// An empty cell lists a digit that a filled peer holds: the cell, the digit 1-9, and the
    /// peer that holds it.
    RuledOut { cell: usize, digit: u8, by: usize },
    /// A filled cell lists candidates: the cell and its digit.
    Filled { cell: usize, value: u8 },
    /// A mask with bits above the ninth: the cell and the mask.
    Bits { cell: usize, mask: u16 },
}

impl Pencil {
    /// The pencil marks a person starts from: every digit that no filled peer holds.
    pub fn from_grid(grid: &Grid) -> Pencil {
        let values = *grid.cells();
        let mut seen = [0u16; 27];
        for (cell, &v) in values.iter().enumerate() {
            if v != 0 {
                for &u in &UNITS_OF[cell] {
                    seen[usize::from(u)] |= 1 << (v - 1);
                }
            }
        }
        let mut masks = [0u16; CELLS];
        // Each digit's cells: the empty cells no holder of the digit sees (as the masks say,
        // without reading them back bit by bit).
        let (mut empty, mut seen_by) = (0 as Cells, [0 as Cells; 9]);
        for (cell, mask) in masks.iter_mut().enumerate() {
            let v = values[cell];
            if v == 0 {
                empty |= 1 << cell;
                let [r, c, b] = UNITS_OF[cell];
                *mask = ALL_DIGITS & !(seen[usize::from(r)] | seen[usize::from(c)] | seen[usize::from(b)]);
            } else if let Some(sight) = seen_by.get_mut(usize::from(v) - 1) {
                *sight |= PEERS[cell];
            }
        }
        let digits = seen_by.map(|sight| empty & !sight);
        let one_missing = seen.iter().enumerate().fold(0, |m, (u, &p)| m | u32::from(p.count_ones() == 8) << u);
        Pencil { values, masks, digits, empty, placed: seen, one_missing }
    }

    /// The given pencil marks, checked to be no wider than what the filled cells allow.
    pub fn with_marks(grid: &Grid, marks: &[u16; CELLS]) -> Result<Pencil, MarksError> {
        let values = *grid.cells();
        for (cell, &mask) in marks.iter().enumerate() {
            if mask & !ALL_DIGITS != 0 {
                return Err(MarksError::Bits { cell, mask });
            }
            let value = values[cell];
            if value != 0 {
                if mask != 0 {
                    return Err(MarksError::Filled { cell, value });
                }
                continue;
            }
            for by in members(PEERS[cell]) {
                let held = values[by];
                if held != 0 && mask >> (held - 1) & 1 == 1 {
                    return Err(MarksError::RuledOut { cell, digit: held, by });
                }
            }
        }
        Ok(Pencil::assemble(values, *marks))
    }

    /// The given pencil marks as an app keeps them, stale after placements: marks of filled
    /// cells, and marks a filled cell rules out, are dropped rather than refused.
    pub fn with_marks_dropping_stale(grid: &Grid, marks: &[u16; CELLS]) -> Result<Pencil, MarksError> {
        let open = Pencil::from_grid(grid);
        let mut kept = [0u16; CELLS];
        for (cell, ((slot, &mask), &allowed)) in kept.iter_mut().zip(marks).zip(open.masks()).enumerate() {
            if mask & !ALL_DIGITS != 0 {
                return Err(MarksError::Bits { cell, mask });
            }
            *slot = mask & allowed;
        }
        Ok(Pencil::assemble(open.values, kept))
    }

    fn assemble(values: [u8; CELLS], masks: [u16; CELLS]) -> Pencil {
        let mut digits = [0u128; 9];
        let mut empty = 0u128;
        for (cell, &mask) in masks.iter().enumerate() {
            let bit = 1u128 << cell;
            if values[cell] == 0 {
                empty |= bit;
            }
            // Only the set bits: a cell has a few candidates, not nine.
            let mut rest = mask & ALL_DIGITS;
            while rest != 0 {
                if let Some(digit) = digits.get_mut(rest.trailing_zeros() as usize) {
                    *digit |= bit;
                }
                rest &= rest - 1;
            }
        }
        let mut placed = [0u16; 27];
        for (cell, &v) in values.iter().enumerate() {
            if v != 0 {
                for &u in &UNITS_OF[cell] {
                    placed[usize::from(u)] |= 1 << (v - 1);
                }
            }
        }
        let one_missing = placed.iter().enumerate().fold(0, |m, (u, &p)| m | u32::from(p.count_ones() == 8) << u);
        Pencil { values, masks, digits, empty, placed, one_missing }
    }

    /// The board's digits (0 for empty).
    pub fn values(&self) -> &[u8; CELLS] {
        &self.values
    }

    /// The board as a grid.
    pub fn grid(&self) -> Grid {
        Grid::from_checked(self.values)
    }

    /// Each cell's candidates (bit `d - 1` for digit `d`; 0 for a filled cell).
    pub fn masks(&self) -> &[u16; CELLS] {
        &self.masks
    }

    /// The candidates of one cell.
    pub fn mask(&self, cell: usize) -> u16 {
        self.masks.get(cell).copied().known()
    }

    /// The cells where digit index `d` (0-8) is a candidate.
    pub fn cells_of(&self, d: usize) -> Cells {
        self.digits.get(d).copied().known()
    }

    /// The cells where every digit of `mask` is a candidate.
    pub fn cells_with_all(&self, mask: u16) -> Cells {
        digits_of(mask).fold(Cells::MAX, |cells, d| cells & self.cells_of(d))
    }

    /// The empty cells.
    pub fn empty(&self) -> Cells {
        self.empty
    }

    /// True when every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.empty == 0
    }

    /// The digits already placed in a unit, as a mask.
    pub fn placed_in(&self, unit: usize) -> u16 {
        self.placed.get(unit).copied().known()
    }

    /// The units missing exactly one digit, as a mask (bit `u` for unit `u`).
    pub fn units_missing_one(&self) -> u32 {
        self.one_missing
    }

    /// True when some empty cell has no candidate left, or a unit has a missing digit with
    /// nowhere to go: no technique should run on such a board.
    pub fn is_broken(&self) -> bool {
        if self.has_empty_cell_without_marks() {
            return true;
        }
        // A digit with no candidate in a unit must be placed there: the units each digit
        // misses are few (those it is placed in, on a sound board), and found for the 27 at
        // once, where testing each unit for each digit took a dozen instructions 243 times.
        self.digits.iter().enumerate().any(|(d, &cells)| {
            let mut missed = !units_meeting(cells) & ALL_UNITS;
            while missed != 0 {
                if self.placed_in(missed.trailing_zeros() as usize) >> d & 1 == 0 {
                    return true;
                }
                missed &= missed - 1;
            }
            false
        })
    }

    /// The empty cells with exactly one candidate (naked singles): the cells in exactly one
    /// digit's candidate set.
    pub fn single_candidate_cells(&self) -> Cells {
        let (mut once, mut twice) = (0 as Cells, 0 as Cells);
        for &cells in &self.digits {
            twice |= once & cells;
            once |= cells;
        }
        once & !twice & self.empty
    }

    /// True when some empty cell has no candidate left.
    pub fn has_empty_cell_without_marks(&self) -> bool {
        let marked = self.digits.iter().fold(0, |m, &d| m | d);
        marked & self.empty != self.empty
    }

    /// Writes digit index `d` (0-8) into `cell` and removes it from the cell's peers.
    pub fn place(&mut self, cell: usize, d: usize) {
        if cell >= CELLS || d >= 9 {
            return;
        }
        let mut mask = self.masks[cell];
        while mask != 0 {
            let other = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            self.digits[other] &= !(1 << cell);
        }
        self.masks[cell] = 0;
        self.values[cell] = d as u8 + 1;
        self.empty &= !(1 << cell);
        for &u in &UNITS_OF[cell] {
            if let Some(placed) = self.placed.get_mut(usize::from(u)) {
                *placed |= 1 << d;
                let bit = 1u32 << u;
                self.one_missing = if pop9(*placed) == 8 { self.one_missing | bit } else { self.one_missing & !bit };
            }
        }
        for peer in members(self.digits[d] & PEERS[cell]) {
            self.masks[peer] &= !(1 << d);
        }
        self.digits[d] &= !PEERS[cell];
    }

    /// Removes digit index `d` (0-8) from the candidates of `cell`.
    pub fn eliminate(&mut self, cell: usize, d: usize) {
        if cell < CELLS && d < 9 {
            self.masks[cell] &= !(1 << d);
            self.digits[d] &= !(1 << cell);
        }
    }

    /// Applies a step's placements and eliminations.
    pub fn apply(&mut self, step: &Step) {
        for &(cell, digit) in &step.eliminations {
            self.eliminate(usize::from(cell), usize::from(digit).wrapping_sub(1));
        }
        for &(cell, digit) in &step.placements {
            self.place(usize::from(cell), usize::from(digit).wrapping_sub(1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::grid_from_text;

    #[test]
    fn from_grid_is_the_pencil_of_its_own_marks() {
        // Full, empty, sparse and dense boards, and one whose givens clash.
        let lines = [
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            ".................................................................................",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
            "55...............................................................................",
        ];
        for line in lines {
            let grid = grid_from_text(line).unwrap_or(Grid::EMPTY);
            let pencil = Pencil::from_grid(&grid);
            assert_eq!(Pencil::assemble(*grid.cells(), *pencil.masks()), pencil, "{line}");
        }
    }

    /// The broken test by its definition: an empty cell without candidates, or a unit where
    /// some digit is neither placed nor a candidate.
    #[test]
    fn broken_boards_are_those_with_a_cell_or_a_digit_of_a_unit_left_nowhere() {
        let mut rng = crate::rng::Rng::new(31);
        let mut seen = [0usize; 2];
        for _ in 0..3000 {
            let mut values = [0u8; CELLS];
            for _ in 0..rng.below(30) {
                values[rng.below(81) as usize] = 1 + rng.below(9) as u8;
            }
            let mut p = Pencil::from_grid(&Grid::from_values(values).unwrap_or(Grid::EMPTY));
            for _ in 0..rng.below(40) {
                p.eliminate(rng.below(81) as usize, rng.below(9) as usize);
            }
            let nowhere = super::super::geometry::UNIT_CELLS
                .iter()
                .enumerate()
                .any(|(u, &unit)| (0..9).any(|d| p.cells_of(d) & unit == 0 && p.placed_in(u) >> d & 1 == 0));
            let slow = p.has_empty_cell_without_marks() || nowhere;
            assert_eq!(p.is_broken(), slow);
            seen[usize::from(slow)] += 1;
        }
        assert!(seen[0] > 100 && seen[1] > 100, "{seen:?}");
    }
}
