//! What a caller may ask of a puzzle, and the requests refused before any search starts.

use super::symmetry::Symmetry;
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

/// The levels' names, as an error lists them.
pub fn level_names() -> String {
    Level::ALL.map(|level| format!("'{}'", level.name())).join(", ")
}

/// A level by its name, or the message that lists them.
pub fn level_of(name: &str) -> Result<Level, String> {
    Level::from_name(name).ok_or_else(|| {
        let shown: String = name.chars().take(40).collect();
        format!("difficulty='{shown}': expected one of {}", level_names())
    })
}

/// A request that cannot be met, or not in reasonable time; the message names the argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestError {
    /// Fewer than 17 givens: no such puzzle exists.
    Impossible(usize),
    /// More than 81 givens.
    TooMany(usize),
    /// Between 17 and the supported floor.
    BelowFloor {
        clues: usize,
        floor: usize,
        symmetry: Symmetry,
    },
    /// A count the symmetry's orbits cannot add up to.
    Orbits { clues: usize, symmetry: Symmetry },
    /// A minimal puzzle with more givens than the search finds.
    MinimalTooMany(usize),
}

impl std::fmt::Display for RequestError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            RequestError::Impossible(clues) => write!(
                f,
                "clues={clues}: no Sudoku puzzle with fewer than {FEWEST_POSSIBLE} clues has a unique solution \
                 (McGuire, Tugemann and Civario, 2012)"
            ),
            RequestError::TooMany(clues) => write!(f, "clues={clues}: a board has only {CELLS} cells"),
            RequestError::BelowFloor { clues, floor, symmetry } => {
                let with = match symmetry {
                    Symmetry::None => String::new(),
                    other => format!(" with symmetry='{}'", other.name()),
                };
                write!(f, "clues={clues}{with}: the generator makes puzzles with at least {floor} clues{with}; fewer take too long to find")
            }
            RequestError::Orbits { clues, symmetry } => write!(
                f,
                "clues={clues} with symmetry='{}': its givens come in groups of 4 cells (and the centre alone), \
                 so the count must be a multiple of 4 or one more",
                symmetry.name()
            ),
            RequestError::MinimalTooMany(clues) => write!(
                f,
                "clues={clues} with minimal=True: minimal puzzles with more than {MOST_MINIMAL} clues are too rare to find by search"
            ),
        }
    }
}

impl std::error::Error for RequestError {}

impl Request {
    /// The error for a request that can never be met or is refused, before any search.
    pub fn check(&self) -> Result<(), RequestError> {
        let Some(clues) = self.clues else {
            return Ok(());
        };
        if clues < FEWEST_POSSIBLE {
            return Err(RequestError::Impossible(clues));
        }
        if clues > CELLS {
            return Err(RequestError::TooMany(clues));
        }
        let floor = if self.symmetry == Symmetry::None {
            FEWEST_SUPPORTED
        } else {
            FEWEST_SYMMETRIC
        };
        if clues < floor {
            return Err(RequestError::BelowFloor {
                clues,
                floor,
                symmetry: self.symmetry,
            });
        }
        if !self.symmetry.allows(clues) {
            return Err(RequestError::Orbits {
                clues,
                symmetry: self.symmetry,
            });
        }
        if self.minimal && clues > MOST_MINIMAL {
            return Err(RequestError::MinimalTooMany(clues));
        }
        Ok(())
    }
}
