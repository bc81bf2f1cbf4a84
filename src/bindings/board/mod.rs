//! `Board`'s methods (`class`; its value, which every function reads and returns, is
//! `input::board_value`), `conflicts()` and `Conflict` (`conflict`).

pub(crate) mod class;
pub(crate) mod conflict;
