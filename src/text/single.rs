//! The one-line format: 81 cells, then optionally whitespace or `#` and a comment.

use super::lines::{cell_value, Line};
use crate::error::TextError;
use crate::grid::{Grid, CELLS, SIDE};

/// The characters that stand for the board on a one-line board's line: the run up to the first
/// whitespace or `#` (after any indentation).
fn leading_run<'a>(line: &Line<'a>) -> &'a str {
    line.text.trim_start().split(|ch: char| ch.is_whitespace() || ch == '#').next().unwrap_or("")
}

/// Longest leading run a block row could plausibly have; well below 81, well above 9 cells
/// with a `|` between each.
const LONGEST_BLOCK_RUN: usize = 3 * SIDE;

/// True when `line` starts with far more characters than a block row holds.
pub fn looks_like_one_line(line: &Line<'_>) -> bool {
    leading_run(line).chars().nth(LONGEST_BLOCK_RUN).is_some()
}

/// The board on `line`, which must start (after any indentation) with exactly 81 cells.
pub fn parse_line(line: &Line<'_>) -> Result<Grid, TextError> {
    let start = line.first_column();
    // What follows the board's run of characters is a comment.
    let board = leading_run(line);
    let mut cells = [0u8; CELLS];
    let mut count = 0;
    for (offset, symbol) in board.chars().enumerate() {
        let column = start + offset;
        let Some(slot) = cells.get_mut(offset) else {
            // An 82nd character: say how many there are, at the first one too many.
            let total = board.chars().count();
            return Err(TextError::at(line.number, Some(column), format!("expected 81 cells, got {total}")));
        };
        *slot = cell_value(symbol).ok_or_else(|| line.bad_cell(column, symbol).in_cell(offset / SIDE, Some(offset % SIDE)))?;
        count += 1;
    }
    if count != CELLS {
        // 81 characters of symbols and spaces: spaces written for empty cells, not a short board.
        let whole = line.text.trim();
        let spaced = whole.chars().count() == CELLS && whole.chars().all(|ch| ch == ' ' || cell_value(ch).is_some());
        let hint = if spaced { crate::error::SPACE_HINT } else { "" };
        return Err(TextError::at(line.number, Some(start + count), format!("expected 81 cells, got {count}{hint}")));
    }
    // Every value came from `cell_value`, so is 0-9.
    Grid::from_values(cells).map_err(|(i, _)| line.bad_cell(start + i, '?'))
}
