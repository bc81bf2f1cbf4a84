//! One puzzle for a request: a random grid, its givens removed orbit by orbit in a random
//! order, then the directed search or givens put back until the count is met; a grid that
//! cannot meet the request is dropped for a fresh one.

use super::above::from_above;
use super::descend::{descend, shuffled_orbits};
use super::grids::random_grid;
use super::level::remove_within;
use super::removal::{is_minimal, remove_orbits, remove_orbits_with};
use super::request::Request;
use super::symmetry::{Orbits, Symmetry};
use super::transversals::transversal_orbits;
use super::unavoidable::Unavoidable;
use crate::bounds::Known;
use crate::grid::{Grid, CELLS};
use crate::rng::Rng;
use crate::solve::{Partial, Stopped};
use crate::steps::{level_past_singles, level_within, surely_solved, Level};

/// A puzzle and its one solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub puzzle: Grid,
    pub solution: Grid,
}

/// Pairs of orbits the directed search tries on one grid before starting afresh.
const ATTEMPTS_PER_GRID: usize = 400;

/// Removal orders tried on one grid toward expert, extreme or forcing: its unavoidable sets
/// are found once for them all.
const ORDERS_PER_GRID: usize = 4;

/// A puzzle meeting `request` (which must have passed [`Request::check`]), drawn with `rng`.
/// Runs until one is found or `should_stop` says stop.
pub fn generate(request: &Request, rng: &mut Rng, should_stop: &mut dyn FnMut() -> bool) -> Result<Puzzle, Stopped> {
    let orbits = request.symmetry.orbits();
    loop {
        if should_stop() {
            return Err(Stopped);
        }
        if let Some(found) = attempt(request, &orbits, rng, should_stop)? {
            return Ok(found);
        }
    }
}

/// One grid's try at the request.
fn attempt(
    request: &Request,
    orbits: &Orbits,
    rng: &mut Rng,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<Option<Puzzle>, Stopped> {
    let solution = random_grid(rng, should_stop)?;
    if let (Some(level), None, false) = (request.difficulty, request.clues, request.minimal) {
        return toward_level(level, solution, orbits, rng, should_stop);
    }
    let floor = if request.minimal { 0 } else { request.clues.unwrap_or(0) };
    let mut order = [0u8; CELLS];
    let order = shuffled_orbits(&mut order, orbits.len(), rng);
    let mut puzzle = solution;
    remove_orbits(&mut puzzle, &solution, orbits, order, floor, should_stop)?;
    if let Some(clues) = request.clues {
        if puzzle.givens() > clues && !descend(&mut puzzle, &solution, orbits, clues, floor, ATTEMPTS_PER_GRID, rng, should_stop)?
        {
            return Ok(None);
        }
        if puzzle.givens() < clues && (request.minimal || !give_back(&mut puzzle, &solution, orbits, clues, rng)) {
            return Ok(None);
        }
        if puzzle.givens() != clues {
            return Ok(None);
        }
    }
    // Without a symmetry orbits are cells, and removal to the end left no removable cell.
    if request.minimal && request.symmetry != Symmetry::None && !is_minimal(&puzzle, &solution, should_stop)? {
        return Ok(None);
    }
    // With a count or minimality too, a level is met by drawing again: the puzzle is unique
    // here, as the grade needs.
    if let Some(level) = request.difficulty {
        if level_within(&puzzle, level) != Some(level) {
            return Ok(None);
        }
    }
    Ok(Some(Puzzle { puzzle, solution }))
}

/// One grid's try at a level alone. Up to medium or hard: removal that keeps the level at
/// most the one asked for, which mostly ends at it; a grid where it ends below is dropped.
/// Above: removal to the end in a few orders, each result graded (forcing, nested) or walked back
/// toward the level (expert, extreme), sharing the grid and its unavoidable sets.
fn toward_level(
    level: Level,
    solution: Grid,
    orbits: &Orbits,
    rng: &mut Rng,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<Option<Puzzle>, Stopped> {
    let mut order = [0u8; CELLS];
    if level < Level::Expert {
        let order = shuffled_orbits(&mut order, orbits.len(), rng);
        let mut puzzle = solution;
        let reached = remove_within(&mut puzzle, &solution, orbits, order, level, should_stop)?;
        return Ok((reached == level).then_some(Puzzle { puzzle, solution }));
    }
    let sets = Unavoidable::of(&solution);
    for _ in 0..ORDERS_PER_GRID {
        let found = if level >= Level::Forcing {
            // Removal toward forcing nets is removal to the end, and only the result is
            // graded (walking back from a puzzle above the level would cost a grade of forcing
            // nets for every given put back); most results are below it, and half of them
            // propagation alone solves (singles, pointing and claiming: at most medium), which
            // shows it for a fraction of the grade's cost. Of the others, the quick proof that
            // the path solves them settles most (the extreme ones the dearest to grade), and
            // only the rest are graded, from past singles, which do not solve them. The order
            // goes a transversal at a time, which makes such puzzles more often.
            let order = transversal_orbits(&mut order, orbits, rng);
            let mut puzzle = solution;
            remove_orbits_with(&sets, &mut puzzle, &solution, orbits, order, 0, should_stop)?;
            let reached = !Partial::new(&puzzle).is_solved()
                && !surely_solved(&puzzle)
                && level_past_singles(&puzzle, level) == Some(level);
            reached.then_some(puzzle)
        } else {
            let order = shuffled_orbits(&mut order, orbits.len(), rng);
            let mut back = [0u8; CELLS];
            let back = shuffled_orbits(&mut back, orbits.len(), rng);
            from_above(level, &sets, &solution, orbits, order, back, should_stop)?
        };
        if let Some(puzzle) = found {
            return Ok(Some(Puzzle { puzzle, solution }));
        }
    }
    Ok(None)
}

/// Puts empty orbits back, in a random order, until `puzzle` has `clues` givens; false when
/// the sizes left cannot make the count exactly.
fn give_back(puzzle: &mut Grid, solution: &Grid, orbits: &Orbits, clues: usize, rng: &mut Rng) -> bool {
    let mut cells = *puzzle.cells();
    let mut givens = puzzle.givens();
    let mut order = [0u8; CELLS];
    for &k in shuffled_orbits(&mut order, orbits.len(), rng) {
        let members = orbits.get(usize::from(k));
        if givens + members.len() > clues || members.iter().any(|&cell| cells[usize::from(cell)] != 0) {
            continue;
        }
        for &cell in members {
            cells[usize::from(cell)] = solution.cells()[usize::from(cell)];
        }
        givens += members.len();
    }
    *puzzle = Grid::from_values(cells).ok().known_or(*puzzle);
    givens == clues
}
