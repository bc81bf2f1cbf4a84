//! The command line, declared with clap's derive API.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};

/// The name the command is installed under, shown in usage and version lines.
pub const NAME: &str = "valid-sudoku";

const EXAMPLES: &str = "\
Examples:
  valid-sudoku puzzles.txt                  one 81-character board per line
  valid-sudoku --column quizzes data.csv    the boards in a CSV column
  valid-sudoku board.json boards.json       a JSON board, or a JSON list of boards
  cat board.txt | valid-sudoku              one board in block format, from standard input
  valid-sudoku --json puzzles.txt > report.jsonl
  valid-sudoku --quiet puzzles.txt && echo 'all valid'
  valid-sudoku --unique puzzles.txt         the boards without exactly one solution
  valid-sudoku --solve puzzles.txt > solutions.txt

Each file is detected as JSON, one board per line, CSV with a header (column 'puzzle' or
'quizzes' unless --column is given), or one board in block format (nine lines of nine cells).

Exit status: 0 when every board is valid, 1 when any is invalid, 2 on a usage or input error,
130 when interrupted. With --unique, 1 when any board has no solution or more than one; with
--solve, 1 when any board has no solution.";

// The first paragraph, the first line of --help, is the package's one sentence: the same in
// the README, pyproject.toml, Cargo.toml and the stub's module docstring
// (python_tests/test_front_door.py checks that they agree).
/// valid-sudoku validates, explains, scores, solves and counts Sudoku boards, one at a time or
/// millions at once, with a Rust core, Python bindings and a command-line tool.
///
/// Checks Sudoku boards: no digit may repeat in a row, column or 3x3 box (LeetCode 36).
/// Prints each invalid board with its place (file:line) and its conflicts, then a summary.
#[derive(Parser, Debug, Clone, PartialEq, Eq)]
#[command(name = NAME, version, after_help = EXAMPLES)]
pub struct Args {
    /// Files to check; none, or '-', reads standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Write one JSON object per board (JSON Lines): source, line, valid, conflicts.
    #[arg(long)]
    pub json: bool,

    /// Print nothing; only the exit status tells.
    #[arg(short, long)]
    pub quiet: bool,

    /// Read boards from this CSV column instead of 'puzzle' or 'quizzes'.
    #[arg(long, value_name = "NAME")]
    pub column: Option<String>,

    /// Report each board that does not have exactly one solution: "no solution" or "more
    /// than one solution". With --json, every board gets "solutions" (counted up to 2).
    #[arg(long)]
    pub unique: bool,

    /// Write one line per board, in input order: its solution (81 digits), or its place and
    /// "no solution". With --json, every board gets "solution" (81 digits, or null).
    #[arg(long)]
    pub solve: bool,

    /// Threads for --unique and --solve [default: every core available].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub threads: Option<u32>,
}

/// Parses the arguments after the program name.
pub fn parse<I, T>(argv: I) -> Result<Args, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let program = std::iter::once(OsString::from(NAME));
    let args = Args::try_parse_from(program.chain(argv.into_iter().map(Into::into)))?;
    match conflict(&args) {
        Some(message) => Err(Args::command().error(ErrorKind::ArgumentConflict, message)),
        None => Ok(args),
    }
}

/// Options that cannot go together, said in words. (clap's own conflict message shows a usage
/// line built from the options given, `Usage: valid-sudoku --json [FILE]...`, which reads as
/// if --json needed no FILE.)
fn conflict(args: &Args) -> Option<&'static str> {
    if args.json && args.quiet {
        return Some("--json and --quiet cannot be used together: --json prints a line for every board, --quiet prints nothing");
    }
    if args.solve && args.quiet {
        return Some("--solve and --quiet cannot be used together: --solve prints a line for every board, --quiet prints nothing");
    }
    if args.solve && args.unique {
        return Some("--solve and --unique cannot be used together: --unique --json gives the count of each board, --solve its solution");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_and_options() {
        let args = parse(["a.txt", "-", "--json", "--column", "quizzes"]).expect("valid arguments");
        assert_eq!(args.files, [PathBuf::from("a.txt"), PathBuf::from("-")]);
        assert!(args.json && !args.quiet);
        assert_eq!(args.column.as_deref(), Some("quizzes"));
        assert_eq!(parse(Vec::<String>::new()).expect("no arguments").files, Vec::<PathBuf>::new());
    }

    #[test]
    fn help_version_and_usage_errors_are_errors_for_the_caller_to_print() {
        assert_eq!(parse(["--help"]).map(|_| ()).unwrap_err().kind(), ErrorKind::DisplayHelp);
        assert_eq!(parse(["--version"]).map(|_| ()).unwrap_err().kind(), ErrorKind::DisplayVersion);
        let conflict = parse(["--json", "--quiet"]).map(|_| ()).unwrap_err();
        assert_eq!(conflict.kind(), ErrorKind::ArgumentConflict);
        assert_eq!(conflict.exit_code(), 2);
        assert_eq!(
            conflict.to_string(),
            "error: --json and --quiet cannot be used together: --json prints a line for every board, \
             --quiet prints nothing\n\nUsage: valid-sudoku [OPTIONS] [FILE]...\n\nFor more information, try '--help'.\n"
        );
        assert_eq!(parse(["--nope"]).map(|_| ()).unwrap_err().kind(), ErrorKind::UnknownArgument);
    }

    #[test]
    fn unique_solve_and_threads() {
        let args = parse(["--unique", "--threads", "3", "a.txt"]).expect("valid arguments");
        assert!(args.unique && !args.solve);
        assert_eq!(args.threads, Some(3));
        assert!(parse(["--solve", "--json"]).is_ok_and(|args| args.solve && args.json));
        let zero = parse(["--threads", "0"]).map(|_| ()).unwrap_err().to_string();
        assert!(zero.starts_with("error: invalid value '0' for '--threads <N>': 0 is not in 1..=4294967295"), "{zero}");
        for pair in [["--solve", "--quiet"], ["--solve", "--unique"]] {
            let conflict = parse(pair).map(|_| ()).unwrap_err();
            assert_eq!(conflict.kind(), ErrorKind::ArgumentConflict);
            assert!(conflict.to_string().starts_with(&format!("error: {} and {} cannot be used together", pair[0], pair[1])));
        }
        assert!(parse(["--unique", "--quiet"]).is_ok());
    }

    #[test]
    fn help_shows_examples() {
        let help = parse(["--help"]).map(|_| ()).unwrap_err().to_string();
        assert!(help.contains("Examples:"), "{help}");
        assert!(help.contains("Usage: valid-sudoku [OPTIONS] [FILE]..."), "{help}");
    }
}
