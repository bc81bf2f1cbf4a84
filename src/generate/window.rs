//! Uniqueness checks along a removal order from a shared start: the givens minus the next few
//! orbits of the order are settled once ([`Partial`]), and each check among those orbits only
//! places the givens of the window still on the board.

use super::symmetry::Orbits;
use super::thinning::Thinning;
use super::unavoidable::{cell_set, for_each_cell, Cells, Unavoidable};
use crate::bounds::Known;
use crate::grid::{Grid, CELLS};
use crate::solve::{Partial, Stopped};

/// Cells a start leaves out, at least (whole orbits): more makes the start serve more checks,
/// and each check place more givens back. Minimal puzzles take the fewest instructions with
/// 4 to 8 (1 is a fresh start per check: a quarter more); since orbits the sets refuse stay
/// out of the window, 4 or 5 (minimal, expert and forcing all least with 5, by a little).
const WIDTH: usize = 5;

/// The start shared by the checks of the next few orbits of a removal order.
#[derive(Default)]
pub struct Window {
    /// The start, and the givens it has (cell bits).
    start: Option<(Partial, Cells)>,
}

impl Window {
    /// Whether `board`, which has `solution` as a solution and was just emptied of the cells
    /// of `removed`, has no other: for one cell, no solution avoids its digit there (the only
    /// other solutions would); for an orbit, a count to two. `ahead` are the orbits of the
    /// order after this one, whose checks a fresh start also serves, and `sets` the grid's
    /// unavoidable sets.
    #[allow(clippy::too_many_arguments)]
    pub fn unique(
        &mut self,
        board: &Thinning,
        solution: &Grid,
        removed: &[u8],
        orbits: &Orbits,
        ahead: &[u8],
        sets: &Unavoidable,
        should_stop: &mut dyn FnMut() -> bool,
    ) -> Result<bool, Stopped> {
        let givens = board.givens();
        // The start serves while the board keeps its givens: only cells of the window left it.
        let serves = self.start.as_ref().is_some_and(|(_, shared)| givens & shared == *shared);
        if !serves {
            self.start = Some(fresh(board, solution, removed, orbits, ahead, sets));
        }
        // The board is the start's givens and its other givens, each the solution's digit.
        let Some((partial, shared)) = &self.start else {
            return Ok(false);
        };
        let added = givens & !shared;
        if let [cell] = removed {
            let cell = usize::from(*cell);
            let digit = solution.cells().get(cell).copied().known();
            return Ok(partial.count_adding(added, solution, Some((cell, digit)), 1, should_stop)? == 0);
        }
        Ok(partial.count_adding(added, solution, None, 2, should_stop)? == 1)
    }
}

/// The start of `board` (whose givens are digits of `solution`) without `removed` and the
/// given orbits of `ahead` up to [`WIDTH`] cells, with the givens it keeps. An orbit whose
/// removal already empties one of `sets` stays in the start: the sets refuse it whenever it
/// comes (fewer givens leave the set empty), so it never needs a search, and its place goes
/// to an orbit that may.
fn fresh(
    board: &Thinning,
    solution: &Grid,
    removed: &[u8],
    orbits: &Orbits,
    ahead: &[u8],
    sets: &Unavoidable,
) -> (Partial, Cells) {
    let givens = board.givens();
    let mut out = cell_set(removed);
    // The cells of `out`, counted as they come: they are distinct (`removed` is off the board
    // and each orbit taken on it).
    let mut count = removed.len();
    for &orbit in ahead {
        if count >= WIDTH {
            break;
        }
        let cells = orbits.get(usize::from(orbit));
        let members = cell_set(cells);
        if members & givens == members && !sets.empties(givens & !members, cells) {
            out |= members;
            count += cells.len();
        }
    }
    let shared = givens & !out;
    let mut cells = [0u8; CELLS];
    for_each_cell(shared, |cell| {
        if let (Some(value), Some(&digit)) = (cells.get_mut(cell), solution.cells().get(cell)) {
            *value = digit;
        }
    });
    (Partial::new(&Grid::from_checked(cells)), shared)
}
