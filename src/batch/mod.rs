//! Many boards at once: SIMD across boards, threads across the batch.
//!
//! Pure Rust over byte slices; knows nothing of Python or numpy. Three inputs:
//! - [`validate_values`]: boards stored as 81 consecutive cell values 0-9, read in place;
//! - [`validate_converted`]: boards in any other layout, which a caller-supplied `fill`
//!   writes as values into a small per-thread buffer, a chunk at a time;
//! - [`Lines`]: puzzle lines, as a puzzle file reads.
//!
//! Each returns one flag per board (true: no digit repeats in a row, column or box), or the
//! first bad input in board order, whatever the number of threads.
//!
//! The validator is chosen once per process ([`kernel`]): AVX-512 where the CPU has it, else
//! AVX2, else the portable one. Setting `VALID_SUDOKU_FORCE_PORTABLE=1`
//! ([`crate::cpu::FORCE_PORTABLE_ENV`]) before the first call forces the portable one, and
//! `VALID_SUDOKU_FORCE_AVX2=1` ([`crate::cpu::FORCE_AVX2_ENV`]) AVX2; they exist for tests and
//! benchmarks.

// The solution kernels (`crate::score`) reuse their transposes.
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512;
#[cfg(all(any(test, feature = "drivers"), target_arch = "x86_64"))]
mod kernel_tests;
#[cfg(all(feature = "drivers", target_arch = "x86_64"))]
pub(crate) mod drivers;
pub mod fixed_text;
mod kernel;
mod lines;
pub mod pages;
mod portable;
pub mod run;
pub mod source;
pub mod strided;
mod threads;

use std::fmt;

use crate::error::shape_text;
use crate::grid::CELLS;

pub use kernel::{kernel, Kernel};
#[cfg(target_arch = "x86_64")]
pub(crate) use kernel::Thirds;
pub use lines::{validate_lines, Lines};
pub use run::{accepting, indexed, never, run, run_raw, run_raw_with_text, run_until, run_with_text, Check, Cost, Failure, Stop, TextOp};
pub use source::{BatchError, BoardSource, Values};
pub use threads::available_threads;

// Public for the command, which spreads --unique and --solve over threads the same way.
pub use threads::{part_count, run_parts, run_parts_watched};

/// Boards per SIMD block.
const BLOCK: usize = 32;

/// Smallest share of a batch worth a thread of its own; tiny in unit tests, so that small
/// inputs exercise the splitting.
const MIN_PART_BOARDS: usize = if cfg!(test) { 64 } else { 8192 };


/// Boards converted per step by [`validate_converted`]: 81 KB of values, which stays in cache.
const CONVERT_CHUNK: usize = 1024;

/// A cell outside 0-9: the first one in board order (then cell order).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BadCell {
    /// 0-based index of the board in the batch.
    pub board: usize,
    /// 0-based cell within the board, row-major (0-80).
    pub cell: usize,
}

/// An array of boards whose shape is neither (N, 9, 9) nor (N, 81).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShapeError {
    pub found: Vec<usize>,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "boards: expected shape (N, 9, 9) or (N, 81), got {}", shape_text(&self.found))
    }
}

impl std::error::Error for ShapeError {}

/// The number of boards in an array of this shape, if it is (N, 9, 9) or (N, 81).
pub fn boards_in_shape(shape: &[usize]) -> Result<usize, ShapeError> {
    match *shape {
        [boards, 9, 9] | [boards, 81] => Ok(boards),
        _ => Err(ShapeError { found: shape.to_vec() }),
    }
}

/// Validates `out.len()` boards stored as 81 consecutive values each (0 empty, 1-9 digits)
/// at the start of `cells`. Fails on the first value above 9.
pub fn validate_values(cells: &[u8], out: &mut [bool], threads: usize) -> Result<(), BadCell> {
    let boards = out.len().min(cells.len() / CELLS);
    let out = out.get_mut(..boards).unwrap_or_default();
    for_each_part(out, threads, |first, flags| {
        let bytes = cells.get(first * CELLS..(first + flags.len()) * CELLS).unwrap_or_default();
        values_on_this_thread(bytes, flags)
    })
}

