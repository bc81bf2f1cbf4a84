//! The command from arguments to exit status: each input is opened, its kind detected, its
//! boards checked one by one as its reader yields them, and the answers reported.

use std::ffi::OsString;
use std::io::{self, BufWriter, Read, Write};
use std::path::Path;

use super::args::{self, Command, Inputs};
use super::checker::Checker;
use super::csv_reader::DEFAULT_COLUMNS;
use super::host::{interrupted, Env};
use super::progress::{self, Progress};
use super::report::{Mode, Report, Source, Task};
use super::{Failure, Interrupt, EXIT_ERROR, EXIT_INVALID, EXIT_VALID};
use crate::batch::available_threads;

/// The report buffer. The Python bindings write through it, and each flush takes the GIL
/// (see ASK_EVERY), so it is large: 60 flushes for the JSON Lines of a million boards.
const OUTPUT_BUFFER: usize = 1024 * 1024;

/// Said on stderr when the boards are to be typed (no FILE, stdin a terminal).
const STDIN_HINT: &str = if cfg!(windows) {
    "valid-sudoku: reading boards from standard input (end with Ctrl-Z then Enter; see --help for files)\n"
} else {
    "valid-sudoku: reading boards from standard input (end with Ctrl-D; see --help for files)\n"
};

/// Runs `valid-sudoku` with `argv` (without the program name) and returns the exit status.
pub fn run<I, T, R, W, E>(argv: I, stdin: R, stdout: W, stderr: E, env: Env<'_>) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
    R: Read,
    W: Write,
    E: Write,
{
    match args::parse(argv) {
        Ok(command) => {
            let host = env.interrupted;
            let mut heard = latch(host);
            dispatch(command, stdin, stdout, stderr, Env { interrupted: &mut heard, ..env })
        }
        Err(error) => clap_exit(&error, stdout, stderr),
    }
}

/// The host's check, answering true for good once it has: asking Python consumes the Ctrl-C,
/// so a part that asks again after another part heard it (generate's last look after a chunk
/// that finished just as Ctrl-C came) would otherwise carry on as if nothing had happened.
fn latch<'a>(host: &'a mut dyn FnMut() -> bool) -> impl FnMut() -> bool + 'a {
    let mut heard = false;
    move || {
        heard = heard || host();
        heard
    }
}

/// What a subcommand that reads boards asks of the shared reader, reporter and progress bar.
struct Plan {
    inputs: Inputs,
    mode: Mode,
    task: Task,
    threads: Option<u32>,
}

/// The one dispatch point: what each subcommand does.
///
/// To add a subcommand that reads boards, add its arm here building a [`Plan`] (with a new
/// [`Task`] in `report.rs`, answered in `checker.rs` and reported in `report.rs`); one that
/// reads none (`generate`) calls its own function here, writing through `stdout`.
fn dispatch<R: Read, W: Write, E: Write>(command: Command, stdin: R, stdout: W, stderr: E, env: Env<'_>) -> i32 {
    let plan = match command {
        Command::Check(args) => Plan {
            mode: mode_of(args.json, args.quiet),
            task: match (args.unique, args.solve) {
                (true, _) => Task::Unique,
                (_, true) => Task::Solve,
                _ => Task::Check,
            },
            threads: args.threads,
            inputs: args.inputs,
        },
        Command::Solve(args) => {
            Plan { mode: mode_of(args.json, false), task: Task::Solve, threads: args.threads, inputs: args.inputs }
        }
        Command::Canonical(args) => {
            Plan { mode: mode_of(args.json, false), task: Task::Canonical, threads: args.threads, inputs: args.inputs }
        }
        Command::Dedupe(args) => {
            Plan { mode: mode_of(args.json, false), task: Task::Dedupe, threads: args.threads, inputs: args.inputs }
        }
        Command::Grade(args) => {
            Plan { mode: mode_of(args.json, false), task: Task::Grade, threads: args.threads, inputs: args.inputs }
        }
        Command::Steps(args) => {
            Plan { mode: mode_of(args.json, false), task: Task::Steps, threads: args.threads, inputs: args.inputs }
        }
        Command::Generate(args) => return super::generating::generate(&args, stdout, stderr, env),
    };
    read_and_report(&plan, stdin, stdout, stderr, env)
}

fn mode_of(json: bool, quiet: bool) -> Mode {
    match (json, quiet) {
        (true, _) => Mode::Json,
        (_, true) => Mode::Quiet,
        _ => Mode::Text,
    }
}

