//! A puzzle's level as [`logic_grade`](super::logic_grade) reports it, found with less work:
//! singles first by bitboards, then the path of easiest steps only from where singles stop,
//! and only with the techniques up to a ceiling.
//!
//! Why that is the same level: the path tries singles before anything else, so it first
//! places singles until none is left, and the board it reaches then is the fixpoint of
//! singles, which does not depend on the order they were placed in (each single stays forced
//! while others are placed). Its pencil marks are those of its digits alone, so the path goes
//! on from [`Pencil::from_grid`] of that board exactly as it would have. Levels rise along the
//! table, so the techniques up to a level are a prefix of it, and the path restricted to them
//! is the full path until the full path needs a harder technique, where the restricted one is
//! stuck.

use super::geometry::{members, Cells, PEERS, UNIT_CELLS};
use super::path::{solve_path, Path};
use super::pencil::Pencil;
use super::table::{Level, Techniques, TECHNIQUES};
use crate::grid::Grid;

/// Places every naked and hidden single of `pencil`, to the fixpoint. Stops early on a board
/// where some empty cell has no candidate (no such board has a solution).
pub fn place_singles(pencil: &mut Pencil) {
    loop {
        if pencil.is_solved() || pencil.has_empty_cell_without_marks() {
            return;
        }
        let naked = pencil.single_candidate_cells();
        if naked != 0 {
            for cell in members(naked) {
                let mask = pencil.mask(cell);
                if mask.count_ones() == 1 {
                    pencil.place(cell, mask.trailing_zeros() as usize);
                }
            }
            continue;
        }
        let mut placed = false;
        for d in 0..9 {
            for unit in UNIT_CELLS.iter() {
                let places = pencil.cells_of(d) & unit;
                if places.count_ones() == 1 {
                    pencil.place(places.trailing_zeros() as usize, d);
                    placed = true;
                }
            }
        }
        if !placed {
            return;
        }
    }
}

/// True when singles alone solve `grid`: its level is [`Level::Easy`]. The same fixpoint as
/// [`place_singles`], on bare bitboards (each digit's candidate cells), without pencil marks.
pub fn solved_by_singles(grid: &Grid) -> bool {
    singles_place(grid, Cells::MAX)
}

/// True when naked and hidden singles, from the givens of `grid`, fill every empty cell of
/// `cells` (on a board that has a solution; false once some cell has no candidate left). It
/// stops as soon as they have: removal uses it after taking givens away from a puzzle that
/// singles solve, since the smaller board is then solved by singles exactly when they fill the
/// cells taken away (singles only get easier with more givens, and once those cells are filled
/// the board holds every given of the solvable one).
pub fn singles_place(grid: &Grid, cells: Cells) -> bool {
    let mut empty: Cells = 0;
    let mut digits = [0 as Cells; 9];
    for (cell, &value) in grid.cells().iter().enumerate() {
        if value == 0 {
            empty |= 1 << cell;
        }
    }
    digits.iter_mut().for_each(|candidates| *candidates = empty);
    for (cell, &value) in grid.cells().iter().enumerate() {
        if let Some(candidates) = usize::from(value).checked_sub(1).and_then(|d| digits.get_mut(d)) {
            *candidates &= !PEERS[cell];
        }
    }
    let place = |digits: &mut [Cells; 9], empty: &mut Cells, cell: usize, d: usize| {
        let bit: Cells = 1 << cell;
        digits.iter_mut().for_each(|candidates| *candidates &= !bit);
        if let Some(candidates) = digits.get_mut(d) {
            *candidates &= !PEERS[cell];
        }
        *empty &= !bit;
    };
    while empty & cells != 0 {
        let (mut ones, mut twos) = (0 as Cells, 0 as Cells);
        for &candidates in &digits {
            twos |= ones & candidates;
            ones |= candidates;
        }
        if ones & empty != empty {
            return false;
        }
        let naked = ones & !twos & empty;
        if naked != 0 {
            for cell in members(naked) {
                if let Some(d) = digits.iter().position(|&candidates| candidates >> cell & 1 == 1) {
                    place(&mut digits, &mut empty, cell, d);
                }
            }
            continue;
        }
        let mut placed = false;
        for d in 0..9 {
            if digits[d] == 0 {
                continue;
            }
            for unit in UNIT_CELLS.iter() {
                let places = digits[d] & unit;
                if places.count_ones() == 1 {
                    place(&mut digits, &mut empty, places.trailing_zeros() as usize, d);
                    placed = true;
                }
            }
            if empty & cells == 0 {
                return true;
            }
        }
        if !placed {
            return false;
        }
    }
    true
}

/// The techniques of the levels up to `ceiling`.
pub fn up_to(ceiling: Level) -> Techniques {
    TECHNIQUES.iter().filter(|info| info.level <= ceiling).fold(0, |set, info| set | info.technique.bit())
}

