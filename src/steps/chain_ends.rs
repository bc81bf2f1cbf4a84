//! Where a chain search ends: what a chain with two given ends removes, and whether a search
//! from a start finds a chain at all, told by its depths as sets of nodes (a few instructions
//! a depth) before the search itself runs to name the chain. Most searches find nothing: a
//! board's links fall into small groups, few of them with two ends that remove anything.

use super::geometry::{digits_of, members, Cells, PEERS};
use super::links::{weak_onward, Kinds, Strong, NODES};
use super::pencil::Pencil;

/// The candidates weakly linked to both ends of a chain, which it removes: digit index
/// `digit` from `cells`, then the digit indexes `digits` from cell `cell`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Removed {
    digit: usize,
    cells: Cells,
    cell: usize,
    digits: u16,
}

impl Removed {
    /// What a chain with ends `a` and `z` (nodes) removes.
    pub fn between(p: &Pencil, a: usize, z: usize) -> Removed {
        let ((ca, da), (cz, dz)) = ((a / 9, a % 9), (z / 9, z % 9));
        let mut removed = Removed { digit: da, cells: 0, cell: ca, digits: 0 };
        if da == dz && ca != cz {
            // One digit: its places that see both ends.
            removed.cells = p.cells_of(da) & PEERS[ca] & PEERS[cz];
        } else if ca == cz && da != dz {
            // One cell: its other digits.
            removed.digits = p.mask(ca) & !(1 << da | 1 << dz);
        } else if da != dz && PEERS[ca] >> cz & 1 == 1 {
            // Two digits in cells that see each other: each cell loses the other end's digit.
            let own = |cell: usize, d: usize| p.mask(cell) >> d & 1;
            removed = Removed { digit: dz, cells: Cells::from(own(ca, dz)) << ca, cell: cz, digits: own(cz, da) << da };
        }
        removed
    }

    pub fn is_empty(&self) -> bool {
        self.cells == 0 && self.digits == 0
    }

    /// The candidates, as `(cell, digit index)`.
    pub fn candidates(self) -> impl Iterator<Item = (usize, usize)> {
        let in_cells = members(self.cells).map(move |c| (c, self.digit));
        in_cells.chain(digits_of(self.digits).map(move |d| (self.cell, d)))
    }
}

/// Not numbered: a node without a strong link.
const UNNUMBERED: u8 = u8::MAX;

/// The linked nodes of a chain search, numbered in the order starts are tried (at most 128 of
/// them, so a set of them is one `u128`), with each one's links onward as such sets.
pub struct Levels {
    /// Each number's node.
    nodes: Vec<u16>,
    /// Each node's number (current only for linked nodes).
    number: Vec<u8>,
    /// Each number's strong links, and its weak links onward.
    strong: Vec<u128>,
    weak: Vec<u128>,
}

impl Levels {
    pub fn new() -> Levels {
        Levels { nodes: Vec::with_capacity(128), number: vec![UNNUMBERED; NODES], strong: Vec::with_capacity(128), weak: Vec::with_capacity(128) }
    }

    /// Numbers the linked nodes of `strong` on `p`, with its links and the weak ones onward
    /// of `kinds`. False when there are more than 128 of them: then no search can be told.
    pub fn build(&mut self, p: &Pencil, strong: &Strong, kinds: Kinds) -> bool {
        let Levels { nodes, number, strong: strong_sets, weak: weak_sets } = self;
        nodes.clear();
        for d in kinds.digits() {
            for cell in members(strong.linked[d]) {
                let node = 9 * cell + d;
                if nodes.len() == 128 {
                    return false;
                }
                if let Some(n) = number.get_mut(node) {
                    *n = nodes.len() as u8;
                }
                nodes.push(node as u16);
            }
        }
        let bit = |n: usize| number.get(n).map_or(0, |&i| 1u128 << (i & 127));
        strong_sets.clear();
        weak_sets.clear();
        for &node in nodes.iter() {
            let node = usize::from(node);
            strong_sets.push(strong.of(node).iter().fold(0, |m, &n| m | bit(usize::from(n))));
            let mut weak = 0;
            weak_onward(p, strong, kinds, node, &mut |n| weak |= bit(n));
            weak_sets.push(weak);
        }
        true
    }

    /// True when the search from start number `a` (see `chains::search`), of chains of at
    /// most `limit` nodes, finds one (the starts before it searched first, with no smaller
    /// limit): when some depth's new strong arrivals, from the fourth on, hold an end that
    /// removes something. Breadth-first, each depth is every state first reached there,
    /// whatever the order within it, so this is the search's answer.
    pub fn finds(&self, p: &Pencil, a: usize, limit: usize) -> bool {
        let Some(&start) = self.nodes.get(a) else { return false };
        let start = usize::from(start);
        let union = |sets: &[u128], of: u128| members(of).fold(0, |m, i| m | sets.get(i).copied().unwrap_or(0));
        // Only a later start can end the chain: read backwards, a chain is a chain with the
        // same links, and both ends see the same candidates. So a chain from here to an
        // earlier start, within the limit, would have been one from that start within its
        // (no smaller) limit: shorter than what its search found, or found where it found
        // nothing.
        let later = u128::MAX.checked_shl(a as u32 + 1).unwrap_or(0);
        let (mut weak_seen, mut strong_seen) = (1u128 << (a & 127), 0u128);
        let mut arrived = weak_seen;
        let mut depth = 1;
        while depth < limit {
            let strong = union(&self.strong, arrived) & !strong_seen;
            strong_seen |= strong;
            depth += 1;
            if depth >= 4 && members(strong & later).any(|z| self.nodes.get(z).is_some_and(|&z| !Removed::between(p, start, usize::from(z)).is_empty())) {
                return true;
            }
            if strong == 0 || depth >= limit {
                return false;
            }
            arrived = union(&self.weak, strong) & !weak_seen;
            weak_seen |= arrived;
            depth += 1;
            if arrived == 0 {
                return false;
            }
        }
        false
    }
}
