//! Human solving steps: pencil marks and the techniques a person uses, from singles to
//! chains, each finding the easiest step that makes progress; paths of such steps and the
//! grade they give a puzzle. Pure Rust over the core [`Grid`](crate::grid::Grid).
//!
//! Offers: [`Pencil`] (candidates), [`next_step`], [`solve_path`], [`Step`], the one table of
//! techniques ([`TECHNIQUES`]: order, names, [`Level`]s, weights) and [`logic_grade`].
//! Every step is sound: it never places a digit or removes a candidate that a solution of
//! the board contradicts. The uniqueness techniques (unique rectangles, BUG+1) are sound only
//! on a board with exactly one solution: callers say so with `unique`.

// Unit and cell numbers are what steps report, so loops over them index tables by number.
#![allow(clippy::needless_range_loop)]

mod bits;
mod chain;
#[cfg(test)]
mod chain_data_tests;
mod chain_ends;
mod chains;
mod combos;
#[cfg(test)]
mod data_tests;
#[cfg(feature = "drivers")]
pub(crate) mod drivers;
mod finder;
mod finned;
mod fish;
mod forcing;
pub mod geometry;
mod grade;
mod intersections;
mod level;
mod links;
mod list;
mod memo;
mod net_text;
mod path;
mod pencil;
mod single_digit;
mod singles;
mod solvable;
mod step;
mod subset_free;
mod subsets;
mod table;
#[cfg(test)]
mod testing;
mod uniqueness;
mod uniqueness_known;
mod wings;

pub use chain::{Broken, Chain, Forcing, Link, Node};
pub use finder::{find, next_step};
pub use grade::{fixed_maps, grade, grading_form, puzzle_logic_grade, Grade, GradeError, ISOMORPHS};
pub use level::{
    level_past_singles, level_within, logic_level, path_past_singles, place_singles, singles_place, solved_by_singles,
    up_to as techniques_up_to,
};
pub use path::{grade_path, logic_grade, solve_path, LogicGrade, Path};
pub use pencil::{MarksError, Pencil, ALL_DIGITS};
pub use solvable::surely_solved;
pub use step::Step;
pub use table::{Info, Level, Technique, Techniques, ALL_TECHNIQUES, TECHNIQUES};
pub use uniqueness_known::Uniqueness;
