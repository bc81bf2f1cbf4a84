//! Whether singles still solve a puzzle after a removal, without running them from scratch:
//! an order in which singles filled the board before the removal is kept, and replayed on the
//! smaller board, each cell placed when a single forces it and tried again on the next pass
//! when not, until the removed cells are filled back or a pass places nothing.
//!
//! Why that is the answer singles give: every empty cell is tried on each pass, so a pass that
//! places nothing is a board where no single is left, the fixpoint of singles (which does not
//! depend on the order they are placed in, since a single stays forced while others are
//! placed). Once the removed cells are back, the board holds all the givens of one singles
//! solved, so they solve it too. The kept order only makes the first pass place most cells
//! (those its singles did not owe to the removed givens); any order gives the same answer.
//! A removed cell is also tried as soon as a cell its single reads (a peer, or a cell of its
//! digit) is filled: singles mostly force it back well before the end of the first pass.

use super::thinning::Thinning;
use super::unavoidable::{cell_set, for_each_cell, Cells};
use crate::bounds::Known;
use crate::grid::{box_of, Grid, CELLS, SIDE};
use crate::steps::geometry::{PEERS, UNITS, UNITS_OF, UNITS_OF_TABLE};

/// Every cell.
const ALL: Cells = (1 << CELLS) - 1;

/// Each cell's bit, the other cells of its row, column and box, and the indices of those
/// units, read from one table so that a check (the most frequent step of a refill) shifts no
/// 128-bit values.
#[derive(Clone, Copy)]
struct Place {
    bit: Cells,
    others: [Cells; 3],
    units: [u8; 3],
}

const PLACES: [Place; CELLS] = {
    let mut table = [Place { bit: 0, others: [0; 3], units: [0; 3] }; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (r, c) = (cell / SIDE, cell % SIDE);
        let mut other = 0;
        while other < CELLS {
            let (r2, c2) = (other / SIDE, other % SIDE);
            let bit: Cells = 1 << other;
            if other != cell && r == r2 {
                table[cell].others[0] |= bit;
            }
            if other != cell && c == c2 {
                table[cell].others[1] |= bit;
            }
            if other != cell && box_of(r, c) == box_of(r2, c2) {
                table[cell].others[2] |= bit;
            }
            other += 1;
        }
        table[cell].bit = 1 << cell;
        table[cell].units = UNITS_OF_TABLE[cell];
        cell += 1;
    }
    table
};

/// The bit of `cell` (none for a cell off the board).
fn bit_of(cell: usize) -> Cells {
    PLACES.get(cell).map_or(0, |place| place.bit)
}

/// A board that singles solve, kept through removals while they still do: its givens, and its
/// empty cells in an order in which singles filled them.
pub struct SinglesOrder {
    givens: Filling,
    cells: [u8; CELLS],
    len: usize,
    /// `of_digit[d]`: the cells of digit d (1-9) in the solution.
    of_digit: [Cells; SIDE + 1],
}

impl SinglesOrder {
    /// The givens of `board` (the digits of `solution` there), its empty cells in reading order.
    pub fn new(board: &Thinning, solution: &Grid) -> SinglesOrder {
        let mut of_digit = [0 as Cells; SIDE + 1];
        for (cell, &digit) in solution.cells().iter().enumerate() {
            if let Some(cells) = of_digit.get_mut(usize::from(digit)) {
                *cells |= bit_of(cell);
            }
        }
        // Removal starts from the whole solution, whose board is known without a fill.
        let givens = if board.givens() == ALL { Filling::full(&of_digit) } else { Filling::new(board, solution) };
        let mut order = SinglesOrder { givens, cells: [0; CELLS], len: 0, of_digit };
        for_each_cell(order.givens.empty, |cell| order.push(cell as u8));
        order
    }

    fn push(&mut self, cell: u8) {
        if let Some(slot) = self.cells.get_mut(self.len) {
            *slot = cell;
            self.len += 1;
        }
    }

    /// Takes the givens of `removed` (digits of `solution`) away when a single forces each of
    /// them from the other givens alone: they come first in the order, which stays valid.
    pub fn put_first(&mut self, removed: &[u8], solution: &Grid) {
        for &cell in removed {
            self.givens.clear(usize::from(cell), digit_of(solution, cell));
        }
        // The empty cells and the removed givens, so never more than all the cells.
        let (len, shift) = (self.len, removed.len());
        if len + shift <= CELLS {
            self.cells.copy_within(..len, shift);
            self.cells.iter_mut().zip(removed).for_each(|(slot, &cell)| *slot = cell);
            self.len = len + shift;
        }
    }

