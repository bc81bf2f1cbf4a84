//! The hint button on any play of a puzzle: never a panic; a board with a mistake gets the
//! mistake, and only it; otherwise every step agrees with the solution; and a board's digits
//! are refused by the solution check exactly when they have no solution.
//!
//! The bytes pick, for each cell of a fixed solution, whether it is a given, filled by the
//! player (rightly or with another digit), or empty, and each empty cell's marks.
#![no_main]

use libfuzzer_sys::fuzz_target;
use valid_sudoku::grid::Grid;
use valid_sudoku::hint::{check_solvable, hint, mistakes, Hint};
use valid_sudoku::parse::grid_from_text;
use valid_sudoku::solve::solve;
use valid_sudoku::steps::{Pencil, ALL_TECHNIQUES};

const SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fuzz_target!(|data: &[u8]| {
    let Ok(solution) = grid_from_text(SOLUTION) else { return };
    if data.len() < 81 * 3 {
        return;
    }
    let (mut puzzle, mut board, mut marks) = ([0u8; 81], [0u8; 81], [0u16; 81]);
    for cell in 0..81 {
        let (kind, digit, mask) =
            (data[cell], data[81 + cell], u16::from_le_bytes([data[162 + cell], data.get(243 + cell).copied().unwrap_or(0)]));
        let truth = solution.cells()[cell];
        match kind % 4 {
            0 => (puzzle[cell], board[cell]) = (truth, truth),
            1 => board[cell] = truth,
            2 => board[cell] = digit % 10,
            _ => {}
        }
        marks[cell] = mask & 0x1ff;
    }
    let (Ok(puzzle), Ok(board)) = (Grid::from_values(puzzle), Grid::from_values(board)) else { return };
    let found = mistakes(&puzzle, &board, Some(&marks));
    let shown = hint(&puzzle, &board, Some(&marks), ALL_TECHNIQUES);
    let unique = solve(&puzzle) == Some(solution) && valid_sudoku::solve::count_solutions(&puzzle, 2) == 1;
    assert_eq!(found.is_ok(), unique && (0..81).all(|c| puzzle.cells()[c] == 0 || board.cells()[c] == puzzle.cells()[c]));
    if let Ok(found) = found {
        let wrong: Vec<(u8, u8)> = (0..81u8)
            .filter_map(|c| {
                let got = board.cells()[usize::from(c)];
                (got != 0 && got != solution.cells()[usize::from(c)]).then_some((c, got))
            })
            .collect();
        assert_eq!(found.digits, wrong);
        match shown {
            Ok(Hint::Mistake(m)) => assert_eq!(m, found),
            Ok(Hint::Step(step, _)) => {
                assert!(found.is_empty());
                for &(cell, digit) in step.placements.iter() {
                    assert_eq!(solution.cells()[usize::from(cell)], digit);
                }
                for &(cell, digit) in step.eliminations.iter() {
                    assert_ne!(solution.cells()[usize::from(cell)], digit);
                }
            }
            Ok(Hint::Solved) => assert!(found.is_empty() && board == solution),
            Ok(Hint::Stuck) => assert!(found.is_empty()),
            Err(error) => panic!("{error:?} after mistakes succeeded"),
        }
    }
    // Without the puzzle: the digits are refused exactly when they have no solution.
    assert_eq!(check_solvable(&Pencil::from_grid(&board)).is_err(), solve(&board).is_none());
});
