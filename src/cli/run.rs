//! The command from arguments to exit status: each input is opened, its kind detected, its
//! boards checked one by one as its reader yields them, and the answers reported.

use std::ffi::OsString;
use std::io::{self, BufWriter, Read, Write};
use std::path::Path;

use super::args::{self, Command, Inputs};
use super::checker::Checker;
use super::csv_reader::DEFAULT_COLUMNS;
use super::progress::{self, Progress};
use super::report::{Mode, Report, Source, Task};
use super::{Failure, Interrupt};
use crate::batch::available_threads;

/// Every board was valid.
pub const EXIT_VALID: i32 = 0;
/// At least one board was invalid.
pub const EXIT_INVALID: i32 = 1;
/// A usage error, or an input that could not be read.
pub const EXIT_ERROR: i32 = 2;
/// Stopped by the host (Ctrl-C), as shells report SIGINT.
pub const EXIT_INTERRUPTED: i32 = 130;

/// The report buffer. The Python bindings write through it, and each flush takes the GIL
/// (see ASK_EVERY), so it is large: 60 flushes for the JSON Lines of a million boards.
const OUTPUT_BUFFER: usize = 1024 * 1024;

/// Said on stderr when the boards are to be typed (no FILE, stdin a terminal).
const STDIN_HINT: &str = if cfg!(windows) {
    "valid-sudoku: reading boards from standard input (end with Ctrl-Z then Enter; see --help for files)\n"
} else {
    "valid-sudoku: reading boards from standard input (end with Ctrl-D; see --help for files)\n"
};

/// Said on stderr when Ctrl-C stops the command, instead of a traceback.
const INTERRUPTED: &str = "valid-sudoku: interrupted\n";

/// What the command needs from its host besides the three streams.
pub struct Env<'a> {
    /// Whether stdin is a terminal, where someone may not know the command waits for them.
    pub stdin_is_terminal: bool,
    /// Whether stderr is a terminal, where a progress bar may be drawn.
    pub stderr_is_terminal: bool,
    /// Asked now and then during long work; true stops the command (Ctrl-C in Python).
    pub interrupted: &'a mut dyn FnMut() -> bool,
}

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

