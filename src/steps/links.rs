//! The strong links between candidates that chains are built from. A candidate is a node
//! `9 * cell + digit`; a strong link says at least one of two nodes is true (the only two
//! places of a digit in a unit, or the only two digits of a cell); a weak link says at most
//! one is (two digits of one cell, or one digit in two cells that see each other).

use super::bits::{pop9, two};
use super::geometry::{first, members, Cells, PEERS, UNIT_CELLS};
use super::pencil::Pencil;
use crate::bounds::Known;
use crate::grid::CELLS;

/// Nodes on the board.
pub const NODES: usize = CELLS * 9;

/// Which strong links a chain may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Kinds {
    /// Conjugate pairs: a digit's two places in a unit.
    pub conjugate: bool,
    /// Bivalue cells: a cell's two digits.
    pub bivalue: bool,
    /// Weak links inside a cell (between its digits).
    pub in_cell: bool,
    /// Only chains of one digit.
    pub one_digit: Option<usize>,
}

impl Kinds {
    /// No links at all.
    pub const NONE: Kinds = Kinds { conjugate: false, bivalue: false, in_cell: false, one_digit: None };

    /// The digits whose nodes the links join.
    pub fn digits(self) -> std::ops::Range<usize> {
        self.one_digit.map_or(0..9, |d| d..d + 1)
    }
}

/// Every digit's conjugate pairs, and the cells of each digit they were found on (see
/// [`conjugates_of`]). Boxed: a path moves its buffers a few times, and most paths never use
/// these.
pub type Kept = Option<Box<(Strong, [Cells; 9])>>;

/// Each node's strong links (at most three conjugate pairs and one bivalue cell).
pub struct Strong {
    links: Vec<[u16; 4]>,
    counts: Vec<u8>,
    /// The cells of digit `d` whose node has a strong link.
    pub linked: [u128; 9],
}

impl Strong {
    pub fn build(p: &Pencil, kinds: Kinds) -> Strong {
        let mut strong = Strong { links: vec![[0; 4]; NODES], counts: vec![0; NODES], linked: [0; 9] };
        strong.rebuild(p, kinds);
        strong
    }

    /// The links of `p` in place of the ones held (no allocation: only the nodes that had a
    /// link are cleared, and they are the ones `linked` names).
    pub fn rebuild(&mut self, p: &Pencil, kinds: Kinds) {
        self.rebuild_with(p, kinds, None);
    }

    /// [`Strong::rebuild`], the conjugate pairs copied from `kept` (see [`conjugates_of`])
    /// when given rather than found again: most digits' pairs are still those it holds.
    fn rebuild_with(&mut self, p: &Pencil, kinds: Kinds, mut kept: Option<&mut Kept>) {
        for d in 0..9 {
            self.clear(d);
        }
        let strong = self;
        if kinds.conjugate {
            for d in kinds.digits() {
                match kept.as_deref_mut() {
                    Some(kept) => strong.copy_digit(conjugates_of(kept, p, d), d),
                    None => strong.add_conjugates(p, d),
                }
            }
        }
        if kinds.bivalue && kinds.one_digit.is_none() {
            for cell in members(p.empty()) {
                let mask = p.mask(cell);
                if pop9(mask) == 2 {
                    let x = mask.trailing_zeros() as usize;
                    let y = (mask & (mask - 1)).trailing_zeros() as usize;
                    strong.add((cell, x), (cell, y));
                }
            }
        }
    }

    /// The conjugate pairs of digit `d` on `p` in place of those held for it, the links of
    /// other digits kept: as [`Strong::rebuild`] would find them for `d` alone.
    pub fn rebuild_conjugates(&mut self, p: &Pencil, d: usize) {
        self.clear(d);
        self.add_conjugates(p, d);
    }

    /// Forgets the links of digit `d`'s nodes.
    fn clear(&mut self, d: usize) {
        let Some(cells) = self.linked.get_mut(d) else { return };
        for cell in members(*cells) {
            if let Some(count) = self.counts.get_mut(9 * cell + d) {
                *count = 0;
            }
        }
        *cells = 0;
    }

