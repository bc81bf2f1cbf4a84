//! `valid-sudoku generate`: puzzles made a chunk at a time and streamed, so memory stays the
//! same for any --count; Ctrl-C drops the chunk being made, so only whole lines are written.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use super::args::GenerateArgs;
use super::host::{interrupted, Env};
use super::progress::Progress;
use super::Interrupt;
use super::{EXIT_ERROR, EXIT_VALID};
use crate::batch::available_threads;
use crate::generate::{fill_rows, generate as make_puzzle, Request, Symmetry};
use crate::grid::CELLS;
use crate::rng::{os_seed, Rng};

/// Puzzles per chunk and thread: a chunk is made, then written whole.
const ROWS_PER_THREAD: usize = 64;

/// How often the waiting thread asks whether Ctrl-C was pressed.
const ASK_EVERY: Duration = Duration::from_millis(5);

/// Runs the subcommand and returns the exit status.
pub fn generate<W: Write, E: Write>(args: &GenerateArgs, stdout: W, mut stderr: E, env: Env<'_>) -> i32 {
    let request = match request_of(args) {
        Ok(request) => request,
        Err(message) => return fail(&mut stderr, &message),
    };
    let seed = match args.seed.map_or_else(os_seed, Ok) {
        Ok(seed) => seed,
        Err(error) => return fail(&mut stderr, &error.to_string()),
    };
    let out: Box<dyn Write> = match &args.output {
        Some(path) => match File::create(path) {
            Ok(file) => Box::new(file),
            Err(error) => return fail(&mut stderr, &format!("{}: cannot create: {error}", path.display())),
        },
        None => Box::new(stdout),
    };
    let mut out = BufWriter::new(out);
    let threads = args.threads.map_or_else(available_threads, |n| usize::try_from(n).unwrap_or(usize::MAX));
    let mut progress = Progress::of_puzzles(env.stderr_is_terminal, args.count);
    let outcome = stream(args, &request, seed, threads, &mut out, &mut progress, env.interrupted);
    progress.finish();
    let flushed = out.flush();
    match (outcome, flushed) {
        (Ok(true), Ok(())) => EXIT_VALID,
        (Ok(false), _) => interrupted(&mut stderr),
        // Ctrl-C during a blocking write to Python's stream stops the command as any Ctrl-C does.
        (Err(error), _) | (Ok(true), Err(error)) if Interrupt::is_in(&error) => interrupted(&mut stderr),
        (Err(error), _) | (Ok(true), Err(error)) if error.kind() == io::ErrorKind::BrokenPipe => EXIT_ERROR,
        (Err(error), _) | (Ok(true), Err(error)) => fail(&mut stderr, &format!("cannot write the puzzles: {error}")),
    }
}

/// The request of the options, or the message that refuses it.
fn request_of(args: &GenerateArgs) -> Result<Request, String> {
    let symmetry = match &args.symmetry {
        None => Symmetry::None,
        Some(name) => crate::generate::symmetry_of(name, "--symmetry", "")?,
    };
    let difficulty = match &args.difficulty {
        Some(name) => Some(crate::generate::level_of(name, "--difficulty", "")?),
        None => None,
    };
    let request = Request { clues: args.clues, minimal: args.minimal, symmetry, difficulty };
    request.check().map_err(|error| error.to_string())?;
    Ok(request)
}

