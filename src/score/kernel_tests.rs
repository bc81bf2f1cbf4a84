//! The `is_solution` batch path (the AVX-512 and AVX2 solution kernels where the CPU has them,
//! the checked path elsewhere) against the slow reference rule, on pairs built to test each step of the
//! kernel's argument: complete and incomplete grids, repeats that keep every unit's sum or
//! every unit's digits 1-8, broken givens (9s too), and values above 9 in either board.
// Test helpers, also built for the measuring drivers (`--features drivers`), which use a few.
#![cfg_attr(not(test), allow(dead_code, unused_imports))]

use super::tests::{grid, near_misses, reference, xorshift, SOLVED};
use super::*;
use crate::batch::source::{first_out_of_range, value_error, Values};
use crate::batch::{self, BoardSource, Cost};
use crate::grid::SIDE;

/// A solved grid under a random relabelling, row swaps within bands and band swaps.
fn random_solution(state: &mut u64) -> [u8; CELLS] {
    let solved = *grid(SOLVED).cells();
    let mut labels: Vec<u8> = (1..=9).collect();
    for i in (1..9).rev() {
        labels.swap(i, xorshift(state) as usize % (i + 1));
    }
    let mut rows: Vec<usize> = (0..SIDE).collect();
    for band in 0..3 {
        rows.swap(band * 3 + xorshift(state) as usize % 3, band * 3 + xorshift(state) as usize % 3);
    }
    let mut out = [0u8; CELLS];
    for (r, &from) in rows.iter().enumerate() {
        for c in 0..SIDE {
            out[r * SIDE + c] = labels[solved[from * SIDE + c] as usize - 1];
        }
    }
    out
}

/// One (puzzle, candidate) pair, right or wrong in one of many ways.
fn pair(state: &mut u64) -> ([u8; CELLS], [u8; CELLS]) {
    let solution = random_solution(state);
    let share = xorshift(state) % 100;
    let puzzle = solution.map(|v| if xorshift(state) % 100 < share { v } else { 0 });
    let mut c = solution;
    let cell = xorshift(state) as usize % CELLS;
    let given = (0..CELLS).find(|&i| puzzle[(cell + i) % CELLS] != 0).map(|i| (cell + i) % CELLS);
    match xorshift(state) % 14 {
        0 | 1 => {}
        2 => c[cell] = c[cell] % 9 + 1,
        3 => c[cell] = 0,
        4 => c.swap(cell, cell / SIDE * SIDE + (cell + 1) % SIDE),
        // A given overwritten, with any digit (or emptied).
        5 => {
            if let Some(g) = given {
                c[g] = (xorshift(state) % 10) as u8;
            }
        }
        // A different solution, which ignores the givens.
        6 => c = random_solution(state),
        // Every 9 emptied, or one 9 turned into another digit: each unit keeps digits 1-8.
        7 => c = c.map(|v| if v == 9 { 0 } else { v }),
        8 => {
            if let Some(nine) = c.iter().position(|&v| v == 9) {
                c[nine] = (xorshift(state) % 8 + 1) as u8;
            }
        }
        // Corners of a rectangle in box 0 moved by +1, -1 / -1, +1: every sum stays 45.
        9 => {
            if c[0] < 9 && c[1] > 1 && c[9] > 1 && c[10] < 9 {
                c[0] += 1;
                c[1] -= 1;
                c[9] -= 1;
                c[10] += 1;
            }
        }
        // Givens that are 9s broken: the kernel zeroes them before summing.
        10 => {
            for (v, &p) in c.iter_mut().zip(&puzzle) {
                if p == 9 && xorshift(state).is_multiple_of(2) {
                    *v = 9 - (xorshift(state) % 9) as u8;
                }
            }
        }
        11 => c = puzzle,
        12 => c = c.map(|v| if xorshift(state).is_multiple_of(6) { (xorshift(state) % 10) as u8 } else { v }),
        _ => c = [0; CELLS].map(|_| (xorshift(state) % 9 + 1) as u8),
    }
    (puzzle, c)
}

