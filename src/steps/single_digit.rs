//! Single-digit patterns, each a short chain of strong links on one digit: the skyscraper
//! (two row, or two column, conjugate pairs joined at one end by a column, or row), the
//! 2-string kite (a row pair and a column pair joined in a box) and the empty rectangle (a
//! box whose places lie on one row and one column, with a conjugate pair off it).

use super::bits::{pop9, two};
use super::chain::{Chain, Node};
use super::geometry::{first, Cells, PEERS, UNIT_CELLS};
use super::links::UnitPairs;
use super::pencil::Pencil;
use super::step::Step;
use super::table::Technique;
use crate::bounds::Known;

/// The conjugate pairs of digit `d` in lines `lines` (0-8 rows, 9-17 columns): two cells and
/// the unit.
fn pairs(p: &Pencil, d: usize, lines: std::ops::Range<usize>) -> Pairs {
    let mut found = Pairs { pairs: [(0, 0, 0); 9], count: 0 };
    let cells = p.cells_of(d);
    for unit in lines {
        let pair = if unit < 9 {
            // A row is nine bits of the board.
            let places = (cells >> (9 * unit)) as u16 & 0x1ff;
            (pop9(places) == 2)
                .then(|| (9 * unit + places.trailing_zeros() as usize, 9 * unit + 15 - places.leading_zeros() as usize))
        } else {
            let places = cells & UNIT_CELLS[unit];
            two(places).then(|| (first(places), 127 - places.leading_zeros() as usize))
        };
        if let (Some((a, b)), Some(slot)) = (pair, found.pairs.get_mut(found.count)) {
            *slot = (a, b, unit);
            found.count += 1;
        }
    }
    found
}

/// At most one conjugate pair per line, nine lines: kept inline, as this runs for every
/// digit each time the technique is tried.
struct Pairs {
    pairs: [(usize, usize, usize); 9],
    count: usize,
}

impl Pairs {
    fn as_slice(&self) -> &[(usize, usize, usize)] {
        &self.pairs[..self.count.min(9)]
    }
}

/// Two pairs `(a1, a2)` and `(b1, b2)` whose `a2` and `b2` see each other: `a1` or `b1` is
/// true, so digit `d` leaves every cell that sees both.
fn joined(
    p: &Pencil,
    technique: Technique,
    d: usize,
    first_pairs: &[(usize, usize, usize)],
    second_pairs: &[(usize, usize, usize)],
    link: impl Fn(usize, usize) -> bool,
) -> Option<Step> {
    for (i, &(x1, x2, u)) in first_pairs.iter().enumerate() {
        for (j, &(y1, y2, v)) in second_pairs.iter().enumerate() {
            // No end of one pair linked to an end of the other: no way round joins them.
            if std::ptr::eq(first_pairs, second_pairs) && j <= i
                || !(link(x1, y1) || link(x1, y2) || link(x2, y1) || link(x2, y2))
            {
                continue;
            }
            for (a1, a2) in [(x1, x2), (x2, x1)] {
                for (b1, b2) in [(y1, y2), (y2, y1)] {
                    // Each pair's cells differ, so four cells when no cell is in both.
                    if a1 == b1 || a1 == b2 || a2 == b1 || a2 == b2 || !link(a2, b2) {
                        continue;
                    }
                    let four: Cells = 1 << a1 | 1 << a2 | 1 << b1 | 1 << b2;
                    let targets = p.cells_of(d) & PEERS[a1] & PEERS[b1] & !four;
                    if targets != 0 {
                        // a1 = a2 - b2 = b1: a1 or b1 holds d.
                        let chain = Chain::alternating([a1, a2, b2, b1].map(|c| Node::cell(c, d)));
                        return Some(
                            Step::new(technique)
                                .with_cells(four)
                                .with_digits(1 << d)
                                .with_units(&[u, v])
                                .with_chain(chain)
                                .eliminating(d, targets)
                                .finish(),
                        );
                    }
                }
            }
        }
    }
    None
}

/// A skyscraper on a digit not in `skip` (a mask of digit indexes).
pub fn skyscraper(p: &Pencil, skip: u16) -> Option<Step> {
    for d in (0..9).filter(|d| skip >> d & 1 == 0) {
        let rows = pairs(p, d, 0..9);
        // Rows joined by a column: the joined ends share a column, the free ends do not.
        let rows = rows.as_slice();
        if let Some(step) = joined(p, Technique::Skyscraper, d, rows, rows, |a, b| a % 9 == b % 9) {
            return Some(step);
        }
        let cols = pairs(p, d, 9..18);
        let cols = cols.as_slice();
        if let Some(step) = joined(p, Technique::Skyscraper, d, cols, cols, |a, b| a / 9 == b / 9) {
            return Some(step);
        }
    }
    None
}