fn check_all<R: Read, W: Write>(column: Option<&str>, inputs: &[std::path::PathBuf], stdin: &mut R, checker: &mut Checker<'_, W>) -> Outcome {
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

/// One short line for Ctrl-C, and the status shells give SIGINT.
pub(super) fn interrupted<E: Write>(stderr: &mut E) -> i32 {
    let _ = stderr.write_all(INTERRUPTED.as_bytes()).and_then(|()| stderr.flush());
    EXIT_INTERRUPTED
}

/// An I/O error's message without the `(os error 2)` that only helps programmers.
fn io_message(error: &io::Error) -> String {
    let text = error.to_string();
    match text.rfind(" (os error ") {
        Some(cut) if text.ends_with(')') => text.get(..cut).unwrap_or(&text).to_owned(),
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::checker::{ASK_EVERY, TICK_BOARDS};
    use std::time::Duration;

    const SEED: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    struct Ran {
        code: i32,
        out: String,
        err: String,
    }

    fn run_with(argv: &[&str], stdin: &str) -> Ran {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut never = || false;
        let env = Env { stdin_is_terminal: false, stderr_is_terminal: false, interrupted: &mut never };
        let code = run(argv.iter().copied(), stdin.as_bytes(), &mut out, &mut err, env);
        Ran { code, out: String::from_utf8_lossy(&out).into_owned(), err: String::from_utf8_lossy(&err).into_owned() }
    }

    fn second_example() -> String {
        format!("8{}", &SEED[1..])
    }

    #[test]
    fn stdin_lines_report_invalid_boards_and_a_summary() {
        let ran = run_with(&[], &format!("{SEED}\n{}\n", second_example()));
        assert_eq!(ran.code, EXIT_INVALID);
        assert_eq!(
            ran.out,
            "<stdin>:2: digit 8 repeats in column 1 at r1c1 and r4c1; digit 8 repeats in box 1 at r1c1 and r3c3\n\
             2 boards: 1 valid, 1 invalid\n"
        );
        assert_eq!(ran.err, "");
        let all_valid = run_with(&["-"], &format!("{SEED}\n"));
        assert_eq!((all_valid.code, all_valid.out.as_str()), (EXIT_VALID, "1 board: 1 valid, 0 invalid\n"));
    }

    #[test]
    fn modes() {
        let input = format!("{SEED}\n{}\n", second_example());
        let quiet = run_with(&["-q"], &input);
        assert_eq!((quiet.code, quiet.out.as_str(), quiet.err.as_str()), (EXIT_INVALID, "", ""));
        let json = run_with(&["--json"], &input);
        assert_eq!(json.code, EXIT_INVALID);
        assert_eq!(json.out.lines().count(), 2);
        assert!(json.out.starts_with("{\"source\":\"<stdin>\",\"line\":1,\"valid\":true,\"conflicts\":[]}\n"));
    }

    #[test]
    fn input_errors_name_file_line_and_column() {
        let ran = run_with(&[], &format!("{SEED}\n{}\n", &SEED[..80]));
        assert_eq!(ran.code, EXIT_ERROR);
        assert_eq!(ran.err, "error: <stdin>:2:81: expected 81 cells, got 80\n");
        assert_eq!(ran.out, "");
        let missing = run_with(&["/no/such/file.txt"], "");
        assert_eq!(missing.code, EXIT_ERROR);
        assert_eq!(missing.err, "error: /no/such/file.txt: cannot open: No such file or directory\n");
    }

    #[test]
    fn usage_help_and_version() {
        let usage = run_with(&["--json", "--quiet"], "");
        assert_eq!(usage.code, EXIT_ERROR);
        assert!(usage.err.starts_with("error: --json and --quiet cannot be used together"), "{}", usage.err);
        let help = run_with(&["--help"], "");
        assert_eq!(help.code, EXIT_VALID);
        assert!(help.out.contains("Examples:"));
        let version = run_with(&["--version"], "");
        assert_eq!((version.code, version.out), (EXIT_VALID, format!("valid-sudoku {}\n", env!("CARGO_PKG_VERSION"))));
    }

    #[test]
    fn an_interruption_stops_the_work() {
        let head = format!("{SEED}\n").repeat(TICK_BOARDS as usize - 1);
        let tail = format!("{SEED}\n{SEED}\n");
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut stop = || true;
        let env = Env { stdin_is_terminal: false, stderr_is_terminal: false, interrupted: &mut stop };
        // The input stalls just before the board that ends the first tick, so by then the
        // work has run longer than ASK_EVERY and the host is asked.
        let slow = head.as_bytes().chain(Stall(ASK_EVERY)).chain(tail.as_bytes());
        let code = run(Vec::<String>::new(), slow, &mut out, &mut err, env);
        assert_eq!(code, EXIT_INTERRUPTED);
        assert_eq!(String::from_utf8_lossy(&err), "valid-sudoku: interrupted\n");
        assert!(out.is_empty());
    }

    #[test]
    fn ctrl_c_once_heard_stays_heard_without_asking_again() {
        // Python's check clears the signal: the host says true once, then false again.
        let mut asked = 0;
        let mut once = || {
            asked += 1;
            asked == 2
        };
        let mut heard = latch(&mut once);
        assert_eq!([heard(), heard(), heard(), heard()], [false, true, true, true]);
        drop(heard);
        assert_eq!(asked, 2);
    }

    #[test]
    fn an_interrupted_read_stops_the_same_way_in_every_reader() {
        let heads = [format!("{SEED}\n"), format!("[\"{SEED}\",\n"), format!("id,puzzle\n1,{SEED}\n"), "53..7....\n".into()];
        for head in heads {
            for argv in [&["-"][..], &["--solve", "--threads", "2"][..], &["--unique", "--threads", "1"][..]] {
                let input = head.as_bytes().chain(Failing);
                let (mut out, mut err) = (Vec::new(), Vec::new());
                let mut never = || false;
                let env = Env { stdin_is_terminal: false, stderr_is_terminal: false, interrupted: &mut never };
                assert_eq!(run(argv.iter().copied(), input, &mut out, &mut err, env), EXIT_INTERRUPTED, "{head}");
                assert_eq!(String::from_utf8_lossy(&err), INTERRUPTED);
            }
        }
    }

    #[test]
    fn unique_and_solve_exit_statuses() {
        let empty = ".".repeat(81);
        let cases = [
            (&["--unique"][..], format!("{SEED}\n"), EXIT_VALID),
            (&["--unique"][..], format!("{SEED}\n{empty}\n"), EXIT_INVALID),
            (&["--solve"][..], format!("{SEED}\n{empty}\n"), EXIT_VALID),
            (&["--solve", "--threads", "2"][..], format!("{}\n", second_example()), EXIT_INVALID),
        ];
        for (argv, input, code) in cases {
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let mut never = || false;
            let env = Env { stdin_is_terminal: false, stderr_is_terminal: false, interrupted: &mut never };
            assert_eq!(run(argv.iter().copied(), input.as_bytes(), &mut out, &mut err, env), code, "{argv:?}");
        }
    }

    #[test]
    fn a_signal_during_a_read_asks_the_host_in_every_reader() {
        let heads = [format!("{SEED}\n"), format!("[\"{SEED}\",\n"), format!("id,puzzle\n1,{SEED}\n"), "53..7....\n".into()];
        for head in heads {
            for argv in [&["-"][..], &["--solve", "--threads", "2"][..], &["--unique", "--threads", "1"][..]] {
                let input = head.as_bytes().chain(Eintr);
                let (mut out, mut err) = (Vec::new(), Vec::new());
                let mut asked = 0;
                let mut stop_when_asked_twice = || {
                    asked += 1;
                    asked >= 2
                };
                let env = Env { stdin_is_terminal: false, stderr_is_terminal: false, interrupted: &mut stop_when_asked_twice };
                let code = run(argv.iter().copied(), input, &mut out, &mut err, env);
                assert_eq!(code, EXIT_INTERRUPTED, "{head}{}", String::from_utf8_lossy(&err));
                assert_eq!(String::from_utf8_lossy(&err), INTERRUPTED);
            }
        }
    }

    #[test]
    fn after_ctrl_c_no_reader_reads_again() {
        let heads = [format!("{SEED}\n"), format!("[\"{SEED}\",\n"), format!("id,puzzle\n1,{SEED}\n"), "53..7....\n".into()];
        for head in heads {
            let reads_after = std::rc::Rc::new(std::cell::Cell::new(0));
            let input = head.as_bytes().chain(OnceEintr { done: false, reads_after: reads_after.clone() });
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let mut stop = || true;
            let env = Env { stdin_is_terminal: false, stderr_is_terminal: false, interrupted: &mut stop };
            assert_eq!(run(["-"], input, &mut out, &mut err, env), EXIT_INTERRUPTED, "{head}");
            // serde_json looks for the end of the list it failed in: that read would wait.
            assert_eq!(reads_after.get(), 0, "{head}");
        }
    }

    /// Interrupted once; counts the reads after that.
    struct OnceEintr {
        done: bool,
        reads_after: std::rc::Rc<std::cell::Cell<usize>>,
    }

    impl Read for OnceEintr {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            if std::mem::replace(&mut self.done, true) {
                self.reads_after.set(self.reads_after.get() + 1);
                return Ok(0);
            }
            Err(io::ErrorKind::Interrupted.into())
        }
    }

    /// A read that a signal keeps interrupting (EINTR).
    struct Eintr;

    impl Read for Eintr {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::ErrorKind::Interrupted.into())
        }
    }

    /// A read that Ctrl-C stopped.
    struct Failing;

    impl Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(Interrupt::io_error())
        }
    }

    #[test]
    fn a_hint_when_the_boards_are_to_be_typed() {
        let mut never = || false;
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let env = Env { stdin_is_terminal: true, stderr_is_terminal: false, interrupted: &mut never };
        assert_eq!(run(Vec::<String>::new(), &b""[..], &mut out, &mut err, env), EXIT_VALID);
        assert_eq!(String::from_utf8_lossy(&err), STDIN_HINT);
        for argv in [&["-"][..], &["-q"][..]] {
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let env = Env { stdin_is_terminal: true, stderr_is_terminal: false, interrupted: &mut never };
            run(argv.iter().copied(), &b""[..], &mut out, &mut err, env);
            assert!(err.is_empty());
        }
    }

    /// Reads nothing, after a pause.
    struct Stall(Duration);

    impl Read for Stall {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            std::thread::sleep(self.0);
            Ok(0)
        }
    }

    #[test]
    fn os_error_numbers_are_dropped() {
        let error = io::Error::from_raw_os_error(2);
        assert_eq!(io_message(&error), "No such file or directory");
        assert_eq!(io_message(&io::Error::other("plain")), "plain");
    }
}
