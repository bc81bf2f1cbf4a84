//! JSON input: one board in the classic form (`[["5","3",".",...],...]`), or a list of boards.
//!
//! A list is streamed: serde_json hands its elements to a `SeqAccess` visitor one at a time and
//! each board goes to the sink as soon as it is read, so memory stays constant however long the
//! list. A board is a list of 9 rows or an 81-character string; a row is a list of 9 cells or a
//! 9-character string; a cell is a one-character string or an int 0-9.
//!
//! Errors point at the value that is wrong: each visitor records where its value starts (see
//! `PositionReader`) and reports its own message there, kept aside in the `Context` because
//! serde's error type cannot carry it.

use std::cell::{Cell, RefCell};
use std::fmt;
use std::io::{self, BufReader, Read};
use std::rc::Rc;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::cells::{cells_from_symbols, diagnose_cells, EXPECTED_SYMBOL, TEXT_SYMBOL_VALUE};
use super::position::{Position, PositionReader};
use super::{BoardCells, Failure, Sink};
use crate::error::{shorten, TextError};
use crate::grid::{CELLS, SIDE};
use crate::parse::NOT_A_SYMBOL;

const BOARD_EXPECTED: &str = "a board (a list of 9 rows or an 81-character string)";
const ROW_EXPECTED: &str = "a row (a list of 9 cells or a 9-character string)";
const CELL_EXPECTED: &str = "a cell (a digit, '.', '0' or '_', or an int 0-9)";
const TOP_EXPECTED: &str = "a board or a list of boards";
const FIRST_EXPECTED: &str = "a board or a row";
const CELL_OR_ROW_EXPECTED: &str = "a cell or a row";

/// Reads the JSON board or list of boards in `reader` into `sink`.
pub fn read_json<R: Read>(reader: R, sink: &mut Sink<'_>) -> Result<(), Failure> {
    let position = Rc::new(Cell::new(Position::START));
    let reader = PositionReader::new(BufReader::new(reader), position.clone());
    let context = Context { position, failure: RefCell::new(None), sink: RefCell::new(sink) };
    let mut deserializer = serde_json::Deserializer::from_reader(reader);
    let result = (&mut deserializer)
        .deserialize_any(TopVisitor { context: &context })
        .and_then(|()| deserializer.end());
    match (context.failure.into_inner(), result) {
        (Some(failure), _) => Err(failure),
        (None, Ok(())) => Ok(()),
        (None, Err(error)) => Err(syntax_failure(error)),
    }
}

/// What the visitors share: where the reader is, the first failure, and the sink.
struct Context<'s, 'a> {
    position: Rc<Cell<Position>>,
    failure: RefCell<Option<Failure>>,
    sink: RefCell<&'s mut Sink<'a>>,
}

impl Context<'_, '_> {
    /// The position of the last byte read: a value's first byte when its visitor starts.
    fn here(&self) -> Position {
        self.position.get()
    }

    /// Keeps `failure` (unless an earlier one is kept) and returns the error that unwinds serde.
    fn stop<E: de::Error>(&self, failure: Failure) -> E {
        let mut kept = self.failure.borrow_mut();
        if kept.is_none() {
            *kept = Some(failure);
        }
        E::custom("stopped")
    }

    fn fail<E: de::Error>(&self, at: Position, message: String) -> E {
        self.stop(Failure::Input(TextError::at(at.line, Some(at.column.max(1)), message)))
    }

    fn emit<E: de::Error>(&self, line: usize, cells: &BoardCells) -> Result<(), E> {
        let result = (self.sink.borrow_mut())(line, cells);
        result.map_err(|failure| self.stop(failure))
    }
}

/// serde_json's own errors (bad syntax, early end) with its position, or an I/O error.
fn syntax_failure(error: serde_json::Error) -> Failure {
    if error.is_io() {
        return Failure::Read(io::Error::from(error));
    }
    let (line, column) = (error.line().max(1), error.column().max(1));
    let text = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    let message = text.strip_suffix(&suffix).unwrap_or(&text);
    Failure::Input(TextError::at(line, Some(column), format!("invalid JSON: {message}")))
}

