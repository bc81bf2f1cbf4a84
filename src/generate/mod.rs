//! Puzzles and grids, pure Rust, built on `solve/` and drawn from the one RNG (`rng`):
//!
//! - [`random_grid`]: a complete valid grid (a random solver fill, then a random element of
//!   the grid group; its distribution is described in [`grids`]);
//! - [`generate`]: a puzzle with one solution for a [`Request`] (exact clue count, minimal,
//!   a [`Symmetry`] of its givens), found by removal with incremental uniqueness checks and,
//!   for low counts, a directed search ([`descend`]); [`Request::check`] refuses what cannot
//!   or will not be met, before any search.
//!
//! Everything polls a `should_stop` callback, so any search ends on Ctrl-C.

pub mod above;
pub mod descend;
#[cfg(feature = "drivers")]
pub(crate) mod drivers;
pub mod grids;
pub mod level;
pub mod many;
pub mod puzzle;
pub mod removal;
pub mod request;
pub mod singles;
pub mod symmetry;
#[cfg(test)]
mod tests;
pub mod thinning;
pub mod transversals;
pub mod unavoidable;
pub mod window;

pub use grids::random_grid;
pub use many::fill_rows;
pub use puzzle::{generate, Puzzle};
#[cfg(any(test, feature = "drivers"))]
#[cfg_attr(not(test), allow(unused_imports))]
pub use request::RequestError;
pub use request::{level_of, symmetry_of, Request};
pub use symmetry::Symmetry;
