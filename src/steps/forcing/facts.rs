//! What a branch derived, in order, and the net that shows a conclusion: the facts it needs,
//! traced back to the branch's assumption through each fact's premises.

use super::super::chain::{Broken, Chain, Link, Node};
use super::super::geometry::{members, Cells, UNIT_CELLS};
use super::super::pencil::Pencil;
use super::branch::{Trace, Why};

/// Why a fact holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cause {
    /// A digit placed, for this reason.
    On(Why),
    /// A candidate removed by the placement that is fact number `.0`.
    By(u16),
    /// A candidate removed because assuming it breaks the branch (a nested net).
    Nested,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Fact {
    cell: u8,
    d: u8,
    cause: Cause,
}

/// Index of `(cell, d)` in the per-candidate tables.
fn slot(cell: usize, d: usize) -> usize {
    cell * 9 + d
}

/// A recording [`Trace`]: every fact of one branch, and where each candidate was first
/// placed or removed.
pub struct Facts {
    list: Vec<Fact>,
    /// For each candidate, 1 + the index of the fact placing it (0 for none).
    on: Vec<u16>,
    /// For each candidate, 1 + the index of the fact removing it (0 for none).
    off: Vec<u16>,
    last_on: u16,
}

impl Default for Facts {
    fn default() -> Facts {
        Facts { list: Vec::with_capacity(512), on: vec![0; 729], off: vec![0; 729], last_on: 0 }
    }
}

impl Trace for Facts {
    fn on(&mut self, cell: usize, d: usize, why: Why) {
        self.last_on = self.list.len() as u16;
        if let Some(first @ 0) = self.on.get_mut(slot(cell, d)) {
            *first = self.last_on + 1;
        }
        self.list.push(Fact { cell: cell as u8, d: d as u8, cause: Cause::On(why) });
    }

    fn off(&mut self, cells: Cells, d: usize) {
        for cell in members(cells) {
            let index = self.list.len() as u16;
            if let Some(first @ 0) = self.off.get_mut(slot(cell, d)) {
                *first = index + 1;
            }
            self.list.push(Fact { cell: cell as u8, d: d as u8, cause: Cause::By(self.last_on) });
        }
    }

    fn off_nested(&mut self, cell: usize, d: usize) {
        let index = self.list.len() as u16;
        if let Some(first @ 0) = self.off.get_mut(slot(cell, d)) {
            *first = index + 1;
        }
        self.list.push(Fact { cell: cell as u8, d: d as u8, cause: Cause::Nested });
    }
}

/// A fact a net can end on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Digit index `d` placed in `cell`.
    On(usize, usize),
    /// Digit index `d` removed from `cell`.
    Off(usize, usize),
}

impl Facts {
    fn index_of(&self, end: End) -> Option<usize> {
        let found = match end {
            End::On(cell, d) => self.on.get(slot(cell, d)),
            End::Off(cell, d) => self.off.get(slot(cell, d)),
        };
        found.copied().and_then(|i| usize::from(i).checked_sub(1))
    }

    /// The facts that show `broken`: the removals that left its cell or unit empty, or the
    /// placement and the removal that clash.
    pub fn ends_of(&self, broken: Broken, start: &Pencil) -> Vec<usize> {
        match broken {
            Broken::NoCandidate { cell } => {
                let cell = usize::from(cell);
                (0..9).filter(|&d| start.cells_of(d) >> cell & 1 == 1).filter_map(|d| self.index_of(End::Off(cell, d))).collect()
            }
            Broken::NoPlace { unit, digit } => {
                let d = usize::from(digit).saturating_sub(1);
                let places = start.cells_of(d) & UNIT_CELLS.get(usize::from(unit)).copied().unwrap_or(0);
                members(places).filter_map(|cell| self.index_of(End::Off(cell, d))).collect()
            }
            Broken::Both { cell, digit } => {
                let (cell, d) = (usize::from(cell), usize::from(digit).saturating_sub(1));
                let clash = self.list.len().checked_sub(1);
                clash.into_iter().chain(self.index_of(End::Off(cell, d))).collect()
            }
        }
    }

    /// The index of the fact `end`, if the branch reached it.
    pub fn find(&self, end: End) -> Option<usize> {
        self.index_of(end)
    }

    /// The facts fact `i` follows from: for a placement, the removals that left it the
    /// last candidate of its cell or the last place in its unit; for a removal, the
    /// placement that caused it (or, for a nested one, the branch's assumption).
    fn premises(&self, i: usize, start: &Pencil) -> Vec<usize> {
        let Some(fact) = self.list.get(i) else { return Vec::new() };
        let (cell, d) = (usize::from(fact.cell), usize::from(fact.d));
        match fact.cause {
            Cause::On(Why::Root) => Vec::new(),
            Cause::On(Why::Naked) => (0..9)
                .filter(|&e| e != d && start.cells_of(e) >> cell & 1 == 1)
                .filter_map(|e| self.index_of(End::Off(cell, e)))
                .collect(),
            Cause::On(Why::Hidden(unit)) => {
                let places = start.cells_of(d) & UNIT_CELLS.get(usize::from(unit)).copied().unwrap_or(0) & !(1 << cell);
                members(places).filter_map(|other| self.index_of(End::Off(other, d))).collect()
            }
            Cause::By(on) => vec![usize::from(on)],
            Cause::Nested => vec![0],
        }
    }

    /// Appends to `net` the facts `ends` need, back to the branch's start, in the order they
    /// were found (each after its premises).
    pub fn append_to(&self, net: &mut Chain, ends: &[usize], start: &Pencil) {
        let mut needed = vec![false; self.list.len()];
        let mut stack: Vec<usize> = ends.to_vec();
        while let Some(i) = stack.pop() {
            if needed.get(i).copied() == Some(false) {
                needed[i] = true;
                stack.extend(self.premises(i, start).into_iter().filter(|&p| p < i));
            }
        }
        let mut position = vec![u16::MAX; self.list.len()];
        for (i, fact) in self.list.iter().enumerate().filter(|&(i, _)| needed[i]) {
            position[i] = net.nodes.len() as u16;
            let parents: Vec<u16> = self
                .premises(i, start)
                .into_iter()
                .filter_map(|p| position.get(p).copied().filter(|&at| at != u16::MAX))
                .collect();
            let link = match fact.cause {
                Cause::On(_) => Link::Strong,
                Cause::By(_) | Cause::Nested => Link::Weak,
            };
            if !net.nodes.is_empty() {
                net.links.push(link);
            }
            net.nodes.push(Node::cell(usize::from(fact.cell), usize::from(fact.d)));
            net.parents.push(parents);
        }
    }
}
