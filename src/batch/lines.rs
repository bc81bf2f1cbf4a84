//! Puzzle lines, the way a puzzle file reads: one board of 81 symbols per line.
//!
//! Symbols are those of `crate::parse`: '1'-'9' for digits and '.', '0' or '_' for empty cells. Lines end with `\n` or
//! `\r\n`; the last one may end at the end of the data instead. Every line is a board: a
//! blank line or a comment is an error, so board `i` is always line `i + 1`.
//!
//! Runs of 32 lines that share one line ending go straight to the SIMD validator, which reads
//! the symbols in place; anything else (a mixed ending, a wrong length, a bad symbol, the last
//! few lines) goes line by line through the checked path, which also writes the errors.

use crate::error::TextError;
use crate::grid::CELLS;

use super::kernel::{kernel, Kernel};
use super::portable::{self, Verdict};
use super::threads::{part_count, run_parts};

/// Smallest share of the text worth a thread of its own, in bytes (about 100k lines); tiny
/// in unit tests, so that small inputs exercise the splitting.
const MIN_PART_BYTES: usize = if cfg!(test) { 4096 } else { 8 << 20 };

/// What a line error says after the position: the one alphabet's wording.
use crate::parse::EXPECTED_SYMBOL as SYMBOL_EXPECTED;

/// One flag per line: true when the line's board has no repeated digit in a row, column or
/// box. Fails on the first line that is not a board, naming its line and column.
pub fn validate_lines(text: &[u8], threads: usize) -> Result<Vec<bool>, TextError> {
    let parts = split_at_line_starts(text, part_count(text.len(), threads, MIN_PART_BYTES));
    let results = run_parts(parts, threads, validate_part, |result| result.1.is_some());
    let mut flags = Vec::new();
    for (flags_part, error) in results.into_iter().flatten() {
        let lines_before = flags.len();
        flags.extend_from_slice(&flags_part);
        if let Some(mut error) = error {
            error.line += lines_before;
            error.board = Some(error.line - 1);
            return Err(error);
        }
    }
    Ok(flags)
}

/// Cuts `text` into up to `count` pieces, each ending just after a `\n` (except the last).
fn split_at_line_starts(text: &[u8], count: usize) -> Vec<&[u8]> {
    let mut parts = Vec::with_capacity(count);
    let mut rest = text;
    for k in (1..count).rev() {
        let target = rest.len() / (k + 1);
        match rest.get(target..).and_then(|tail| tail.iter().position(|&b| b == b'\n')) {
            Some(newline) => {
                let (part, tail) = rest.split_at(target + newline + 1);
                parts.push(part);
                rest = tail;
            }
            None => break,
        }
    }
    parts.push(rest);
    parts
}

/// The flags of one piece of text and, if a line failed, its error with `line` counted from 1
/// at the piece's start.
fn validate_part(text: &[u8]) -> (Vec<bool>, Option<TextError>) {
    let mut flags = Vec::with_capacity(text.len() / (CELLS + 1) + 1);
    let mut pos = 0;
    while pos < text.len() {
        if let Some(next) = simd_block(text, pos, &mut flags) {
            pos = next;
            continue;
        }
        match checked_line(text, pos, flags.len() + 1) {
            Ok((valid, next)) => {
                flags.push(valid);
                pos = next;
            }
            Err(error) => return (flags, Some(error)),
        }
    }
    (flags, None)
}

