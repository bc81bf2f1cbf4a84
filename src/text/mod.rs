//! Text formats for one board, detected automatically. Knows nothing of Python.
//!
//! Two layouts are read, and the number of lines holding cells decides which:
//! - one line of 81 cells (`53..7....6..195...`): a line-per-board file's line. After the cells,
//!   whitespace or a `#` ends the board, and the rest of the line is a comment;
//! - nine lines of nine cells (block format), where spaces and `|` between cells are optional,
//!   and lines made of `-` and `+` between bands are skipped: the widely used display style
//!   `4 . . |. . . |8 . 5` with `------+------+------`, and what `Board.__str__` prints.
//!
//! In both, `1`-`9` are digits and `.`, `0` or `_` mark an empty cell; blank lines and `#`
//! comments are skipped. Every error is a [`TextError`] at a 1-based line and column, counted
//! in characters, so that editors and users find the same place.

mod block;
mod lines;
mod single;

use crate::error::TextError;
use crate::grid::Grid;

pub use lines::cell_value;

/// Reads one board written in either text format (see the module docs), or says where the text
/// went wrong: `line 3, column 7: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'`.
///
/// The error's `line` and `column` are 1-based; `column` is always set. Lines end at `\n`, and a
/// `\r` before it is dropped, so Windows line endings read the same.
pub fn parse_board(text: &str) -> Result<Grid, TextError> {
    let mut content = lines::numbered(text).filter(|line| line.holds_cells());
    let Some(first) = content.next() else {
        return Err(TextError::at(1, Some(1), "expected a board (one line of 81 cells, or 9 rows of 9 cells), got no cells"));
    };
    match content.next() {
        None => single::parse_line(&first),
        // A long first line is a one-line board followed by more (a file of many boards, say):
        // report that, rather than a block row with too many cells.
        Some(second) if single::looks_like_one_line(&first) => {
            single::parse_line(&first)?;
            Err(TextError::at(
                second.number,
                Some(second.first_column()),
                "expected nothing after the board on one line, got more text",
            ))
        }
        Some(second) => block::parse_rows(&first, &second, content),
    }
}

#[cfg(test)]
mod tests;
