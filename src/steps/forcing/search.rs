//! Forcing chains and nets: every candidate of the board assumed in turn and followed by
//! singles. A branch that breaks the board removes its assumption (a contradiction); a
//! conclusion that every candidate of a cell, or every place of a digit in a unit, reaches
//! holds whichever is true (a verity). Of all it finds, the step is the one whose branches
//! place the fewest digits: the shortest to follow.

use super::super::chain::{Broken, Chain, Forcing};
use super::super::geometry::{digits_of, members, Cells, UNITS, UNIT_CELLS};
use super::super::pencil::Pencil;
use super::super::step::Step;
use super::super::table::Technique;
use super::branch::{Branch, Rule, Start};
use super::facts::{End, Facts};

/// What a step's branches start from, and what they show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Found {
    Contradiction { root: (usize, usize), broken: Broken },
    Cell(usize),
    Unit { unit: usize, d: usize },
}

/// What every branch of a verity reaches: the digits each places (new ones only) and the
/// candidates each removes, for each digit index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Common {
    pub placed: [Cells; 9],
    pub removed: [Cells; 9],
}

/// What branches have in common so far: the cells each digit index is placed in by all of
/// them, and those where any of them keeps it (placed or a candidate).
struct Meet {
    placed: [Cells; 9],
    kept: [Cells; 9],
}

impl Meet {
    fn new() -> Meet {
        Meet { placed: [Cells::MAX; 9], kept: [0; 9] }
    }

    fn add(&mut self, branch: &Branch) {
        for d in 0..9 {
            self.placed[d] &= branch.placed[d];
            self.kept[d] |= branch.digits[d] | branch.placed[d];
        }
    }

    /// What every branch added reaches from `base`.
    fn common(&self, base: &Branch) -> Common {
        Common {
            placed: std::array::from_fn(|d| self.placed[d] & !base.placed[d]),
            removed: std::array::from_fn(|d| base.digits[d] & !self.kept[d]),
        }
    }
}

impl Common {
    /// What all of `branches` reach from `base`.
    pub fn of<'a>(base: &Branch, branches: impl IntoIterator<Item = &'a Branch>) -> Common {
        let mut meet = Meet::new();
        branches.into_iter().for_each(|branch| meet.add(branch));
        meet.common(base)
    }

    pub fn is_empty(&self) -> bool {
        self.placed.iter().chain(&self.removed).all(|&cells| cells == 0)
    }

    /// The facts a branch must reach to show these conclusions.
    fn ends(&self) -> Vec<End> {
        let mut ends = Vec::new();
        for d in 0..9 {
            ends.extend(members(self.placed[d]).map(|cell| End::On(cell, d)));
            ends.extend(members(self.removed[d]).map(|cell| End::Off(cell, d)));
        }
        ends
    }
}

/// The step of a forcing chain (`Rule::Static`) or net (`Rule::Dynamic`) with the shortest
/// branches, if any candidate's branch shows anything.
pub fn forcing(p: &Pencil, rule: Rule, technique: Technique) -> Option<Step> {
    let start = Start::of(p);
    let base = Branch::of(p);
    // Each candidate's branch, found through `index` by slot `9 * cell + d` (a board has a
    // few hundred candidates, and a table of all 729 branches would be mostly empty).
    let mut index = [u16::MAX; 729];
    let mut outcomes: Vec<(usize, Result<Branch, Broken>, u32)> = Vec::with_capacity(256);
    for cell in members(p.empty()) {
        for d in digits_of(p.mask(cell)) {
            let mut size = 0;
            let result = base.assume((cell, d), rule, &start, &mut (), &mut size);
            index[cell * 9 + d] = outcomes.len() as u16;
            outcomes.push((cell * 9 + d, result, size));
        }
    }
    let found = least(p, &base, &index, &outcomes)?;
    Some(explain(p, &base, &start, rule, technique, found))
}