/// The level `logic_grade(grid).level` would give, when it is at most `ceiling`; `None` when
/// it is harder. `grid` must have exactly one solution, as for `logic_grade`.
pub fn level_within(grid: &Grid, ceiling: Level) -> Option<Level> {
    if solved_by_singles(grid) {
        return Some(Level::Easy);
    }
    level_past_singles(grid, ceiling)
}

/// [`level_within`] of a grid that singles are known not to solve (removal knows it without
/// trying them again), so its level is above easy.
pub fn level_past_singles(grid: &Grid, ceiling: Level) -> Option<Level> {
    if ceiling == Level::Easy {
        return None;
    }
    let path = path_past_singles(grid, ceiling);
    if !path.solved {
        // With every technique the path solves each puzzle with one solution.
        debug_assert!(ceiling < Level::TOP, "a puzzle with one solution that logic leaves");
        return None;
    }
    Some(path.steps.iter().map(|step| step.technique.info().level).max().unwrap_or(Level::Easy))
}

/// The path [`level_past_singles`] grades: from where singles stop, with the techniques up to
/// `ceiling`. Generation goes on from where it is stuck after giving a given back.
pub fn path_past_singles(grid: &Grid, ceiling: Level) -> Path {
    let mut pencil = Pencil::from_grid(grid);
    place_singles(&mut pencil);
    solve_path(pencil, up_to(ceiling), true)
}

/// `logic_grade(grid).level`, found with less work (see the module's comment).
pub fn logic_level(grid: &Grid) -> Level {
    level_within(grid, Level::TOP).unwrap_or(Level::TOP)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{generate, Request};
    use crate::rng::Rng;
    use crate::steps::{logic_grade, ALL_TECHNIQUES};

    /// Puzzles of every level: minimal ones, and ones with more clues (easier).
    fn puzzles() -> Vec<Grid> {
        let mut found = Vec::new();
        for seed in 0..300 {
            let clues = [None, Some(26), Some(30), Some(36)][seed % 4];
            let request = Request { clues, ..Request::default() };
            if let Ok(made) = generate(&request, &mut Rng::new(seed as u64), &mut || false) {
                found.push(made.puzzle);
            }
        }
        found
    }

    #[test]
    fn the_fast_level_is_the_logic_grade_level() {
        let mut seen = [0usize; 7];
        for puzzle in puzzles() {
            let level = logic_grade(&puzzle).level;
            seen[usize::from(level.code())] += 1;
            assert_eq!(logic_level(&puzzle), level, "{puzzle:?}");
            assert_eq!(solved_by_singles(&puzzle), level == Level::Easy);
            for ceiling in Level::ALL {
                assert_eq!(level_within(&puzzle, ceiling), (level <= ceiling).then_some(level), "{ceiling:?}");
                if level != Level::Easy {
                    assert_eq!(level_past_singles(&puzzle, ceiling), level_within(&puzzle, ceiling));
                }
            }
        }
        // The sample reaches every level but the top, which random puzzles almost never need
        // (docs/generate.md), so each branch above was taken.
        let [below @ .., top] = seen;
        assert!(below.iter().all(|&n| n > 0), "{seen:?} (top: {top})");
    }

    #[test]
    fn singles_place_the_removed_cell_exactly_when_they_solve_the_smaller_board() {
        let mut rng = Rng::new(6);
        let mut both = [0usize; 2];
        for puzzle in puzzles().into_iter().filter(solved_by_singles) {
            let mut cells = *puzzle.cells();
            // Empty givens in a random order while singles solve the board.
            let mut order: Vec<usize> = (0..81).filter(|&cell| cells[cell] != 0).collect();
            rng.shuffle(&mut order);
            for cell in order {
                let digit = cells[cell];
                cells[cell] = 0;
                let smaller = Grid::from_values(cells).unwrap_or(Grid::EMPTY);
                let solved = solved_by_singles(&smaller);
                assert_eq!(singles_place(&smaller, 1 << cell), solved, "{smaller:?}");
                both[usize::from(solved)] += 1;
                if !solved {
                    cells[cell] = digit;
                }
            }
        }
        assert!(both.iter().all(|&n| n > 0), "{both:?}");
    }

    #[test]
    fn singles_end_where_the_path_of_singles_ends() {
        let singles = up_to(Level::Easy);
        assert_eq!(ALL_TECHNIQUES, up_to(Level::TOP));
        for puzzle in puzzles() {
            let mut fast = Pencil::from_grid(&puzzle);
            place_singles(&mut fast);
            let path = solve_path(Pencil::from_grid(&puzzle), singles, true);
            assert_eq!(fast, path.end);
            assert_eq!(fast, Pencil::from_grid(&fast.grid()));
        }
    }
}