/// Validates `out.len()` boards that `fill(first, buffer)` writes as values, board `first`
/// first, 81 bytes per board, into a buffer of a whole number of boards. `fill` must write a
/// byte above 9 for any value outside 0-9; the error then names that board and cell.
///
/// Memory beyond the input and output: one buffer of at most 1024 boards per thread.
pub fn validate_converted<F>(out: &mut [bool], threads: usize, fill: F) -> Result<(), BadCell>
where
    F: Fn(usize, &mut [u8]) + Sync,
{
    for_each_part(out, threads, |first, flags| {
        let mut buffer = vec![0u8; CONVERT_CHUNK.min(flags.len()) * CELLS];
        for (chunk, chunk_flags) in flags.chunks_mut(CONVERT_CHUNK).enumerate() {
            let start = chunk * CONVERT_CHUNK;
            let values = buffer.get_mut(..chunk_flags.len() * CELLS).unwrap_or_default();
            fill(first + start, values);
            values_on_this_thread(values, chunk_flags)
                .map_err(|bad| BadCell { board: start + bad.board, ..bad })?;
        }
        Ok(())
    })
}

/// The validation step of [`run`]: one flag per board of `values` (checked values 0-9, as
/// the driver hands them out), a SIMD block at a time where possible.
pub fn validate_chunk(values: &[u8], flags: &mut [bool]) {
    // The driver checked every value, so the validator cannot find a bad one.
    let _ = values_on_this_thread(values, flags);
}

/// The text shortcut of validation ([`run::TextOp`]): one flag per board of puzzle text read
/// in place, board `k` at `k * stride`, when the CPU has AVX2, the boards fill whole SIMD
/// blocks and every symbol is '1'-'9', '.' or '0'. Returns false otherwise (flags then
/// meaningless), and the driver validates the chunk through values, naming any bad symbol.
pub fn validate_text(bytes: &[u8], stride: usize, flags: &mut [bool]) -> bool {
    #[cfg(target_arch = "x86_64")]
    if kernel() != Kernel::Portable && flags.len().is_multiple_of(BLOCK) {
        return kernel::validate_blocks::<true>(kernel(), bytes, stride, flags);
    }
    let _ = (bytes, stride, flags);
    false
}

/// Validates the boards `first..first + out.len()` of `source` through the one driver, reading
/// text in place where the source offers it.
pub fn validate_source(source: &dyn BoardSource, first: usize, out: &mut [bool], threads: usize) -> Result<(), Failure> {
    run::run_raw_with_text(&[source], first, out, threads, Cost::Light, validate_raw_op, &validate_text)
}

/// Validation as a driver operation: the boards of the first (only) source.
pub fn validate_op(values: &[&[u8]], flags: &mut [bool]) {
    validate_chunk(values.first().copied().unwrap_or_default(), flags);
}

/// Validation as a driver operation on values the driver has not scanned
/// ([`run::run_raw_with_text`]): false when some value is above 9, and the driver then finds
/// and names it. This spares a scan of every board read in place: the SIMD kernels check the
/// values as they go.
pub fn validate_raw_op(values: &[&[u8]], flags: &mut [bool]) -> bool {
    values_on_this_thread(values.first().copied().unwrap_or_default(), flags).is_ok()
}

/// The name of the validator in use: "avx512", "avx2" or "portable".
pub fn kernel_name() -> &'static str {
    kernel().name()
}

/// Cuts `out` into parts of whole blocks, runs `work(first_board, flags)` on each (boards
/// relative to the part), and returns the first error in board order.
fn for_each_part<W>(out: &mut [bool], threads: usize, work: W) -> Result<(), BadCell>
where
    W: Fn(usize, &mut [bool]) -> Result<(), BadCell> + Sync,
{
    let boards = out.len();
    let parts = part_count(boards, threads, MIN_PART_BOARDS);
    let per_part = boards.div_ceil(parts).next_multiple_of(BLOCK).max(BLOCK);
    let parts: Vec<(usize, &mut [bool])> =
        out.chunks_mut(per_part).enumerate().map(|(i, flags)| (i * per_part, flags)).collect();
    let results = run_parts(
        parts,
        threads,
        |(first, flags)| work(first, flags).map_err(|bad| BadCell { board: first + bad.board, ..bad }),
        Result::is_err,
    );
    results.into_iter().flatten().collect()
}

/// Validates boards of values on the calling thread, a SIMD block at a time where possible.
fn values_on_this_thread(cells: &[u8], out: &mut [bool]) -> Result<(), BadCell> {
    let done = simd_blocks(cells, out)?;
    let rest_cells = cells.get(done * CELLS..).unwrap_or_default();
    let rest_out = out.get_mut(done..).unwrap_or_default();
    portable::validate(rest_cells, &portable::VALUES, rest_out).map_err(|(board, cell)| BadCell { board: done + board, cell })
}

