//! Naked subsets (n cells of a unit whose candidates together are n digits: those digits leave
//! the rest of the unit) and hidden subsets (n digits of a unit whose places together are n
//! cells: those cells lose every other digit), for n = 2, 3, 4.

use super::bits::{at_most, pop9};
use super::combos::first_viable_combination;
use super::geometry::{members, unit_positions, Cells, UNIT_CELLS, UNIT_MEMBERS};
use super::pencil::Pencil;
use super::step::Step;
use super::table::Technique;

fn naked_technique(n: usize) -> Technique {
    match n {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

fn hidden_technique(n: usize) -> Technique {
    match n {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

/// A naked subset of `n` cells, in a unit not in `skip` (bit `u` for unit `u`).
pub fn naked(p: &Pencil, n: usize, skip: u32) -> Option<Step> {
    for unit in (0..27).filter(|u| skip >> u & 1 == 0) {
        let open = UNIT_CELLS[unit] & p.empty();
        if at_most(open, n) {
            continue;
        }
        let mut cells = [0usize; 9];
        let mut masks = [0u16; 9];
        let mut count = 0;
        for cell in members(open) {
            let size = pop9(p.mask(cell));
            if (1..=n).contains(&size) {
                cells[count] = cell;
                masks[count] = p.mask(cell);
                count += 1;
            }
        }
        let fits = |digits: u16| pop9(digits) <= n;
        let found = first_viable_combination(&masks[..count], n, &fits, &mut |pick, digits| {
            if pop9(digits) != n {
                return None;
            }
            let chosen: Cells = pick.iter().fold(0, |m, &i| m | 1 << cells[i]);
            let rest = open & !chosen;
            // Most subsets found have done their work already: skip building their step.
            if super::geometry::digits_of(digits).all(|d| p.cells_of(d) & rest == 0) {
                return None;
            }
            let mut step = Step::new(naked_technique(n)).with_cells(chosen).with_digits(digits).with_units(&[unit]);
            for d in super::geometry::digits_of(digits) {
                step = step.eliminating(d, p.cells_of(d) & rest);
            }
            (!step.eliminations.is_empty()).then(|| step.finish())
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The cells at `positions` (bit i for the i-th cell) of `unit`.
fn unit_cells(unit: usize, positions: u16) -> Cells {
    UNIT_MEMBERS[unit].iter().enumerate().fold(0, |m, (i, &cell)| m | Cells::from(positions >> i & 1) << cell)
}

/// A hidden subset of `n` digits, in a unit not in `skip`.
pub fn hidden(p: &Pencil, n: usize, skip: u32) -> Option<Step> {
    for unit in (0..27).filter(|u| skip >> u & 1 == 0) {
        let open = UNIT_CELLS[unit] & p.empty();
        if at_most(open, n) {
            continue;
        }
        // Each digit's places as positions in the unit (bit i for its i-th cell): unions and
        // counts of nine bits are cheaper than of the board's 81, and the same subsets pass.
        let local: [u16; 9] = std::array::from_fn(|d| unit_positions(p.cells_of(d), unit));
        let mut digits = [0usize; 9];
        let mut places = [0u16; 9];
        let mut count = 0;
        for (d, &here) in local.iter().enumerate() {
            if (1..=n).contains(&pop9(here)) {
                digits[count] = d;
                places[count] = here;
                count += 1;
            }
        }
        let fits = |positions: u16| pop9(positions) <= n;
        let found = first_viable_combination(&places[..count], n, &fits, &mut |pick, positions| {
            if pop9(positions) != n {
                return None;
            }
            let cells = unit_cells(unit, positions);
            let chosen = pick.iter().fold(0u16, |m, &i| m | 1 << digits[i]);
            if (0..9).filter(|d| chosen >> d & 1 == 0).all(|d| p.cells_of(d) & cells == 0) {
                return None;
            }
            let mut step = Step::new(hidden_technique(n)).with_cells(cells).with_digits(chosen).with_units(&[unit]);
            for d in (0..9).filter(|d| chosen >> d & 1 == 0) {
                step = step.eliminating(d, p.cells_of(d) & cells);
            }
            (!step.eliminations.is_empty()).then(|| step.finish())
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::testing::pencil_with;
    use super::*;

    #[test]
    fn naked_pair_clears_its_digits_from_the_row() {
        let mut marks = [0x1ffu16; 81];
        marks[0] = 0b11;
        marks[5] = 0b11;
        let step = naked(&pencil_with(&marks), 2, 0).expect("r1c1 and r1c6 hold 1 and 2");
        assert_eq!(step.technique, Technique::NakedPair);
        assert_eq!(step.cells, vec![0, 5]);
        assert_eq!(step.eliminations.len(), 14);
        assert!(step.eliminations.iter().all(|&(c, d)| c < 9 && c != 0 && c != 5 && d <= 2));
    }

    #[test]
    fn naked_triple_and_quad_need_no_cell_with_every_digit() {
        let mut marks = [0x1ffu16; 81];
        // Column 1: {1,2}, {2,3}, {1,3}: a naked triple without a cell holding all three.
        marks[0] = 0b011;
        marks[9] = 0b110;
        marks[18] = 0b101;
        let step = naked(&pencil_with(&marks), 3, 0).expect("a triple in column 1 and box 1");
        assert_eq!(step.technique, Technique::NakedTriple);
        assert_eq!(step.digits, 0b111);
        let mut quad = [0x1ffu16; 81];
        for (cell, mask) in [(72usize, 0b1001u16), (73, 0b0011), (74, 0b0110), (75, 0b1100)] {
            quad[cell] = mask;
        }
        assert_eq!(naked(&pencil_with(&quad), 4, 0).map(|s| s.cells.to_vec()), Some(vec![72, 73, 74, 75]));
    }

    #[test]
    fn hidden_pair_clears_other_digits_from_its_cells() {
        let mut marks = [0x1ffu16; 81];
        // In row 9, digits 8 and 9 only in r9c2 and r9c7.
        for cell in 72..81usize {
            if cell != 73 && cell != 78 {
                marks[cell] &= !0b1_1000_0000;
            }
        }
        let step = hidden(&pencil_with(&marks), 2, 0).expect("8 and 9 hide in r9c2, r9c7");
        assert_eq!(step.cells, vec![73, 78]);
        assert_eq!(step.digits, 0b1_1000_0000);
        assert_eq!(step.eliminations.len(), 14);
        assert!(step.eliminations.iter().all(|&(_, d)| d <= 7));
    }

    #[test]
    fn hidden_triple_and_quad() {
        let mut marks = [0x1ffu16; 81];
        // Box 5 (cells 30-32, 39-41, 48-50): 1, 2, 3 only in r4c4, r5c5, r6c6.
        for cell in [30usize, 31, 32, 39, 40, 41, 48, 49, 50] {
            if ![30, 40, 50].contains(&cell) {
                marks[cell] &= !0b111;
            }
        }
        let step = hidden(&pencil_with(&marks), 3, 0).expect("a hidden triple in box 5");
        assert_eq!((step.technique, step.cells.to_vec()), (Technique::HiddenTriple, vec![30, 40, 50]));
        let mut quad = [0x1ffu16; 81];
        for cell in 0..9usize {
            if cell >= 4 {
                quad[cell] &= !0b1111;
            }
        }
        let step = hidden(&pencil_with(&quad), 4, 0).expect("1-4 hide in r1c1-r1c4");
        assert_eq!(step.cells, vec![0, 1, 2, 3]);
    }
}
