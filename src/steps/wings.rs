//! Wings: the XY-wing (a pivot {x,y} seeing pincers {x,z} and {y,z}: z leaves every cell
//! seeing both pincers), the XYZ-wing (a pivot {x,y,z} with pincers {x,z}, {y,z}: z leaves
//! cells seeing all three) and the W-wing (two {x,y} cells whose x's are joined by a strong
//! link: y leaves cells seeing both).

use super::bits::pop9;
use super::chain::{Chain, Node};
use super::geometry::{first, members, Cells, PEERS};
use super::links::UnitPairs;
use super::pencil::Pencil;
use super::step::Step;
use super::table::Technique;

fn bivalue(p: &Pencil) -> Cells {
    members(p.empty()).filter(|&c| pop9(p.mask(c)) == 2).fold(0, |m, c| m | 1 << c)
}

pub fn xy_wing(p: &Pencil) -> Option<Step> {
    let pairs = bivalue(p);
    for pivot in members(pairs) {
        let pm = p.mask(pivot);
        for a in members(pairs & PEERS[pivot]) {
            let am = p.mask(a);
            let shared = am & pm;
            if pop9(shared) != 1 {
                continue;
            }
            let z = am & !pm;
            let bm = (pm & !shared) | z;
            let d = z.trailing_zeros() as usize;
            // Only bivalue cells with both of `bm`'s digits can have it.
            for b in members(pairs & PEERS[pivot] & p.cells_with_all(bm) & !(1 << a)) {
                if p.mask(b) != bm {
                    continue;
                }
                let targets = p.cells_of(d) & PEERS[a] & PEERS[b];
                if targets != 0 {
                    // (z)a = (x)a - (x)pivot = (y)pivot - (y)b = (z)b, x the digit a shares with
                    // the pivot and y the pivot's other.
                    let (x, y) = (shared.trailing_zeros() as usize, (pm & !shared).trailing_zeros() as usize);
                    let chain = Chain::alternating(
                        [(a, d), (a, x), (pivot, x), (pivot, y), (b, y), (b, d)].map(|(c, e)| Node::cell(c, e)),
                    );
                    return Some(
                        Step::new(Technique::XyWing)
                            .with_cell_list(&[pivot as u8, a as u8, b as u8])
                            .with_chain(chain)
                            .with_digits(pm | z)
                            .eliminating(d, targets)
                            .finish(),
                    );
                }
            }
        }
    }
    None
}

pub fn xyz_wing(p: &Pencil) -> Option<Step> {
    let pairs = bivalue(p);
    for pivot in members(p.empty()) {
        let pm = p.mask(pivot);
        if pop9(pm) != 3 {
            continue;
        }
        // A pincer holds two of the pivot's three digits.
        let [c1, c2, c3] =
            [pm.trailing_zeros(), (pm & (pm - 1)).trailing_zeros(), 15 - pm.leading_zeros()].map(|d| p.cells_of(d as usize % 9));
        let two_of_three = c1 & c2 | c1 & c3 | c2 & c3;
        for a in members(pairs & PEERS[pivot] & two_of_three) {
            let am = p.mask(a);
            if am & !pm != 0 {
                continue;
            }
            // Only cells with the pivot's digit `a` lacks can be the other pincer.
            let third = p.cells_of((pm & !am).trailing_zeros() as usize % 9);
            for b in members(pairs & PEERS[pivot] & third & !((2u128 << a) - 1)) {
                let bm = p.mask(b);
                if bm & !pm != 0 || bm == am || (am | bm) != pm {
                    continue;
                }
                let d = (am & bm).trailing_zeros() as usize;
                let targets = p.cells_of(d) & PEERS[pivot] & PEERS[a] & PEERS[b];
                if targets != 0 {
                    return Some(
                        Step::new(Technique::XyzWing)
                            .with_cell_list(&[pivot as u8, a as u8, b as u8])
                            .with_digits(pm)
                            .eliminating(d, targets)
                            .finish(),
                    );
                }
            }
        }
    }
    None
}

