use super::*;
use crate::cli::checker::{ASK_EVERY, TICK_BOARDS};
use crate::cli::host::INTERRUPTED;
use crate::cli::EXIT_INTERRUPTED;
use std::time::Duration;

const SEED: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

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

#[test]
fn steps_number_each_step_and_say_how_they_stopped() {
    // The solution with r1c1, r1c2 and r5c5 empty; then a board with no solution.
    let near = "..46789126721953481983425678597614234268.3791713924856961537284287419635345286179";
    let none = format!("12345678.........9{}", ".".repeat(63));
    let ran = run_with(&["steps", "-"], &format!("{near}\n{none}\n"));
    assert_eq!(ran.code, EXIT_INVALID);
    assert_eq!(
        ran.out,
        "<stdin>:1:\n\
         \x20 1. Full House: r5c5 is the last empty cell in row 5, so r5c5 is 5\n\
         \x20 2. Full House: r1c1 is the last empty cell in column 1, so r1c1 is 5\n\
         \x20 3. Full House: r1c2 is the last empty cell in row 1, so r1c2 is 3\n\
         \x20 solved\n\
         <stdin>:2: no solution\n\
         2 boards: 1 solved by the steps, 0 stuck, 1 with no solution\n"
    );
    assert_eq!(ran.err, "");
    let stuck = run_with(&["steps"], &format!("{}\n", ".".repeat(81)));
    assert_eq!(
        (stuck.code, stuck.out.as_str()),
        (EXIT_VALID, "<stdin>:1:\n  stuck\n1 board: 0 solved by the steps, 1 stuck, 0 with no solution\n")
    );
    let json = run_with(&["steps", "--json", "--threads", "2"], &format!("{near}\n{none}\n"));
    assert_eq!(json.code, EXIT_INVALID);
    let lines: Vec<&str> = json.out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with(
        "{\"source\":\"<stdin>\",\"line\":1,\"solutions\":1,\"steps\":[{\"technique\":\"full house\",\
         \"text\":\"Full House: r5c5 is the last empty cell in row 5, so r5c5 is 5\",\"placements\":[[4,4,5]],\
         \"eliminations\":[],\"nodes\":[],\"links\":[],\"parents\":[]},"
    ));
    assert!(lines[0].ends_with("],\"stopped\":\"solved\"}"));
    assert_eq!(lines[1], "{\"source\":\"<stdin>\",\"line\":2,\"solutions\":0,\"steps\":[],\"stopped\":\"no solution\"}");
}

#[test]
fn steps_json_carries_a_chain() {
    // Its path has an XY-Wing: pivot r7c1 {5,8}, pincers r2c1 {5,9} and r8c3 {8,9}.
    let wing = "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....";
    let ran = run_with(&["steps", "--json"], &format!("{wing}\n"));
    assert_eq!(ran.code, EXIT_VALID);
    let step = ran.out.split("{\"technique\":").find(|step| step.starts_with("\"xy-wing\"")).unwrap_or_default();
    assert_eq!(
        step,
        "\"xy-wing\",\"text\":\"XY-Wing: (9)r2c1=(5)r2c1-(5)r7c1=(8)r7c1-(8)r8c3=(9)r8c3: remove 9 from r2c3, r9c1\",\
         \"placements\":[],\"eliminations\":[[1,2,9],[8,0,9]],\
         \"nodes\":[[[[1,0]],9],[[[1,0]],5],[[[6,0]],5],[[[6,0]],8],[[[7,2]],8],[[[7,2]],9]],\
         \"links\":[\"strong\",\"weak\",\"strong\",\"weak\",\"strong\"],\"parents\":[[],[0],[1],[2],[3],[4]]},"
    );
}
