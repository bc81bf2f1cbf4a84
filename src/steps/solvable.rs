//! A quick proof that the path of easiest steps solves a puzzle, for generation, which grades
//! many puzzles only to keep the few that the path does not solve.
//!
//! The proof takes singles, pointing and claiming as the path would, and when they are stuck,
//! every AIC removal at once ([`all_aic_removals`]). The path takes its chains one at a time,
//! each after trying every other technique again; the AIC removes what most of them do.
//!
//! Why a board it solves is one the path solves. Where the path is stuck, its board has no
//! single, and no technique removes anything there. Each removal of the proof is one that
//! singles, pointing, claiming or an AIC makes on some board with at least the stuck board's
//! candidates (every step of both is sound, so both keep the solution's). Such a removal is
//! never left on the stuck board:
//! - pointing and claiming: a digit confined to a line of a box, or a box of a line, still is;
//! - an AIC `a = b - c = ... = z`: if each of its candidates is still there, its strong links
//!   (two places, two digits) still are, so it is an AIC of at most as many nodes there, which
//!   the path would take; if one is not, it is placed or removed, and following the chain from
//!   it (a removed candidate's strong partner is a single, a placed one's weak partners go)
//!   places `a` or `z`, which removes what the chain does, since every candidate it removes
//!   sees both ends.
//!
//! So the stuck board has lost every candidate the proof removes, and if the proof solves the
//! puzzle, the stuck board is solved: the path does not get stuck.

use super::chains::{all_aic_removals, Buffers};
use super::finder::next_step_after;
use super::level::{place_singles, up_to};
use super::memo::Memo;
use super::pencil::Pencil;
use super::step::Step;
use super::table::{Level, Technique};
use super::uniqueness_known::Uniqueness;
use crate::grid::Grid;

/// True when the steps of the module's comment solve `grid`, which must have exactly one
/// solution: then the path of easiest steps solves it too without forcing chains, so its
/// level is at most [`Level::Extreme`]. False says nothing.
pub fn surely_solved(grid: &Grid) -> bool {
    surely_solved_seeing(grid, &mut |_| {})
}

/// [`surely_solved`], showing `seen` each step before it is taken.
fn surely_solved_seeing(grid: &Grid, seen: &mut dyn FnMut(&Step)) -> bool {
    let mut pencil = Pencil::from_grid(grid);
    place_singles(&mut pencil);
    let cheap = up_to(Level::Easy) | Technique::Pointing.bit() | Technique::Claiming.bit();
    let mut unique = Uniqueness::from(true);
    let mut memo = Memo::with_buffers(Buffers::reused());
    let solved = loop {
        if pencil.is_solved() {
            break true;
        }
        let step =
            next_step_after(&pencil, cheap, &mut unique, &mut memo).or_else(|| all_aic_removals(&pencil, &mut memo.buffers));
        let Some(step) = step else { break false };
        seen(&step);
        memo.applying(&pencil, &step);
        pencil.apply(&step);
        memo.applied(&pencil);
    };
    memo.buffers.give_back();
    solved
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, Request};
    use crate::parse::grid_from_text;
    use crate::rng::Rng;
    use crate::solve::{count_solutions, solve};
    use crate::steps::logic_level;

    /// Puzzles of each level, from the public hard sets when they are there and from the
    /// generator (minimal puzzles, a few of them needing forcing chains).
    fn puzzles() -> Vec<Grid> {
        let mut found = Vec::new();
        for name in ["norvig/sudoku-top95.txt", "norvig/sudoku-hardest.txt", "norvig/sudokus_hard.txt"] {
            for line in crate::test_data::test_data_boards(name) {
                if let Ok(grid) = grid_from_text(&line) {
                    if count_solutions(&grid, 2) == 1 {
                        found.push(grid);
                    }
                }
            }
        }
        for seed in 0..1500 {
            if let Ok(made) = generate(&Request::default(), &mut Rng::new(seed), &mut || false) {
                found.push(made.puzzle);
            }
        }
        found
    }

    #[test]
    fn every_step_agrees_with_the_solution() {
        let mut bulk = 0;
        for puzzle in puzzles() {
            let Some(solution) = solve(&puzzle) else { panic!("{puzzle:?} has a solution") };
            surely_solved_seeing(&puzzle, &mut |step| {
                for &(cell, digit) in &step.eliminations {
                    assert_ne!(solution.cells()[usize::from(cell)], digit, "{} on {puzzle:?}", step.describe());
                }
                for &(cell, digit) in &step.placements {
                    assert_eq!(solution.cells()[usize::from(cell)], digit, "{} on {puzzle:?}", step.describe());
                }
                bulk += usize::from(step.technique == Technique::Aic);
            });
        }
        assert!(bulk > 1000, "{bulk}");
    }

    #[test]
    fn what_it_solves_the_path_solves() {
        // Puzzles it solves and does not, by level: it must solve none of those that need
        // forcing chains or nets, and most of those that need chains (extreme).
        let mut seen = [[0usize; 2]; 7];
        for puzzle in puzzles() {
            let level = logic_level(&puzzle);
            let sure = surely_solved(&puzzle);
            assert!(!(sure && level > Level::Extreme), "{puzzle:?}");
            seen[usize::from(level.code())][usize::from(sure)] += 1;
        }
        let [.., extreme, forcing, nested] = seen;
        assert!(forcing[0] + nested[0] > 10, "{seen:?}");
        assert!(extreme[1] > 100 && extreme[1] > 10 * extreme[0], "{seen:?}");
    }
}
