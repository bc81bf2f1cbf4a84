//! The `Board` class's value: one core `Grid`, nothing else.
//!
//! Its own module so that data flows one way. `input` reads a Board given as a board (its grid,
//! straight from here) without knowing the class's methods; `board`, which holds those methods,
//! reads its argument through `input`. So: input -> board_value, and board -> input.

use pyo3::prelude::*;

use crate::grid::Grid;

#[doc = stub_doc!("Board")]
#[pyclass(frozen, eq, hash, mapping, module = "valid_sudoku", name = "Board")]
pub struct PyBoard {
    pub(crate) grid: Grid,
    /// The puzzle this board was solved from (`solve(puzzle)`, `Board.solve()`): only the
    /// notebook view uses it, to show the filled-in digits apart from the givens. Not part of
    /// the value: equality, hashing, copies and pickles are the grid's alone.
    pub(crate) puzzle: Option<Grid>,
}

impl PartialEq for PyBoard {
    fn eq(&self, other: &Self) -> bool {
        self.grid == other.grid
    }
}

impl Eq for PyBoard {}

impl std::hash::Hash for PyBoard {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.grid.hash(state);
    }
}

impl PyBoard {
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    pub fn from_grid(grid: Grid) -> Self {
        PyBoard { grid, puzzle: None }
    }

    /// `solution`, solved from `puzzle`.
    pub fn solved(solution: Grid, puzzle: Grid) -> Self {
        PyBoard { grid: solution, puzzle: Some(puzzle) }
    }
}