/// Validates 32 lines starting at `pos` when they share a line ending and hold only symbols;
/// returns where the next line starts, or None to let the checked path take over.
#[cfg(target_arch = "x86_64")]
fn simd_block(text: &[u8], pos: usize, flags: &mut Vec<bool>) -> Option<usize> {
    use super::avx2::{prefetch, validate_block, Encoding, LANES};
    if kernel() != Kernel::Avx2 {
        return None;
    }
    let block = text.get(pos..)?;
    let stride = match block.get(CELLS..CELLS + 2)? {
        [b'\n', _] => CELLS + 1,
        [b'\r', b'\n'] => CELLS + 2,
        _ => return None,
    };
    let bytes = block.get(..LANES * stride)?;
    let every_line_ends_alike = bytes.chunks_exact(stride).all(|line| match stride {
        82 => line.get(CELLS) == Some(&b'\n'),
        _ => line.get(CELLS..) == Some(b"\r\n"),
    });
    if !every_line_ends_alike {
        return None;
    }
    let ahead = block.get(LANES * stride..2 * LANES * stride).unwrap_or_default();
    let mut out = [false; LANES];
    // SAFETY: the kernel is Avx2 only where `is_x86_feature_detected!("avx2")` said so.
    unsafe { prefetch(ahead) };
    // SAFETY: as above.
    if !unsafe { validate_block(bytes, stride, Encoding::Ascii, &mut out) } {
        return None;
    }
    flags.extend_from_slice(&out);
    Some(pos + LANES * stride)
}

#[cfg(not(target_arch = "x86_64"))]
fn simd_block(_text: &[u8], _pos: usize, _flags: &mut Vec<bool>) -> Option<usize> {
    None
}

/// The line starting at `pos`: its flag and where the next line starts, or the error that
/// names it as line `line` (counted within the piece).
fn checked_line(text: &[u8], pos: usize, line: usize) -> Result<(bool, usize), TextError> {
    let rest = text.get(pos..).unwrap_or_default();
    // The common case, without searching for the newline: 81 symbols, then an ending. A
    // newline among the 81 bytes is not a symbol, so such a line falls to the search below.
    let ending = match rest.get(CELLS..) {
        Some([] | [b'\r']) => Some(rest.len()),
        Some([b'\n', ..]) => Some(CELLS + 1),
        Some([b'\r', b'\n', ..]) => Some(CELLS + 2),
        _ => None,
    };
    if let (Some(length), Some(symbols)) = (ending, rest.first_chunk::<CELLS>()) {
        match portable::verdict(symbols, &portable::SYMBOLS) {
            Verdict::Valid => return Ok((true, pos + length)),
            Verdict::Repeat => return Ok((false, pos + length)),
            Verdict::Bad => {}
        }
    }
    Err(line_error(rest, line))
}

/// Why the line at the start of `rest` (which has a wrong length or a bad symbol) is not a
/// board, as line `line`.
fn line_error(rest: &[u8], line: usize) -> TextError {
    let mut content = match rest.iter().position(|&b| b == b'\n') {
        Some(newline) => rest.get(..newline).unwrap_or(rest),
        None => rest,
    };
    if let [head @ .., b'\r'] = content {
        content = head;
    }
    let error = |column, message: String| TextError { board: Some(line - 1), ..TextError::at(line, column, message) };
    let Ok(symbols) = <&[u8; CELLS]>::try_from(content) else {
        return error(None, format!("expected 81 characters, got {}", content.len()));
    };
    let column = portable::first_bad(symbols, &portable::SYMBOLS);
    let byte = symbols.get(column).copied().unwrap_or_default();
    let hint = crate::parse::symbol_hint(if byte == b' ' { " " } else { "" });
    error(Some(column + 1), format!("{SYMBOL_EXPECTED}, got {}{hint}", shown_byte(byte)))
}