    /// The links of digit `d`'s nodes in `from`, in place of those held (cleared): the same
    /// links in the same order, as each node's links are of its own digit's pairs alone.
    fn copy_digit(&mut self, from: &Strong, d: usize) {
        let Some(&cells) = from.linked.get(d) else { return };
        for cell in members(cells) {
            let node = 9 * cell + d;
            if let (Some(count), Some(links), Some(&n), Some(&l)) =
                (self.counts.get_mut(node), self.links.get_mut(node), from.counts.get(node), from.links.get(node))
            {
                *count = n;
                *links = l;
            }
        }
        if let Some(linked) = self.linked.get_mut(d) {
            *linked = cells;
        }
    }

    fn add_conjugates(&mut self, p: &Pencil, d: usize) {
        let cells = p.cells_of(d);
        // Units in order: rows (nine bits of the board each), then columns and boxes.
        for row in 0..9 {
            let places = (cells >> (9 * row)) as u16 & 0x1ff;
            if pop9(places) == 2 {
                let a = 9 * row + places.trailing_zeros() as usize;
                let b = 9 * row + (places & (places - 1)).trailing_zeros() as usize;
                self.add((a, d), (b, d));
            }
        }
        for unit in &UNIT_CELLS[9..] {
            let places = cells & unit;
            if two(places) {
                let a = first(places);
                let b = first(places & !(1 << a));
                self.add((a, d), (b, d));
            }
        }
    }

    /// Links candidates `a` and `b`, each a `(cell, digit index)`.
    fn add(&mut self, a: (usize, usize), b: (usize, usize)) {
        for ((cell, d), (to_cell, to_d)) in [(a, b), (b, a)] {
            let (from, to) = (9 * cell + d, 9 * to_cell + to_d);
            let (Some(count), Some(links)) = (self.counts.get_mut(from), self.links.get_mut(from)) else { continue };
            let n = usize::from(*count);
            if n < 4 && !links[..n].contains(&(to as u16)) {
                links[n] = to as u16;
                *count += 1;
            }
            if let Some(linked) = self.linked.get_mut(d) {
                *linked |= 1 << cell;
            }
        }
    }

    /// True when `node` has a strong link: when `linked` names it (a node's count is set
    /// when `linked` gains it, and cleared when `linked` loses it), told by one byte.
    pub fn has_links(&self, node: usize) -> bool {
        self.counts.get(node).is_some_and(|&n| n != 0)
    }

    /// The nodes strongly linked to `node`.
    pub fn of(&self, node: usize) -> &[u16] {
        match (self.links.get(node), self.counts.get(node)) {
            (Some(links), Some(&n)) => &links[..usize::from(n)],
            _ => &[],
        }
    }
}

/// One digit's conjugate pairs by unit (0-8 rows, 9-17 columns, 18-26 boxes): the units
/// where its places are two (bit `unit`), and each one's two places.
pub struct UnitPairs {
    pairs: [Cells; 27],
    pub with: u32,
}

impl UnitPairs {
    /// The pairs of the digit whose places are `cells`, in the first `units` units (the
    /// others left without).
    pub fn of(cells: Cells, units: usize) -> UnitPairs {
        let mut found = UnitPairs { pairs: [0; 27], with: 0 };
        for (unit, slot) in found.pairs.iter_mut().enumerate().take(units) {
            let places = cells & UNIT_CELLS[unit];
            if two(places) {
                *slot = places;
                found.with |= 1 << unit;
            }
        }
        found
    }

    /// Unit `unit`'s two places (nothing when it has other than two).
    pub fn pair(&self, unit: usize) -> Cells {
        self.pairs.get(unit).copied().known()
    }
}

/// The links of `kinds` on `p`, in the buffers of the links before when there were some.
pub fn links_of<'a>(links: &'a mut Option<Strong>, p: &Pencil, kinds: Kinds) -> &'a Strong {
    match links {
        Some(strong) => {
            strong.rebuild(p, kinds);
            strong
        }
        None => links.insert(Strong::build(p, kinds)),
    }
}

