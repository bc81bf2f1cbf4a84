//! What the command prints: the plain report, JSON Lines, or nothing; about validity, or
//! about solutions (`--unique`, `--solve`).

use std::io::{self, Write};

use super::Origin;
use crate::conflicts::Conflict;
use crate::grid::Grid;
use crate::steps::{Level, LogicGrade, Path};

/// What the command works out for each board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Task {
    /// Is it valid? (The default.)
    Check,
    /// Does it have exactly one solution? (`--unique`)
    Unique,
    /// What is its solution? (`--solve`)
    Solve,
    /// What is its canonical form? (`canonical`)
    Canonical,
    /// Is it equivalent to an earlier board? (`dedupe`)
    Dedupe,
    /// How hard is it for a person? (`grade`)
    Grade,
    /// How does a person solve it, step by step? (`steps`)
    Steps,
}

/// What the solver found for one board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Found {
    /// The number of solutions, counted up to 2.
    Count(u64),
    /// A solution, if there is one.
    Solution(Option<Grid>),
    /// The canonical form (`canonical`, `dedupe`).
    Form([u8; crate::grid::CELLS]),
    /// The solutions counted up to 2, and the grade of a board with exactly one (`grade`).
    Graded { count: u64, grade: Option<LogicGrade> },
    /// The solutions counted up to 2, and the path of easiest steps of a board with any
    /// (`steps`). Boxed: a path is far larger than any other answer.
    Stepped { count: u64, path: Option<Box<Path>> },
}

/// The three output modes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// One line per invalid board (`file:line: conflicts`), then a summary.
    Text,
    /// One JSON object per board, valid or not; no summary, so every line parses.
    Json,
    /// Nothing at all.
    Quiet,
}

/// Where boards come from, as it is printed: a path as given, or `<stdin>`.
pub struct Source {
    name: String,
    /// The name as a JSON string, quotes included, escaped once per file rather than per board.
    json_name: String,
}

impl Source {
    pub fn new(name: String) -> Self {
        let json_name = serde_json::to_string(&name).unwrap_or_else(|_| "\"?\"".to_owned());
        Source { name, json_name }
    }

    pub fn name(&self) -> &str {
        &self.name
    }
}

/// Boards seen so far, across every input.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Tally {
    pub boards: u64,
    pub invalid: u64,
    /// Boards with no solution (invalid ones included), with --unique or --solve.
    pub unsolvable: u64,
    /// Boards with more than one solution, with --unique.
    pub multiple: u64,
    /// Boards equivalent to an earlier one, with dedupe.
    pub duplicates: u64,
    /// Boards whose steps stopped before the end, with steps.
    pub stuck: u64,
    /// Proper boards by level (`Level::code`), with grade.
    pub levels: [u64; Level::ALL.len()],
}

impl Tally {
    /// `10000 boards: 9998 valid, 2 invalid`.
    pub fn summary(&self) -> String {
        let noun = if self.boards == 1 { "board" } else { "boards" };
        format!("{} {noun}: {} valid, {} invalid", self.boards, self.boards.saturating_sub(self.invalid), self.invalid)
    }

    /// `3 boards: 1 with one solution, 1 with no solution, 1 with more than one solution`.
    pub fn unique_summary(&self) -> String {
        let noun = if self.boards == 1 { "board" } else { "boards" };
        let one = self.boards.saturating_sub(self.unsolvable).saturating_sub(self.multiple);
        format!(
            "{} {noun}: {one} with one solution, {} with no solution, {} with more than one solution",
            self.boards, self.unsolvable, self.multiple
        )
    }

    /// `4 boards: 1 easy, 1 extreme, 1 with no solution, 1 with more than one solution`: the
    /// levels that some board has, in the ladder's order.
    pub fn grade_summary(&self) -> String {
        let noun = if self.boards == 1 { "board" } else { "boards" };
        let mut parts: Vec<String> = Level::ALL
            .iter()
            .zip(self.levels)
            .filter(|&(_, count)| count > 0)
            .map(|(level, count)| format!("{count} {}", level.name()))
            .collect();
        parts.push(format!("{} with no solution", self.unsolvable));
        parts.push(format!("{} with more than one solution", self.multiple));
        format!("{} {noun}: {}", self.boards, parts.join(", "))
    }

    /// `5 boards: 2 equivalent to an earlier one`.
    pub fn dedupe_summary(&self) -> String {
        let noun = if self.boards == 1 { "board" } else { "boards" };
        format!("{} {noun}: {} equivalent to an earlier one", self.boards, self.duplicates)
    }

    /// `3 boards: 1 solved by the steps, 1 stuck, 1 with no solution`.
    pub fn steps_summary(&self) -> String {
        let noun = if self.boards == 1 { "board" } else { "boards" };
        let solved = self.boards.saturating_sub(self.unsolvable).saturating_sub(self.stuck);
        format!(
            "{} {noun}: {solved} solved by the steps, {} stuck, {} with no solution",
            self.boards, self.stuck, self.unsolvable
        )
    }

