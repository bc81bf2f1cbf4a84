//! The portable validator: one board at a time, branch-free, in plain Rust.
//!
//! Used where AVX2 is missing (or forced off), and for the last few boards of a batch that do
//! not fill a SIMD block. It must stay free of data-dependent branches: on real data an
//! early exit mispredicts often enough to cost more than finishing the board.
//!
//! Each byte is looked up once, in a table that gives its cell's 4-bit counter (`1 << 4v` for
//! value `v`, packed in a u64) or, for a byte outside the alphabet, a mark in bits 60-63. A
//! unit's counters are summed; the OR of all unit sums then says both whether a digit repeats
//! and whether a byte was bad, with no separate pass for either.

use crate::grid::{CELLS, SIDE};

/// How one byte encodes one cell.
pub type Encoding = [u64; 256];

/// The mark a byte outside the alphabet adds. A unit has 9 cells, so its sum of marks (at
/// most 9) stays inside bits 60-63.
const BAD: u64 = 1 << 60;
const BAD_MASK: u64 = 0xF << 60;

/// Bits 1-3 of the counters for digits 1-9: some bit is set exactly when a digit counts 2 or
/// more. A unit has 9 cells, so no counter carries into its neighbour; counter 0 (empty cells)
/// is left out.
const REPEAT_MASK: u64 = 0xEE_EEEE_EEE0;

/// Values 0-9 (numpy arrays); every other byte is bad.
pub const VALUES: Encoding = {
    let mut table = [BAD; 256];
    let mut v = 0;
    while v < 10 {
        table[v] = 1 << (4 * v);
        v += 1;
    }
    table
};

/// ASCII symbols (puzzle lines), in the one alphabet of `crate::parse::SYMBOL_VALUE`: '1'-'9'
/// are digits, '.', '0' and '_' are empty; every other byte is bad. Only the tests use it
/// now (and the drivers, which build their boards with the tests' helpers).
#[cfg(any(test, feature = "drivers"))]
pub const SYMBOLS: Encoding = {
    let mut table = [BAD; 256];
    let mut byte = 0;
    while byte < 256 {
        let value = crate::parse::SYMBOL_VALUE[byte];
        if value != crate::parse::NOT_A_SYMBOL {
            table[byte] = 1 << (4 * value);
        }
        byte += 1;
    }
    table
};

/// What a board is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// No digit repeats in a row, column or box.
    Valid,
    /// Some digit repeats.
    Repeat,
    /// Some byte is outside the encoding's alphabet.
    Bad,
}

/// The verdict on one board of 81 bytes in `encoding`.
#[inline]
pub fn verdict(cells: &[u8; CELLS], encoding: &Encoding) -> Verdict {
    let seen = unit_sums(cells, encoding);
    if seen & BAD_MASK != 0 {
        Verdict::Bad
    } else if seen & REPEAT_MASK != 0 {
        Verdict::Repeat
    } else {
        Verdict::Valid
    }
}

/// True when no digit 1-9 repeats in a row, column or box of a board of values 0-9. A value
/// above 9 gives a meaningless answer (never a panic).
#[cfg(test)]
pub fn is_valid(cells: &[u8; CELLS]) -> bool {
    verdict(cells, &VALUES) == Verdict::Valid
}

/// The OR of the counter sums of all 27 units.
///
/// Rows and boxes share their horizontal triplets (three cells of a row inside one box);
/// column sums accumulate as the rows go by, so no counter is stored and read back.
#[inline]
fn unit_sums(cells: &[u8; CELLS], encoding: &Encoding) -> u64 {
    let counter = |byte: u8| encoding[usize::from(byte)];
    let mut seen = 0u64;
    let mut columns = [0u64; SIDE];
    for band in cells.chunks_exact(3 * SIDE) {
        let mut boxes = [0u64; 3];
        for row in band.chunks_exact(SIDE) {
            let mut row_sum = 0u64;
            for (b, three) in row.chunks_exact(3).enumerate() {
                let (x, y, z) = (counter(three[0]), counter(three[1]), counter(three[2]));
                let triplet = x + y + z;
                row_sum += triplet;
                boxes[b] += triplet;
                columns[3 * b] += x;
                columns[3 * b + 1] += y;
                columns[3 * b + 2] += z;
            }
            seen |= row_sum;
        }
        seen |= boxes[0] | boxes[1] | boxes[2];
    }
    for sum in columns {
        seen |= sum;
    }
    seen
}

