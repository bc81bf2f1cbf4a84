//! A puzzle being thinned, kept up to date one cell at a time: what the removal's checks read
//! after each removal (its givens, and which removed cells singles force back) without
//! rescanning the board.

use super::unavoidable::Cells;
use crate::bounds::Known;
use crate::grid::{box_of, Grid, CELLS, SIDE};

/// A puzzle being thinned: its cells, the digits each row, column and box holds (bit d for
/// digit d), and its givens as a cell set, kept up to date one cell at a time so that a check
/// after each removal does not rescan the board.
pub struct Thinning {
    cells: [u8; CELLS],
    rows: [u16; SIDE],
    columns: [u16; SIDE],
    boxes: [u16; SIDE],
    givens: Cells,
    /// Where each digit is given (index 1-9): its rows, columns and boxes, as bits.
    placed: [Lines; SIDE + 1],
    /// The given cells of each column (bit = row) and box (bit = 3 * row + column within it).
    column_givens: [u16; SIDE],
    box_givens: [u16; SIDE],
}

/// The rows, columns and boxes that hold a digit, as bits.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Lines {
    rows: u16,
    columns: u16,
    boxes: u16,
}

/// Three bits (bands, or stacks) spread to the nine lines they hold.
fn spread(three: u16) -> u16 {
    ((three & 1) * 0b111) | ((three & 2) * 0b11100) | ((three & 4) * 0b1110000)
}

