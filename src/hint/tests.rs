use super::contradiction::contradiction;
use super::*;
use crate::grid::{Grid, CELLS};
use crate::parse::grid_from_text;
use crate::rng::Rng;
use crate::steps::{Pencil, ALL_TECHNIQUES};

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn grid(text: &str) -> Grid {
    grid_from_text(text).unwrap_or(Grid::EMPTY)
}

fn with(text: &str, cell: usize, digit: u8) -> Grid {
    changed(&grid(text), cell, digit)
}

fn changed(board: &Grid, cell: usize, digit: u8) -> Grid {
    let mut values = *board.cells();
    values[cell] = digit;
    Grid::from_values(values).unwrap_or(Grid::EMPTY)
}

/// Random progress: the puzzle with a random share of the solution's digits filled in.
fn progress(rng: &mut Rng) -> Grid {
    let (puzzle, solution) = (grid(PUZZLE), grid(SOLUTION));
    let mut values = *puzzle.cells();
    let share = rng.below(100);
    for (cell, value) in values.iter_mut().enumerate() {
        if *value == 0 && rng.below(100) < share {
            *value = solution.cells()[cell];
        }
    }
    Grid::from_values(values).unwrap_or(Grid::EMPTY)
}

#[test]
fn a_wrong_digit_and_a_wrong_mark_are_named_alone() {
    let (puzzle, solution) = (grid(PUZZLE), grid(SOLUTION));
    let mut rng = Rng::new(7);
    for _ in 0..200 {
        let board = progress(&mut rng);
        let empty: Vec<usize> = (0..CELLS).filter(|&c| board.cells()[c] == 0).collect();
        let Some(&cell) = empty.get(rng.below(empty.len().max(1) as u32) as usize) else { continue };
        let want = solution.cells()[cell];
        let wrong = 1 + (want + rng.below(8) as u8) % 9;
        let planted = changed(&board, cell, wrong);
        let found = mistakes(&puzzle, &planted, None).unwrap_or_default();
        assert_eq!(found, Mistakes { digits: vec![(cell as u8, wrong)], candidates: vec![] });
        assert_eq!(found.to_string(), format!("The {wrong} in r{}c{} is wrong.", cell / 9 + 1, cell % 9 + 1));
        // Marks that keep the truth (and more), but one that lacks it.
        let mut marks = [0x1ffu16; CELLS];
        marks[cell] &= !(1 << (want - 1));
        let found = mistakes(&puzzle, &board, Some(&marks)).unwrap_or_default();
        assert_eq!(found, Mistakes { digits: vec![], candidates: vec![(cell as u8, want)] });
        assert!(matches!(hint(&puzzle, &board, Some(&marks), ALL_TECHNIQUES), Ok(Hint::Mistake(m)) if m == found));
    }
}

#[test]
fn the_puzzle_and_its_givens_are_checked() {
    let puzzle = grid(PUZZLE);
    let dropped = with(PUZZLE, 0, 0);
    assert_eq!(mistakes(&puzzle, &dropped, None), Err(MistakesError::DroppedGiven { cell: 0, digit: 5 }));
    let changed = with(PUZZLE, 1, 4);
    assert_eq!(mistakes(&puzzle, &changed, None), Err(MistakesError::ChangedGiven { cell: 1, digit: 3, got: 4 }));
    assert_eq!(
        MistakesError::ChangedGiven { cell: 1, digit: 3, got: 4 }.message("hint"),
        "the board changes the given 3 at r1c2 to 4: a board must keep every given of its puzzle"
    );
    assert_eq!(mistakes(&Grid::EMPTY, &Grid::EMPTY, None), Err(MistakesError::Several));
    let clash = with(PUZZLE, 2, 5);
    assert_eq!(mistakes(&clash, &clash, None), Err(MistakesError::NoSolution));
    assert_eq!(MistakesError::NoSolution.message("mistakes"), "the puzzle has no solution: mistakes needs exactly one");
}

