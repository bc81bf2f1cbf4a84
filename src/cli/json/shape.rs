//! What each JSON value is, decided by what it holds: one visitor, told by [`Expect`] which
//! shapes may come at its place.
//!
//! The top value is a board, or a list of boards. Its first element tells which: a row (a
//! list of cells, or a 9-character string) makes the top one board; a board (a list of rows,
//! or an 81-character string) makes it a list of boards. The first element of a first
//! element tells in the same way whether that is a row or a board.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize as _;

use super::values::{board_of_rows, cell_of_int, cell_of_text, flat_board, number_error, row_of_text, Value};
use super::Context;
use crate::cli::position::Position;
use crate::cli::{BoardCells, Origin};
use crate::grid::SIDE;

/// The shapes a value may have at its place.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Expect {
    /// The whole input: a board, or a list of boards.
    Top,
    /// The first element of the top list: a row (of the one board) or a board (of a list).
    First,
    /// The first element of that: a cell (it was a row) or a row (it was a board).
    CellOrRow,
    /// An element of a list of boards after the first.
    Board,
    Row,
    Cell,
}

impl Expect {
    fn describe(self) -> &'static str {
        match self {
            Expect::Top => "a board or a list of boards",
            Expect::First => "a board or a row",
            Expect::CellOrRow => "a cell or a row",
            Expect::Board => "a board (a list of 9 rows or an 81-character string)",
            Expect::Row => "a row (a list of 9 cells or a 9-character string)",
            Expect::Cell => "a cell (a digit, '.', '0' or '_', or an int 0-9)",
        }
    }
}

/// The visitor for one value, and (as a seed) the element of a list it stands for.
#[derive(Clone, Copy)]
pub struct Node<'c, 's, 'a> {
    pub context: &'c Context<'s, 'a>,
    /// Where the value starts: its first byte, the last one read when its seed is called.
    pub start: Position,
    pub expect: Expect,
}

impl<'c, 's, 'a> Node<'c, 's, 'a> {
    pub fn seed(context: &'c Context<'s, 'a>, expect: Expect) -> Self {
        Node { context, start: Position::START, expect }
    }

    /// Where the value starts. The top value has no seed, so its visitor asks at its first
    /// visit, when the last byte read is its first (a list's `[`, say).
    fn start(&self) -> Position {
        if self.expect == Expect::Top {
            self.context.here()
        } else {
            self.start
        }
    }

    fn wrong<E: de::Error>(&self, found: &str) -> E {
        self.context.fail(self.start(), format!("expected {}, got {found}", self.expect.describe()))
    }

    /// From here on, errors name the board as the first of a list.
    fn first_of_list(&self) {
        self.context.index.set(Some(0));
    }

    /// The rest of a top list whose first element was a board: each board goes to the sink
    /// with its index.
    fn boards<'de, A: SeqAccess<'de>>(&self, seq: &mut A, line: usize, cells: &BoardCells) -> Result<(), A::Error> {
        let context = self.context;
        context.emit(Origin { line, index: Some(0) }, cells)?;
        for index in 1.. {
            context.index.set(Some(index));
            match seq.next_element_seed(Node::seed(context, Expect::Board))? {
                Some(Value::Board(line, cells)) => context.emit(Origin { line, index: Some(index) }, &cells)?,
                // Board values yield boards only.
                Some(_) => {}
                None => break,
            }
        }
        context.index.set(None);
        Ok(())
    }
}

impl<'de> DeserializeSeed<'de> for Node<'_, '_, '_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        let start = self.context.here();
        deserializer.deserialize_any(Node { start, ..self })
    }
}

