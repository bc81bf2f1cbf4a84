//! Strings and numbers of a JSON board turned into cells, and the lists of nine that hold them.

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, SeqAccess};
use serde::Deserialize as _;

use super::shape::{found_str, Expect, Node, Value};
use super::Context;
use crate::symbols::{cells_from_symbols, diagnose_cells, EXPECTED_SYMBOL, TEXT_SYMBOL_VALUE};
use crate::cli::position::Position;
use crate::cli::BoardCells;
use crate::grid::{CELLS, SIDE};
use crate::parse::NOT_A_SYMBOL;

/// Reads the rest of a list that must hold exactly nine values of `of` (`first` is already
/// read). A short list is reported at its `]`; a long one at its tenth value, with the full count.
pub fn read_nine<'de, A: SeqAccess<'de>>(
    seq: &mut A,
    context: &Context<'_, '_>,
    first: Option<Value>,
    of: Expect,
) -> Result<[Value; SIDE], A::Error> {
    let what = if of == Expect::Row { "rows" } else { "cells" };
    let mut values = [Value::Done; SIDE];
    let mut count = 0;
    if let Some(value) = first {
        values[0] = value;
        count = 1;
    }
    while let Some(slot) = values.get_mut(count) {
        match seq.next_element_seed(Node::seed(context, of))? {
            Some(value) => *slot = value,
            None => return Err(context.fail(context.here(), format!("expected 9 {what}, got {count}"))),
        }
        count += 1;
    }
    if let Some(tenth) = seq.next_element_seed(StartOf { context })? {
        let mut total = SIDE + 1;
        while seq.next_element::<IgnoredAny>()?.is_some() {
            total += 1;
        }
        return Err(context.fail(tenth, format!("expected 9 {what}, got {total}")));
    }
    Ok(values)
}

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
pub fn number_error<E: de::Error>(
    context: &Context<'_, '_>,
    start: Position,
    text: &str,
    not_a_cell: impl FnOnce() -> E,
) -> E {
    let digits = text.strip_prefix('-').unwrap_or(text).trim_end_matches('…');
    if !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return context.fail(start, format!("expected a value 0-9, got {text}"));
    }
    not_a_cell()
}

/// Skips a value and returns where it started.
struct StartOf<'c, 's, 'a> {
    context: &'c Context<'s, 'a>,
}

impl<'de> DeserializeSeed<'de> for StartOf<'_, '_, '_> {
    type Value = Position;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Position, D::Error> {
        let start = self.context.here();
        IgnoredAny::deserialize(deserializer)?;
        Ok(start)
    }
}
