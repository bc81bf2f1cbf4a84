//! Units where no naked or hidden subset, of any size, removes a candidate: there the six
//! subset techniques would each search every pick of cells or digits and find nothing, and
//! one test of the unit tells them all.
//!
//! Why the test is exact: a unit's open cells and missing digits, joined by candidates, form
//! a bipartite graph with a perfect matching (each solution is one). A naked subset with
//! removals is a set of cells whose digits are as many and appear elsewhere in the unit: a
//! candidate there can be in no perfect matching (those digits are used up by those cells).
//! A hidden subset of `n` digits is the naked subset of the other cells, removing the same
//! candidates. Conversely, a candidate in no perfect matching is removed by such a subset
//! (Hall's theorem). And a candidate outside a given perfect matching is in another one
//! exactly when it lies on a cycle that alternates between the matching and the rest.

use super::bits::pop9;
use super::geometry::{digits_of, UNIT_MEMBERS};
use super::pencil::Pencil;

/// No cell owns the digit yet.
const NONE: u8 = u8::MAX;

/// True when every candidate of `unit`'s open cells is in some perfect matching of its cells
/// to its missing digits: then no naked or hidden subset removes anything in it. False when
/// some candidate is in none, or the unit has no perfect matching (nothing is known).
pub fn subset_free(p: &Pencil, unit: usize) -> bool {
    let Some(members) = UNIT_MEMBERS.get(unit) else { return false };
    let masks: [u16; 9] = std::array::from_fn(|i| p.mask(usize::from(members[i])));
    let union = masks.iter().fold(0, |u, &m| u | m);
    let open = masks.iter().filter(|&&m| m != 0).count();
    let placed = p.placed_in(unit);
    // Every missing digit a candidate somewhere, and every open cell with candidates.
    if pop9(union) != open || union & placed != 0 || open + pop9(placed) != 9 {
        return false;
    }
    // Most cells take the lowest digit still free; the rest an augmenting path each.
    let mut owner = [NONE; 9];
    let mut used = 0u16;
    for (cell, &mask) in masks.iter().enumerate() {
        let free = mask & !used;
        if let Some(slot) = owner.get_mut(free.trailing_zeros() as usize) {
            used |= free & free.wrapping_neg();
            *slot = cell as u8;
        } else if mask != 0 {
            // Most paths are one swap long: a digit of the cell whose owner has a free one.
            let swap = digits_of(mask).find_map(|d| {
                let holder = *owner.get(d)?;
                let free = masks.get(usize::from(holder))? & !used;
                (free != 0).then_some((d, holder, free & free.wrapping_neg()))
            });
            if let Some((d, holder, taken)) = swap {
                if let Some(slot) = owner.get_mut(taken.trailing_zeros() as usize) {
                    *slot = holder;
                }
                if let Some(slot) = owner.get_mut(d) {
                    *slot = cell as u8;
                }
                used |= taken;
            } else {
                if !augment(&masks, &mut owner, cell, &mut 0) {
                    return false;
                }
                used = owner.iter().enumerate().fold(0, |m, (d, &c)| m | u16::from(c != NONE) << d);
            }
        }
    }
    // Digit `d` leads to digit `e` when `e` is a candidate of the cell `d` is matched to:
    // swapping along such steps back to `d` is another perfect matching. Sixteen lanes (the
    // unmatched digits' cell, NONE, picks the bare lane 15): a step of each closure below is
    // one pass over them, with no list of the steps backwards.
    let mut lanes = [0u16; 16];
    lanes[..9].copy_from_slice(&masks);
    let mut leads = [0u16; 16];
    for (d, lead) in leads.iter_mut().enumerate().take(9) {
        *lead = lanes[usize::from(owner[d]) & 15] & !(1 << d);
    }
    // Every such step is on a cycle when each part (the digits a digit reaches) is also the
    // digits that reach it: a step out of a part or into it shows as a difference.
    let mut left = union;
    while left != 0 {
        let digit = left & left.wrapping_neg();
        let onward = closure(digit, |seen| reached(&leads, seen));
        if closure(digit, |seen| reaching(&leads, seen)) != onward {
            return false;
        }
        left &= !onward;
    }
    true
}

