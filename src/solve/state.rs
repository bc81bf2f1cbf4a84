//! The candidates of a board as bitboards, and propagation of singles to a fixpoint.
//!
//! `digits[d][band]` is the 27-bit mask of cells of `band` (rows `3 * band` to `3 * band + 2`)
//! where digit `d + 1` may still go; a cell that holds the digit stays in its mask. A digit is
//! placed in a row of a band once that row has one cell left.

use super::clear::new_row_singles;
use super::kernel::{Kernel, Portable};
use super::tables::{
    columns, occupied_columns, BAND_CELLS, BAND_PEERS, CONFIGURATIONS, PERMUTATION_CELLS, PERMUTATION_COLUMNS, TRIAD_CELLS,
};
use crate::grid::{Grid, CELLS, SIDE};

mod configure;

/// Some unit or cell has no way left to hold its digit: this branch has no solution.
#[derive(Debug, PartialEq, Eq)]
pub struct Contradiction;

/// Cells per band.
const BAND: usize = 27;

/// The candidates of every digit, band by band, and the cells placed so far. 120 bytes,
/// copied whole for each guess.
///
/// Invariant: a placed cell is in its own digit's mask and in no other.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Candidates {
    digits: [[u32; 3]; SIDE],
    placed: [u32; 3],
}

/// A configuration guess: band, digit and its configurations left (a mask), or `None`.
pub type ConfigurationGuess = Option<(usize, usize, u8)>;

/// Which masks changed and need settling: bit `3 * d + band` for digit d + 1 in `band`.
pub type Dirty = u32;

const ALL_MASKS: Dirty = (1 << 27) - 1;

impl Candidates {
    /// The candidates of the givens: each given is placed and removed from its peers.
    /// Fails if some given was already ruled out by another (a board that breaks the rule).
    #[inline(always)]
    pub fn from_grid(grid: &Grid) -> Result<Candidates, Contradiction> {
        let mut candidates = Candidates { digits: [[BAND_CELLS; 3]; SIDE], placed: [0; 3] };
        for (cell, &value) in grid.cells().iter().enumerate() {
            if value != 0 {
                candidates.place(usize::from(value) - 1, cell)?;
            }
        }
        Ok(candidates)
    }

    /// Puts digit `digit` (0-8) at `cell` (0-80): the cell loses its other digits, and the
    /// digit leaves the cell's row, column and box. Returns the digits whose masks changed.
    #[inline(always)]
    pub fn place(&mut self, digit: usize, cell: usize) -> Result<Dirty, Contradiction> {
        let (band, bit) = (cell / BAND, cell % BAND);
        let one = 1u32 << bit;
        let Some(bands) = self.digits.get_mut(digit) else { return Err(Contradiction) };
        if bands.get(band).is_none_or(|&mask| mask & one == 0) {
            return Err(Contradiction);
        }
        let other_bands = !columns(1 << (cell % SIDE));
        for (b, mask) in bands.iter_mut().enumerate() {
            *mask &= if b == band { !BAND_PEERS[bit] } else { other_bands };
        }
        // Constant shifts in the unrolled digit loop; the band's comes once, after it.
        let mut hit = 0;
        for (d, bands) in self.digits.iter_mut().enumerate() {
            if let Some(mask) = bands.get_mut(band) {
                // Branch-free: whether a digit had the cell is data, unpredictable.
                let others = if d == digit { 0 } else { one };
                hit |= Dirty::from(*mask & others != 0) << (3 * d);
                *mask &= !others;
            }
        }
        let dirty = 7 << (3 * digit) | hit << band;
        if let Some(placed) = self.placed.get_mut(band) {
            *placed |= one;
        }
        Ok(dirty)
    }

    /// [`Candidates::place`], then [`Candidates::settle`].
    #[inline(always)]
    pub fn place_and_settle(&mut self, kernel: impl Kernel, digit: usize, cell: usize) -> Result<(), Contradiction> {
        let dirty = self.place(digit, cell)?;
        self.settle_with(kernel, dirty)
    }

