//! A board with no solution, and the contradiction that shows it when one is in reach: a cell
//! with no candidate left, or a unit where a digit has no place.

use std::fmt;

use crate::grid::Grid;
use crate::solve::{for_each_solution, solve};
use crate::steps::geometry::{cell_name, members, unit_name, UNIT_CELLS};
use crate::steps::{place_singles, Pencil, Uniqueness};

/// What shows a board has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// An empty cell (0-80) with no candidate left.
    NoCandidate { cell: usize },
    /// A unit (0-26: rows, columns, boxes) where the digit (1-9) is neither placed nor a
    /// candidate.
    NoPlace { digit: u8, unit: usize },
}

/// A board without a solution (or whose marks rule out every one), with the contradiction
/// found on it, or after its singles, when there is one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoSolution {
    /// The digits have a solution, but the marks rule out every one.
    pub by_marks: bool,
    pub contradiction: Option<Contradiction>,
    /// The contradiction appears only once the board's singles are placed.
    pub after_singles: bool,
}

impl fmt::Display for NoSolution {
    /// `the board has no solution: r2c3 has no candidate left`, `...: singles from here leave 5
    /// no place in row 3`, or without a contradiction in reach `the board has no solution
    /// (singles from here reach no contradiction)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.by_marks {
            "the candidates rule out every solution of the board"
        } else {
            "the board has no solution"
        })?;
        let lead = if self.after_singles { "singles from here leave " } else { "" };
        match self.contradiction {
            None => f.write_str(" (singles from here reach no contradiction)"),
            Some(Contradiction::NoCandidate { cell }) if self.after_singles => {
                write!(f, ": {lead}{} with no candidate", cell_name(cell))
            }
            Some(Contradiction::NoCandidate { cell }) => write!(f, ": {} has no candidate left", cell_name(cell)),
            Some(Contradiction::NoPlace { digit, unit }) if self.after_singles => {
                write!(f, ": {lead}{digit} no place in {}", unit_name(unit))
            }
            Some(Contradiction::NoPlace { digit, unit }) => write!(f, ": {digit} has no place left in {}", unit_name(unit)),
        }
    }
}

/// The first contradiction on `p`, by its definition: an empty cell without candidates (in
/// cell order), else a unit (rows, then columns, then boxes) missing a digit with no place.
pub fn contradiction(p: &Pencil) -> Option<Contradiction> {
    if let Some(cell) = members(p.empty()).find(|&cell| p.mask(cell) == 0) {
        return Some(Contradiction::NoCandidate { cell });
    }
    for (unit, &cells) in UNIT_CELLS.iter().enumerate() {
        for d in 0..9 {
            if p.cells_of(d) & cells == 0 && p.placed_in(unit) >> d & 1 == 0 {
                return Some(Contradiction::NoPlace { digit: d as u8 + 1, unit });
            }
        }
    }
    None
}

/// `Ok` with what is known of the board's uniqueness unless `p` surely keeps no solution;
/// else what shows it. Exact for the digits, and for the marks when the digits have one
/// solution. When they have several and the marks rule out the first two the solver finds,
/// the board passes: telling whether the marks keep any would take a search of its own.
pub fn check_solvable(p: &Pencil) -> Result<Uniqueness, NoSolution> {
    let grid = p.grid();
    let fail = |by_marks| Err(explain(p, by_marks));
    let Some(first) = solve(&grid) else { return fail(false) };
    if keeps(p, &first) {
        // Counted later, and only if a uniqueness technique is reached.
        return Ok(Uniqueness::Count(grid));
    }
    let mut kept = false;
    let mut count = 0;
    let searched = for_each_solution(
        &grid,
        &mut |solution| {
            count += 1;
            kept |= keeps(p, solution);
            kept || count > 1
        },
        &mut || false,
    );
    debug_assert!(searched.is_ok(), "the search stops only when asked");
    match (kept, count) {
        (false, 1) => fail(true),
        _ => Ok(Uniqueness::Known(count == 1)),
    }
}

/// True when every empty cell of `p` keeps `solution`'s digit among its marks.
fn keeps(p: &Pencil, solution: &Grid) -> bool {
    members(p.empty()).all(|cell| solution.cells().get(cell).is_some_and(|&v| p.mask(cell) >> (v.wrapping_sub(1) & 15) & 1 == 1))
}

/// The contradiction on `p`, or after its singles.
fn explain(p: &Pencil, by_marks: bool) -> NoSolution {
    if let Some(found) = contradiction(p) {
        return NoSolution { by_marks, contradiction: Some(found), after_singles: false };
    }
    let mut after = *p;
    place_singles(&mut after);
    NoSolution { by_marks, contradiction: contradiction(&after), after_singles: true }
}
