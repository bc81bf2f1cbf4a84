//! Scores of a whole batch, written straight into one output column per measure.
//!
//! The driver hands out one [`Score`] per board; the batch is scored a block at a time into
//! a small scratch of them and each block is spread into the columns, so memory beyond the
//! outputs stays one block (256 KB) whatever the batch size.

use super::Score;
use crate::batch::{source::try_filled, BatchError};
use crate::bounds::Known;
#[cfg(any(test, feature = "drivers"))]
#[cfg_attr(not(test), allow(unused_imports))]
use {
    super::score_chunk,
    crate::batch::{self, BoardSource, Cost, Failure},
};

/// Boards scored per block: enough to keep every thread busy for a while (the driver splits
/// a block into parts for threads), few enough that the scratch stays small.
pub const BLOCK: usize = 1 << 16;

/// Where the scores of a batch go: one slot per board in each column.
pub struct Columns<'a> {
    pub complete: &'a mut [bool],
    pub valid: &'a mut [bool],
    pub keeps_givens: &'a mut [bool],
    pub solved: &'a mut [bool],
    /// With reference solutions only.
    pub matches: Option<&'a mut [bool]>,
    /// With reference solutions only.
    pub cell_accuracy: Option<&'a mut [f64]>,
}

impl Columns<'_> {
    /// Boards in the batch: the length of the shortest column.
    pub fn len(&self) -> usize {
        [self.complete.len(), self.valid.len(), self.keeps_givens.len(), self.solved.len()]
            .into_iter()
            .chain(self.matches.as_ref().map(|m| m.len()))
            .chain(self.cell_accuracy.as_ref().map(|a| a.len()))
            .min()
            .unwrap_or(0)
    }

    /// True when there is no board.
    #[cfg(any(test, feature = "drivers"))]
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Writes the scores of boards `first..first + scores.len()` into the columns.
    pub fn spread(&mut self, first: usize, scores: &[Score]) {
        let range = first..first + scores.len();
        spread_into(self.complete.get_mut(range.clone()), scores, Score::complete);
        spread_into(self.valid.get_mut(range.clone()), scores, Score::valid);
        spread_into(self.keeps_givens.get_mut(range.clone()), scores, Score::keeps_givens);
        spread_into(self.solved.get_mut(range.clone()), scores, Score::solved);
        if let Some(matches) = self.matches.as_deref_mut() {
            spread_into(matches.get_mut(range.clone()), scores, Score::matches);
        }
        if let Some(accuracy) = self.cell_accuracy.as_deref_mut() {
            spread_into(accuracy.get_mut(range), scores, Score::cell_accuracy);
        }
    }
}

/// One measure of each score into its slot of a column (generic, so each is its own loop).
#[inline]
fn spread_into<T>(column: Option<&mut [T]>, scores: &[Score], measure: impl Fn(Score) -> T) {
    for (slot, &score) in column.unwrap_or_default().iter_mut().zip(scores) {
        *slot = measure(score);
    }
}

/// Scores every board of `columns`, a block at a time: `run_block(first, scores)` must fill
/// `scores` with the scores of boards `first..first + scores.len()` (with [`score_chunk`] as
/// the driver's operation). `scratch` is the block buffer; an empty one does nothing.
pub fn score_blocks<E>(
    columns: &mut Columns<'_>,
    scratch: &mut [Score],
    mut run_block: impl FnMut(usize, &mut [Score]) -> Result<(), E>,
) -> Result<(), E> {
    let boards = columns.len();
    if scratch.is_empty() {
        return Ok(());
    }
    let mut first = 0;
    while first < boards {
        let count = scratch.len().min(boards - first);
        let scores = scratch.get_mut(..count).known();
        run_block(first, scores)?;
        columns.spread(first, scores);
        first += count;
    }
    Ok(())
}

/// A scratch block for [`score_blocks`] for a batch of `boards` boards.
pub fn scratch_for(boards: usize) -> Result<Vec<Score>, BatchError> {
    try_filled(boards.min(BLOCK), Score::default())
}

/// Scores a batch read from `sources` (puzzles, candidates and optionally solutions, each
/// with at least `columns.len()` boards) on up to `threads` threads, with the core driver:
/// the tests' way in (the bindings drive [`score_blocks`] themselves, to hear Ctrl-C).
#[cfg(any(test, feature = "drivers"))]
#[cfg_attr(not(test), allow(dead_code))]
pub fn score_many(sources: &[&dyn BoardSource], columns: &mut Columns<'_>, threads: usize) -> Result<(), Failure> {
    let mut scratch = scratch_for(columns.len()).map_err(|error| Failure { source: 0, error })?;
    score_blocks(columns, &mut scratch, |first, scores| batch::run(sources, first, scores, threads, Cost::Light, score_chunk))
}