/// How a value of the wrong kind is described: `null`, `true`, `12.5`, `'text'`, `a list`...
fn found_str(text: &str) -> String {
    format!("'{}'", shorten(text))
}

/// The visit methods a visitor does not accept: each reports "expected ..., got ...".
macro_rules! reject {
    (bool) => {
        fn visit_bool<E: de::Error>(self, value: bool) -> Result<Self::Value, E> {
            Err(self.wrong(&value.to_string()))
        }
    };
    (int) => {
        fn visit_i64<E: de::Error>(self, value: i64) -> Result<Self::Value, E> {
            Err(self.wrong(&value.to_string()))
        }
        fn visit_u64<E: de::Error>(self, value: u64) -> Result<Self::Value, E> {
            Err(self.wrong(&value.to_string()))
        }
    };
    (float) => {
        fn visit_f64<E: de::Error>(self, value: f64) -> Result<Self::Value, E> {
            Err(self.wrong(&value.to_string()))
        }
    };
    (null) => {
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Err(self.wrong("null"))
        }
    };
    (str) => {
        fn visit_str<E: de::Error>(self, value: &str) -> Result<Self::Value, E> {
            Err(self.wrong(&found_str(value)))
        }
    };
    (seq) => {
        fn visit_seq<A: SeqAccess<'de>>(self, _seq: A) -> Result<Self::Value, A::Error> {
            Err(self.wrong("a list"))
        }
    };
    (map) => {
        fn visit_map<A: MapAccess<'de>>(self, _map: A) -> Result<Self::Value, A::Error> {
            Err(self.wrong("an object"))
        }
    };
    ($($kind:tt),+) => { $(reject!($kind);)+ };
}

/// Gives a visitor with `context` and `start` fields the `wrong` its rejections call.
macro_rules! located {
    ($visitor:ident, $expected:expr) => {
        impl $visitor<'_, '_, '_> {
            fn wrong<E: de::Error>(&self, found: &str) -> E {
                self.context.fail(self.start, format!("expected {}, got {found}", $expected))
            }
        }
    };
}

fn expecting(f: &mut fmt::Formatter<'_>, expected: &str) -> fmt::Result {
    f.write_str(expected)
}

// ---- The top level: a board, or a list of boards. ----

struct TopVisitor<'c, 's, 'a> {
    context: &'c Context<'s, 'a>,
}

impl<'de> Visitor<'de> for TopVisitor<'_, '_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        expecting(f, TOP_EXPECTED)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<(), E> {
        // The string has been read to its closing quote; it started on this line, if it holds no line break.
        let end = self.context.here();
        let start = Position { line: end.line, column: end.column.saturating_sub(text.chars().count() + 1) };
        let cells = flat_board(self.context, start, text)?;
        self.context.emit(start.line, &cells)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let context = self.context;
        let start = context.here();
        match seq.next_element_seed(FirstSeed { context })? {
            None => Ok(()),
            Some(First::Row(row)) => {
                let rows = read_nine(&mut seq, context, Some(row), |_| RowSeed { context }, "rows")?;
                context.emit(start.line, &board_of_rows(&rows))
            }
            Some(First::Board { line, cells }) => {
                context.emit(line, &cells)?;
                while seq.next_element_seed(BoardSeed { context })?.is_some() {}
                Ok(())
            }
        }
    }

    reject!(bool, int, float, null, map);
}

impl TopVisitor<'_, '_, '_> {
    fn wrong<E: de::Error>(&self, found: &str) -> E {
        let at = self.context.here();
        self.context.fail(at, format!("expected {TOP_EXPECTED}, got {found}"))
    }
}

// ---- The first element of the top list: a row (the top is one board) or a board (a list). ----

