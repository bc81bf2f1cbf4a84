//! Cells, rows and whole boards in the one-character alphabet, turned into core values,
//! with errors that say where. Used by every front end that reads symbols.

#[cfg(test)]
use crate::error::{symbol_hint, SPACE_HINT};
use crate::error::{BoardError, Place, Problem};
use crate::grid::{Grid, CELLS, SIDE};

/// Marks a byte outside the alphabet in [`SYMBOL_VALUE`].
pub const NOT_A_SYMBOL: u8 = 0xFF;

/// The one alphabet, for every input form (cells, rows, flat str and bytes, text, batches,
/// the command): the value of each byte as a cell. `'1'`-`'9'` are digits; `'.'`, `'0'`
/// (as puzzle datasets write it) and `'_'` (as some puzzle collections write it) are empty;
/// everything else is [`NOT_A_SYMBOL`]. Bytes of non-ASCII UTF-8 sequences are all >= 0x80
/// and so never pass for a symbol.
pub const SYMBOL_VALUE: [u8; 256] = {
    let mut table = [NOT_A_SYMBOL; 256];
    table[b'.' as usize] = 0;
    table[b'0' as usize] = 0;
    table[b'_' as usize] = 0;
    let mut d = 1;
    while d <= 9 {
        table[(b'0' + d) as usize] = d;
        d += 1;
    }
    table
};

/// True for the bytes of the alphabet: the same answer as [`SYMBOL_VALUE`] (a test checks
/// every byte), in arithmetic rather than a table lookup, so loops over many bytes vectorise.
#[inline(always)]
pub fn is_symbol(byte: u8) -> bool {
    (byte.wrapping_sub(b'0') <= 9) | (byte == b'.') | (byte == b'_')
}

/// The value of one symbol, or `None` outside the alphabet.
#[inline]
pub fn symbol_value(byte: u8) -> Option<u8> {
    match SYMBOL_VALUE[usize::from(byte)] {
        NOT_A_SYMBOL => None,
        value => Some(value),
    }
}

/// A cell given as text, which must be exactly one symbol.
pub fn cell_from_text(place: Place, text: &str) -> Result<u8, BoardError> {
    match text.as_bytes() {
        [byte] => symbol_value(*byte),
        _ => None,
    }
    .ok_or_else(|| BoardError::new(place, Problem::Symbol(text.to_owned())))
}

/// A cell given as an integer, which must be 0 (empty) to 9.
pub fn cell_from_int(place: Place, value: i64) -> Result<u8, BoardError> {
    u8::try_from(value).ok().filter(|&v| v <= 9).ok_or_else(|| BoardError::new(place, Problem::Value(value.to_string())))
}

/// A row given as one 9-character string such as `"53..7...."`.
pub fn row_from_text(row: usize, text: &str) -> Result<[u8; SIDE], BoardError> {
    let mut values = [0u8; SIDE];
    if let Some(()) = fill_from_ascii(text.as_bytes(), &mut values) {
        return Ok(values);
    }
    let count = text.chars().count();
    if count != SIDE {
        return Err(BoardError::new(Place::Row(row), Problem::RowLength(count)));
    }
    Err(first_bad_char(text, |col| Place::Cell(row, col)))
}

/// A whole board given as one 81-character string, read row by row.
pub fn grid_from_text(text: &str) -> Result<Grid, BoardError> {
    let mut values = [0u8; CELLS];
    if let Some(()) = fill_from_ascii(text.as_bytes(), &mut values) {
        return Ok(grid_of_checked(values));
    }
    let count = text.chars().count();
    if count != CELLS {
        return Err(BoardError::new(Place::Board, Problem::Length(count)));
    }
    Err(first_bad_char(text, Place::Flat))
}

/// A whole board given as 81 bytes, read row by row.
pub fn grid_from_bytes(bytes: &[u8]) -> Result<Grid, BoardError> {
    if bytes.len() != CELLS {
        return Err(BoardError::new(Place::Board, Problem::ByteLength(bytes.len())));
    }
    let mut values = [0u8; CELLS];
    match fill_from_ascii(bytes, &mut values) {
        Some(()) => Ok(grid_of_checked(values)),
        None => {
            let (i, &byte) = bytes.iter().enumerate().find(|(_, &b)| symbol_value(b).is_none()).unwrap_or((0, &0));
            Err(BoardError::new(Place::Flat(i), Problem::Byte(byte)))
        }
    }
}

