//! `solve`, `count_solutions`, `has_unique_solution` (`single`); `solve_many`,
//! `count_solutions_many` (`many`).

pub(crate) mod many;
pub(crate) mod single;
