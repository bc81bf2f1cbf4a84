//! The chunk operations the batch driver runs: chunks of (puzzle, candidate[, solution])
//! values in, one answer per board out.
//!
//! `is_solution` has a kernel of its own (`super::block_avx2`), with the checked path below as
//! its fallback. For scores (and in that checked path), validity comes from the batch
//! validator (`batch::validate_chunk`, AVX2 where the CPU has it); the cell-by-cell checks (complete, keeps the givens, equals the reference) are
//! branch-free loops over fixed-size boards that the compiler vectorises, compiled twice:
//! once for any x86-64 and once with AVX2, chosen like every other validator (`crate::cpu`).

use super::{against_reference, pair_marks, Score};
#[cfg(target_arch = "x86_64")]
use super::{avx2, block_avx2, block_avx512};
use crate::batch::source::first_out_of_range;
#[cfg(target_arch = "x86_64")]
use crate::batch::Thirds;
use crate::batch::{self, run::CHUNK};
use crate::bounds::Known;
use crate::cpu;
use crate::grid::CELLS;

/// `is_solution` for each pair of a chunk: `values[0]` holds the puzzles and `values[1]` the
/// candidates, 81 values each, one flag per board in `out`. Values may be above 9 (the
/// driver's [`batch::run_raw`] leaves sources read in place unscanned): returns false when
/// any is, and `out` is then meaningless; true otherwise.
///
/// Whole blocks of pairs go through a solution kernel, which reads each pair once: 64 at a
/// time with AVX-512 (`super::block_avx512`), then 32 with AVX2 (`super::block_avx2`); a block
/// a kernel refuses, and the last pairs, take the checked path.
pub fn solution_chunk(values: &[&[u8]], out: &mut [bool]) -> bool {
    let (Some(&puzzles), Some(&candidates)) = (values.first(), values.get(1)) else { return true };
    #[cfg(target_arch = "x86_64")]
    if cpu::avx512_enabled() {
        // SAFETY: `avx512_enabled` has checked that this CPU supports AVX-512F, BW and AVX2.
        return unsafe { solution_blocks_avx512(puzzles, candidates, out) };
    }
    #[cfg(target_arch = "x86_64")]
    if cpu::avx2_enabled() {
        // SAFETY: `avx2_enabled` has checked that this CPU supports AVX2.
        return unsafe { solution_blocks_avx2(puzzles, candidates, out) };
    }
    solution_checked(puzzles, candidates, out)
}

/// The checked path of [`solution_chunk`]: a scan for values above 9 in both inputs, then
/// the batch validator on the candidates and the cell-by-cell checks of each pair.
pub(crate) fn solution_checked(puzzles: &[u8], candidates: &[u8], out: &mut [bool]) -> bool {
    if first_out_of_range(puzzles).is_some() || first_out_of_range(candidates).is_some() {
        return false;
    }
    batch::validate_chunk(candidates, out);
    #[cfg(target_arch = "x86_64")]
    if cpu::avx2_enabled() {
        // SAFETY: `avx2_enabled` has checked that this CPU supports AVX2.
        unsafe { keep_solved_avx2(puzzles, candidates, out) };
        return true;
    }
    keep_solved(puzzles, candidates, out);
    true
}

/// [`solution_chunk`] with AVX2: the kernel on whole blocks, the checked path elsewhere.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn solution_blocks_avx2(puzzles: &[u8], candidates: &[u8], out: &mut [bool]) -> bool {
    let Some(done) = kernel_blocks(puzzles, candidates, out, |p, c, flags, ahead| block_avx2::solution_block(p, c, flags, ahead))
    else {
        return false;
    };
    let rest = done * CELLS..;
    solution_checked(puzzles.get(rest.clone()).known(), candidates.get(rest).known(), out.get_mut(done..).known())
}

/// [`solution_chunk`] with AVX-512: its kernel on whole blocks of 64, the AVX2 path on the
/// rest.
///
/// # Safety
/// The CPU must support AVX-512F, AVX-512BW and AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
pub(crate) unsafe fn solution_blocks_avx512(puzzles: &[u8], candidates: &[u8], out: &mut [bool]) -> bool {
    let Some(done) =
        kernel_blocks(puzzles, candidates, out, |p, c, flags, ahead| block_avx512::solution_block(p, c, flags, ahead))
    else {
        return false;
    };
    let rest = done * CELLS..;
    // SAFETY: the caller promises AVX2.
    unsafe { solution_blocks_avx2(puzzles.get(rest.clone()).known(), candidates.get(rest).known(), out.get_mut(done..).known()) }
}

