//! Which kind of input a file is, from its first meaningful line.
//!
//! The kinds cannot be confused on real files: JSON starts with `[`, `{` or `"` (an
//! 81-character string, whose line has no comma); a CSV header names the puzzle column (or at least has a comma, which
//! no block-format board has); a puzzle file's first board is one long run of symbols; a
//! block-format board has at most 9 symbols in a row, and few other characters. A file that
//! starts like a block board is read as one, whose parser then says exactly where it goes
//! wrong; anything else is not recognised, and the message says what was tried.

use std::io::{self, Read};

use crate::bounds::Known;
use crate::error::shorten;
use crate::symbols::is_symbol;

/// The kinds of input the command reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// A JSON board, or a JSON list of boards.
    Json,
    /// One 81-symbol board per line.
    Lines,
    /// CSV with a header naming the puzzle column.
    Csv,
    /// A single board in block format (nine lines of nine cells).
    Block,
    /// None of the above; the 1-based line that decided it.
    Unrecognised { line: usize },
}

/// The most read before deciding; a file whose first meaningful line is further in is a
/// puzzle file with a very long preamble, and is read as one.
pub const PEEK_LIMIT: usize = 64 * 1024;

/// More symbols than this in the first word of the first line make it a puzzle file: block
/// formats have at most 9 in a row, and a typo leaves a real board line far above.
const LINE_FILE_MIN_SYMBOLS: usize = 18;

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Reads the start of `reader` until the kind can be told (see [`enough_to_decide`]), and
/// returns it without a leading UTF-8 byte order mark. The caller reads it again before the rest.
pub fn peek<R: Read>(reader: &mut R) -> io::Result<Vec<u8>> {
    let mut prefix = Vec::new();
    let mut chunk = [0u8; 8192];
    while prefix.len() < PEEK_LIMIT && !enough_to_decide(&prefix) {
        let read = match reader.read(&mut chunk) {
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            result => result?,
        };
        if read == 0 {
            break;
        }
        prefix.extend_from_slice(chunk.get(..read).known());
    }
    if prefix.starts_with(UTF8_BOM) {
        prefix.drain(..UTF8_BOM.len());
    }
    Ok(prefix)
}

/// True once the prefix shows JSON, or holds a complete first meaningful line.
fn enough_to_decide(prefix: &[u8]) -> bool {
    match first_non_space(prefix) {
        None => false,
        Some(b'[' | b'{') => true,
        Some(_) => first_meaningful_line(prefix).is_some_and(|(_, complete, _)| complete),
    }
}

/// The kind of the input that starts with `prefix`. `columns` are the CSV column names asked for.
pub fn detect(prefix: &[u8], columns: &[&str]) -> Kind {
    if matches!(first_non_space(prefix), Some(b'[' | b'{')) {
        return Kind::Json;
    }
    let Some((line, _, number)) = first_meaningful_line(prefix) else {
        // Empty, or nothing but blank and comment lines: a puzzle file with no board.
        return Kind::Lines;
    };
    if names_a_column(line, columns) {
        return Kind::Csv;
    }
    // A JSON string (one 81-character board) holds no comma; a quoted CSV header does.
    if line.trim_ascii_start().starts_with(b"\"") && !line.contains(&b',') {
        return Kind::Json;
    }
    let content = line.trim_ascii_start();
    let word = content.split(|&byte| matches!(byte, b' ' | b'\t' | b',' | b':' | b'\r')).next().unwrap_or_default();
    if word.iter().filter(|&&byte| is_symbol(byte)).count() > LINE_FILE_MIN_SYMBOLS {
        return Kind::Lines;
    }
    if line.contains(&b',') {
        return Kind::Csv;
    }
    if starts_a_block(line) {
        return Kind::Block;
    }
    // One name alone on the first line, when a column was named with --column: a one-column
    // CSV whose header lacks it, which the CSV reader says plainly (as for two columns).
    if columns != super::csv_reader::DEFAULT_COLUMNS && is_a_name(line) {
        return Kind::Csv;
    }
    Kind::Unrecognised { line: number }
}

