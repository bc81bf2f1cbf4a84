//! Lines of text, numbered from 1, and what each holds: nothing, a band separator, or cells.

use crate::error::{shorten, TextError};

/// One line of the input, without its line ending.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    /// 1-based.
    pub number: usize,
    pub text: &'a str,
}

/// The lines of `text`, numbered from 1; a `\r` before a `\n` is dropped.
pub fn numbered(text: &str) -> impl Iterator<Item = Line<'_>> {
    text.split('\n').enumerate().map(|(i, text)| Line { number: i + 1, text: text.strip_suffix('\r').unwrap_or(text) })
}

impl<'a> Line<'a> {
    /// The line up to its `#` comment, if any.
    pub fn before_comment(&self) -> &'a str {
        self.text.split('#').next().unwrap_or("")
    }

    /// False for blank lines, comment lines and separator lines.
    pub fn holds_cells(&self) -> bool {
        let content = self.before_comment().trim();
        !content.is_empty() && !is_separator(content)
    }

    /// The 1-based column of the first character that is not whitespace (1 on a blank line).
    pub fn first_column(&self) -> usize {
        self.text.chars().take_while(|ch| ch.is_whitespace()).count() + 1
    }

    /// The error for `found` at 1-based `column`, where a cell was expected.
    pub fn bad_cell(&self, column: usize, found: char) -> TextError {
        TextError::at(
            self.number,
            Some(column),
            format!(
                "{}, got '{}'{}",
                crate::error::EXPECTED_SYMBOL,
                shorten(&found.to_string()),
                crate::error::symbol_hint(&found.to_string())
            ),
        )
    }
}

/// A line drawn between bands of boxes: `------+-------+------`, `+-------+-------+-------+`,
/// or `---|---|---`. It needs a `-`, so that a line of `|` alone is not silently skipped.
fn is_separator(content: &str) -> bool {
    content.contains('-') && content.chars().all(|ch| matches!(ch, '-' | '+' | '|') || ch.is_whitespace())
}

/// The value of one cell symbol in text, in the one alphabet; `None` outside it.
pub fn cell_value(symbol: char) -> Option<u8> {
    crate::parse::symbol_value(u8::try_from(symbol).ok()?)
}
