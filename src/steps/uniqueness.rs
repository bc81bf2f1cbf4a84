//! Uniqueness techniques, sound only on a board known to have exactly one solution: a deadly
//! pattern (two digits on four empty cells of a rectangle in two boxes) would give two, so it
//! cannot be. Unique rectangle types 1 and 2, and BUG+1.

use super::bits::pop9;
use super::geometry::{digits_of, members, PEERS, UNIT_CELLS};
use super::pencil::Pencil;
use super::step::Step;
use super::table::Technique;

/// Calls `visit` with each rectangle of four empty cells in two rows, two columns and two
/// boxes (corners in reading order) with at least `bivalue` corners of two candidates, until
/// it returns `Some`.
fn rectangles(p: &Pencil, bivalue: usize, visit: &mut impl FnMut([usize; 4]) -> Option<Step>) -> Option<Step> {
    // Each row's empty columns and bivalue columns: only columns empty in both rows are
    // tried, in increasing order, so the rectangles come in the same order as over all.
    let (mut empty, mut two) = ([0u16; 9], [0u16; 9]);
    for cell in members(p.empty()) {
        let (row, col) = (cell / 9, cell % 9);
        empty[row] |= 1 << col;
        if pop9(p.mask(cell)) == 2 {
            two[row] |= 1 << col;
        }
    }
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            let cols = empty[r1] & empty[r2];
            for c1 in digits_of(cols) {
                for c2 in digits_of(cols & !((2u16 << c1) - 1)) {
                    // Two boxes: the rows share a band, or the columns a stack, but not both.
                    if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                        continue;
                    }
                    let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    let pairs = (two[r1] >> c1 & 1) + (two[r1] >> c2 & 1) + (two[r2] >> c1 & 1) + (two[r2] >> c2 & 1);
                    if usize::from(pairs) < bivalue {
                        continue;
                    }
                    if let Some(step) = visit(corners) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// The pairs of digits every corner holds, in order (first digit, then second).
fn common_pairs(p: &Pencil, corners: [usize; 4]) -> impl Iterator<Item = u16> {
    let common = corners.iter().fold(0x1ffu16, |m, &c| m & p.mask(c));
    super::geometry::digits_of(common)
        .flat_map(move |a| super::geometry::digits_of(common & !((2u16 << a) - 1)).map(move |b| 1 << a | 1 << b))
}

/// Type 1: three corners hold only {a, b}; the fourth loses a and b.
pub fn rectangle_type_1(p: &Pencil) -> Option<Step> {
    // Three corners hold only a pair: three of two candidates.
    rectangles(p, 3, &mut |corners| {
        for pair in common_pairs(p, corners) {
            let mut extra = corners.iter().copied().filter(|&c| p.mask(c) != pair);
            if let (Some(fourth), None) = (extra.next(), extra.next()) {
                let mut step = Step::new(Technique::UniqueRectangle1).with_cell_list(&corners.map(|c| c as u8)).with_digits(pair);
                for d in super::geometry::digits_of(pair) {
                    step = step.eliminating(d, 1 << fourth);
                }
                return Some(step.finish());
            }
        }
        None
    })
}

/// Type 2: two corners hold only {a, b}, the other two only {a, b, c}: one of those two is
/// c, so c leaves every cell that sees both.
pub fn rectangle_type_2(p: &Pencil) -> Option<Step> {
    // Two corners hold only a pair.
    rectangles(p, 2, &mut |corners| {
        for pair in common_pairs(p, corners) {
            let mut roof = corners.iter().copied().filter(|&c| p.mask(c) != pair);
            let (Some(x), Some(y), None) = (roof.next(), roof.next(), roof.next()) else { continue };
            let extra = p.mask(x) & !pair;
            if pop9(extra) != 1 || p.mask(y) != pair | extra {
                continue;
            }
            let d = extra.trailing_zeros() as usize;
            let targets = p.cells_of(d) & PEERS[x] & PEERS[y];
            if targets != 0 {
                return Some(
                    Step::new(Technique::UniqueRectangle2)
                        .with_cell_list(&corners.map(|c| c as u8))
                        .with_digits(pair | extra)
                        .eliminating(d, targets)
                        .finish(),
                );
            }
        }
        None
    })
}

/// BUG+1: every empty cell but one holds two candidates, that one three, and every digit has
/// two places in each unit but one digit with three in the odd cell's units. Were that digit
/// not in the odd cell, the board would be a "bivalue universal grave", with two solutions.
pub fn bug_plus_one(p: &Pencil) -> Option<Step> {
    let mut odd = None;
    for cell in members(p.empty()) {
        match pop9(p.mask(cell)) {
            2 => {}
            3 if odd.is_none() => odd = Some(cell),
            _ => return None,
        }
    }
    let cell = odd?;
    let mask = p.mask(cell);
    let mut answer = None;
    for d in super::geometry::digits_of(mask) {
        let units = super::geometry::UNITS_OF[cell];
        if units.iter().all(|&u| (p.cells_of(d) & UNIT_CELLS[usize::from(u)]).count_ones() == 3) {
            answer = Some(d);
        }
    }
    let digit = answer?;
    for unit in 0..27 {
        for d in 0..9 {
            let count = (p.cells_of(d) & UNIT_CELLS[unit]).count_ones();
            let odd_here = d == digit && UNIT_CELLS[unit] >> cell & 1 == 1;
            if !(count == 0 || count == 2 || odd_here && count == 3) {
                return None;
            }
        }
    }
    Some(Step::new(Technique::Bug1).placing(cell, digit).with_cells(1 << cell).with_digits(mask))
}

#[cfg(test)]
mod tests {
    use super::super::testing::pencil_with;
    use super::*;

    #[test]
    fn type_1_clears_the_pair_from_the_fourth_corner() {
        let mut marks = [0x1ffu16; 81];
        // r1c1, r1c4, r2c1 hold {1,2}; r2c4 {1,2,5}: r2c4 loses 1 and 2.
        for cell in [0usize, 3, 9] {
            marks[cell] = 0b11;
        }
        marks[12] = 0b1_0011;
        let step = rectangle_type_1(&pencil_with(&marks)).expect("a unique rectangle");
        assert_eq!(step.eliminations, vec![(12, 1), (12, 2)]);
    }

    #[test]
    fn type_2_clears_the_extra_digit_from_cells_seeing_both_roof_cells() {
        let mut marks = [0x1ffu16; 81];
        // Floor r1c1, r1c4 {1,2}; roof r2c1, r2c4 {1,2,7}: the rest of row 2 loses 7.
        marks[0] = 0b11;
        marks[3] = 0b11;
        marks[9] = 0b100_0011;
        marks[12] = 0b100_0011;
        let step = rectangle_type_2(&pencil_with(&marks)).expect("a type 2 rectangle");
        assert_eq!(step.eliminations.len(), 7);
        assert!(step.eliminations.iter().all(|&(c, d)| d == 7 && (9..18).contains(&c)));
        // Spanning four boxes, the same cells are no rectangle.
        let mut wide = [0x1ffu16; 81];
        for cell in [0usize, 3, 36, 39] {
            wide[cell] = 0b11;
        }
        wide[39] = 0b1_0011;
        assert!(rectangle_type_1(&pencil_with(&wide)).is_none());
    }

    #[test]
    fn bug_plus_one_places_the_digit_seen_three_times() {
        // Two solutions that differ in every cell make a bivalue grave: each digit has two
        // places in every unit. One more candidate in r5c5 makes it BUG+1.
        let solution = b"123456789456789123789123456214365897365897214897214365531642978642978531978531642";
        let mut marks = [0u16; 81];
        for (cell, &byte) in solution.iter().enumerate() {
            let d = usize::from(byte - b'1');
            marks[cell] = 1 << d | 1 << ((d + 1) % 9);
        }
        assert!(bug_plus_one(&pencil_with(&marks)).is_none());
        let extra = (0..9).find(|&d| marks[40] >> d & 1 == 0).unwrap_or(0);
        marks[40] |= 1 << extra;
        let step = bug_plus_one(&pencil_with(&marks)).expect("BUG+1");
        assert_eq!(step.placements, vec![(40, extra as u8 + 1)]);
        marks[0] |= 1 << ((0..9).find(|&d| marks[0] >> d & 1 == 0).unwrap_or(0));
        assert!(bug_plus_one(&pencil_with(&marks)).is_none());
    }
}
