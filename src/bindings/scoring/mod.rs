//! `is_solution`, `is_solution_many`, `score_solutions` (`single`) and `SolutionScores` (`scores`).

pub(crate) mod scores;
pub(crate) mod single;
