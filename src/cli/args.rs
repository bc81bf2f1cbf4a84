//! The command line, declared with clap's derive API: one [`Command`] per subcommand.
//!
//! `check` is the default: `valid-sudoku FILE...` is `valid-sudoku check FILE...`, so its
//! options sit both on the command itself and on `check`.
//!
//! To add a subcommand: give [`Command`] a variant with its own options struct (flatten
//! [`Inputs`] into it if it reads boards, so every subcommand reads them the same way), say
//! in [`conflict`] which of its options cannot go together, and add its arm to the one
//! dispatch point, `run::dispatch`.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};

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
Without a command, valid-sudoku checks (a file named like a command: write ./check).

Cells are named r1c1 to r9c9 (row, then column) and rows, columns and boxes are counted
from 1, left to right and top to bottom; lines are counted from 1 too. JSON output is data:
its indexes and cells count from 0, as in Python.

Exit status: 0 when every board is valid, 1 when any is invalid, 2 on a usage or input error,
130 when interrupted. With --unique, 1 when any board has no solution or more than one; with
--solve, 1 when any board has no solution.";

const SOLVE_EXAMPLES: &str = "\
Examples:
  valid-sudoku solve puzzles.txt > solutions.txt
  valid-sudoku solve --json --threads 4 data.csv

Exit status: 0 when every board has a solution, 1 when any has none, 2 on a usage or input
error, 130 when interrupted.";

const CANONICAL_EXAMPLES: &str = "\
Examples:
  valid-sudoku canonical puzzles.txt > forms.txt
  valid-sudoku canonical --json data.csv

Two boards are equivalent (the same puzzle in different clothes) when a band, row, stack or
column permutation, a transpose and a relabelling of the digits turn one into the other; the
canonical form is the smallest 81-digit string among all of them.

Exit status: 0, 2 on a usage or input error, 130 when interrupted.";

const GRADE_EXAMPLES: &str = "\
Examples:
  valid-sudoku grade puzzles.txt            'puzzles.txt:1: easy, score 0 (hardest: hidden single)'
  valid-sudoku grade --json --threads 4 data.csv

Writes one line per board: its level (easy, medium, hard, expert, extreme, forcing or
nested, the last two for forcing chains and nets and for nested nets), the sum of its steps' technique weights, and the hardest technique, as
Python's grade() gives them; a board without exactly one solution says which. With --json,
every board gets 'proper' and, when proper, 'level', 'score', 'hardest', 'steps' and
'solved_by_logic'. (Python's grade() also averages the solver's guesses over isomorphs.)

Exit status: 0 when every board has exactly one solution, 1 when any has none or more than
one, 2 on a usage or input error, 130 when interrupted.";

const DEDUPE_EXAMPLES: &str = "\
Examples:
  valid-sudoku dedupe train.txt test.txt    train/test leakage: 'test.txt:7 is train.txt:3'
  valid-sudoku dedupe --json puzzles.txt

Prints 'file:line is file:line' for each board equivalent to an earlier one (the first seen),
then a summary. Memory: one 81-byte key per distinct board.

Exit status: 0 when no board is equivalent to an earlier one, 1 when any is, 2 on a usage or
input error, 130 when interrupted.";

/// The usage line of the command itself, which is `check`'s: the subcommands are listed below it.
const USAGE: &str = "valid-sudoku [OPTIONS] [FILE]...";

// The first paragraph, the first line of --help, is the package's one sentence: the same in
// the README, pyproject.toml, Cargo.toml and the stub's module docstring
// (python_tests/test_front_door.py checks that they agree).
/// valid-sudoku validates, explains, scores, solves, counts, grades, generates and recognises Sudoku boards, one at a time or
/// millions at once, with a Rust core, Python bindings and a command-line tool.
///
/// Checks Sudoku boards: no digit may repeat in a row, column or 3x3 box (LeetCode 36).
/// Prints each invalid board with its place (file:line) and its conflicts, then a summary.
#[derive(Parser, Debug, Clone, PartialEq, Eq)]
#[command(name = NAME, version, after_help = EXAMPLES, override_usage = USAGE)]
#[command(args_conflicts_with_subcommands = true, disable_help_subcommand = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    /// `check`'s options, for the command without a subcommand.
    #[command(flatten)]
    check: CheckArgs,
}

