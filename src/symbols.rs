//! One board written as 81 symbols, the way every text input writes it (a line of a puzzle
//! file, whether the command streams it or a batch reads it in memory, a CSV field, a JSON
//! string), with errors that say which character went wrong. The one place that decides
//! whether some bytes are a board.

use crate::error::shorten;
use crate::grid::CELLS;
// The one alphabet of crate::parse, under the name the text readers use.
use crate::bounds::Known;
pub use crate::error::EXPECTED_SYMBOL;
pub use crate::parse::SYMBOL_VALUE as TEXT_SYMBOL_VALUE;
use crate::parse::{fill_from_ascii, NOT_A_SYMBOL};

/// A board's cells, row-major, 0 for empty.
pub type BoardCells = [u8; CELLS];

/// True for a byte of the alphabet.
#[inline]
pub fn is_symbol(byte: u8) -> bool {
    TEXT_SYMBOL_VALUE[usize::from(byte)] != NOT_A_SYMBOL
}

/// The cells of exactly 81 symbols, or `None` (then [`diagnose`] says why).
#[inline]
pub fn cells_from_symbols(bytes: &[u8]) -> Option<BoardCells> {
    let mut cells = [0u8; CELLS];
    fill_from_ascii(bytes, &mut cells).map(|()| cells)
}

/// Why a field is not a board: the 0-based *character* offset in the field, and the message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FieldError {
    pub offset: usize,
    pub message: String,
}

/// Why `field` is not exactly 81 symbols. `after` names what should follow the 81st cell
/// ("the end of the field", say). Only called once [`cells_from_symbols`] has said no.
pub fn diagnose(field: &[u8], after: &str) -> FieldError {
    diagnose_cells(field, CELLS, after)
}

/// Why `field` is not exactly `count` symbols (a board's 81, or a row's 9).
pub fn diagnose_cells(field: &[u8], count: usize, after: &str) -> FieldError {
    let first_bad = field.iter().position(|&byte| !is_symbol(byte));
    match first_bad {
        // Symbols are ASCII, so up to the first bad byte the byte offset is the character offset.
        Some(offset) if offset < count => FieldError {
            offset,
            message: format!(
                "{EXPECTED_SYMBOL}, got {}{}",
                shown_char(field, offset),
                crate::error::symbol_hint(if field.get(offset) == Some(&b' ') { " " } else { "" })
            ),
        },
        _ if field.len() < count => {
            FieldError { offset: field.len(), message: format!("expected {count} cells, got {}", field.len()) }
        }
        _ => FieldError {
            offset: count,
            message: format!("expected {after} after {count} cells, got {}", shown_char(field, count)),
        },
    }
}

/// The character starting at byte `offset` as a message shows it: quoted (`'x'`), or as
/// `byte 0xff` where the bytes there are not UTF-8 text.
pub fn shown_char(bytes: &[u8], offset: usize) -> String {
    // Past the end there is no character: the message shows ''.
    let tail = bytes.get(offset..).unwrap_or_default();
    let head = &tail[..tail.len().min(4)];
    let valid = match std::str::from_utf8(head) {
        Ok(text) => text,
        Err(error) => std::str::from_utf8(&head[..error.valid_up_to()]).ok().known(),
    };
    match (valid.chars().next(), head.first()) {
        (Some(ch), _) => format!("'{}'", shorten(&ch.to_string())),
        (None, Some(byte)) => format!("byte 0x{byte:02x}"),
        (None, None) => "''".to_owned(),
    }
}

/// The 0-based character offset of byte `offset` in `bytes` (UTF-8; invalid bytes count one each).
pub fn char_offset(bytes: &[u8], offset: usize) -> usize {
    let head = bytes.get(..offset).known_or(bytes);
    // Every byte that does not continue a multi-byte sequence starts a character.
    head.iter().filter(|&&byte| byte & 0xC0 != 0x80).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &[u8] = b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn reads_81_symbols_with_every_empty_spelling() {
        let cells = cells_from_symbols(SEED).expect("the seed");
        assert_eq!(&cells[..5], &[5, 3, 0, 0, 7]);
        let mut underscores = SEED.to_vec();
        underscores[2] = b'_';
        underscores[3] = b'0';
        assert_eq!(cells_from_symbols(&underscores), Some(cells));
        assert_eq!(cells_from_symbols(&SEED[..80]), None);
    }

    #[test]
    fn says_which_character_is_wrong() {
        let mut bad = SEED.to_vec();
        bad[22] = b'x';
        assert_eq!(cells_from_symbols(&bad), None);
        let error = diagnose(&bad, "the end of the field");
        assert_eq!(
            error,
            FieldError { offset: 22, message: "expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'".into() }
        );
        bad[22] = b'\t';
        assert_eq!(diagnose(&bad, "").message, "expected a digit '1'-'9' or an empty cell '.', '0' or '_', got '\\t'");
    }

    #[test]
    fn says_when_there_are_too_few_or_too_many() {
        assert_eq!(diagnose(&SEED[..80], "x"), FieldError { offset: 80, message: "expected 81 cells, got 80".into() });
        assert_eq!(diagnose(b"", "x").message, "expected 81 cells, got 0");
        let long = [SEED, b"7"].concat();
        assert_eq!(
            diagnose(&long, "the end of the field"),
            FieldError { offset: 81, message: "expected the end of the field after 81 cells, got '7'".into() }
        );
        let accented = [SEED, "é".as_bytes()].concat();
        assert_eq!(diagnose(&accented, "the end").message, "expected the end after 81 cells, got 'é'");
    }

    #[test]
    fn non_ascii_is_shown_whole_and_counted_as_one_column() {
        let text = "12é4";
        let error = diagnose(text.as_bytes(), "x");
        assert_eq!(
            error,
            FieldError { offset: 2, message: "expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'é'".into() }
        );
        assert_eq!(char_offset("é1x".as_bytes(), 3), 2);
        assert_eq!(shown_char(&[0xFF], 0), "byte 0xff");
        assert_eq!(shown_char("é".as_bytes(), 0), "'é'");
        assert_eq!(shown_char(b"\t", 0), "'\\t'");
        assert_eq!(shown_char(b"", 5), "''");
    }
}
