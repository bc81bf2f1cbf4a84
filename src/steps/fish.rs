//! Fish on one digit: n base lines (rows, or columns) whose places lie in n cross lines, so
//! the cross lines lose the digit outside the base (X-wing, swordfish, jellyfish). The
//! finned ones are in [`super::finned`].

use super::bits::pop9;
use super::combos::first_viable_combination;
use super::geometry::{unit_positions, Cells, UNIT_CELLS};
use super::pencil::Pencil;
use super::step::Step;
use super::table::Technique;

/// The places of digit `d` in each of the nine lines of one kind, as 9-bit masks over the
/// crossing lines' numbers.
pub(super) fn line_places(p: &Pencil, d: usize, rows: bool) -> [u16; 9] {
    let cells = p.cells_of(d);
    // A line's places in order are its unit's positions (rows are units 0-8, columns 9-17).
    let base = if rows { 0 } else { 9 };
    std::array::from_fn(|line| unit_positions(cells, base + line))
}

pub(super) fn lines_cells(mask: u16, rows: bool) -> Cells {
    let base = if rows { 0 } else { 9 };
    super::geometry::digits_of(mask).fold(0, |m, line| m | UNIT_CELLS[base + line])
}

pub(super) fn unit_list(mask: u16, rows: bool) -> Vec<usize> {
    let base = if rows { 0 } else { 9 };
    super::geometry::digits_of(mask).map(|line| base + line).collect()
}

/// A basic fish of size `n`, on the digits not in `skip` (a mask of digit indexes).
pub fn basic(p: &Pencil, n: usize, skip: u16) -> Option<Step> {
    let technique = match n {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    for d in (0..9).filter(|d| skip >> d & 1 == 0) {
        for rows in [true, false] {
            let places = line_places(p, d, rows);
            let mut lines = [0usize; 9];
            let mut masks = [0u16; 9];
            let mut count = 0;
            for (line, &mask) in places.iter().enumerate() {
                if (2..=n).contains(&pop9(mask)) {
                    lines[count] = line;
                    masks[count] = mask;
                    count += 1;
                }
            }
            let fits = |cover: u16| pop9(cover) <= n;
            let found = first_viable_combination(&masks[..count], n, &fits, &mut |pick, cover| {
                if pop9(cover) != n {
                    return None;
                }
                let base = pick.iter().fold(0u16, |m, &i| m | 1 << lines[i]);
                let base_cells = lines_cells(base, rows);
                let targets = p.cells_of(d) & lines_cells(cover, !rows) & !base_cells;
                (targets != 0).then(|| {
                    let mut units = unit_list(base, rows);
                    units.extend(unit_list(cover, !rows));
                    Step::new(technique)
                        .with_cells(p.cells_of(d) & base_cells)
                        .with_digits(1 << d)
                        .with_units(&units)
                        .eliminating(d, targets)
                        .finish()
                })
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::testing::{only_in, pencil_with};
    use super::*;

    #[test]
    fn x_wing_on_rows_clears_its_columns() {
        let mut marks = [0x1ffu16; 81];
        only_in(&mut marks, 0, 1, &[1, 7]);
        only_in(&mut marks, 0, 5, &[1, 7]);
        let step = basic(&pencil_with(&marks), 2, 0).expect("an x-wing on 1");
        assert_eq!(step.cells, vec![10, 16, 46, 52]);
        assert_eq!(step.units, vec![1, 5, 10, 16]);
        assert_eq!(step.eliminations.len(), 14);
        assert!(step.eliminations.iter().all(|&(c, d)| d == 1 && (c % 9 == 1 || c % 9 == 7)));
    }

    #[test]
    fn swordfish_and_jellyfish() {
        let mut marks = [0x1ffu16; 81];
        only_in(&mut marks, 2, 0, &[0, 4]);
        only_in(&mut marks, 2, 3, &[4, 8]);
        only_in(&mut marks, 2, 7, &[0, 8]);
        let step = basic(&pencil_with(&marks), 3, 0).expect("a swordfish on 3");
        assert_eq!(step.technique, Technique::Swordfish);
        assert_eq!(step.eliminations.len(), 18);
        let mut jelly = [0x1ffu16; 81];
        for (row, cols) in [(0usize, [0usize, 2]), (2, [2, 4]), (4, [4, 6]), (6, [6, 0])] {
            only_in(&mut jelly, 8, row, &cols);
        }
        let step = basic(&pencil_with(&jelly), 4, 0).expect("a jellyfish on 9");
        assert_eq!(step.cells.len(), 8);
        assert_eq!(step.eliminations.len(), 20);
    }
}
