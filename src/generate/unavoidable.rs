//! Unavoidable sets of a solution grid that two digits make (cells whose two digits can be
//! swapped to give another valid grid), and those of two rows or two columns (cells where the
//! two lines' digits can be swapped). A puzzle with no given in such a set has a second
//! solution, so a removal that empties one is refused without a search.
//!
//! Only the sets that hold no smaller one of the same digit pair are kept: a set is emptied
//! only with every set inside it, so on a board with one solution (which has a given in each),
//! a removal that empties a larger set empties one of these through the removed cells too.

use crate::bounds::Known;
use crate::grid::{box_of, Grid, CELLS, SIDE};
#[cfg(target_arch = "x86_64")]
use crate::solve::bmi2_available;
use crate::steps::geometry::UNIT_CELLS;

/// Sets kept per grid: each of the 36 digit pairs splits into at most 4 row cycles, whose
/// smallest unions that keep the boxes whole are few, each of the 18 pairs of lines of one
/// band or stack has at most 3 cycles of three positions or more, and the 54 other pairs a
/// cycle inside one stack (or band) seldom. Sets past this many are left out, which only
/// sends their checks to the search.
const MOST: usize = 192;

/// A board as a bit set: bit `cell` per cell.
pub type Cells = u128;

/// The cells of `members` as a cell set.
pub fn cell_set(members: &[u8]) -> Cells {
    members.iter().fold(0, |set, &cell| set | 1 << (cell % CELLS as u8))
}