/// A byte as a message shows it: `'x'` when printable, `byte 0xff` otherwise.
fn shown_byte(byte: u8) -> String {
    if byte.is_ascii_graphic() || byte == b' ' {
        format!("'{}'", char::from(byte))
    } else {
        format!("byte 0x{byte:02x}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn invalid_seed() -> String {
        format!("8{}", &SEED[1..])
    }

    fn lines(boards: &[String], ending: &str, final_newline: bool) -> Vec<u8> {
        let mut text = boards.join(ending);
        if final_newline && !boards.is_empty() {
            text.push_str(ending);
        }
        text.into_bytes()
    }

    fn many(count: usize) -> (Vec<String>, Vec<bool>) {
        let boards: Vec<String> = (0..count)
            .map(|i| match i % 3 {
                0 => invalid_seed(),
                1 => SEED.replace('.', "0"),
                _ => SEED.to_owned(),
            })
            .collect();
        let expected = (0..count).map(|i| i % 3 != 0).collect();
        (boards, expected)
    }

    #[test]
    fn every_ending_and_thread_count_gives_the_same_flags() {
        for count in [0, 1, 31, 32, 33, 100, 1000] {
            let (boards, expected) = many(count);
            for ending in ["\n", "\r\n"] {
                for final_newline in [true, false] {
                    let text = lines(&boards, ending, final_newline);
                    for threads in [1, 2, 3] {
                        assert_eq!(validate_lines(&text, threads), Ok(expected.clone()), "{count} {ending:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn mixed_endings_are_fine() {
        let (boards, expected) = many(100);
        let mut text = Vec::new();
        for (i, board) in boards.iter().enumerate() {
            text.extend_from_slice(board.as_bytes());
            text.extend_from_slice(if i % 7 == 0 { b"\r\n" } else { b"\n" });
        }
        assert_eq!(validate_lines(&text, 1), Ok(expected));
    }

    #[test]
    fn errors_name_line_and_column() {
        let (mut boards, _) = many(100);
        boards[17].replace_range(4..5, "x");
        let text = lines(&boards, "\n", true);
        let error = validate_lines(&text, 1).unwrap_err();
        assert_eq!(error.to_string(), "line 18, column 5: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'");
        assert_eq!((error.board, error.column), (Some(17), Some(5)));

        let (mut boards, _) = many(100);
        boards[40].pop();
        let error = validate_lines(&lines(&boards, "\r\n", false), 1).unwrap_err();
        assert_eq!(error.to_string(), "line 41: expected 81 characters, got 80");
        assert_eq!(error.board, Some(40));

        let (mut boards, _) = many(3);
        boards[2].push('1');
        let error = validate_lines(&lines(&boards, "\n", false), 1).unwrap_err();
        assert_eq!(error.to_string(), "line 3: expected 81 characters, got 82");

        let (mut boards, _) = many(40);
        boards[33].replace_range(80..81, "\u{e9}");
        let error = validate_lines(&lines(&boards, "\n", true), 1).unwrap_err();
        assert_eq!(error.to_string(), "line 34: expected 81 characters, got 82");

        let error = validate_lines(b"\n", 1).unwrap_err();
        assert_eq!(error.to_string(), "line 1: expected 81 characters, got 0");
        let (boards, _) = many(2);
        let error = validate_lines(format!("{}\n\n{}\n", boards[0], boards[1]).as_bytes(), 1).unwrap_err();
        assert_eq!(error.to_string(), "line 2: expected 81 characters, got 0");
    }

    #[test]
    fn unprintable_bytes_are_shown_in_hex() {
        let mut text = SEED.as_bytes().to_vec();
        text[80] = 0xFF;
        assert_eq!(validate_lines(&text, 1).unwrap_err().to_string(), "line 1, column 81: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got byte 0xff");
        let mut text = SEED.as_bytes().to_vec();
        text[3] = b'\r';
        assert_eq!(validate_lines(&text, 1).unwrap_err().to_string(), "line 1, column 4: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got byte 0x0d");
    }

    #[test]
    fn the_first_error_is_reported_whatever_the_threads() {
        let (mut boards, _) = many(3000);
        boards[2500].replace_range(0..1, "?");
        boards[1200].replace_range(10..11, "-");
        let text = lines(&boards, "\n", true);
        for threads in [1, 2, 4] {
            let error = validate_lines(&text, threads).unwrap_err();
            assert_eq!(error.to_string(), "line 1201, column 11: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got '-'");
            assert_eq!(error.board, Some(1200));
        }
    }

    #[test]
    fn splits_fall_after_newlines() {
        let text = b"aaaa\nbb\ncccccc\nd";
        for count in 1..6 {
            let parts = split_at_line_starts(text, count);
            assert_eq!(parts.concat(), text.to_vec());
            for part in &parts[..parts.len() - 1] {
                assert_eq!(part.last(), Some(&b'\n'));
            }
        }
    }
}