pub(super) fn pairs(count: usize, seed: u64) -> (Vec<u8>, Vec<u8>) {
    let mut state = seed;
    let (mut puzzles, mut candidates) = (Vec::new(), Vec::new());
    for _ in 0..count {
        let (p, c) = pair(&mut state);
        puzzles.extend_from_slice(&p);
        candidates.extend_from_slice(&c);
    }
    (puzzles, candidates)
}

fn slow(puzzles: &[u8], candidates: &[u8]) -> Vec<bool> {
    let grids = |cells: &[u8]| -> Vec<Grid> {
        cells.chunks_exact(CELLS).map(|b| Grid::from_values(b.try_into().expect("81")).expect("digits")).collect()
    };
    grids(puzzles).iter().zip(&grids(candidates)).map(|(p, c)| reference(p, c)).collect()
}

#[test]
fn chunks_agree_with_the_reference_and_the_checked_path() {
    for (count, seed) in [(0, 1), (1, 2), (31, 3), (32, 4), (33, 5), (100, 6), (1024, 7), (4000, 8)] {
        let (p, c) = pairs(count, seed);
        let expected = slow(&p, &c);
        if count >= 1000 {
            let solved = expected.iter().filter(|&&s| s).count();
            assert!(solved > count / 10 && solved < count * 9 / 10, "{solved} of {count} solved");
        }
        let mut fast = vec![false; count];
        assert!(solution_chunk(&[&p, &c], &mut fast));
        assert_eq!(fast, expected, "{count} pairs");
        let mut checked = vec![false; count];
        assert!(chunk::solution_checked(&p, &c, &mut checked));
        assert_eq!(checked, expected);
    }
    // The other generator of the scoring tests too.
    let (p, c, _) = near_misses(3000, 11);
    let mut fast = vec![false; 3000];
    assert!(solution_chunk(&[&p, &c], &mut fast));
    assert_eq!(fast, slow(&p, &c));
}

/// Each SIMD path on its own, whichever one `solution_chunk` picks on this machine: AVX2's
/// blocks of 32, and AVX-512's of 64 followed by AVX2's (a machine without AVX-512 skips
/// those and says so), against the reference, with values above 9 refused too.
#[cfg(target_arch = "x86_64")]
#[test]
fn every_kernel_agrees_with_the_reference() {
    type Path = unsafe fn(&[u8], &[u8], &mut [bool]) -> bool;
    let mut paths: Vec<(&str, Path)> = Vec::new();
    if crate::cpu::avx2_detected() {
        paths.push(("avx2", chunk::solution_blocks_avx2));
    } else {
        eprintln!("skipped: this CPU has no AVX2, so the AVX2 solution kernel is not tested here");
    }
    if crate::cpu::avx512_detected() {
        paths.push(("avx512", chunk::solution_blocks_avx512));
    } else {
        eprintln!("skipped: this CPU has no AVX-512F/BW, so the AVX-512 solution kernel is not tested here");
    }
    let mut state = 0xB10C_u64;
    for (name, path) in paths {
        for (count, seed) in [(0, 1), (31, 2), (32, 3), (63, 4), (64, 5), (65, 6), (96, 7), (127, 8), (200, 9), (2000, 10)] {
            let (p, c) = pairs(count, seed);
            let mut out = vec![false; count];
            // SAFETY: the CPU has the path's features (checked above).
            assert!(unsafe { path(&p, &c, &mut out) }, "{name}, {count}");
            assert_eq!(out, slow(&p, &c), "{name}, {count} pairs");
            if count == 0 {
                continue;
            }
            for _ in 0..40 {
                let (mut p, mut c) = (p.clone(), c.clone());
                let at = xorshift(&mut state) as usize % (count * CELLS);
                let bad = [10u8, 0x80, 0xFF][at % 3];
                if at.is_multiple_of(2) {
                    p[at] = bad
                } else {
                    c[at] = bad
                }
                // SAFETY: as above.
                assert!(!unsafe { path(&p, &c, &mut out) }, "{name}: {bad} at {at} of {count}");
            }
        }
    }
}