/// A header's one field: a word of letters, digits, `_` or `-` (quotes around it allowed).
fn is_a_name(line: &[u8]) -> bool {
    let field = line.trim_ascii();
    let field = field.strip_prefix(b"\"").and_then(|f| f.strip_suffix(b"\"")).unwrap_or(field);
    field.first().is_some_and(u8::is_ascii_alphabetic)
        && field.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// The message for an input of no known kind, whose first meaningful line is `line`.
pub fn unrecognised(line: &[u8]) -> String {
    let shown = shorten(String::from_utf8_lossy(line.trim_ascii()).as_ref());
    let hint = if line.iter().any(|&byte| matches!(byte, b';' | b'\t')) && !starts_a_block(line) {
        " (CSV fields must be separated by commas)"
    } else {
        ""
    };
    format!(
        "the format was not recognised: tried JSON, one 81-character board per line, CSV with a \
         header and one board in block format, got '{shown}'{hint}"
    )
}

/// The first meaningful line of `prefix`, for [`unrecognised`].
pub fn first_line(prefix: &[u8]) -> &[u8] {
    first_meaningful_line(prefix).map_or(&[][..], |(line, _, _)| line)
}

/// Whether a line can be a block board's first: a separator (`+---+`, `---`), or a row with
/// at least as many symbols as other characters besides blanks and `|`, so that a typo still
/// reaches the block parser, which says where it is.
fn starts_a_block(line: &[u8]) -> bool {
    let content: Vec<u8> = line.iter().copied().filter(|byte| !byte.is_ascii_whitespace() && *byte != b'|').collect();
    if !content.is_empty() && content.iter().all(|byte| matches!(byte, b'-' | b'+' | b'=')) {
        return true;
    }
    let symbols = content.iter().filter(|&&byte| is_symbol(byte)).count();
    symbols > 0 && symbols * 2 >= content.len()
}

fn first_non_space(bytes: &[u8]) -> Option<u8> {
    let bytes = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
    bytes.iter().copied().find(|byte| !byte.is_ascii_whitespace())
}

/// The first line that is neither blank nor a `#` comment, whether its end was seen, and its
/// 1-based number.
fn first_meaningful_line(prefix: &[u8]) -> Option<(&[u8], bool, usize)> {
    let mut rest = prefix.strip_prefix(UTF8_BOM).unwrap_or(prefix);
    let mut number = 1;
    loop {
        let (line, complete, next) = match rest.iter().position(|&byte| byte == b'\n') {
            Some(end) => (rest.get(..end)?, true, rest.get(end + 1..)?),
            None => (rest, false, &[][..]),
        };
        let content = line.trim_ascii();
        if !content.is_empty() && !content.starts_with(b"#") {
            return Some((line, complete, number));
        }
        if !complete {
            return None;
        }
        rest = next;
        number += 1;
    }
}

/// True when a comma-separated field of `line` is one of `columns` (spaces and quotes around it ignored).
fn names_a_column(line: &[u8], columns: &[&str]) -> bool {
    line.split(|&byte| byte == b',').any(|field| {
        let field = field.trim_ascii();
        let field = field.strip_prefix(b"\"").and_then(|f| f.strip_suffix(b"\"")).unwrap_or(field);
        columns.iter().any(|column| column.as_bytes() == field)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const DEFAULT: &[&str] = &["puzzle", "quizzes"];

    #[test]
    fn tells_every_kind_apart() {
        assert_eq!(detect(b"  \n[[\"5\"", DEFAULT), Kind::Json);
        assert_eq!(detect(b"{\"board\": 1}", DEFAULT), Kind::Json);
        assert_eq!(detect(format!("# comment\n\n{SEED}\n").as_bytes(), DEFAULT), Kind::Lines);
        assert_eq!(detect(format!("{SEED},rated 3\n").as_bytes(), DEFAULT), Kind::Lines);
        assert_eq!(detect(b"puzzle,solution,clues\n0043\n", DEFAULT), Kind::Csv);
        assert_eq!(detect(b"\"id\", \"quizzes\"\n", DEFAULT), Kind::Csv);
        assert_eq!(detect(b"puzzle\n", DEFAULT), Kind::Csv);
        assert_eq!(detect(b"id,grid\n1,2\n", &["grid"]), Kind::Csv);
        // A header without the wanted column is still CSV: its reader says what is missing.
        assert_eq!(detect(b"id,grid\n", DEFAULT), Kind::Csv);
        assert_eq!(detect(b"5 3 . | . 7 . | . . .\n6 . .", DEFAULT), Kind::Block);
        assert_eq!(detect(b"53..7....\n6..195...\n", DEFAULT), Kind::Block);
        assert_eq!(detect(b"+-------+-------+-------+\n| 5 3 . |", DEFAULT), Kind::Block);
        assert_eq!(detect(b"5 3 x | . 7 . | . . .\n", DEFAULT), Kind::Block);
        assert_eq!(detect(format!("\"{SEED}\"").as_bytes(), DEFAULT), Kind::Json);
        // A one-column CSV without the column asked for: CSV, so its reader names the column.
        assert_eq!(detect(b"puzzle\n0043\n", &["nope"]), Kind::Csv);
        assert_eq!(detect(b"hello\n", DEFAULT), Kind::Unrecognised { line: 1 });
        assert_eq!(detect(b"hello world\n", &["nope"]), Kind::Unrecognised { line: 1 });
    }

    #[test]
    fn other_inputs_are_not_recognised_and_say_what_was_tried() {
        let semicolons = b"# exported\npuzzle;solution\n";
        assert_eq!(detect(semicolons, DEFAULT), Kind::Unrecognised { line: 2 });
        assert_eq!(
            unrecognised(first_line(semicolons)),
            "the format was not recognised: tried JSON, one 81-character board per line, CSV with a \
             header and one board in block format, got 'puzzle;solution' (CSV fields must be separated by commas)"
        );
        assert_eq!(detect(b"hello world\n", DEFAULT), Kind::Unrecognised { line: 1 });
        assert!(unrecognised(b"hello world").ends_with("got 'hello world'"));
    }

    #[test]
    fn empty_and_comment_only_inputs_are_puzzle_files_without_boards() {
        assert_eq!(detect(b"", DEFAULT), Kind::Lines);
        assert_eq!(detect(b"\n  \n# only a comment\n", DEFAULT), Kind::Lines);
    }

    #[test]
    fn a_board_line_with_a_typo_is_still_a_puzzle_file() {
        let mut typo = SEED.to_string();
        typo.replace_range(40..41, "x");
        assert_eq!(detect(typo.as_bytes(), DEFAULT), Kind::Lines);
        assert_eq!(detect(&SEED.as_bytes()[..60], DEFAULT), Kind::Lines);
    }

    #[test]
    fn peek_stops_at_the_first_meaningful_line_and_drops_a_bom() {
        let text = format!("\u{FEFF}# c\n{SEED}\n{SEED}\n");
        let mut reader = text.as_bytes();
        let prefix = peek(&mut reader).expect("reads");
        assert!(!prefix.starts_with(UTF8_BOM));
        assert!(prefix.ends_with(b"\n"));
        assert_eq!(detect(&prefix, DEFAULT), Kind::Lines);
        let mut json = &b"[1, 2]"[..];
        assert_eq!(peek(&mut json).expect("reads"), b"[1, 2]");
    }
}