/// The step of least size among the branches `outcomes`: the digits its branches place in
/// all (the first such, in the order of contradictions, cells, then units).
fn least(p: &Pencil, base: &Branch, index: &[u16; 729], outcomes: &[(usize, Result<Branch, Broken>, u32)]) -> Option<Found> {
    let mut best: Option<(u32, Found)> = None;
    let mut consider = |size: u32, found: Found| {
        if best.is_none_or(|(least, _)| size < least) {
            best = Some((size, found));
        }
    };
    for &(slot, outcome, size) in outcomes {
        if let Err(broken) = outcome {
            consider(size, Found::Contradiction { root: (slot / 9, slot % 9), broken });
        }
    }
    // What a verity's branches have in common, if all of them hold; with their total size.
    let all_hold = |roots: &mut dyn Iterator<Item = (usize, usize)>| -> Option<(Common, u32)> {
        let mut meet = Meet::new();
        let mut total: u32 = 0;
        for (cell, d) in roots {
            match index.get(cell * 9 + d).and_then(|&i| outcomes.get(usize::from(i))) {
                Some((_, Ok(branch), size)) => {
                    meet.add(branch);
                    total = total.saturating_add(*size);
                }
                _ => return None,
            }
        }
        Some((meet.common(base), total))
    };
    for cell in members(p.empty()) {
        if let Some((common, size)) = all_hold(&mut digits_of(p.mask(cell)).map(|d| (cell, d))) {
            if !common.is_empty() {
                consider(size, Found::Cell(cell));
            }
        }
    }
    for d in 0..9 {
        for unit in 0..UNITS {
            let places = p.cells_of(d) & UNIT_CELLS[unit];
            if places.count_ones() < 2 {
                continue;
            }
            if let Some((common, size)) = all_hold(&mut members(places).map(|cell| (cell, d))) {
                if !common.is_empty() {
                    consider(size, Found::Unit { unit, d });
                }
            }
        }
    }
    best.map(|(_, found)| found)
}

/// The step for `found`: its branches run again, recorded, and the facts its conclusions need
/// gathered into one net.
fn explain(p: &Pencil, base: &Branch, start: &Start, rule: Rule, technique: Technique, found: Found) -> Step {
    let mut net = Chain::default();
    let roots: Vec<(usize, usize)> = match found {
        Found::Contradiction { root, .. } => vec![root],
        Found::Cell(cell) => digits_of(p.mask(cell)).map(|d| (cell, d)).collect(),
        Found::Unit { unit, d } => members(p.cells_of(d) & UNIT_CELLS[unit]).map(|cell| (cell, d)).collect(),
    };
    let mut branches = Vec::with_capacity(roots.len());
    let mut traces = Vec::with_capacity(roots.len());
    for &root in &roots {
        let mut facts = Facts::default();
        let outcome = base.assume(root, rule, start, &mut facts, &mut 0);
        debug_assert_eq!(outcome.is_err(), matches!(found, Found::Contradiction { .. }), "a branch that changed");
        if let Ok(branch) = outcome {
            branches.push(branch);
        }
        traces.push(facts);
    }
    let mut step = Step::new(technique);
    match found {
        Found::Contradiction { root: (cell, d), broken } => {
            if let Some(facts) = traces.first() {
                facts.append_to(&mut net, &facts.ends_of(broken, p), p);
            }
            net.forcing = Some(Forcing::Contradiction(broken));
            step = step.eliminating(d, 1 << cell).with_digits(1 << d);
        }
        Found::Cell(_) | Found::Unit { .. } => {
            let common = Common::of(base, &branches);
            let ends = common.ends();
            for facts in &traces {
                let indexes: Vec<usize> = ends.iter().filter_map(|&end| facts.find(end)).collect();
                debug_assert_eq!(indexes.len(), ends.len(), "a branch without the common conclusion");
                facts.append_to(&mut net, &indexes, p);
            }
            for d in 0..9 {
                for cell in members(common.placed[d]) {
                    step = step.placing(cell, d);
                }
                step = step.eliminating(d, common.removed[d]);
            }
            net.forcing = match found {
                Found::Unit { unit, d } => {
                    step = step.with_units(&[unit]).with_digits(1 << d);
                    Some(Forcing::Unit { unit: unit as u8, digit: d as u8 + 1 })
                }
                Found::Cell(cell) => Some(Forcing::Cell(cell as u8)),
                Found::Contradiction { broken, .. } => Some(Forcing::Contradiction(broken)),
            };
        }
    }
    step.with_cell_list(&roots.iter().map(|&(cell, _)| cell as u8).fold(Vec::new(), |mut cells, cell| {
        if !cells.contains(&cell) {
            cells.push(cell);
        }
        cells
    }))
    .with_chain(net)
    .finish()
}
