//! The guesses a search reports: zero where no search runs, the same on every run, and
//! growing with the work asked for.

use super::*;
use crate::grid::CELLS;

fn grid(text: &str) -> Grid {
    let mut cells = [0u8; CELLS];
    for (cell, ch) in cells.iter_mut().zip(text.bytes()) {
        *cell = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
    }
    Grid::from_values(cells).expect("test boards hold digits")
}

const SEED: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SEED_SOLVED: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const INKALA: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn counted(board: &Grid, limit: u64) -> (u64, u64) {
    let (count, stats) = count_solutions_with_stats(board, limit, &mut || false).expect("never stopped");
    (count, stats.guesses)
}

#[test]
fn no_search_makes_no_guess() {
    // Singles settle the seed puzzle; the complete grid, a broken board and limit 0 never search.
    assert_eq!(counted(&grid(SEED), 2), (1, 0));
    assert_eq!(counted(&grid(SEED_SOLVED), 2), (1, 0));
    assert_eq!(counted(&grid(&format!("11{}", &SEED[2..])), 2), (0, 0));
    assert_eq!(counted(&Grid::EMPTY, 0), (0, 0));
    let (solution, stats) = solve_with_stats(&grid(SEED), &mut || false).expect("never stopped");
    assert_eq!((solution, stats.guesses), (Some(grid(SEED_SOLVED)), 0));
}

#[test]
fn a_hard_puzzle_takes_guesses_and_always_the_same_number() {
    let board = grid(INKALA);
    let (count, guesses) = counted(&board, 2);
    assert_eq!(count, count_solutions(&board, 2));
    assert_eq!(count, 1);
    assert!(guesses > 0);
    assert_eq!(counted(&board, 2), (count, guesses));
    // Stopping at the first solution does no more work than proving there is no second.
    let (solution, stats) = solve_with_stats(&board, &mut || false).expect("never stopped");
    assert_eq!(solution, solve(&board));
    assert!(stats.guesses > 0 && stats.guesses <= guesses);
}

#[test]
fn more_solutions_asked_take_more_guesses() {
    let mut last = 0;
    for limit in [1, 2, 10, 100] {
        let (count, guesses) = counted(&Grid::EMPTY, limit);
        assert_eq!(count, limit);
        // Each solution past the first needs at least one more option tried.
        assert!(guesses > last, "limit {limit}: {guesses} after {last}");
        last = guesses;
    }
}

#[test]
fn a_stopped_search_reports_stopped() {
    assert_eq!(count_solutions_with_stats(&Grid::EMPTY, u64::MAX, &mut || true), Err(Stopped));
    assert_eq!(solve_with_stats(&grid(SEED), &mut || true), Ok((Some(grid(SEED_SOLVED)), SearchStats::default())));
}
