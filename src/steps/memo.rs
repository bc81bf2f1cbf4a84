//! What a path already knows: for each technique that looks at one digit at a time, the
//! digit's candidate cells at which it last found nothing; for each that looks at one unit at
//! a time (hidden singles, subsets), the units where it has found nothing since their
//! candidates last changed. Such a digit or unit is skipped, and the path stays the same.
//!
//! Why: each of these techniques tries the digits (or units) in a fixed order, whatever else
//! its loops do, and what it finds on digit `d` depends only on `d`'s candidate cells (in
//! unit `u`, only on the candidates of `u`'s cells). So a digit or unit that gave nothing
//! gives nothing again on the same candidates, and skipping it leaves the first finding, the
//! one returned, unchanged. A digit is recorded only after a search that found nothing at
//! all; a unit also when it comes before the unit of the finding in the technique's order.

use super::chains::Buffers;
use super::geometry::{Cells, PEERS};
use super::pencil::{Pencil, ALL_DIGITS};
use super::step::Step;
use super::table::Technique;

/// What a technique need not search: digit indexes (bit `d`) and units (bit `u`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skip {
    pub digits: u16,
    pub units: u32,
}

const ALL_UNITS: u32 = (1 << 27) - 1;
const BOXES: u32 = ALL_UNITS & !((1 << 18) - 1);

impl Skip {
    pub const NONE: Skip = Skip { digits: 0, units: 0 };

    /// True when nothing is left to search.
    pub fn all(self) -> bool {
        self.digits == ALL_DIGITS || self.units == ALL_UNITS
    }
}

/// A technique's memo slot: what it finds comes digit by digit, or unit by unit (in the
/// order of unit numbers, or boxes first for hidden singles).
enum Slot {
    Digit(usize),
    Unit(usize),
}

fn slot(technique: Technique) -> Option<Slot> {
    use Technique::*;
    Some(match technique {
        Pointing => Slot::Digit(0),
        Claiming => Slot::Digit(1),
        XWing => Slot::Digit(2),
        Swordfish => Slot::Digit(3),
        Jellyfish => Slot::Digit(4),
        FinnedXWing => Slot::Digit(5),
        FinnedSwordfish => Slot::Digit(6),
        Skyscraper => Slot::Digit(7),
        TwoStringKite => Slot::Digit(8),
        EmptyRectangle => Slot::Digit(9),
        SimpleColouring => Slot::Digit(10),
        XChain => Slot::Digit(11),
        NakedPair => Slot::Unit(0),
        HiddenPair => Slot::Unit(1),
        NakedTriple => Slot::Unit(2),
        HiddenTriple => Slot::Unit(3),
        NakedQuad => Slot::Unit(4),
        HiddenQuad => Slot::Unit(5),
        HiddenSingle => Slot::Unit(6),
        _ => return None,
    })
}

const DIGIT_SLOTS: usize = 12;
const UNIT_SLOTS: usize = 7;
/// No digit has these candidate cells (bits past the 81st): never recorded.
const UNSEEN: Cells = Cells::MAX;

/// True when a technique's outer loop is over digits, so its finding's digit (the lowest of
/// its pattern's) comes after every digit it searched in full; locked candidates go unit by
/// unit.
fn digit_first(technique: Technique) -> bool {
    !matches!(technique, Technique::Pointing | Technique::Claiming)
}

/// The units a technique searches before `unit`.
fn units_before(technique: Technique, unit: usize) -> u32 {
    let below = (1u32 << unit.min(27)) - 1;
    match technique {
        // Boxes, then rows, then columns.
        Technique::HiddenSingle if unit >= 18 => below & BOXES,
        Technique::HiddenSingle => below | BOXES,
        _ => below,
    }
}

