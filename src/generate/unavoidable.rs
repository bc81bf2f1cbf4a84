//! Unavoidable sets of a solution grid that two digits make (cells whose two digits can be
//! swapped to give another valid grid), and those of two rows of a band or two columns of a
//! stack (cells where the two lines' digits can be swapped). A puzzle with no given in such a set has a second
//! solution, so a removal that empties one is refused without a search.
//!
//! Only the sets that hold no smaller one of the same digit pair are kept: a set is emptied
//! only with every set inside it, so on a board with one solution (which has a given in each),
//! a removal that empties a larger set empties one of these through the removed cells too.

use crate::grid::{box_of, Grid, CELLS, SIDE};

/// Sets kept per grid: each of the 36 digit pairs splits into at most 4 row cycles, whose
/// smallest unions that keep the boxes whole are few, and each of the 18 pairs of lines has at
/// most 3 cycles of three positions or more. Sets past this many are left out, which
/// only sends their checks to the search.
const MOST: usize = 192;

/// A board as a bit set: bit `cell` per cell.
pub type Cells = u128;

/// Words of a set of set indices (one bit per set of [`MOST`]).
const WORDS: usize = MOST / 64;

/// The two-digit unavoidable sets of a grid, as cell bit sets, with the sets each cell is in.
pub struct Unavoidable {
    sets: [Cells; MOST],
    count: usize,
    /// `holding[cell]`: bit k set when set k holds `cell`, so a check after one cell's removal
    /// looks at the few sets through it instead of all of them.
    holding: [[u64; WORDS]; CELLS],
}

impl Unavoidable {
    /// The sets of `solution` (a complete valid grid); none for any other board.
    pub fn of(solution: &Grid) -> Unavoidable {
        let mut found = Unavoidable {
            sets: [0; MOST],
            count: 0,
            holding: [[0; WORDS]; CELLS],
        };
        let cells = solution.cells();
        // columns[d][r]: the column of digit d + 1 in row r.
        let mut columns = [[0usize; SIDE]; SIDE];
        for (cell, &value) in cells.iter().enumerate() {
            if let Some(slot) = usize::from(value)
                .checked_sub(1)
                .and_then(|d| columns.get_mut(d))
            {
                slot[cell / SIDE] = cell % SIDE;
            }
        }
        for a in 0..SIDE {
            for b in a + 1..SIDE {
                found.pair(&columns[a], &columns[b]);
            }
        }
        // Two rows of a band, and two columns of a stack (the grid read transposed).
        for first in 0..SIDE {
            for second in first + 1..(first / 3 + 1) * 3 {
                found.lines(cells, |line, k| line * SIDE + k, first, second);
                found.lines(cells, |line, k| k * SIDE + line, first, second);
            }
        }
        found
    }

    /// Adds the sets of two rows of one band (or two columns of one stack, with `cell` reading
    /// the grid transposed) that three or more digits make: following the digit of the first
    /// line at a position to the second line's digit there, and on, closes a cycle of
    /// positions, and swapping the two lines' digits along it leaves every unit with its
    /// digits (each position's column, and each box, since the lines share their boxes). Two
    /// positions only are a rectangle, which the digit pairs give already.
    fn lines(&mut self, cells: &[u8; CELLS], cell: impl Fn(usize, usize) -> usize, first: usize, second: usize) {
        let digit = |line: usize, k: usize| cells.get(cell(line, k)).map_or(0, |&value| usize::from(value));
        // The position of each digit in the first line.
        let mut position = [0usize; SIDE + 1];
        for k in 0..SIDE {
            if let Some(slot) = position.get_mut(digit(first, k)) {
                *slot = k;
            }
        }
        let mut seen = 0u16;
        for start in 0..SIDE {
            let (mut k, mut set, mut length) = (start, 0 as Cells, 0);
            while seen & (1 << k) == 0 {
                seen |= 1 << k;
                set |= 1 << cell(first, k) | 1 << cell(second, k);
                length += 1;
                k = position.get(digit(second, k)).copied().unwrap_or(start);
            }
            if length > 2 && self.count < MOST {
                self.add(set);
            }
        }
    }

