//! Validity: pure functions over the core board type.

use crate::grid::{Grid, CELLS, SIDE};

/// Bits 1-3 of the 4-bit counters for digits 1-9: set exactly when some digit counts 2 or more.
///
/// Counter `d` lives in bits `4d..4d+4`. A unit holds at most 9 cells, so no counter can
/// carry into its neighbour; counter 0 counts empty cells and is left out of the mask.
const REPEAT_MASK: u64 = 0xEE_EEEE_EEE0;

/// True when no digit repeats in any row, column or box (LeetCode 36). Empty cells are ignored.
pub fn is_valid(grid: &Grid) -> bool {
    is_valid_cells(grid.cells())
}

/// [`is_valid`] over raw cells, for callers that already know every value is 0-9.
///
/// Branch-free on purpose: on real data an early exit mispredicts often enough to cost more
/// than finishing the board. A value above 9 cannot make this panic or read out of bounds;
/// it only makes the answer meaningless, which is why [`Grid`] rules such values out.
#[inline]
pub fn is_valid_cells(cells: &[u8; CELLS]) -> bool {
    let mut ones = [0u64; CELLS];
    for (one, &value) in ones.iter_mut().zip(cells) {
        *one = 1u64 << (4 * u32::from(value & 15));
    }
    let mut seen = 0u64;
    for unit in 0..SIDE {
        let (mut row, mut col, mut bx) = (0u64, 0u64, 0u64);
        let (top, left) = ((unit / 3) * 3, (unit % 3) * 3);
        for k in 0..SIDE {
            row = row.wrapping_add(ones[unit * SIDE + k]);
            col = col.wrapping_add(ones[k * SIDE + unit]);
            bx = bx.wrapping_add(ones[(top + k / 3) * SIDE + left + k % 3]);
        }
        seen |= row | col | bx;
    }
    seen & REPEAT_MASK == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{box_of, Unit};

    /// The slow, obviously right rule, to compare the fast one against.
    fn reference(grid: &Grid) -> bool {
        Unit::ALL.iter().all(|&unit| {
            (0..SIDE).all(|index| {
                let mut seen = [false; 10];
                (0..SIDE).all(|k| {
                    let (r, c) = unit.cell(index, k);
                    let v = grid.get(r, c).unwrap_or(0) as usize;
                    let fresh = v == 0 || !seen[v];
                    seen[v] = true;
                    fresh
                })
            })
        })
    }

    fn grid(rows: [&str; 9]) -> Grid {
        let mut cells = [0u8; CELLS];
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.bytes().enumerate() {
                cells[r * SIDE + c] = if ch == b'.' { 0 } else { ch - b'0' };
            }
        }
        Grid::from_values(cells).expect("test boards hold digits")
    }

    const SEED: [&str; 9] = [
        "53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1", "7...2...6",
        ".6....28.", "...419..5", "....8..79",
    ];

    const SOLVED: [&str; 9] = [
        "534678912", "672195348", "198342567", "859761423", "426853791", "713924856",
        "961537284", "287419635", "345286179",
    ];

    /// A tiny deterministic generator, so the tests need no extra crate.
    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn seed_examples() {
        assert!(is_valid(&grid(SEED)));
        let mut second = SEED;
        second[0] = "83..7....";
        assert!(!is_valid(&grid(second)));
    }

    #[test]
    fn empty_and_solved_boards_are_valid() {
        assert!(is_valid(&Grid::EMPTY));
        assert!(is_valid(&grid(SOLVED)));
        assert!(grid(SOLVED).is_complete());
    }

    #[test]
    fn same_digit_in_different_boxes_of_a_transposed_formula_is_fine() {
        let mut cells = [0u8; CELLS];
        cells[3] = 5; // (0, 3): box 1
        cells[3 * SIDE] = 5; // (3, 0): box 3
        assert_ne!(box_of(0, 3), box_of(3, 0));
        assert!(is_valid(&Grid::from_values(cells).expect("digits")));
    }

    #[test]
    fn a_repeat_in_any_of_the_27_units_is_caught() {
        for unit in Unit::ALL {
            for index in 0..SIDE {
                for digit in 1..=9u8 {
                    // Two cells of the unit that share no other unit, so only this one is broken.
                    let (a, b) = (unit.cell(index, 0), unit.cell(index, 8));
                    let mut cells = [0u8; CELLS];
                    cells[a.0 * SIDE + a.1] = digit;
                    cells[b.0 * SIDE + b.1] = digit;
                    let g = Grid::from_values(cells).expect("digits");
                    assert!(!is_valid(&g), "{unit:?} {index} digit {digit}");
                }
            }
        }
    }

    #[test]
    fn agrees_with_the_reference_on_random_boards() {
        let mut state = 0x9E37_79B9_7F4A_7C15;
        for round in 0..200_000 {
            let mut cells = [0u8; CELLS];
            // Vary density so that both answers are common.
            let density = round % 40;
            for cell in cells.iter_mut() {
                let r = xorshift(&mut state);
                *cell = if (r % 81) < density { (r >> 8) as u8 % 9 + 1 } else { 0 };
            }
            let g = Grid::from_values(cells).expect("digits");
            assert_eq!(is_valid(&g), reference(&g), "{cells:?}");
        }
    }

    #[test]
    fn one_change_to_a_solved_grid_always_breaks_it() {
        let solved = grid(SOLVED);
        for i in 0..CELLS {
            for digit in 1..=9u8 {
                let mut cells = *solved.cells();
                if cells[i] == digit {
                    continue;
                }
                cells[i] = digit;
                assert!(!is_valid(&Grid::from_values(cells).expect("digits")));
            }
        }
    }
}
