//! Expert and extreme puzzles reached from above: removal to the end in a random order leaves
//! a minimal puzzle, expert about one time in eighteen but harder (extreme or forcing) one
//! time in five; giving orbits of such a puzzle back one at a time, each kept while the puzzle
//! stays above the level asked for and left out when it falls below, often lands on the level
//! itself (the same for extreme, from the puzzles that need forcing chains). A given put back keeps the solution unique, so this walk needs no search.
//!
//! Each orbit given back is first tried on from where the techniques up to the level were
//! stuck (more givens never let logic go less far, as a rule): stuck again, the walk takes
//! it as still above; solved without a step of the level, as fallen below. Only when that
//! path takes a step of the level is the puzzle graded in full, and only that grade decides:
//! the shortcut only steers the walk, so what it returns has exactly the level asked for.

use super::removal::remove_orbits_with;
use super::symmetry::Orbits;
use super::unavoidable::Unavoidable;
use crate::grid::Grid;
use crate::solve::Stopped;
use crate::steps::{level_within, path_past_singles, solve_path, solved_by_singles, techniques_up_to, Level};

/// Orbits given back to one grid's harder puzzle before a fresh grid is drawn.
const TRIES: usize = 24;

/// A puzzle whose solution is `solution` (whose unavoidable sets are `sets`) and whose level
/// is `level` (above easy), from removal in `order` and then orbits given back in `back`
/// (another random order); `None` when this order gave none.
pub fn from_above(
    level: Level,
    sets: &Unavoidable,
    solution: &Grid,
    orbits: &Orbits,
    order: &[u8],
    back: &[u8],
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<Option<Grid>, Stopped> {
    let mut puzzle = *solution;
    remove_orbits_with(sets, &mut puzzle, solution, orbits, order, 0, should_stop)?;
    if solved_by_singles(&puzzle) {
        return Ok(None);
    }
    let path = path_past_singles(&puzzle, level);
    if path.solved {
        let reached = path.steps.iter().map(|step| step.technique.info().level).max();
        return Ok((reached == Some(level)).then_some(puzzle));
    }
    let techniques = techniques_up_to(level);
    let full = solution.cells();
    let mut cells = *puzzle.cells();
    let mut stuck = path.end;
    let mut tries = 0;
    for &orbit in back {
        let members = orbits.get(usize::from(orbit));
        // Only orbits that logic has not filled: one it has would change nothing below.
        if members.iter().any(|&cell| stuck.values().get(usize::from(cell)) != Some(&0)) {
            continue;
        }
        if tries == TRIES || should_stop() {
            break;
        }
        tries += 1;
        let (mut more, mut pencil) = (cells, stuck);
        for &cell in members {
            let cell = usize::from(cell);
            if let (Some(slot), Some(&digit)) = (more.get_mut(cell), full.get(cell)) {
                *slot = digit;
                pencil.place(cell, usize::from(digit).wrapping_sub(1));
            }
        }
        let onward = solve_path(pencil, techniques, true);
        if !onward.solved {
            (cells, stuck) = (more, onward.end);
        } else if onward.steps.iter().any(|step| step.technique.info().level == level) {
            let Ok(grid) = Grid::from_values(more) else {
                continue;
            };
            if level_within(&grid, level) == Some(level) {
                return Ok(Some(grid));
            }
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::descend::shuffled_orbits;
    use crate::generate::grids::random_grid;
    use crate::generate::removal::remove_orbits;
    use crate::generate::Symmetry;
    use crate::grid::CELLS;
    use crate::rng::Rng;
    use crate::solve::count_solutions;
    use crate::steps::logic_grade;

    #[test]
    fn what_comes_from_above_has_the_level_and_one_solution() {
        let mut never = || false;
        // For each level, found as removal left it and found by the walk back.
        let mut found = [0usize; 4];
        for seed in 0..600u64 {
            let level = if seed % 2 == 0 { Level::Expert } else { Level::Extreme };
            let mut rng = Rng::new(seed);
            let symmetry = if seed % 3 == 0 { Symmetry::Rot180 } else { Symmetry::None };
            let orbits = symmetry.orbits();
            let Ok(solution) = random_grid(&mut rng, &mut never) else { panic!("stopped") };
            let (mut order, mut back) = ([0u8; CELLS], [0u8; CELLS]);
            let order = shuffled_orbits(&mut order, orbits.len(), &mut rng);
            let back = shuffled_orbits(&mut back, orbits.len(), &mut rng);
            let sets = Unavoidable::of(&solution);
            let Ok(Some(puzzle)) = from_above(level, &sets, &solution, &orbits, order, back, &mut never) else {
                continue;
            };
            assert_eq!(logic_grade(&puzzle).level, level, "{puzzle:?}");
            assert_eq!(count_solutions(&puzzle, 2), 1);
            let cells = puzzle.cells();
            assert!((0..CELLS).all(|cell| cells[cell] == 0 || cells[cell] == solution.cells()[cell]));
            assert!((0..CELLS).all(|cell| (cells[cell] != 0) == (cells[symmetry.image(cell)] != 0)));
            let mut minimal = solution;
            assert_eq!(remove_orbits(&mut minimal, &solution, &orbits, order, 0, &mut never), Ok(()));
            found[usize::from(level == Level::Extreme) * 2 + usize::from(minimal != puzzle)] += 1;
        }
        assert!(found.iter().all(|&n| n > 0), "{found:?}");
    }
}
