//! Readers that watch the bytes going through: how many (for the progress bar), and the
//! line and column of the last one (for JSON, whose parser reads one byte at a time).

use crate::bounds::Known;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::io::{self, Read};
use std::rc::Rc;

/// Adds the number of bytes read to a shared counter.
pub struct CountingReader<R> {
    inner: R,
    count: Rc<Cell<u64>>,
}

impl<R: Read> CountingReader<R> {
    pub fn new(inner: R, count: Rc<Cell<u64>>) -> Self {
        CountingReader { inner, count }
    }
}

impl<R: Read> Read for CountingReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.set(self.count.get().saturating_add(n as u64));
        Ok(n)
    }
}

/// A 1-based line, and the 1-based column (in characters) of the last byte read on it;
/// column 0 means no byte of the line has been read yet.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

impl Position {
    pub const START: Position = Position { line: 1, column: 0 };
}

/// The longest number kept as written; longer ones are shown cut, with an ellipsis.
const NUMBER_TEXT: usize = 32;

/// What a [`PositionReader`] has seen: the position of the last byte, and the text of the
/// last number (a run of `0-9 + - . e E`), for messages that show a number as written.
#[derive(Default)]
pub struct Tracked {
    pub position: Cell<Position>,
    number: Cell<([u8; NUMBER_TEXT], usize)>,
    /// Whether the last byte belonged to a number.
    in_number: Cell<bool>,
}

impl Default for Position {
    fn default() -> Self {
        Position::START
    }
}

impl Tracked {
    fn see(&self, byte: u8) {
        let mut position = self.position.get();
        if byte == b'\n' {
            position = Position { line: position.line + 1, column: 0 };
        } else if byte & 0xC0 != 0x80 {
            // Continuation bytes of a multi-byte character do not start a new column.
            position.column += 1;
        }
        self.position.set(position);
        let numeric = matches!(byte, b'0'..=b'9' | b'+' | b'-' | b'.' | b'e' | b'E');
        if numeric {
            // A number's first byte starts a new text; the byte after its end leaves it be.
            let (mut text, mut length) = if self.in_number.get() { self.number.get() } else { ([0; NUMBER_TEXT], 0) };
            if let Some(slot) = text.get_mut(length) {
                *slot = byte;
            }
            length = length.saturating_add(1);
            self.number.set((text, length));
        }
        self.in_number.set(numeric);
    }

    /// The last number read, as written (cut to [`NUMBER_TEXT`] bytes with an ellipsis).
    pub fn number_text(&self) -> String {
        let (text, length) = self.number.get();
        let kept = text.get(..length.min(NUMBER_TEXT)).known();
        let mut shown = String::from_utf8_lossy(kept).into_owned();
        if length > NUMBER_TEXT {
            shown.push('…');
        }
        shown
    }
}

/// Keeps the position of the last byte it handed out, and the last number, in a shared [`Tracked`].
///
/// serde_json's reader pulls one byte at a time through `io::Bytes` (and peeks at most one
/// ahead), so when a visitor starts on a value, the last byte handed out is the value's first;
/// and when it visits a number, the byte after the number at most has been read.
pub struct PositionReader<R> {
    inner: R,
    tracked: Rc<Tracked>,
}

impl<R: Read> PositionReader<R> {
    pub fn new(inner: R, tracked: Rc<Tracked>) -> Self {
        PositionReader { inner, tracked }
    }
}

impl<R: Read> Read for PositionReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        for &byte in buf.get(..n).known() {
            self.tracked.see(byte);
        }
        Ok(n)
    }
}

/// The line of any byte offset not yet asked about, for readers (CSV) that report byte
/// offsets but whose own line count skips lines they ignore.
///
/// Offsets must be asked in increasing order; only the line ends between the last offset
/// asked and the reading head are kept, so memory is bounded by the reader's buffer.
#[derive(Default)]
pub struct LineIndex {
    /// Offsets of the `\n`s not yet passed by a question.
    ahead: VecDeque<u64>,
    /// `\n`s before the last offset asked about.
    passed: usize,
    /// Bytes seen so far.
    seen: u64,
}

impl LineIndex {
    /// The 1-based line of the byte at `offset`.
    pub fn line_of(&mut self, offset: u64) -> usize {
        while self.ahead.front().is_some_and(|&newline| newline < offset) {
            self.ahead.pop_front();
            self.passed += 1;
        }
        self.passed + 1
    }

    fn record(&mut self, bytes: &[u8]) {
        for at in memchr::memchr_iter(b'\n', bytes) {
            self.ahead.push_back(self.seen + at as u64);
        }
        self.seen += bytes.len() as u64;
    }
}

/// Feeds a [`LineIndex`] with the line ends of the bytes it reads.
pub struct LineIndexReader<R> {
    inner: R,
    index: Rc<RefCell<LineIndex>>,
}

impl<R: Read> LineIndexReader<R> {
    pub fn new(inner: R, index: Rc<RefCell<LineIndex>>) -> Self {
        LineIndexReader { inner, index }
    }
}

impl<R: Read> Read for LineIndexReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.index.borrow_mut().record(buf.get(..n).known());
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_bytes() {
        let count = Rc::new(Cell::new(0));
        let mut reader = CountingReader::new(&b"hello world"[..], count.clone());
        let mut buf = [0u8; 4];
        assert_eq!(reader.read(&mut buf).ok(), Some(4));
        assert_eq!(reader.read_to_end(&mut Vec::new()).ok(), Some(7));
        assert_eq!(count.get(), 11);
    }

    #[test]
    fn tracks_line_and_character_column() {
        let tracked = Rc::new(Tracked::default());
        let mut reader = PositionReader::new("ab\nxé".as_bytes(), tracked.clone());
        let mut byte = [0u8; 1];
        let mut seen = Vec::new();
        while reader.read(&mut byte).ok() == Some(1) {
            seen.push(tracked.position.get());
        }
        let at = |line, column| Position { line, column };
        // 'a', 'b', '\n', 'x', then the two bytes of 'é' share one column.
        assert_eq!(seen, [at(1, 1), at(1, 2), at(2, 0), at(2, 1), at(2, 2), at(2, 2)]);
    }

    #[test]
    fn keeps_the_last_number_as_written() {
        let tracked = Rc::new(Tracked::default());
        let mut reader = PositionReader::new(&b"[1, \"e5\", 18446744073709551616]"[..], tracked.clone());
        assert_eq!(reader.read_to_end(&mut Vec::new()).ok(), Some(31));
        assert_eq!(tracked.number_text(), "18446744073709551616");
        let long = format!("[{}]", "9".repeat(50));
        let mut reader = PositionReader::new(long.as_bytes(), tracked.clone());
        assert_eq!(reader.read_to_end(&mut Vec::new()).ok(), Some(52));
        assert_eq!(tracked.number_text(), format!("{}…", "9".repeat(32)));
    }

    #[test]
    fn line_index_answers_increasing_offsets() {
        let index = Rc::new(RefCell::new(LineIndex::default()));
        let mut reader = LineIndexReader::new(&b"ab\n\ncd\ne"[..], index.clone());
        let mut all = Vec::new();
        assert_eq!(reader.read_to_end(&mut all).ok(), Some(8));
        let mut index = index.borrow_mut();
        assert_eq!(index.line_of(0), 1);
        assert_eq!(index.line_of(2), 1); // the first '\n' is on line 1
        assert_eq!(index.line_of(3), 2);
        assert_eq!(index.line_of(4), 3);
        assert_eq!(index.line_of(8), 4);
        assert!(index.ahead.is_empty());
    }
}
