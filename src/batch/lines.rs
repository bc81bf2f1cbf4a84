//! Puzzle lines, the way a puzzle file reads: one board of 81 symbols per line.
//!
//! Symbols are those of `crate::parse`: '1'-'9' for digits and '.', '0' or '_' for empty cells. Lines end with `\n` or
//! `\r\n`; the last one may end at the end of the data instead. Every line is a board: a
//! blank line or a comment is an error, so board `i` is always line `i + 1`.
//!
//! [`Lines`] is the batch source for such text. Where every line has the same length (the
//! usual puzzle file), line `i` is found by arithmetic; otherwise the line starts are indexed
//! once, in a buffer that fails cleanly when it cannot be had.

use crate::error::TextError;
use crate::grid::CELLS;
use crate::parse;

use super::source::{try_filled, BatchError, BoardSource};

use crate::bounds::Known;
use crate::symbols::diagnose;

/// What may follow a board on its line.
const AFTER_BOARD: &str = "the end of the line";

/// A line's content up to its first newline: a stray one inside the 81 bytes of a
/// fixed-stride line ends the line there, as a puzzle file reads.
fn content_before_newline(content: &[u8]) -> &[u8] {
    let head = match memchr::memchr(b'\n', content) {
        Some(newline) => content.get(..newline).known_or(content),
        None => content,
    };
    head.strip_suffix(b"\r").unwrap_or(head)
}

/// Puzzle lines, read by index.
pub struct Lines<'a> {
    text: &'a [u8],
    starts: Starts,
}

/// Where each line starts.
enum Starts {
    /// Line `i` starts at `i * stride`.
    Every { stride: usize, count: usize },
    /// Line `i` starts at `starts[i]`; one more entry marks the end of the text.
    Indexed(Vec<usize>),
}

impl<'a> Lines<'a> {
    /// Indexes `text`; fails only when the index cannot be allocated.
    pub fn new(text: &'a [u8]) -> Result<Self, BatchError> {
        if let Some((stride, count)) = uniform_stride(text) {
            return Ok(Lines { text, starts: Starts::Every { stride, count } });
        }
        let newlines = memchr::memchr_iter(b'\n', text).count();
        let ends_open = text.last().is_some_and(|&b| b != b'\n');
        let mut starts = try_filled(0, 0usize)?;
        starts.try_reserve_exact(newlines + 2).map_err(|_| BatchError::OutOfMemory)?;
        starts.push(0);
        starts.extend(memchr::memchr_iter(b'\n', text).map(|at| at + 1));
        if ends_open {
            starts.push(text.len());
        }
        if text.is_empty() {
            starts.clear();
        }
        Ok(Lines { text, starts: Starts::Indexed(starts) })
    }

    /// Line `index` with its ending, or None past the last.
    fn line(&self, index: usize) -> Option<&'a [u8]> {
        let (start, end) = match &self.starts {
            Starts::Every { stride, count } => {
                if index >= *count {
                    return None;
                }
                (index * stride, ((index + 1) * stride).min(self.text.len()))
            }
            Starts::Indexed(starts) => (*starts.get(index)?, *starts.get(index + 1)?),
        };
        self.text.get(start..end)
    }
}

/// `(stride, count)` when every line is 81 bytes then the same ending (`\n` or `\r\n`),
/// the last possibly without it: checked by looking only at where the endings must be.
fn uniform_stride(text: &[u8]) -> Option<(usize, usize)> {
    let stride = match text.get(CELLS..CELLS + 2)? {
        [b'\n', _] => CELLS + 1,
        [b'\r', b'\n'] => CELLS + 2,
        _ => return None,
    };
    let whole = text.len() / stride;
    let rest = text.len() % stride;
    if rest != 0 && rest != CELLS {
        return None;
    }
    let newline_at = stride - 1;
    let every_ending = (0..whole).all(|i| {
        let end = i * stride + newline_at;
        text.get(end) == Some(&b'\n') && (stride == CELLS + 1 || text.get(end - 1) == Some(&b'\r'))
    });
    // A stray newline inside a line is not a symbol, so the line that holds it fails to read
    // and its error (found by `line_error`, which looks for the first newline) is the right one.
    every_ending.then_some((stride, whole + usize::from(rest == CELLS)))
}

impl BoardSource for Lines<'_> {
    fn len(&self) -> usize {
        match &self.starts {
            Starts::Every { count, .. } => *count,
            Starts::Indexed(starts) => starts.len().saturating_sub(1),
        }
    }

    fn symbols_in_place(&self, first: usize, count: usize) -> Option<(&[u8], usize)> {
        // Only lines of one length: their endings were checked when the text was indexed.
        let Starts::Every { stride, count: lines } = self.starts else { return None };
        let end = first.checked_add(count)?;
        if end > lines {
            return None;
        }
        let bytes = self.text.get(first.checked_mul(stride)?..)?;
        // The last board may end the text without its ending.
        bytes.get(..(count.checked_sub(1)?).checked_mul(stride)?.checked_add(CELLS)?).map(|bytes| (bytes, stride))
    }

    fn fill(&self, first: usize, out: &mut [u8]) -> Result<(), BatchError> {
        for (offset, board) in out.chunks_exact_mut(CELLS).enumerate() {
            let index = first + offset;
            let line = self.line(index).unwrap_or_default();
            let content = match &self.starts {
                // The endings were checked when the text was indexed.
                Starts::Every { .. } => &line[..line.len().min(CELLS)],
                Starts::Indexed(_) => {
                    let content = line.strip_suffix(b"\n").unwrap_or(line);
                    content.strip_suffix(b"\r").unwrap_or(content)
                }
            };
            if parse::fill_from_ascii(content, board).is_none() {
                return Err(line_error(content_before_newline(content), index + 1).into());
            }
        }
        Ok(())
    }
}

