//! Singles: a full house (the last empty cell of a unit), a hidden single (a digit with one
//! place left in a unit) and a naked single (a cell with one candidate left).

use super::geometry::{first, members, Cells, UNIT_CELLS, UNIT_MEMBERS};
use super::pencil::{Pencil, ALL_DIGITS};
use super::step::Step;
use super::table::Technique;

/// The units a person scans for hidden singles, in order: boxes, then rows, then columns.
/// `todo` has bit `u` for unit `u`; only its set bits are visited.
fn scan_order(todo: u32) -> impl Iterator<Item = usize> {
    let bits = |mut rest: u32, base: usize| {
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let u = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                base + u
            })
        })
    };
    bits(todo >> 18 & 0x1ff, 18).chain(bits(todo & 0x3ffff, 0))
}

/// A single's step: digit index `d` placed in `cell`, seen in `cells` of `unit`. Built in
/// place rather than by the chained `Step::with_*` calls, each of which moves the whole step:
/// a path makes one of these for nearly every cell it fills.
#[inline(always)]
fn single_step(technique: Technique, cell: usize, d: usize, cells: Cells, unit: usize) -> Step {
    let mut step = Step::new(technique);
    step.placements.push((cell as u8, d as u8 + 1));
    step.cells.extend(members(cells).map(|c| c as u8));
    step.digits = 1 << d;
    step.units.push(unit as u8);
    step
}

pub fn full_house(p: &Pencil) -> Option<Step> {
    // Only units missing one digit, in increasing order, as a scan of all 27 would meet them.
    let mut units = p.units_missing_one();
    while units != 0 {
        let unit = units.trailing_zeros() as usize;
        units &= units - 1;
        let missing = ALL_DIGITS & !p.placed_in(unit);
        if missing.count_ones() != 1 {
            continue;
        }
        let open = UNIT_CELLS[unit] & p.empty();
        if open.count_ones() != 1 {
            continue;
        }
        let cell = first(open);
        if p.mask(cell) == missing {
            let d = missing.trailing_zeros() as usize;
            return Some(single_step(Technique::FullHouse, cell, d, open, unit));
        }
    }
    None
}

/// A hidden single in a unit not in `skip` (bit `u` for unit `u`).
pub fn hidden_single(p: &Pencil, skip: u32) -> Option<Step> {
    for unit in scan_order(!skip) {
        // The digits with one place in the unit: in some cell's marks, never in two cells'.
        let (mut once, mut twice) = (0u16, 0u16);
        for &cell in &UNIT_MEMBERS[unit] {
            let mask = p.mask(usize::from(cell));
            twice |= once & mask;
            once |= mask;
        }
        let single = once & !twice;
        if single != 0 {
            // The lowest such digit, as a scan of the digits in order finds first.
            let d = single.trailing_zeros() as usize;
            let places = p.cells_of(d) & UNIT_CELLS[unit];
            let cell = first(places);
            return Some(single_step(Technique::HiddenSingle, cell, d, places, unit));
        }
    }
    None
}

pub fn naked_single(p: &Pencil) -> Option<Step> {
    // The lowest is the first in reading order.
    let single = p.single_candidate_cells();
    (single != 0).then(|| {
        let cell = first(single);
        let mask = p.mask(cell);
        Step::new(Technique::NakedSingle).placing(cell, mask.trailing_zeros() as usize).with_cells(1 << cell).with_digits(mask)
    })
}

#[cfg(test)]
mod tests {
    use super::super::testing::{pencil_from, pencil_with};
    use super::*;

    #[test]
    fn scan_order_is_boxes_then_rows_then_columns_less_the_skipped() {
        let all: Vec<usize> = (18..27).chain(0..18).collect();
        assert_eq!(scan_order(u32::MAX).collect::<Vec<_>>(), all);
        for todo in [0u32, 1, 1 << 26, 0x155_5555, 0x2aa_aaaa, 0x7ff_ffff] {
            let kept: Vec<usize> = all.iter().copied().filter(|u| todo >> u & 1 == 1).collect();
            assert_eq!(scan_order(todo).collect::<Vec<_>>(), kept, "{todo:x}");
        }
    }

    #[test]
    fn full_house_fills_the_last_cell_of_a_row() {
        let p = pencil_from("12345678.........................................................................");
        let step = full_house(&p).expect("row 1 has one empty cell");
        assert_eq!(step.placements, vec![(8, 9)]);
        assert_eq!(step.describe(), "Full House: r1c9 is the last empty cell in row 1, so r1c9 is 9");
    }

    #[test]
    fn hidden_single_finds_the_one_place_in_a_box() {
        let mut marks = [0x1ffu16; 81];
        for cell in [0usize, 1, 2, 10, 11, 18, 19, 20] {
            marks[cell] &= !(1 << 4);
        }
        let step = hidden_single(&pencil_with(&marks), 0).expect("5 has one place in box 1");
        assert_eq!(step.placements, vec![(9, 5)]);
        assert_eq!(step.describe(), "Hidden Single: 5 can only go in r2c1 within box 1");
    }

    #[test]
    fn naked_single_finds_a_cell_with_one_candidate() {
        let mut marks = [0x1ffu16; 81];
        marks[40] = 1 << 6;
        let p = pencil_with(&marks);
        let step = naked_single(&p).expect("r5c5 has one candidate");
        assert_eq!(step.placements, vec![(40, 7)]);
        assert_eq!(step.describe(), "Naked Single: r5c5 can only be 7");
    }
}
