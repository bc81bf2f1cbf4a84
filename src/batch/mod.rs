//! Many boards at once: SIMD across boards, threads across the batch.
//!
//! Pure Rust over byte slices; knows nothing of Python or numpy. Every batch goes through one
//! driver ([`run`]): a [`BoardSource`] (boards read in place or a chunk at a time: numpy
//! arrays and buffers in `source` and `strided`, puzzle text in [`Lines`] and `fixed_text`,
//! Arrow columns in `crate::arrow`, DLPack tensors in `crate::dlpack`) is cut into chunks of
//! checked values 0-9, spread over threads, and an operation runs on each chunk. Validation is
//! [`validate_source`] ([`validate_lines`] for text); solving, scoring, grading and the rest
//! pass their own operation to the same driver.
//!
//! Each returns one answer per board, or the first bad input in board order, whatever the
//! number of threads.
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
#[cfg(all(feature = "drivers", target_arch = "x86_64"))]
pub(crate) mod drivers;
pub mod fixed_text;
mod kernel;
#[cfg(all(any(test, feature = "drivers"), target_arch = "x86_64"))]
mod kernel_tests;
mod lines;
pub mod pages;
mod portable;
pub mod run;
pub mod source;
pub mod strided;
#[cfg(target_arch = "x86_64")]
mod thirds;
mod threads;

use crate::grid::CELLS;

pub use kernel::{kernel, Kernel};
pub use lines::{validate_lines, Lines};
pub use run::{
    accepting, indexed, never, run, run_raw, run_raw_with_text, run_until, run_with_text, Check, Cost, Failure, Stop, TextOp,
};
pub use source::{BatchError, BoardSource, Values};
#[cfg(target_arch = "x86_64")]
pub(crate) use thirds::Thirds;
pub use threads::available_threads;

// Public for the command, which spreads --unique and --solve over threads the same way.
use crate::bounds::Known;
pub use threads::{part_count, run_parts, run_parts_watched};

/// Boards per SIMD block.
const BLOCK: usize = 32;

/// The validation step of [`run`]: one flag per board of `values` (checked values 0-9, as
/// the driver hands them out), a SIMD block at a time where possible.
pub fn validate_chunk(values: &[u8], flags: &mut [bool]) {
    // The driver checked every value, so the validator cannot find a bad one.
    let checked = values_on_this_thread(values, flags);
    debug_assert!(checked, "the driver hands out checked values 0-9");
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
    validate_chunk(values.first().copied().known(), flags);
}

/// Validation as a driver operation on values the driver has not scanned
/// ([`run::run_raw_with_text`]): false when some value is above 9, and the driver then finds
/// and names it. This spares a scan of every board read in place: the SIMD kernels check the
/// values as they go.
pub fn validate_raw_op(values: &[&[u8]], flags: &mut [bool]) -> bool {
    values_on_this_thread(values.first().copied().known(), flags)
}

/// The name of the validator in use: "avx512", "avx2" or "portable".
pub fn kernel_name() -> &'static str {
    kernel().name()
}

/// Validates boards of values on the calling thread, a SIMD block at a time where possible;
/// false when some value is above 9 (the flags are then meaningless).
fn values_on_this_thread(cells: &[u8], out: &mut [bool]) -> bool {
    let Some(done) = simd_blocks(cells, out) else { return false };
    let rest_cells = cells.get(done * CELLS..).known();
    let rest_out = out.get_mut(done..).known();
    portable::validate(rest_cells, &portable::VALUES, rest_out).is_ok()
}

/// Validates whole blocks of 32 boards with the SIMD kernel in use, 64 at a time where it is
/// AVX-512; returns how many boards it did, or None when some value is above 9.
#[cfg(target_arch = "x86_64")]
fn simd_blocks(cells: &[u8], out: &mut [bool]) -> Option<usize> {
    let kernel = kernel();
    if kernel == Kernel::Portable {
        return Some(0);
    }
    let whole = out.len().min(cells.len() / CELLS) / BLOCK * BLOCK;
    let (bytes, flags) = (cells.get(..whole * CELLS).known(), out.get_mut(..whole).known());
    // A refusal may be a value above 9 or a block the kernel would not take: the checked
    // path says which.
    if !kernel::validate_blocks::<false>(kernel, bytes, CELLS, flags)
        && portable::validate(bytes, &portable::VALUES, flags).is_err()
    {
        return None;
    }
    Some(whole)
}

#[cfg(not(target_arch = "x86_64"))]
fn simd_blocks(_cells: &[u8], _out: &mut [bool]) -> Option<usize> {
    Some(0)
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
        cells.as_chunks::<CELLS>().0.iter().map(crate::check::is_valid_cells).collect()
    }

    /// Flags through the one driver, or the bad board and cell it names.
    fn validated(cells: &[u8], threads: usize) -> Result<Vec<bool>, (Option<usize>, String)> {
        let mut out = vec![false; cells.len() / CELLS];
        validate_source(&Values::new(cells, 0, false), 0, &mut out, threads).map_err(|failure| match failure.error {
            BatchError::Board(error) => (error.board, error.to_string()),
            other => (None, format!("{other:?}")),
        })?;
        Ok(out)
    }

    #[test]
    fn batches_agree_with_one_board_at_a_time() {
        for count in [0, 1, 31, 32, 33, 64, 95, 1000, 5000] {
            let cells = random_boards(count, 0xC0FFEE + count as u64);
            let expected = one_by_one(&cells);
            assert!(expected.iter().any(|&v| v) || count < 100);
            assert!(expected.iter().any(|&v| !v) || count < 100);
            for threads in [1, 2, 3, 7] {
                assert_eq!(validated(&cells, threads), Ok(expected.clone()), "{count} boards, {threads} threads");
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
            let (board, message) = validated(&cells, threads).unwrap_err();
            assert_eq!(board, Some(1234));
            assert!(message.contains("[80]"), "{message}");
        }
        // In the tail that no SIMD block covers, too.
        let mut cells = random_boards(40, 9);
        cells[39 * CELLS + 40] = 12;
        let (board, message) = validated(&cells, 1).unwrap_err();
        assert_eq!(board, Some(39));
        assert!(message.contains("[40]"), "{message}");
    }

    #[test]
    fn the_chunk_validators_say_whether_every_value_was_a_digit() {
        let mut cells = random_boards(100, 11);
        let mut flags = vec![false; 100];
        assert!(validate_raw_op(&[&cells], &mut flags));
        assert_eq!(flags, one_by_one(&cells));
        cells[70 * CELLS + 5] = 10;
        assert!(!validate_raw_op(&[&cells], &mut flags));
    }
}
