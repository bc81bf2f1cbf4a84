//! The AVX-512 solution kernel (`super::block_avx512`) against the checked path and the slow
//! reference rule on the same pairs: random solutions with and without mistakes, one or two
//! cells changed in each lane of a block in turn, values above 9 in every cell and in lanes
//! of every quarter, and the steps of 64, then 32, then single pairs that a chunk of any
//! length takes. A machine without AVX-512 skips these and says so.

use super::block_avx512::solution_block;
use super::chunk::{solution_checked, solution_with};
use super::kernel_tests::{pair, random_solution, slow};
use super::tests::xorshift;
use crate::batch::avx512::LANES;
use crate::batch::Kernel;
use crate::cpu;
use crate::grid::CELLS;

fn avx512() -> bool {
    let present = cpu::avx512_detected();
    if !present {
        eprintln!("skipped: this CPU has no AVX-512F/BW, so the AVX-512 solution kernel is not tested here");
    }
    present
}

/// The kernel's flags for one block, or None when it refused the block.
fn block(puzzles: &[u8], candidates: &[u8]) -> Option<Vec<bool>> {
    let mut out = [false; LANES];
    // SAFETY: only called after `avx512()` found AVX-512F and AVX-512BW.
    unsafe { solution_block(puzzles, candidates, &mut out) }.then(|| out.to_vec())
}

fn checked(puzzles: &[u8], candidates: &[u8]) -> Vec<bool> {
    let mut out = vec![false; puzzles.len() / CELLS];
    assert!(solution_checked(puzzles, candidates, &mut out));
    out
}

/// `count` right pairs: random solutions, each with a random share of its cells as givens.
fn right_pairs(count: usize, state: &mut u64) -> (Vec<u8>, Vec<u8>) {
    let (mut puzzles, mut candidates) = (Vec::new(), Vec::new());
    for _ in 0..count {
        let solution = random_solution(state);
        let share = xorshift(state) % 100;
        puzzles.extend(solution.map(|v| if xorshift(state) % 100 < share { v } else { 0 }));
        candidates.extend_from_slice(&solution);
    }
    (puzzles, candidates)
}

#[test]
fn blocks_agree_with_the_checked_path_and_the_reference() {
    if !avx512() {
        return;
    }
    let mut state = 0x510E_5EED_u64;
    let (mut solved, mut wrong) = (0, 0);
    for round in 0..1500 {
        let (mut puzzles, mut candidates) = (Vec::new(), Vec::new());
        for _ in 0..LANES {
            let (p, c) = pair(&mut state);
            puzzles.extend_from_slice(&p);
            candidates.extend_from_slice(&c);
        }
        let expected = slow(&puzzles, &candidates);
        assert_eq!(block(&puzzles, &candidates), Some(expected.clone()), "round {round}");
        assert_eq!(checked(&puzzles, &candidates), expected, "round {round}");
        solved += expected.iter().filter(|&&s| s).count();
        wrong += expected.iter().filter(|&&s| !s).count();
    }
    assert!(solved > 10_000 && wrong > 10_000, "{solved} solved, {wrong} not");
}

#[test]
fn one_or_two_cells_changed_in_each_lane_are_caught_there_only() {
    if !avx512() {
        return;
    }
    let mut state = 0xCE11_u64;
    for round in 0..40 {
        let (puzzles, candidates) = right_pairs(LANES, &mut state);
        assert_eq!(block(&puzzles, &candidates), Some(vec![true; LANES]), "round {round}");
        for lane in 0..LANES {
            let mut changed = candidates.clone();
            let cells = 1 + round % 2;
            for _ in 0..cells {
                let at = lane * CELLS + xorshift(&mut state) as usize % CELLS;
                changed[at] = (xorshift(&mut state) % 10) as u8;
            }
            let expected = slow(&puzzles, &changed);
            assert!(expected.iter().enumerate().all(|(b, &s)| s || b == lane));
            assert_eq!(block(&puzzles, &changed), Some(expected.clone()), "round {round}, lane {lane}");
            assert_eq!(checked(&puzzles, &changed), expected);
            // Two cells of a row swapped: every sum and every unit's digits but two kept.
            let mut swapped = candidates.clone();
            let at = lane * CELLS + xorshift(&mut state) as usize % CELLS;
            let other = at - at % 9 + (at % 9 + 1 + xorshift(&mut state) as usize % 8) % 9;
            swapped.swap(at, other);
            let expected = slow(&puzzles, &swapped);
            assert_eq!(block(&puzzles, &swapped), Some(expected), "round {round}, lane {lane}, swap");
        }
    }
}

#[test]
fn any_value_above_nine_in_any_cell_and_lane_is_refused() {
    if !avx512() {
        return;
    }
    let (puzzles, candidates) = right_pairs(LANES, &mut 0xBAD_u64);
    for cell in 0..CELLS {
        for (lane, bad) in [(0, 10u8), (15, 0xFF), (16, 16), (31, 0x39), (32, 0x80), (47, 11), (48, 0x89), (63, 25)] {
            let at = lane * CELLS + cell;
            let (mut p, mut c) = (puzzles.clone(), candidates.clone());
            p[at] = bad;
            assert_eq!(block(&p, &candidates), None, "puzzle: {bad} at {cell} of {lane}");
            c[at] = bad;
            assert_eq!(block(&puzzles, &c), None, "candidate: {bad} at {cell} of {lane}");
            let mut out = [false; LANES];
            assert!(!solution_with(Kernel::Avx512, &puzzles, &c, &mut out));
        }
    }
    // Too short, so it reads nothing.
    assert_eq!(block(&puzzles[CELLS..], &candidates[CELLS..]), None);
    assert_eq!(block(&puzzles, &candidates[..LANES * CELLS - 1]), None);
}

/// Chunks of every length around the block sizes: 64-pair blocks, a 32-pair block, then the
/// checked path for the last pairs, with each kernel the CPU has, against the reference.
#[test]
fn every_kernel_steps_through_partial_blocks_as_the_reference() {
    let mut kernels = vec![Kernel::Portable];
    if cpu::avx2_detected() {
        kernels.push(Kernel::Avx2);
    }
    if avx512() {
        kernels.push(Kernel::Avx512);
    }
    let mut state = 0x9A27_u64;
    for count in [0, 1, 31, 32, 33, 63, 64, 65, 95, 96, 97, 127, 128, 129, 160, 191, 1000] {
        let (mut puzzles, mut candidates) = (Vec::new(), Vec::new());
        for _ in 0..count {
            let (p, c) = pair(&mut state);
            puzzles.extend_from_slice(&p);
            candidates.extend_from_slice(&c);
        }
        let expected = slow(&puzzles, &candidates);
        for &kernel in &kernels {
            let mut out = vec![false; count];
            assert!(solution_with(kernel, &puzzles, &candidates, &mut out), "{kernel:?}, {count}");
            assert_eq!(out, expected, "{kernel:?}, {count} pairs");
            // A bad value in the last pair, which only the checked path or the last block sees.
            if let Some(last) = candidates.last_mut() {
                let keep = *last;
                *last = 10;
                assert!(!solution_with(kernel, &puzzles, &candidates, &mut out), "{kernel:?}, {count}");
                if let Some(last) = candidates.last_mut() {
                    *last = keep;
                }
            }
        }
    }
}