    /// Whether the answer is "no" for some board: the exit status is then 1.
    pub fn any_failed(&self, task: Task) -> bool {
        match task {
            Task::Check => self.invalid > 0,
            Task::Unique | Task::Grade => self.unsolvable + self.multiple > 0,
            Task::Solve | Task::Steps => self.unsolvable > 0,
            Task::Canonical => false,
            Task::Dedupe => self.duplicates > 0,
        }
    }
}

/// Writes the report for each board to `out` in one mode.
pub struct Report<W> {
    out: W,
    mode: Mode,
}

impl<W: Write> Report<W> {
    pub fn new(out: W, mode: Mode) -> Self {
        Report { out, mode }
    }

    /// Only JSON Lines says anything about valid boards.
    pub fn reports_valid_boards(&self) -> bool {
        self.mode == Mode::Json
    }

    pub fn valid(&mut self, source: &Source, origin: Origin) -> io::Result<()> {
        if self.mode == Mode::Json {
            self.json_place(source, origin)?;
            writeln!(self.out, ",\"valid\":true,\"conflicts\":[]}}")?;
        }
        Ok(())
    }

    /// `file:line: ` and, for a board of a JSON list, `boards[3]: `.
    fn text_place(&mut self, source: &Source, origin: Origin) -> io::Result<()> {
        write!(self.out, "{}:{}: ", source.name, origin.line)?;
        match origin.index {
            Some(index) => write!(self.out, "boards[{index}]: "),
            None => Ok(()),
        }
    }

    /// `{"source":...,"line":3` and, for a board of a JSON list, `,"index":2`; the object is left open.
    fn json_place(&mut self, source: &Source, origin: Origin) -> io::Result<()> {
        write!(self.out, "{{\"source\":{},\"line\":{}", source.json_name, origin.line)?;
        match origin.index {
            Some(index) => write!(self.out, ",\"index\":{index}"),
            None => Ok(()),
        }
    }

    pub fn invalid(&mut self, source: &Source, origin: Origin, conflicts: &[Conflict]) -> io::Result<()> {
        match self.mode {
            Mode::Text => {
                self.text_place(source, origin)?;
                self.text_conflicts(conflicts)?;
                writeln!(self.out)
            }
            Mode::Json => {
                self.json_record(source, origin, conflicts)?;
                writeln!(self.out, "}}")
            }
            Mode::Quiet => Ok(()),
        }
    }

    /// A board's answer with --unique or --solve; `conflicts` are empty for a valid board.
    ///
    /// The plain report names the boards without exactly one solution (--unique), or writes
    /// each solution (--solve); an invalid board's "no solution" shows why.
    pub fn answered(&mut self, source: &Source, origin: Origin, conflicts: &[Conflict], found: Found) -> io::Result<()> {
        if let Found::Stepped { count, path } = found {
            return self.stepped(source, origin, conflicts, count, path.as_deref());
        }
        match self.mode {
            Mode::Text => match found {
                Found::Count(1) => Ok(()),
                Found::Graded { grade: Some(grade), .. } => {
                    self.text_place(source, origin)?;
                    let hardest = grade.hardest.map_or("none", |technique| technique.name());
                    writeln!(self.out, "{}, score {} (hardest: {hardest})", grade.level.name(), grade.score)
                }
                Found::Graded { count: 0, .. } => {
                    self.text_place(source, origin)?;
                    writeln!(self.out, "no solution")
                }
                Found::Graded { .. } => {
                    self.text_place(source, origin)?;
                    writeln!(self.out, "more than one solution")
                }
                Found::Solution(Some(solution)) => {
                    self.out.write_all(&digits(&solution))?;
                    writeln!(self.out)
                }
                Found::Count(0) | Found::Solution(None) | Found::Stepped { .. } => self.no_solution(source, origin, conflicts),
                Found::Count(_) => {
                    self.text_place(source, origin)?;
                    writeln!(self.out, "more than one solution")
                }
                Found::Form(form) => {
                    self.out.write_all(&form.map(|value| b'0' + value))?;
                    writeln!(self.out)
                }
            },
            Mode::Json if matches!(found, Found::Form(_)) => {
                self.json_place(source, origin)?;
                if let Found::Form(form) = found {
                    self.out.write_all(b",\"canonical\":\"")?;
                    self.out.write_all(&form.map(|value| b'0' + value))?;
                }
                writeln!(self.out, "\"}}")
            }
            Mode::Json if matches!(found, Found::Graded { .. }) => {
                self.json_place(source, origin)?;
                match found {
                    Found::Graded { grade: Some(grade), .. } => {
                        let hardest = grade.hardest.map_or("null".to_owned(), |technique| format!("\"{}\"", technique.name()));
                        writeln!(
                            self.out,
                            ",\"proper\":true,\"level\":\"{}\",\"score\":{},\"hardest\":{hardest},\"steps\":{},\"solved_by_logic\":{}}}",
                            grade.level.name(),
                            grade.score,
                            grade.steps,
                            grade.solved_by_logic
                        )
                    }
                    Found::Graded { count, .. } => writeln!(self.out, ",\"proper\":false,\"solutions\":{count}}}"),
                    _ => writeln!(self.out, "}}"),
                }
            }
            Mode::Json => {
                self.json_record(source, origin, conflicts)?;
                match found {
                    Found::Count(count) => writeln!(self.out, ",\"solutions\":{count}}}"),
                    Found::Solution(None) => writeln!(self.out, ",\"solution\":null}}"),
                    Found::Solution(Some(solution)) => {
                        self.out.write_all(b",\"solution\":\"")?;
                        self.out.write_all(&digits(&solution))?;
                        writeln!(self.out, "\"}}")
                    }
                    Found::Form(_) | Found::Graded { .. } | Found::Stepped { .. } => writeln!(self.out, "}}"),
                }
            }
            Mode::Quiet => Ok(()),
        }
    }

