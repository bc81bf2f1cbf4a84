//! One call for the hint button: mistakes first, then the next step, or why there is none.

use super::mistakes::{mistakes, Mistakes, MistakesError};
use crate::grid::{Grid, CELLS};
use crate::steps::{next_step, Pencil, Step, Techniques};

/// What the hint button shows.
// One per button press, moved once or twice: boxing the step's board would only add an
// allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The player's wrong digits or marks (never empty).
    Mistake(Mistakes),
    /// The next step, and the board and marks it applies to.
    Step(Step, Pencil),
    Solved,
    /// No allowed technique applies.
    Stuck,
}

/// The hint for `board`, a play of `puzzle`, with the player's `marks` when kept. Marks of
/// filled cells are ignored and marks a filled cell rules out are dropped: an app's marks go
/// stale with every placement. Mistakes are reported before any step is looked for.
pub fn hint(puzzle: &Grid, board: &Grid, marks: Option<&[u16; CELLS]>, allowed: Techniques) -> Result<Hint, MistakesError> {
    let found = mistakes(puzzle, board, marks)?;
    if !found.is_empty() {
        return Ok(Hint::Mistake(found));
    }
    if board.is_complete() {
        return Ok(Hint::Solved);
    }
    let pencil = match marks {
        Some(marks) => Pencil::with_marks_dropping_stale(board, marks).map_err(MistakesError::Marks)?,
        None => Pencil::from_grid(board),
    };
    // The board agrees with the puzzle's one solution and its marks keep it: its only solution.
    Ok(match next_step(&pencil, allowed, true) {
        Some(step) => Hint::Step(step, pencil),
        None => Hint::Stuck,
    })
}

impl std::fmt::Display for Hint {
    /// A sentence for the player.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Hint::Mistake(found) => write!(f, "{found}"),
            Hint::Step(step, _) => f.write_str(&step.describe()),
            Hint::Solved => f.write_str("The board is solved."),
            Hint::Stuck => f.write_str("No allowed technique finds a step on this board."),
        }
    }
}