/// Makes and writes every puzzle; false when Ctrl-C stopped it.
fn stream(
    args: &GenerateArgs,
    request: &Request,
    seed: u64,
    threads: usize,
    out: &mut impl Write,
    progress: &mut Progress,
    interrupted: &mut dyn FnMut() -> bool,
) -> io::Result<bool> {
    let chunk_rows = ROWS_PER_THREAD.saturating_mul(threads.clamp(1, 64));
    let mut puzzles = vec![0u8; chunk_rows * CELLS];
    let mut solutions = vec![0u8; if args.solutions { chunk_rows * CELLS } else { 0 }];
    let make = |rng: &mut Rng, stop: &mut dyn FnMut() -> bool| make_puzzle(request, rng, stop);
    if args.solutions {
        out.write_all(b"puzzle,solution\n")?;
    }
    let mut done = 0u64;
    while done < args.count {
        let rows = usize::try_from(args.count - done).unwrap_or(usize::MAX).min(chunk_rows);
        // `rows` is at most `chunk_rows`; `solutions` is empty without --solutions.
        let solution_rows = if args.solutions { rows } else { 0 };
        let (puzzles, solutions) = (&mut puzzles[..rows * CELLS], &mut solutions[..solution_rows * CELLS]);
        let stop = AtomicBool::new(false);
        let (sender, receiver) = mpsc::channel();
        let finished = std::thread::scope(|scope| {
            let worker = scope.spawn(|| {
                let made = fill_rows(&make, seed, done, puzzles, solutions, threads, &|| stop.load(Ordering::Relaxed));
                let _ = sender.send(());
                made.is_ok()
            });
            // This thread only waits, asking for Ctrl-C (which only it can hear) meanwhile.
            while receiver.recv_timeout(ASK_EVERY).is_err() {
                if interrupted() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            worker.join().unwrap_or(false)
        });
        if !finished || interrupted() {
            return Ok(false);
        }
        let mut text = Vec::with_capacity(rows * (2 * CELLS + 2));
        for (k, row) in puzzles.chunks_exact(CELLS).enumerate() {
            text.extend(row.iter().map(|&v| if v == 0 { b'.' } else { b'0' + v }));
            if let Some(solution) = solutions.get(k * CELLS..(k + 1) * CELLS) {
                text.push(b',');
                text.extend(solution.iter().map(|&v| b'0' + v));
            }
            text.push(b'\n');
        }
        progress.suspend(|| out.write_all(&text))?;
        done += rows as u64;
        progress.update(0, done);
    }
    Ok(true)
}

fn fail<E: Write>(stderr: &mut E, message: &str) -> i32 {
    let _ = stderr.write_all(format!("error: {message}\n").as_bytes()).and_then(|()| stderr.flush());
    EXIT_ERROR
}

#[cfg(test)]
mod tests {
    use std::io::{self, Write};

    use crate::cli::{run, Env, Interrupt, EXIT_INTERRUPTED, EXIT_VALID};

    /// Python's stdout when Ctrl-C lands during its write: the stream raises KeyboardInterrupt.
    struct CtrlCDuringWrite;

    impl Write for CtrlCDuringWrite {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(Interrupt::io_error())
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(Interrupt::io_error())
        }
    }

    fn generate(argv: &[&str], stdout: impl Write, interrupted: &mut dyn FnMut() -> bool) -> (i32, String) {
        let mut err = Vec::new();
        let env = Env { stdin_is_terminal: false, stderr_is_terminal: false, interrupted };
        let code = run(["generate"].iter().chain(argv), io::empty(), stdout, &mut err, env);
        (code, String::from_utf8_lossy(&err).into_owned())
    }

    #[test]
    fn ctrl_c_during_a_write_stops_as_any_ctrl_c() {
        let (code, err) = generate(&["--count", "3", "--seed", "1"], CtrlCDuringWrite, &mut || false);
        assert_eq!((code, err.as_str()), (EXIT_INTERRUPTED, "valid-sudoku: interrupted\n"));
    }

    #[test]
    fn ctrl_c_stops_a_long_run_with_whole_lines() {
        let mut out = Vec::new();
        let mut asked = 0;
        // Heard once only, as Python clears the signal it reports.
        let mut once = || {
            asked += 1;
            asked == 1
        };
        let (code, err) = generate(&["--count", "100000000", "--threads", "2", "--seed", "7"], &mut out, &mut once);
        assert_eq!((code, err.as_str()), (EXIT_INTERRUPTED, "valid-sudoku: interrupted\n"));
        assert!(out.split(|&b| b == b'\n').all(|line| line.is_empty() || line.len() == 81));
        assert!(out.is_empty() || out.ends_with(b"\n"));
    }

    #[test]
    fn no_ctrl_c_makes_every_line() {
        let mut out = Vec::new();
        let (code, err) = generate(&["--count", "5", "--seed", "7"], &mut out, &mut || false);
        assert_eq!((code, err.as_str()), (EXIT_VALID, ""));
        assert_eq!(out.len(), 5 * 82);
    }
}
