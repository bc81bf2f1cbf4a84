//! Fish on one digit: n base lines (rows, or columns) whose places lie in n cross lines, so
//! the cross lines lose the digit outside the base (X-wing, swordfish, jellyfish); and the
//! finned X-wing and swordfish, where the extra places (fins) share one box and only the
//! cross-line cells of that box lose it.

use super::bits::pop9;
use super::combos::{first_combination, first_viable_combination};
use super::geometry::{unit_positions, Cells, UNIT_CELLS};
use super::pencil::Pencil;
use super::step::Step;
use super::table::Technique;

/// The places of digit `d` in each of the nine lines of one kind, as 9-bit masks over the
/// crossing lines' numbers.
fn line_places(p: &Pencil, d: usize, rows: bool) -> [u16; 9] {
    let cells = p.cells_of(d);
    // A line's places in order are its unit's positions (rows are units 0-8, columns 9-17).
    let base = if rows { 0 } else { 9 };
    std::array::from_fn(|line| unit_positions(cells, base + line))
}

fn lines_cells(mask: u16, rows: bool) -> Cells {
    let base = if rows { 0 } else { 9 };
    super::geometry::digits_of(mask).fold(0, |m, line| m | UNIT_CELLS[base + line])
}

fn unit_list(mask: u16, rows: bool) -> Vec<usize> {
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

/// A finned fish of size `n` (2 or 3): the base lines' places outside one box lie in `n`
/// cross lines; the cross-line cells of that box outside the base lose the digit, since
/// either a fin is true (and sees them) or the fish without fins is. Digits in `skip` are
/// left out.
pub fn finned(p: &Pencil, n: usize, skip: u16) -> Option<Step> {
    let technique = if n == 2 { Technique::FinnedXWing } else { Technique::FinnedSwordfish };
    for d in (0..9).filter(|d| skip >> d & 1 == 0) {
        for rows in [true, false] {
            let places = line_places(p, d, rows);
            let mut lines = [0usize; 9];
            let mut masks = [Fins::default(); 9];
            let mut count = 0;
            for (line, &mask) in places.iter().enumerate() {
                // A base line has at most n places outside the fin's stack, so a line with
                // more outside every stack is in no fish: leaving it out keeps the others'
                // order.
                if mask != 0 && usize::from(FEWEST_OFF_A_STACK[usize::from(mask & 0x1ff)]) <= n {
                    lines[count] = line;
                    masks[count] = Fins::of_line(line, mask);
                    count += 1;
                }
            }
            // A fish needs a fin box whose cover holds every place outside it but the fins.
            let fits = |union: Fins| union.fits(n);
            let found = first_viable_combination(&masks[..count], n, &fits, &mut |pick, union| {
                let base = pick.iter().fold(0u16, |m, &i| m | 1 << lines[i]);
                let mut boxes = union.fin_boxes(n, rows);
                while boxes != 0 {
                    let bx = boxes.trailing_zeros() as usize;
                    boxes &= boxes - 1;
                    // The box's band (base lines it crosses) and stack (cross lines it crosses).
                    let (band, stack) = if rows { (bx / 3, bx % 3) } else { (bx % 3, bx / 3) };
                    let stack_lines = 0b111u16 << (3 * stack);
                    let (outside, fins) = (union.outside(band, stack), union.fins(band, stack));
                    let have = pop9(outside);
                    let spare = stack_lines & !outside;
                    let found = choose_cover(spare, n - have, &mut |extra| {
                        let cover = outside | extra;
                        if cover & stack_lines == 0 {
                            return None;
                        }
                        let fin_places = fins & !cover;
                        if fin_places == 0 {
                            return None;
                        }
                        let base_cells = lines_cells(base, rows);
                        let targets = p.cells_of(d) & UNIT_CELLS[18 + bx] & lines_cells(cover, !rows) & !base_cells;
                        (targets != 0).then(|| {
                            let mut units = unit_list(base, rows);
                            units.extend(unit_list(cover, !rows));
                            units.push(18 + bx);
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
                None
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// Base lines' places, as three 9-bit masks over the cross lines (bits `16 * g`): the
/// union of the places of the chosen lines in each group of three (a band of rows, or a
/// stack of columns). What the lines bring were the fin in a box follows from these: the
/// places outside the box (which the cover lines must hold) are the box's group's places
/// off its cross lines and all the other groups' places; the fins, the box's group's
/// places on them. A union of lines is one OR, which the search of combinations does at
/// every step (it kept the nine boxes' masks apart before, eighteen ORs).
#[derive(Clone, Copy, Default)]
struct Fins(u64);

impl Fins {
    fn of_line(line: usize, places: u16) -> Fins {
        Fins(u64::from(places & 0x1ff) << (16 * (line / 3 % 3)))
    }

    fn group(self, g: usize) -> u16 {
        (self.0 >> (16 * (g % 3))) as u16 & 0x1ff
    }

    /// The places outside box `(group, cross)`: `group` the box's group of base lines,
    /// `cross` its group of cross lines.
    fn outside(self, group: usize, cross: usize) -> u16 {
        let others = (0..3).filter(|&g| g != group).fold(0, |m, g| m | self.group(g));
        self.group(group) & !(0b111u16 << (3 * cross)) | others
    }

    /// The places inside box `(group, cross)`.
    fn fins(self, group: usize, cross: usize) -> u16 {
        self.group(group) & 0b111u16 << (3 * cross)
    }

    /// The boxes (bit `bx`) that can hold a fin: those crossing a base line, holding some of
    /// the places, and leaving at most `n` outside; the boxes of a base line's group are
    /// numbered `3 * group + cross` for rows, `3 * cross + group` for columns.
    fn fin_boxes(self, n: usize, rows: bool) -> u16 {
        let groups = [self.group(0), self.group(1), self.group(2)];
        let mut boxes = 0;
        for group in 0..3 {
            let own = groups[group];
            // The chosen lines all have places, so a group without places has no base line.
            if own == 0 {
                continue;
            }
            let others = groups[(group + 1) % 3] | groups[(group + 2) % 3];
            for cross in 0..3 {
                let box_lines = 0b111u16 << (3 * cross);
                if own & box_lines != 0 && pop9(own & !box_lines | others) <= n {
                    boxes |= 1 << if rows { 3 * group + cross } else { 3 * cross + group };
                }
            }
        }
        boxes
    }

    /// True when some box leaves at most `n` places outside it.
    fn fits(self, n: usize) -> bool {
        let groups = [self.group(0), self.group(1), self.group(2)];
        (0..3).any(|group| {
            let others = groups[(group + 1) % 3] | groups[(group + 2) % 3];
            let held = pop9(others);
            // The other groups' places are outside each of this group's boxes; of its own,
            // those off the box's cross lines, fewest for the best of the three boxes.
            held <= n && held + usize::from(FEWEST_OFF_A_STACK[usize::from(groups[group] & !others)]) <= n
        })
    }
}

/// For each 9-bit mask of cross lines, the fewest of its bits outside one group of three
/// (the best box's stack): what [`Fins::fits`] asks of every union, once per mask.
static FEWEST_OFF_A_STACK: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut mask = 0usize;
    while mask < 512 {
        let mut fewest = 9;
        let mut stack = 0;
        while stack < 3 {
            let off = (mask & !(0b111 << (3 * stack))).count_ones();
            if off < fewest {
                fewest = off;
            }
            stack += 1;
        }
        table[mask] = fewest as u8;
        mask += 1;
    }
    table
};

impl std::ops::BitOr for Fins {
    type Output = Fins;
    fn bitor(self, other: Fins) -> Fins {
        Fins(self.0 | other.0)
    }
}

/// Calls `visit` with each way to pick `k` members of `spare` (a 9-bit mask).
fn choose_cover(spare: u16, k: usize, visit: &mut impl FnMut(u16) -> Option<Step>) -> Option<Step> {
    if k == 0 {
        return visit(0);
    }
    let mut bits = [0usize; 9];
    let mut count = 0;
    for (slot, bit) in bits.iter_mut().zip(super::geometry::digits_of(spare)) {
        *slot = bit;
        count += 1;
    }
    first_combination(count, k, &mut |pick| visit(pick.iter().fold(0u16, |m, &i| m | 1 << bits[i])))
}

#[cfg(test)]
mod tests {
    use super::super::testing::pencil_with;
    use super::*;

    fn only_in(marks: &mut [u16; 81], d: usize, row: usize, cols: &[usize]) {
        for c in 0..9 {
            if !cols.contains(&c) {
                marks[row * 9 + c] &= !(1 << d);
            }
        }
    }

    #[test]
    fn fins_of_a_union_are_each_boxs_places_outside_and_inside_it() {
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..500 {
            let lines: Vec<(usize, u16)> = (0..3).map(|_| (rng.below(9) as usize, rng.below(512) as u16)).collect();
            let union = lines.iter().fold(Fins::default(), |u, &(line, places)| u | Fins::of_line(line, places));
            for (group, cross) in (0..3).flat_map(|g| (0..3).map(move |c| (g, c))) {
                let box_lines = 0b111u16 << (3 * cross);
                // By the definition: a line of the box's group brings its places off and on
                // the box's cross lines; any other line, all its places outside.
                let outside = lines.iter().fold(0, |m, &(l, p)| m | if l / 3 == group { p & !box_lines } else { p });
                let fins = lines.iter().fold(0, |m, &(l, p)| m | if l / 3 == group { p & box_lines } else { 0 });
                assert_eq!((union.outside(group, cross), union.fins(group, cross)), (outside, fins), "{lines:?}");
            }
        }
    }

    #[test]
    fn fin_boxes_cross_a_base_line_hold_fins_and_leave_at_most_n_outside() {
        let mut rng = crate::rng::Rng::new(13);
        for _ in 0..3000 {
            let lines: Vec<(usize, u16)> = (0..1 + rng.below(3)).map(|_| (rng.below(9) as usize, 1 + rng.below(511) as u16)).collect();
            let union = lines.iter().fold(Fins::default(), |u, &(line, places)| u | Fins::of_line(line, places));
            let base = lines.iter().fold(0u16, |m, &(line, _)| m | 1 << line);
            for (n, rows) in (1..5).flat_map(|n| [(n, true), (n, false)]) {
                let slow = (0..9).fold(0u16, |m, bx| {
                    let (band, stack) = if rows { (bx / 3, bx % 3) } else { (bx % 3, bx / 3) };
                    let crosses = base & 0b111 << (3 * band) != 0;
                    let fits = pop9(union.outside(band, stack)) <= n && union.fins(band, stack) != 0;
                    m | u16::from(crosses && fits) << bx
                });
                assert_eq!(union.fin_boxes(n, rows), slow, "{lines:?} {n} {rows}");
            }
        }
    }

    #[test]
    fn fits_when_some_box_leaves_at_most_n_places_outside_it() {
        let mut rng = crate::rng::Rng::new(11);
        for _ in 0..3000 {
            let union = (0..rng.below(4)).fold(Fins::default(), |u, _| u | Fins::of_line(rng.below(9) as usize, rng.below(512) as u16 & rng.below(512) as u16));
            for n in 1..5 {
                let slow = (0..3).any(|g| (0..3).any(|c| union.outside(g, c).count_ones() as usize <= n));
                assert_eq!(union.fits(n), slow, "{:x} {n}", union.0);
            }
        }
    }

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

    #[test]
    fn finned_x_wing_clears_only_the_fin_box() {
        let mut marks = [0x1ffu16; 81];
        only_in(&mut marks, 4, 0, &[1, 7]);
        // Row 5: 5 in c2, c8 and a fin in c9 (box 6).
        only_in(&mut marks, 4, 4, &[1, 7, 8]);
        let step = finned(&pencil_with(&marks), 2, 0).expect("a finned x-wing on 5");
        // Column 8 in box 6, outside rows 1 and 5: r4c8, r6c8.
        assert_eq!(step.eliminations, vec![(34, 5), (52, 5)]);
        assert!(basic(&pencil_with(&marks), 2, 0).is_none());
        assert!(finned(&pencil_with(&marks), 2, 1 << 4).is_none());
    }

    #[test]
    fn finned_swordfish() {
        let mut marks = [0x1ffu16; 81];
        only_in(&mut marks, 0, 0, &[0, 4]);
        only_in(&mut marks, 0, 3, &[4, 8]);
        only_in(&mut marks, 0, 7, &[0, 8, 7]);
        let step = finned(&pencil_with(&marks), 3, 0).expect("a finned swordfish on 1");
        assert_eq!(step.technique, Technique::FinnedSwordfish);
        // Column 9 in box 9 outside row 8: r7c9, r9c9.
        assert_eq!(step.eliminations, vec![(62, 1), (80, 1)]);
    }
}