    /// True when singles solve the board without the givens of `removed` (digits of
    /// `solution`): then they are taken away, else all is left as it was. Inlined, so that
    /// each compilation of removal (see `level`) has its own.
    #[inline(always)]
    pub fn refill(&mut self, removed: &[u8], solution: &Grid) -> bool {
        // The givens lose the removed cells at once (kept so when singles fill them back, put
        // back else, which is cheaper than clearing twice), and singles fill a copy.
        for &cell in removed {
            self.givens.clear(usize::from(cell), digit_of(solution, cell));
        }
        let mut filling = self.givens.clone();
        // The removed cells last: by then the first pass has placed what does not need them.
        // Each pass reads one list and writes the cells it leaves to the other.
        // (Whole arrays copied: a copy of a length known when compiling is a few moves.)
        let mut lists = [self.cells, [0u8; CELLS]];
        let len = self.len.min(CELLS);
        let mut waiting = len;
        for (slot, &cell) in lists[0].iter_mut().skip(len).zip(removed) {
            *slot = cell;
            waiting += 1;
        }
        let mut missing = cell_set(removed);
        // A single removed cell is tried whenever a cell it reads is filled (see above).
        let lone = match removed {
            [cell] => Some((*cell, self.read_by(*cell, solution))),
            _ => None,
        };
        let mut order = [0u8; CELLS];
        let mut placed = 0;
        let [mut from, mut to] = lists.each_mut();
        // The cells of the list past `stale` were found not forced after the last placement,
        // on the board as it still is: when a pass reaches them having placed nothing, no
        // cell is forced (the pass that would find nothing is cut short).
        let mut stale = waiting;
        loop {
            // Up to `stale` first; on to the end once something is placed.
            let (mut left, mut fresh, mut k, mut end) = (0, 0, 0, stale);
            while k < end {
                let Some(&cell) = from.get(k) else { break };
                k += 1;
                if !filling.place_if_forced(usize::from(cell), digit_of(solution, cell)) {
                    if let Some(slot) = to.get_mut(left) {
                        *slot = cell;
                        left += 1;
                    }
                    continue;
                }
                (fresh, end) = (left, waiting);
                if let Some(slot) = order.get_mut(placed) {
                    *slot = cell;
                    placed += 1;
                }
                missing &= !bit_of(usize::from(cell));
                if let Some((back, reads)) = lone {
                    let at = usize::from(back);
                    if missing != 0
                        && reads & bit_of(usize::from(cell)) != 0
                        && filling.place_if_forced(at, digit_of(solution, back))
                    {
                        if let Some(slot) = order.get_mut(placed) {
                            *slot = back;
                            placed += 1;
                        }
                        missing = 0;
                    }
                }
                if missing == 0 {
                    // The cells not placed yet follow, in their order: all those left, but a
                    // lone removed cell (placed already, out of turn).
                    self.cells = order;
                    let placed_out_of_turn = lone.map_or(u8::MAX, |(back, _)| back);
                    let rest = to.get(..left).known().iter();
                    let rest = rest.chain(from.get(k..waiting).known());
                    for &cell in rest.filter(|&&cell| cell != placed_out_of_turn) {
                        if let Some(slot) = self.cells.get_mut(placed) {
                            *slot = cell;
                            placed += 1;
                        }
                    }
                    self.len = placed;
                    return true;
                }
            }
            if k < waiting || left == waiting {
                for &cell in removed {
                    self.givens.put(usize::from(cell), digit_of(solution, cell));
                }
                return false;
            }
            (waiting, stale) = (left, fresh);
            std::mem::swap(&mut from, &mut to);
        }
    }

    /// The cells a single at `cell` reads: its peers, and the cells of its digit (whose
    /// filling takes the digit from the cells they see).
    fn read_by(&self, cell: u8, solution: &Grid) -> Cells {
        let peers = PEERS.get(usize::from(cell)).copied().known_or(ALL);
        peers | self.of_digit.get(usize::from(digit_of(solution, cell))).copied().known_or(ALL)
    }
}

/// The digit of `solution` at `cell`.
fn digit_of(solution: &Grid, cell: u8) -> u8 {
    solution.cells().get(usize::from(cell)).copied().known()
}

/// Slots of [`Filling::open`], one per digit at the digit's own index, and of
/// [`Filling::units`], one per unit: powers of two, so that a masked index needs no check in
/// the innermost loop.
const DIGIT_SLOTS: usize = 16;
const UNIT_SLOTS: usize = 32;

/// A board being filled by singles, as bitboards: where each digit is and may still go, which
/// cells are empty, and the digits each unit holds.
#[derive(Clone)]
struct Filling {
    /// `at[d]`: the cells holding digit d + 1.
    at: [Cells; SIDE],
    /// `open[digit]`: the cells no cell of the digit sees (filled ones included).
    open: [Cells; DIGIT_SLOTS],
    empty: Cells,
    /// The digits (bit d for digit d) of each unit, by the indices of [`UNITS_OF`].
    units: [u16; UNIT_SLOTS],
}

impl Filling {
    /// The board of the givens of `board`, each the digit of `solution` there.
    fn new(board: &Thinning, solution: &Grid) -> Filling {
        let mut filling = Filling { at: [0; SIDE], open: [ALL; DIGIT_SLOTS], empty: ALL, units: [0; UNIT_SLOTS] };
        for_each_cell(board.givens(), |cell| filling.put(cell, digit_of(solution, cell as u8)));
        filling
    }

