//! Measuring drivers for the steps, run as benchmarks (not tests):
//! `cargo bench --features drivers --bench drivers -- steps_throughput` (see benches/drivers.rs).

use super::{solve_path, Pencil, ALL_TECHNIQUES};
use crate::grid::Grid;
use crate::parse::grid_from_text;
use crate::test_data::test_data_boards as data_lines;

/// Path cost by hand: `perf stat -e instructions` (or callgrind) on
/// `cargo bench --features drivers --bench drivers -- steps_throughput`; STEPS_SET=kaggle
/// takes the Kaggle sample's first 300 puzzles (the bench's set) instead of top95.
pub fn steps_throughput() {
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
/// `cargo bench --features drivers --bench drivers -- paths_fingerprint`, before and after.
pub fn paths_fingerprint() {
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