    /// Adds the swappable sets of one digit pair: the rows where the pair is swapped must take
    /// the same columns for each digit (row cycles of the pair), and each box must hold both
    /// digits of the set or neither.
    fn pair(&mut self, a: &[usize; SIDE], b: &[usize; SIDE]) {
        // The row holding digit a in each column.
        let mut row_of_a = [0usize; SIDE];
        for (row, &col) in a.iter().enumerate() {
            if let Some(slot) = row_of_a.get_mut(col) {
                *slot = row;
            }
        }
        // Each row cycle's cells and the boxes its two digits fill.
        let mut cycles = [(0 as Cells, 0u16, 0u16); SIDE];
        let mut cycle_count = 0;
        let mut seen = 0u16;
        for start in 0..SIDE {
            if seen & (1 << start) != 0 {
                continue;
            }
            let mut cycle = (0 as Cells, 0u16, 0u16);
            let mut row = start;
            while seen & (1 << row) == 0 {
                seen |= 1 << row;
                let (col_a, col_b) = (a[row], b[row]);
                cycle.0 |= 1 << (row * SIDE + col_a) | 1 << (row * SIDE + col_b);
                cycle.1 |= 1 << box_of(row, col_a);
                cycle.2 |= 1 << box_of(row, col_b);
                // The next row holds digit a in the column where this row holds b.
                row = row_of_a.get(col_b).copied().unwrap_or(start);
            }
            if let Some(slot) = cycles.get_mut(cycle_count) {
                *slot = cycle;
                cycle_count += 1;
            }
        }
        let cycles = cycles.get(..cycle_count).unwrap_or_default();
        // The unions kept so far, as subsets of the cycles.
        let mut kept = [0u32; 1 << (SIDE / 2)];
        let mut kept_count = 0;
        // Every non-empty union of cycles (all of them: the two digits swapped everywhere),
        // smaller subsets first, so that a union holding a kept one is known when reached.
        for subset in 1u32..(1 << cycle_count) {
            if kept.iter().take(kept_count).any(|&smaller| subset & smaller == smaller) {
                continue;
            }
            let (set, boxes_a, boxes_b) = cycles
                .iter()
                .enumerate()
                .filter(|(k, _)| subset & (1 << k) != 0)
                .fold((0 as Cells, 0u16, 0u16), |union, (_, cycle)| {
                    (union.0 | cycle.0, union.1 | cycle.1, union.2 | cycle.2)
                });
            // Sets of other pairs hold other digits, and other unions other rows: no repeats.
            if boxes_a == boxes_b && self.count < MOST {
                self.add(set);
                if let Some(slot) = kept.get_mut(kept_count) {
                    *slot = subset;
                    kept_count += 1;
                }
            }
        }
    }

    /// Keeps `set` as the next set, indexed under each of its cells.
    fn add(&mut self, set: Cells) {
        let k = self.count;
        let (Some(slot), Some(word)) = (self.sets.get_mut(k), k.checked_div(64)) else {
            return;
        };
        *slot = set;
        let mut cells = set;
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            if let Some(held) = self.holding.get_mut(cell).and_then(|words| words.get_mut(word)) {
                *held |= 1 << (k % 64);
            }
        }
        self.count += 1;
    }

    /// True when some set holds `cell` and no given of `givens` (cell bits).
    pub fn emptied(&self, givens: Cells, cell: usize) -> bool {
        let Some(words) = self.holding.get(cell) else {
            return false;
        };
        for (w, &word) in words.iter().enumerate() {
            let mut held = word;
            while held != 0 {
                let k = w * 64 + held.trailing_zeros() as usize;
                held &= held - 1;
                if self.sets.get(k).is_some_and(|&set| set & givens == 0) {
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
    pub fn len(&self) -> usize {
        self.count
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The sets, as cell bit sets.
    pub fn sets(&self) -> &[Cells] {
        self.sets.get(..self.count).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::is_valid;
    use crate::rng::Rng;

    #[test]
    fn every_set_swaps_to_another_valid_grid() {
        let mut rng = Rng::new(3);
        let (mut total, mut wide) = (0, 0);
        for _ in 0..50 {
            let grid = super::super::random_grid(&mut rng, &mut || false).unwrap_or(Grid::EMPTY);
            let found = Unavoidable::of(&grid);
            total += found.len();
            for &set in found.sets() {
                let inside: Vec<usize> = (0..CELLS).filter(|&c| set & (1 << c) != 0).collect();
                let mut digits: Vec<u8> = inside.iter().map(|&c| grid.cells()[c]).collect();
                digits.sort_unstable();
                digits.dedup();
                wide += usize::from(digits.len() > 2);
                // The grid with the set emptied has another solution, which differs in it.
                let mut emptied = *grid.cells();
                inside.iter().for_each(|&c| emptied[c] = 0);
                let emptied = Grid::from_values(emptied).unwrap_or(Grid::EMPTY);
                assert_eq!(crate::solve::count_solutions(&emptied, 2), 2, "{set:x}");
                if digits.len() == 2 {
                    // Two digits: swapping them is that other solution.
                    let mut swapped = *grid.cells();
                    for &cell in &inside {
                        swapped[cell] = if swapped[cell] == digits[0] { digits[1] } else { digits[0] };
                    }
                    let swapped = Grid::from_values(swapped).unwrap_or(Grid::EMPTY);
                    assert!(is_valid(&swapped) && swapped != grid);
                }
            }
        }
        // At least one set per digit pair (swapping it everywhere gives one), and sets of two
        // lines with more digits.
        assert!(total >= 50 * 36);
        assert!(wide >= 50, "{wide}");
    }

    #[test]
    fn the_index_finds_what_a_scan_of_every_set_finds() {
        let mut rng = Rng::new(5);
        for _ in 0..20 {
            let grid = super::super::random_grid(&mut rng, &mut || false).unwrap_or(Grid::EMPTY);
            let found = Unavoidable::of(&grid);
            for _ in 0..50 {
                // Sparse and dense random givens, so that both answers occur.
                let givens: Cells = (0..CELLS)
                    .filter(|_| rng.index(4) == 0)
                    .fold(0, |set, cell| set | 1 << cell);
                for cell in 0..CELLS {
                    let scan = found.sets().iter().any(|&set| set >> cell & 1 == 1 && set & givens == 0);
                    assert_eq!(found.emptied(givens, cell), scan);
                }
            }
        }
    }
}
