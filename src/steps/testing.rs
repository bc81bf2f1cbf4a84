//! Helpers for the techniques' unit tests.

use super::geometry::{members, UNIT_CELLS};
use super::pencil::Pencil;
use crate::grid::Grid;
use crate::parse::grid_from_text;

/// The pencil marks of an 81-character board.
pub fn pencil_from(line: &str) -> Pencil {
    Pencil::from_grid(&grid_from_text(line).unwrap_or(Grid::EMPTY))
}

/// Pencil marks on an empty board.
pub fn pencil_with(marks: &[u16; 81]) -> Pencil {
    Pencil::with_marks(&Grid::EMPTY, marks).unwrap_or_else(|_| Pencil::from_grid(&Grid::EMPTY))
}

/// Takes digit index `d` out of every cell of `row` but those of `cols` (a fish's base line).
pub fn only_in(marks: &mut [u16; 81], d: usize, row: usize, cols: &[usize]) {
    for c in 0..9 {
        if !cols.contains(&c) {
            marks[row * 9 + c] &= !(1 << d);
        }
    }
}

/// Takes digit index `d` out of every cell of `unit` but `cells` (its only places there).
pub fn keep(marks: &mut [u16; 81], d: usize, unit: usize, cells: &[usize]) {
    for cell in members(UNIT_CELLS[unit]) {
        if !cells.contains(&cell) {
            marks[cell] &= !(1 << d);
        }
    }
}
