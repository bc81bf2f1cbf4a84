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
//!
//! Some techniques that look at the whole board (wings, unique rectangles, XY-chains) are
//! remembered otherwise: where they found nothing stays nothing until a step makes a cell
//! bivalue (or of three candidates, or a digit's places in a unit two), see [`Shape`].

use super::bits::{pop9, two};
use super::chains::Buffers;
use super::geometry::{members, units_meeting, Cells, ALL_UNITS, PEERS, UNIT_CELLS};
use super::pencil::{Pencil, ALL_DIGITS};
use super::step::Step;
use super::subset_free::subset_free;
use super::table::{Technique, Techniques};
use crate::bounds::Known;

/// What a technique need not search: digit indexes (bit `d`) and units (bit `u`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skip {
    pub digits: u16,
    pub units: u32,
}

const BOXES: u32 = ALL_UNITS & !((1 << 18) - 1);

impl Skip {
    pub const NONE: Skip = Skip { digits: 0, units: 0 };
    /// Nothing to search.
    pub const ALL: Skip = Skip { digits: ALL_DIGITS, units: ALL_UNITS };

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

/// What must stay as it was for a whole-board technique's "nothing found" to last: no cell
/// newly of two candidates (`BIVALUE`), of three (`TRIVALUE`), no digit newly with two places
/// in a unit (`PAIR`). Why: a path only removes candidates, and each of these techniques
/// finds a pattern of such cells and pairs whose eliminations are candidates of the board;
/// with no new such cell or pair, each pattern on the later board was one on the earlier
/// board with the same cells, digits and links, and its eliminations there were a superset,
/// so it would have been found there. (An XY-chain's weak links join bivalue cells, so its
/// searches only lose nodes; a state they reach at depth 4 or more was reached no later on
/// the earlier board, and one reached earlier than depth 4 by a strong link is the start's
/// own cell, which removes nothing.)
struct Shape;

impl Shape {
    const BIVALUE: u8 = 1;
    const TRIVALUE: u8 = 2;
    const PAIR: u8 = 4;

    /// Each change, with the techniques it can give a finding where they had none.
    const STALE: [(u8, Techniques); 3] = {
        use Technique::*;
        [
            (
                Shape::BIVALUE,
                XyWing.bit() | XyzWing.bit() | WWing.bit() | UniqueRectangle1.bit() | UniqueRectangle2.bit() | XyChain.bit(),
            ),
            (Shape::TRIVALUE, XyzWing.bit() | UniqueRectangle2.bit()),
            (Shape::PAIR, WWing.bit()),
        ]
    };
    /// The techniques remembered this way.
    const TECHNIQUES: Techniques = Shape::STALE[0].1 | Shape::STALE[1].1 | Shape::STALE[2].1;

    /// The changes from `before` to `after` (the same board with fewer candidates), of those
    /// in `asked`.
    fn changes(before: &[Cells; 9], after: &Pencil, asked: u8) -> u8 {
        let mut changed: Cells = 0;
        for d in 0..9 {
            changed |= before[d] ^ after.cells_of(d);
        }
        let mut found = 0;
        for cell in members(changed & after.empty()) {
            found |= match pop9(after.mask(cell)) {
                2 => Shape::BIVALUE,
                3 => Shape::TRIVALUE,
                _ => 0,
            };
        }
        if asked & Shape::PAIR != 0 {
            for d in 0..9 {
                let lost = before[d] ^ after.cells_of(d);
                if lost == 0 {
                    continue;
                }
                let units = units_meeting(lost);
                if (0..27).any(|u| units >> u & 1 == 1 && two(after.cells_of(d) & UNIT_CELLS[u])) {
                    found |= Shape::PAIR;
                    break;
                }
            }
        }
        found & asked
    }
}

const DIGIT_SLOTS: usize = 12;
const UNIT_SLOTS: usize = 7;
/// The unit slots below this are the subset techniques': they also skip the units where no
/// subset of any size removes anything (see [`subset_free`]).
const SUBSET_SLOTS: usize = 6;
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

/// For each digit-by-digit technique, the candidate cells of each digit where it found
/// nothing; for each unit-by-unit one, the units where it found nothing since they changed.
pub struct Memo {
    digits: [[Cells; 9]; DIGIT_SLOTS],
    units: [u32; UNIT_SLOTS],
    /// The whole-board techniques (their bits) that found nothing since the last change
    /// [`Shape`] says could give them something.
    board: Techniques,
    /// Each digit's cells before the step being applied, kept only while `board` is not
    /// empty.
    before: [Cells; 9],
    /// The cells whose candidates changed since `units` last forgot their units: found at
    /// the next look at `units` rather than at every step, since a step found by a full
    /// house never looks.
    dirty: Cells,
    /// The units tested by [`subset_free`] since they last changed, and those it found free:
    /// the six subset techniques test each unit at most once a change.
    tested: u32,
    free: u32,
    /// Not knowledge but room: the chains' buffers, kept for the whole path.
    pub buffers: Buffers,
}

impl Default for Memo {
    fn default() -> Memo {
        Memo::with_buffers(Buffers::default())
    }
}

impl Memo {
    /// Knowing nothing yet, with the chains' buffers given.
    pub fn with_buffers(buffers: Buffers) -> Memo {
        Memo {
            digits: [[UNSEEN; 9]; DIGIT_SLOTS],
            units: [0; UNIT_SLOTS],
            board: 0,
            before: [0; 9],
            dirty: 0,
            tested: 0,
            free: 0,
            buffers,
        }
    }

