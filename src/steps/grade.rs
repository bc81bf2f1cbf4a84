//! The full grade of a puzzle: its logic grade, and the solver's search effort averaged over
//! a fixed set of isomorphs (one guess count changes when the puzzle is merely relabelled or
//! its rows swapped; the mean over the same maps for every puzzle is stable).

use super::path::{logic_grade, LogicGrade};
use crate::canonical::Map;
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

/// The grade of `grid`, which must have exactly one solution.
pub fn grade(grid: &Grid, maps: &[Map; ISOMORPHS], should_stop: &mut dyn FnMut() -> bool) -> Result<Grade, GradeError> {
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
        let line = "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....";
        let grid = grid_from_text(line).unwrap_or(Grid::EMPTY);
        let first = grade(&grid, &maps, &mut || false);
        assert_eq!(first, grade(&grid, &maps, &mut || false));
        let first = first.unwrap_or(Grade { logic: logic_grade(&Grid::EMPTY), guesses: -1.0 });
        assert!(first.guesses > 0.0);
        assert!(first.logic.level >= Level::Hard);
        assert_eq!(grade(&Grid::EMPTY, &maps, &mut || false), Err(GradeError::Several));
        let broken = grid_from_text(&format!("44{}", &line[2..])).unwrap_or(Grid::EMPTY);
        assert_eq!(grade(&broken, &maps, &mut || false), Err(GradeError::NoSolution));
    }
}
