//! Depth-first search over settled candidates, on an explicit stack of fixed size.

use super::state::Candidates;
use crate::grid::CELLS;

/// The search was asked to stop before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// Guesses between two calls of the "should stop?" callback. A guess and its propagation take
/// a fraction of a microsecond, so this asks every millisecond or so.
const GUESSES_PER_POLL: u32 = 4096;

/// A guess still open: the board before it, the cell, and the digits not yet tried there.
#[derive(Clone, Copy)]
struct Frame {
    before: Candidates,
    cell: u8,
    untried: u16,
}

/// Every guess solves one more cell, so there are never more open guesses than cells.
const MAX_DEPTH: usize = CELLS;

/// Visits the solutions of a settled board in a fixed order (the most constrained cell first,
/// digits ascending), calling `found` with each solved board until it returns true.
///
/// Polls `should_stop` every [`GUESSES_PER_POLL`] guesses and returns `Err(Stopped)` when it
/// says so. Uses no recursion and allocates nothing: the stack is an array of
/// [`MAX_DEPTH`] frames of 112 bytes.
pub fn search(
    start: Candidates,
    found: &mut impl FnMut(&Candidates) -> bool,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<(), Stopped> {
    if start.is_solved() {
        found(&start);
        return Ok(());
    }
    let mut stack = [Frame { before: start, cell: 0, untried: 0 }; MAX_DEPTH];
    let mut depth = 0;
    let mut board = start;
    let mut until_poll = GUESSES_PER_POLL;
    // Whether `board` is settled without contradiction (else: backtrack).
    let mut alive = true;
    loop {
        if alive {
            if board.is_solved() {
                if found(&board) {
                    return Ok(());
                }
                alive = false;
                continue;
            }
            until_poll -= 1;
            if until_poll == 0 {
                until_poll = GUESSES_PER_POLL;
                if should_stop() {
                    return Err(Stopped);
                }
            }
            let (cell, digits) = board.guess();
            let digit = digits.trailing_zeros() as usize;
            let untried = digits & digits.wrapping_sub(1);
            if untried != 0 {
                // Depth stays below MAX_DEPTH: each open frame's cell is solved on the path
                // below it, so there are at most as many frames as unsolved cells.
                if let Some(frame) = stack.get_mut(depth) {
                    *frame = Frame { before: board, cell: cell as u8, untried };
                    depth += 1;
                }
            }
            alive = board.place_and_settle(digit, cell).is_ok();
        } else {
            let Some(frame) = depth.checked_sub(1).and_then(|top| stack.get_mut(top)) else {
                return Ok(());
            };
            let digit = frame.untried.trailing_zeros() as usize;
            frame.untried &= frame.untried - 1;
            board = frame.before;
            let cell = usize::from(frame.cell);
            if frame.untried == 0 {
                depth -= 1;
            }
            alive = board.place_and_settle(digit, cell).is_ok();
        }
    }
}
