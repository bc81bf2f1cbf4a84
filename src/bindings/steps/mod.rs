//! `candidates`, `next_step`, `solve_steps`, `grade`, `grade_many` (`functions`), `mistakes`
//! and `hint` (`hints`, with their values `Mistakes` and `Hint`), the marks and the solution
//! check `next_step` and `solve_steps` share (`pencil`), and the values they return: `Step`,
//! `SolvePath`, `Grade` (`values`) and `Grades` (`grades`).

pub(crate) mod functions;
pub(crate) mod grades;
pub(crate) mod hints;
pub(crate) mod pencil;
pub(crate) mod values;