enum First {
    Row([u8; SIDE]),
    Board { line: usize, cells: BoardCells },
}

struct FirstSeed<'c, 's, 'a> {
    context: &'c Context<'s, 'a>,
}

impl<'de> DeserializeSeed<'de> for FirstSeed<'_, '_, '_> {
    type Value = First;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<First, D::Error> {
        let start = self.context.here();
        deserializer.deserialize_any(FirstVisitor { context: self.context, start })
    }
}

struct FirstVisitor<'c, 's, 'a> {
    context: &'c Context<'s, 'a>,
    start: Position,
}
located!(FirstVisitor, FIRST_EXPECTED);

impl<'de> Visitor<'de> for FirstVisitor<'_, '_, '_> {
    type Value = First;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        expecting(f, FIRST_EXPECTED)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<First, E> {
        if text.len() <= SIDE {
            return row_of_text(self.context, self.start, text).map(First::Row);
        }
        let cells = flat_board(self.context, self.start, text)?;
        Ok(First::Board { line: self.start.line, cells })
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<First, A::Error> {
        let context = self.context;
        match seq.next_element_seed(CellOrRowSeed { context })? {
            None => Err(self.wrong("an empty list")),
            Some(CellOrRow::Cell(cell)) => {
                let row = read_nine(&mut seq, context, Some(cell), |_| CellSeed { context }, "cells")?;
                Ok(First::Row(row))
            }
            Some(CellOrRow::Row(row)) => {
                let rows = read_nine(&mut seq, context, Some(row), |_| RowSeed { context }, "rows")?;
                Ok(First::Board { line: self.start.line, cells: board_of_rows(&rows) })
            }
        }
    }

    reject!(bool, int, float, null, map);
}

// ---- The first element of that: a cell (so it was a row) or a row (so it was a board). ----

enum CellOrRow {
    Cell(u8),
    Row([u8; SIDE]),
}

struct CellOrRowSeed<'c, 's, 'a> {
    context: &'c Context<'s, 'a>,
}

impl<'de> DeserializeSeed<'de> for CellOrRowSeed<'_, '_, '_> {
    type Value = CellOrRow;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<CellOrRow, D::Error> {
        let start = self.context.here();
        deserializer.deserialize_any(CellOrRowVisitor { context: self.context, start })
    }
}

struct CellOrRowVisitor<'c, 's, 'a> {
    context: &'c Context<'s, 'a>,
    start: Position,
}
located!(CellOrRowVisitor, CELL_OR_ROW_EXPECTED);

impl<'de> Visitor<'de> for CellOrRowVisitor<'_, '_, '_> {
    type Value = CellOrRow;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        expecting(f, CELL_OR_ROW_EXPECTED)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<CellOrRow, E> {
        if text.chars().nth(1).is_none() {
            return cell_of_text(self.context, self.start, text).map(CellOrRow::Cell);
        }
        row_of_text(self.context, self.start, text).map(CellOrRow::Row)
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<CellOrRow, E> {
        cell_of_int(self.context, self.start, i128::from(value)).map(CellOrRow::Cell)
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<CellOrRow, E> {
        cell_of_int(self.context, self.start, i128::from(value)).map(CellOrRow::Cell)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CellOrRow, A::Error> {
        let context = self.context;
        read_nine(&mut seq, context, None, |_| CellSeed { context }, "cells").map(CellOrRow::Row)
    }

    reject!(bool, float, null, map);
}

// ---- Boards after the first in a list: each goes to the sink as soon as it is read. ----

struct BoardSeed<'c, 's, 'a> {
    context: &'c Context<'s, 'a>,
}

impl<'de> DeserializeSeed<'de> for BoardSeed<'_, '_, '_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        let start = self.context.here();
        deserializer.deserialize_any(BoardVisitor { context: self.context, start })
    }
}

struct BoardVisitor<'c, 's, 'a> {
    context: &'c Context<'s, 'a>,
    start: Position,
}
located!(BoardVisitor, BOARD_EXPECTED);

