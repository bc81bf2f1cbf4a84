//! The fast search against the slow reference on random and adversarial boards.
// Test helpers, also built for the measuring drivers (`--features drivers`), which use a few.
#![cfg_attr(not(test), allow(dead_code, unused_imports))]

use super::reference::reference;
use super::*;
use crate::rng::Rng;
use crate::solve::solve;

fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

fn distinct_digits(cells: &[u8; CELLS]) -> u64 {
    let mut seen = 0u16;
    for &v in cells {
        seen |= 1 << v;
    }
    u64::from((seen & 0x3FE).count_ones())
}

/// The fast path agrees with the reference on the form, the automorphism count, and its map.
fn check(cells: &[u8; CELLS]) {
    let fast = Searcher::new().canonical(cells).unwrap();
    let (form, geometric) = reference(cells);
    assert_eq!(fast.cells, form, "form of {cells:?}");
    assert_eq!(fast.automorphisms, geometric * factorial(9 - distinct_digits(cells)), "automorphisms of {cells:?}");
    assert_eq!(fast.map.apply_cells(cells), form, "map of {cells:?}");
}

pub(super) fn grid_from(text: &str) -> [u8; CELLS] {
    let mut cells = [0u8; CELLS];
    for (slot, ch) in cells.iter_mut().zip(text.bytes()) {
        *slot = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
    }
    cells
}

/// A complete grid: the solution of the empty board, under a random map.
fn random_grid(rng: &mut Rng) -> [u8; CELLS] {
    let solved = solve(&Grid::EMPTY).unwrap();
    Map::random(rng).apply_cells(solved.cells())
}

/// The most symmetric grid there is: 648 automorphisms.
pub(super) fn symmetric_grid() -> [u8; CELLS] {
    grid_from("123456789456789123789123456231564897564897231897231564312645978645978312978312645")
}

#[test]
fn the_empty_board_has_every_map() {
    let empty = [0u8; CELLS];
    let fast = Searcher::new().canonical(&empty).unwrap();
    assert_eq!(fast.cells, empty);
    assert_eq!(fast.automorphisms, u64::from(map::GEOMETRIES) * u64::from(map::RELABELLINGS));
    check(&empty);
}

#[test]
fn one_given_goes_to_the_last_cell() {
    for cell in [0, 40, 80, 13] {
        let mut cells = [0u8; CELLS];
        cells[cell] = 7;
        let fast = Searcher::new().canonical(&cells).unwrap();
        let mut expected = [0u8; CELLS];
        expected[80] = 1;
        assert_eq!(fast.cells, expected);
        check(&cells);
    }
}

#[test]
fn symmetric_boards() {
    let grid = symmetric_grid();
    assert!(crate::check::is_valid(&Grid::from_values(grid).unwrap()));
    check(&grid);
    let fast = Searcher::new().canonical(&grid).unwrap();
    assert_eq!(fast.automorphisms, 648);
    // Symmetric under transposition: a few givens on the diagonal and mirrored pairs.
    check(&grid_from("100000000020000000003000000000400000000050000000006000000000700000000080000000009"));
    check(&grid_from("120000000200000000000000000000000000000000000000000000000000000000000000000000000"));
    // Holes of a symmetric grid in a symmetric pattern.
    let mut holes = grid;
    for i in (0..CELLS).step_by(2) {
        holes[i] = 0;
    }
    check(&holes);
    let mut diagonal = [0u8; CELLS];
    for i in 0..9 {
        diagonal[i * 10] = 5;
    }
    check(&diagonal);
}

/// Complete grids whose bands are all pure (each row's boxes hold whole boxes' rows of the
/// row above), under random maps: the second row ties under many first stacks.
#[test]
fn grids_of_pure_bands() {
    let shifted = grid_from("123456789456789123789123456234567891567891234891234567345678912678912345912345678");
    assert!(crate::check::is_valid(&Grid::from_values(shifted).unwrap()));
    let mut rng = Rng::new(8);
    check(&shifted);
    for base in [shifted, symmetric_grid()] {
        for _ in 0..6 {
            check(&Map::random(&mut rng).apply_cells(&base));
        }
    }
}

#[test]
fn boards_that_break_the_rule() {
    check(&[1u8; CELLS]);
    check(&grid_from("110000000110000000000000000000000000000000000000000000000000000000000000000000011"));
    let mut rng = Rng::new(21);
    for _ in 0..20 {
        let mut cells = [0u8; CELLS];
        for _ in 0..rng.below(30) {
            cells[rng.index(CELLS)] = rng.below(3) as u8 + 1;
        }
        check(&cells);
    }
}

