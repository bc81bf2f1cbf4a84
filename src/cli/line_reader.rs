//! Puzzle files with one 81-symbol board per line: the fast path for big files.
//!
//! Blank lines and lines starting with `#` are skipped; leading spaces and tabs are allowed;
//! after the board, a space, tab, comma or colon starts text that is ignored (a comment, a
//! rating, or the `puzzle:count` of some collections). Memory stays constant: a line longer
//! than the buffer is judged by its head and the rest is skipped.

use std::io::{self, Read};

use memchr::memchr;

use super::{Failure, Sink};
use crate::bounds::Known;
use crate::error::TextError;
use crate::grid::CELLS;
use crate::symbols::{cells_from_symbols, diagnose};

/// Bytes read at a time; also the longest line head that is looked at.
const BUFFER_BYTES: usize = 256 * 1024;

/// What may follow a board on its line.
const AFTER_BOARD: &str = "a space, tab, comma or end of line";

/// Reads every board of `reader` into `sink`, numbering lines from 1.
pub fn read_lines<R: Read>(mut reader: R, sink: &mut Sink<'_>) -> Result<(), Failure> {
    read_lines_with_buffer(&mut reader, sink, BUFFER_BYTES)
}

fn read_lines_with_buffer<R: Read>(reader: &mut R, sink: &mut Sink<'_>, capacity: usize) -> Result<(), Failure> {
    let mut buffer = vec![0u8; capacity.max(CELLS + 8)];
    let (mut start, mut end) = (0usize, 0usize);
    let mut line = 0usize;
    // True while skipping the tail of a line longer than the buffer.
    let mut skipping = false;
    loop {
        while let Some(length) = memchr(b'\n', buffer.get(start..end).known()) {
            if skipping {
                skipping = false;
            } else {
                line += 1;
                read_line(buffer.get(start..start + length).known(), line, sink)?;
            }
            start += length + 1;
        }
        if start == 0 && end == buffer.len() {
            // A full buffer with no line end: judge the line by its head, skip the rest.
            if !skipping {
                line += 1;
                read_long_line_head(&buffer, line, sink)?;
                skipping = true;
            }
            end = 0;
        } else {
            buffer.copy_within(start..end, 0);
            end -= start;
        }
        start = 0;
        let read = read_some(reader, buffer.get_mut(end..).known())?;
        if read == 0 {
            // The last line may have no line end.
            if end > 0 && !skipping {
                read_line(buffer.get(..end).known(), line + 1, sink)?;
            }
            return Ok(());
        }
        end += read;
    }
}

/// One read, retried when interrupted by a signal, as `read_to_end` does.
fn read_some<R: Read>(reader: &mut R, buf: &mut [u8]) -> Result<usize, Failure> {
    loop {
        match reader.read(buf) {
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            result => return result.map_err(Failure::Read),
        }
    }
}

/// One line, without its `\n`.
#[inline]
fn read_line(text: &[u8], line: usize, sink: &mut Sink<'_>) -> Result<(), Failure> {
    let indent = text.iter().take_while(|&&byte| byte == b' ' || byte == b'\t').count();
    let content = &text[indent..];
    match content.first() {
        None | Some(b'#') => return Ok(()),
        Some(b'\r') if content.len() == 1 => return Ok(()),
        _ => {}
    }
    let board = &content[..content.len().min(CELLS)];
    if let Some(cells) = cells_from_symbols(board) {
        if content.get(CELLS).is_none_or(|&byte| is_separator(byte)) {
            return sink(line, &cells);
        }
    }
    Err(line_error(content, indent, line))
}

/// A line longer than the buffer. Its head decides, unless it is all spaces: then the board
/// (if any) is out of sight, and saying so beats skipping it silently.
fn read_long_line_head(head: &[u8], line: usize, sink: &mut Sink<'_>) -> Result<(), Failure> {
    if head.iter().all(|&byte| matches!(byte, b' ' | b'\t' | b'\r')) {
        let message = format!("expected a board within the first {} characters of the line", head.len());
        return Err(Failure::Input(TextError::at(line, Some(head.len()), message)));
    }
    read_line(head, line, sink)
}

/// Bytes after which a board's line holds text that is ignored.
#[inline]
fn is_separator(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b',' | b':' | b'\r')
}

