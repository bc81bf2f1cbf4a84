//! Choosing what to guess, and the triad deductions made on the way: each digit's triads in
//! every band and stack, counted across digits.

use super::{Candidates, ConfigurationGuess, Contradiction, Dirty};
use crate::grid::SIDE;
use crate::solve::kernel::Kernel;
use crate::solve::tables::{
    columns, occupied_columns, CONFIGURATIONS, CONFIGURATIONS_LEFT, CONFIGURATION_CORE, CONFIGURATION_COUNT, OPEN_CONFIGURATIONS,
    TRIAD_CELLS,
};

impl Candidates {
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
    pub fn configuration_guess_or_deduce(
        &mut self,
        kernel: impl Kernel,
        deduce: bool,
    ) -> Result<(ConfigurationGuess, Dirty), Contradiction> {
        if deduce {
            self.guess_or_deduce::<6>(kernel)
        } else {
            self.guess_or_deduce::<3>(kernel)
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
    fn guess_or_deduce<const UNITS: usize>(&mut self, kernel: impl Kernel) -> Result<(ConfigurationGuess, Dirty), Contradiction> {
        let deduce = UNITS > 3;
        // Every mask's triads and columns at once, in one flat branch-free pass the compiler
        // turns into vector code; no mask changes before they are read (a deduction that
        // changes one returns at once).
        let (band_triads, columns) = triads_and_columns(&self.digits);
        let mut packed = [0u64; SIDE];
        for ((slot, triads), cols) in packed.iter_mut().zip(&band_triads).zip(&columns) {
            let mut word = u64::from(triads[0]) | u64::from(triads[1]) << 9 | u64::from(triads[2]) << 18;
            if deduce {
                let cols = cols[0] | cols[1] << 9 | cols[2] << 18;
                for stack in 0..3 {
                    word |= (kernel.stack_triads(cols, stack) as u64) << (27 + 9 * stack);
                }
            }
            *slot = word;
        }
        let (full, exact) = triad_counts::<UNITS>(&packed, deduce)?;
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
        }
        Ok((fewest_configurations::<UNITS>(&packed), 0))
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

    /// The same deductions in one stack, on its column triads (see [`Kernel::stack_triads`]: the same 3x3 permutation structure as a band's triads, read down the columns).
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

/// The unit (band 0-2, stack 3-5) with the fewest configurations left over its undecided
/// digits (`packed`: each digit's triads in every unit, nine bits a unit), earlier units
/// winning ties; its first digit with the fewest, and that digit's configurations left.
/// `None` when no unit has an undecided digit.
#[inline(always)]
fn fewest_configurations<const UNITS: usize>(packed: &[u64; SIDE]) -> ConfigurationGuess {
    // Every unit's sum at once, eight bits a unit (at most 6 for each of nine digits).
    let mut totals = 0u64;
    for &word in packed {
        for unit in 0..UNITS {
            let open = OPEN_CONFIGURATIONS[(word >> (9 * unit)) as usize & 0x1FF] & 0xFF;
            totals += u64::from(open) << (8 * unit);
        }
    }
    // A unit with no undecided digit sums to zero.
    let mut best = None;
    let mut best_total = u64::MAX;
    for unit in 0..UNITS {
        let total = totals >> (8 * unit) & 0xFF;
        if total != 0 && total < best_total {
            best_total = total;
            best = Some(unit);
        }
    }
    let shift = 9 * best?;
    // The undecided digit with the fewest configurations, the first on ties: the least of
    // `count << 4 | digit`, a decided digit's count being 15.
    let mut pick = u32::MAX;
    for (digit, &word) in (0u32..).zip(packed) {
        pick = pick.min(u32::from(OPEN_CONFIGURATIONS[(word >> shift) as usize & 0x1FF] >> 8) << 4 | digit);
    }
    let triads = packed.get((pick & 15) as usize).map_or(0, |&word| (word >> shift) as usize & 0x1FF);
    Some((shift / 9, (pick & 15) as usize, CONFIGURATIONS_LEFT[triads]))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::kernel::Portable;

    #[test]
    fn spread_triads_agree_with_the_table_on_every_row() {
        // Triads are found row by row: every value of each row, beside varied other rows.
        for a in 0..512u32 {
            for b in 0..512u32 {
                let c = (a * 7 + b * 13) & 0x1FF;
                for m in [a | b << 9 | c << 18, c | a << 9 | b << 18, b | c << 9 | a << 18] {
                    assert_eq!(spread_triads(m) as usize, Portable.band_triads(m), "{m:#o}");
                }
            }
        }
    }
}
