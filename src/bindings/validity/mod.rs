//! `is_valid_sudoku` (`single`) and `is_valid_many` (`many`): convert and call.

pub(crate) mod many;
pub(crate) mod single;