    /// Propagates to a fixpoint: per digit, hidden singles and locked candidates (see
    /// [`settle_digit`]), the cells that digit now fills leaving the other digits; across
    /// digits, naked singles. Alternates the two until neither changes anything.
    #[inline(always)]
    pub fn settle(&mut self, dirty: Dirty) -> Result<(), Contradiction> {
        self.settle_with(Portable, dirty)
    }

    /// [`Candidates::settle`] with the steps of `kernel`.
    #[inline(always)]
    pub fn settle_with(&mut self, kernel: impl Kernel, mut dirty: Dirty) -> Result<(), Contradiction> {
        loop {
            while dirty != 0 {
                let digit = dirty.trailing_zeros() as usize / 3;
                dirty &= !(7 << (3 * digit));
                dirty |= self.settle_one(kernel, digit)?;
            }
            dirty = self.naked_singles()?;
            if dirty == 0 {
                return Ok(());
            }
        }
    }

    /// Settles every digit, with the steps of `kernel`: the start of a search.
    #[inline(always)]
    pub fn settle_all_with(&mut self, kernel: impl Kernel) -> Result<(), Contradiction> {
        self.settle_with(kernel, ALL_MASKS)
    }

    /// Settles one digit; a cell that is now the digit's last place in its row is placed, and
    /// the other digits lose it (they are returned, to be settled in turn).
    #[inline(always)]
    fn settle_one(&mut self, kernel: impl Kernel, digit: usize) -> Result<Dirty, Contradiction> {
        let Some(bands) = self.digits.get_mut(digit) else { return Ok(0) };
        // Settling may take a cell's last digit: the naked singles' pass that ends every
        // settling finds it. Checking every cell after each digit found it sooner, but no
        // longer paid for itself (3% more instructions on sudokus_hard, the triad counters
        // before each guess catching most dead branches anyway).
        settle_digit(kernel, bands)?;
        let Some(bands) = self.digits.get(digit) else { return Ok(0) };
        let fresh = new_row_singles(bands, &self.placed);
        if fresh == [0; 3] {
            return Ok(0);
        }
        let mut dirty = 0;
        for (placed, fresh) in self.placed.iter_mut().zip(fresh) {
            *placed |= fresh;
        }
        // Every band at once, in vector registers: which bands have new placements is data a
        // branch on it would mispredict.
        dirty |= kernel.clear_cells(&mut self.digits, fresh, digit);
        Ok(dirty)
    }

