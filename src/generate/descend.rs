//! The directed search for puzzles with fewer givens than clue removal reaches: from a puzzle
//! with one solution, take two orbits of givens away, which lets other solutions in, and look
//! for one orbit to give back that shuts them all out again. A success is one orbit fewer (or
//! more, when the orbits differ in size); removal then takes away what has become redundant.
//!
//! Only an orbit where the solution differs from each of the other solutions found can shut
//! them out, so a handful of them narrows the orbits to try to a few.

use super::removal::remove_orbits;
use super::symmetry::Orbits;
use crate::bounds::Known;
use crate::grid::{Grid, CELLS};
use crate::rng::Rng;
use crate::solve::{count_solutions_interruptible, for_each_solution, Stopped};

/// Other solutions gathered to narrow the orbits worth giving back.
const RIVALS: usize = 12;

/// Lowers the givens of `puzzle` (whose one solution is `solution`) to at most `target`,
/// trying up to `attempts` pairs of orbits; true when it got there. `floor` is passed to the
/// removal after each success (0 for a minimal result, `target` to stop there).
#[allow(clippy::too_many_arguments)]
pub fn descend(
    puzzle: &mut Grid,
    solution: &Grid,
    orbits: &Orbits,
    target: usize,
    floor: usize,
    attempts: usize,
    rng: &mut Rng,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<bool, Stopped> {
    let full = solution.cells();
    let mut rival_store = [[0u8; CELLS]; RIVALS];
    let mut order = [0u8; CELLS];
    for _ in 0..attempts {
        if puzzle.givens() <= target {
            return Ok(true);
        }
        let cells = *puzzle.cells();
        let given = |k: usize| orbits.get(k).iter().all(|&cell| cells[usize::from(cell)] != 0);
        let given_count = (0..orbits.len()).filter(|&k| given(k)).count();
        if given_count < 2 {
            return Ok(false);
        }
        // Two distinct given orbits, uniformly.
        let first = nth_where(orbits.len(), rng.index(given_count), &given);
        let second = first.and_then(|first| nth_where(orbits.len(), rng.index(given_count - 1), &|k| given(k) && k != first));
        let (Some(first), Some(second)) = (first, second) else {
            return Ok(false);
        };
        let mut open = cells;
        for &cell in orbits.get(first).iter().chain(orbits.get(second)) {
            open[usize::from(cell)] = 0;
        }
        let open_grid = Grid::from_values(open).ok().known_or(*puzzle);
        let mut found_count = 0;
        for_each_solution(
            &open_grid,
            &mut |found: &Grid| {
                if found != solution {
                    if let Some(slot) = rival_store.get_mut(found_count) {
                        *slot = *found.cells();
                        found_count += 1;
                    }
                }
                found_count >= RIVALS
            },
            should_stop,
        )?;
        let rivals = rival_store.get(..found_count).known();
        let budget = orbits.get(first).len() + orbits.get(second).len();
        // Orbits to give back: empty, smaller than the two taken, and telling the solution
        // apart from every rival (else that rival survives).
        let mut count = 0;
        for k in 0..orbits.len() {
            let members = orbits.get(k);
            let empty = members.iter().all(|&cell| open[usize::from(cell)] == 0);
            let useful = rivals.iter().all(|rival| members.iter().any(|&c| rival[usize::from(c)] != full[usize::from(c)]));
            if k != first && k != second && empty && members.len() < budget && useful {
                if let Some(slot) = order.get_mut(count) {
                    *slot = k as u8;
                    count += 1;
                }
            }
        }
        let candidates = order.get_mut(..count).known();
        rng.shuffle(candidates);
        for &k in candidates.iter() {
            let mut trial = open;
            for &cell in orbits.get(usize::from(k)) {
                trial[usize::from(cell)] = full[usize::from(cell)];
            }
            let trial = Grid::from_values(trial).ok().known_or(*puzzle);
            if count_solutions_interruptible(&trial, 2, should_stop)? == 1 {
                *puzzle = trial;
                let mut removal = [0u8; CELLS];
                let removal = shuffled_orbits(&mut removal, orbits.len(), rng);
                remove_orbits(puzzle, solution, orbits, removal, floor, should_stop)?;
                break;
            }
        }
    }
    Ok(puzzle.givens() <= target)
}

/// The orbit numbers `0..count` in a random order, in `store`.
pub fn shuffled_orbits<'a>(store: &'a mut [u8; CELLS], count: usize, rng: &mut Rng) -> &'a [u8] {
    for (k, slot) in store.iter_mut().enumerate() {
        *slot = k as u8;
    }
    let order = store.get_mut(..count).known();
    rng.shuffle(order);
    order
}

/// The index below `len` of the `n`-th k (from 0) for which `keep(k)` holds.
fn nth_where(len: usize, n: usize, keep: &dyn Fn(usize) -> bool) -> Option<usize> {
    (0..len).filter(|&k| keep(k)).nth(n)
}
