//! A player's wrong digits and wrong pencil marks, against the puzzle's one solution.

use std::fmt;

use crate::grid::{Grid, CELLS};
use crate::solve::{for_each_solution, Stopped};
use crate::steps::geometry::cell_name;
use crate::steps::{MarksError, ALL_DIGITS};

/// What a player got wrong: `(cell, digit)` pairs, cells 0-80, digits 1-9.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mistakes {
    /// Filled cells whose digit (the one given here) differs from the solution's.
    pub digits: Vec<(u8, u8)>,
    /// Empty cells whose marks lack the solution's digit (the one given here).
    pub candidates: Vec<(u8, u8)>,
}

impl Mistakes {
    pub fn is_empty(&self) -> bool {
        self.digits.is_empty() && self.candidates.is_empty()
    }
}

impl fmt::Display for Mistakes {
    /// One sentence per mistake: `The 1 in r1c1 is wrong. The candidates of r2c3 miss 4, the
    /// digit that goes there.`; `No mistakes.` when there is none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("No mistakes.");
        }
        let digits =
            self.digits.iter().map(|&(cell, digit)| format!("The {digit} in {} is wrong.", cell_name(usize::from(cell))));
        let marks = self.candidates.iter().map(|&(cell, digit)| {
            format!("The candidates of {} miss {digit}, the digit that goes there.", cell_name(usize::from(cell)))
        });
        f.write_str(&digits.chain(marks).collect::<Vec<_>>().join(" "))
    }
}

/// Why a board cannot be checked against its puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MistakesError {
    /// The puzzle has no solution (one that breaks the rule has none).
    NoSolution,
    /// The puzzle has more than one solution: no digit is wrong for sure.
    Several,
    /// The board leaves the given `digit` at `cell` empty.
    DroppedGiven { cell: usize, digit: u8 },
    /// The board holds `got` where the puzzle gives `digit`.
    ChangedGiven { cell: usize, digit: u8, got: u8 },
    /// The marks are not masks of digits 1-9.
    Marks(MarksError),
}

impl MistakesError {
    /// The message, for a caller named `who` (`mistakes`, `hint`).
    pub fn message(&self, who: &str) -> String {
        match *self {
            MistakesError::NoSolution => format!("the puzzle has no solution: {who} needs exactly one"),
            MistakesError::Several => format!("the puzzle has more than one solution: {who} needs exactly one"),
            MistakesError::DroppedGiven { cell, digit } => {
                format!("the board drops the given {digit} at {}: a board must keep every given of its puzzle", cell_name(cell))
            }
            MistakesError::ChangedGiven { cell, digit, got } => format!(
                "the board changes the given {digit} at {} to {got}: a board must keep every given of its puzzle",
                cell_name(cell)
            ),
            MistakesError::Marks(_) => format!("{who}: bad candidates"),
        }
    }
}

/// The puzzle's one solution, found and shown alone in one search (stopping at a second).
pub fn unique_solution(puzzle: &Grid) -> Result<Grid, MistakesError> {
    let (mut first, mut count) = (None, 0);
    let searched: Result<(), Stopped> = for_each_solution(
        puzzle,
        &mut |solution| {
            count += 1;
            first.get_or_insert(*solution);
            count > 1
        },
        &mut || false,
    );
    debug_assert!(searched.is_ok(), "the search stops only when asked");
    match (first, count) {
        (Some(solution), 1) => Ok(solution),
        (None, _) => Err(MistakesError::NoSolution),
        _ => Err(MistakesError::Several),
    }
}

/// The givens `board` must keep, checked in cell order.
fn check_givens(puzzle: &Grid, board: &Grid) -> Result<(), MistakesError> {
    for (cell, (&digit, &got)) in puzzle.cells().iter().zip(board.cells()).enumerate() {
        if digit != 0 && got != digit {
            return Err(if got == 0 {
                MistakesError::DroppedGiven { cell, digit }
            } else {
                MistakesError::ChangedGiven { cell, digit, got }
            });
        }
    }
    Ok(())
}

/// The player's mistakes on `board`, a puzzle with some cells filled in, and in `marks`
/// (each empty cell's candidates, bit `d - 1` for digit `d`) when given. Marks of filled
/// cells are not looked at, nor marks that a filled cell rules out: only whether each empty
/// cell keeps its solution digit. Costs one search of the puzzle.
pub fn mistakes(puzzle: &Grid, board: &Grid, marks: Option<&[u16; CELLS]>) -> Result<Mistakes, MistakesError> {
    if let Some(marks) = marks {
        if let Some((cell, &mask)) = marks.iter().enumerate().find(|&(_, &mask)| mask & !ALL_DIGITS != 0) {
            return Err(MistakesError::Marks(MarksError::Bits { cell, mask }));
        }
    }
    let solution = unique_solution(puzzle)?;
    check_givens(puzzle, board)?;
    let mut found = Mistakes::default();
    for (cell, (&got, &want)) in board.cells().iter().zip(solution.cells()).enumerate() {
        debug_assert!(want != 0, "a solution is complete");
        if got != 0 && got != want {
            found.digits.push((cell as u8, got));
        } else if got == 0
            && marks.is_some_and(|marks| marks.get(cell).is_some_and(|&m| m >> (want.wrapping_sub(1) & 15) & 1 == 0))
        {
            found.candidates.push((cell as u8, want));
        }
    }
    Ok(found)
}