/// Runs `kernel` on each whole block of `LANES` pairs, a refused block on the checked path;
/// the number of pairs done, or `None` when some value is above 9.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn kernel_blocks<const LANES: usize>(
    puzzles: &[u8],
    candidates: &[u8],
    out: &mut [bool],
    mut kernel: impl FnMut(&[u8], &[u8], &mut [bool; LANES], [Thirds<'_>; 2]) -> bool,
) -> Option<usize> {
    let block = LANES * CELLS;
    // Blocks ahead of the one checked whose pairs are prefetched, a third before each of its
    // windows ([`Thirds`]): asked for at once, both boards' lines measured slower than no
    // prefetch at all; spread, a fifth faster than none (AVX2, 32 pairs a block).
    const AHEAD: usize = 2;
    let mut done = 0;
    for (index, flags) in out.chunks_exact_mut(LANES).enumerate() {
        let Ok(flags) = <&mut [bool; LANES]>::try_from(flags) else { break };
        let cells = index * block..(index + 1) * block;
        let (Some(p), Some(c)) = (puzzles.get(cells.clone()), candidates.get(cells)) else { break };
        let next = (index + AHEAD) * block..(index + AHEAD + 1) * block;
        // Nothing to prefetch past the last block.
        let ahead =
            [Thirds::new(puzzles.get(next.clone()).unwrap_or_default()), Thirds::new(candidates.get(next).unwrap_or_default())];
        if !kernel(p, c, flags, ahead) && !solution_checked(p, c, flags) {
            return None;
        }
        done += LANES;
    }
    Some(done)
}

/// The [`Score`] of each board of a chunk: `values[0]` puzzles, `values[1]` candidates and,
/// when present, `values[2]` reference solutions.
pub fn score_chunk(values: &[&[u8]], out: &mut [Score]) {
    let (Some(&puzzles), Some(&candidates)) = (values.first(), values.get(1)) else { return };
    let solutions = values.get(2).copied();
    // The driver's chunks of boards read in place may be longer than CHUNK; a longer `out` is
    // done CHUNK at a time.
    let mut valid = [false; CHUNK];
    for (step, scores) in out.chunks_mut(CHUNK).enumerate() {
        let cells = step * CHUNK * CELLS..(step * CHUNK + scores.len()) * CELLS;
        let puzzles = puzzles.get(cells.clone()).known();
        let candidates = candidates.get(cells.clone()).known();
        let solutions = solutions.map(|s| s.get(cells).known());
        let valid = valid.get_mut(..scores.len()).known();
        batch::validate_chunk(candidates, valid);
        #[cfg(target_arch = "x86_64")]
        if cpu::avx2_enabled() {
            // SAFETY: `avx2_enabled` has checked that this CPU supports AVX2.
            unsafe { scores_avx2(puzzles, candidates, solutions, valid, scores) };
            continue;
        }
        scores_of(puzzles, candidates, solutions, valid, scores);
    }
}

/// Clears the flag of every pair whose candidate is incomplete or changes a given.
#[inline(always)]
fn keep_solved(puzzles: &[u8], candidates: &[u8], out: &mut [bool]) {
    for ((p, c), flag) in puzzles.chunks_exact(CELLS).zip(candidates.chunks_exact(CELLS)).zip(out.iter_mut()) {
        let (Ok(p), Ok(c)) = (<&[u8; CELLS]>::try_from(p), <&[u8; CELLS]>::try_from(c)) else { continue };
        *flag &= pair_marks(p, c) == 0;
    }
}

#[inline(always)]
fn scores_of(puzzles: &[u8], candidates: &[u8], solutions: Option<&[u8]>, valid: &[bool], out: &mut [Score]) {
    let pairs = puzzles.chunks_exact(CELLS).zip(candidates.chunks_exact(CELLS)).zip(valid).zip(out.iter_mut());
    match solutions {
        Some(solutions) => {
            for ((((p, c), &valid), score), s) in pairs.zip(solutions.chunks_exact(CELLS)) {
                let (Ok(p), Ok(c), Ok(s)) =
                    (<&[u8; CELLS]>::try_from(p), <&[u8; CELLS]>::try_from(c), <&[u8; CELLS]>::try_from(s))
                else {
                    continue;
                };
                let (matches, correct, empty) = against_reference(p, c, s);
                *score = Score::new(pair_marks(p, c), valid, matches, correct, empty);
            }
        }
        None => {
            for (((p, c), &valid), score) in pairs {
                let (Ok(p), Ok(c)) = (<&[u8; CELLS]>::try_from(p), <&[u8; CELLS]>::try_from(c)) else { continue };
                *score = Score::new(pair_marks(p, c), valid, false, 0, 0);
            }
        }
    }
}

/// [`keep_solved`] with AVX2: three overlapping vectors per board (`super::avx2`).
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn keep_solved_avx2(puzzles: &[u8], candidates: &[u8], out: &mut [bool]) {
    for ((p, c), flag) in puzzles.chunks_exact(CELLS).zip(candidates.chunks_exact(CELLS)).zip(out.iter_mut()) {
        let (Ok(p), Ok(c)) = (<&[u8; CELLS]>::try_from(p), <&[u8; CELLS]>::try_from(c)) else { continue };
        *flag &= avx2::pair_marks(p, c) == 0;
    }
}

/// [`scores_of`] with AVX2.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn scores_avx2(puzzles: &[u8], candidates: &[u8], solutions: Option<&[u8]>, valid: &[bool], out: &mut [Score]) {
    let pairs = puzzles.chunks_exact(CELLS).zip(candidates.chunks_exact(CELLS)).zip(valid).zip(out.iter_mut());
    for (index, (((p, c), &valid), score)) in pairs.enumerate() {
        let (Ok(p), Ok(c)) = (<&[u8; CELLS]>::try_from(p), <&[u8; CELLS]>::try_from(c)) else { continue };
        let s = solutions.and_then(|s| s.get(index * CELLS..(index + 1) * CELLS)).and_then(|s| <&[u8; CELLS]>::try_from(s).ok());
        *score = avx2::score(p, c, s, valid);
    }
}

/// The portable paths, callable directly so tests can compare them with the dispatched ones.
#[cfg(test)]
pub(crate) fn portable_keep_solved(puzzles: &[u8], candidates: &[u8], out: &mut [bool]) {
    keep_solved(puzzles, candidates, out);
}

#[cfg(test)]
pub(crate) fn portable_scores(puzzles: &[u8], candidates: &[u8], solutions: Option<&[u8]>, valid: &[bool], out: &mut [Score]) {
    scores_of(puzzles, candidates, solutions, valid, out);
}
