//! Validity: pure functions over the core board type.

use crate::cpu;
use crate::grid::{Grid, CELLS, SIDE};

/// Bits 1-3 of the 4-bit counters for digits 1-9: set exactly when some digit counts 2 or more.
///
/// Counter `d` lives in bits `4d..4d+4`. A unit holds at most 9 cells, so no counter can
/// carry into its neighbour; counter 0 counts empty cells and is left out of the mask, and so
/// are counters 10-15, which only the low nibble of an ASCII `'.'` (14) ever touches.
const REPEAT_MASK: u64 = 0xEE_EEEE_EEE0;

/// True when no digit repeats in any row, column or box (LeetCode 36). Empty cells are ignored.
pub fn is_valid(grid: &Grid) -> bool {
    is_valid_cells(grid.cells())
}

/// [`is_valid`] over raw cells whose low four bits are the value: 0 for empty, 1-9 for a digit,
/// and 10-15 ignored like empty. Cell values 0-9 qualify, and so do the ASCII symbols
/// `'0'`-`'9'` and `'.'`, which lets text be validated without first being copied into values.
/// Any byte is safe to pass: the answer is only meaningful for the inputs above.
#[inline]
pub fn is_valid_cells(cells: &[u8; CELLS]) -> bool {
    #[cfg(target_arch = "x86_64")]
    if cpu::avx2_enabled() {
        // SAFETY: `avx2_enabled` has checked that this CPU supports AVX2. The kernel checks all
        // 27 units side by side (see `check_avx2`).
        return unsafe { crate::check_avx2::no_repeats(cells) };
    }
    no_repeats(cells)
}

/// The portable validator, and the reference the AVX2 kernel is tested against. Branch-free on
/// purpose: on real data an early exit mispredicts often enough to cost more than finishing the
/// board.
///
/// Every cell adds a one in its digit's counter to three unit sums. Rows and boxes share the
/// sums of their three-cell segments, and the column sums are nine independent running sums
/// that the compiler turns into vector adds.
#[inline(always)]
fn no_repeats(cells: &[u8; CELLS]) -> bool {
    let mut ones = [0u64; CELLS];
    for (one, &cell) in ones.iter_mut().zip(cells) {
        *one = 1u64 << (4 * u32::from(cell & 15));
    }
    let mut columns = [0u64; SIDE];
    for row in ones.chunks_exact(SIDE) {
        for (column, &one) in columns.iter_mut().zip(row) {
            *column = column.wrapping_add(one);
        }
    }
    // segments[r][s]: cells 3s..3s+3 of row r.
    let mut segments = [[0u64; 3]; SIDE];
    for (row, ones_of_row) in segments.iter_mut().zip(ones.chunks_exact(SIDE)) {
        for (segment, three) in row.iter_mut().zip(ones_of_row.chunks_exact(3)) {
            *segment = three.iter().fold(0, |sum, &one| sum.wrapping_add(one));
        }
    }
    let mut seen = columns.iter().fold(0, |seen, &column| seen | column);
    for row in &segments {
        seen |= row[0].wrapping_add(row[1]).wrapping_add(row[2]);
    }
    for band in segments.chunks_exact(3) {
        for ((top, middle), bottom) in band[0].iter().zip(&band[1]).zip(&band[2]) {
            seen |= top.wrapping_add(*middle).wrapping_add(*bottom);
        }
    }
    seen & REPEAT_MASK == 0
}

/// The portable path, callable directly so tests can compare it with the dispatched one.
#[cfg(test)]
pub(crate) fn portable_is_valid_cells(cells: &[u8; CELLS]) -> bool {
    no_repeats(cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bounds::Known;
    use crate::grid::{box_of, Unit};

    /// The slow, obviously right rule, to compare the fast one against.
    fn reference(grid: &Grid) -> bool {
        Unit::ALL.iter().all(|&unit| {
            (0..SIDE).all(|index| {
                let mut seen = [false; 10];
                (0..SIDE).all(|k| {
                    let (r, c) = unit.cell(index, k);
                    let v = grid.get(r, c).known() as usize;
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

    const SEED: [&str; 9] =
        ["53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1", "7...2...6", ".6....28.", "...419..5", "....8..79"];

    const SOLVED: [&str; 9] =
        ["534678912", "672195348", "198342567", "859761423", "426853791", "713924856", "961537284", "287419635", "345286179"];

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
    fn portable_and_dispatched_paths_agree() {
        let mut state = 0x1234_5678_9ABC_DEF1;
        for round in 0..100_000 {
            let mut cells = [0u8; CELLS];
            for cell in cells.iter_mut() {
                let r = xorshift(&mut state);
                *cell = if (r % 81) < round % 40 { (r >> 8) as u8 % 9 + 1 } else { 0 };
            }
            assert_eq!(is_valid_cells(&cells), portable_is_valid_cells(&cells));
            // ASCII symbols read as their low four bits, as the doc of `is_valid_cells` says.
            for empty in [b'.', b'_', b'0'] {
                let symbols = cells.map(|v| if v == 0 { empty } else { b'0' + v });
                assert_eq!(is_valid_cells(&symbols), portable_is_valid_cells(&cells));
                assert_eq!(portable_is_valid_cells(&symbols), portable_is_valid_cells(&cells));
            }
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