/// [`links_of`] with the conjugate pairs (when `kinds` has them) taken from those kept in
/// `conjugates`, brought up to date for each digit as [`conjugates_of`] does.
pub fn links_with_kept<'a>(links: &'a mut Option<Strong>, conjugates: &mut Kept, p: &Pencil, kinds: Kinds) -> &'a Strong {
    let strong = links.get_or_insert_with(|| Strong::build(p, Kinds::NONE));
    strong.rebuild_with(p, kinds, Some(conjugates));
    strong
}

/// The conjugate pairs of every digit, those of digit `d` as they are on `p` (the nodes of
/// `d` linked as [`links_of`] would link them for `d` alone).
pub fn conjugates_of<'a>(conjugates: &'a mut Kept, p: &Pencil, d: usize) -> &'a Strong {
    let (strong, found_on) = &mut **conjugates.get_or_insert_with(|| Box::new((Strong::build(p, Kinds::NONE), [Cells::MAX; 9])));
    if let Some(cells) = found_on.get_mut(d).filter(|cells| **cells != p.cells_of(d)) {
        strong.rebuild_conjugates(p, d);
        *cells = p.cells_of(d);
    }
    strong
}

/// The nodes weakly linked to `node` that have a strong link onward, calling `visit` on each.
pub fn weak_onward(p: &Pencil, strong: &Strong, kinds: Kinds, node: usize, visit: &mut impl FnMut(usize)) {
    let (cell, d) = (node / 9, node % 9);
    // Linked nodes are candidates of `p`: no need to keep to the digit's places.
    let (Some(&linked), Some(&peers)) = (strong.linked.get(d), PEERS.get(cell)) else { return };
    for other in members(linked & peers) {
        visit(9 * other + d);
    }
    if kinds.in_cell {
        let mut mask = p.mask(cell) & !(1 << d);
        while mask != 0 {
            let e = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if strong.has_links(9 * cell + e) {
                visit(9 * cell + e);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::steps::testing::pencil_with;

    /// The links made with the kept conjugate pairs are those found afresh.
    #[test]
    fn links_with_kept_pairs_are_those_found_afresh() {
        let mut rng = Rng::new(13);
        let (mut links, mut kept) = (None, None);
        for _ in 0..100 {
            let marks: [u16; 81] = std::array::from_fn(|_| (0..1 + rng.below(5)).fold(0, |m, _| m | 1 << rng.below(9)));
            let mut p = pencil_with(&marks);
            for _ in 0..10 {
                // Some digits' kept pairs brought up to date before, as chains on one digit do.
                for _ in 0..rng.below(3) {
                    conjugates_of(&mut kept, &p, rng.index(9));
                }
                let bivalue = rng.below(2) == 1;
                let kinds = Kinds { conjugate: true, bivalue, in_cell: bivalue, one_digit: None };
                let fresh = Strong::build(&p, kinds);
                let strong = links_with_kept(&mut links, &mut kept, &p, kinds);
                assert_eq!(strong.linked, fresh.linked);
                for node in 0..NODES {
                    assert_eq!(strong.of(node), fresh.of(node));
                    assert_eq!(strong.has_links(node), strong.linked[node % 9] >> (node / 9) & 1 == 1);
                }
                p.eliminate(rng.below(81) as usize, rng.below(9) as usize);
            }
        }
    }

    /// The conjugate pairs kept from board to board are those found afresh for each digit.
    #[test]
    fn kept_conjugate_pairs_are_those_found_afresh() {
        let mut rng = Rng::new(11);
        for _ in 0..200 {
            let marks: [u16; 81] = std::array::from_fn(|_| (0..1 + rng.below(5)).fold(0, |m, _| m | 1 << rng.below(9)));
            let mut p = pencil_with(&marks);
            let mut kept = None;
            for _ in 0..10 {
                for d in 0..9 {
                    let fresh = Strong::build(&p, Kinds { conjugate: true, bivalue: false, in_cell: false, one_digit: Some(d) });
                    let strong = conjugates_of(&mut kept, &p, d);
                    assert_eq!(strong.linked[d], fresh.linked[d]);
                    for cell in 0..CELLS {
                        assert_eq!(strong.of(9 * cell + d), fresh.of(9 * cell + d));
                    }
                }
                p.eliminate(rng.below(81) as usize, rng.below(9) as usize);
            }
        }
    }
}
