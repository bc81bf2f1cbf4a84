//! JSON input: one board in the classic form (`[["5","3",".",...],...]`), an 81-character
//! string, or a list of boards.
//!
//! A list is streamed: serde_json hands its elements to a `SeqAccess` visitor one at a time and
//! each board goes to the sink as soon as it is read, so memory stays constant however long the
//! list. A board is a list of 9 rows or an 81-character string; a row is a list of 9 cells or a
//! 9-character string; a cell is a one-character string or an int 0-9.
//!
//! Errors point at the value that is wrong: the visitor records where its value starts (see
//! `PositionReader`) and reports its own message there, kept aside in the `Context` because
//! serde's error type cannot carry it. A board in a list is also named by its index.
//!
//! `shape` decides what each value is; `values` turns strings and numbers into cells.

mod shape;
#[cfg(test)]
mod tests;
mod values;

use std::cell::{Cell, RefCell};
use std::io::{self, BufReader, Read};
use std::rc::Rc;

use serde::de::{self, Deserializer};

use super::position::{Position, PositionReader, Tracked};
use super::{BoardCells, Failure, Origin, PlacedSink};
use crate::error::TextError;
use shape::{Expect, Node};

/// Reads the JSON board or list of boards in `reader` into `sink`.
pub fn read_json<R: Read>(reader: R, sink: &mut PlacedSink<'_>) -> Result<(), Failure> {
    let tracked = Rc::new(Tracked::default());
    let reader = PositionReader::new(BufReader::new(reader), tracked.clone());
    let context = Context { tracked, failure: RefCell::new(None), sink: RefCell::new(sink), index: Cell::new(None) };
    let mut deserializer = serde_json::Deserializer::from_reader(reader);
    let top = Node { context: &context, start: Position::START, expect: Expect::Top };
    let result = (&mut deserializer).deserialize_any(top).and_then(|_| deserializer.end());
    match (context.failure.into_inner(), result) {
        (Some(failure), _) => Err(failure),
        (None, Ok(())) => Ok(()),
        (None, Err(error)) => Err(syntax_failure(error, context.index.get())),
    }
}

/// What the visitors share: where the reader is, the first failure, the sink, and the index
/// of the board being read when it is an element of a list.
struct Context<'s, 'a> {
    tracked: Rc<Tracked>,
    failure: RefCell<Option<Failure>>,
    sink: RefCell<&'s mut PlacedSink<'a>>,
    index: Cell<Option<usize>>,
}

impl Context<'_, '_> {
    /// The position of the last byte read: a value's first byte when its visitor starts.
    fn here(&self) -> Position {
        self.tracked.position.get()
    }

    /// Keeps `failure` (unless an earlier one is kept) and returns the error that unwinds serde.
    fn stop<E: de::Error>(&self, failure: Failure) -> E {
        let mut kept = self.failure.borrow_mut();
        if kept.is_none() {
            *kept = Some(failure);
        }
        E::custom("stopped")
    }

    /// Stops with `message` at `at`, naming the board's index in its list, if it has one.
    fn fail<E: de::Error>(&self, at: Position, message: String) -> E {
        let message = in_board(self.index.get(), message);
        self.stop(Failure::Input(TextError::at(at.line, Some(at.column.max(1)), message)))
    }

    fn emit<E: de::Error>(&self, origin: Origin, cells: &BoardCells) -> Result<(), E> {
        let result = (self.sink.borrow_mut())(origin, cells);
        result.map_err(|failure| self.stop(failure))
    }
}

/// `boards[3]: message` for the board at index 3 of a list, else the message alone.
fn in_board(index: Option<usize>, message: String) -> String {
    match index {
        Some(index) => format!("boards[{index}]: {message}"),
        None => message,
    }
}

/// serde_json's own errors (bad syntax, early end) with its position, or an I/O error.
fn syntax_failure(error: serde_json::Error, index: Option<usize>) -> Failure {
    if error.is_io() {
        return Failure::Read(io::Error::from(error));
    }
    let (line, column) = (error.line().max(1), error.column().max(1));
    let text = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    let message = text.strip_suffix(&suffix).unwrap_or(&text);
    Failure::Input(TextError::at(line, Some(column), in_board(index, format!("invalid JSON: {message}"))))
}
