//! Helpers for the techniques' unit tests.

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