/// The digits reached from `from` by repeated `step`s (each giving the set one step on from
/// a set), `from` included.
fn closure(from: u16, step: impl Fn(u16) -> u16) -> u16 {
    let mut seen = from;
    loop {
        let grown = seen | step(seen);
        if grown == seen {
            return seen;
        }
        seen = grown;
    }
}

/// The digits one step on from a digit of `seen`.
fn reached(leads: &[u16; 16], seen: u16) -> u16 {
    leads.iter().enumerate().fold(0, |m, (d, &lead)| m | lead & 0u16.wrapping_sub(seen >> d & 1))
}

/// The digits one step back from a digit of `seen`.
fn reaching(leads: &[u16; 16], seen: u16) -> u16 {
    leads.iter().enumerate().fold(0, |m, (d, &lead)| m | u16::from(lead & seen != 0) << d)
}

/// Kuhn's augmenting path from `cell`: true when it gets a digit, the matching grown by one.
/// `tried` holds the digits already tried on this search.
fn augment(masks: &[u16], owner: &mut [u8; 9], cell: usize, tried: &mut u16) -> bool {
    let Some(&mask) = masks.get(cell) else { return false };
    for d in digits_of(mask & !*tried) {
        *tried |= 1 << d;
        let Some(&holder) = owner.get(d) else { return false };
        if holder == NONE || augment(masks, owner, usize::from(holder), tried) {
            if let Some(slot) = owner.get_mut(d) {
                *slot = cell as u8;
            }
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::steps::geometry::{members, UNIT_CELLS};
    use crate::steps::subsets::{hidden, naked};
    use crate::steps::testing::pencil_with;

    /// By the definition: some set of open cells whose digits are as many, with one of those
    /// digits in another open cell of the unit.
    fn removable_by_some_subset(masks: &[u16]) -> bool {
        (1u32..1 << masks.len()).any(|pick| {
            let (chosen, rest) =
                masks
                    .iter()
                    .enumerate()
                    .fold((0u16, 0u16), |(c, r), (i, &m)| if pick >> i & 1 == 1 { (c | m, r) } else { (c, r | m) });
            pop9(chosen) == pick.count_ones() as usize && chosen & rest != 0
        })
    }

    #[test]
    fn free_units_are_those_no_subset_removes_from() {
        let mut rng = Rng::new(29);
        let mut free = 0;
        for _ in 0..20000 {
            // A unit (row 1) holding a permutation, so that it has a perfect matching, and a
            // few more candidates each.
            let mut digits: Vec<usize> = (0..9).collect();
            rng.shuffle(&mut digits);
            let spread = 1 + rng.below(9);
            let mut marks = [0x1ffu16; 81];
            for cell in 0..9 {
                marks[cell] = 1 << digits[cell];
                for _ in 0..rng.below(spread) {
                    marks[cell] |= 1 << digits[rng.index(9)];
                }
            }
            let p = pencil_with(&marks);
            let expected = !removable_by_some_subset(&marks[..9]);
            assert_eq!(subset_free(&p, 0), expected, "{:?}", &marks[..9]);
            if expected {
                free += 1;
                let others = !1u32;
                let none = |n| naked(&p, n, others).is_none() && hidden(&p, n, others).is_none();
                assert!((2..=4).all(none));
            }
        }
        assert!(free > 2000, "{free}");
    }

    #[test]
    fn a_unit_without_a_perfect_matching_is_not_known_free() {
        let mut marks = [0x1ffu16; 81];
        for cell in members(UNIT_CELLS[9]) {
            marks[cell] = 0b11;
        }
        assert!(!subset_free(&pencil_with(&marks), 9));
    }
}
