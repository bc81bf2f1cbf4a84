//! The easiest step: each technique in the table's order, until one makes progress.

use super::pencil::Pencil;
use super::step::Step;
use super::table::{Technique, Techniques, TECHNIQUES};
use super::uniqueness_known::Uniqueness;
use super::{chains, fish, intersections, single_digit, singles, subsets, uniqueness, wings};

/// What a technique found on `p`, if anything.
pub fn find(technique: Technique, p: &Pencil) -> Option<Step> {
    use Technique::*;
    match technique {
        FullHouse => singles::full_house(p),
        HiddenSingle => singles::hidden_single(p),
        NakedSingle => singles::naked_single(p),
        Pointing => intersections::pointing(p),
        Claiming => intersections::claiming(p),
        NakedPair => subsets::naked(p, 2),
        HiddenPair => subsets::hidden(p, 2),
        NakedTriple => subsets::naked(p, 3),
        HiddenTriple => subsets::hidden(p, 3),
        NakedQuad => subsets::naked(p, 4),
        HiddenQuad => subsets::hidden(p, 4),
        XWing => fish::basic(p, 2),
        Swordfish => fish::basic(p, 3),
        Jellyfish => fish::basic(p, 4),
        FinnedXWing => fish::finned(p, 2),
        FinnedSwordfish => fish::finned(p, 3),
        Skyscraper => single_digit::skyscraper(p),
        TwoStringKite => single_digit::two_string_kite(p),
        EmptyRectangle => single_digit::empty_rectangle(p),
        XyWing => wings::xy_wing(p),
        XyzWing => wings::xyz_wing(p),
        WWing => wings::w_wing(p),
        UniqueRectangle1 => uniqueness::rectangle_type_1(p),
        UniqueRectangle2 => uniqueness::rectangle_type_2(p),
        Bug1 => uniqueness::bug_plus_one(p),
        SimpleColouring => chains::simple_colouring(p),
        XChain => chains::x_chain(p),
        XyChain => chains::xy_chain(p),
        Aic => chains::aic(p),
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
    next_step_after(p, allowed, &mut unique.into())
}

/// [`next_step`] on a board known not broken (in a path, a sound step from a board that is
/// not broken leaves one that is not): only the cheap check that every empty cell has a
/// candidate.
pub fn next_step_after(p: &Pencil, allowed: Techniques, unique: &mut Uniqueness) -> Option<Step> {
    if p.is_solved() || p.has_empty_cell_without_marks() {
        return None;
    }
    TECHNIQUES
        .iter()
        .filter(|info| allowed & info.technique.bit() != 0 && (!info.needs_uniqueness || unique.holds()))
        .find_map(|info| find(info.technique, p).filter(|step| makes_progress(p, step)))
}

/// A step that places a digit in an empty cell or removes a candidate that is there.
fn makes_progress(p: &Pencil, step: &Step) -> bool {
    let live = |&(cell, digit): &(u8, u8)| p.mask(usize::from(cell)) >> (digit.wrapping_sub(1) & 15) & 1 == 1;
    (!step.placements.is_empty() || !step.eliminations.is_empty())
        && step.placements.iter().all(live)
        && step.eliminations.iter().all(live)
}
