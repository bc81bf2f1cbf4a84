//! Random complete grids: random digits in the three diagonal boxes, a random solver fill of
//! the rest, then a uniformly random
//! element of the grid group (relabelling, row and column swaps within bands and stacks,
//! band and stack swaps, transposition) applied to it.
//!
//! The group step makes every grid of an isomorphism class exactly as likely as the others of
//! its class. How likely each class is comes from the fill, whose guesses are uniform choices
//! among their options: that weights a class by its search paths, not exactly by its size,
//! so the grids are not claimed to be uniform over all 6.67e21.

use crate::bounds::Known;
use crate::grid::{Grid, CELLS, SIDE};
use crate::rng::Rng;
use crate::solve::{random_solution, Stopped};

/// A random complete valid grid (see the module's notes on its distribution).
pub fn random_grid(rng: &mut Rng, should_stop: &mut dyn FnMut() -> bool) -> Result<Grid, Stopped> {
    // The three boxes of the main diagonal share no unit, so any three orders of the digits
    // there start a grid; the search then has a third of the board to fill. Every board
    // completes them (there is always a solution), so the fallback is never taken.
    let mut cells = [0u8; CELLS];
    for corner in [0, 30, 60] {
        let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits);
        for (k, digit) in digits.into_iter().enumerate() {
            if let Some(cell) = cells.get_mut(corner + (k / 3) * SIDE + k % 3) {
                *cell = digit;
            }
        }
    }
    let seeded = Grid::from_checked(cells);
    let filled = random_solution(&seeded, rng, should_stop)?.unwrap_or_else(base);
    Ok(transform(&filled, rng))
}

/// A valid grid to fall back on: never used while the solver finds a fill.
fn base() -> Grid {
    let mut cells = [0u8; CELLS];
    for (i, cell) in cells.iter_mut().enumerate() {
        let (r, c) = (i / SIDE, i % SIDE);
        *cell = ((r * 3 + r / 3 + c) % SIDE) as u8 + 1;
    }
    Grid::from_checked(cells)
}

/// A uniformly random order of the 9 rows (or columns) that keeps bands (stacks) together.
fn line_order(rng: &mut Rng) -> [usize; SIDE] {
    let mut bands = [0, 1, 2];
    rng.shuffle(&mut bands);
    let mut order = [0; SIDE];
    for (slot, band) in order.chunks_exact_mut(3).zip(bands) {
        let mut lines = [0, 1, 2];
        rng.shuffle(&mut lines);
        for (line, offset) in slot.iter_mut().zip(lines) {
            *line = band * 3 + offset;
        }
    }
    order
}

/// `grid` under a uniformly random element of the group of maps that keep grids valid.
fn transform(grid: &Grid, rng: &mut Rng) -> Grid {
    let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut digits);
    let rows = line_order(rng);
    let columns = line_order(rng);
    let transpose = rng.coin();
    let old = grid.cells();
    let mut cells = [0u8; CELLS];
    for (i, cell) in cells.iter_mut().enumerate() {
        let (r, c) = if transpose { (i % SIDE, i / SIDE) } else { (i / SIDE, i % SIDE) };
        let value = old[rows[r] * SIDE + columns[c]];
        *cell = digits.get(usize::from(value).wrapping_sub(1)).copied().unwrap_or(0);
    }
    Grid::from_values(cells).ok().known_or(*grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::is_valid;

    #[test]
    fn grids_are_complete_valid_and_seeded() {
        let mut rng = Rng::new(11);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            let grid = random_grid(&mut rng, &mut || false).unwrap_or(Grid::EMPTY);
            assert!(grid.is_complete() && is_valid(&grid));
            seen.insert(grid);
        }
        assert_eq!(seen.len(), 200);
        let again = random_grid(&mut Rng::new(11), &mut || false);
        let first = random_grid(&mut Rng::new(11), &mut || false);
        assert_eq!(again, first);
        assert!(is_valid(&base()) && base().is_complete());
    }

    #[test]
    fn transforms_keep_grids_valid() {
        let mut rng = Rng::new(2);
        for _ in 0..100 {
            let grid = transform(&base(), &mut rng);
            assert!(grid.is_complete() && is_valid(&grid));
        }
    }

    #[test]
    fn every_cell_takes_every_digit() {
        let mut rng = Rng::new(4);
        let mut counts = [[0u32; 9]; CELLS];
        for _ in 0..900 {
            let grid = random_grid(&mut rng, &mut || false).unwrap_or(Grid::EMPTY);
            for (count, &value) in counts.iter_mut().zip(grid.cells()) {
                count[usize::from(value) - 1] += 1;
            }
        }
        // 100 expected per digit and cell; a 6-sigma band is about +-57.
        assert!(counts.iter().flatten().all(|&n| (40..160).contains(&n)));
    }
}
