//! `candidates`, `next_step`, `solve_steps`, `grade`, `grade_many` (`functions`), `mistakes`
//! and `hint` (`hints`), and the
//! values they return: `Step`, `SolvePath`, `Grade` (`values`) and `Grades` (`grades`).

pub(crate) mod functions;
pub(crate) mod grades;
pub(crate) mod hints;
pub(crate) mod values;