/// The error for a line whose content (after `indent` spaces) is not a board.
fn line_error(content: &[u8], indent: usize, line: usize) -> Failure {
    let token_end = content.iter().position(|&byte| is_separator(byte)).unwrap_or(content.len());
    let token = &content[..token_end];
    let error = diagnose(token, AFTER_BOARD);
    Failure::Input(TextError::at(line, Some(indent + error.offset + 1), error.message))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// (line, first cell) of each board, or the error message with its position.
    fn boards(text: &[u8], capacity: usize) -> Result<Vec<(usize, u8)>, String> {
        let mut found = Vec::new();
        let mut sink = |line: usize, cells: &[u8; CELLS]| {
            found.push((line, cells[0]));
            Ok(())
        };
        match read_lines_with_buffer(&mut &text[..], &mut sink, capacity) {
            Ok(()) => Ok(found),
            Err(Failure::Input(error)) => Err(error.to_string()),
            Err(other) => Err(format!("{other:?}")),
        }
    }

    #[test]
    fn skips_blank_and_comment_lines_and_ignores_text_after_the_board() {
        let text = format!(
            "# a comment\n\n{SEED}\n   \r\n  # indented comment\n{SEED} rating 3\n{SEED},x\n\t{SEED}\t\n{SEED}:1\r\n{SEED}"
        );
        let expected = Ok(vec![(3, 5), (6, 5), (7, 5), (8, 5), (9, 5), (10, 5)]);
        assert_eq!(boards(text.as_bytes(), BUFFER_BYTES), expected);
        // The same with a buffer so small that every line crosses a refill.
        assert_eq!(boards(text.as_bytes(), 90), expected);
        assert_eq!(boards(b"", 90), Ok(vec![]));
        assert_eq!(boards(b"\n\n", 90), Ok(vec![]));
    }

    #[test]
    fn errors_name_line_and_column() {
        let short = format!("{SEED}\n{}\n", &SEED[..80]);
        assert_eq!(boards(short.as_bytes(), 4096), Err("line 2, column 81: expected 81 cells, got 80".into()));
        let mut bad = SEED.to_string();
        bad.replace_range(6..7, "x");
        let text = format!("\n  {bad}\n");
        assert_eq!(
            boards(text.as_bytes(), 4096),
            Err("line 2, column 9: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'".into())
        );
        let long = format!("{SEED}9 comment\n");
        assert_eq!(
            boards(long.as_bytes(), 4096),
            Err("line 1, column 82: expected a space, tab, comma or end of line after 81 cells, got '9'".into())
        );
        let glued = format!("{SEED}|\n");
        assert_eq!(
            boards(glued.as_bytes(), 4096),
            Err("line 1, column 82: expected a space, tab, comma or end of line after 81 cells, got '|'".into())
        );
        let accented = format!("é{}", &SEED[1..]);
        assert_eq!(
            boards(accented.as_bytes(), 4096),
            Err("line 1, column 1: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'é'".into())
        );
        assert_eq!(boards(b"5 3 . | . 7 .\n", 4096), Err("line 1, column 2: expected 81 cells, got 1".into()));
    }

    #[test]
    fn a_line_longer_than_the_buffer_is_judged_by_its_head() {
        let text = format!("{SEED} {}\n{SEED}\n", "x".repeat(1000));
        assert_eq!(boards(text.as_bytes(), 100), Ok(vec![(1, 5), (2, 5)]));
        let hidden = format!("{}{SEED}\n", " ".repeat(1000));
        assert_eq!(
            boards(hidden.as_bytes(), 100),
            Err("line 1, column 100: expected a board within the first 100 characters of the line".into())
        );
        let garbage = "y".repeat(1000);
        assert_eq!(
            boards(garbage.as_bytes(), 100),
            Err("line 1, column 1: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'y'".into())
        );
    }

    #[test]
    fn sink_errors_stop_the_reading() {
        let text = format!("{SEED}\n{SEED}\n");
        let mut calls = 0;
        let mut sink = |_: usize, _: &[u8; CELLS]| {
            calls += 1;
            Err(Failure::Interrupted)
        };
        let result = read_lines(text.as_bytes(), &mut sink);
        assert!(matches!(result, Err(Failure::Interrupted)));
        assert_eq!(calls, 1);
    }
}
