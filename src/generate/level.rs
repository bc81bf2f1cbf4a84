//! Removal toward a level: orbits taken away in a random order while the puzzle keeps its one
//! solution and its level stays at most the one asked for; a removal that would pass the level
//! is undone and the next orbit tried. Since removals mostly make a puzzle harder, it mostly
//! ends at the level itself, and what it ends at is known without grading again.

use super::removal::unique_without_singles;
use super::thinning::Thinning;
use super::singles::SinglesOrder;
use super::symmetry::Orbits;
use super::unavoidable::Unavoidable;
use super::window::Window;
use crate::grid::{Grid, CELLS};
use crate::solve::Stopped;
use crate::steps::{level_past_singles, level_within, logic_level, Level};

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
    // A full grid (as removal starts from) is easy, with nothing to grade.
    if puzzle.givens() < CELLS && level_within(puzzle, ceiling).is_none() {
        return Ok(logic_level(puzzle));
    }
    // Even easy puzzles, which need no uniqueness search, use the unavoidable sets: a removal
    // that empties one lets a second solution in, so singles cannot solve the board, and a
    // set check costs a fraction of trying them.
    let sets = Unavoidable::of(solution);
    // The level so far; `None` once it is only known to be at most guessing.
    let mut level = Some(Level::Easy);
    let mut board = Thinning::new(puzzle);
    let mut window = Window::default();
    // How singles fill the board while it is easy.
    let mut singles = SinglesOrder::new(&board, solution);
    for (k, &orbit) in order.iter().enumerate() {
        let members = orbits.get(usize::from(orbit));
        if !members.iter().all(|&cell| board.is_given(cell)) {
            continue;
        }
        board.take(members);
        // A forced removal changes neither the solution count nor the level (see all_forced).
        let kept = if board.all_forced(solution, members) {
            if level == Some(Level::Easy) {
                singles.put_first(members, solution);
            }
            Some(level)
        } else if level == Some(ceiling) && ceiling != Level::Guessing && ceiling != Level::Easy {
            // At the level: only forced removals go on, which need no grading.
            None
        } else if sets.empties(board.givens(), members) {
            None
        } else if level == Some(Level::Easy) && singles.refill(members, solution) {
            // Singles still solve the board, so it is easy and has no other solution. Once
            // the level is above easy they cannot: fewer givens never make singles go further.
            Some(Some(Level::Easy))
        } else if ceiling != Level::Easy {
            let ahead = order.get(k + 1..).unwrap_or_default();
            if !unique_without_singles(&board, solution, &sets, &mut window, members, orbits, ahead, should_stop)? {
                None
            } else if ceiling == Level::Guessing {
                // Every puzzle is at most guessing: the level is found once, at the end.
                Some(None)
            } else {
                // Singles do not solve the board: they did not fill the orbit back in, or the
                // level was already above easy.
                level_past_singles(&board.grid(), ceiling).map(Some)
            }
        } else {
            None
        };
        match kept {
            Some(reached) => level = reached,
            None => board.give_back(members, solution),
        }
    }
    *puzzle = board.grid();
    Ok(level.unwrap_or_else(|| logic_level(puzzle)))
}