    /// One pass across digits, band by band: a cell with no digit left is a contradiction, and
    /// an unplaced cell with one digit left is placed (a naked single).
    ///
    /// The cells' counts are taken for the three bands before any is placed (bands 0 and 1 in
    /// the halves of one word): a placement may leave a later band's counts stale, which only
    /// moves a naked single, or a bare cell, to the next pass (settling ends on a pass that
    /// places nothing), and a cell a placement left bare is a contradiction found below.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<Dirty, Contradiction> {
        let (mut ones_01, mut twos_01, mut ones_2, mut twos_2) = (0u64, 0u64, 0u32, 0u32);
        for &[band_0, band_1, band_2] in &self.digits {
            let pair = u64::from(band_0) | u64::from(band_1) << 32;
            twos_01 |= ones_01 & pair;
            ones_01 |= pair;
            twos_2 |= ones_2 & band_2;
            ones_2 |= band_2;
        }
        let counts = [(ones_01 as u32, twos_01 as u32), ((ones_01 >> 32) as u32, (twos_01 >> 32) as u32), (ones_2, twos_2)];
        let mut dirty = 0;
        for (band, (ones, twos)) in counts.into_iter().enumerate() {
            if ones != BAND_CELLS {
                return Err(Contradiction);
            }
            let mut naked = ones & !twos & !self.placed[band];
            while naked != 0 {
                let bit = naked.trailing_zeros() as usize;
                naked &= naked - 1;
                // An earlier naked single of this band may have taken this cell's last digit.
                let digit = self.digits.iter().position(|bands| bands[band] & (1 << bit) != 0);
                dirty |= self.place(digit.ok_or(Contradiction)?, band * BAND + bit)?;
            }
        }
        Ok(dirty)
    }

    /// True when every cell is placed: the board is complete.
    pub fn is_solved(&self) -> bool {
        self.placed == [BAND_CELLS; 3]
    }

    /// The cell to guess on: one with the fewest candidates (at least two), the first such in
    /// reading order; with the candidate digits as a mask (bit d for digit d + 1).
    /// Only for a settled, unsolved board: then such a cell exists.
    #[inline(always)]
    pub fn guess(&self) -> (usize, u16) {
        let mut best = (0, 0, u32::MAX);
        for band in 0..3 {
            // Bit-sliced counters: cells with at least one, two, three candidates.
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for bands in &self.digits {
                let mask = bands[band];
                three |= two & mask;
                two |= one & mask;
                one |= mask;
            }
            let pairs = two & !three;
            if pairs != 0 {
                let cell = band * BAND + pairs.trailing_zeros() as usize;
                return (cell, self.digits_of(cell));
            }
            // Rare (no cell with two candidates in this band): count the cells one by one.
            let mut open = three;
            while open != 0 {
                let bit = open.trailing_zeros() as usize;
                open &= open - 1;
                let count = self.digits.iter().filter(|bands| bands[band] & (1 << bit) != 0).count() as u32;
                if count < best.2 {
                    best = (band * BAND + bit, 0, count);
                }
            }
        }
        (best.0, self.digits_of(best.0))
    }

    /// Restricts `digit` in `unit` (band 0-2, stack 3-5) to configuration `k` of
    /// [`CONFIGURATIONS`] (in a stack, bit `3 * band + column`: see [`Kernel::stack_triads`]), then
    /// settles.
    #[inline(always)]
    pub fn configure_and_settle(
        &mut self,
        kernel: impl Kernel,
        digit: usize,
        unit: usize,
        k: usize,
    ) -> Result<(), Contradiction> {
        let matrix = u32::from(*CONFIGURATIONS.get(k).ok_or(Contradiction)?);
        let bands = self.digits.get_mut(digit).ok_or(Contradiction)?;
        if let Some(mask) = bands.get_mut(unit) {
            *mask &= TRIAD_CELLS[matrix as usize & 0x1FF];
            return self.settle_with(kernel, 1 << (3 * digit + unit));
        }
        let shift = 3 * unit.checked_sub(3).filter(|&stack| stack < 3).ok_or(Contradiction)?;
        let outside = 0x1FF & !(7 << shift);
        for (b, mask) in bands.iter_mut().enumerate() {
            *mask &= columns(outside | ((matrix >> (3 * b)) & 7) << shift);
        }
        self.settle_with(kernel, 7 << (3 * digit))
    }

    /// Rules digit `digit` (0-8) out of `cell` (0-80) and settles; nothing happens when it was
    /// out already. A placed cell cannot lose its digit: that is a contradiction.
    #[inline(always)]
    pub fn eliminate_and_settle(&mut self, digit: usize, cell: usize) -> Result<(), Contradiction> {
        let (band, one) = (cell / BAND, 1u32 << (cell % BAND));
        let placed = self.placed.get(band).is_some_and(|&placed| placed & one != 0);
        let Some(mask) = self.digits.get_mut(digit).and_then(|bands| bands.get_mut(band)) else { return Err(Contradiction) };
        if *mask & one == 0 {
            return Ok(());
        }
        if placed {
            return Err(Contradiction);
        }
        *mask &= !one;
        self.settle(1 << (3 * digit + band))
    }

    /// The digits (bit d for digit d + 1) still possible at `cell`.
    fn digits_of(&self, cell: usize) -> u16 {
        let (band, bit) = (cell / BAND, cell % BAND);
        self.digits
            .iter()
            .enumerate()
            .fold(0, |digits, (d, bands)| digits | ((bands.get(band).map_or(0, |m| m >> bit) as u16 & 1) << d))
    }

    /// The placed cells with their digits: for a solved board, the solution.
    pub fn solution(&self) -> Grid {
        let mut cells = [0u8; CELLS];
        for (digit, bands) in (1u8..).zip(&self.digits) {
            for ((band, &mask), &placed) in bands.iter().enumerate().zip(&self.placed) {
                let mut placed = mask & placed;
                while placed != 0 {
                    let bit = placed.trailing_zeros() as usize;
                    placed &= placed - 1;
                    if let Some(cell) = cells.get_mut(band * BAND + bit) {
                        *cell = digit;
                    }
                }
            }
        }
        Grid::from_checked(cells)
    }
}