/// Validates whole boards of 81 bytes in `encoding` into `out`, one flag per board. Returns
/// the first `(board, cell)` holding a bad byte; boards before it are answered.
pub fn validate(cells: &[u8], encoding: &Encoding, out: &mut [bool]) -> Result<(), (usize, usize)> {
    for (board, (slot, bytes)) in out.iter_mut().zip(cells.chunks_exact(CELLS)).enumerate() {
        let Ok(bytes) = <&[u8; CELLS]>::try_from(bytes) else { break };
        match verdict(bytes, encoding) {
            Verdict::Valid => *slot = true,
            Verdict::Repeat => *slot = false,
            Verdict::Bad => return Err((board, first_bad(bytes, encoding))),
        }
    }
    Ok(())
}

/// The first cell holding a byte outside `encoding`'s alphabet (0 if none).
pub fn first_bad(cells: &[u8; CELLS], encoding: &Encoding) -> usize {
    cells.iter().position(|&byte| encoding[usize::from(byte)] == BAD).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check;

    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn agrees_with_the_core_validator_on_random_boards() {
        let mut state = 0x1234_5678_9ABC_DEF1;
        for round in 0..100_000 {
            let mut cells = [0u8; CELLS];
            let density = round % 45;
            for cell in cells.iter_mut() {
                let r = xorshift(&mut state);
                *cell = if (r % 81) < density { (r >> 8) as u8 % 9 + 1 } else { 0 };
            }
            assert_eq!(is_valid(&cells), check::is_valid_cells(&cells), "{cells:?}");
            let symbols = cells.map(|v| if v == 0 && round % 2 == 0 { b'.' } else { b'0' + v });
            assert_eq!(verdict(&symbols, &SYMBOLS) == Verdict::Valid, is_valid(&cells));
        }
    }

    #[test]
    fn bad_bytes_win_over_repeats_and_are_found_in_order() {
        let mut cells = vec![0u8; 3 * CELLS];
        let mut out = [false; 3];
        assert_eq!(validate(&cells, &VALUES, &mut out), Ok(()));
        assert_eq!(out, [true; 3]);
        cells[CELLS + 7] = 10;
        cells[CELLS + 8] = 10;
        cells[2 * CELLS] = 255;
        assert_eq!(validate(&cells, &VALUES, &mut out), Err((1, 7)));
        // Nine bad bytes in one unit still mark it, and nothing overflows into a wrong answer.
        let mut all_bad = [0xFFu8; CELLS];
        assert_eq!(verdict(&all_bad, &VALUES), Verdict::Bad);
        all_bad[0] = 1;
        assert_eq!(verdict(&all_bad, &VALUES), Verdict::Bad);
    }

    #[test]
    fn every_byte_is_classified() {
        for byte in 0..=255u8 {
            let mut cells = [0u8; CELLS];
            cells[40] = byte;
            let expected = if byte <= 9 { Verdict::Valid } else { Verdict::Bad };
            assert_eq!(verdict(&cells, &VALUES), expected, "value {byte}");
            let mut line = [b'.'; CELLS];
            line[40] = byte;
            let expected = if matches!(byte, b'.' | b'_') || byte.is_ascii_digit() { Verdict::Valid } else { Verdict::Bad };
            assert_eq!(verdict(&line, &SYMBOLS), expected, "symbol {byte}");
            if expected == Verdict::Bad {
                assert_eq!(first_bad(&line, &SYMBOLS), 40);
            }
        }
    }
}