impl<'de> Visitor<'de> for BoardVisitor<'_, '_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        expecting(f, BOARD_EXPECTED)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<(), E> {
        let cells = flat_board(self.context, self.start, text)?;
        self.context.emit(self.start.line, &cells)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let context = self.context;
        let rows = read_nine(&mut seq, context, None, |_| RowSeed { context }, "rows")?;
        context.emit(self.start.line, &board_of_rows(&rows))
    }

    reject!(bool, int, float, null, map);
}

// ---- Rows and cells. ----

struct RowSeed<'c, 's, 'a> {
    context: &'c Context<'s, 'a>,
}

impl<'de> DeserializeSeed<'de> for RowSeed<'_, '_, '_> {
    type Value = [u8; SIDE];
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<[u8; SIDE], D::Error> {
        let start = self.context.here();
        deserializer.deserialize_any(RowVisitor { context: self.context, start })
    }
}

struct RowVisitor<'c, 's, 'a> {
    context: &'c Context<'s, 'a>,
    start: Position,
}
located!(RowVisitor, ROW_EXPECTED);

impl<'de> Visitor<'de> for RowVisitor<'_, '_, '_> {
    type Value = [u8; SIDE];

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        expecting(f, ROW_EXPECTED)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<[u8; SIDE], E> {
        row_of_text(self.context, self.start, text)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[u8; SIDE], A::Error> {
        let context = self.context;
        read_nine(&mut seq, context, None, |_| CellSeed { context }, "cells")
    }

    reject!(bool, int, float, null, map);
}

struct CellSeed<'c, 's, 'a> {
    context: &'c Context<'s, 'a>,
}

impl<'de> DeserializeSeed<'de> for CellSeed<'_, '_, '_> {
    type Value = u8;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<u8, D::Error> {
        let start = self.context.here();
        deserializer.deserialize_any(CellVisitor { context: self.context, start })
    }
}

struct CellVisitor<'c, 's, 'a> {
    context: &'c Context<'s, 'a>,
    start: Position,
}
located!(CellVisitor, CELL_EXPECTED);

