//! Readers that watch the bytes going through: how many (for the progress bar), and the
//! line and column of the last one (for JSON, whose parser reads one byte at a time).

use std::cell::Cell;
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

/// Keeps the position of the last byte it handed out in a shared cell.
///
/// serde_json's reader pulls one byte at a time through `io::Bytes` (and peeks at most one
/// ahead), so when a visitor starts on a value, the last byte handed out is the value's first.
pub struct PositionReader<R> {
    inner: R,
    position: Rc<Cell<Position>>,
}

impl<R: Read> PositionReader<R> {
    pub fn new(inner: R, position: Rc<Cell<Position>>) -> Self {
        PositionReader { inner, position }
    }
}

impl<R: Read> Read for PositionReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        let mut position = self.position.get();
        for &byte in buf.get(..n).unwrap_or_default() {
            if byte == b'\n' {
                position = Position { line: position.line + 1, column: 0 };
            } else if byte & 0xC0 != 0x80 {
                // Continuation bytes of a multi-byte character do not start a new column.
                position.column += 1;
            }
        }
        self.position.set(position);
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
        let position = Rc::new(Cell::new(Position::START));
        let mut reader = PositionReader::new("ab\nxé".as_bytes(), position.clone());
        let mut byte = [0u8; 1];
        let mut seen = Vec::new();
        while reader.read(&mut byte).ok() == Some(1) {
            seen.push(position.get());
        }
        let at = |line, column| Position { line, column };
        // 'a', 'b', '\n', 'x', then the two bytes of 'é' share one column.
        assert_eq!(seen, [at(1, 1), at(1, 2), at(2, 0), at(2, 1), at(2, 2), at(2, 2)]);
    }
}