/// A 2-string kite on a digit not in `skip`.
pub fn two_string_kite(p: &Pencil, skip: u16) -> Option<Step> {
    for d in (0..9).filter(|d| skip >> d & 1 == 0) {
        let rows = pairs(p, d, 0..9);
        let cols = pairs(p, d, 9..18);
        let same_box = |a: usize, b: usize| super::geometry::UNITS_OF[a][2] == super::geometry::UNITS_OF[b][2];
        if let Some(step) = joined(p, Technique::TwoStringKite, d, rows.as_slice(), cols.as_slice(), same_box) {
            return Some(step);
        }
    }
    None
}

/// An empty rectangle: digit `d` in box B lies only on row R and column C of B (on both).
/// A conjugate pair in a column X off B's stack, one end `p` on row R and the other `q` off
/// B's band: either `q` is true or (`p` is, so B's row-R places are not, so B's column-C
/// places hold `d`); either way the cell on `q`'s row and column C loses `d`. The same with
/// rows and columns swapped. Digits in `skip` are left out.
pub fn empty_rectangle(pencil: &Pencil, skip: u16) -> Option<Step> {
    for d in (0..9).filter(|d| skip >> d & 1 == 0) {
        let cells = pencil.cells_of(d);
        // Found at the first box that could be an empty rectangle's.
        let mut lines: Option<UnitPairs> = None;
        for bx in 0..9 {
            let (top, left) = ((bx / 3) * 3, (bx % 3) * 3);
            // The box's places as nine bits, three a row, and the crosses they lie on.
            let local = (0..3).fold(0u16, |m, i| m | ((cells >> (9 * (top + i) + left)) as u16 & 7) << (3 * i));
            let mut crosses = CROSSES.get(usize::from(local)).copied().known();
            let in_box = cells & UNIT_CELLS[18 + bx];
            while crosses != 0 {
                let at = crosses.trailing_zeros() as usize;
                crosses &= crosses - 1;
                let (r, c) = (top + at / 3, left + at % 3);
                // Rows and columns only.
                let lines = lines.get_or_insert_with(|| UnitPairs::of(cells, 18));
                // Conjugate pairs in columns off the box's stack, one end on row r.
                let mut xs = lines.with >> 9 & (cells >> (9 * r)) as u32 & 0x1ff & !(7 << left);
                while xs != 0 {
                    let x = xs.trailing_zeros() as usize;
                    xs &= xs - 1;
                    let pair = lines.pair(9 + x);
                    let q = first(pair & !UNIT_CELLS[r]);
                    if q / 9 / 3 == bx / 3 {
                        continue;
                    }
                    let target = (q / 9) * 9 + c;
                    if cells >> target & 1 == 1 {
                        // q = p - (the box off column c) = (the box on column c), on row r.
                        let column = in_box & UNIT_CELLS[9 + c];
                        let ends = [
                            Node::cell(q, d),
                            Node::cell(first(pair & !(1 << q)), d),
                            Node::group(in_box & !column, d),
                            Node::group(column, d),
                        ];
                        return Some(found(d, [bx, r, 9 + c, 9 + x], in_box | pair, ends, target));
                    }
                }
                // Conjugate pairs in rows off the box's band, one end on column c.
                let mut ys = lines.with & 0x1ff & !(7 << top);
                while ys != 0 {
                    let y = ys.trailing_zeros() as usize;
                    ys &= ys - 1;
                    let pair = lines.pair(y);
                    if pair & UNIT_CELLS[9 + c] == 0 {
                        continue;
                    }
                    let q = first(pair & !UNIT_CELLS[9 + c]);
                    if (q % 9) / 3 == bx % 3 {
                        continue;
                    }
                    let target = r * 9 + q % 9;
                    if cells >> target & 1 == 1 {
                        // q = p - (the box off row r) = (the box on row r), on column c.
                        let row = in_box & UNIT_CELLS[r];
                        let ends = [
                            Node::cell(q, d),
                            Node::cell(first(pair & !(1 << q)), d),
                            Node::group(in_box & !row, d),
                            Node::group(row, d),
                        ];
                        return Some(found(d, [bx, r, 9 + c, y], in_box | pair, ends, target));
                    }
                }
            }
        }
    }
    None
}

/// For each box's places as nine bits (three a row), the places of the box (bit `3 * row +
/// column`) whose row and column hold all of them, neither alone: the crosses of an empty
/// rectangle.
const CROSSES: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut places = 0;
    while places < 512 {
        let mut at = 0;
        while at < 9 {
            let (row, col) = (7u16 << (3 * (at / 3)), 0b001_001_001u16 << (at % 3));
            let b = places as u16;
            if b & !(row | col) == 0 && b & !row != 0 && b & !col != 0 {
                table[places] |= 1 << at;
            }
            at += 1;
        }
        places += 1;
    }
    table
};