/// What the command does; `check` when no subcommand is given.
#[derive(Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Check each board (the default): no digit may repeat in a row, column or box.
    #[command(after_help = EXAMPLES)]
    Check(CheckArgs),
    /// Solve each board: one line per board, in input order (the same as check --solve).
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve(SolveArgs),
    /// Write each board's canonical (minlex) form: one line of 81 digits per board, 0 for empty.
    #[command(after_help = CANONICAL_EXAMPLES)]
    #[command(mut_arg("json", |arg| arg.help("Write one JSON object per line: source, line and \"canonical\"")))]
    Canonical(FormArgs),
    /// Report each board equivalent to an earlier one (same canonical form), across all files.
    #[command(after_help = DEDUPE_EXAMPLES)]
    #[command(mut_arg("json", |arg| arg.help("Write one JSON object per duplicate: source, line and \"duplicate_of\"")))]
    Dedupe(FormArgs),
    /// Make proper puzzles (exactly one solution each): one per line, 81 characters, '.' for
    /// empty; with --solutions, CSV with a puzzle,solution header.
    #[command(after_help = GENERATE_EXAMPLES)]
    Generate(GenerateArgs),
    /// Grade each board as a person would solve it: level, score and hardest technique.
    #[command(after_help = GRADE_EXAMPLES)]
    #[command(mut_arg("json", |arg| arg.help("Write one JSON object per line: source, line, \"proper\" and the grade's fields")))]
    Grade(FormArgs),
    /// Solve each board as a person would, step by step: one numbered line per step, then
    /// how the steps stopped.
    #[command(after_help = STEPS_EXAMPLES)]
    #[command(mut_arg("json", |arg| arg.help("Write one JSON object per board: source, line, \"solutions\" and the path's steps and \"stopped\"")))]
    Steps(FormArgs),
}

const STEPS_EXAMPLES: &str = "\
Examples:
  valid-sudoku steps puzzle.txt             'puzzle.txt:1:' then '  1. Hidden Single: ...'
  echo 53..7....6..195.... | valid-sudoku steps -
  valid-sudoku steps --json --threads 4 puzzles.txt

