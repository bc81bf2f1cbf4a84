//! The solver against known answers and against a slow, obviously right counter.

use super::*;
use crate::grid::{Unit, CELLS, SIDE};

fn grid(text: &str) -> Grid {
    let mut cells = [0u8; CELLS];
    for (cell, ch) in cells.iter_mut().zip(text.bytes()) {
        *cell = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
    }
    Grid::from_values(cells).expect("test boards hold digits")
}

const SEED: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SEED_SOLVED: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// Arto Inkala's "world's hardest sudoku" (2012), a well-known public puzzle.
const INKALA: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// The slow counter: the next empty cell, every digit the rule allows, recursively.
fn slow_count(cells: &mut [u8; CELLS], limit: u64) -> u64 {
    let Some(cell) = cells.iter().position(|&v| v == 0) else { return 1 };
    let (row, col) = (cell / SIDE, cell % SIDE);
    let mut count = 0;
    for digit in 1..=9 {
        let clash = Unit::ALL.iter().any(|&unit| {
            let index = match unit {
                Unit::Row => row,
                Unit::Column => col,
                Unit::Box => crate::grid::box_of(row, col),
            };
            (0..SIDE).any(|k| {
                let (r, c) = unit.cell(index, k);
                cells[r * SIDE + c] == digit
            })
        });
        if !clash {
            cells[cell] = digit;
            count += slow_count(cells, limit - count);
            cells[cell] = 0;
            if count >= limit {
                break;
            }
        }
    }
    count
}

fn assert_solution_of(solution: &Grid, puzzle: &Grid) {
    assert!(solution.is_complete() && is_valid(solution), "{solution:?}");
    for (given, value) in puzzle.cells().iter().zip(solution.cells()) {
        assert!(*given == 0 || given == value);
    }
}

#[test]
fn the_seed_puzzle_has_its_known_solution() {
    assert_eq!(solve(&grid(SEED)), Some(grid(SEED_SOLVED)));
    assert_eq!(count_solutions(&grid(SEED), 2), 1);
}

#[test]
fn a_hard_puzzle_is_unique() {
    let puzzle = grid(INKALA);
    let solution = solve(&puzzle).expect("solvable");
    assert_solution_of(&solution, &puzzle);
    assert_eq!(count_solutions(&puzzle, 2), 1);
    assert_eq!(count_solutions(&puzzle, u64::MAX), 1);
}

#[test]
fn a_solved_grid_solves_to_itself() {
    let solved = grid(SEED_SOLVED);
    assert_eq!(solve(&solved), Some(solved));
    assert_eq!(count_solutions(&solved, 1), 1);
    assert_eq!(count_solutions(&solved, 2), 1);
}

#[test]
fn boards_that_break_the_rule_have_no_solution() {
    let mut cells = *grid(SEED).cells();
    cells[1] = 5; // two 5s in row 0
    let broken = Grid::from_values(cells).expect("digits");
    assert_eq!(solve(&broken), None);
    assert_eq!(count_solutions(&broken, 2), 0);
    let mut complete = *grid(SEED_SOLVED).cells();
    complete.swap(0, 1);
    complete[0] = complete[1];
    let broken = Grid::from_values(complete).expect("digits");
    assert_eq!(solve(&broken), None);
    assert_eq!(count_solutions(&broken, 2), 0);
}

#[test]
fn rule_valid_boards_with_no_solution() {
    // Row 0 needs its 9 at (0, 8), but column 8 already has one.
    let mut text = *b"12345678.........................................................................";
    text[4 * SIDE + 8] = b'9';
    let board = grid(std::str::from_utf8(&text).expect("ascii"));
    assert!(is_valid(&board));
    assert_eq!(solve(&board), None);
    assert_eq!(count_solutions(&board, 2), 0);
    // One changed given of a proper puzzle: every 0-solution variant agrees with the slow counter.
    let seed = grid(SEED);
    let mut zeros = 0;
    for cell in (0..CELLS).filter(|&c| seed.cells()[c] != 0) {
        for digit in 1..=9u8 {
            let mut cells = *seed.cells();
            cells[cell] = digit;
            let board = Grid::from_values(cells).expect("digits");
            if !is_valid(&board) {
                continue;
            }
            let expected = slow_count(&mut cells.clone(), 2);
            assert_eq!(count_solutions(&board, 2), expected, "{cells:?}");
            assert_eq!(solve(&board).is_some(), expected > 0);
            zeros += u32::from(expected == 0);
        }
    }
    assert!(zeros > 10);
}

#[test]
fn the_empty_board_has_many_solutions_and_a_fixed_one() {
    for limit in [1, 2, 3, 1000] {
        assert_eq!(count_solutions(&Grid::EMPTY, limit), limit);
    }
    let first = solve(&Grid::EMPTY).expect("solvable");
    assert_solution_of(&first, &Grid::EMPTY);
    assert_eq!(solve(&Grid::EMPTY), Some(first));
}

#[test]
fn a_deadly_rectangle_has_exactly_two_solutions() {
    let solved = grid(SEED_SOLVED);
    let cells = solved.cells();
    let mut found = 0;
    // Rows in one band, columns in two stacks: four cells a b / b a in two boxes.
    for r1 in 0..SIDE {
        for r2 in (r1 + 1)..(r1 / 3 * 3 + 3) {
            for c1 in 0..SIDE {
                for c2 in (c1 / 3 * 3 + 3)..SIDE {
                    let [a, b, c, d] = [r1 * SIDE + c1, r1 * SIDE + c2, r2 * SIDE + c1, r2 * SIDE + c2];
                    if cells[a] == cells[d] && cells[b] == cells[c] {
                        let mut holed = *cells;
                        for i in [a, b, c, d] {
                            holed[i] = 0;
                        }
                        let board = Grid::from_values(holed).expect("digits");
                        assert_eq!(count_solutions(&board, 10), 2);
                        assert_eq!(count_solutions(&board, 2), 2);
                        assert_eq!(count_solutions(&board, 1), 1);
                        assert_solution_of(&solve(&board).expect("solvable"), &board);
                        found += 1;
                    }
                }
            }
        }
    }
    assert!(found > 0);
}