/// One flag per line of `text` (true: no digit repeats), on up to `threads` threads, through
/// the same driver as every batch; or the first line that is not a board.
pub fn validate_lines(text: &[u8], threads: usize) -> Result<Vec<bool>, BatchError> {
    let lines = Lines::new(text)?;
    let mut flags = try_filled(lines.len(), false)?;
    super::validate_source(&lines, 0, &mut flags, threads).map_err(|failure| failure.error)?;
    Ok(flags)
}

/// Why line `line` (its content, without the ending) is not a board, in the words every
/// text reader uses (`crate::symbols`).
fn line_error(content: &[u8], line: usize) -> TextError {
    let error = diagnose(content, AFTER_BOARD);
    TextError { board: Some(line - 1), ..TextError::at(line, Some(error.offset + 1), error.message) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`super::validate_lines`], with a line error unwrapped for the assertions.
    fn validate_lines(text: &[u8], threads: usize) -> Result<Vec<bool>, TextError> {
        super::validate_lines(text, threads).map_err(|error| match error {
            BatchError::Text(error) => error,
            other => TextError::at(0, None, format!("{other:?}")),
        })
    }

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
    fn text_read_in_place_agrees_with_text_read_line_by_line() {
        // Uniform lines are validated in place (on AVX2); one odd ending sends the same boards
        // through the line index and values. '_' empties and a bad symbol late in a block
        // leave the in-place path for the checked one, which must say the same.
        let (mut boards, mut expected) = many(3000);
        boards[1500] = boards[1500].replace('.', "_");
        for threads in [1, 2] {
            let uniform = lines(&boards, "\n", true);
            let mut odd = uniform.clone();
            let last_newline = odd.len() - 1;
            odd.splice(last_newline.., *b"\r\n");
            assert!(Lines::new(&uniform).expect("indexed").symbols_in_place(0, 3000).is_some());
            assert!(Lines::new(&odd).expect("indexed").symbols_in_place(0, 3000).is_none());
            assert_eq!(validate_lines(&uniform, threads), Ok(expected.clone()));
            assert_eq!(validate_lines(&odd, threads), Ok(expected.clone()));
        }
        boards[2047].replace_range(77..78, "x");
        expected.clear();
        let error = validate_lines(&lines(&boards, "\n", false), 2).unwrap_err();
        assert_eq!(error.to_string(), "line 2048, column 78: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'");
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
        assert_eq!(error.to_string(), "line 41, column 81: expected 81 cells, got 80");
        assert_eq!((error.board, error.column), (Some(40), Some(81)));

        let (mut boards, _) = many(3);
        boards[2].push('1');
        let error = validate_lines(&lines(&boards, "\n", false), 1).unwrap_err();
        assert_eq!(error.to_string(), "line 3, column 82: expected the end of the line after 81 cells, got '1'");

        let (mut boards, _) = many(40);
        boards[33].replace_range(80..81, "\u{e9}");
        let error = validate_lines(&lines(&boards, "\n", true), 1).unwrap_err();
        assert_eq!(error.to_string(), "line 34, column 81: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'é'");

        let error = validate_lines(b"\n", 1).unwrap_err();
        assert_eq!(error.to_string(), "line 1, column 1: expected 81 cells, got 0");
        let (boards, _) = many(2);
        let error = validate_lines(format!("{}\n\n{}\n", boards[0], boards[1]).as_bytes(), 1).unwrap_err();
        assert_eq!(error.to_string(), "line 2, column 1: expected 81 cells, got 0");
    }

    #[test]
    fn unprintable_bytes_are_shown_in_hex() {
        let mut text = SEED.as_bytes().to_vec();
        text[80] = 0xFF;
        assert_eq!(
            validate_lines(&text, 1).unwrap_err().to_string(),
            "line 1, column 81: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got byte 0xff"
        );
        let mut text = SEED.as_bytes().to_vec();
        text[3] = b'\r';
        assert_eq!(
            validate_lines(&text, 1).unwrap_err().to_string(),
            "line 1, column 4: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got '\\r'"
        );
    }

    #[test]
    fn the_first_error_is_reported_whatever_the_threads() {
        let (mut boards, _) = many(3000);
        boards[2500].replace_range(0..1, "?");
        boards[1200].replace_range(10..11, "-");
        let text = lines(&boards, "\n", true);
        for threads in [1, 2, 4] {
            let error = validate_lines(&text, threads).unwrap_err();
            assert_eq!(
                error.to_string(),
                "line 1201, column 11: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got '-'"
            );
            assert_eq!(error.board, Some(1200));
        }
    }
}
