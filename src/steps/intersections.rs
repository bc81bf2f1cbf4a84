//! Locked candidates: pointing (a digit's places in a box lie on one line, so the rest of the
//! line loses it) and claiming (a digit's places on a line lie in one box, so the rest of the
//! box loses it).

use super::bits::pop9;
use super::geometry::{first, UNITS_OF, UNIT_CELLS, UNIT_MEMBERS};
use super::pencil::{Pencil, ALL_DIGITS};
use super::step::Step;
use super::table::Technique;

/// The digits with two places or more in `inside`, all within one of its thirds (a box's
/// rows or columns; a line's boxes): every digit that can lock there, found for the nine
/// digits at once from the unit's nine marks, so that the others are not looked at one by one.
fn aligned_digits(p: &Pencil, inside: usize) -> u16 {
    let Some(members) = UNIT_MEMBERS.get(inside) else { return 0 };
    let mut m = [0u16; 9];
    let (mut once, mut twice) = (0u16, 0u16);
    for (mask, &cell) in m.iter_mut().zip(members) {
        *mask = p.mask(usize::from(cell));
        twice |= once & *mask;
        once |= *mask;
    }
    let alone = |a: [u16; 3]| a[0] & !(a[1] | a[2]) | a[1] & !(a[0] | a[2]) | a[2] & !(a[0] | a[1]);
    // Members run in reading order: threes in a row are a box's rows, or a line's boxes.
    let mut aligned = alone([m[0] | m[1] | m[2], m[3] | m[4] | m[5], m[6] | m[7] | m[8]]);
    if inside >= 18 {
        aligned |= alone([m[0] | m[3] | m[6], m[1] | m[4] | m[7], m[2] | m[5] | m[8]]);
    }
    aligned & twice
}

fn locked(p: &Pencil, technique: Technique, units: std::ops::Range<usize>, skip: u16) -> Option<Step> {
    let searched = !skip & ALL_DIGITS;
    // With a few digits left to search (the rest known from the path's memo), looking at them
    // one by one is cheaper than reading the unit's nine marks; the digits found are the same.
    let filter = pop9(searched) > 3;
    for inside in units {
        let mut todo = if filter { aligned_digits(p, inside) & searched } else { searched };
        while todo != 0 {
            let d = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let places = p.cells_of(d) & UNIT_CELLS[inside];
            // Fewer than two places: at most one bit.
            if places & places.wrapping_sub(1) == 0 {
                continue;
            }
            // A unit crossing `inside` that holds every place holds the first one: for a box,
            // its row or its column (rows before columns, as they cross the box); for a line,
            // its box. Two places or more lie in at most one of them.
            let [row, col, bx] = UNITS_OF[first(places)];
            let (crossing, count) = if inside >= 18 { ([row, col], 2) } else { ([bx, bx], 1) };
            for &other in crossing.iter().take(count) {
                let other = usize::from(other);
                if places & !UNIT_CELLS[other] != 0 {
                    continue;
                }
                let targets = p.cells_of(d) & UNIT_CELLS[other] & !UNIT_CELLS[inside];
                if targets != 0 {
                    return Some(
                        Step::new(technique)
                            .with_cells(places)
                            .with_digits(1 << d)
                            .with_units(&[inside, other])
                            .eliminating(d, targets)
                            .finish(),
                    );
                }
            }
        }
    }
    None
}

/// Pointing on the digits not in `skip` (a mask of digit indexes).
pub fn pointing(p: &Pencil, skip: u16) -> Option<Step> {
    locked(p, Technique::Pointing, 18..27, skip)
}

/// Claiming on the digits not in `skip`.
pub fn claiming(p: &Pencil, skip: u16) -> Option<Step> {
    locked(p, Technique::Claiming, 0..18, skip)
}

#[cfg(test)]
mod tests {
    use super::super::testing::pencil_with;
    use super::*;

    #[test]
    fn aligned_digits_are_those_with_two_places_in_one_crossing_unit() {
        let mut rng = crate::rng::Rng::new(3);
        for _ in 0..300 {
            let mut marks = [0u16; 81];
            for mask in marks.iter_mut() {
                *mask = rng.below(512) as u16 & rng.below(512) as u16 & rng.below(512) as u16;
            }
            let p = pencil_with(&marks);
            for inside in 0..27 {
                let slow = (0..9).fold(0u16, |m, d| {
                    let places = p.cells_of(d) & UNIT_CELLS[inside];
                    let crossing =
                        (0..27).filter(|&u| u != inside).any(|u| places & !UNIT_CELLS[u] == 0 && (u >= 18) != (inside >= 18));
                    m | u16::from(places.count_ones() >= 2 && crossing) << d
                });
                assert_eq!(aligned_digits(&p, inside), slow, "unit {inside}");
            }
        }
    }

    #[test]
    fn pointing_clears_the_rest_of_the_line() {
        let mut marks = [0x1ffu16; 81];
        // 4 in box 1 only on row 1 (r1c1, r1c2).
        for cell in [2usize, 9, 10, 11, 18, 19, 20] {
            marks[cell] &= !(1 << 3);
        }
        let step = pointing(&pencil_with(&marks), 0).expect("4 points along row 1");
        assert_eq!(step.eliminations, (3..9).map(|c| (c as u8, 4)).collect::<Vec<_>>());
        assert_eq!(
            step.describe(),
            "Pointing: in box 1, 4 lies only in row 1, so remove 4 from r1c4, r1c5, r1c6, r1c7, r1c8, r1c9"
        );
    }

    #[test]
    fn claiming_clears_the_rest_of_the_box() {
        let mut marks = [0x1ffu16; 81];
        // Box 1 loses 4 everywhere but rows 1, so no pointing; row 1 holds 4 only in box 1.
        for cell in 3..9usize {
            marks[cell] &= !(1 << 3);
        }
        let step = claiming(&pencil_with(&marks), 0).expect("row 1 claims 4 for box 1");
        assert_eq!(step.units, vec![0, 18]);
        assert_eq!(step.eliminations, [9u8, 10, 11, 18, 19, 20].iter().map(|&c| (c, 4)).collect::<Vec<_>>());
    }
}