    /// What `technique` need not search on `p`.
    pub fn skip(&mut self, technique: Technique, p: &Pencil) -> Skip {
        match slot(technique) {
            Some(Slot::Digit(s)) => {
                let Some(known) = self.digits.get(s) else { return Skip::NONE };
                let digits = known.iter().enumerate().fold(0, |mask, (d, &cells)| mask | u16::from(cells == p.cells_of(d)) << d);
                Skip { digits, units: 0 }
            }
            Some(Slot::Unit(s)) => {
                self.forget_dirty_units();
                let known = self.units.get(s).copied().known();
                if s >= SUBSET_SLOTS {
                    return Skip { digits: 0, units: known };
                }
                self.test_free(p, ALL_UNITS & !known);
                Skip { digits: 0, units: known | self.free }
            }
            None if self.board & technique.bit() != 0 => Skip::ALL,
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
                self.forget_dirty_units();
                let clean = match found {
                    None => ALL_UNITS,
                    Some(step) => step.units.first().map_or(0, |&u| units_before(technique, usize::from(u))),
                };
                if let Some(known) = self.units.get_mut(s) {
                    *known |= clean;
                }
            }
            None if found.is_none() => self.board |= technique.bit() & Shape::TECHNIQUES,
            None => {}
        }
    }

    /// Forgets the whole-board techniques' "nothing found" that the step just applied (the
    /// one [`Memo::applying`] saw) may have made stale; `after` is the board it left.
    pub fn applied(&mut self, after: &Pencil) {
        if self.board == 0 {
            return;
        }
        let asked = Shape::STALE.iter().fold(0, |m, &(change, stale)| if self.board & stale != 0 { m | change } else { m });
        let changes = Shape::changes(&self.before, after, asked);
        for (change, stale) in Shape::STALE {
            if changes & change != 0 {
                self.board &= !stale;
            }
        }
    }

    /// Tests the units of `units` not tested since they changed with [`subset_free`].
    fn test_free(&mut self, p: &Pencil, units: u32) {
        let mut untested = units & !self.tested;
        self.tested |= units;
        while untested != 0 {
            let unit = untested.trailing_zeros() as usize;
            untested &= untested - 1;
            self.free |= u32::from(subset_free(p, unit)) << unit;
        }
    }

    /// Forgets what it knew of the units of the cells changed since it last did.
    fn forget_dirty_units(&mut self) {
        if self.dirty != 0 {
            let changed = units_meeting(self.dirty);
            for known in &mut self.units {
                *known &= !changed;
            }
            self.tested &= !changed;
            self.free &= !changed;
            self.dirty = 0;
        }
    }

    /// Forgets what it knew of the units whose candidates `step` changes on `p` (called
    /// before the step is applied; the units are found when next looked at).
    pub fn applying(&mut self, p: &Pencil, step: &Step) {
        if self.board != 0 {
            self.before = std::array::from_fn(|d| p.cells_of(d));
        }
        let mut cells: Cells = 0;
        for &(cell, _) in &step.eliminations {
            cells |= 1 << (cell % 81);
        }
        for &(cell, digit) in &step.placements {
            let cell = usize::from(cell) % 81;
            cells |= 1 << cell | p.cells_of(usize::from(digit).wrapping_sub(1)) & PEERS[cell];
        }
        self.dirty |= cells;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::steps::testing::pencil_with;

    /// The changes of a board that loses candidates, by their definitions: a cell whose marks
    /// changed and now has two (or three) of them; a digit whose places in a unit changed and
    /// are now two.
    #[test]
    fn shape_changes_are_new_bivalue_and_trivalue_cells_and_new_pairs() {
        let mut rng = Rng::new(23);
        for _ in 0..2000 {
            let marks: [u16; 81] = std::array::from_fn(|_| (0..1 + rng.below(6)).fold(0, |m, _| m | 1 << rng.below(9)));
            let before = pencil_with(&marks);
            let mut after = before;
            for _ in 0..rng.below(4) {
                after.eliminate(rng.below(81) as usize, rng.below(9) as usize);
            }
            let mut slow = 0;
            for cell in 0..81 {
                let (was, now) = (before.mask(cell), after.mask(cell));
                if was != now && now.count_ones() == 2 {
                    slow |= Shape::BIVALUE;
                }
                if was != now && now.count_ones() == 3 {
                    slow |= Shape::TRIVALUE;
                }
            }
            for (d, unit) in (0..9).flat_map(|d| UNIT_CELLS.iter().map(move |u| (d, u))) {
                let (was, now) = (before.cells_of(d) & unit, after.cells_of(d) & unit);
                if was != now && now.count_ones() == 2 {
                    slow |= Shape::PAIR;
                }
            }
            let digits = std::array::from_fn(|d| before.cells_of(d));
            for asked in 0..8 {
                assert_eq!(Shape::changes(&digits, &after, asked), slow & asked);
            }
        }
    }
}
