//! Minlex canonical forms and isomorphs, pure Rust.
//!
//! - [`map`]: the group's maps in one place (a [`Map`] is a geometric map and a relabelling;
//!   apply, compose, invert, number, draw at random from [`crate::rng`]).
//! - [`canonical`] / [`Searcher`]: the canonical form of any grid of cells (the smallest
//!   81-character string over the whole group, `0` for empty), with the automorphism count and
//!   a map that reaches it.
//! - [`random_isomorph`]: a board under a map drawn from the group.

#[cfg(feature = "drivers")]
pub(crate) mod drivers;
mod full_row;
mod lazy_columns;
pub mod map;
mod node;
#[cfg(any(test, feature = "drivers"))]
mod reference;
mod search;
mod structure;
mod tables;
#[cfg(any(test, feature = "drivers"))]
mod tests;

pub use map::Map;
pub use node::OutOfMemory;
pub use search::{Canonical, Searcher};

use crate::grid::Grid;
#[cfg(any(test, feature = "drivers"))]
#[cfg_attr(not(test), allow(unused_imports))]
use {crate::grid::CELLS, crate::rng::Rng};

/// True when some map of the group sends `a` to `b`.
pub fn are_equivalent(a: &Grid, b: &Grid) -> Result<bool, OutOfMemory> {
    if a.givens() != b.givens() {
        return Ok(false);
    }
    let mut searcher = Searcher::new();
    Ok(searcher.canonical(a.cells())?.cells == searcher.canonical(b.cells())?.cells)
}

/// `cells` under a map drawn uniformly from the group (the bindings draw maps themselves).
#[cfg(any(test, feature = "drivers"))]
#[cfg_attr(not(test), allow(dead_code))]
pub fn random_isomorph(cells: &[u8; CELLS], rng: &mut Rng) -> [u8; CELLS] {
    Map::random(rng).apply_cells(cells)
}
