//! The full grade of a puzzle: its logic grade, and the solver's search effort averaged over
//! a fixed set of isomorphs.
//!
//! A grade is a property of the puzzle, not of how it happens to be written: relabelling its
//! digits or swapping its rows leaves the same puzzle. Both parts depend on the order in
//! which cells and digits are searched, though (the path of easiest steps takes the first
//! step found in that order, and one search's guesses follow it too), so both are taken on
//! the puzzle's canonical form, which every isomorph shares. The guesses are still averaged
//! over fixed maps of that form: one search's count is a lucky or unlucky draw.

use super::path::{logic_grade, LogicGrade};
use crate::canonical::{Map, OutOfMemory, Searcher};
use crate::grid::Grid;
use crate::rng::Rng;
use crate::solve::{count_solutions_with_stats, Stopped};

/// Isomorphs the search effort is averaged over (the identity and seven fixed maps).
pub const ISOMORPHS: usize = 8;

/// The seed of the fixed maps: the same for every puzzle and every run.
const MAPS_SEED: u64 = 0x5eed_0f57_e95a;

/// A puzzle's grade.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grade {
    pub logic: LogicGrade,
    /// The solver's guesses (counting to two solutions), averaged over [`ISOMORPHS`] maps.
    pub guesses: f64,
}

/// Why a board has no grade.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GradeError {
    NoSolution,
    Several,
    Stopped,
    /// The canonical form's search could not get memory.
    OutOfMemory,
}

/// The fixed maps: the identity, then draws from one seeded stream.
pub fn fixed_maps() -> [Map; ISOMORPHS] {
    let mut rng = Rng::new(MAPS_SEED);
    let mut maps = [Map::IDENTITY; ISOMORPHS];
    for map in maps.iter_mut().skip(1) {
        *map = Map::random(&mut rng);
    }
    maps
}

/// The canonical form of `grid`, on which its grade is taken (see the module's comment).
pub fn grading_form(grid: &Grid, searcher: &mut Searcher) -> Result<Grid, OutOfMemory> {
    let form = searcher.canonical(grid.cells())?;
    // A form holds the values 0-9 of a grid, moved and relabelled.
    let made = Grid::from_values(form.cells);
    debug_assert!(made.is_ok(), "a canonical form holds values 0-9");
    Ok(made.unwrap_or(*grid))
}

/// The logic grade of the puzzle `grid` (which must have exactly one solution): the same for
/// each of its isomorphs.
pub fn puzzle_logic_grade(grid: &Grid, searcher: &mut Searcher) -> Result<LogicGrade, OutOfMemory> {
    Ok(logic_grade(&grading_form(grid, searcher)?))
}

/// The grade of `grid`, which must have exactly one solution: the same for each of its
/// isomorphs. `searcher` is reused between calls (batches keep one per thread).
pub fn grade(
    grid: &Grid,
    maps: &[Map; ISOMORPHS],
    searcher: &mut Searcher,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<Grade, GradeError> {
    let form = grading_form(grid, searcher).map_err(|OutOfMemory| GradeError::OutOfMemory)?;
    let grid = &form;
    let mut total = 0u64;
    for (i, map) in maps.iter().enumerate() {
        let image = map.apply(grid);
        let (count, stats) = count_solutions_with_stats(&image, 2, should_stop).map_err(|Stopped| GradeError::Stopped)?;
        if i == 0 {
            match count {
                0 => return Err(GradeError::NoSolution),
                1 => {}
                _ => return Err(GradeError::Several),
            }
        }
        total += stats.guesses;
    }
    Ok(Grade { logic: logic_grade(grid), guesses: total as f64 / ISOMORPHS as f64 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::grid_from_text;
    use crate::steps::Level;

    #[test]
    fn grades_are_stable_under_relabelling_and_refuse_improper_boards() {
        let maps = fixed_maps();
        let mut searcher = Searcher::new();
        let line = "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....";
        let grid = grid_from_text(line).unwrap_or(Grid::EMPTY);
        let first = grade(&grid, &maps, &mut searcher, &mut || false);
        assert_eq!(first, grade(&grid, &maps, &mut searcher, &mut || false));
        let Ok(first) = first else { panic!("{first:?}") };
        assert!(first.guesses > 0.0);
        assert!(first.logic.level >= Level::Hard);
        assert_eq!(grade(&Grid::EMPTY, &maps, &mut searcher, &mut || false), Err(GradeError::Several));
        let broken = grid_from_text(&format!("44{}", &line[2..])).unwrap_or(Grid::EMPTY);
        assert_eq!(grade(&broken, &maps, &mut searcher, &mut || false), Err(GradeError::NoSolution));
    }

    #[test]
    fn every_isomorph_of_a_puzzle_has_its_grade() {
        // The puzzle whose score was 1455 as written, 715 and 2015 for two of its isomorphs
        // when the path was taken on the board as given.
        let line = "..3.6...1...259.......1..8...5...4...8.7...2.........937......6..16..7.5.2.....4.";
        let grid = grid_from_text(line).unwrap_or(Grid::EMPTY);
        let maps = fixed_maps();
        let mut searcher = Searcher::new();
        let expected = grade(&grid, &maps, &mut searcher, &mut || false);
        assert!(expected.is_ok());
        let mut rng = Rng::new(12);
        let mut scores = std::collections::BTreeSet::new();
        for _ in 0..24 {
            let image = Map::random(&mut rng).apply(&grid);
            scores.insert(logic_grade(&image).score);
            assert_eq!(grade(&image, &maps, &mut searcher, &mut || false), expected);
            assert_eq!(puzzle_logic_grade(&image, &mut searcher).map(Some), Ok(expected.ok().map(|g| g.logic)));
        }
        // The test means something only if the paths as written do differ.
        assert!(scores.len() > 1, "{scores:?}");
    }
}