/// The units (bit `u`) holding some of `cells`: a path calls this for every step, so it
/// reads the board a row (nine bits) at a time rather than cell by cell.
fn units_meeting(cells: Cells) -> u32 {
    let (mut rows, mut cols, mut boxes) = (0u32, 0u16, 0u32);
    for band in 0..3 {
        let mut band_cols = 0u16;
        for r in 0..3 {
            let row = (cells >> (27 * band + 9 * r)) as u16 & 0x1ff;
            rows |= u32::from(row != 0) << (3 * band + r);
            band_cols |= row;
        }
        cols |= band_cols;
        for stack in 0..3 {
            boxes |= u32::from(band_cols >> (3 * stack) & 7 != 0) << (3 * band + stack);
        }
    }
    rows | u32::from(cols) << 9 | boxes << 18
}

/// For each digit-by-digit technique, the candidate cells of each digit where it found
/// nothing; for each unit-by-unit one, the units where it found nothing since they changed.
pub struct Memo {
    digits: [[Cells; 9]; DIGIT_SLOTS],
    units: [u32; UNIT_SLOTS],
    /// Not knowledge but room: the chains' buffers, kept for the whole path.
    pub buffers: Buffers,
}

impl Default for Memo {
    fn default() -> Memo {
        Memo { digits: [[UNSEEN; 9]; DIGIT_SLOTS], units: [0; UNIT_SLOTS], buffers: Buffers::default() }
    }
}

impl Memo {
    /// What `technique` need not search on `p`.
    pub fn skip(&self, technique: Technique, p: &Pencil) -> Skip {
        match slot(technique) {
            Some(Slot::Digit(s)) => {
                let Some(known) = self.digits.get(s) else { return Skip::NONE };
                let digits = known.iter().enumerate().fold(0, |mask, (d, &cells)| mask | u16::from(cells == p.cells_of(d)) << d);
                Skip { digits, units: 0 }
            }
            Some(Slot::Unit(s)) => Skip { digits: 0, units: self.units.get(s).copied().unwrap_or(0) },
            None => Skip::NONE,
        }
    }

    /// Records what `technique` found on `p` (having searched everything it did not skip).
    pub fn record(&mut self, technique: Technique, p: &Pencil, found: Option<&Step>) {
        match slot(technique) {
            Some(Slot::Digit(s)) => {
                // The digits fully searched without a finding: all of them, or (when the
                // digit loop is the outer one) those before the finding's digit.
                let searched = match found {
                    None => 9,
                    Some(step) if digit_first(technique) => step.digits.trailing_zeros() as usize,
                    Some(_) => 0,
                };
                if let Some(known) = self.digits.get_mut(s) {
                    for (d, cells) in known.iter_mut().enumerate().take(searched) {
                        *cells = p.cells_of(d);
                    }
                }
            }
            Some(Slot::Unit(s)) => {
                let clean = match found {
                    None => ALL_UNITS,
                    Some(step) => step.units.first().map_or(0, |&u| units_before(technique, usize::from(u))),
                };
                if let Some(known) = self.units.get_mut(s) {
                    *known |= clean;
                }
            }
            None => {}
        }
    }

    /// Forgets what it knew of the units whose candidates `step` changes on `p` (called
    /// before the step is applied).
    pub fn applying(&mut self, p: &Pencil, step: &Step) {
        let mut cells: Cells = 0;
        for &(cell, _) in &step.eliminations {
            cells |= 1 << (cell % 81);
        }
        for &(cell, digit) in &step.placements {
            let cell = usize::from(cell) % 81;
            cells |= 1 << cell | p.cells_of(usize::from(digit).wrapping_sub(1)) & PEERS[cell];
        }
        let changed = units_meeting(cells);
        for known in &mut self.units {
            *known &= !changed;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::steps::geometry::{members, UNITS_OF};

    #[test]
    fn units_meeting_are_the_units_of_each_cell() {
        let mut rng = Rng::new(17);
        for _ in 0..2000 {
            // Sparse and dense sets of cells.
            let mut cells: Cells = 0;
            for _ in 0..rng.below(12) {
                cells |= 1 << rng.below(81);
            }
            let slow = members(cells).fold(0u32, |m, cell| UNITS_OF[cell].iter().fold(m, |m, &u| m | 1 << u));
            assert_eq!(units_meeting(cells), slow, "{cells:x}");
        }
        assert_eq!(units_meeting((1 << 81) - 1), ALL_UNITS);
    }
}
