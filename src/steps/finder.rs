//! The easiest step: each technique in the table's order, until one makes progress.

use super::chains::Buffers;
use super::forcing::{self, Rule};
use super::memo::{Memo, Skip};
use super::pencil::Pencil;
use super::step::Step;
use super::table::{Technique, Techniques, TECHNIQUES};
use super::uniqueness_known::Uniqueness;
use super::{chains, finned, fish, intersections, single_digit, singles, subsets, uniqueness, wings};

/// What a technique found on `p`, if anything.
pub fn find(technique: Technique, p: &Pencil) -> Option<Step> {
    find_skipping(technique, p, Skip::NONE, &mut Buffers::default())
}

/// [`find`] leaving out the digits or units in `skip` where the technique looks at one digit
/// or one unit at a time (see [`Memo`]); other techniques ignore it.
/// `buffers` are the chains' scratch space.
fn find_skipping(technique: Technique, p: &Pencil, skip: Skip, buffers: &mut Buffers) -> Option<Step> {
    use Technique::*;
    match technique {
        FullHouse => singles::full_house(p),
        HiddenSingle => singles::hidden_single(p, skip.units),
        NakedSingle => singles::naked_single(p),
        Pointing => intersections::pointing(p, skip.digits),
        Claiming => intersections::claiming(p, skip.digits),
        NakedPair => subsets::naked(p, 2, skip.units),
        HiddenPair => subsets::hidden(p, 2, skip.units),
        NakedTriple => subsets::naked(p, 3, skip.units),
        HiddenTriple => subsets::hidden(p, 3, skip.units),
        NakedQuad => subsets::naked(p, 4, skip.units),
        HiddenQuad => subsets::hidden(p, 4, skip.units),
        XWing => fish::basic(p, 2, skip.digits),
        Swordfish => fish::basic(p, 3, skip.digits),
        Jellyfish => fish::basic(p, 4, skip.digits),
        FinnedXWing => finned::finned(p, 2, skip.digits),
        FinnedSwordfish => finned::finned(p, 3, skip.digits),
        Skyscraper => single_digit::skyscraper(p, skip.digits),
        TwoStringKite => single_digit::two_string_kite(p, skip.digits),
        EmptyRectangle => single_digit::empty_rectangle(p, skip.digits),
        XyWing => wings::xy_wing(p),
        XyzWing => wings::xyz_wing(p),
        WWing => wings::w_wing(p),
        UniqueRectangle1 => uniqueness::rectangle_type_1(p),
        UniqueRectangle2 => uniqueness::rectangle_type_2(p),
        Bug1 => uniqueness::bug_plus_one(p),
        SimpleColouring => chains::simple_colouring(p, skip.digits, buffers),
        XChain => chains::x_chain(p, skip.digits, buffers),
        XyChain => chains::xy_chain(p, buffers),
        Aic => chains::aic(p, buffers),
        ForcingChain => forcing::forcing(p, Rule::Static, ForcingChain),
        ForcingNet => forcing::forcing(p, Rule::Dynamic, ForcingNet),
        NestedForcingNet => forcing::nested(p, NestedForcingNet),
    }
}

/// The easiest step among `allowed` that makes progress on `p`. Uniqueness techniques run
/// only when `unique` says the board has exactly one solution (asked only when they are
/// reached). `None` when the board is solved, broken (a cell or a unit with nowhere to go),
/// or stuck.
pub fn next_step(p: &Pencil, allowed: Techniques, unique: impl Into<Uniqueness>) -> Option<Step> {
    if p.is_broken() {
        return None;
    }
    next_step_after(p, allowed, &mut unique.into(), &mut Memo::default())
}

/// [`next_step`] on a board known not broken (in a path, a sound step from a board that is
/// not broken leaves one that is not): only the cheap check that every empty cell has a
/// candidate. `memo` holds what earlier boards of the same path showed (see [`Memo`]).
pub fn next_step_after(p: &Pencil, allowed: Techniques, unique: &mut Uniqueness, memo: &mut Memo) -> Option<Step> {
    if p.is_solved() || p.has_empty_cell_without_marks() {
        return None;
    }
    for info in &TECHNIQUES {
        if allowed & info.technique.bit() == 0 || (info.needs_uniqueness && !unique.holds()) {
            continue;
        }
        let skip = memo.skip(info.technique, p);
        if skip.all() {
            continue;
        }
        let found = find_skipping(info.technique, p, skip, &mut memo.buffers);
        memo.record(info.technique, p, found.as_ref());
        if found.as_ref().is_some_and(|step| makes_progress(p, step)) {
            return found;
        }
    }
    None
}

/// A step that places a digit in an empty cell or removes a candidate that is there.
fn makes_progress(p: &Pencil, step: &Step) -> bool {
    let live = |&(cell, digit): &(u8, u8)| p.mask(usize::from(cell)) >> (digit.wrapping_sub(1) & 15) & 1 == 1;
    (!step.placements.is_empty() || !step.eliminations.is_empty())
        && step.placements.iter().all(live)
        && step.eliminations.iter().all(live)
}
