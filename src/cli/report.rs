//! What the command prints: the plain report, JSON Lines, or nothing; about validity, or
//! about solutions (`--unique`, `--solve`).

use std::io::{self, Write};

use super::Origin;
use crate::conflicts::Conflict;
use crate::grid::Grid;

/// What the command works out for each board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Task {
    /// Is it valid? (The default.)
    Check,
    /// Does it have exactly one solution? (`--unique`)
    Unique,
    /// What is its solution? (`--solve`)
    Solve,
}

/// What the solver found for one board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Found {
    /// The number of solutions, counted up to 2.
    Count(u64),
    /// A solution, if there is one.
    Solution(Option<Grid>),
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

    /// Whether the answer is "no" for some board: the exit status is then 1.
    pub fn any_failed(&self, task: Task) -> bool {
        match task {
            Task::Check => self.invalid > 0,
            Task::Unique => self.unsolvable + self.multiple > 0,
            Task::Solve => self.unsolvable > 0,
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
    pub fn answered(
        &mut self,
        source: &Source,
        origin: Origin,
        conflicts: &[Conflict],
        found: Found,
    ) -> io::Result<()> {
        match self.mode {
            Mode::Text => match found {
                Found::Count(1) => Ok(()),
                Found::Solution(Some(solution)) => {
                    self.out.write_all(&digits(&solution))?;
                    writeln!(self.out)
                }
                Found::Count(0) | Found::Solution(None) => {
                    self.text_place(source, origin)?;
                    write!(self.out, "no solution")?;
                    if !conflicts.is_empty() {
                        write!(self.out, " (")?;
                        self.text_conflicts(conflicts)?;
                        write!(self.out, ")")?;
                    }
                    writeln!(self.out)
                }
                Found::Count(_) => {
                    self.text_place(source, origin)?;
                    writeln!(self.out, "more than one solution")
                }
            },
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
                }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conflicts::conflicts;
    use crate::parse::grid_from_text;

    const SEED: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn second_example() -> Vec<Conflict> {
        let board = grid_from_text(&format!("8{}", &SEED[1..])).unwrap_or_default();
        conflicts(&board)
    }

    fn written(mode: Mode, act: impl FnOnce(&mut Report<&mut Vec<u8>>) -> io::Result<()>) -> String {
        let mut out = Vec::new();
        let mut report = Report::new(&mut out, mode);
        act(&mut report).unwrap_or_default();
        String::from_utf8_lossy(&out).into_owned()
    }

    #[test]
    fn text_names_the_place_and_every_conflict() {
        let source = Source::new("boards.txt".into());
        let text = written(Mode::Text, |r| {
            r.valid(&source, at(1))?;
            r.invalid(&source, at(2), &second_example())?;
            r.summary(Tally { boards: 2, invalid: 1, ..Tally::default() }, Task::Check)
        });
        assert_eq!(
            text,
            "boards.txt:2: digit 8 repeats in column 0 at (0, 0) and (3, 0); \
             digit 8 repeats in box 0 at (0, 0) and (2, 2)\n2 boards: 1 valid, 1 invalid\n"
        );
    }

    #[test]
    fn json_lines_describe_every_board() {
        let source = Source::new("odd \"name\".txt".into());
        let text = written(Mode::Json, |r| {
            r.valid(&source, at(1))?;
            r.invalid(&source, at(2), &second_example())?;
            r.summary(Tally { boards: 2, invalid: 1, ..Tally::default() }, Task::Check)
        });
        assert_eq!(
            text,
            "{\"source\":\"odd \\\"name\\\".txt\",\"line\":1,\"valid\":true,\"conflicts\":[]}\n\
             {\"source\":\"odd \\\"name\\\".txt\",\"line\":2,\"valid\":false,\"conflicts\":[\
             {\"unit\":\"column\",\"index\":0,\"digit\":8,\"cells\":[[0,0],[3,0]]},\
             {\"unit\":\"box\",\"index\":0,\"digit\":8,\"cells\":[[0,0],[2,2]]}]}\n"
        );
        for line in text.lines() {
            assert!(serde_json::from_str::<serde::de::IgnoredAny>(line).is_ok(), "{line}");
        }
    }

    fn at(line: usize) -> Origin {
        Origin { line, index: None }
    }

    #[test]
    fn boards_of_a_json_list_are_named_by_index_too() {
        let source = Source::new("many.json".into());
        let third = Origin { line: 1, index: Some(2) };
        let text = written(Mode::Text, |r| r.invalid(&source, third, &second_example()));
        assert!(text.starts_with("many.json:1: boards[2]: digit 8 repeats in column 0"), "{text}");
        let json = written(Mode::Json, |r| {
            r.valid(&source, Origin { line: 1, index: Some(0) })?;
            r.invalid(&source, third, &second_example())
        });
        assert!(json.starts_with("{\"source\":\"many.json\",\"line\":1,\"index\":0,\"valid\":true,\"conflicts\":[]}\n"));
        assert!(json.contains("\n{\"source\":\"many.json\",\"line\":1,\"index\":2,\"valid\":false,\"conflicts\":[{"));
    }

    #[test]
    fn answers_about_solutions() {
        let source = Source::new("p.txt".into());
        let solution = grid_from_text(&"123456789".repeat(9)).unwrap_or_default();
        let text = written(Mode::Text, |r| {
            r.answered(&source, at(1), &[], Found::Count(1))?;
            r.answered(&source, at(2), &[], Found::Count(0))?;
            r.answered(&source, at(3), &[], Found::Count(2))?;
            r.answered(&source, at(4), &second_example(), Found::Count(0))?;
            r.answered(&source, at(5), &[], Found::Solution(Some(solution)))?;
            r.answered(&source, Origin { line: 6, index: Some(0) }, &[], Found::Solution(None))
        });
        assert_eq!(
            text,
            format!(
                "p.txt:2: no solution\np.txt:3: more than one solution\n\
                 p.txt:4: no solution (digit 8 repeats in column 0 at (0, 0) and (3, 0); \
                 digit 8 repeats in box 0 at (0, 0) and (2, 2))\n{}\np.txt:6: boards[0]: no solution\n",
                "123456789".repeat(9)
            )
        );
        let json = written(Mode::Json, |r| {
            r.answered(&source, at(1), &[], Found::Count(2))?;
            r.answered(&source, at(2), &[], Found::Solution(None))?;
            r.answered(&source, at(3), &[], Found::Solution(Some(solution)))
        });
        assert_eq!(
            json,
            format!(
                "{{\"source\":\"p.txt\",\"line\":1,\"valid\":true,\"conflicts\":[],\"solutions\":2}}\n\
                 {{\"source\":\"p.txt\",\"line\":2,\"valid\":true,\"conflicts\":[],\"solution\":null}}\n\
                 {{\"source\":\"p.txt\",\"line\":3,\"valid\":true,\"conflicts\":[],\"solution\":\"{}\"}}\n",
                "123456789".repeat(9)
            )
        );
        assert_eq!(written(Mode::Quiet, |r| r.answered(&source, at(2), &[], Found::Count(0))), "");
    }

    #[test]
    fn quiet_writes_nothing() {
        let source = Source::new("-".into());
        let text = written(Mode::Quiet, |r| {
            r.invalid(&source, at(2), &second_example())?;
            r.summary(Tally { boards: 1, invalid: 1, ..Tally::default() }, Task::Check)
        });
        assert_eq!(text, "");
    }

    #[test]
    fn summary_counts() {
        assert_eq!(
            Tally { boards: 10000, invalid: 2, ..Tally::default() }.summary(),
            "10000 boards: 9998 valid, 2 invalid"
        );
        assert_eq!(Tally { boards: 1, ..Tally::default() }.summary(), "1 board: 1 valid, 0 invalid");
        let unique = Tally { boards: 5, invalid: 1, unsolvable: 2, multiple: 1 };
        assert_eq!(
            unique.unique_summary(),
            "5 boards: 2 with one solution, 2 with no solution, 1 with more than one solution"
        );
        assert!(unique.any_failed(Task::Unique) && unique.any_failed(Task::Solve) && unique.any_failed(Task::Check));
        let solved = Tally { boards: 5, multiple: 1, ..Tally::default() };
        assert!(solved.any_failed(Task::Unique) && !solved.any_failed(Task::Solve) && !solved.any_failed(Task::Check));
        assert_eq!(Tally::default().summary(), "0 boards: 0 valid, 0 invalid");
    }
}