/// Maps `bytes` into `out` when it has exactly `out.len()` symbols; `None` otherwise.
#[inline]
pub fn fill_from_ascii(bytes: &[u8], out: &mut [u8]) -> Option<()> {
    if let (Ok(bytes), Ok(out)) = (<&[u8; CELLS]>::try_from(bytes), <&mut [u8; CELLS]>::try_from(&mut *out)) {
        return fill_board_from_ascii(bytes, out);
    }
    fill_from_table(bytes, out, &SYMBOL_VALUE)
}

/// [`fill_from_ascii`] for a whole board, by arithmetic instead of table lookups, so that the
/// loop vectorises (a batch of puzzle lines spends most of its reading time here). It must
/// agree with [`SYMBOL_VALUE`] on every byte; a test checks that it does.
#[inline]
fn fill_board_from_ascii(bytes: &[u8; CELLS], out: &mut [u8; CELLS]) -> Option<()> {
    let mut bad = 0u8;
    for (slot, &byte) in out.iter_mut().zip(bytes) {
        let digit = byte.wrapping_sub(b'0');
        let empty = (byte == b'.') | (byte == b'_');
        let value = if empty { 0 } else { digit };
        bad |= u8::from(value > 9);
        *slot = value;
    }
    (bad == 0).then_some(())
}

/// [`fill_from_ascii`] with another alphabet (a table like [`SYMBOL_VALUE`], whose values are
/// 0-9 or [`NOT_A_SYMBOL`]). Branch-free over the cells: the one check at the end decides.
#[inline]
pub fn fill_from_table(bytes: &[u8], out: &mut [u8], table: &[u8; 256]) -> Option<()> {
    if bytes.len() != out.len() {
        return None;
    }
    let mut bad = 0u8;
    for (slot, &byte) in out.iter_mut().zip(bytes) {
        let value = table[usize::from(byte)];
        bad |= value;
        *slot = value;
    }
    // Valid values are 0-9, so only NOT_A_SYMBOL sets the high bit.
    (bad & 0x80 == 0).then_some(())
}

/// The error for the first character of `text` outside the alphabet.
/// Only called once `text` is known to hold a bad character.
fn first_bad_char(text: &str, place: impl Fn(usize) -> Place) -> BoardError {
    let (i, ch) =
        text.chars().enumerate().find(|&(_, ch)| !ch.is_ascii() || symbol_value(ch as u8).is_none()).unwrap_or((0, '?'));
    BoardError::new(place(i), Problem::Symbol(ch.to_string()))
}

