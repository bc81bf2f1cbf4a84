//! What a caller may ask of a puzzle, and the requests refused before any search starts.

use super::symmetry::Symmetry;
use crate::error::expected_one_of;
use crate::grid::CELLS;
use crate::steps::Level;

/// The fewest givens of any puzzle with one solution (McGuire, Tugemann and Civario, 2012).
pub const FEWEST_POSSIBLE: usize = 17;

/// The fewest givens the generator makes without a symmetry: below this the directed search
/// takes too long to promise (see docs/generate.md for the measured times).
pub const FEWEST_SUPPORTED: usize = 22;

/// The fewest givens it makes with a symmetry, whose orbits leave the search fewer moves.
pub const FEWEST_SYMMETRIC: usize = 24;

/// The most givens a minimal puzzle is searched for: removal in random order almost never
/// stops above it.
pub const MOST_MINIMAL: usize = 30;

/// A puzzle request.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Request {
    /// Exactly this many givens, when set.
    pub clues: Option<usize>,
    /// No given may be removable.
    pub minimal: bool,
    /// The pattern of givens keeps this symmetry.
    pub symmetry: Symmetry,
    /// The puzzle's grade level (`steps::logic_grade`), when set.
    pub difficulty: Option<Level>,
}

/// A level by its name, or the message that refuses it for `argument` (`"difficulty"` for
/// Python, `"--difficulty"` for the command), `also` saying what else is accepted.
pub fn level_of(name: &str, argument: &str, also: &str) -> Result<Level, String> {
    Level::from_name(name).ok_or_else(|| expected_one_of(argument, &Level::ALL.map(Level::name), also, name))
}

/// A symmetry by its name, or the message that refuses it (as [`level_of`]).
pub fn symmetry_of(name: &str, argument: &str, also: &str) -> Result<Symmetry, String> {
    Symmetry::from_name(name).ok_or_else(|| expected_one_of(argument, &Symmetry::ALL.map(Symmetry::name), also, name))
}

/// A request that cannot be met, or not in reasonable time; the message names the argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestError {
    /// Fewer than 17 givens: no such puzzle exists.
    Impossible(usize),
    /// More than 81 givens.
    TooMany(usize),
    /// Between 17 and the supported floor.
    BelowFloor { clues: usize, floor: usize, symmetry: Symmetry },
    /// A count the symmetry's orbits cannot add up to.
    Orbits { clues: usize, symmetry: Symmetry },
    /// A minimal puzzle with more givens than the search finds.
    MinimalTooMany(usize),
    /// A level above easy with at most one blank cell, which a naked single always fills.
    AlwaysEasy { clues: usize, level: Level },
    /// A level that random puzzles reach too rarely to be made in reasonable time.
    TooRare { clues: usize, level: Level },
}

impl std::fmt::Display for RequestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(&self.clues().to_string()))
    }
}

impl RequestError {
    /// The count of givens asked for.
    pub fn clues(&self) -> usize {
        match *self {
            RequestError::Impossible(clues)
            | RequestError::TooMany(clues)
            | RequestError::BelowFloor { clues, .. }
            | RequestError::Orbits { clues, .. }
            | RequestError::MinimalTooMany(clues)
            | RequestError::AlwaysEasy { clues, .. }
            | RequestError::TooRare { clues, .. } => clues,
        }
    }

    /// The message, with the count written as `given`: a caller whose count was out of range
    /// for `usize` (and so was clamped for the check) names the value its user gave.
    pub fn message(&self, given: &str) -> String {
        match *self {
            RequestError::Impossible(_) => format!(
                "clues={given}: no Sudoku puzzle with fewer than {FEWEST_POSSIBLE} clues has a unique solution \
                 (McGuire, Tugemann and Civario, 2012)"
            ),
            RequestError::TooMany(_) => format!("clues={given}: a board has only {CELLS} cells"),
            RequestError::BelowFloor { floor, symmetry, .. } => {
                let with = match symmetry {
                    Symmetry::None => String::new(),
                    other => format!(" with symmetry='{}'", other.name()),
                };
                format!("clues={given}{with}: the generator makes puzzles with at least {floor} clues{with}; fewer take too long to find")
            }
            RequestError::Orbits { symmetry, .. } => format!(
                "clues={given} with symmetry='{}': its givens come in groups of 4 cells (and the centre alone), \
                 so the count must be a multiple of 4 or one more",
                symmetry.name()
            ),
            RequestError::AlwaysEasy { level, .. } => format!(
                "clues={given} with difficulty='{}': a puzzle with at most one blank cell is always easy (a naked single fills it)",
                level.name()
            ),
            RequestError::TooRare { level, .. } => format!(
                "difficulty='{}': random puzzles need nested forcing nets too rarely (none of {NESTED_TRIED} minimal ones) \
                 to make one in reasonable time",
                level.name()
            ),
            RequestError::MinimalTooMany(_) => format!(
                "clues={given} with minimal=True: minimal puzzles with more than {MOST_MINIMAL} clues are too rare to find by search"
            ),
        }
    }
}

impl std::error::Error for RequestError {}

/// Random minimal puzzles graded without finding one that needs nested forcing nets
/// (`python benches/bench_logic.py`, its last line).
const NESTED_TRIED: &str = "20,000";

impl Request {
    /// The error for a request that can never be met or is refused, before any search.
    pub fn check(&self) -> Result<(), RequestError> {
        if let Some(level) = self.difficulty.filter(|&level| level >= Level::Nested) {
            return Err(RequestError::TooRare { clues: self.clues.unwrap_or(0), level });
        }
        let Some(clues) = self.clues else {
            return Ok(());
        };
        if clues < FEWEST_POSSIBLE {
            return Err(RequestError::Impossible(clues));
        }
        if clues > CELLS {
            return Err(RequestError::TooMany(clues));
        }
        let floor = if self.symmetry == Symmetry::None { FEWEST_SUPPORTED } else { FEWEST_SYMMETRIC };
        if clues < floor {
            return Err(RequestError::BelowFloor { clues, floor, symmetry: self.symmetry });
        }
        if !self.symmetry.allows(clues) {
            return Err(RequestError::Orbits { clues, symmetry: self.symmetry });
        }
        if self.minimal && clues > MOST_MINIMAL {
            return Err(RequestError::MinimalTooMany(clues));
        }
        if let Some(level) = self.difficulty.filter(|&level| level != Level::Easy && clues + 1 >= CELLS) {
            return Err(RequestError::AlwaysEasy { clues, level });
        }
        Ok(())
    }
}
