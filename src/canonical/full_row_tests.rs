//! The start from the first stacks against the full second-row search, pair by pair.

use super::*;
use crate::canonical::Map;
use crate::grid::{Grid, CELLS};
use crate::rng::Rng;
use crate::solve::solve;

/// The full search, from no column placed.
fn full(first: &[u8; SIDE], row: &[u8; SIDE], node: Node, best: &mut Best, out: &mut Vec<Node>) {
    Search::new(first, partners(first, row), node, best, out).position(0, Partial::EMPTY, Standing::Equal).unwrap();
}

/// Runs both searches on each pair in turn, sharing a best and children between pairs as a
/// level of the search does, and asserts they agree after every pair.
fn agree_on(pairs: &[([u8; SIDE], [u8; SIDE])], start: Option<[u8; SIDE]>) {
    let fresh = || Best { row: start.unwrap_or([0; SIDE]), found: start.is_some(), generation: 0 };
    let (mut best_full, mut best_fast) = (fresh(), fresh());
    let (mut out_full, mut out_fast) = (Vec::new(), Vec::new());
    for (first, row) in pairs {
        let node = Node::root(false);
        full(first, row, node, &mut best_full, &mut out_full);
        choose_by_second_row(first, row, node, &mut best_fast, &mut out_fast).unwrap();
        assert_eq!(best_fast.found, best_full.found, "{first:?} {row:?}");
        assert_eq!(best_fast.row, best_full.row, "{first:?} {row:?} from {start:?}");
        assert_eq!(out_fast, out_full, "{first:?} {row:?} from {start:?}");
    }
}

fn row_of(cells: &[u8; CELLS], transpose: bool, r: usize) -> [u8; SIDE] {
    std::array::from_fn(|c| if transpose { cells[c * SIDE + r] } else { cells[r * SIDE + c] })
}

/// The 36 ordered pairs of rows of a band (both orientations) of a complete grid.
fn band_pairs(cells: &[u8; CELLS]) -> Vec<([u8; SIDE], [u8; SIDE])> {
    let mut pairs = Vec::new();
    for transpose in [false, true] {
        for band in 0..3 {
            for a in 0..3 {
                for b in 0..3 {
                    if a != b {
                        pairs.push((row_of(cells, transpose, band * 3 + a), row_of(cells, transpose, band * 3 + b)));
                    }
                }
            }
        }
    }
    pairs
}

fn grid_from(text: &str) -> [u8; CELLS] {
    std::array::from_fn(|i| text.as_bytes()[i] - b'0')
}

/// Grids with many automorphisms (648, and the shifted rows), and two with pure bands only.
const SYMMETRIC: [&str; 2] = [
    "123456789456789123789123456231564897564897231897231564312645978645978312978312645",
    "123456789456789123789123456234567891567891234891234567345678912678912345912345678",
];

/// Some best rows to start from: none, a small one, a large one, and the pairs' own smallest.
fn starts(pairs: &[([u8; SIDE], [u8; SIDE])]) -> Vec<Option<[u8; SIDE]>> {
    let mut best = Best { row: [0; SIDE], found: false, generation: 0 };
    let mut out = Vec::new();
    for (first, row) in pairs {
        full(first, row, Node::root(false), &mut best, &mut out);
    }
    let mut above = best.row;
    above[8] = 9;
    vec![None, Some([4, 5, 6, 1, 2, 3, 7, 8, 9]), Some([9; SIDE]), Some(best.row), Some(above)]
}

#[test]
fn complete_grids_pair_by_pair() {
    let mut rng = Rng::new(12);
    let solved = *solve(&Grid::EMPTY).unwrap().cells();
    let mut grids: Vec<[u8; CELLS]> = SYMMETRIC.iter().map(|text| grid_from(text)).collect();
    for n in 0..120 {
        let base = if n % 3 == 0 { grid_from(SYMMETRIC[n % 2]) } else { solved };
        grids.push(Map::random(&mut rng).apply_cells(&base));
    }
    for cells in &grids {
        let pairs = band_pairs(cells);
        for start in starts(&pairs) {
            agree_on(&pairs, start);
        }
        // One pair alone, as the first pair of a level meets it.
        agree_on(&pairs[rng.index(pairs.len())..][..1], None);
    }
}

/// A permutation of 0-8 that sends no column into its own stack.
fn crossing(rng: &mut Rng) -> [u8; SIDE] {
    loop {
        let mut perm: [u8; SIDE] = std::array::from_fn(|c| c as u8);
        rng.shuffle(&mut perm);
        if perm.iter().enumerate().all(|(c, &p)| usize::from(p) / 3 != c / 3) {
            return perm;
        }
    }
}

#[test]
fn crossing_rows_not_from_grids() {
    let mut rng = Rng::new(77);
    for _ in 0..400 {
        let mut first: [u8; SIDE] = std::array::from_fn(|c| c as u8 + 1);
        rng.shuffle(&mut first);
        let pairs: Vec<_> = (0..1 + rng.index(4))
            .map(|_| {
                let perm = crossing(&mut rng);
                (first, std::array::from_fn(|c| first[usize::from(perm[c])]))
            })
            .collect();
        for start in starts(&pairs) {
            agree_on(&pairs, start);
        }
    }
}

#[test]
fn rows_that_do_not_cross_take_the_full_search() {
    let first = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    // A digit in its own stack, a repeated digit, an empty cell.
    for row in [[2, 4, 5, 7, 8, 9, 1, 3, 6], [4, 4, 6, 7, 8, 9, 1, 2, 3], [0, 5, 6, 7, 8, 9, 1, 2, 3]] {
        assert_eq!(crossing_stacks(&partners(&first, &row)), None);
        agree_on(&[(first, row)], None);
    }
    assert!(crossing_stacks(&partners(&first, &[4, 5, 6, 7, 8, 9, 1, 2, 3])).is_some());
}
