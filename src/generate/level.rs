//! Removal toward a level: orbits taken away in a random order while the puzzle keeps its one
//! solution and its level stays at most the one asked for; a removal that would pass the level
//! is undone and the next orbit tried. Since removals mostly make a puzzle harder, it mostly
//! ends at the level itself, and what it ends at is known without grading again.

use super::removal::unique_without_singles;
use super::singles::SinglesOrder;
use super::symmetry::Orbits;
use super::thinning::Thinning;
use super::unavoidable::Unavoidable;
use super::window::Window;
use crate::bounds::Known;
use crate::grid::{Grid, CELLS};
#[cfg(target_arch = "x86_64")]
use crate::solve::bmi2_available;
use crate::solve::Stopped;
use crate::steps::{level_past_singles, level_within, logic_level, Level};

/// Removes from `puzzle` (which has the one solution `solution` and a level at most `ceiling`)
/// each orbit of `order`, in turn, whose cells are all given, when the puzzle keeps one
/// solution and a level at most `ceiling`. Returns the level of the result, which is the level
/// `logic_grade` gives it.
pub fn remove_within(
    puzzle: &mut Grid,
    solution: &Grid,
    orbits: &Orbits,
    order: &[u8],
    ceiling: Level,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<Level, Stopped> {
    #[cfg(target_arch = "x86_64")]
    if bmi2_available() {
        // SAFETY: the CPU has AVX2, BMI1 and BMI2 (checked just now).
        return unsafe { remove_within_bmi2(puzzle, solution, orbits, order, ceiling, should_stop) };
    }
    remove_within_portable(puzzle, solution, orbits, order, ceiling, should_stop)
}

/// [`remove_within`] compiled for AVX2, BMI1 and BMI2, the refill of singles inlined: its
/// checks, and-nots and tests of 128-bit cell sets, take fewer instructions so. The same code
/// as [`remove_within_portable`], and tested against it.
///
/// # Safety
/// The CPU must have AVX2, BMI1 and BMI2 ([`bmi2_available`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2")]
unsafe fn remove_within_bmi2(
    puzzle: &mut Grid,
    solution: &Grid,
    orbits: &Orbits,
    order: &[u8],
    ceiling: Level,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<Level, Stopped> {
    remove_within_with(puzzle, solution, orbits, order, ceiling, should_stop)
}

/// [`remove_within`] for the base instruction set.
fn remove_within_portable(
    puzzle: &mut Grid,
    solution: &Grid,
    orbits: &Orbits,
    order: &[u8],
    ceiling: Level,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<Level, Stopped> {
    remove_within_with(puzzle, solution, orbits, order, ceiling, should_stop)
}

/// [`remove_within`], inlined into each of its compilations.
#[inline(always)]
fn remove_within_with(
    puzzle: &mut Grid,
    solution: &Grid,
    orbits: &Orbits,
    order: &[u8],
    ceiling: Level,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<Level, Stopped> {
    // A full grid (as removal starts from) is easy, with nothing to grade.
    if puzzle.givens() < CELLS && level_within(puzzle, ceiling).is_none() {
        return Ok(logic_level(puzzle));
    }
    let mut board = Thinning::new(puzzle);
    // Easy is the level of the start: removal toward it is at its level from the first orbit.
    if ceiling == Level::Easy {
        remove_forced(&mut board, solution, orbits, order);
        *puzzle = board.grid();
        return Ok(Level::Easy);
    }
    // While the puzzle is easy, the unavoidable sets refuse a removal before singles are
    // tried: one that empties a set lets a second solution in, so singles cannot solve the
    // board, and a set check costs a fraction of trying them.
    let sets = Unavoidable::of(solution);
    // The level so far; `None` once it is only known to be at most the top.
    let mut level = Some(Level::Easy);
    let mut window = Window::default();
    // How singles fill the board while it is easy.
    let mut singles = SinglesOrder::new(&board, solution);
    for (k, &orbit) in order.iter().enumerate() {
        let members = orbits.get(usize::from(orbit));
        if !members.iter().all(|&cell| board.is_given(cell)) {
            continue;
        }
        board.take(members);
        // A forced removal changes neither the solution count nor the level (see all_forced).
        let kept = if board.all_forced(solution, members) {
            if level == Some(Level::Easy) {
                singles.put_first(members, solution);
            }
            Some(level)
        } else if sets.empties(board.givens(), members) {
            None
        } else if level == Some(Level::Easy) && singles.refill(members, solution) {
            // Singles still solve the board, so it is easy and has no other solution. Once
            // the level is above easy they cannot: fewer givens never make singles go further.
            Some(Some(Level::Easy))
        } else {
            let ahead = order.get(k + 1..).known();
            if !unique_without_singles(&board, solution, &sets, &mut window, members, orbits, ahead, should_stop)? {
                None
            } else if ceiling == Level::TOP {
                // Every puzzle is at most the top: the level is found once, at the end.
                Some(None)
            } else {
                // Singles do not solve the board: they did not fill the orbit back in, or the
                // level was already above easy.
                level_past_singles(&board.grid(), ceiling).map(Some)
            }
        };
        match kept {
            Some(reached) => level = reached,
            None => board.give_back(members, solution),
        }
        // At the level (never reached toward the top, which is found at the end).
        if level == Some(ceiling) {
            remove_forced(&mut board, solution, orbits, order.get(k + 1..).known());
            break;
        }
    }
    *puzzle = board.grid();
    Ok(level.unwrap_or_else(|| logic_level(puzzle)))
}

/// Removal once the puzzle is at the level asked for: only the orbits of `order` that a single
/// forces go (see [`Thinning::all_forced`]). Each keeps the solution count and the level, so
/// it needs no check but that. Toward easy, which a full grid is at already, this is all the
/// removal: the puzzle keeps the givens of an easy puzzle as people know it (about 33 of them),
/// where the fewest givens that singles still solve (about 25, what `minimal=True` asks for)
/// would need a refill of singles after every other removal.
fn remove_forced(board: &mut Thinning, solution: &Grid, orbits: &Orbits, order: &[u8]) {
    for &orbit in order {
        let members = orbits.get(usize::from(orbit));
        if !members.iter().all(|&cell| board.is_given(cell)) {
            continue;
        }
        board.take(members);
        if !board.all_forced(solution, members) {
            board.give_back(members, solution);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::descend::shuffled_orbits;
    use crate::generate::grids::random_grid;
    use crate::generate::Symmetry;
    use crate::rng::Rng;

    #[test]
    fn the_bmi2_removal_leaves_what_the_portable_one_does() {
        #[cfg(target_arch = "x86_64")]
        if bmi2_available() {
            let mut never = || false;
            for seed in 0..90u64 {
                let symmetry = if seed % 3 == 0 { Symmetry::Rot180 } else { Symmetry::None };
                let orbits = symmetry.orbits();
                // Above easy, where removal refills singles while the puzzle is easy.
                let ceiling = [Level::Medium, Level::Hard][(seed % 2) as usize];
                let mut rng = Rng::new(seed);
                let Ok(solution) = random_grid(&mut rng, &mut never) else { panic!("stopped") };
                let mut store = [0u8; CELLS];
                let order = shuffled_orbits(&mut store, orbits.len(), &mut rng);
                let (mut plain, mut fast) = (solution, solution);
                let reached = remove_within_portable(&mut plain, &solution, &orbits, order, ceiling, &mut never);
                // SAFETY: bmi2_available said the CPU has AVX2, BMI1 and BMI2.
                let fast_reached = unsafe { remove_within_bmi2(&mut fast, &solution, &orbits, order, ceiling, &mut never) };
                assert_eq!((plain, reached), (fast, fast_reached), "{seed}");
                assert!(plain.givens() < 40, "{seed}");
            }
        }
    }

    #[test]
    fn easy_removal_keeps_singles_solving_and_stops_where_no_single_forces_a_removal() {
        use crate::steps::solved_by_singles;
        let mut never = || false;
        let mut givens = 0;
        for seed in 0..60u64 {
            let symmetry = if seed % 2 == 0 { Symmetry::Rot180 } else { Symmetry::None };
            let orbits = symmetry.orbits();
            let mut rng = Rng::new(seed);
            let Ok(solution) = random_grid(&mut rng, &mut never) else { panic!("stopped") };
            let mut store = [0u8; CELLS];
            let order = shuffled_orbits(&mut store, orbits.len(), &mut rng);
            let mut puzzle = solution;
            assert_eq!(remove_within(&mut puzzle, &solution, &orbits, order, Level::Easy, &mut never), Ok(Level::Easy));
            assert!(solved_by_singles(&puzzle), "{seed}");
            assert_eq!(logic_level(&puzzle), Level::Easy, "{seed}");
            let mut board = Thinning::new(&puzzle);
            for orbit in 0..orbits.len() {
                let members = orbits.get(orbit);
                if members.iter().all(|&cell| board.is_given(cell)) {
                    board.take(members);
                    assert!(!board.all_forced(&solution, members), "{seed} {members:?}");
                    board.give_back(members, &solution);
                }
            }
            givens += puzzle.givens();
        }
        // Far from the full grid, and far from the fewest givens singles allow.
        assert!((28 * 60..40 * 60).contains(&givens), "{givens}");
    }
}
