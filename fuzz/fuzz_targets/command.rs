//! The `valid-sudoku` command on any file contents (JSON, CSV, lines, a block), in each output
//! mode: never a panic, and always one of the documented exit statuses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use valid_sudoku::cli::{run, Env, EXIT_ERROR, EXIT_INVALID, EXIT_VALID};

fuzz_target!(|data: &[u8]| {
    let mut statuses = Vec::new();
    for mode in [&["--quiet"][..], &[][..], &["--json"][..]] {
        let mut stdout = Vec::new();
        let mut stderr = Vec::new();
        let mut never = || false;
        let argv = mode.iter().copied().chain(["-"]);
        let status = run(
            argv,
            data,
            &mut stdout,
            &mut stderr,
            Env { stdin_is_terminal: false, stderr_is_terminal: false, interrupted: &mut never },
        );
        assert!([EXIT_VALID, EXIT_INVALID, EXIT_ERROR].contains(&status), "exit {status}");
        assert_eq!(status == EXIT_ERROR, !stderr.is_empty(), "{}", String::from_utf8_lossy(&stderr));
        statuses.push(status);
    }
    // The output mode never changes the verdict.
    assert!(statuses.windows(2).all(|pair| pair[0] == pair[1]), "{statuses:?}");
});