/// Settles one digit's three band masks, alone, to a fixpoint.
///
/// In each band the digit takes one triad per row and per box, a permutation matrix; triads in
/// no such matrix go ([`PERMUTATIONS`]). In each stack the same holds for columns and boxes.
/// Between them these give hidden singles in rows, columns and boxes, pointing and claiming.
#[inline(always)]
fn settle_digit(kernel: impl Kernel, bands: &mut [u32; 3]) -> Result<(), Contradiction> {
    // Both steps are idempotent: once one changes nothing after the other, the digit is
    // settled. Bands 0 and 1 live in the halves of one word throughout (see the steps).
    let [b0, b1, mut b2] = *bands;
    let mut pair = u64::from(b0) | u64::from(b1) << 32;
    let mut first = true;
    loop {
        // Every band, though only those changed can change: which those are is data the
        // branch predictor cannot learn, and a band left alone is settled (a placement has a
        // triad in each row), so redoing it is a no-op.
        let [t0, t1] = kernel.band_triads_pair(pair);
        let [a0, a1, a2] = [t0, t1, kernel.band_triads(b2)].map(|triads| PERMUTATION_CELLS[triads & 0x1FF]);
        if a0 == 0 || a1 == 0 || a2 == 0 {
            return Err(Contradiction);
        }
        let kept_pair = pair & (u64::from(a0) | u64::from(a1) << 32);
        let kept_2 = b2 & a2;
        let changed = kept_pair != pair || kept_2 != b2;
        (pair, b2) = (kept_pair, kept_2);
        if !changed && !first {
            break;
        }
        first = false;
        // The digit's occupied columns, band by band, as one band-shaped mask (bit
        // `9 * band + column`): each stack's column triads are three bits of each band.
        // Bands 0 and 1 folded at once: the shifts carry band 1's cells into band 0's upper
        // bits only, above its nine columns.
        let folded = pair | pair >> 9 | pair >> 18;
        let cols = kernel.pack_halves(folded) | occupied_columns(b2) << 18;
        // A stack with no placement left keeps no column: that takes the digit's cells in the
        // stack from every band (it had some: each band just kept a triad in every box), so
        // the band step that follows finds the contradiction, no check needed here.
        let mut keep = 0;
        for stack in 0..3 {
            keep |= PERMUTATION_COLUMNS[kernel.stack_triads(cols, stack) & 0x1FF] << (3 * stack);
        }
        // Bands 0 and 1 again in one word: each half's nine columns spread down its three
        // rows by one multiply, the halves too far apart to meet.
        let kept_pair = pair & (kernel.unpack_halves(keep) * 0x40201);
        let kept_2 = b2 & columns(keep >> 18 & 0x1FF);
        let changed = kept_pair != pair || kept_2 != b2;
        (pair, b2) = (kept_pair, kept_2);
        if !changed {
            break;
        }
    }
    *bands = [pair as u32, (pair >> 32) as u32, b2];
    Ok(())
}
