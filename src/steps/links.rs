//! The strong links between candidates that chains are built from. A candidate is a node
//! `9 * cell + digit`; a strong link says at least one of two nodes is true (the only two
//! places of a digit in a unit, or the only two digits of a cell); a weak link says at most
//! one is (two digits of one cell, or one digit in two cells that see each other).

use super::bits::{pop9, two};
use super::geometry::{first, members, PEERS, UNIT_CELLS};
use super::pencil::Pencil;
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
        for (d, cells) in self.linked.iter_mut().enumerate() {
            for cell in members(*cells) {
                if let Some(count) = self.counts.get_mut(9 * cell + d) {
                    *count = 0;
                }
            }
            *cells = 0;
        }
        let strong = self;
        let digits = match kinds.one_digit {
            Some(d) => d..d + 1,
            None => 0..9,
        };
        if kinds.conjugate {
            for d in digits.clone() {
                let cells = p.cells_of(d);
                // Units in order: rows (nine bits of the board each), then columns and boxes.
                for row in 0..9 {
                    let places = (cells >> (9 * row)) as u16 & 0x1ff;
                    if pop9(places) == 2 {
                        let a = 9 * row + places.trailing_zeros() as usize;
                        let b = 9 * row + (places & (places - 1)).trailing_zeros() as usize;
                        strong.add((a, d), (b, d));
                    }
                }
                for unit in &UNIT_CELLS[9..] {
                    let places = cells & unit;
                    if two(places) {
                        let a = first(places);
                        let b = first(places & !(1 << a));
                        strong.add((a, d), (b, d));
                    }
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

    /// The nodes strongly linked to `node`.
    pub fn of(&self, node: usize) -> &[u16] {
        match (self.links.get(node), self.counts.get(node)) {
            (Some(links), Some(&n)) => &links[..usize::from(n)],
            _ => &[],
        }
    }
}

/// The nodes weakly linked to `node` that have a strong link onward, calling `visit` on each.
pub fn weak_onward(p: &Pencil, strong: &Strong, kinds: Kinds, node: usize, visit: &mut impl FnMut(usize)) {
    let (cell, d) = (node / 9, node % 9);
    for other in members(strong.linked[d] & PEERS[cell] & p.cells_of(d)) {
        visit(9 * other + d);
    }
    if kinds.in_cell {
        let mut mask = p.mask(cell) & !(1 << d);
        while mask != 0 {
            let e = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if strong.linked[e] >> cell & 1 == 1 {
                visit(9 * cell + e);
            }
        }
    }
}