#[test]
fn hints_on_true_progress_are_sound_and_take_stale_marks() {
    let (puzzle, solution) = (grid(PUZZLE), grid(SOLUTION));
    let mut rng = Rng::new(11);
    let mut steps = 0;
    for _ in 0..300 {
        let board = progress(&mut rng);
        // Stale marks: the puzzle's own candidates, never updated since.
        let stale = *Pencil::from_grid(&puzzle).masks();
        let found = hint(&puzzle, &board, Some(&stale), ALL_TECHNIQUES);
        match found {
            Ok(Hint::Step(step, _)) => {
                steps += 1;
                for &(cell, digit) in step.placements.iter() {
                    assert_eq!(solution.cells()[usize::from(cell)], digit);
                }
                for &(cell, digit) in step.eliminations.iter() {
                    assert_ne!(solution.cells()[usize::from(cell)], digit);
                }
            }
            Ok(Hint::Solved) => assert!(board.is_complete()),
            other => panic!("{other:?} on {board:?}"),
        }
    }
    assert!(steps > 200, "{steps}");
    assert_eq!(hint(&puzzle, &solution, None, ALL_TECHNIQUES), Ok(Hint::Solved));
    assert_eq!(Hint::Solved.to_string(), "The board is solved.");
    assert_eq!(hint(&puzzle, &puzzle, None, 0), Ok(Hint::Stuck));
}

#[test]
fn a_board_without_a_solution_is_explained() {
    // r1c3 holds 1 where the solution has 4: singles then run into a contradiction.
    let wrong = Pencil::from_grid(&with(PUZZLE, 2, 1));
    let no = check_solvable(&wrong).err();
    assert!(no.is_some_and(|no| !no.by_marks && no.contradiction.is_some()), "{no:?}");
    assert!(check_solvable(&Pencil::from_grid(&grid(PUZZLE))).is_ok());
    // Marks without the truth at r1c3 (4): the digits keep their solution, the marks do not.
    let mut marks = *Pencil::from_grid(&grid(PUZZLE)).masks();
    marks[2] &= !(1 << 3);
    let narrowed = Pencil::with_marks(&grid(PUZZLE), &marks).unwrap_or(wrong);
    assert!(check_solvable(&narrowed).is_err_and(|no| no.by_marks));
    let shown = |contradiction, after_singles, by_marks| NoSolution { by_marks, contradiction, after_singles }.to_string();
    assert_eq!(
        shown(Some(Contradiction::NoCandidate { cell: 11 }), false, false),
        "the board has no solution: r2c3 has no candidate left"
    );
    assert_eq!(
        shown(Some(Contradiction::NoPlace { digit: 5, unit: 2 }), false, false),
        "the board has no solution: 5 has no place left in row 3"
    );
    assert_eq!(
        shown(Some(Contradiction::NoCandidate { cell: 11 }), true, true),
        "the candidates rule out every solution of the board: singles from here leave r2c3 with no candidate"
    );
    assert_eq!(
        shown(Some(Contradiction::NoPlace { digit: 5, unit: 22 }), true, false),
        "the board has no solution: singles from here leave 5 no place in box 5"
    );
    assert_eq!(shown(None, true, false), "the board has no solution (singles from here reach no contradiction)");
}

#[test]
fn a_contradiction_is_found_exactly_on_broken_boards() {
    let mut rng = Rng::new(5);
    let mut seen = [0usize; 2];
    for _ in 0..3000 {
        let mut p = Pencil::from_grid(&progress(&mut rng));
        for _ in 0..rng.below(60) {
            p.eliminate(rng.below(81) as usize, rng.below(9) as usize);
        }
        let found = contradiction(&p);
        assert_eq!(found.is_some(), p.is_broken());
        seen[usize::from(found.is_some())] += 1;
    }
    assert!(seen[0] > 100 && seen[1] > 100, "{seen:?}");
}

#[test]
fn marks_that_keep_another_solution_of_an_open_board_pass() {
    // The empty board's first solution relabelled: marks keeping only it rule out the first.
    let first = crate::solve::solve(&Grid::EMPTY).unwrap_or(Grid::EMPTY);
    let mut marks = [0u16; CELLS];
    for (mask, &v) in marks.iter_mut().zip(first.cells()) {
        *mask = 1 << (v % 9);
    }
    let pencil = Pencil::with_marks(&Grid::EMPTY, &marks).unwrap_or(Pencil::from_grid(&Grid::EMPTY));
    assert_eq!(check_solvable(&pencil), Ok(crate::steps::Uniqueness::Known(false)));
}
