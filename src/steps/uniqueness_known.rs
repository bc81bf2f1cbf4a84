//! Whether a board has exactly one solution, which the uniqueness techniques need: known, or
//! counted when a path first reaches one of them. Most paths never do (singles and the like
//! finish them), and counting costs more than a whole path of singles.
//!
//! Counting late gives the same answer as counting first: it counts the same starting grid.

use crate::grid::Grid;
use crate::solve::count_solutions;

/// Exactly one solution: known, or still to count on the given grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    Known(bool),
    /// The board's digits, counted (to two) the first time the answer is needed.
    Count(Grid),
}

impl Uniqueness {
    /// True when the board has exactly one solution; counts at most once.
    pub fn holds(&mut self) -> bool {
        if let Uniqueness::Count(grid) = *self {
            *self = Uniqueness::Known(count_solutions(&grid, 2) == 1);
        }
        *self == Uniqueness::Known(true)
    }
}

impl From<bool> for Uniqueness {
    fn from(unique: bool) -> Uniqueness {
        Uniqueness::Known(unique)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::grid_from_text;

    #[test]
    fn counts_once_and_keeps_the_answer() {
        let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let mut one = Uniqueness::Count(grid_from_text(line).unwrap_or(Grid::EMPTY));
        assert!(one.holds());
        assert_eq!(one, Uniqueness::Known(true));
        let mut many = Uniqueness::Count(Grid::EMPTY);
        assert!(!many.holds() && !many.holds());
        assert_eq!(many, Uniqueness::Known(false));
        assert!(Uniqueness::from(true).holds() && !Uniqueness::from(false).holds());
    }
}
