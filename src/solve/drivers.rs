//! The solver on the public puzzle sets next to the repository (`../shared/data`, or
//! `VALID_SUDOKU_DATA`), skipped
//! when they are absent: a driver for measuring the solver's work, not a timed test.
//!
//! `cargo bench --features drivers --bench drivers -- count_a_puzzle_set` prints the time
//! per puzzle; under `valgrind --tool=callgrind` the instruction count is the stable measure.

use super::*;
use crate::parse::grid_from_text;
use std::time::Instant;

/// The boards of one line file of the data, or `None` when the data is absent.
fn puzzles(name: &str) -> Option<Vec<Grid>> {
    let text = crate::test_data::test_data_text(name)?;
    let boards = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| grid_from_text(line).expect("data boards parse"))
        .collect();
    Some(boards)
}

/// Counts (limit 2) the solutions of every board of a set and prints the time per board;
/// the set is chosen by `SOLVE_SET` (default: the hard set), so one binary measures any.
pub fn count_a_puzzle_set() {
    let name = std::env::var("SOLVE_SET").unwrap_or_else(|_| "norvig/sudokus_hard.txt".to_owned());
    let Some(boards) = puzzles(&name) else {
        eprintln!("{name}: no data, skipped");
        return;
    };
    let start = Instant::now();
    let (mut unique, mut guesses) = (0, 0);
    for board in &boards {
        let (count, stats) = count_solutions_with_stats(board, 2, &mut || false).expect("never stopped");
        unique += usize::from(count == 1);
        guesses += stats.guesses;
    }
    let elapsed = start.elapsed();
    println!(
        "{name}: {} boards, {unique} unique, {:.2} µs per board, {guesses} guesses",
        boards.len(),
        elapsed.as_secs_f64() * 1e6 / boards.len() as f64
    );
    assert_eq!(unique, boards.len(), "every board of the measured sets is a proper puzzle");
}