impl Thinning {
    /// The board of `puzzle`, which must break no rule (each unit holds a digit once).
    pub fn new(puzzle: &Grid) -> Thinning {
        // Each removal order starts from the full grid, where every unit holds every digit:
        // its masks are full, without putting the cells in one at a time.
        if puzzle.is_complete() {
            let full = Lines { rows: 0x1ff, columns: 0x1ff, boxes: 0x1ff };
            let mut placed = [full; SIDE + 1];
            placed[0] = Lines::default();
            return Thinning {
                cells: *puzzle.cells(),
                rows: [0x3fe; SIDE],
                columns: [0x3fe; SIDE],
                boxes: [0x3fe; SIDE],
                givens: (1 << CELLS) - 1,
                placed,
                column_givens: [0x1ff; SIDE],
                box_givens: [0x1ff; SIDE],
            };
        }
        let mut board = Thinning {
            cells: [0; CELLS],
            rows: [0; SIDE],
            columns: [0; SIDE],
            boxes: [0; SIDE],
            givens: 0,
            placed: [Lines::default(); SIDE + 1],
            column_givens: [0; SIDE],
            box_givens: [0; SIDE],
        };
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            board.put(cell, digit);
        }
        board
    }

    /// Puts `digit` (1-9) into the empty `cell`; 0 leaves it empty.
    fn put(&mut self, cell: usize, digit: u8) {
        if digit == 0 || cell >= CELLS {
            return;
        }
        let (r, c) = (cell / SIDE, cell % SIDE);
        let b = box_of(r, c);
        self.cells[cell] = digit;
        self.rows[r] |= 1 << digit;
        self.columns[c] |= 1 << digit;
        self.boxes[b] |= 1 << digit;
        self.givens |= 1 << cell;
        if let Some(lines) = self.placed.get_mut(usize::from(digit)) {
            lines.rows |= 1 << r;
            lines.columns |= 1 << c;
            lines.boxes |= 1 << b;
        }
        self.column_givens[c] |= 1 << r;
        self.box_givens[b] |= 1 << (r % 3 * 3 + c % 3);
    }

    /// Empties `cell`.
    fn clear(&mut self, cell: usize) {
        let Some(&digit) = self.cells.get(cell) else {
            return;
        };
        if digit == 0 {
            return;
        }
        let (r, c) = (cell / SIDE, cell % SIDE);
        let b = box_of(r, c);
        let keep = !(1u16 << digit);
        self.rows[r] &= keep;
        self.columns[c] &= keep;
        self.boxes[b] &= keep;
        self.cells[cell] = 0;
        self.givens &= !(1 << cell);
        if let Some(lines) = self.placed.get_mut(usize::from(digit)) {
            lines.rows &= !(1 << r);
            lines.columns &= !(1 << c);
            lines.boxes &= !(1 << b);
        }
        self.column_givens[c] &= !(1 << r);
        self.box_givens[b] &= !(1 << (r % 3 * 3 + c % 3));
    }

    /// Empties each cell of `cells`.
    #[inline(always)]
    pub fn take(&mut self, cells: &[u8]) {
        for &cell in cells {
            self.clear(usize::from(cell));
        }
    }

    /// Puts back each cell of `cells` from `solution`.
    #[inline(always)]
    pub fn give_back(&mut self, cells: &[u8], solution: &Grid) {
        for &cell in cells {
            let cell = usize::from(cell);
            self.put(cell, solution.cells().get(cell).copied().known());
        }
    }

    /// True when `cell` holds a given.
    pub fn is_given(&self, cell: u8) -> bool {
        self.givens >> cell & 1 == 1
    }

    /// The number of givens.
    pub fn count(&self) -> usize {
        self.givens.count_ones() as usize
    }

    /// The givens as a cell set.
    pub fn givens(&self) -> Cells {
        self.givens
    }

    /// The board as a grid.
    pub fn grid(&self) -> Grid {
        Grid::from_checked(self.cells)
    }

    /// The digits an empty cell sees in its row, column and box.
    fn seen(&self, cell: usize) -> u16 {
        let (r, c) = (cell / SIDE, cell % SIDE);
        self.rows[r] | self.columns[c] | self.boxes[box_of(r, c)]
    }

    /// True when the givens force `digit` into the empty `cell`: a naked single (the other
    /// eight digits are among its peers) or a hidden single (no other empty cell of its row,
    /// column or box can take the digit).
    #[inline(always)]
    fn forced(&self, cell: usize, digit: u8) -> bool {
        // Naked: one digit lacking. (Not by counting ones: without a popcount instruction
        // that is a long sequence.)
        let lacking = !self.seen(cell) & 0x3fe;
        if lacking != 0 && lacking & lacking.wrapping_sub(1) == 0 {
            return true;
        }
        let Some(lines) = self.placed.get(usize::from(digit)) else {
            return false;
        };
        let (r, c) = (cell / SIDE, cell % SIDE);
        let (band, stack) = (r / 3, c / 3);
        let (Some(&in_column), Some(&in_box)) = (self.column_givens.get(c), self.box_givens.get(box_of(r, c))) else {
            return false;
        };
        // An empty cell of the row can take the digit unless its column or box holds it; the
        // digit is nowhere in the row itself, whose empty cell it fills.
        let row_empty = !(self.givens >> (r * SIDE)) as u16 & 0x1ff & !(1 << c);
        let row_blocked = lines.columns | spread(lines.boxes >> (3 * band) & 0b111);
        if row_empty & !row_blocked == 0 {
            return true;
        }
        // The same down the column, with the boxes of its stack spread over their rows.
        let column_empty = !in_column & 0x1ff & !(1 << r);
        let stack_boxes = lines.boxes >> stack & 0b1001001;
        let column_blocked = lines.rows | spread(stack_boxes & 1 | stack_boxes >> 2 & 2 | stack_boxes >> 4 & 4);
        if column_empty & !column_blocked == 0 {
            return true;
        }
        // And in the box, whose cells are blocked by the rows of its band and the columns of
        // its stack that hold the digit.
        let box_empty = !in_box & 0x1ff & !(1 << (r % 3 * 3 + c % 3));
        let box_blocked = spread(lines.rows >> (3 * band) & 0b111) | ((lines.columns >> (3 * stack) & 0b111) * 0b1001001);
        box_empty & !box_blocked == 0
    }

    /// True when a naked or hidden single of the givens forces each cell of `removed` (its
    /// digit in `solution`): putting them back is then what singles do first, so the puzzle
    /// keeps its one solution, and its singles reach the same board as before the removal.
    #[inline(always)]
    pub fn all_forced(&self, solution: &Grid, removed: &[u8]) -> bool {
        let full = solution.cells();
        for &cell in removed {
            let cell = usize::from(cell);
            if !self.forced(cell, full.get(cell).copied().known()) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::grids::random_grid;
    use crate::rng::Rng;
    use crate::steps::geometry::{members, PEERS};

    /// The digits that `cell` of `cells` can take: those none of its peers holds.
    fn candidates(cells: &[u8; CELLS], cell: usize) -> u16 {
        members(PEERS[cell]).fold(0x3fe, |open, peer| open & !(1 << cells[peer]))
    }

    /// A naked or hidden single of `digit` at the empty `cell`, found from scratch.
    fn plainly_forced(cells: &[u8; CELLS], cell: usize, digit: u8) -> bool {
        if candidates(cells, cell) == 1 << digit {
            return true;
        }
        let same = [
            |a: usize, b: usize| a / SIDE == b / SIDE,
            |a: usize, b: usize| a % SIDE == b % SIDE,
            |a: usize, b: usize| box_of(a / SIDE, a % SIDE) == box_of(b / SIDE, b % SIDE),
        ];
        same.iter().any(|same| {
            (0..CELLS).all(|other| {
                other == cell || !same(cell, other) || cells[other] != 0 || candidates(cells, other) & 1 << digit == 0
            })
        })
    }

    #[test]
    fn the_kept_board_matches_a_fresh_one_and_forced_cells_a_plain_check() {
        let mut rng = Rng::new(8);
        for _ in 0..5 {
            let solution = random_grid(&mut rng, &mut || false).unwrap_or(Grid::EMPTY);
            let mut board = Thinning::new(&solution);
            let mut order: Vec<u8> = (0..CELLS as u8).collect();
            rng.shuffle(&mut order);
            for &cell in &order {
                board.take(&[cell]);
                let fresh = Thinning::new(&board.grid());
                assert_eq!(board.givens(), fresh.givens());
                assert_eq!((board.rows, board.columns, board.boxes), (fresh.rows, fresh.columns, fresh.boxes));
                assert_eq!(
                    (board.placed, board.column_givens, board.box_givens),
                    (fresh.placed, fresh.column_givens, fresh.box_givens)
                );
                let digit = solution.cells()[usize::from(cell)];
                let forced = board.all_forced(&solution, &[cell]);
                assert_eq!(forced, plainly_forced(board.grid().cells(), usize::from(cell), digit));
                // Keep about half the unforced cells, so that late boards are sparse.
                if !forced && rng.coin() {
                    board.give_back(&[cell], &solution);
                }
            }
            assert_eq!(board.count(), board.grid().givens());
        }
    }

    #[test]
    fn a_full_grid_starts_as_putting_each_cell_makes_it() {
        let mut rng = Rng::new(13);
        for _ in 0..20 {
            let solution = random_grid(&mut rng, &mut || false).unwrap_or(Grid::EMPTY);
            let full = Thinning::new(&solution);
            let mut put = Thinning::new(&Grid::EMPTY);
            for (cell, &digit) in solution.cells().iter().enumerate() {
                put.put(cell, digit);
            }
            assert_eq!((full.cells, full.givens), (put.cells, put.givens));
            assert_eq!((full.rows, full.columns, full.boxes), (put.rows, put.columns, put.boxes));
            assert_eq!((full.placed, full.column_givens, full.box_givens), (put.placed, put.column_givens, put.box_givens));
        }
    }
}