pub fn w_wing(p: &Pencil) -> Option<Step> {
    let pairs = bivalue(p);
    // Each digit's conjugate pairs, found when first needed.
    let mut known: [Option<UnitPairs>; 9] = Default::default();
    for a in members(pairs) {
        let mask = p.mask(a);
        // Only bivalue cells with both digits of `a` can have its two.
        for b in members(pairs & p.cells_with_all(mask) & !((2u128 << a) - 1) & !PEERS[a]) {
            if p.mask(b) != mask {
                continue;
            }
            for x in super::geometry::digits_of(mask) {
                let y = first_other(mask, x);
                let targets = p.cells_of(y) & PEERS[a] & PEERS[b];
                if targets == 0 {
                    continue;
                }
                let Some(found) = known.get_mut(x) else { continue };
                let pairs_of_x = found.get_or_insert_with(|| UnitPairs::of(p.cells_of(x), 27));
                let mut units = pairs_of_x.with;
                while units != 0 {
                    let unit = units.trailing_zeros() as usize;
                    units &= units - 1;
                    let link = pairs_of_x.pair(unit);
                    if link & (1 << a | 1 << b) != 0 {
                        continue;
                    }
                    let s1 = first(link);
                    let s2 = first(link & !(1 << s1));
                    let joins = |s: usize, t: usize| PEERS[a] >> s & 1 == 1 && PEERS[b] >> t & 1 == 1;
                    if joins(s1, s2) || joins(s2, s1) {
                        // (y)a = (x)a - (x)s = (x)t - (x)b = (y)b, s the end a sees.
                        let (s, t) = if joins(s1, s2) { (s1, s2) } else { (s2, s1) };
                        let chain =
                            Chain::alternating([(a, y), (a, x), (s, x), (t, x), (b, x), (b, y)].map(|(c, e)| Node::cell(c, e)));
                        return Some(
                            Step::new(Technique::WWing)
                                .with_cell_list(&[a as u8, b as u8, s1 as u8, s2 as u8])
                                .with_chain(chain)
                                .with_digits(mask)
                                .with_units(&[unit])
                                .eliminating(y, targets)
                                .finish(),
                        );
                    }
                }
            }
        }
    }
    None
}

fn first_other(mask: u16, x: usize) -> usize {
    (mask & !(1 << x)).trailing_zeros() as usize
}

#[cfg(test)]
mod tests {
    use super::super::testing::pencil_with;
    use super::*;

    #[test]
    fn xy_wing_removes_z_from_cells_seeing_both_pincers() {
        let mut marks = [0x1ffu16; 81];
        // Pivot r1c1 {1,2}; pincers r1c5 {1,3} and r5c1 {2,3}: r5c5 loses 3.
        marks[0] = 0b011;
        marks[4] = 0b101;
        marks[36] = 0b110;
        let step = xy_wing(&pencil_with(&marks)).expect("an xy-wing");
        assert_eq!(step.cells, vec![0, 4, 36]);
        assert_eq!(step.eliminations, vec![(40, 3)]);
        assert_eq!(step.describe(), "XY-Wing: (3)r1c5=(1)r1c5-(1)r1c1=(2)r1c1-(2)r5c1=(3)r5c1: remove 3 from r5c5");
    }

    #[test]
    fn xyz_wing_removes_z_from_cells_seeing_all_three() {
        let mut marks = [0x1ffu16; 81];
        // Pivot r1c1 {1,2,3}; pincers r1c3 {1,3} (box and row) and r1c7 {2,3}: r1c2, r1c3's
        // box mates on row 1 ... the cells seeing all three: r1c2.
        marks[0] = 0b111;
        marks[2] = 0b101;
        marks[6] = 0b110;
        let step = xyz_wing(&pencil_with(&marks)).expect("an xyz-wing");
        assert_eq!(step.cells, vec![0, 2, 6]);
        assert!(step.eliminations.contains(&(1, 3)));
        assert!(step.eliminations.iter().all(|&(c, d)| d == 3 && c < 9));
    }

    #[test]
    fn w_wing_needs_a_strong_link_between_the_pairs() {
        let mut marks = [0x1ffu16; 81];
        // {4,5} at r1c1 and r9c9; 4 in row 5 only at r5c1 and r5c9.
        marks[0] = 0b1_1000;
        marks[80] = 0b1_1000;
        for cell in 37..44usize {
            marks[cell] &= !(1 << 3);
        }
        let step = w_wing(&pencil_with(&marks)).expect("a w-wing on 4 and 5");
        // r1c9 and r9c1 see both ends and lose 5.
        assert_eq!(step.eliminations, vec![(8, 5), (72, 5)]);
        assert_eq!(step.chain.as_deref().map(|c| c.eureka()).as_deref(), Some("(5)r1c1=(4)r1c1-(4)r5c1=(4)r5c9-(4)r9c9=(5)r9c9"));
    }
}
