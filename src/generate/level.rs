//! Removal toward a level: orbits taken away in a random order while the puzzle keeps its one
//! solution and its level stays at most the one asked for; a removal that would pass the level
//! is undone and the next orbit tried. Since removals mostly make a puzzle harder, it mostly
//! ends at the level itself, and what it ends at is known without grading again.

use super::removal::{all_forced, still_unique};
use super::symmetry::Orbits;
use super::unavoidable::Unavoidable;
use crate::grid::Grid;
use crate::solve::Stopped;
use crate::steps::{level_within, logic_level, solved_by_singles, Level};

/// Removes from `puzzle` (which has the one solution `solution` and a level at most `ceiling`)
/// each orbit of `order`, in turn, whose cells are all given, when the puzzle keeps one
/// solution and a level at most `ceiling`. Returns the level of the result, which is the level
/// `logic_grade` gives it.
pub fn remove_within(
    puzzle: &mut Grid,
    solution: &Grid,
    orbits: &Orbits,
    order: &[u8],
    ceiling: Level,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<Level, Stopped> {
    if level_within(puzzle, ceiling).is_none() {
        return Ok(logic_level(puzzle));
    }
    // Easy puzzles need no uniqueness search, so no unavoidable sets either.
    let sets = (ceiling != Level::Easy).then(|| Unavoidable::of(solution));
    // The level so far; `None` once it is only known to be at most guessing.
    let mut level = Some(Level::Easy);
    let mut cells = *puzzle.cells();
    for &orbit in order {
        let members = orbits.get(usize::from(orbit));
        if members.iter().any(|&cell| cells[usize::from(cell)] == 0) {
            continue;
        }
        for &cell in members {
            cells[usize::from(cell)] = 0;
        }
        let smaller = Grid::from_values(cells).unwrap_or(*puzzle);
        // A forced removal changes neither the solution count nor the level (see all_forced).
        let kept = if all_forced(&smaller, solution, members) {
            Some(level)
        } else if level == Some(ceiling) && ceiling != Level::Guessing && ceiling != Level::Easy {
            // At the level: only forced removals go on, which need no grading.
            None
        } else if ceiling != Level::Guessing && solved_by_singles(&smaller) {
            // A board that singles solve is easy and has no other solution: no search needed.
            Some(Some(Level::Easy))
        } else if let Some(sets) = &sets {
            if !still_unique(&smaller, solution, sets, members, should_stop)? {
                None
            } else if ceiling == Level::Guessing {
                // Every puzzle is at most guessing: the level is found once, at the end.
                Some(None)
            } else {
                level_within(&smaller, ceiling).map(Some)
            }
        } else {
            None
        };
        match kept {
            Some(reached) => level = reached,
            None => {
                for &cell in members {
                    cells[usize::from(cell)] = solution.cells()[usize::from(cell)];
                }
            }
        }
    }
    *puzzle = Grid::from_values(cells).unwrap_or(*puzzle);
    Ok(level.unwrap_or_else(|| logic_level(puzzle)))
}
