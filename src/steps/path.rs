//! Solving paths and the logic grade: steps applied in order until the board is solved or
//! no allowed technique applies.

use super::chains::Buffers;
use super::finder::next_step_after;
use super::memo::Memo;
use super::pencil::Pencil;
use super::step::Step;
use super::table::{Level, Technique, Techniques, ALL_TECHNIQUES};
use super::uniqueness_known::Uniqueness;
use crate::grid::{Grid, CELLS};

/// No path is longer: every step places a digit or removes a candidate.
const MAX_STEPS: usize = CELLS * 10;

/// The steps from a board, and where they led.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    pub steps: Vec<Step>,
    pub solved: bool,
    pub end: Pencil,
}

/// Applies the easiest step until the board is solved or stuck. `unique` is asked only if
/// the path reaches a uniqueness technique.
pub fn solve_path(start: Pencil, allowed: Techniques, unique: impl Into<Uniqueness>) -> Path {
    let mut unique = unique.into();
    let mut pencil = start;
    // Room for a typical path at once: growing one step at a time copies them over and over.
    let mut steps = Vec::with_capacity(64);
    let mut memo = Memo::with_buffers(Buffers::reused());
    while steps.len() < MAX_STEPS {
        // next_step's check for a broken board, once: sound steps never break one.
        let broken = steps.is_empty() && pencil.is_broken();
        let found = if broken { None } else { next_step_after(&pencil, allowed, &mut unique, &mut memo) };
        let Some(step) = found else { break };
        memo.applying(&pencil, &step);
        pencil.apply(&step);
        memo.applied(&pencil);
        steps.push(step);
    }
    memo.buffers.give_back();
    Path { solved: pencil.is_solved(), steps, end: pencil }
}

/// How hard a puzzle is for a person, from the path of easiest steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogicGrade {
    /// The hardest technique's level. A path that stops short, because techniques were left
    /// out or the board has no single solution, is at [`Level::TOP`]: it needs more than it had.
    pub level: Level,
    /// The hardest technique the path used (`None` for a board with nothing to do).
    pub hardest: Option<Technique>,
    /// The sum of the path's technique weights.
    pub score: u32,
    /// The number of steps.
    pub steps: u32,
    pub solved_by_logic: bool,
}

/// The grade of a puzzle already known to have exactly one solution (so the uniqueness
/// techniques apply). Its level is that of the hardest technique the path needs.
pub fn logic_grade(grid: &Grid) -> LogicGrade {
    grade_path(&solve_path(Pencil::from_grid(grid), ALL_TECHNIQUES, true))
}

/// The grade of a path already taken.
pub fn grade_path(path: &Path) -> LogicGrade {
    let hardest = path.steps.iter().map(|s| s.technique).max();
    let score = path.steps.iter().map(Step::weight).fold(0u32, u32::saturating_add);
    let level = if !path.solved { Level::TOP } else { hardest.map_or(Level::Easy, |t| t.info().level) };
    LogicGrade { level, hardest, score, steps: path.steps.len() as u32, solved_by_logic: path.solved }
}
