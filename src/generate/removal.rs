//! Taking givens away while the puzzle keeps its one solution: orbits in a given order, each
//! removed whole or not at all, each removal checked incrementally.

use super::symmetry::Orbits;
use super::thinning::Thinning;
use super::unavoidable::Unavoidable;
use super::window::Window;
use super::Symmetry;
use crate::bounds::Known;
use crate::grid::{Grid, CELLS};
use crate::solve::Stopped;

/// Whether the board, which has `solution` as a solution, has no other, once no single forces
/// the cells of `removed` (just emptied) back: refused without a search when they empty one
/// of the grid's unavoidable sets; else the search of [`Window::unique`], from the window's start
/// (`ahead`: the orbits of the removal order after this one).
#[allow(clippy::too_many_arguments)]
pub fn unique_without_singles(
    board: &Thinning,
    solution: &Grid,
    sets: &Unavoidable,
    window: &mut Window,
    removed: &[u8],
    orbits: &Orbits,
    ahead: &[u8],
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<bool, Stopped> {
    if sets.empties(board.givens(), removed) {
        return Ok(false);
    }
    window.unique(board, solution, removed, orbits, ahead, sets, should_stop)
}

/// Removes from `puzzle` (which has the one solution `solution`) each orbit of `order` whose
/// cells are all given, when it keeps the solution unique and leaves at least `floor` givens.
/// With `floor` 0 the result is minimal over these orbits: no orbit of `order` can go.
pub fn remove_orbits(
    puzzle: &mut Grid,
    solution: &Grid,
    orbits: &Orbits,
    order: &[u8],
    floor: usize,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<(), Stopped> {
    remove_orbits_with(&Unavoidable::of(solution), puzzle, solution, orbits, order, floor, should_stop)
}

/// [`remove_orbits`] with the unavoidable sets of `solution` found already, for a caller that
/// removes from one grid in several orders.
pub fn remove_orbits_with(
    sets: &Unavoidable,
    puzzle: &mut Grid,
    solution: &Grid,
    orbits: &Orbits,
    order: &[u8],
    floor: usize,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<(), Stopped> {
    let mut board = Thinning::new(puzzle);
    let mut window = Window::default();
    for (k, &orbit) in order.iter().enumerate() {
        let members = orbits.get(usize::from(orbit));
        // Without a floor the count cannot stop a removal (the board holds the orbit), and
        // counting the givens of a 128-bit set is a long sequence without a popcount.
        if !members.iter().all(|&cell| board.is_given(cell)) || (floor > 0 && board.count() < floor + members.len()) {
            continue;
        }
        board.take(members);
        // No check of singles first: the window's propagation, which a search starts with,
        // takes about what singles do and also serves the checks they cannot settle.
        let ahead = order.get(k + 1..).known();
        let kept = board.all_forced(solution, members)
            || unique_without_singles(&board, solution, sets, &mut window, members, orbits, ahead, should_stop)?;
        if !kept {
            board.give_back(members, solution);
        }
    }
    *puzzle = board.grid();
    Ok(())
}

/// True when no single given of `puzzle` (with the one solution `solution`) can go without
/// a second solution appearing.
pub fn is_minimal(puzzle: &Grid, solution: &Grid, should_stop: &mut dyn FnMut() -> bool) -> Result<bool, Stopped> {
    let sets = Unavoidable::of(solution);
    let mut board = Thinning::new(puzzle);
    let cells = Symmetry::None.orbits();
    let order: [u8; CELLS] = std::array::from_fn(|cell| cell as u8);
    let mut window = Window::default();
    for cell in 0..CELLS as u8 {
        if !board.is_given(cell) {
            continue;
        }
        board.take(&[cell]);
        if board.all_forced(solution, &[cell])
            || unique_without_singles(
                &board,
                solution,
                &sets,
                &mut window,
                &[cell],
                &cells,
                order.get(usize::from(cell) + 1..).known(),
                should_stop,
            )?
        {
            return Ok(false);
        }
        board.give_back(&[cell], solution);
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::descend::shuffled_orbits;
    use crate::generate::grids::random_grid;
    use crate::generate::Symmetry;
    use crate::rng::Rng;
    use crate::solve::count_solutions;

    /// Removal with a full count after each step, and nothing else: what `remove_orbits`
    /// must match whatever its shortcuts decide.
    fn plain_removal(solution: &Grid, orbits: &Orbits, order: &[u8]) -> Grid {
        let mut cells = *solution.cells();
        for &orbit in order {
            let members = orbits.get(usize::from(orbit));
            let mut smaller = cells;
            members.iter().for_each(|&cell| smaller[usize::from(cell)] = 0);
            if count_solutions(&Grid::from_values(smaller).unwrap_or(Grid::EMPTY), 2) == 1 {
                cells = smaller;
            }
        }
        Grid::from_values(cells).unwrap_or(Grid::EMPTY)
    }

    #[test]
    fn removal_matches_plain_removal() {
        let mut rng = Rng::new(21);
        for symmetry in [Symmetry::None, Symmetry::Rot180, Symmetry::Rot90] {
            let orbits = symmetry.orbits();
            for _ in 0..15 {
                let solution = random_grid(&mut rng, &mut || false).unwrap_or(Grid::EMPTY);
                let mut order = [0u8; CELLS];
                let order = shuffled_orbits(&mut order, orbits.len(), &mut rng);
                let mut puzzle = solution;
                assert_eq!(remove_orbits(&mut puzzle, &solution, &orbits, order, 0, &mut || false), Ok(()));
                assert_eq!(puzzle, plain_removal(&solution, &orbits, order), "{symmetry:?}");
            }
        }
    }
}