    /// `file:line: no solution`, and why when the board breaks the rule.
    fn no_solution(&mut self, source: &Source, origin: Origin, conflicts: &[Conflict]) -> io::Result<()> {
        self.text_place(source, origin)?;
        write!(self.out, "no solution")?;
        if !conflicts.is_empty() {
            write!(self.out, " (")?;
            self.text_conflicts(conflicts)?;
            write!(self.out, ")")?;
        }
        writeln!(self.out)
    }

    /// A board equivalent to an earlier one (`dedupe`): `b.txt:7 is a.txt:3`, or its JSON
    /// object with `duplicate_of`. A board of a JSON list is `file:line[index]`.
    pub fn duplicate(&mut self, source: &Source, origin: Origin, first: &Source, first_origin: Origin) -> io::Result<()> {
        match self.mode {
            Mode::Text => {
                let place = |source: &Source, origin: Origin| match origin.index {
                    Some(index) => format!("{}:{}[{index}]", source.name, origin.line),
                    None => format!("{}:{}", source.name, origin.line),
                };
                writeln!(self.out, "{} is {}", place(source, origin), place(first, first_origin))
            }
            Mode::Json => {
                self.json_place(source, origin)?;
                write!(self.out, ",\"duplicate_of\":")?;
                self.json_place(first, first_origin)?;
                writeln!(self.out, "}}}}")
            }
            Mode::Quiet => Ok(()),
        }
    }

    /// `conflict; conflict; ...`
    fn text_conflicts(&mut self, conflicts: &[Conflict]) -> io::Result<()> {
        for (i, conflict) in conflicts.iter().enumerate() {
            let separator = if i == 0 { "" } else { "; " };
            write!(self.out, "{separator}{conflict}")?;
        }
        Ok(())
    }

    /// A board's JSON object up to its conflicts; the object is left open.
    fn json_record(&mut self, source: &Source, origin: Origin, conflicts: &[Conflict]) -> io::Result<()> {
        self.json_place(source, origin)?;
        if conflicts.is_empty() {
            return write!(self.out, ",\"valid\":true,\"conflicts\":[]");
        }
        write!(self.out, ",\"valid\":false,\"conflicts\":[")?;
        for (i, conflict) in conflicts.iter().enumerate() {
            let separator = if i == 0 { "" } else { "," };
            write!(
                self.out,
                "{separator}{{\"unit\":\"{}\",\"index\":{},\"digit\":{},\"cells\":[",
                conflict.unit.name(),
                conflict.index,
                conflict.digit
            )?;
            for (k, (row, col)) in conflict.cells.iter().enumerate() {
                let separator = if k == 0 { "" } else { "," };
                write!(self.out, "{separator}[{row},{col}]")?;
            }
            write!(self.out, "]}}")?;
        }
        write!(self.out, "]")
    }

    /// The closing summary line, in the plain report only; --solve has none, so that its
    /// output is one line per board.
    pub fn summary(&mut self, tally: Tally, task: Task) -> io::Result<()> {
        match (self.mode, task) {
            (Mode::Text, Task::Check) => writeln!(self.out, "{}", tally.summary()),
            (Mode::Text, Task::Unique) => writeln!(self.out, "{}", tally.unique_summary()),
            (Mode::Text, Task::Grade) => writeln!(self.out, "{}", tally.grade_summary()),
            (Mode::Text, Task::Dedupe) => writeln!(self.out, "{}", tally.dedupe_summary()),
            (Mode::Text, Task::Steps) => writeln!(self.out, "{}", tally.steps_summary()),
            _ => Ok(()),
        }
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl<W: Write> Report<io::BufWriter<W>> {
    /// Whether report lines wait in the buffer.
    pub fn holds_output(&self) -> bool {
        !self.out.buffer().is_empty()
    }
}

/// A board's 81 cells as digits, `0` for empty (a solution has none).
fn digits(grid: &Grid) -> [u8; crate::grid::CELLS] {
    grid.cells().map(|value| b'0' + value)
}

/// `steps`: each board's path, in its own file as it is its own report.
#[path = "steps_report.rs"]
mod stepped;

#[cfg(test)]
#[path = "report_tests.rs"]
mod tests;
