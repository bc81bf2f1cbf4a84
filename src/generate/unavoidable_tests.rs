//! Tests of the unavoidable sets: each one swaps to another grid, the index finds what a
//! scan finds, and the two compilations agree.

use super::*;
use crate::check::is_valid;
use crate::rng::Rng;

#[test]
fn every_set_swaps_to_another_valid_grid() {
    let mut rng = Rng::new(3);
    let (mut total, mut wide, mut across, mut most) = (0, 0, 0, 0);
    for _ in 0..50 {
        let grid = super::super::random_grid(&mut rng, &mut || false).unwrap_or(Grid::EMPTY);
        let found = Unavoidable::of(&grid);
        total += found.len();
        most = most.max(found.len());
        for set in found.sets() {
            let inside: Vec<usize> = (0..CELLS).filter(|&c| set & (1 << c) != 0).collect();
            let mut digits: Vec<u8> = inside.iter().map(|&c| grid.cells()[c]).collect();
            digits.sort_unstable();
            digits.dedup();
            wide += usize::from(digits.len() > 2);
            // Two lines of two bands (or stacks): six cells in two rows or two columns.
            let mut rows: Vec<usize> = inside.iter().map(|&c| c / SIDE).collect();
            let mut columns: Vec<usize> = inside.iter().map(|&c| c % SIDE).collect();
            rows.dedup();
            columns.sort_unstable();
            columns.dedup();
            let two_bands = |lines: &[usize]| lines.len() == 2 && lines[0] / 3 != lines[1] / 3;
            across += usize::from(inside.len() == 6 && (two_bands(&rows) || two_bands(&columns)));
            // The grid with the set emptied has another solution, which differs in it.
            let mut emptied = *grid.cells();
            inside.iter().for_each(|&c| emptied[c] = 0);
            let emptied = Grid::from_values(emptied).unwrap_or(Grid::EMPTY);
            assert_eq!(crate::solve::count_solutions(&emptied, 2), 2, "{set:x}");
            if digits.len() == 2 {
                // Two digits: swapping them is that other solution.
                let mut swapped = *grid.cells();
                for &cell in &inside {
                    swapped[cell] = if swapped[cell] == digits[0] { digits[1] } else { digits[0] };
                }
                let swapped = Grid::from_values(swapped).unwrap_or(Grid::EMPTY);
                assert!(is_valid(&swapped) && swapped != grid);
            }
        }
    }
    // At least one set per digit pair (swapping it everywhere gives one), and sets of two
    // lines with more digits.
    assert!(total >= 50 * 36);
    assert!(wide >= 50, "{wide}");
    // A cycle inside one stack of two rows of two bands: about two a grid, room to spare.
    assert!(across >= 25, "{across}");
    assert!(most < MOST, "{most}");
}

#[test]
fn the_index_finds_what_a_scan_of_every_set_finds() {
    let mut rng = Rng::new(5);
    for _ in 0..20 {
        let grid = super::super::random_grid(&mut rng, &mut || false).unwrap_or(Grid::EMPTY);
        let found = Unavoidable::of(&grid);
        for _ in 0..50 {
            // Sparse and dense random givens, so that both answers occur.
            let givens: Cells = (0..CELLS).filter(|_| rng.index(4) == 0).fold(0, |set, cell| set | 1 << cell);
            for cell in 0..CELLS {
                let scan = found.sets().iter().any(|&set| set >> cell & 1 == 1 && set & givens == 0);
                assert_eq!(found.emptied(givens, cell), scan);
            }
        }
    }
}

#[test]
fn the_bmi2_sets_are_the_portable_ones() {
    #[cfg(target_arch = "x86_64")]
    if bmi2_available() {
        let mut rng = Rng::new(7);
        for _ in 0..50 {
            let grid = super::super::random_grid(&mut rng, &mut || false).unwrap_or(Grid::EMPTY);
            let plain = Unavoidable::of_with(&grid);
            // SAFETY: bmi2_available said the CPU has AVX2, BMI1 and BMI2.
            let fast = unsafe { Unavoidable::of_bmi2(&grid) };
            assert_eq!(plain.sets(), fast.sets());
            assert_eq!(plain.holding, fast.holding);
        }
    }
}
