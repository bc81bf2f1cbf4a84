//! The candidates of a board as bitboards, and propagation of singles to a fixpoint.
//!
//! `digits[d][band]` is the 27-bit mask of cells of `band` (rows `3 * band` to `3 * band + 2`)
//! where digit `d + 1` may still go; a cell that holds the digit stays in its mask. A digit is
//! placed in a row of a band once that row has one cell left.

use super::clear::{clear_cells, new_row_singles};
use super::tables::{
    columns, occupied_columns, BAND_CELLS, BAND_PEERS, CONFIGURATIONS, CONFIGURATIONS_LEFT, CONFIGURATION_CORE, CONFIGURATION_COUNT, OPEN_CONFIGURATIONS, PERMUTATION_CELLS, PERMUTATION_COLUMNS, ROW_TRIADS,
    TRIAD_CELLS,
};
use crate::grid::{Grid, CELLS, SIDE};

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
    pub fn place_and_settle(&mut self, digit: usize, cell: usize) -> Result<(), Contradiction> {
        let dirty = self.place(digit, cell)?;
        self.settle(dirty)
    }

    /// Propagates to a fixpoint: per digit, hidden singles and locked candidates (see
    /// [`settle_digit`]), the cells that digit now fills leaving the other digits; across
    /// digits, naked singles. Alternates the two until neither changes anything.
    #[inline(always)]
    pub fn settle(&mut self, mut dirty: Dirty) -> Result<(), Contradiction> {
        loop {
            while dirty != 0 {
                let digit = dirty.trailing_zeros() as usize / 3;
                dirty &= !(7 << (3 * digit));
                dirty |= self.settle_one(digit)?;
            }
            dirty = self.naked_singles()?;
            if dirty == 0 {
                return Ok(());
            }
        }
    }

    /// Settles every digit: the start of a search.
    #[inline(always)]
    pub fn settle_all(&mut self) -> Result<(), Contradiction> {
        self.settle(ALL_MASKS)
    }

    /// Settles one digit; a cell that is now the digit's last place in its row is placed, and
    /// the other digits lose it (they are returned, to be settled in turn).
    #[inline(always)]
    fn settle_one(&mut self, digit: usize) -> Result<Dirty, Contradiction> {
        let Some(bands) = self.digits.get_mut(digit) else { return Ok(0) };
        settle_digit(bands)?;
        // Settling may have taken a cell's last digit: finding that now spares the rest of a
        // doomed propagation, which is most of the work on hard puzzles.
        for band in 0..3 {
            let covered = self.digits.iter().fold(0, |covered, bands| covered | bands[band]);
            if covered != BAND_CELLS {
                return Err(Contradiction);
            }
        }
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
        dirty |= clear_cells(&mut self.digits, fresh, digit);
        Ok(dirty)
    }

    /// One pass across digits, band by band: a cell with no digit left is a contradiction, and
    /// an unplaced cell with one digit left is placed (a naked single).
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<Dirty, Contradiction> {
        let mut dirty = 0;
        for band in 0..3 {
            let (mut ones, mut twos) = (0u32, 0u32);
            for bands in &self.digits {
                let mask = bands[band];
                twos |= ones & mask;
                ones |= mask;
            }
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

    /// The band and digit to guess a configuration of: in the band with the fewest
    /// configurations left over its undecided digits (those with two or more; counting the
    /// decided ones too takes 5% more work on the hard set), the first digit with the
    /// fewest; with its configurations left as a mask. `None`
    /// when every digit has one configuration left in every band.
    ///
    /// Also checks what settling does not: each triad holds three digits, so at least three
    /// digits can still take it and at most three must (see [`triad_counts`]). Without
    /// that, guesses on a nearly empty board pile up configurations no grid completes, found
    /// out only cells later (the search of the empty board never ended).
    ///
    /// With `deduce`, first the deductions the same counters give across digits on the
    /// triads of each band, then of each stack (a triad three digits must take is closed to
    /// the others; a triad only three digits can take is taken by each): when one changes a
    /// mask, it is made, and the masks changed are returned instead of a guess (a nonzero
    /// [`Dirty`]). Counting uses them (fewer guesses and instructions); `solve` does not, so
    /// that the solution it returns for a board with several stays the one it always was.
    #[inline(always)]
    pub fn configuration_guess_or_deduce(&mut self, deduce: bool) -> Result<(ConfigurationGuess, Dirty), Contradiction> {
        if deduce {
            self.guess_or_deduce::<6>()
        } else {
            self.guess_or_deduce::<3>()
        }
    }

    /// [`Candidates::configuration_guess_or_deduce`] over the first `UNITS` units: the three
    /// bands without deductions, with them the three stacks too.
    ///
    /// The counters of every unit run at once, nine bits a unit in one word (see
    /// [`triad_counts`]), so every unit is checked before any deduction is made: a
    /// contradiction in a later unit ends the branch now rather than after settling the
    /// deductions of an earlier one, which it would survive to no end (masks only shrink).
    #[inline(always)]
    fn guess_or_deduce<const UNITS: usize>(&mut self) -> Result<(ConfigurationGuess, Dirty), Contradiction> {
        let deduce = UNITS > 3;
        // Every mask's triads and columns at once, in one flat branch-free pass the compiler
        // turns into vector code; no mask changes before they are read (a deduction that
        // changes one returns at once).
        let (band_triads, columns) = triads_and_columns(&self.digits);
        let mut packed = [0u64; SIDE];
        for ((slot, triads), cols) in packed.iter_mut().zip(&band_triads).zip(&columns) {
            let mut word = u64::from(triads[0]) | u64::from(triads[1]) << 9 | u64::from(triads[2]) << 18;
            if deduce {
                for stack in 0..3 {
                    word |= (stack_triads(cols, stack) as u64) << (27 + 9 * stack);
                }
            }
            *slot = word;
        }
        let (full, exact) = triad_counts::<UNITS>(&packed, deduce)?;
        let mut best = None;
        let mut best_total = u32::MAX;
        for unit in 0..UNITS {
            let shift = 9 * unit;
            let (full, exact) = ((full >> shift) as usize & 0x1FF, (exact >> shift) as usize & 0x1FF);
            if deduce && full | exact != 0 {
                let all = packed.map(|word| (word >> shift) as usize & 0x1FF);
                let dirty = if unit < 3 {
                    self.deduce_in_band(unit, &all, full, exact)?
                } else {
                    self.deduce_in_stack(unit - 3, &all, full, exact)?
                };
                if dirty != 0 {
                    return Ok((None, dirty));
                }
            }
            fewest_configurations(&packed, unit, &mut best, &mut best_total);
        }
        Ok((best.map(|(unit, digit, triads)| (unit, digit, CONFIGURATIONS_LEFT[triads & 0x1FF])), 0))
    }

    /// The deductions of [`Candidates::configuration_guess_or_deduce`] in one band: every
    /// undecided digit keeps the configurations [`kept_triads`] allows. Returns the masks
    /// changed.
    #[inline(always)]
    fn deduce_in_band(&mut self, band: usize, all: &[usize; SIDE], full: usize, exact: usize) -> Result<Dirty, Contradiction> {
        let mut dirty = 0;
        for (d, (bands, &triads)) in self.digits.iter_mut().zip(all).enumerate() {
            if CONFIGURATION_COUNT[triads & 0x1FF] < 2 {
                continue;
            }
            let keep = kept_triads(triads, full, exact)?;
            let mask = bands[band];
            let kept = mask & TRIAD_CELLS[keep & 0x1FF];
            if kept != mask {
                bands[band] = kept;
                dirty |= 1 << (3 * d + band);
            }
        }
        Ok(dirty)
    }

    /// The same deductions in one stack, on its column triads (see [`stack_triads`]).
    #[inline(always)]
    fn deduce_in_stack(&mut self, stack: usize, all: &[usize; SIDE], full: usize, exact: usize) -> Result<Dirty, Contradiction> {
        let mut dirty = 0;
        let shift = 3 * stack;
        let outside = 0x1FF & !(7 << shift);
        for (d, (bands, &triads)) in self.digits.iter_mut().zip(all).enumerate() {
            if CONFIGURATION_COUNT[triads & 0x1FF] < 2 {
                continue;
            }
            let keep = kept_triads(triads, full, exact)? as u32;
            for (b, mask) in bands.iter_mut().enumerate() {
                let kept = *mask & columns(outside | ((keep >> (3 * b)) & 7) << shift);
                if kept != *mask {
                    *mask = kept;
                    dirty |= 1 << (3 * d + b);
                }
            }
        }
        Ok(dirty)
    }

    /// Restricts `digit` in `unit` (band 0-2, stack 3-5) to configuration `k` of
    /// [`CONFIGURATIONS`] (in a stack, bit `3 * band + column`: see [`stack_triads`]), then
    /// settles.
    #[inline(always)]
    pub fn configure_and_settle(&mut self, digit: usize, unit: usize, k: usize) -> Result<(), Contradiction> {
        let matrix = u32::from(*CONFIGURATIONS.get(k).ok_or(Contradiction)?);
        let bands = self.digits.get_mut(digit).ok_or(Contradiction)?;
        if let Some(mask) = bands.get_mut(unit) {
            *mask &= TRIAD_CELLS[matrix as usize & 0x1FF];
            return self.settle(1 << (3 * digit + unit));
        }
        let shift = 3 * unit.checked_sub(3).filter(|&stack| stack < 3).ok_or(Contradiction)?;
        let outside = 0x1FF & !(7 << shift);
        for (b, mask) in bands.iter_mut().enumerate() {
            *mask &= columns(outside | ((matrix >> (3 * b)) & 7) << shift);
        }
        self.settle(7 << (3 * digit))
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
        Grid::from_values(cells).unwrap_or(Grid::EMPTY)
    }
}

/// The triads (bit `3 * row + box`) in which a band mask has a cell.
#[inline(always)]
fn triads(m: u32) -> usize {
    usize::from(ROW_TRIADS[(m & 0x1FF) as usize])
        | usize::from(ROW_TRIADS[((m >> 9) & 0x1FF) as usize]) << 3
        | usize::from(ROW_TRIADS[((m >> 18) & 0x1FF) as usize]) << 6 & 0x1FF
}

/// The triads of each of the 27 masks (see [`triads`]) and their occupied columns.
#[inline(always)]
fn triads_and_columns(digits: &[[u32; 3]; SIDE]) -> ([[u32; 3]; SIDE], [[u32; 3]; SIDE]) {
    let mut triads = [[0u32; 3]; SIDE];
    let mut cols = [[0u32; 3]; SIDE];
    let flat = triads.as_flattened_mut().iter_mut().zip(cols.as_flattened_mut());
    for (&m, (t, c)) in digits.as_flattened().iter().zip(flat) {
        *t = spread_triads(m);
        *c = occupied_columns(m);
    }
    (triads, cols)
}

/// [`triads`] without tables, so that it vectorizes: a triad's three cells are folded onto
/// its first (bit `3 * (3 * row + box)`), and those nine bits are packed down in three steps.
#[inline(always)]
fn spread_triads(m: u32) -> u32 {
    let x = (m | m >> 1 | m >> 2) & 0o111_111_111;
    // Pairs: triads 2j and 2j + 1 at bits 6j and 6j + 1.
    let x = (x | x >> 2) & 0x10C_30C3;
    // Fours: triads 0-3 at bits 0-3, 4-7 at bits 12-15, triad 8 at bit 24.
    let x = (x | x >> 4) & 0x100_F00F;
    let x = x | x >> 8;
    (x & 0xFF) | (x >> 8 & 0x100)
}

/// The column triads of one digit in a stack (bit `3 * band + column`, column 0-2 within the
/// stack), from its occupied columns in each band: the same 3x3 permutation structure as a
/// band's triads, read down the columns.
#[inline(always)]
fn stack_triads(columns: &[u32; 3], stack: usize) -> usize {
    let shift = 3 * stack;
    let column = |cols: u32| (cols >> shift) as usize & 7;
    column(columns[0]) | column(columns[1]) << 3 | column(columns[2]) << 6
}

/// Keeps in `best` the unit (band 0-2, stack 3-5) with the fewest configurations left over its
/// undecided digits (`packed`: each digit's triads in every unit, nine bits a unit), with its
/// first digit with the fewest and that digit's triads; earlier units win ties.
#[inline(always)]
fn fewest_configurations(packed: &[u64; SIDE], unit: usize, best: &mut Option<(usize, usize, usize)>, best_total: &mut u32) {
    let shift = 9 * unit;
    let mut total = 0;
    // The undecided digit with the fewest configurations, the first on ties: the least of
    // `count << 4 | digit`, without branches (which digits are undecided is unpredictable).
    let mut pick = u32::MAX;
    for (digit, &word) in (0u32..).zip(packed) {
        let both = u32::from(OPEN_CONFIGURATIONS[(word >> shift) as usize & 0x1FF]);
        total += both & 0xFF;
        pick = pick.min((both >> 8) << 4 | digit);
    }
    // A key of 15 << 4 or more is a decided digit's.
    if pick < 15 << 4 && total < *best_total {
        let digit = (pick & 15) as usize;
        *best_total = total;
        *best = Some((unit, digit, packed.get(digit).map_or(0, |&word| (word >> shift) as usize & 0x1FF)));
    }
}

/// Bit-sliced counters across digits over the nine triads of each of `UNITS` bands or stacks
/// (each digit's triads in `all`, nine bits a unit): a triad holds three digits, so fewer
/// than three that can take it, or more than three that must, is a contradiction. Returns the
/// triads three digits must take (`full`, closed to the others) and those only three can take
/// (`exact`, taken by each of them), nine bits a unit.
///
/// With `core`, a digit must take the triads every configuration it has left takes; without,
/// only a digit with one configuration left counts, as `solve` and `random_solution` always
/// did: a check that finds a dead branch sooner would change the random search's draws.
#[inline(always)]
fn triad_counts<const UNITS: usize>(all: &[u64; SIDE], core: bool) -> Result<(u64, u64), Contradiction> {
    let (mut can1, mut can2, mut can3, mut can4) = (0, 0, 0, 0);
    let (mut must1, mut must2, mut must3, mut must4) = (0, 0, 0, 0);
    let mut loose = 0;
    for &triads in all {
        can4 |= can3 & triads;
        can3 |= can2 & triads;
        can2 |= can1 & triads;
        can1 |= triads;
        let mut must = 0;
        for unit in 0..UNITS {
            let unit_triads = (triads >> (9 * unit)) as usize & 0x1FF;
            let unit_must = if core {
                usize::from(CONFIGURATION_CORE[unit_triads])
            } else if CONFIGURATION_COUNT[unit_triads] == 1 {
                unit_triads
            } else {
                0
            };
            must |= (unit_must as u64) << (9 * unit);
        }
        must4 |= must3 & must;
        must3 |= must2 & must;
        must2 |= must1 & must;
        must1 |= must;
        loose |= triads & !must;
    }
    let every = (1u64 << (9 * UNITS)) - 1;
    if can3 != every || must4 != 0 {
        return Err(Contradiction);
    }
    // Only a triad some digit can take without having to is news: on a settled board, each
    // triad returned changes a mask.
    Ok((must3 & loose, can3 & !can4 & loose))
}

/// The triads of a digit's configurations left (`triads`) that avoid the `full` triads it
/// need not take itself and go through every `exact` triad it can take.
#[inline(always)]
fn kept_triads(triads: usize, full: usize, exact: usize) -> Result<usize, Contradiction> {
    let through = triads & exact;
    let closed = full & !usize::from(CONFIGURATION_CORE[triads & 0x1FF]);
    let mut keep = 0;
    let mut options = CONFIGURATIONS_LEFT[triads & 0x1FF];
    while options != 0 {
        let k = options.trailing_zeros() as usize;
        options &= options - 1;
        let matrix = usize::from(CONFIGURATIONS[k]);
        if matrix & through == through && matrix & closed == 0 {
            keep |= matrix;
        }
    }
    if keep == 0 {
        return Err(Contradiction);
    }
    Ok(keep & 0x1FF)
}

/// Settles one digit's three band masks, alone, to a fixpoint.
///
/// In each band the digit takes one triad per row and per box, a permutation matrix; triads in
/// no such matrix go ([`PERMUTATIONS`]). In each stack the same holds for columns and boxes.
/// Between them these give hidden singles in rows, columns and boxes, pointing and claiming.
#[inline(always)]
fn settle_digit(bands: &mut [u32; 3]) -> Result<(), Contradiction> {
    // Both steps are idempotent: once one changes nothing after the other, the digit is
    // settled.
    let mut first = true;
    loop {
        // Every band, though only those changed can change: which those are is data the
        // branch predictor cannot learn, and a band left alone is settled (a placement has a
        // triad in each row), so redoing it is a no-op.
        let mut changed = false;
        let mut dead = false;
        for mask in bands.iter_mut() {
            let m = *mask;
            let allowed = PERMUTATION_CELLS[triads(m) & 0x1FF];
            dead |= allowed == 0;
            let kept = m & allowed;
            changed |= kept != m;
            *mask = kept;
        }
        if dead {
            return Err(Contradiction);
        }
        if !changed && !first {
            return Ok(());
        }
        first = false;
        // The digit's occupied columns, band by band, as one band-shaped mask (bit
        // `9 * band + column`): each stack's column triads are three bits of each band.
        let [c0, c1, c2] = bands.map(occupied_columns);
        let cols = c0 | c1 << 9 | c2 << 18;
        let mut keep = 0;
        for shift in [0, 3, 6] {
            let t = cols >> shift & 0o007_007_007;
            let allowed = PERMUTATION_COLUMNS[((t | t >> 6 | t >> 12) & 0x1FF) as usize];
            dead |= allowed == 0;
            keep |= allowed << shift;
        }
        if dead {
            return Err(Contradiction);
        }
        let mut cut = false;
        for (b, mask) in bands.iter_mut().enumerate() {
            let kept = *mask & columns(keep >> (9 * b) & 0x1FF);
            cut |= kept != *mask;
            *mask = kept;
        }
        if !cut {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_triads_agree_with_the_table_on_every_row() {
        // Triads are found row by row: every value of each row, beside varied other rows.
        for a in 0..512u32 {
            for b in 0..512u32 {
                let c = (a * 7 + b * 13) & 0x1FF;
                for m in [a | b << 9 | c << 18, c | a << 9 | b << 18, b | c << 9 | a << 18] {
                    assert_eq!(spread_triads(m) as usize, triads(m), "{m:#o}");
                }
            }
        }
    }
}