/// Validates whole blocks of 32 boards with the SIMD kernel in use, 64 at a time where it is
/// AVX-512; returns how many boards it did.
#[cfg(target_arch = "x86_64")]
fn simd_blocks(cells: &[u8], out: &mut [bool]) -> Result<usize, BadCell> {
    let kernel = kernel();
    if kernel == Kernel::Portable {
        return Ok(0);
    }
    let whole = out.len().min(cells.len() / CELLS) / BLOCK * BLOCK;
    let (bytes, flags) = (cells.get(..whole * CELLS).unwrap_or_default(), out.get_mut(..whole).unwrap_or_default());
    if !kernel::validate_blocks::<false>(kernel, bytes, CELLS, flags) {
        // Some value is above 9: the checked path finds the first one.
        portable::validate(bytes, &portable::VALUES, flags).map_err(|(board, cell)| BadCell { board, cell })?;
    }
    Ok(whole)
}

#[cfg(not(target_arch = "x86_64"))]
fn simd_blocks(_cells: &[u8], _out: &mut [bool]) -> Result<usize, BadCell> {
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    fn random_boards(count: usize, seed: u64) -> Vec<u8> {
        let mut state = seed;
        let mut cells = vec![0u8; count * CELLS];
        for (i, cell) in cells.iter_mut().enumerate() {
            let r = xorshift(&mut state);
            let density = (i / CELLS % 40) as u64;
            *cell = if r % 81 < density { (r >> 8) as u8 % 9 + 1 } else { 0 };
        }
        cells
    }

    fn one_by_one(cells: &[u8]) -> Vec<bool> {
        cells
            .chunks_exact(CELLS)
            .map(|board| crate::check::is_valid_cells(board.try_into().expect("81 cells")))
            .collect()
    }

    #[test]
    fn batches_agree_with_one_board_at_a_time() {
        for count in [0, 1, 31, 32, 33, 64, 95, 1000, 5000] {
            let cells = random_boards(count, 0xC0FFEE + count as u64);
            let expected = one_by_one(&cells);
            assert!(expected.iter().any(|&v| v) || count < 100);
            assert!(expected.iter().any(|&v| !v) || count < 100);
            for threads in [1, 2, 3, 7] {
                let mut out = vec![false; count];
                assert_eq!(validate_values(&cells, &mut out, threads), Ok(()));
                assert_eq!(out, expected, "{count} boards, {threads} threads");
                let mut converted = vec![false; count];
                let fill = |first: usize, buffer: &mut [u8]| {
                    buffer.copy_from_slice(&cells[first * CELLS..first * CELLS + buffer.len()]);
                };
                assert_eq!(validate_converted(&mut converted, threads, fill), Ok(()));
                assert_eq!(converted, expected);
            }
        }
    }

    #[test]
    fn the_first_bad_value_is_reported_whatever_the_threads() {
        let mut cells = random_boards(5000, 7);
        cells[4000 * CELLS + 3] = 200;
        cells[1234 * CELLS + 80] = 10;
        cells[1234 * CELLS + 81] = 11;
        for threads in [1, 2, 4] {
            let mut out = vec![false; 5000];
            assert_eq!(validate_values(&cells, &mut out, threads), Err(BadCell { board: 1234, cell: 80 }));
            let fill = |first: usize, buffer: &mut [u8]| {
                buffer.copy_from_slice(&cells[first * CELLS..first * CELLS + buffer.len()]);
            };
            assert_eq!(validate_converted(&mut out, threads, fill), Err(BadCell { board: 1234, cell: 80 }));
        }
        // In the tail that no SIMD block covers, too.
        let mut cells = random_boards(40, 9);
        cells[39 * CELLS + 40] = 12;
        assert_eq!(validate_values(&cells, &mut [false; 40], 1), Err(BadCell { board: 39, cell: 40 }));
    }

    #[test]
    fn shapes() {
        assert_eq!(boards_in_shape(&[5, 9, 9]), Ok(5));
        assert_eq!(boards_in_shape(&[0, 81]), Ok(0));
        let error = boards_in_shape(&[3, 9, 8]).unwrap_err();
        assert_eq!(error.to_string(), "boards: expected shape (N, 9, 9) or (N, 81), got (3, 9, 8)");
        assert_eq!(boards_in_shape(&[81]).unwrap_err().to_string(), "boards: expected shape (N, 9, 9) or (N, 81), got (81,)");
        assert_eq!(boards_in_shape(&[]).unwrap_err().to_string(), "boards: expected shape (N, 9, 9) or (N, 81), got ()");
    }
}
