//! A board as text: one 81-character line, or a grid with box separators.

use crate::grid::{Grid, SIDE};

/// The line drawn between bands of boxes in [`block`], as wide as a row.
pub const BAND_SEPARATOR: &str = "------+-------+------";

/// The 81 cells in one line, row by row, digits as themselves and `empty` for empty cells.
pub fn line(grid: &Grid, empty: char) -> String {
    grid.cells().iter().map(|&value| symbol(value, empty)).collect()
}

/// Nine rows of cells separated by spaces, `|` between boxes and a [`BAND_SEPARATOR`] line
/// between bands (11 lines, no final newline):
///
/// ```text
/// 5 3 . | . 7 . | . . .
/// 6 . . | 1 9 5 | . . .
/// . 9 8 | . . . | . 6 .
/// ------+-------+------
/// ...
/// ```
pub fn block(grid: &Grid) -> String {
    let mut out = String::with_capacity(11 * (BAND_SEPARATOR.len() + 1));
    for (r, row) in grid.cells().chunks_exact(SIDE).enumerate() {
        if r > 0 {
            out.push('\n');
            if r % 3 == 0 {
                out.push_str(BAND_SEPARATOR);
                out.push('\n');
            }
        }
        for (c, &value) in row.iter().enumerate() {
            match c {
                0 => {}
                _ if c % 3 == 0 => out.push_str(" | "),
                _ => out.push(' '),
            }
            out.push(symbol(value, '.'));
        }
    }
    out
}

/// A cell's character: its digit, or `empty`.
fn symbol(value: u8, empty: char) -> char {
    match value {
        1..=9 => char::from(b'0' + value),
        _ => empty,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::grid_from_text;

    const SEED_LINE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn one_line_with_a_chosen_empty_symbol() {
        let grid = grid_from_text(SEED_LINE).expect("seed");
        assert_eq!(line(&grid, '.'), SEED_LINE);
        assert_eq!(line(&grid, '0'), SEED_LINE.replace('.', "0"));
        assert_eq!(line(&Grid::EMPTY, ' '), " ".repeat(81));
    }

    #[test]
    fn block_has_box_separators() {
        let grid = grid_from_text(SEED_LINE).expect("seed");
        let expected = "\
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9";
        assert_eq!(block(&grid), expected);
        assert!(block(&grid).lines().all(|row| row.len() == BAND_SEPARATOR.len()));
    }

    #[test]
    fn block_reads_back_as_the_same_board() {
        let mut state = 0x853C_49E6_748F_EA9Bu64;
        for _ in 0..2_000 {
            let mut cells = [0u8; crate::grid::CELLS];
            for cell in cells.iter_mut() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *cell = (state % 10) as u8;
            }
            let grid = Grid::from_values(cells).expect("digits");
            assert_eq!(crate::text::parse_board(&block(&grid)), Ok(grid));
            assert_eq!(crate::text::parse_board(&line(&grid, '_')), Ok(grid));
        }
    }
}