/// Reads every board of every input, answers each as `plan.task` says, reports it, and
/// returns the exit status: the one reader, reporter and progress bar of every subcommand.
fn read_and_report<R: Read, W: Write, E: Write>(plan: &Plan, mut stdin: R, stdout: W, mut stderr: E, env: Env<'_>) -> i32 {
    let (mode, task) = (plan.mode, plan.task);
    let files = &plan.inputs.files;
    if files.is_empty() && env.stdin_is_terminal && mode != Mode::Quiet {
        // `valid-sudoku` alone at a prompt would otherwise just seem to hang.
        let _ = stderr.write_all(STDIN_HINT.as_bytes()).and_then(|()| stderr.flush());
    }
    let inputs = if files.is_empty() { vec![Path::new("-").to_path_buf()] } else { files.clone() };
    // More threads than there is work are never started, so a huge count is just "many".
    let threads = plan.threads.map_or_else(available_threads, |n| usize::try_from(n).unwrap_or(usize::MAX));
    let progress = Progress::new(progress::wanted(mode, env.stderr_is_terminal), total_size(&inputs));
    let report = Report::new(BufWriter::with_capacity(OUTPUT_BUFFER, stdout), mode);
    let mut checker = Checker::new(report, progress, task, threads, env.interrupted);
    let outcome = check_all(plan.inputs.column.as_deref(), &inputs, &mut stdin, &mut checker).and_then(|()| {
        checker.progress.finish();
        let written = checker.report.summary(checker.tally, task).and_then(|()| checker.report.flush());
        written.map_err(|error| (Failure::Write(error), None))
    });
    match outcome {
        Ok(()) if checker.tally.any_failed(task) => EXIT_INVALID,
        Ok(()) => EXIT_VALID,
        Err((failure, source)) => {
            // The bar goes first, so nothing is left of it on the terminal.
            checker.progress.finish();
            // The boards reported before the failure are true answers: let them out first.
            let _ = checker.report.flush();
            report_failure(failure, source.as_deref(), &mut stderr)
        }
    }
}

/// The source name of the input being read when a failure happened, if any.
type Outcome = Result<(), (Failure, Option<String>)>;

fn check_all<R: Read, W: Write>(
    column: Option<&str>,
    inputs: &[std::path::PathBuf],
    stdin: &mut R,
    checker: &mut Checker<'_, W>,
) -> Outcome {
    let columns: Vec<&str> = match column {
        Some(column) => vec![column],
        None => DEFAULT_COLUMNS.to_vec(),
    };
    for path in inputs {
        let source = source_of(path);
        let name = source.name().to_owned();
        let result = if path.as_os_str() == "-" {
            checker.check_input(source, &mut *stdin, true, &columns)
        } else {
            match checker.open(path) {
                Ok(file) => checker.check_input(source, file, false, &columns),
                Err(failure) => Err(failure),
            }
        };
        result.map_err(|failure| (failure, Some(name)))?;
    }
    Ok(())
}

/// How an input is named in the report: its path as given, or `<stdin>` for `-`.
fn source_of(path: &Path) -> Source {
    if path.as_os_str() == "-" {
        Source::new("<stdin>".to_owned())
    } else {
        Source::new(path.to_string_lossy().into_owned())
    }
}

/// The size of all inputs, when every one is a regular file.
fn total_size(inputs: &[std::path::PathBuf]) -> Option<u64> {
    inputs.iter().try_fold(0u64, |total, path| {
        let metadata = std::fs::metadata(path).ok().filter(|m| m.is_file() && path.as_os_str() != "-")?;
        Some(total.saturating_add(metadata.len()))
    })
}

/// Help and version go to stdout with status 0; usage errors to stderr with status 2.
fn clap_exit<W: Write, E: Write>(error: &clap::Error, mut stdout: W, mut stderr: E) -> i32 {
    let text = error.to_string();
    let code = error.exit_code();
    let written = if code == 0 {
        stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush())
    } else {
        stderr.write_all(text.as_bytes()).and_then(|()| stderr.flush())
    };
    match written {
        Ok(()) => code,
        Err(_) => EXIT_ERROR,
    }
}

/// Writes the error message for a failure and returns the exit status.
fn report_failure<E: Write>(failure: Failure, source: Option<&str>, stderr: &mut E) -> i32 {
    let source = source.unwrap_or("<stdin>");
    let message = match failure {
        Failure::Interrupted => return interrupted(stderr),
        Failure::Read(error) | Failure::Write(error) if Interrupt::is_in(&error) => return interrupted(stderr),
        Failure::Input(error) => match error.column {
            Some(column) => format!("{source}:{}:{column}: {}", error.line, error.message),
            None => format!("{source}:{}: {}", error.line, error.message),
        },
        Failure::Open(error) => format!("{source}: cannot open: {}", io_message(&error)),
        Failure::Read(error) => format!("{source}: cannot read: {}", io_message(&error)),
        // Output closed early (`valid-sudoku --json big.txt | head`): nothing left to tell.
        Failure::Write(error) if error.kind() == io::ErrorKind::BrokenPipe => return EXIT_ERROR,
        Failure::Write(error) => format!("cannot write the report: {}", io_message(&error)),
    };
    let _ = stderr.write_all(format!("error: {message}\n").as_bytes()).and_then(|()| stderr.flush());
    EXIT_ERROR
}

/// An I/O error's message without the `(os error 2)` that only helps programmers.
fn io_message(error: &io::Error) -> String {
    let text = error.to_string();
    match text.rfind(" (os error ") {
        Some(cut) if text.ends_with(')') => text[..cut].to_owned(),
        _ => text,
    }
}

#[cfg(test)]
#[path = "run_tests.rs"]
mod tests;