impl<'de> Visitor<'de> for CellVisitor<'_, '_, '_> {
    type Value = u8;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        expecting(f, CELL_EXPECTED)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<u8, E> {
        cell_of_text(self.context, self.start, text)
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<u8, E> {
        cell_of_int(self.context, self.start, i128::from(value))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<u8, E> {
        cell_of_int(self.context, self.start, i128::from(value))
    }

    reject!(bool, float, null, seq, map);
}

// ---- Helpers shared by the visitors. ----

/// Reads the rest of a list that must hold exactly nine values (`first` is already read).
/// A short list is reported at its `]`; a long one at its tenth value, with the full count.
fn read_nine<'de, A, S>(
    seq: &mut A,
    context: &Context<'_, '_>,
    first: Option<S::Value>,
    seed: impl Fn(usize) -> S,
    what: &str,
) -> Result<[S::Value; SIDE], A::Error>
where
    A: SeqAccess<'de>,
    S: DeserializeSeed<'de>,
    S::Value: Copy + Default,
{
    let mut values = [S::Value::default(); SIDE];
    let mut count = 0;
    if let Some(value) = first {
        values[0] = value;
        count = 1;
    }
    while count < SIDE {
        match seq.next_element_seed(seed(count))? {
            Some(value) => {
                if let Some(slot) = values.get_mut(count) {
                    *slot = value;
                }
                count += 1;
            }
            None => return Err(context.fail(context.here(), format!("expected 9 {what}, got {count}"))),
        }
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

use serde::Deserialize as _;

fn board_of_rows(rows: &[[u8; SIDE]; SIDE]) -> BoardCells {
    let mut cells = [0u8; CELLS];
    for (chunk, row) in cells.chunks_exact_mut(SIDE).zip(rows) {
        chunk.copy_from_slice(row);
    }
    cells
}

/// The position of the character at `offset` of a string value that starts (its quote) at `start`.
fn inside(start: Position, offset: usize) -> Position {
    Position { line: start.line, column: start.column + 1 + offset }
}

fn flat_board<E: de::Error>(context: &Context<'_, '_>, start: Position, text: &str) -> Result<BoardCells, E> {
    cells_from_symbols(text.as_bytes()).ok_or_else(|| {
        let error = diagnose_cells(text.as_bytes(), CELLS, "the end of the string");
        context.fail(inside(start, error.offset), error.message)
    })
}

fn row_of_text<E: de::Error>(context: &Context<'_, '_>, start: Position, text: &str) -> Result<[u8; SIDE], E> {
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

fn cell_of_text<E: de::Error>(context: &Context<'_, '_>, start: Position, text: &str) -> Result<u8, E> {
    match text.as_bytes() {
        [byte] if TEXT_SYMBOL_VALUE[usize::from(*byte)] != NOT_A_SYMBOL => Ok(TEXT_SYMBOL_VALUE[usize::from(*byte)]),
        _ => Err(context.fail(start, format!("{EXPECTED_SYMBOL}, got {}", found_str(text)))),
    }
}

fn cell_of_int<E: de::Error>(context: &Context<'_, '_>, start: Position, value: i128) -> Result<u8, E> {
    match u8::try_from(value) {
        Ok(cell) if cell <= 9 => Ok(cell),
        _ => Err(context.fail(start, format!("expected a value 0-9, got {value}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// The seed as classic JSON: a list of 9 lists of 9 one-character strings.
    fn classic(line: &str) -> String {
        let rows: Vec<String> = line
            .as_bytes()
            .chunks(9)
            .map(|row| {
                let cells: Vec<String> = row.iter().map(|&b| format!("\"{}\"", char::from(b))).collect();
                format!("[{}]", cells.join(","))
            })
            .collect();
        format!("[{}]", rows.join(","))
    }

    fn boards(text: &str) -> Result<Vec<(usize, BoardCells)>, String> {
        let mut found = Vec::new();
        let mut sink = |line: usize, cells: &BoardCells| {
            found.push((line, *cells));
            Ok(())
        };
        match read_json(text.as_bytes(), &mut sink) {
            Ok(()) => Ok(found),
            Err(Failure::Input(error)) => Err(error.to_string()),
            Err(other) => Err(format!("{other:?}")),
        }
    }

    fn seed_cells() -> BoardCells {
        cells_from_symbols(SEED.as_bytes()).unwrap_or([0; CELLS])
    }

    #[test]
    fn one_classic_board() {
        assert_eq!(boards(&classic(SEED)), Ok(vec![(1, seed_cells())]));
        assert_eq!(boards(&format!("\n\n  {}\n", classic(SEED))), Ok(vec![(3, seed_cells())]));
    }

    #[test]
    fn every_board_form_and_cell_form() {
        let rows: Vec<String> = SEED.as_bytes().chunks(9).map(|r| format!("\"{}\"", String::from_utf8_lossy(r))).collect();
        let string_rows = format!("[{}]", rows.join(","));
        assert_eq!(boards(&string_rows), Ok(vec![(1, seed_cells())]));
        let ints = SEED.replace('.', "0");
        let int_rows: Vec<String> = ints
            .as_bytes()
            .chunks(9)
            .map(|r| format!("[{}]", r.iter().map(|b| char::from(*b).to_string()).collect::<Vec<_>>().join(", ")))
            .collect();
        assert_eq!(boards(&format!("[{}]", int_rows.join(","))), Ok(vec![(1, seed_cells())]));
        assert_eq!(boards(&format!("\"{SEED}\"")), Ok(vec![(1, seed_cells())]));
        assert_eq!(boards(&format!("[\"{SEED}\"]")), Ok(vec![(1, seed_cells())]));
    }

    #[test]
    fn a_list_of_boards_streams_each_with_its_line() {
        let text = format!("[\n{},\n\"{SEED}\",\n  {}\n]", classic(SEED), classic(SEED));
        let lines: Vec<usize> = boards(&text).unwrap_or_default().iter().map(|b| b.0).collect();
        assert_eq!(lines, [2, 3, 4]);
        assert_eq!(boards("[]"), Ok(vec![]));
        assert_eq!(boards(" [ ] "), Ok(vec![]));
    }

    #[test]
    fn errors_point_at_the_wrong_value() {
        let bad = classic(SEED).replacen("\"7\"", "\"x\"", 1);
        // [["5","3",".",".","x"  -> the quote of "x" is at column 19.
        assert_eq!(boards(&bad), Err("line 1, column 19: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'".into()));
        let twelve = classic(SEED).replacen("\"7\"", "12", 1);
        assert_eq!(boards(&twelve), Err("line 1, column 19: expected a value 0-9, got 12".into()));
        let null = classic(SEED).replacen("\"7\"", "null", 1);
        assert_eq!(
            boards(&null),
            Err("line 1, column 19: expected a cell (a digit, '.', '0' or '_', or an int 0-9), got null".into())
        );
        let short_row = classic(SEED).replacen("\"5\",", "", 1);
        assert_eq!(boards(&short_row), Err("line 1, column 34: expected 9 cells, got 8".into()));
        let flat = format!("[\n  \"{}x\"\n]", &SEED[..80]);
        assert_eq!(boards(&flat), Err("line 2, column 84: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'".into()));
        assert_eq!(boards("{\"a\": 1}"), Err("line 1, column 1: expected a board or a list of boards, got an object".into()));
        assert_eq!(boards("[1, 2]"), Err("line 1, column 2: expected a board or a row, got 1".into()));
        assert_eq!(boards("[[1, 2]]"), Err("line 1, column 7: expected 9 cells, got 2".into()));
        assert_eq!(boards("[true]"), Err("line 1, column 2: expected a board or a row, got true".into()));
    }

    #[test]
    fn counts_are_checked_both_ways() {
        let eight_rows = classic(SEED).replacen("[\"5\",\"3\",\".\",\".\",\"7\",\".\",\".\",\".\",\".\"],", "", 1);
        assert_eq!(boards(&eight_rows), Err(format!("line 1, column {}: expected 9 rows, got 8", eight_rows.len())));
        let ten_rows = format!("[{},[]]", &classic(SEED)[1..classic(SEED).len() - 1]);
        assert_eq!(boards(&ten_rows), Err(format!("line 1, column {}: expected 9 rows, got 10", ten_rows.len() - 2)));
        let list = format!("[{}, [\"123456789\"]]", classic(SEED));
        assert_eq!(boards(&list), Err(format!("line 1, column {}: expected 9 rows, got 1", list.len() - 1)));
    }

    #[test]
    fn syntax_errors_keep_serde_json_positions() {
        assert_eq!(boards("[[\"5\" \"3\"]]"), Err("line 1, column 7: invalid JSON: expected `,` or `]`".into()));
        assert_eq!(boards("[\n"), Err("line 2, column 1: invalid JSON: EOF while parsing a list".into()));
        assert_eq!(
            boards(&format!("{} x", classic(SEED))),
            Err(format!("line 1, column {}: invalid JSON: trailing characters", classic(SEED).len() + 2))
        );
    }

    #[test]
    fn a_sink_failure_stops_the_list() {
        let text = format!("[\"{SEED}\", \"{SEED}\"]");
        let mut calls = 0;
        let mut sink = |_: usize, _: &BoardCells| {
            calls += 1;
            Err(Failure::Interrupted)
        };
        assert!(matches!(read_json(text.as_bytes(), &mut sink), Err(Failure::Interrupted)));
        assert_eq!(calls, 1);
    }
}
