//! [`ArrowBoards`]: the imported chunks of one board column, read as a [`BoardSource`].

use std::ffi::CStr;

use super::ascii;
use super::chunk::{only_child, Chunk, Row};
use super::error::ArrowError;
use super::ffi::{ArrowArray, ArrowArrayStream, ArrowSchema, OwnedArray, OwnedSchema, OwnedStream};
use super::schema::{column_spec, ColumnSpec};
use crate::batch::source::fill_from_line;
use crate::batch::{BatchError, BoardSource};
use crate::error::{BoardError, Place, Problem};
use crate::grid::CELLS;

/// A column of boards imported through the Arrow C data interface: every chunk of it, owned
/// (so released when this is dropped) and checked, read in place when boards are filled.
pub struct ArrowBoards {
    /// Owners of the imported arrays; the chunks point into their buffers.
    _arrays: Vec<OwnedArray>,
    /// The non-empty chunks, in order.
    chunks: Vec<Chunk>,
    /// Index of each chunk's first row in the whole column.
    starts: Vec<usize>,
    rows: usize,
    text: bool,
    // Declared last: dropped after the arrays, as a schema may outlive its arrays.
    _schema: OwnedSchema,
}

impl std::fmt::Debug for ArrowBoards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ArrowBoards({} rows in {} chunks)", self.rows, self.chunks.len())
    }
}

impl ArrowBoards {
    /// Imports one array and its schema (what `__arrow_c_array__` exports).
    pub fn from_array(schema: OwnedSchema, array: OwnedArray) -> Result<Self, ArrowError> {
        let spec = column_spec(schema.raw())?;
        let mut boards = ArrowBoards::empty(schema, spec);
        boards.push(array, spec)?;
        Ok(boards)
    }

    /// Pulls every array of a stream (what `__arrow_c_stream__` exports), then releases the
    /// stream. Cheap: arrays are checked, not copied.
    pub fn from_stream(mut stream: OwnedStream) -> Result<Self, ArrowError> {
        let (Some(get_schema), Some(get_next)) = (stream.0.get_schema, stream.0.get_next) else {
            return Err(ArrowError::malformed("the stream has no callbacks"));
        };
        if stream.is_released() {
            return Err(ArrowError::malformed("the stream is released"));
        }
        // Every call goes through this one pointer; `stream` itself is only touched again
        // when it is dropped (and so released) at the end.
        let raw: *mut ArrowArrayStream = &mut stream.0;
        let mut schema = ArrowSchema::empty();
        // SAFETY: the stream is live and ours (moved out of its capsule); `schema` is a
        // released struct for the producer to fill in.
        let status = unsafe { get_schema(raw, &mut schema) };
        let schema = OwnedSchema::new(schema);
        if status != 0 {
            return Err(stream_error(raw, status));
        }
        let spec = column_spec(schema.raw())?;
        let mut boards = ArrowBoards::empty(schema, spec);
        loop {
            let mut array = ArrowArray::empty();
            // SAFETY: as for `get_schema`; `array` is a released struct to fill in.
            let status = unsafe { get_next(raw, &mut array) };
            let array = OwnedArray::new(array);
            if status != 0 {
                return Err(stream_error(raw, status));
            }
            if array.is_released() {
                // The end of the stream.
                return Ok(boards);
            }
            boards.push(array, spec)?;
        }
    }

    /// True when the column holds strings, false for binary.
    pub fn is_text(&self) -> bool {
        self.text
    }

    fn empty(schema: OwnedSchema, spec: ColumnSpec) -> Self {
        ArrowBoards {
            _arrays: Vec::new(),
            chunks: Vec::new(),
            starts: Vec::new(),
            rows: 0,
            text: spec.column.text,
            _schema: schema,
        }
    }