#[test]
fn any_value_above_nine_in_either_board_is_refused() {
    let mut state = 0x5EED_u64;
    let (p, c) = pairs(96, 21);
    for round in 0..600 {
        let (mut p, mut c) = (p.clone(), c.clone());
        let at = xorshift(&mut state) as usize % (96 * CELLS);
        let bad = [10u8, 11, 15, 16, 25, 0x39, 0x80, 0x89, 0xFF][round % 9];
        if round % 2 == 0 {
            p[at] = bad
        } else {
            c[at] = bad
        }
        let mut out = vec![false; 96];
        assert!(!solution_chunk(&[&p, &c], &mut out), "round {round}: {bad} at {at}");
        assert!(!chunk::solution_checked(&p, &c, &mut out));
    }
}

/// The error the driver reports for a run of `solution_chunk` is the one the scanning driver
/// reports, for bad values anywhere (blocks and the last pairs, either argument, both).
#[test]
fn the_raw_driver_reports_the_scanning_driver_s_error() {
    let count = 2500;
    let (p, c) = pairs(count, 31);
    let mut state = 77u64;
    for round in 0..60 {
        let (mut p, mut c) = (p.clone(), c.clone());
        for _ in 0..=round % 3 {
            let at = xorshift(&mut state) as usize % (count * CELLS);
            let target = if xorshift(&mut state).is_multiple_of(2) { &mut p } else { &mut c };
            target[at] = 10 + (xorshift(&mut state) % 246) as u8;
        }
        let sources = [Values::new(&p, 0, round % 2 == 0), Values::new(&c, 0, false)];
        let sources: Vec<&dyn BoardSource> = sources.iter().map(|v| v as &dyn BoardSource).collect();
        for threads in [1, 3] {
            let mut fast = vec![false; count];
            let raw = batch::run_raw(&sources, 0, &mut fast, threads, Cost::Light, solution_chunk);
            let mut checked = vec![false; count];
            let scanned = batch::run(&sources, 0, &mut checked, threads, Cost::Light, |values, out| {
                assert!(chunk::solution_checked(values[0], values[1], out));
            });
            assert!(scanned.is_err());
            assert_eq!(raw, scanned, "round {round}, {threads} threads");
        }
    }
    // With no bad value, both agree with the reference.
    let sources = [Values::new(&p, 0, false), Values::new(&c, 0, false)];
    let sources: Vec<&dyn BoardSource> = sources.iter().map(|v| v as &dyn BoardSource).collect();
    let mut fast = vec![false; count];
    assert_eq!(batch::run_raw(&sources, 0, &mut fast, 2, Cost::Light, solution_chunk), Ok(()));
    assert_eq!(fast, slow(&p, &c));
    // Sanity of the scan the error comes from.
    let mut bad = c.clone();
    bad[1234 * CELLS + 7] = 12;
    assert_eq!(first_out_of_range(&bad), Some((1234, 7)));
    let sources = [Values::new(&p, 0, false), Values::new(&bad, 0, false)];
    let sources: Vec<&dyn BoardSource> = sources.iter().map(|v| v as &dyn BoardSource).collect();
    let failure = batch::run_raw(&sources, 0, &mut fast, 1, Cost::Light, solution_chunk).unwrap_err();
    assert_eq!(failure.source, 1);
    assert_eq!(failure.error, value_error(&Values::new(&bad, 0, false), 1234, 7, Some(&12)));
}

/// The kernel's argument, checked exhaustively where it is small: for every row of values
/// 0-9 whose ORed one-hots of digits 1-8 are full, the row sum is 45 exactly when the row
/// is a permutation of 1-9 (the grid-sum step rests on each row's ninth cell being 0-9).
#[test]
fn the_sum_step_of_the_argument() {
    // A row with digits 1-8 once each and a ninth cell x: sum 36 + x.
    for x in 0..=9u8 {
        let row_sum = 36 + u32::from(x);
        assert_eq!(row_sum == 45, x == 9);
    }
    // Nine rows with ninth cells x_r in 0-9: 324 + sum(x_r) is 405 mod 256 only for all 9s.
    for total in 0..=81u32 {
        assert_eq!((324 + total) % 256 == 405 % 256, total == 81);
    }
}
