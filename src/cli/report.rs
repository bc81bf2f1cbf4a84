//! What the command prints: the plain report, JSON Lines, or nothing.

use std::io::{self, Write};

use super::Origin;
use crate::conflicts::Conflict;

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
}

impl Tally {
    /// `10000 boards: 9998 valid, 2 invalid`.
    pub fn summary(&self) -> String {
        let noun = if self.boards == 1 { "board" } else { "boards" };
        format!("{} {noun}: {} valid, {} invalid", self.boards, self.boards.saturating_sub(self.invalid), self.invalid)
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
                for (i, conflict) in conflicts.iter().enumerate() {
                    let separator = if i == 0 { "" } else { "; " };
                    write!(self.out, "{separator}{conflict}")?;
                }
                writeln!(self.out)
            }
            Mode::Json => {
                self.json_place(source, origin)?;
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
                writeln!(self.out, "]}}")
            }
            Mode::Quiet => Ok(()),
        }
    }

    /// The closing summary line, in the plain report only.
    pub fn summary(&mut self, tally: Tally) -> io::Result<()> {
        if self.mode == Mode::Text {
            writeln!(self.out, "{}", tally.summary())?;
        }
        Ok(())
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conflicts::conflicts;
    use crate::parse::grid_from_text;

    const SEED: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

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
            r.summary(Tally { boards: 2, invalid: 1 })
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
            r.summary(Tally { boards: 2, invalid: 1 })
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
    fn quiet_writes_nothing() {
        let source = Source::new("-".into());
        let text = written(Mode::Quiet, |r| {
            r.invalid(&source, at(2), &second_example())?;
            r.summary(Tally { boards: 1, invalid: 1 })
        });
        assert_eq!(text, "");
    }

    #[test]
    fn summary_counts() {
        assert_eq!(Tally { boards: 10000, invalid: 2 }.summary(), "10000 boards: 9998 valid, 2 invalid");
        assert_eq!(Tally { boards: 1, invalid: 0 }.summary(), "1 board: 1 valid, 0 invalid");
        assert_eq!(Tally::default().summary(), "0 boards: 0 valid, 0 invalid");
    }
}
