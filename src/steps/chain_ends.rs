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
    /// Each node's number (current only for linked nodes), at index `node & (NUMBERED - 1)`.
    number: Box<[u8; NUMBERED]>,
    /// Each number's strong links, and its weak links onward (current for the first
    /// `nodes.len()`), at index `number & 127`: fixed arrays, so lookups need no checks.
    strong: Box<[u128; 128]>,
    weak: Box<[u128; 128]>,
}

/// Room for every node's number, as a power of two: a node masked by `NUMBERED - 1` is within
/// the array without a check, and no node is ever near the mask.
const NUMBERED: usize = 1024;
const _: () = assert!(NODES <= NUMBERED);

impl Levels {
    pub fn new() -> Levels {
        Levels {
            nodes: Vec::with_capacity(128),
            number: Box::new([UNNUMBERED; NUMBERED]),
            strong: Box::new([0; 128]),
            weak: Box::new([0; 128]),
        }
    }

    /// How many linked nodes the last [`Levels::build`] numbered.
    pub fn numbered(&self) -> usize {
        self.nodes.len()
    }

    /// Numbers the linked nodes of `strong` on `p`, with its links and the weak ones onward
    /// of `kinds`. False when there are more than 128 of them: then no search can be told.
    pub fn build(&mut self, p: &Pencil, strong: &Strong, kinds: Kinds) -> bool {
        let Levels { nodes, number, .. } = self;
        nodes.clear();
        for d in kinds.digits() {
            for cell in members(strong.linked[d]) {
                let node = 9 * cell + d;
                if nodes.len() == 128 {
                    return false;
                }
                number[node & (NUMBERED - 1)] = nodes.len() as u8;
                nodes.push(node as u16);
            }
        }
        if nodes.len() <= 64 {
            self.link_sets::<u64>(p, strong, kinds);
        } else {
            self.link_sets::<u128>(p, strong, kinds);
        }
        true
    }

    /// Each numbered node's strong links and weak links onward, as sets of numbers made with
    /// type `S` (wide enough for every number).
    fn link_sets<S: NodeSet>(&mut self, p: &Pencil, strong: &Strong, kinds: Kinds) {
        let Levels { nodes, number, strong: strong_sets, weak: weak_sets } = self;
        let bit = |n: usize| S::bit(usize::from(number[n & (NUMBERED - 1)]));
        for (i, &node) in nodes.iter().enumerate() {
            let node = usize::from(node);
            strong_sets[i & 127] = strong.of(node).iter().fold(S::ZERO, |m, &n| m | bit(usize::from(n))).wide();
            let mut weak = S::ZERO;
            weak_onward(p, strong, kinds, node, &mut |n| weak = weak | bit(n));
            weak_sets[i & 127] = weak.wide();
        }
    }

    /// True when the search from start number `a` (see `chains::search`), of chains of at
    /// most `limit` nodes, finds one (the starts before it searched first, with no smaller
    /// limit): when some depth's new strong arrivals, from the fourth on, hold an end that
    /// removes something. Breadth-first, each depth is every state first reached there,
    /// whatever the order within it, so this is the search's answer.
    pub fn finds(&self, p: &Pencil, a: usize, limit: usize) -> bool {
        self.walk(p, a, limit, &mut |_| true)
    }

    /// Passes `removed` what each chain of at most `limit` nodes from start number `a` to a
    /// later start removes, for each such end the walk of [`Levels::finds`] reaches (by its
    /// fewest links). With every start walked, that is every candidate the searches of all
    /// starts would remove, one chain at a time, on this board.
    pub fn removals(&self, p: &Pencil, a: usize, limit: usize, removed: &mut dyn FnMut(Removed)) {
        self.walk(p, a, limit, &mut |found| {
            removed(found);
            false
        });
    }

    /// The walk of [`Levels::finds`] from start number `a`: `end` is told what each end
    /// found removes, until it returns true (then so does the walk).
    fn walk(&self, p: &Pencil, a: usize, limit: usize, end: &mut dyn FnMut(Removed) -> bool) -> bool {
        // Most boards have at most 64 linked nodes: their sets are halves, and half the work.
        if self.nodes.len() <= 64 {
            self.walk_in::<u64>(p, a, limit, end)
        } else {
            self.walk_in::<u128>(p, a, limit, end)
        }
    }