#[test]
fn limit_zero_counts_nothing() {
    assert_eq!(count_solutions(&grid(SEED), 0), 0);
    assert_eq!(count_solutions(&Grid::EMPTY, 0), 0);
    assert_eq!(count_solutions(&grid(SEED_SOLVED), 0), 0);
}

/// A tiny deterministic generator, so the tests need no extra crate.
fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn agrees_with_the_slow_counter_on_random_near_complete_boards() {
    let solved = *grid(SEED_SOLVED).cells();
    let mut state = 0x2545_F491_4F6C_DD1D;
    for round in 0..3000u32 {
        // Relabel the digits so the boards differ, then empty some cells.
        let mut relabel: [u8; 10] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
        for i in (2..10).rev() {
            let j = 1 + (xorshift(&mut state) % i as u64) as usize;
            relabel.swap(i, j);
        }
        let mut cells = solved.map(|v| relabel[usize::from(v)]);
        let holes = 4 + round % 40;
        for _ in 0..holes {
            cells[(xorshift(&mut state) % 81) as usize] = 0;
        }
        // Sometimes change a given, which often leaves a rule-valid board with no solution.
        if round % 3 == 0 {
            let cell = (xorshift(&mut state) % 81) as usize;
            if cells[cell] != 0 {
                cells[cell] = 1 + (xorshift(&mut state) % 9) as u8;
            }
        }
        let board = Grid::from_values(cells).expect("digits");
        let expected = if is_valid(&board) { slow_count(&mut cells.clone(), 5) } else { 0 };
        assert_eq!(count_solutions(&board, 5), expected, "{cells:?}");
        match solve(&board) {
            Some(solution) => {
                assert!(expected > 0);
                assert_solution_of(&solution, &board);
            }
            None => assert_eq!(expected, 0),
        }
    }
}

#[test]
fn solving_is_deterministic() {
    for text in [SEED, INKALA, "..............................................................................."] {
        let board = grid(text);
        let first = solve(&board);
        for _ in 0..3 {
            assert_eq!(solve(&board), first);
        }
    }
}

#[test]
fn the_stop_callback_is_polled_and_obeyed() {
    let mut calls = 0;
    let outcome = count_solutions_interruptible(&Grid::EMPTY, u64::MAX, &mut || {
        calls += 1;
        calls == 3
    });
    assert_eq!(outcome, Err(Stopped));
    assert_eq!(calls, 3);
    let mut calls = 0;
    let outcome = count_solutions_interruptible(&Grid::EMPTY, 100, &mut || {
        calls += 1;
        true
    });
    // 100 solutions take fewer guesses than one poll interval: never asked.
    assert_eq!((outcome, calls), (Ok(100), 0));
    assert_eq!(solve_interruptible(&grid(SEED), &mut || true), Ok(Some(grid(SEED_SOLVED))));
}

/// Every solution the search visits (up to 40), in order, and its stats.
#[cfg(target_arch = "x86_64")]
fn visits(
    run: impl FnOnce(&mut dyn FnMut(&Candidates) -> bool) -> Result<SearchStats, Stopped>,
) -> (Result<SearchStats, Stopped>, Vec<Grid>) {
    let mut seen = Vec::new();
    let stats = run(&mut |board: &Candidates| {
        seen.push(board.solution());
        seen.len() >= 40
    });
    (stats, seen)
}

#[cfg(target_arch = "x86_64")]
#[test]
fn the_bmi2_search_visits_what_the_portable_one_does() {
    if !search::bmi2_available() {
        eprintln!("this CPU has no AVX2 and BMI2 (or portable code is forced): the BMI2 search is not run");
        return;
    }
    let mut boards = vec![grid(INKALA), grid(SEED), Grid::EMPTY];
    // Boards with many solutions: the solved seed with cells blanked at random.
    let mut state = 0x2026_u64;
    for blanks in [40, 50, 55, 60, 64] {
        let mut cells = *grid(SEED_SOLVED).cells();
        for _ in 0..blanks {
            cells[(xorshift(&mut state) % CELLS as u64) as usize] = 0;
        }
        boards.push(Grid::from_values(cells).expect("digits"));
    }
    // A board whose givens clash (two 5s in the first row): both settle to a contradiction.
    let clash = grid("55.......................................................................................");
    // SAFETY: bmi2_available said the CPU has what the BMI2 code needs.
    assert_eq!(unsafe { search::settle_givens_bmi2(&clash) }, search::settle_givens_portable(&clash));
    assert!(search::settle_givens_portable(&clash).is_err());
    for board in &boards {
        // SAFETY: as above.
        assert_eq!(unsafe { search::settle_givens_bmi2(board) }, search::settle_givens_portable(board));
        let Some(first) = start(board) else { panic!("every test board is settled without contradiction") };
        for deduce in [false, true] {
            let portable = visits(|found| search::search_portable(first, deduce, &mut |b: &Candidates| found(b), &mut || false));
            // SAFETY: as above.
            let bmi2 =
                visits(|found| unsafe { search::search_bmi2(first, deduce, &mut |b: &Candidates| found(b), &mut || false) });
            assert_eq!(bmi2, portable, "{board:?} deduce {deduce}");
            assert!(!portable.1.is_empty());
        }
    }
}
