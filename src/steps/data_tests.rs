//! Soundness on real puzzles: every step of every path agrees with the solution.

use super::{next_step, solve_path, Pencil, ALL_TECHNIQUES};
use crate::grid::Grid;
use crate::parse::grid_from_text;
use crate::solve::{count_solutions, solve};

/// The puzzles of data set `name`, none (with a line saying so) where the data is absent.
/// The data is `../shared/data` beside the checkout, as for the Python tests
/// (python_tests/puzzles.py), or where `VALID_SUDOKU_DATA` says.
pub fn data_lines(name: &str) -> Vec<String> {
    let dir = std::env::var("VALID_SUDOKU_DATA").unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data").into());
    let Ok(text) = std::fs::read_to_string(format!("{dir}/{name}")) else {
        eprintln!("skipped: no {dir}/{name}");
        return Vec::new();
    };
    text.lines().filter(|l| l.len() >= 81 && !l.starts_with('#')).map(|l| l[..81].to_string()).collect()
}

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
    }
}


/// A path remembers what its earlier boards showed (steps/memo.rs) to skip searches; each of
/// its steps must be the step found on that board from scratch, with nothing remembered.
#[test]
fn each_step_of_a_path_is_the_step_found_from_scratch() {
    let mut checked = 0;
    for name in ["norvig/sudoku-top95.txt", "norvig/sudoku-hardest.txt", "norvig/sudokus_hard.txt"] {
        for line in data_lines(name) {
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
    eprintln!("{checked} steps checked");
}

/// Path cost by hand: `perf stat -e instructions` (or callgrind) on
/// `cargo test --release --lib steps_throughput -- --ignored --nocapture`; STEPS_SET=kaggle
/// takes the Kaggle sample's first 300 puzzles (the bench's set) instead of top95.
#[test]
#[ignore]
fn steps_throughput() {
    let kaggle = std::env::var("STEPS_SET").is_ok_and(|set| set == "kaggle");
    let lines = if kaggle {
        data_lines("kaggle/puzzles-solutions-sample.csv").into_iter().take(300).collect()
    } else {
        data_lines("norvig/sudoku-top95.txt")
    };
    let grids: Vec<Grid> = lines.iter().filter_map(|l| grid_from_text(l).ok()).collect();
    let start = std::time::Instant::now();
    let mut steps = 0;
    for _ in 0..5 {
        for grid in &grids {
            steps += solve_path(Pencil::from_grid(grid), ALL_TECHNIQUES, true).steps.len();
        }
    }
    let set = if kaggle { "kaggle" } else { "top95" };
    eprintln!("{set}: {:.1} µs a path ({steps} steps)", start.elapsed().as_secs_f64() * 1e6 / (5 * grids.len()) as f64);
}

/// A fingerprint of every path on the data sets, to show a speed-up leaves paths unchanged:
/// `cargo test --release --lib paths_fingerprint -- --ignored --nocapture`, before and after.
#[test]
#[ignore]
fn paths_fingerprint() {
    let sets = [
        ("norvig/sudoku-top95.txt", usize::MAX),
        ("norvig/sudoku-hardest.txt", usize::MAX),
        ("norvig/sudokus_hard.txt", usize::MAX),
        ("norvig/sudokus_17.txt", 20000),
        ("norvig/sudoku10k.txt", usize::MAX),
        ("kaggle/puzzles-solutions-sample.csv", usize::MAX),
        ("tdoku/test_puzzles.txt", usize::MAX),
    ];
    for (name, take) in sets {
        // FNV-1a over each path's steps as Debug text, and where it ended.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let (mut paths, mut steps) = (0, 0);
        for line in data_lines(name).into_iter().take(take) {
            let Ok(grid) = grid_from_text(&line) else { continue };
            let path = solve_path(Pencil::from_grid(&grid), ALL_TECHNIQUES, true);
            let text = format!("{:?}{}{:?}", path.steps, path.solved, path.end);
            for byte in text.bytes() {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
            }
            paths += 1;
            steps += path.steps.len();
        }
        eprintln!("{name}: {paths} paths, {steps} steps, {hash:016x}");
    }
}