    /// [`Levels::walk`] with sets of type `S`, wide enough for every number.
    fn walk_in<S: NodeSet>(&self, p: &Pencil, a: usize, limit: usize, end: &mut dyn FnMut(Removed) -> bool) -> bool {
        let Some(&start) = self.nodes.get(a) else { return false };
        let start = usize::from(start);
        let union = |sets: &[u128; 128], of: S| of.members().fold(S::ZERO, |m, i| m | S::low(sets[i & 127]));
        // Only a later start can end the chain: read backwards, a chain is a chain with the
        // same links, and both ends see the same candidates. So a chain from here to an
        // earlier start, within the limit, would have been one from that start within its
        // (no smaller) limit: shorter than what its search found, or found where it found
        // nothing.
        let later = S::above(a);
        let (mut weak_seen, mut strong_seen) = (S::bit(a), S::ZERO);
        let mut arrived = weak_seen;
        let mut depth = 1;
        while depth < limit {
            let strong = union(&self.strong, arrived) & !strong_seen;
            strong_seen = strong_seen | strong;
            depth += 1;
            if depth >= 4 {
                for z in (strong & later).members() {
                    let removed = self.nodes.get(z).map(|&z| Removed::between(p, start, usize::from(z)));
                    if removed.is_some_and(|removed| !removed.is_empty() && end(removed)) {
                        return true;
                    }
                }
            }
            if strong == S::ZERO || depth >= limit {
                return false;
            }
            arrived = union(&self.weak, strong) & !weak_seen;
            weak_seen = weak_seen | arrived;
            depth += 1;
            if arrived == S::ZERO {
                return false;
            }
        }
        false
    }
}

/// A set of numbered nodes, bit `i` for number `i`.
trait NodeSet: Copy + Eq + std::ops::BitOr<Output = Self> + std::ops::BitAnd<Output = Self> + std::ops::Not<Output = Self> {
    const ZERO: Self;
    /// The numbers below the type's width of a set of up to 128.
    fn low(set: u128) -> Self;
    /// The set of number `i` alone (`i` below the type's width).
    fn bit(i: usize) -> Self;
    /// The numbers above `i` (`i` below the type's width), in the type's own width: no
    /// shift of a `u128` where a `u64` will do.
    fn above(i: usize) -> Self;
    /// The set as one of up to 128.
    fn wide(self) -> u128;
    /// The lowest number, removed from the set.
    fn take_first(&mut self) -> Option<usize>;

    fn members(mut self) -> impl Iterator<Item = usize> {
        std::iter::from_fn(move || self.take_first())
    }
}

impl NodeSet for u64 {
    const ZERO: u64 = 0;
    fn low(set: u128) -> u64 {
        set as u64
    }
    fn bit(i: usize) -> u64 {
        1 << (i & 63)
    }
    fn above(i: usize) -> u64 {
        u64::MAX.checked_shl(i as u32 + 1).unwrap_or(0)
    }
    fn wide(self) -> u128 {
        u128::from(self)
    }
    fn take_first(&mut self) -> Option<usize> {
        if *self == 0 {
            return None;
        }
        let first = self.trailing_zeros() as usize;
        *self &= *self - 1;
        Some(first)
    }
}

impl NodeSet for u128 {
    const ZERO: u128 = 0;
    fn low(set: u128) -> u128 {
        set
    }
    fn bit(i: usize) -> u128 {
        1 << (i & 127)
    }
    fn above(i: usize) -> u128 {
        u128::MAX.checked_shl(i as u32 + 1).unwrap_or(0)
    }
    fn wide(self) -> u128 {
        self
    }
    fn take_first(&mut self) -> Option<usize> {
        if *self == 0 {
            return None;
        }
        let first = self.trailing_zeros() as usize;
        *self &= *self - 1;
        Some(first)
    }
}