    /// Checks and keeps one array of the column.
    fn push(&mut self, array: OwnedArray, spec: ColumnSpec) -> Result<(), ArrowError> {
        let chunk = match spec.in_struct {
            false => Chunk::import(array.raw(), None, spec.column.layout, spec.keys)?,
            true => Chunk::import(only_child(array.raw())?, Some(array.raw()), spec.column.layout, spec.keys)?,
        };
        let oom = |_| ArrowError::out_of_memory();
        self._arrays.try_reserve(1).map_err(oom)?;
        self._arrays.push(array);
        if chunk.rows > 0 {
            self.chunks.try_reserve(1).map_err(oom)?;
            self.starts.try_reserve(1).map_err(oom)?;
            self.starts.push(self.rows);
            self.rows = self.rows.checked_add(chunk.rows).ok_or_else(|| ArrowError::malformed("sizes overflow"))?;
            self.chunks.push(chunk);
        }
        Ok(())
    }

    /// Fills boards `index..index + out.len() / 81`, all in `chunk` from its row `row`.
    fn fill_in_chunk(&self, chunk: &Chunk, row: usize, index: usize, out: &mut [u8]) -> Result<(), BatchError> {
        let count = out.len() / CELLS;
        // Back-to-back 81-byte rows (the usual column of puzzles): one conversion for all.
        if let Some(symbols) = chunk.run(row, count, CELLS) {
            if ascii::convert(symbols, out) {
                return Ok(());
            }
        }
        for (k, cells) in out.chunks_exact_mut(CELLS).enumerate() {
            match chunk.row(row + k) {
                Row::Null => return Err(BoardError::new(Place::Board, Problem::Null).in_batch(index + k).into()),
                Row::Value(bytes) => {
                    if !ascii::convert(bytes, cells) {
                        fill_from_line(index + k, bytes, self.text, cells)?;
                    }
                }
            }
        }
        Ok(())
    }
}

impl BoardSource for ArrowBoards {
    fn len(&self) -> usize {
        self.rows
    }

    fn symbols_in_place(&self, first: usize, count: usize) -> Option<(&[u8], usize)> {
        // Rows back to back in one chunk, with no null among them (the usual column).
        let k = self.starts.partition_point(|&start| start <= first).checked_sub(1)?;
        let (chunk, &start) = (self.chunks.get(k)?, self.starts.get(k)?);
        let row = first.checked_sub(start)?;
        if row.checked_add(count)? > chunk.rows {
            return None;
        }
        chunk.run(row, count, CELLS).map(|bytes| (bytes, CELLS))
    }

    fn fill(&self, first: usize, out: &mut [u8]) -> Result<(), BatchError> {
        let mut index = first;
        let mut rest = out;
        // The chunk holding `first`: the last one starting at or before it.
        let mut k = self.starts.partition_point(|&start| start <= first).saturating_sub(1);
        while rest.len() >= CELLS {
            let (Some(chunk), Some(&start)) = (self.chunks.get(k), self.starts.get(k)) else { break };
            // Never short of rows for a call within `len`; checked all the same.
            let row = index.saturating_sub(start);
            let count = chunk.rows.saturating_sub(row).min(rest.len() / CELLS);
            if count == 0 {
                break;
            }
            let (here, next) = rest.split_at_mut(count * CELLS);
            self.fill_in_chunk(chunk, row, index, here)?;
            index += count;
            rest = next;
            k += 1;
        }
        Ok(())
    }
}

/// A stream's failure: its own message when it gives one, else the errno-style code.
fn stream_error(stream: *mut ArrowArrayStream, status: i32) -> ArrowError {
    // SAFETY: `stream` points at the live stream `from_stream` owns.
    let get_last_error = unsafe { (*stream).get_last_error };
    let message = get_last_error.and_then(|get_last_error| {
        // SAFETY: the stream is live; `get_last_error` returns null or a NUL-terminated
        // string valid until the next call on the stream, which we copy at once.
        let text = unsafe { get_last_error(stream) };
        // SAFETY: as above, when not null.
        (!text.is_null()).then(|| unsafe { CStr::from_ptr(text) }.to_string_lossy().into_owned())
    });
    ArrowError::stream(message.unwrap_or_else(|| format!("error code {status}")))
}
