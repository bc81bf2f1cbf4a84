//! What a path already knows: for each technique that looks at one digit at a time, the
//! digit's candidate cells at which it last found nothing; for each that looks at one unit at
//! a time (the subsets), the unit's candidates at which it last found nothing. A digit or unit
//! unchanged since is skipped, and the path stays the same.
//!
//! Why: each of these techniques tries the digits (or units) in a fixed order, whatever else
//! its loops do, and what it finds on digit `d` depends only on `d`'s candidate cells (in
//! unit `u`, only on the candidates of `u`'s cells). So a digit or unit that gave nothing
//! gives nothing again on the same candidates, and skipping it leaves the first finding, the
//! one returned, unchanged. Only a search that found nothing at all is recorded, so every
//! digit or unit recorded was searched in full.

use super::geometry::{Cells, UNIT_MEMBERS};
use super::pencil::{Pencil, ALL_DIGITS};
use super::table::Technique;

/// What a technique need not search: digit indexes (bit `d`) and units (bit `u`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skip {
    pub digits: u16,
    pub units: u32,
}

const ALL_UNITS: u32 = (1 << 27) - 1;

impl Skip {
    pub const NONE: Skip = Skip { digits: 0, units: 0 };

    /// True when nothing is left to search.
    pub fn all(self) -> bool {
        self.digits == ALL_DIGITS || self.units == ALL_UNITS
    }
}

/// A technique's memo slot: what it finds comes digit by digit, or unit by unit.
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
        _ => return None,
    })
}

const DIGIT_SLOTS: usize = 12;
const UNIT_SLOTS: usize = 6;
/// No digit has these candidate cells, and no unit these candidates (bits past the 81st):
/// never recorded.
const UNSEEN: u128 = u128::MAX;

/// For each digit-by-digit technique, the candidate cells of each digit where it found
/// nothing; for each unit-by-unit one, the candidates of each unit where it found nothing.
#[derive(Clone, Debug)]
pub struct Memo {
    digits: [[Cells; 9]; DIGIT_SLOTS],
    units: [[u128; 27]; UNIT_SLOTS],
    /// The candidates of each unit on the board being searched, made when first needed.
    current: Option<[u128; 27]>,
}

impl Default for Memo {
    fn default() -> Memo {
        Memo { digits: [[UNSEEN; 9]; DIGIT_SLOTS], units: [[UNSEEN; 27]; UNIT_SLOTS], current: None }
    }
}

/// A unit's candidates: its nine cells' masks, nine bits each.
fn unit_candidates(p: &Pencil) -> [u128; 27] {
    let mut keys = [0u128; 27];
    for (key, cells) in keys.iter_mut().zip(&UNIT_MEMBERS) {
        *key = cells.iter().enumerate().fold(0, |k, (i, &cell)| k | u128::from(p.mask(usize::from(cell))) << (9 * i));
    }
    keys
}

impl Memo {
    /// Starts the search of a new board.
    pub fn start(&mut self) {
        self.current = None;
    }

    fn current(&mut self, p: &Pencil) -> [u128; 27] {
        *self.current.get_or_insert_with(|| unit_candidates(p))
    }

    /// What `technique` need not search on `p` (the board [`Memo::start`] was given).
    pub fn skip(&mut self, technique: Technique, p: &Pencil) -> Skip {
        match slot(technique) {
            Some(Slot::Digit(s)) => {
                let Some(known) = self.digits.get(s) else { return Skip::NONE };
                let digits = known.iter().enumerate().fold(0, |mask, (d, &cells)| mask | u16::from(cells == p.cells_of(d)) << d);
                Skip { digits, units: 0 }
            }
            Some(Slot::Unit(s)) => {
                let now = self.current(p);
                let Some(known) = self.units.get(s) else { return Skip::NONE };
                let units = known.iter().zip(&now).enumerate().fold(0, |mask, (u, (a, b))| mask | u32::from(a == b) << u);
                Skip { digits: 0, units }
            }
            None => Skip::NONE,
        }
    }

    /// Records that `technique` found nothing on `p` (searching everything it did not skip).
    pub fn found_nothing(&mut self, technique: Technique, p: &Pencil) {
        match slot(technique) {
            Some(Slot::Digit(s)) => {
                if let Some(known) = self.digits.get_mut(s) {
                    for (d, cells) in known.iter_mut().enumerate() {
                        *cells = p.cells_of(d);
                    }
                }
            }
            Some(Slot::Unit(s)) => {
                let now = self.current(p);
                if let Some(known) = self.units.get_mut(s) {
                    *known = now;
                }
            }
            None => {}
        }
    }
}