/// Calls `visit` with each cell of `cells`, in increasing order. Each 64-bit half is walked
/// on its own: a walk over a 128-bit set takes several times the instructions a cell.
#[inline(always)]
pub fn for_each_cell(cells: Cells, mut visit: impl FnMut(usize)) {
    for (half, offset) in [(cells as u64, 0), ((cells >> 64) as u64, 64)] {
        let mut rest = half;
        while rest != 0 {
            visit(offset + rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    }
}

/// Words of a set of set indices (one bit per set of [`MOST`]).
const WORDS: usize = MOST / 64;

/// The two-digit unavoidable sets of a grid, as cell bit sets, with the sets each cell is in.
pub struct Unavoidable {
    /// Each set's cells 0-63, and its cells from 64 on (shifted down): two halves that a
    /// check reads one at a time, each zeroed at the start with a plain vector fill.
    low: [u64; MOST],
    high: [u64; MOST],
    count: usize,
    /// `holding[cell]`: bit k set when set k holds `cell`, so a check after one cell's removal
    /// looks at the few sets through it instead of all of them.
    holding: [[u64; WORDS]; CELLS],
}

impl Unavoidable {
    /// The sets of `solution` (a complete valid grid); none for any other board.
    pub fn of(solution: &Grid) -> Unavoidable {
        #[cfg(target_arch = "x86_64")]
        if bmi2_available() {
            // SAFETY: the CPU has AVX2, BMI1 and BMI2 (checked just now).
            return unsafe { Unavoidable::of_bmi2(solution) };
        }
        Unavoidable::of_with(solution)
    }

    /// [`Unavoidable::of`] compiled for AVX2, BMI1 and BMI2 (bit walks by `blsr` and `tzcnt`,
    /// shifts by `shlx`). The same code as the portable one, and tested against it.
    ///
    /// # Safety
    /// The CPU must have AVX2, BMI1 and BMI2 ([`bmi2_available`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2")]
    unsafe fn of_bmi2(solution: &Grid) -> Unavoidable {
        Unavoidable::of_with(solution)
    }

    /// [`Unavoidable::of`], inlined into each of its compilations.
    #[inline(always)]
    fn of_with(solution: &Grid) -> Unavoidable {
        let mut found = Unavoidable { low: [0; MOST], high: [0; MOST], count: 0, holding: [[0; WORDS]; CELLS] };
        let Some(layout) = Layout::of(solution) else {
            return found;
        };
        for a in 0..SIDE {
            for b in a + 1..SIDE {
                found.pair(&layout, a, b);
            }
        }
        // Two rows, and two columns (the grid read transposed).
        let (row_thirds, column_thirds) = (thirds(&layout.rows), thirds(&layout.columns));
        for first in 0..SIDE {
            for second in first + 1..SIDE {
                let rows = |positions| row_cells(first, positions) | row_cells(second, positions);
                let columns = |positions| column_cells(first, positions) | column_cells(second, positions);
                if first / 3 == second / 3 {
                    found.lines(&layout.rows, first, second, rows);
                    found.lines(&layout.columns, first, second, columns);
                } else {
                    found.across(&row_thirds, first, second, rows);
                    found.across(&column_thirds, first, second, columns);
                }
            }
        }
        found
    }

    /// Adds the sets of two rows of one band (or two columns of one stack: `lines` holds the
    /// digits of each line, and `cells` gives the cells of both lines at some positions) that
    /// three or more digits make: following the digit of the first line at a position to the
    /// second line's digit there, and on, closes a cycle of positions, and swapping the two
    /// lines' digits along it leaves every unit with its digits (each position's column, and
    /// each box, since the lines share their boxes). Two positions only are a rectangle, which
    /// the digit pairs give already.
    #[inline(always)]
    fn lines(&mut self, lines: &[[u8; SIDE]; SIDE], first: usize, second: usize, cells: impl Fn(u16) -> Cells) {
        let (Some(first), Some(second)) = (lines.get(first), lines.get(second)) else {
            return;
        };
        // The position of each digit in the first line.
        let mut position = [0u8; SIDE + 1];
        for (k, &digit) in first.iter().enumerate() {
            if let Some(slot) = position.get_mut(usize::from(digit)) {
                *slot = k as u8;
            }
        }
        let mut seen = 0u16;
        for start in 0..SIDE {
            let (mut k, mut cycle) = (start, 0u16);
            while seen & (1 << k) == 0 {
                seen |= 1 << k;
                cycle |= 1 << k;
                k = second.get(k).and_then(|&digit| position.get(usize::from(digit))).map_or(start, |&next| usize::from(next));
            }
            // Three positions or more: some left once the lowest two are taken off. (Not by
            // counting ones: without a popcount instruction that is a long sequence.)
            let past_one = cycle & cycle.wrapping_sub(1);
            if past_one & past_one.wrapping_sub(1) != 0 && self.count < MOST {
                self.add(cells(cycle));
            }
        }
    }

    /// Adds the sets of two rows of two bands (or two columns of two stacks; `thirds` holds
    /// the digits of each line's thirds, as bits): swapping their digits along a cycle of
    /// positions keeps the boxes whole only when the cycle stays inside one stack, whose
    /// boxes then trade digits among themselves, so the two lines hold the same three digits
    /// there. No position of the stack keeps its digit (its column holds each digit once), so
    /// its three positions make one cycle; two would be a rectangle of one digit pair.
    #[inline(always)]
    fn across(&mut self, thirds: &[[u16; 3]; SIDE], first: usize, second: usize, cells: impl Fn(u16) -> Cells) {
        let (Some(first), Some(second)) = (thirds.get(first), thirds.get(second)) else {
            return;
        };
        for (stack, (a, b)) in first.iter().zip(second).enumerate() {
            if a == b && self.count < MOST {
                self.add(cells(0b111 << (3 * stack)));
            }
        }
    }

    /// Adds the swappable sets of digits `a` and `b` (0-8): the rows where the pair is swapped
    /// must take the same columns for each digit (row cycles of the pair), and each box must
    /// hold both digits of the set or neither.
    #[inline(always)]
    fn pair(&mut self, layout: &Layout, a: usize, b: usize) {
        let (Some(column_of_b), Some(row_of_a), Some(boxes_of_a), Some(boxes_of_b), Some(&at_a), Some(&at_b)) = (
            layout.column.get(b),
            layout.row.get(a),
            layout.boxes.get(a),
            layout.boxes.get(b),
            layout.at.get(a),
            layout.at.get(b),
        ) else {
            return;
        };
        // Each row cycle's rows and the boxes its two digits fill, as bits, and its cells.
        let both = at_a | at_b;
        let mut cycles = [(0u16, 0u16, 0u16, 0 as Cells); SIDE];
        let mut cycle_count = 0;
        let mut seen = 0u16;
        for start in 0..SIDE {
            if seen & (1 << start) != 0 {
                continue;
            }
            // The cycle's rows, and the boxes of its two digits; its cells once it is closed.
            let mut cycle = (0u16, 0u16, 0u16, 0);
            let mut row = start;
            while seen & (1 << row) == 0 {
                seen |= 1 << row;
                cycle.0 |= 1 << row;
                cycle.1 |= boxes_of_a[row % SLOTS];
                cycle.2 |= boxes_of_b[row % SLOTS];
                // The next row holds digit a in the column where this row holds b.
                row = usize::from(row_of_a[usize::from(column_of_b[row % SLOTS]) % SLOTS]);
            }
            cycle.3 = rows_cells(cycle.0) & both;
            if let Some(slot) = cycles.get_mut(cycle_count) {
                *slot = cycle;
                cycle_count += 1;
            }
        }
        let cycles = cycles.get(..cycle_count).known();
        // The unions kept so far, as subsets of the cycles.
        let mut kept = [0u32; 1 << (SIDE / 2)];
        let mut kept_count = 0;
        // Every non-empty union of cycles (all of them: the two digits swapped everywhere),
        // smaller subsets first, so that a union holding a kept one is known when reached.
        for subset in 1u32..(1 << cycle_count) {
            if kept.iter().take(kept_count).any(|&smaller| subset & smaller == smaller) {
                continue;
            }
            let (boxes_a, boxes_b, cells) = cycles
                .iter()
                .enumerate()
                .filter(|(k, _)| subset & (1 << k) != 0)
                .fold((0u16, 0u16, 0), |union, (_, cycle)| (union.0 | cycle.1, union.1 | cycle.2, union.2 | cycle.3));
            // Sets of other pairs hold other digits, and other unions other rows: no repeats.
            if boxes_a == boxes_b && self.count < MOST {
                self.add(cells);
                if let Some(slot) = kept.get_mut(kept_count) {
                    *slot = subset;
                    kept_count += 1;
                }
            }
        }
    }

    /// Keeps `set` as the next set, indexed under each of its cells.
    #[inline(always)]
    fn add(&mut self, set: Cells) {
        let k = self.count;
        let (Some(low), Some(high), Some(word)) = (self.low.get_mut(k), self.high.get_mut(k), k.checked_div(64)) else {
            return;
        };
        (*low, *high) = (set as u64, (set >> 64) as u64);
        for_each_cell(set, |cell| {
            if let Some(held) = self.holding.get_mut(cell).and_then(|words| words.get_mut(word)) {
                *held |= 1 << (k % 64);
            }
        });
        self.count += 1;
    }

    /// True when some set holds `cell` and no given of `givens` (cell bits).
    pub fn emptied(&self, givens: Cells, cell: usize) -> bool {
        let Some(words) = self.holding.get(cell) else {
            return false;
        };
        let (low, high) = (givens as u64, (givens >> 64) as u64);
        for (w, &word) in words.iter().enumerate() {
            let mut held = word;
            while held != 0 {
                let k = w * 64 + held.trailing_zeros() as usize;
                held &= held - 1;
                if self.low.get(k).is_some_and(|&set| set & low == 0) && self.high.get(k).is_some_and(|&set| set & high == 0) {
                    return true;
                }
            }
        }
        false
    }

    /// True when some set holds a cell of `removed` and no given of `givens`: the board of
    /// `givens` has a second solution. (When it has none, a removal that leaves it one adds
    /// no further set: see the module's comment.)
    pub fn empties(&self, givens: Cells, removed: &[u8]) -> bool {
        removed.iter().any(|&cell| self.emptied(givens, usize::from(cell)))
    }

    /// How many sets there are.
    #[cfg(any(test, feature = "drivers"))]
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn len(&self) -> usize {
        self.count
    }

    /// The sets, as cell bit sets.
    #[cfg(test)]
    pub fn sets(&self) -> Vec<Cells> {
        let halves = self.low.iter().zip(&self.high).take(self.count);
        halves.map(|(&low, &high)| Cells::from(low) | Cells::from(high) << 64).collect()
    }
}

/// Slots of the layout's tables by row or column: a power of two, so that a masked index
/// needs no check in the walk along a cycle.
const SLOTS: usize = 16;

/// Where each digit is in a solution grid, read once for all the sets.
struct Layout {
    /// `column[d][r]`: the column of digit d + 1 in row r; `row[d][c]`: its row in column c.
    column: [[u8; SLOTS]; SIDE],
    row: [[u8; SLOTS]; SIDE],
    /// `boxes[d][r]`: the box of digit d + 1 in row r, as a bit.
    boxes: [[u16; SLOTS]; SIDE],
    /// The cells of each digit.
    at: [Cells; SIDE],
    /// The digits of each row, and of each column.
    rows: [[u8; SIDE]; SIDE],
    columns: [[u8; SIDE]; SIDE],
}

impl Layout {
    /// The layout of `solution`; `None` when a cell is empty or holds no digit.
    #[inline(always)]
    fn of(solution: &Grid) -> Option<Layout> {
        let mut layout = Layout {
            column: [[0; SLOTS]; SIDE],
            row: [[0; SLOTS]; SIDE],
            boxes: [[0; SLOTS]; SIDE],
            at: [0; SIDE],
            rows: [[0; SIDE]; SIDE],
            columns: [[0; SIDE]; SIDE],
        };
        // The cells in reading order, each one's bit shifted along rather than made anew.
        let mut bit: Cells = 1;
        for (r, line) in solution.cells().chunks_exact(SIDE).enumerate() {
            for (c, &value) in line.iter().enumerate() {
                let d = usize::from(value).checked_sub(1).filter(|&d| d < SIDE)?;
                layout.column[d][r] = c as u8;
                layout.row[d][c] = r as u8;
                layout.boxes[d][r] = 1 << box_of(r, c);
                layout.at[d] |= bit;
                layout.rows[r][c] = value;
                layout.columns[c][r] = value;
                bit <<= 1;
            }
        }
        Some(layout)
    }
}

/// The digits of each third of each line of `lines`, as bits.
fn thirds(lines: &[[u8; SIDE]; SIDE]) -> [[u16; 3]; SIDE] {
    lines.map(|line| std::array::from_fn(|third| line.iter().skip(3 * third).take(3).fold(0, |bits, &digit| bits | 1 << digit)))
}

/// The cells of `rows` (bit r per row).
fn rows_cells(rows: u16) -> Cells {
    let mut cells = 0;
    let mut rest = rows & 0x1FF;
    while rest != 0 {
        cells |= UNIT_CELLS.get(rest.trailing_zeros() as usize).copied().known();
        rest &= rest - 1;
    }
    cells
}

/// The cells of row `row` at the columns of `positions` (bit c per column).
fn row_cells(row: usize, positions: u16) -> Cells {
    Cells::from(positions & 0x1FF) << (SIDE * row % CELLS)
}

/// The cells of column `column` at the rows of `positions` (bit r per row).
fn column_cells(column: usize, positions: u16) -> Cells {
    UNIT_CELLS.get(SIDE + column).map_or(0, |&line| line & rows_cells(positions))
}

#[cfg(test)]
#[path = "unavoidable_tests.rs"]
mod tests;