impl<'de> Visitor<'de> for Node<'_, '_, '_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expect.describe())
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Value, E> {
        let (context, start) = (self.context, self.start);
        match self.expect {
            Expect::Top => {
                // Read to its closing quote, the string started on this line if it holds no line break.
                let end = context.here();
                let start = Position { line: end.line, column: end.column.saturating_sub(text.chars().count() + 1) };
                let cells = flat_board(context, start, text)?;
                context.emit(Origin { line: start.line, index: None }, &cells)?;
                Ok(Value::Done)
            }
            Expect::First if text.len() <= SIDE => row_of_text(context, start, text).map(Value::Row),
            Expect::First | Expect::Board => {
                if self.expect == Expect::First {
                    self.first_of_list();
                }
                flat_board(context, start, text).map(|cells| Value::Board(start.line, cells))
            }
            Expect::CellOrRow if text.chars().nth(1).is_none() => cell_of_text(context, start, text).map(Value::Cell),
            Expect::CellOrRow | Expect::Row => {
                if self.expect == Expect::CellOrRow {
                    self.first_of_list();
                }
                row_of_text(context, start, text).map(Value::Row)
            }
            Expect::Cell => cell_of_text(context, start, text).map(Value::Cell),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let context = self.context;
        let start = self.start();
        let nine = |seq: &mut A, first: Option<Value>, of: Expect| read_nine(seq, context, first, of);
        match self.expect {
            Expect::Top => match seq.next_element_seed(Node::seed(context, Expect::First))? {
                None => Ok(Value::Done),
                Some(Value::Board(line, cells)) => self.boards(&mut seq, line, &cells).map(|()| Value::Done),
                first => {
                    let rows = nine(&mut seq, first, Expect::Row)?;
                    context.emit(Origin { line: start.line, index: None }, &board_of_rows(&rows))?;
                    Ok(Value::Done)
                }
            },
            Expect::First => match seq.next_element_seed(Node::seed(context, Expect::CellOrRow))? {
                None => Err(self.wrong("an empty list")),
                Some(Value::Cell(cell)) => nine(&mut seq, Some(Value::Cell(cell)), Expect::Cell).map(row_of_cells),
                first => {
                    let rows = nine(&mut seq, first, Expect::Row)?;
                    Ok(Value::Board(start.line, board_of_rows(&rows)))
                }
            },
            Expect::CellOrRow | Expect::Row => {
                if self.expect == Expect::CellOrRow {
                    self.first_of_list();
                }
                nine(&mut seq, None, Expect::Cell).map(row_of_cells)
            }
            Expect::Board => {
                let rows = nine(&mut seq, None, Expect::Row)?;
                Ok(Value::Board(start.line, board_of_rows(&rows)))
            }
            Expect::Cell => Err(self.wrong("a list")),
        }
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Value, E> {
        self.visit_int(i128::from(value))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Value, E> {
        self.visit_int(i128::from(value))
    }

    /// Numbers beyond 64 bits, and fractions, come as floats: they are shown as written.
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Value, E> {
        let text = self.context.tracked.number_text();
        match self.expect {
            Expect::Cell | Expect::CellOrRow => Err(number_error(self.context, self.start, &text, || self.wrong(&text))),
            _ => Err(self.wrong(&text)),
        }
    }

    fn visit_bool<E: de::Error>(self, value: bool) -> Result<Value, E> {
        Err(self.wrong(if value { "true" } else { "false" }))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Err(self.wrong("null"))
    }

    fn visit_map<A: MapAccess<'de>>(self, _map: A) -> Result<Value, A::Error> {
        Err(self.wrong("an object"))
    }
}

impl Node<'_, '_, '_> {
    fn visit_int<E: de::Error>(self, value: i128) -> Result<Value, E> {
        match self.expect {
            Expect::Cell | Expect::CellOrRow => cell_of_int(self.context, self.start, value).map(Value::Cell),
            _ => Err(self.wrong(&value.to_string())),
        }
    }
}

/// A row from the nine cell values of a list.
fn row_of_cells(cells: [Value; SIDE]) -> Value {
    let mut row = [0u8; SIDE];
    for (slot, cell) in row.iter_mut().zip(cells) {
        if let Value::Cell(value) = cell {
            *slot = value;
        }
    }
    Value::Row(row)
}

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