#[test]
fn random_puzzles_and_grids() {
    let mut rng = Rng::new(99);
    for n in 0..60 {
        let grid = random_grid(&mut rng);
        if n % 3 == 0 {
            check(&grid);
            continue;
        }
        let mut puzzle = grid;
        let keep = 10 + rng.below(40);
        for cell in puzzle.iter_mut() {
            if rng.below(81) >= keep {
                *cell = 0;
            }
        }
        check(&puzzle);
    }
}

#[test]
fn isomorphs_share_the_form() {
    let mut rng = Rng::new(5);
    let mut searcher = Searcher::new();
    for _ in 0..200 {
        let grid = random_grid(&mut rng);
        let mut puzzle = grid;
        for cell in puzzle.iter_mut() {
            if rng.below(3) > 0 {
                *cell = 0;
            }
        }
        let form = searcher.canonical(&puzzle).unwrap();
        let image = random_isomorph(&puzzle, &mut rng);
        let again = searcher.canonical(&image).unwrap();
        assert_eq!(form.cells, again.cells);
        assert_eq!(form.automorphisms, again.automorphisms);
        assert_eq!(searcher.canonical(&form.cells).unwrap().cells, form.cells);
    }
}

/// Boards aimed at the open columns of the search: identical columns with digits in one stack,
/// empty columns and stacks, and rows with most or all digits after sparse ones.
#[test]
fn open_columns_against_the_reference() {
    let mut rng = Rng::new(36);
    for n in 0..300u32 {
        let mut cells = random_grid(&mut rng);
        let keep = 2 + rng.below(25);
        for cell in cells.iter_mut() {
            if rng.below(81) >= keep {
                *cell = 0;
            }
        }
        let column = |cells: &[u8; CELLS], c: usize| -> [u8; 9] { std::array::from_fn(|r| cells[r * 9 + c]) };
        if n % 2 == 0 {
            // Column a copied onto b of the same stack (identical columns, a rule breaker).
            let stack = rng.index(3);
            let (a, b) = (stack * 3 + rng.index(3), stack * 3 + rng.index(3));
            let values = column(&cells, a);
            for r in 0..9 {
                cells[r * 9 + b] = values[r];
            }
        }
        if n % 3 == 0 {
            let stack = rng.index(3);
            for r in 0..9 {
                for c in stack * 3..stack * 3 + 3 {
                    cells[r * 9 + c] = 0;
                }
            }
        }
        if n % 5 == 0 {
            let c = rng.index(9);
            for r in 0..9 {
                cells[r * 9 + c] = 0;
            }
        }
        if n % 7 == 0 {
            // A row with most digits (all nine when n % 14 == 0), in a random order.
            let r = rng.index(9);
            let mut digits: Vec<u8> = (1..=9).collect();
            for i in (1..9).rev() {
                digits.swap(i, rng.index(i + 1));
            }
            for (c, &d) in digits.iter().enumerate() {
                cells[r * 9 + c] = if n % 14 != 0 && c == rng.index(9) { 0 } else { d };
            }
        }
        check(&cells);
    }
}

/// A mixed thousand: puzzles of every density, grids, rule breakers, and sparse symmetric
/// boards (givens mirrored across the diagonal, or repeated across bands).
#[test]
fn a_thousand_boards_against_the_reference() {
    let mut rng = Rng::new(2024);
    let symmetric = symmetric_grid();
    for n in 0..1000u32 {
        let base = if n % 5 == 0 { Map::random(&mut rng).apply_cells(&symmetric) } else { random_grid(&mut rng) };
        let mut cells = base;
        match n % 4 {
            0 => {}
            1 => {
                let keep = 1 + rng.below(40);
                for cell in cells.iter_mut() {
                    if rng.below(81) >= keep {
                        *cell = 0;
                    }
                }
            }
            2 => {
                // Mirrored across the diagonal: the transpose maps the pattern to itself.
                cells = [0; CELLS];
                for _ in 0..1 + rng.below(12) {
                    let (r, c) = (rng.index(9), rng.index(9));
                    let v = rng.below(9) as u8 + 1;
                    cells[r * 9 + c] = v;
                    cells[c * 9 + r] = v;
                }
            }
            _ => {
                // Rule breakers: random digits anywhere, few distinct.
                cells = [0; CELLS];
                for _ in 0..rng.below(45) {
                    cells[rng.index(CELLS)] = rng.below(4) as u8 + 1;
                }
            }
        }
        check(&cells);
    }
}
