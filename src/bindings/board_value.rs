//! The `Board` class's value: one core `Grid`, nothing else.
//!
//! Its own module so that data flows one way. `input` reads a Board given as a board (its grid,
//! straight from here) without knowing the class's methods; `board`, which holds those methods,
//! reads its argument through `input`. So: input -> board_value, and board -> input.

use pyo3::prelude::*;

use crate::grid::Grid;

#[doc = stub_doc!("Board")]
#[pyclass(frozen, eq, hash, mapping, module = "valid_sudoku", name = "Board")]
#[derive(PartialEq, Eq, Hash)]
pub struct PyBoard {
    pub(super) grid: Grid,
}

impl PyBoard {
    pub fn grid(&self) -> &Grid {
        &self.grid
    }
}
