//! `candidates`, `next_step`, `solve_steps`, `grade`, `grade_many` (`functions`), and the
//! values they return: `Step`, `SolvePath`, `Grade` (`values`) and `Grades` (`grades`).

pub(crate) mod functions;
pub(crate) mod grades;
pub(crate) mod values;
