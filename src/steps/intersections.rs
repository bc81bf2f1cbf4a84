//! Locked candidates: pointing (a digit's places in a box lie on one line, so the rest of the
//! line loses it) and claiming (a digit's places on a line lie in one box, so the rest of the
//! box loses it).

use super::geometry::{first, UNITS_OF, UNIT_CELLS};
use super::pencil::Pencil;
use super::step::Step;
use super::table::Technique;

fn locked(p: &Pencil, technique: Technique, units: std::ops::Range<usize>, skip: u16) -> Option<Step> {
    for inside in units {
        for d in (0..9).filter(|d| skip >> d & 1 == 0) {
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
    fn pointing_clears_the_rest_of_the_line() {
        let mut marks = [0x1ffu16; 81];
        // 4 in box 1 only on row 1 (r1c1, r1c2).
        for cell in [2usize, 9, 10, 11, 18, 19, 20] {
            marks[cell] &= !(1 << 3);
        }
        let step = pointing(&pencil_with(&marks), 0).expect("4 points along row 1");
        assert_eq!(step.eliminations, (3..9).map(|c| (c as u8, 4)).collect::<Vec<_>>());
        assert_eq!(step.describe(), "Pointing: in box 1, 4 lies only in row 1, so remove 4 from r1c4, r1c5, r1c6, r1c7, r1c8, r1c9");
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