Each board gets its place (file:line), one numbered line per step of its path of easiest
steps (the sentences of Python's solve_steps(), cells r1c1 to r9c9), then 'solved' or
'stuck' (no technique applies). A board without a solution gets 'no solution' and no steps.
With --json, each board is one object: 'solutions' (counted up to 2) and, for a board with
one, 'steps' (technique, text, placements, eliminations, nodes, links and parents, counted
from 0)
and 'stopped'.

Exit status: 0 when every board has a solution, 1 when any has none, 2 on a usage or input
error, 130 when interrupted.";

const GENERATE_EXAMPLES: &str = "\
Examples:
  valid-sudoku generate --count 1000 > puzzles.txt
  valid-sudoku generate --count 10 --clues 24 --symmetry rot180 --seed 7
  valid-sudoku generate --count 100000 --minimal --solutions --output train.csv

Symmetries: none, rot180, rot90, diagonal, antidiagonal, horizontal, vertical.
Exit status: 0 when every puzzle is written, 2 on a usage error or a request that cannot be
met, 130 when interrupted (the lines written so far are whole).";

/// `generate`: puzzles, streamed.
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
pub struct GenerateArgs {
    /// How many puzzles to make.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub count: u64,

    /// Exactly this many givens (22-81; 24-81 with a symmetry).
    #[arg(long, value_name = "K")]
    pub clues: Option<usize>,

    /// No given can be removed without a second solution appearing.
    #[arg(long)]
    pub minimal: bool,

    /// The pattern of givens keeps this symmetry.
    #[arg(long, value_name = "NAME")]
    pub symmetry: Option<String>,

    /// The puzzles' grade level: easy, medium, hard, expert, extreme or forcing.
    #[arg(long, value_name = "LEVEL")]
    pub difficulty: Option<String>,

    /// The same puzzles on every platform and thread count [default: from the system].
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// Threads to generate on [default: every core available].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub threads: Option<u32>,

    /// Write CSV with a puzzle,solution header: each puzzle and its solution.
    #[arg(long)]
    pub solutions: bool,

    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// `canonical`, `dedupe` and `grade`: one answer for each board.
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
pub struct FormArgs {
    #[command(flatten)]
    pub inputs: Inputs,

    /// Write one JSON object per line (each subcommand's help says which fields).
    #[arg(long)]
    pub json: bool,

    /// Threads to work on [default: every core available].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub threads: Option<u32>,
}

/// Where the boards come from and how answers are written: the same for every subcommand
/// that reads boards.
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
pub struct Inputs {
    /// Files to read; none, or '-', reads standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Read boards from this CSV column instead of 'puzzle' or 'quizzes'.
    #[arg(long, value_name = "NAME")]
    pub column: Option<String>,
}

/// `check`: validity, and with --unique or --solve, the solver's answer.
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
pub struct CheckArgs {
    #[command(flatten)]
    pub inputs: Inputs,

    /// Write one JSON object per board (JSON Lines): source, line, valid, conflicts.
    #[arg(long)]
    pub json: bool,

    /// Print nothing; only the exit status tells.
    #[arg(short, long)]
    pub quiet: bool,

    /// Report each board that does not have exactly one solution: "no solution" or "more
    /// than one solution". With --json, every board gets "solutions" (counted up to 2).
    #[arg(long)]
    pub unique: bool,

    /// Write one line per board, in input order: its solution (81 digits), or its place and
    /// "no solution". With --json, every board gets "solution" (81 digits, or null).
    /// The same as the solve command.
    #[arg(long)]
    pub solve: bool,

    /// Threads for --unique and --solve [default: every core available]; refused without
    /// them, since checking validity keeps up with reading on one thread.
    #[arg(long, value_name = "N", value_parser = thread_count, allow_negative_numbers = true)]
    pub threads: Option<u32>,
}

/// `solve`: one solution per board.
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
pub struct SolveArgs {
    #[command(flatten)]
    pub inputs: Inputs,

    /// Write one JSON object per board (JSON Lines): source, line, valid, conflicts, solution.
    #[arg(long)]
    pub json: bool,

    /// Threads to solve on [default: every core available].
    #[arg(long, value_name = "N", value_parser = thread_count, allow_negative_numbers = true)]
    pub threads: Option<u32>,
}

/// `--threads N`: a positive int. Negative numbers reach it too (`--threads -1` is a value,
/// not an unknown option), so every wrong number gets the same message as 0.
fn thread_count(text: &str) -> Result<u32, String> {
    match text.trim().parse::<i128>() {
        Ok(n) => u32::try_from(n).ok().filter(|&n| n >= 1).ok_or_else(|| format!("{n} is not in 1..={}", u32::MAX)),
        Err(_) => Err(format!("expected a positive int, got '{text}'")),
    }
}

/// Parses the arguments after the program name into the subcommand to run.
pub fn parse<I, T>(argv: I) -> Result<Command, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let program = std::iter::once(OsString::from(NAME));
    let cli = Cli::try_parse_from(program.chain(argv.into_iter().map(Into::into)))?;
    let given = cli.command.is_some();
    let command = cli.command.unwrap_or(Command::Check(cli.check));
    match conflict(&command) {
        Some(message) => Err(usage_error(given.then_some(&command), message)),
        None => Ok(command),
    }
}

/// A usage error with the usage line of the subcommand given (or of the command itself).
fn usage_error(given: Option<&Command>, message: &str) -> clap::Error {
    let mut command = Cli::command();
    command.build();
    let name = match given {
        Some(Command::Check(_)) => "check",
        Some(Command::Solve(_)) => "solve",
        Some(Command::Canonical(_)) => "canonical",
        Some(Command::Dedupe(_)) => "dedupe",
        Some(Command::Generate(_)) => "generate",
        Some(Command::Grade(_)) => "grade",
        Some(Command::Steps(_)) => "steps",
        None => return command.error(ErrorKind::ArgumentConflict, message),
    };
    match command.find_subcommand_mut(name) {
        Some(sub) => sub.error(ErrorKind::ArgumentConflict, message),
        None => command.error(ErrorKind::ArgumentConflict, message),
    }
}

/// Options that cannot go together, said in words. (clap's own conflict message shows a usage
/// line built from the options given, `Usage: valid-sudoku --json [FILE]...`, which reads as
/// if --json needed no FILE.)
fn conflict(command: &Command) -> Option<&'static str> {
    let Command::Check(args) = command else { return None };
    if args.json && args.quiet {
        return Some("--json and --quiet cannot be used together: --json prints a line for every board, --quiet prints nothing");
    }
    if args.solve && args.quiet {
        return Some(
            "--solve and --quiet cannot be used together: --solve prints a line for every board, --quiet prints nothing",
        );
    }
    if args.solve && args.unique {
        return Some(
            "--solve and --unique cannot be used together: --unique --json gives the count of each board, --solve its solution",
        );
    }
    // Refused rather than ignored: checking validity takes nanoseconds a board and keeps up
    // with reading on one thread, so more threads could not make it faster.
    if args.threads.is_some() && !(args.unique || args.solve) {
        return Some(
            "--threads applies to --unique, --solve and the solve command: checking validity keeps up with reading on one thread",
        );
    }
    None
}

#[cfg(test)]
#[path = "args_tests.rs"]
mod tests;
