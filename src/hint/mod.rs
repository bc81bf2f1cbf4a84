//! The hint button for a player's board: the player's mistakes against the puzzle's one
//! solution ([`mistakes`]), the next step on a board that has none ([`hint`]), and what is
//! wrong with a board that has no solution at all ([`check_solvable`]). Pure Rust over
//! [`steps`](crate::steps) and [`solve`](crate::solve); no solver of its own.

mod button;
mod contradiction;
mod mistakes;
#[cfg(test)]
mod tests;

pub use button::{hint, Hint};
pub use contradiction::{check_solvable, Contradiction, NoSolution};
pub use mistakes::{mistakes, Mistakes, MistakesError};