/// Wraps values that came out of [`SYMBOL_VALUE`] and so are all 0-9.
fn grid_of_checked(values: [u8; CELLS]) -> Grid {
    Grid::from_checked(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED_LINE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn the_alphabet() {
        assert_eq!(symbol_value(b'.'), Some(0));
        assert_eq!(symbol_value(b'0'), Some(0));
        assert_eq!(symbol_value(b'_'), Some(0));
        assert_eq!(symbol_value(b' '), None);
        assert_eq!(symbol_value(b'9'), Some(9));
        assert_eq!(symbol_value(b'x'), None);
        assert_eq!(symbol_value(0xC3), None);
    }

    #[test]
    fn the_board_fast_path_agrees_with_the_table_on_every_byte() {
        for byte in 0..=255u8 {
            for cell in [0, 40, 80] {
                let mut line = [b'1'; CELLS];
                line[cell] = byte;
                let (mut fast, mut table) = ([0u8; CELLS], [0u8; CELLS]);
                let fast_ok = fill_board_from_ascii(&line, &mut fast);
                let table_ok = fill_from_table(&line, &mut table, &SYMBOL_VALUE);
                assert_eq!(fast_ok, table_ok, "byte {byte:#04x}");
                if table_ok.is_some() {
                    assert_eq!(fast, table, "byte {byte:#04x}");
                }
            }
        }
    }

    #[test]
    fn spaces_get_a_hint() {
        let spaced = SEED_LINE.replace('.', " ");
        let hint = " (spaces do not mark empty cells; use '.', '0' or '_')";
        let expected = format!("board[2]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got ' '{hint}");
        assert_eq!(grid_from_text(&spaced).unwrap_err().to_string(), expected);
        assert_eq!(grid_from_bytes(spaced.as_bytes()).unwrap_err().to_string(), expected);
        assert_eq!(
            row_from_text(0, "53  7    ").unwrap_err().to_string(),
            format!("board[0][2]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got ' '{hint}")
        );
        assert_eq!(symbol_hint("   "), SPACE_HINT);
        assert_eq!((symbol_hint(""), symbol_hint("x"), symbol_hint("\t")), ("", "", ""));
    }

    #[test]
    fn the_arithmetic_test_agrees_with_the_table() {
        for byte in 0..=255u8 {
            assert_eq!(is_symbol(byte), symbol_value(byte).is_some(), "{byte:#04x}");
        }
    }

    #[test]
    fn every_empty_symbol_reads_as_empty_in_every_form() {
        let line = format!("5_0.{}", &SEED_LINE[4..]);
        let grid = grid_from_text(&line).expect("parses");
        assert_eq!((grid.get(0, 1), grid.get(0, 2), grid.get(0, 3)), (Some(0), Some(0), Some(0)));
        assert_eq!(grid_from_bytes(line.as_bytes()), Ok(grid));
        assert_eq!(row_from_text(0, "5_0.7...."), Ok([5, 0, 0, 0, 7, 0, 0, 0, 0]));
        assert_eq!(cell_from_text(Place::Cell(0, 0), "_"), Ok(0));
    }

    #[test]
    fn flat_text_reads_row_by_row() {
        let grid = grid_from_text(SEED_LINE).expect("the seed parses");
        assert_eq!(grid.get(0, 0), Some(5));
        assert_eq!(grid.get(1, 3), Some(1));
        assert_eq!(grid.get(8, 8), Some(9));
        assert_eq!(grid_from_bytes(SEED_LINE.as_bytes()), Ok(grid));
    }

    #[test]
    fn flat_text_errors() {
        let short = &SEED_LINE[..80];
        assert_eq!(grid_from_text(short).unwrap_err().to_string(), "board: expected 81 characters, got 80");
        let mut bad = SEED_LINE.to_string();
        bad.replace_range(22..23, "x");
        let error = grid_from_text(&bad).unwrap_err();
        assert_eq!(error.to_string(), "board[22]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'");
        assert_eq!(error.place.row_col(), (Some(2), Some(4)));
        // 81 characters, more than 81 bytes: the count is of characters.
        let accented = format!("é{}", &SEED_LINE[1..]);
        assert_eq!(
            grid_from_text(&accented).unwrap_err().to_string(),
            "board[0]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'é'"
        );
    }

    #[test]
    fn bytes_errors() {
        assert_eq!(grid_from_bytes(b"123").unwrap_err().to_string(), "board: expected 81 bytes, got 3");
        let mut bad = SEED_LINE.as_bytes().to_vec();
        bad[80] = 0xFF;
        assert_eq!(
            grid_from_bytes(&bad).unwrap_err().to_string(),
            "board[80]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got byte 0xff"
        );
    }

    #[test]
    fn rows_and_cells() {
        assert_eq!(row_from_text(0, "53..7...."), Ok([5, 3, 0, 0, 7, 0, 0, 0, 0]));
        assert_eq!(row_from_text(3, "53..7.....").unwrap_err().to_string(), "board[3]: expected 9 characters, got 10");
        assert_eq!(
            row_from_text(1, "53..7..x.").unwrap_err().to_string(),
            "board[1][7]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'"
        );
        assert_eq!(cell_from_text(Place::Cell(0, 0), "7"), Ok(7));
        assert_eq!(
            cell_from_text(Place::Cell(0, 1), "").unwrap_err().to_string(),
            "board[0][1]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got ''"
        );
        assert_eq!(
            cell_from_text(Place::Cell(0, 1), "55").unwrap_err().to_string(),
            "board[0][1]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got '55'"
        );
        assert_eq!(cell_from_int(Place::Cell(2, 4), 0), Ok(0));
        assert_eq!(cell_from_int(Place::Cell(2, 4), 12).unwrap_err().to_string(), "board[2][4]: expected a value 0-9, got 12");
        assert_eq!(cell_from_int(Place::Cell(2, 4), -1).unwrap_err().to_string(), "board[2][4]: expected a value 0-9, got -1");
    }
}