/// The step of an empty rectangle in box `bx` on `row` and `col`, with the pair in `line`
/// (units `[bx, row, col, line]`, the box counted from 0), whose chain is `nodes`.
fn found(d: usize, [bx, row, col, line]: [usize; 4], pattern: Cells, nodes: [Node; 4], target: usize) -> Step {
    Step::new(Technique::EmptyRectangle)
        .with_cells(pattern)
        .with_digits(1 << d)
        .with_units(&[18 + bx, row, col, line])
        .with_chain(Chain::alternating(nodes))
        .eliminating(d, 1 << target)
        .finish()
}

#[cfg(test)]
mod tests {
    use super::super::geometry::sees;
    use super::super::testing::{keep, pencil_with};
    use super::*;

    #[test]
    fn skyscraper_on_two_rows() {
        let mut marks = [0x1ffu16; 81];
        // 1 in row 2 only at c1, c5; in row 6 only at c1, c6: joined in column 1, the free
        // ends r2c5 and r6c6 both see r1c6, r3c6 (box 2) and r4c5, r5c5 (box 5).
        keep(&mut marks, 0, 1, &[9, 13]);
        keep(&mut marks, 0, 5, &[45, 50]);
        let step = skyscraper(&pencil_with(&marks), 0).expect("a skyscraper on 1");
        assert_eq!(step.cells, vec![9, 13, 45, 50]);
        assert_eq!(step.eliminations, vec![(5, 1), (23, 1), (31, 1), (40, 1)]);
        assert_eq!(step.chain.as_deref().map(|c| c.eureka()).as_deref(), Some("(1)r2c5=(1)r2c1-(1)r6c1=(1)r6c6"));
        for &(cell, _) in &step.eliminations {
            assert!(sees(usize::from(cell), 13) && sees(usize::from(cell), 50));
        }
    }

    #[test]
    fn kite_joins_a_row_and_a_column_in_a_box() {
        let mut marks = [0x1ffu16; 81];
        // 2 in row 1 at c2 and c8; in column 1 at r3 and r7; r1c2 and r3c1 share box 1.
        keep(&mut marks, 1, 0, &[1, 7]);
        keep(&mut marks, 1, 9, &[18, 54]);
        let step = two_string_kite(&pencil_with(&marks), 0).expect("a kite on 2");
        // r7c8 sees r1c8 (column 8) and r7c1 (row 7).
        assert_eq!(step.eliminations, vec![(61, 2)]);
        assert_eq!(step.chain.as_deref().map(|c| c.eureka()).as_deref(), Some("(2)r1c8=(2)r1c2-(2)r3c1=(2)r7c1"));
    }

    /// The crosses of each box's places, by the definition on the board's rows and columns.
    #[test]
    fn crosses_are_the_rows_and_columns_holding_a_box_s_places() {
        for bx in 0..9 {
            let (top, left) = ((bx / 3) * 3, (bx % 3) * 3);
            for local in 0..512usize {
                let in_box = (0..9)
                    .filter(|at| local >> at & 1 == 1)
                    .fold(0 as Cells, |m, at| m | 1 << ((top + at / 3) * 9 + left + at % 3));
                for at in 0..9 {
                    let (r, c) = (top + at / 3, left + at % 3);
                    let cross = UNIT_CELLS[r] | UNIT_CELLS[9 + c];
                    let expected = in_box & !cross == 0 && in_box & !UNIT_CELLS[r] != 0 && in_box & !UNIT_CELLS[9 + c] != 0;
                    assert_eq!(CROSSES[local] >> at & 1 == 1, expected, "box {bx} places {local:b} at {at}");
                }
            }
        }
    }

    #[test]
    fn empty_rectangle_with_a_column_pair() {
        let mut marks = [0x1ffu16; 81];
        // Box 1: 3 only on row 1 and column 1 (r1c2, r1c3, r2c1, r3c1).
        for cell in [0usize, 10, 11, 19, 20] {
            marks[cell] &= !(1 << 2);
        }
        // Column 5: 3 only at r1c5 and r6c5.
        keep(&mut marks, 2, 13, &[4, 49]);
        let step = empty_rectangle(&pencil_with(&marks), 0).expect("an empty rectangle on 3");
        // r6c1 loses 3: r6c5 = r1c5 - (r1c2, r1c3) = (r2c1, r3c1), and r6c1 sees r6c5 and
        // the whole group in column 1.
        assert_eq!(step.eliminations, vec![(45, 3)]);
        assert_eq!(step.chain.as_deref().map(|c| c.eureka()).as_deref(), Some("(3)r6c5=(3)r1c5-(3)r1c23=(3)r23c1"));
    }
}
