//! The block format: nine lines of nine cells, with optional `|`, spaces and separator lines.

use super::lines::{cell_value, Line};
use crate::error::TextError;
use crate::grid::{Grid, CELLS, SIDE};

/// The board in the lines that hold cells (blank, comment and separator lines already skipped):
/// `first`, `second`, then `rest`.
pub fn parse_rows<'a>(first: &Line<'a>, second: &Line<'a>, rest: impl Iterator<Item = Line<'a>>) -> Result<Grid, TextError> {
    let mut cells = [0u8; CELLS];
    let mut rows = [*first, *second].into_iter().chain(rest);
    let mut last_line = second.number;
    for (r, slot) in cells.chunks_exact_mut(SIDE).enumerate() {
        let Some(line) = rows.next() else {
            return Err(TextError::at(last_line + 1, Some(1), format!("expected 9 rows, got {r}")));
        };
        slot.copy_from_slice(&parse_row(&line).map_err(|(error, col)| error.in_cell(r, col))?);
        last_line = line.number;
    }
    if let Some(extra) = rows.next() {
        let total = SIDE + 1 + rows.count();
        return Err(TextError::at(extra.number, Some(extra.first_column()), format!("expected 9 rows, got {total}")));
    }
    // Every value came from `cell_value`, so is 0-9.
    Grid::from_values(cells).map_err(|_| TextError::at(last_line, Some(1), "expected digits"))
}

/// Characters that may stand between cells of a row.
fn is_between_cells(ch: char) -> bool {
    ch == '|' || ch.is_whitespace()
}

/// The nine cells of one row line; an error comes with the 0-based column of the cell it is
/// about, if it is about one.
fn parse_row(line: &Line<'_>) -> Result<[u8; SIDE], (TextError, Option<usize>)> {
    let mut values = [0u8; SIDE];
    let mut count = 0;
    // One past the last cell: where a missing cell should have been.
    let mut after_last = line.first_column();
    for (offset, symbol) in line.before_comment().chars().enumerate() {
        let column = offset + 1;
        if is_between_cells(symbol) {
            continue;
        }
        let Some(slot) = values.get_mut(count) else {
            let total = count_cells(line);
            return Err((TextError::at(line.number, Some(column), format!("expected 9 cells, got {total}")), None));
        };
        *slot = cell_value(symbol).ok_or_else(|| (line.bad_cell(column, symbol), Some(count)))?;
        count += 1;
        after_last = column + 1;
    }
    if count != SIDE {
        return Err((TextError::at(line.number, Some(after_last), format!("expected 9 cells, got {count}")), None));
    }
    Ok(values)
}

/// How many characters of a row line stand for cells, good or bad.
fn count_cells(line: &Line<'_>) -> usize {
    line.before_comment().chars().filter(|&ch| !is_between_cells(ch)).count()
}
