//! Soundness on real puzzles: every step of every path agrees with the solution.

use super::{next_step, solve_path, Pencil, ALL_TECHNIQUES};
use crate::grid::Grid;
use crate::parse::grid_from_text;
use crate::solve::{count_solutions, solve};

pub use crate::test_data::test_data_boards as data_lines;

/// Checks each step of the path of `grid` against its one solution; returns whether solved.
pub fn check_sound(grid: &Grid) -> Option<bool> {
    if count_solutions(grid, 2) != 1 {
        return None;
    }
    let solution = solve(grid)?;
    let path = solve_path(Pencil::from_grid(grid), ALL_TECHNIQUES, true);
    for step in &path.steps {
        for &(cell, digit) in &step.placements {
            assert_eq!(solution.cells()[usize::from(cell)], digit, "{:?} on {:?}", step, grid.cells());
        }
        for &(cell, digit) in &step.eliminations {
            assert_ne!(solution.cells()[usize::from(cell)], digit, "{} on {:?}", step.describe(), grid.cells());
        }
    }
    for (cell, &v) in path.end.values().iter().enumerate() {
        assert!(v == 0 || v == solution.cells()[cell]);
        if v == 0 {
            let truth = solution.cells()[cell] - 1;
            assert!(path.end.mask(cell) >> truth & 1 == 1);
        }
    }
    Some(path.solved)
}

#[test]
fn every_step_on_the_hard_sets_agrees_with_the_solution() {
    for name in ["norvig/sudoku-top95.txt", "norvig/sudoku-hardest.txt", "norvig/sudokus_hard.txt", "norvig/sudoku-easy50.txt"] {
        let lines = data_lines(name);
        let mut solved = 0;
        let mut unique = 0;
        for line in &lines {
            let Ok(grid) = grid_from_text(line) else { continue };
            if let Some(done) = check_sound(&grid) {
                unique += 1;
                solved += usize::from(done);
            }
        }
        eprintln!("{name}: {solved} of {unique} solved by logic");
        // Every line of these sets is a puzzle with one solution, and logic finishes each.
        assert_eq!(unique, lines.len(), "{name}");
        assert_eq!(solved, unique, "{name}");
    }
}

/// A path remembers what its earlier boards showed (steps/memo.rs) to skip searches; each of
/// its steps must be the step found on that board from scratch, with nothing remembered.
#[test]
fn each_step_of_a_path_is_the_step_found_from_scratch() {
    let mut checked = 0;
    let mut puzzles = 0;
    for name in ["norvig/sudoku-top95.txt", "norvig/sudoku-hardest.txt", "norvig/sudokus_hard.txt"] {
        for line in data_lines(name) {
            puzzles += 1;
            let Ok(grid) = grid_from_text(&line) else { continue };
            let unique = count_solutions(&grid, 2) == 1;
            let path = solve_path(Pencil::from_grid(&grid), ALL_TECHNIQUES, unique);
            let mut pencil = Pencil::from_grid(&grid);
            for step in &path.steps {
                assert_eq!(next_step(&pencil, ALL_TECHNIQUES, unique).as_ref(), Some(step), "{line}");
                pencil.apply(step);
                checked += 1;
            }
            assert_eq!(next_step(&pencil, ALL_TECHNIQUES, unique), None, "{line}");
        }
    }
    eprintln!("{checked} steps checked on {puzzles} puzzles");
    assert!(checked > 0 || crate::test_data::test_data_dir().is_none(), "no step checked");
}
