//! Taking givens away while the puzzle keeps its one solution: orbits in a given order, each
//! removed whole or not at all, each removal checked incrementally.

use super::symmetry::Orbits;
use super::unavoidable::{givens_of, Unavoidable};
use crate::grid::{box_of, Grid, CELLS, SIDE};
use crate::solve::{count_solutions_avoiding, count_solutions_interruptible, Stopped};

/// The 20 peers of each cell: the cells of its row, column and box but itself.
const PEERS: [[u8; 20]; CELLS] = {
    let mut table = [[0u8; 20]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (r, c) = (cell / SIDE, cell % SIDE);
        let mut k = 0;
        let mut other = 0;
        while other < CELLS {
            let (r2, c2) = (other / SIDE, other % SIDE);
            let same_box = r / 3 == r2 / 3 && c / 3 == c2 / 3;
            if other != cell && (r == r2 || c == c2 || same_box) {
                table[cell][k] = other as u8;
                k += 1;
            }
            other += 1;
        }
        cell += 1;
    }
    table
};

/// The digits present in each row, column and box of `cells` (bit d for digit d; bit 0 is
/// set by any empty cell and means nothing).
struct Units {
    rows: [u16; SIDE],
    columns: [u16; SIDE],
    boxes: [u16; SIDE],
}

impl Units {
    fn of(cells: &[u8; CELLS]) -> Units {
        let mut units = Units {
            rows: [0; SIDE],
            columns: [0; SIDE],
            boxes: [0; SIDE],
        };
        for (cell, &value) in cells.iter().enumerate() {
            let (r, c) = (cell / SIDE, cell % SIDE);
            units.rows[r] |= 1 << value;
            units.columns[c] |= 1 << value;
            units.boxes[box_of(r, c)] |= 1 << value;
        }
        units
    }

    /// The digits seen by an empty cell from its row, column and box.
    fn seen(&self, cell: usize) -> u16 {
        let (r, c) = (cell / SIDE, cell % SIDE);
        self.rows[r] | self.columns[c] | self.boxes[box_of(r, c)]
    }
}

/// True when the givens of `cells` force `digit` into the empty `cell`: a naked single (the
/// other eight digits are among its peers) or a hidden single (no other empty cell of its
/// row, column or box can take the digit).
fn forced(cells: &[u8; CELLS], units: &Units, cell: usize, digit: u8) -> bool {
    if (units.seen(cell) >> 1).count_ones() == 8 {
        return true;
    }
    let Some(peers) = PEERS.get(cell) else {
        return false;
    };
    let (r, c) = (cell / SIDE, cell % SIDE);
    let bit = 1u16 << digit;
    // Whether some other empty cell of the row, the column, the box can take the digit.
    let mut open = [false; 3];
    for &peer in peers {
        let peer = usize::from(peer);
        if cells[peer] != 0 || units.seen(peer) & bit != 0 {
            continue;
        }
        let (r2, c2) = (peer / SIDE, peer % SIDE);
        open[0] |= r2 == r;
        open[1] |= c2 == c;
        open[2] |= box_of(r2, c2) == box_of(r, c);
    }
    open.contains(&false)
}

/// True when a naked or hidden single of `puzzle`'s givens forces each cell of `removed` (its
/// digit in `solution`): putting them back is then what singles do first, so the puzzle keeps
/// its one solution, and its singles reach the same board as before the removal.
pub fn all_forced(puzzle: &Grid, solution: &Grid, removed: &[u8]) -> bool {
    let cells = puzzle.cells();
    let units = Units::of(cells);
    let full = solution.cells();
    removed.iter().all(|&cell| {
        forced(
            cells,
            &units,
            usize::from(cell),
            full.get(usize::from(cell)).copied().unwrap_or(0),
        )
    })
}

/// Whether `puzzle`, which has `solution` as a solution, has no other. `removed` are the cells
/// just emptied: when that is one cell, the only other solutions would differ there, so one
/// search that avoids its digit decides it.
pub fn still_unique(
    puzzle: &Grid,
    solution: &Grid,
    sets: &Unavoidable,
    removed: &[u8],
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<bool, Stopped> {
    if all_forced(puzzle, solution, removed) {
        return Ok(true);
    }
    let givens = givens_of(puzzle);
    if removed
        .iter()
        .any(|&cell| sets.emptied(givens, usize::from(cell)))
    {
        return Ok(false);
    }
    if let [cell] = removed {
        let cell = usize::from(*cell);
        let digit = solution.cells().get(cell).copied().unwrap_or(0);
        return Ok(count_solutions_avoiding(puzzle, cell, digit, 1, should_stop)? == 0);
    }
    Ok(count_solutions_interruptible(puzzle, 2, should_stop)? == 1)
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
    let sets = Unavoidable::of(solution);
    let mut cells = *puzzle.cells();
    let mut givens = cells.iter().filter(|&&v| v != 0).count();
    for &orbit in order {
        let members = orbits.get(usize::from(orbit));
        if members.iter().any(|&cell| cells[usize::from(cell)] == 0)
            || givens < floor + members.len()
        {
            continue;
        }
        for &cell in members {
            cells[usize::from(cell)] = 0;
        }
        let smaller = Grid::from_values(cells).unwrap_or(*puzzle);
        if still_unique(&smaller, solution, &sets, members, should_stop)? {
            givens -= members.len();
        } else {
            for &cell in members {
                cells[usize::from(cell)] = solution.cells()[usize::from(cell)];
            }
        }
    }
    *puzzle = Grid::from_values(cells).unwrap_or(*puzzle);
    Ok(())
}

/// True when no single given of `puzzle` (with the one solution `solution`) can go without
/// a second solution appearing.
pub fn is_minimal(
    puzzle: &Grid,
    solution: &Grid,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<bool, Stopped> {
    let sets = Unavoidable::of(solution);
    let mut cells = *puzzle.cells();
    for cell in 0..CELLS {
        let digit = cells[cell];
        if digit == 0 {
            continue;
        }
        cells[cell] = 0;
        let smaller = Grid::from_values(cells).unwrap_or(*puzzle);
        if still_unique(&smaller, solution, &sets, &[cell as u8], should_stop)? {
            return Ok(false);
        }
        cells[cell] = digit;
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peers_are_twenty_distinct_others() {
        for (cell, peers) in PEERS.iter().enumerate() {
            let mut sorted = peers.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), 20);
            assert!(!peers.contains(&(cell as u8)));
        }
    }
}
