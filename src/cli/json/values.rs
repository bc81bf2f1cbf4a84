//! Strings and numbers of a JSON board turned into cells and rows, and the values they make.
//! The lists of nine that hold them are read by `shape`, which calls this; nothing here calls
//! back, so the two files depend one way.

use serde::de;

use super::Context;
use crate::cli::position::Position;
use crate::cli::BoardCells;
use crate::error::shorten;
use crate::grid::{CELLS, SIDE};
use crate::parse::NOT_A_SYMBOL;
use crate::symbols::{cells_from_symbols, diagnose_cells, EXPECTED_SYMBOL, TEXT_SYMBOL_VALUE};

/// A board from the nine row values of a list.
pub fn board_of_rows(rows: &[Value; SIDE]) -> BoardCells {
    let mut cells = [0u8; CELLS];
    for (chunk, row) in cells.chunks_exact_mut(SIDE).zip(rows) {
        if let Value::Row(row) = row {
            chunk.copy_from_slice(row);
        }
    }
    cells
}

/// The position of the character at `offset` of a string value that starts (its quote) at `start`.
fn inside(start: Position, offset: usize) -> Position {
    Position { line: start.line, column: start.column + 1 + offset }
}

pub fn flat_board<E: de::Error>(context: &Context<'_, '_>, start: Position, text: &str) -> Result<BoardCells, E> {
    cells_from_symbols(text.as_bytes()).ok_or_else(|| {
        let error = diagnose_cells(text.as_bytes(), CELLS, "the end of the string");
        context.fail(inside(start, error.offset), error.message)
    })
}

pub fn row_of_text<E: de::Error>(context: &Context<'_, '_>, start: Position, text: &str) -> Result<[u8; SIDE], E> {
    let bytes = text.as_bytes();
    let mut row = [0u8; SIDE];
    if bytes.len() == SIDE {
        let mut bad = 0u8;
        for (cell, &byte) in row.iter_mut().zip(bytes) {
            *cell = TEXT_SYMBOL_VALUE[usize::from(byte)];
            bad |= *cell;
        }
        // Values are 0-9 or NOT_A_SYMBOL (0xFF): only the latter sets the high bit.
        if bad & 0x80 == 0 {
            return Ok(row);
        }
    }
    let error = diagnose_cells(bytes, SIDE, "the end of the string");
    Err(context.fail(inside(start, error.offset), error.message))
}

pub fn cell_of_text<E: de::Error>(context: &Context<'_, '_>, start: Position, text: &str) -> Result<u8, E> {
    match text.as_bytes() {
        [byte] if TEXT_SYMBOL_VALUE[usize::from(*byte)] != NOT_A_SYMBOL => Ok(TEXT_SYMBOL_VALUE[usize::from(*byte)]),
        _ => Err(context.fail(start, format!("{EXPECTED_SYMBOL}, got {}", found_str(text)))),
    }
}

pub fn cell_of_int<E: de::Error>(context: &Context<'_, '_>, start: Position, value: i128) -> Result<u8, E> {
    match u8::try_from(value) {
        Ok(cell) if cell <= 9 => Ok(cell),
        _ => Err(context.fail(start, format!("expected a value 0-9, got {value}"))),
    }
}

/// The error for a number serde_json read as a float, `text` as written: an integer too big
/// for 64 bits is out of range like any other; a fraction is not a cell at all (`not_a_cell`).
pub fn number_error<E: de::Error>(context: &Context<'_, '_>, start: Position, text: &str, not_a_cell: impl FnOnce() -> E) -> E {
    let digits = text.strip_prefix('-').unwrap_or(text).trim_end_matches('…');
    if !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return context.fail(start, format!("expected a value 0-9, got {text}"));
    }
    not_a_cell()
}

/// What a value turned out to be. Boards of a list go to the sink as they are read, so the
/// top value itself yields nothing.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Value {
    #[default]
    Done,
    Cell(u8),
    Row([u8; SIDE]),
    Board(usize, BoardCells),
}

/// How a string of the wrong kind is shown in a message.
pub fn found_str(text: &str) -> String {
    format!("'{}'", shorten(text))
}