    /// The board of every cell of a solution whose digits are at `of_digit` (by digit, 1-9):
    /// each digit where it is, and open nowhere else (every other cell sees one of it).
    fn full(of_digit: &[Cells; SIDE + 1]) -> Filling {
        let mut filling = Filling { at: [0; SIDE], open: [ALL; DIGIT_SLOTS], empty: 0, units: [0; UNIT_SLOTS] };
        let slots = filling.at.iter_mut().zip(filling.open.iter_mut().skip(1));
        for ((at, open), &cells) in slots.zip(of_digit.iter().skip(1)) {
            (*at, *open) = (cells, cells);
        }
        filling.units.iter_mut().take(UNITS).for_each(|held| *held = 0x3fe);
        filling
    }

    /// Fills `cell` with `digit` (1-9).
    #[inline(always)]
    fn put(&mut self, cell: usize, digit: u8) {
        let (Some(&peers), Some(place), Some(at)) =
            (PEERS.get(cell), PLACES.get(cell), self.at.get_mut(usize::from(digit).wrapping_sub(1)))
        else {
            return;
        };
        *at |= place.bit;
        self.open[usize::from(digit) % DIGIT_SLOTS] &= !peers;
        self.empty &= !place.bit;
        for unit in place.units {
            self.units[usize::from(unit) % UNIT_SLOTS] |= 1 << digit;
        }
    }

    /// Empties `cell`, which holds `digit`.
    fn clear(&mut self, cell: usize, digit: u8) {
        let (Some(&units), Some(at)) = (UNITS_OF.get(cell), self.at.get_mut(usize::from(digit).wrapping_sub(1))) else {
            return;
        };
        *at &= !(1 << cell);
        self.empty |= 1 << cell;
        let mut still = ALL;
        for_each_cell(*at, |held| still &= !PEERS.get(held).copied().known());
        self.open[usize::from(digit) % DIGIT_SLOTS] = still;
        for unit in units {
            self.units[usize::from(unit) % UNIT_SLOTS] &= !(1 << digit);
        }
    }

    /// Fills the empty `cell` with `digit` (its digit in the one solution) when a single forces
    /// it: `digit` can go nowhere else in one of its units (hidden), or every other digit is
    /// in its units (naked).
    #[inline(always)]
    fn place_if_forced(&mut self, cell: usize, digit: u8) -> bool {
        let Some(place) = PLACES.get(cell) else {
            return false;
        };
        // Naked first, on nine bits: its units hold every digit but its own (which they
        // never hold, the board being one of the solution's).
        let held = place.units.iter().fold(1u16 << digit, |held, &unit| held | self.units[usize::from(unit) % UNIT_SLOTS]);
        let forced = held & 0x3fe == 0x3fe || {
            // Hidden: no other empty cell of a unit can take the digit.
            let open = self.open[usize::from(digit) % DIGIT_SLOTS] & self.empty;
            let [row, column, square] = place.others;
            open & row == 0 || open & column == 0 || open & square == 0
        };
        if forced {
            self.put(cell, digit);
        }
        forced
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::grids::random_grid;
    use crate::rng::Rng;
    use crate::steps::solved_by_singles;

    #[test]
    fn the_full_board_is_the_one_its_givens_fill() {
        let mut rng = Rng::new(9);
        for _ in 0..20 {
            let solution = random_grid(&mut rng, &mut || false).unwrap_or(Grid::EMPTY);
            let order = SinglesOrder::new(&Thinning::new(&solution), &solution);
            let (fast, plain) = (&order.givens, Filling::new(&Thinning::new(&solution), &solution));
            assert_eq!((fast.at, fast.open, fast.empty, fast.units), (plain.at, plain.open, plain.empty, plain.units));
            assert_eq!(order.len, 0);
        }
    }

    #[test]
    fn refilling_matches_singles_from_scratch() {
        let mut rng = Rng::new(5);
        let (mut kept, mut refused) = (0, 0);
        for _ in 0..20 {
            let solution = random_grid(&mut rng, &mut || false).unwrap_or(Grid::EMPTY);
            let mut board = Thinning::new(&solution);
            let mut order = SinglesOrder::new(&board, &solution);
            let mut cells: Vec<u8> = (0..CELLS as u8).collect();
            rng.shuffle(&mut cells);
            // Pairs as well as single cells, as symmetric orbits are.
            for removed in cells.chunks(1 + usize::from(rng.coin())) {
                board.take(removed);
                let forced = board.all_forced(&solution, removed);
                let expected = solved_by_singles(&board.grid());
                if forced {
                    assert!(expected);
                    order.put_first(removed, &solution);
                } else if order.refill(removed, &solution) {
                    assert!(expected);
                    kept += 1;
                } else {
                    assert!(!expected);
                    board.give_back(removed, &solution);
                    refused += 1;
                }
                // What the order keeps is the board, and its cells are the empty ones.
                let fresh = Filling::new(&board, &solution);
                let kept = &order.givens;
                assert_eq!((kept.at, kept.open, kept.empty, kept.units), (fresh.at, fresh.open, fresh.empty, fresh.units));
                assert_eq!(cell_set(&order.cells[..order.len]), fresh.empty);
                assert_eq!(order.len, fresh.empty.count_ones() as usize);
            }
        }
        assert!(kept > 0 && refused > 0, "{kept} {refused}");
    }
}
