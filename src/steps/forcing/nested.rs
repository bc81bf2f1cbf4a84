//! Nested forcing nets, the last rung: a branch that, besides singles, removes every
//! candidate whose own assumption breaks it by a net one level shallower. At depth 1 the
//! inner nets are the forcing nets of [`search`](super::search); each level deeper can see
//! one more assumption ahead. Every puzzle with one solution gives way at some depth: a wrong
//! candidate's branch, nested as deep as the board has empty cells, tries every way to fill
//! it. The step is the first assumption, in cell and digit order, that breaks at the least
//! depth; its branch is recorded with each nested removal following the assumption.

use super::super::chain::{Chain, Forcing};
use super::super::geometry::{digits_of, members};
use super::super::pencil::Pencil;
use super::super::step::Step;
use super::super::table::Technique;
use super::branch::{Branch, Rule, Start, Trace, Why};
use super::facts::Facts;
use crate::grid::CELLS;

/// Settles `branch` with singles, and at `depth` > 0 also removes each candidate whose
/// assumption breaks it at `depth - 1`, until neither changes it.
fn settle_nested<T: Trace>(branch: &mut Branch, depth: usize, start: &Start, trace: &mut T) -> Result<(), super::Broken> {
    branch.settle(Rule::Dynamic, start, trace, &mut 0)?;
    if depth == 0 {
        return Ok(());
    }
    loop {
        let mut changed = false;
        for cell in members(branch.empty) {
            for d in 0..9 {
                if !branch.has(cell, d) {
                    continue;
                }
                let mut inner = *branch;
                let broken =
                    inner.place(cell, d, Why::Root, &mut ()).and_then(|()| settle_nested(&mut inner, depth - 1, start, &mut ()));
                if broken.is_err() {
                    branch.remove_nested(cell, d, trace);
                    branch.settle(Rule::Dynamic, start, trace, &mut 0)?;
                    changed = true;
                }
            }
        }
        if !changed {
            return Ok(());
        }
    }
}

/// The first assumption that a nested net of the least depth breaks.
pub fn nested(p: &Pencil, technique: Technique) -> Option<Step> {
    let start = Start::of(p);
    let base = Branch::of(p);
    for depth in 1..=CELLS {
        for cell in members(p.empty()) {
            for d in digits_of(p.mask(cell)) {
                let mut branch = base;
                let broken =
                    branch.place(cell, d, Why::Root, &mut ()).and_then(|()| settle_nested(&mut branch, depth, &start, &mut ()));
                if broken.is_err() {
                    return Some(explain(p, &base, &start, (cell, d), depth, technique));
                }
            }
        }
        if depth >= p.empty().count_ones() as usize {
            break;
        }
    }
    None
}

/// The step for the assumption `(cell, d)` that breaks at `depth`: its branch run again,
/// recorded.
fn explain(p: &Pencil, base: &Branch, start: &Start, (cell, d): (usize, usize), depth: usize, technique: Technique) -> Step {
    let mut facts = Facts::default();
    let mut branch = *base;
    let outcome =
        branch.place(cell, d, Why::Root, &mut facts).and_then(|()| settle_nested(&mut branch, depth, start, &mut facts));
    let mut net = Chain::default();
    debug_assert!(outcome.is_err(), "a nested branch that changed");
    if let Err(broken) = outcome {
        facts.append_to(&mut net, &facts.ends_of(broken, p), p);
        net.forcing = Some(Forcing::Contradiction(broken));
    }
    net.nesting = depth as u8;
    Step::new(technique).eliminating(d, 1 << cell).with_digits(1 << d).with_cell_list(&[cell as u8]).with_chain(net).finish()
}
