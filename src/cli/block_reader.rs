//! A single board in block format (nine lines of nine cells, with optional `|`, spaces and
//! `---+---` separator lines), read by the same parser as `Board.parse`.
//!
//! One board is small, so the text is read whole, up to a limit that keeps memory bounded
//! whatever is passed in by mistake.

use std::io::Read;

use super::{Failure, Sink};
use crate::bounds::Known;
use crate::error::TextError;
use crate::text::parse_board;

/// More than enough for one board with generous comments and spacing.
const LIMIT_BYTES: usize = 64 * 1024;

/// Reads the one board of `reader` into `sink`, numbered by the line of its first row.
pub fn read_block<R: Read>(reader: R, sink: &mut Sink<'_>) -> Result<(), Failure> {
    let mut bytes = Vec::new();
    reader.take(LIMIT_BYTES as u64 + 1).read_to_end(&mut bytes).map_err(Failure::Read)?;
    let too_long = bytes.len() > LIMIT_BYTES;
    if too_long {
        // Keep whole lines only, so no character is cut in two.
        let keep = bytes.iter().rposition(|&byte| byte == b'\n').unwrap_or(0);
        bytes.truncate(keep);
    }
    let text = std::str::from_utf8(&bytes).map_err(|error| not_utf8(&bytes, error.valid_up_to()))?;
    let grid = parse_board(text).map_err(Failure::Input)?;
    if too_long {
        let line = text.lines().count() + 1;
        let message = format!("expected one board, got more than {} KiB of text", LIMIT_BYTES / 1024);
        return Err(Failure::Input(TextError::at(line, Some(1), message)));
    }
    sink(first_row_line(text), grid.cells())
}

/// The error for the first byte that is not UTF-8, at its line and column.
fn not_utf8(bytes: &[u8], offset: usize) -> Failure {
    let before = bytes.get(..offset).known();
    let line = 1 + before.iter().filter(|&&byte| byte == b'\n').count();
    let line_start = before.iter().rposition(|&byte| byte == b'\n').map_or(0, |i| i + 1);
    let column = 1 + String::from_utf8_lossy(&before[line_start..]).chars().count();
    let byte = bytes.get(offset).copied().known();
    Failure::Input(TextError::at(line, Some(column), format!("expected UTF-8 text, got byte 0x{byte:02x}")))
}

/// The 1-based line of the board's first row: the first line holding anything but blanks,
/// a `#` comment, or a separator made of `-`, `+` and `|`.
fn first_row_line(text: &str) -> usize {
    let holds_cells = |line: &str| {
        let content = line.split('#').next().unwrap_or_default().trim();
        !content.is_empty() && !content.chars().all(|ch| matches!(ch, '-' | '+' | '|' | '=') || ch.is_whitespace())
    };
    text.split('\n').position(holds_cells).map_or(1, |index| index + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::CELLS;

    const BLOCK: &str = "\
# the seed example
+-------+-------+-------+
| 5 3 . | . 7 . | . . . |
| 6 . . | 1 9 5 | . . . |
| . 9 8 | . . . | . 6 . |
+-------+-------+-------+
| 8 . . | . 6 . | . . 3 |
| 4 . . | 8 . 3 | . . 1 |
| 7 . . | . 2 . | . . 6 |
+-------+-------+-------+
| . 6 . | . . . | 2 8 . |
| . . . | 4 1 9 | . . 5 |
| . . . | . 8 . | . 7 9 |
+-------+-------+-------+
";

    fn boards(text: &[u8]) -> Result<Vec<(usize, u8)>, String> {
        let mut found = Vec::new();
        let mut sink = |line: usize, cells: &[u8; CELLS]| {
            found.push((line, cells[0]));
            Ok(())
        };
        match read_block(text, &mut sink) {
            Ok(()) => Ok(found),
            Err(Failure::Input(error)) => Err(error.to_string()),
            Err(other) => Err(format!("{other:?}")),
        }
    }

    #[test]
    fn reads_one_board_numbered_by_its_first_row() {
        assert_eq!(boards(BLOCK.as_bytes()), Ok(vec![(3, 5)]));
        let plain = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
        assert_eq!(boards(plain.as_bytes()), Ok(vec![(1, 5)]));
    }

    #[test]
    fn parser_errors_keep_their_line_and_column() {
        let bad = BLOCK.replacen("| 4 . .", "| 4 x .", 1);
        assert_eq!(
            boards(bad.as_bytes()),
            Err("line 8, column 5: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'".into())
        );
        assert_eq!(boards(b"\xff\n"), Err("line 1, column 1: expected UTF-8 text, got byte 0xff".into()));
        assert_eq!(boards(b"\xc3\xa9\n\x80"), Err("line 2, column 1: expected UTF-8 text, got byte 0x80".into()));
    }

    #[test]
    fn a_huge_input_is_cut_and_refused() {
        let huge = format!("{BLOCK}{}", "# padding\n".repeat(LIMIT_BYTES / 10 + 10));
        let error = boards(huge.as_bytes()).unwrap_err();
        assert!(error.ends_with("expected one board, got more than 64 KiB of text"), "{error}");
    }
}
