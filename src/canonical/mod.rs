//! Minlex canonical forms and isomorphs, pure Rust.
//!
//! - [`map`]: the group's maps in one place (a [`Map`] is a geometric map and a relabelling;
//!   apply, compose, invert, number, draw at random from [`crate::rng`]).

pub mod map;

pub use map::Map;
