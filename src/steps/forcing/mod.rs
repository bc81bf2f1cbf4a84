//! The top of the ladder, where patterns run out: forcing chains, forcing nets and nested
//! forcing nets. Each assumes candidates true in turn and follows what that forces; a
//! branch that breaks the board, or a conclusion every alternative reaches, is a step. The
//! nested nets go as deep as a puzzle needs, so that logic alone solves every puzzle with one
//! solution and nothing is left to guessing.

mod branch;
mod facts;
mod nested;
mod search;
#[cfg(test)]
mod tests;

use super::chain::Broken;
pub use branch::Rule;
pub use nested::nested;
pub use search::forcing;
