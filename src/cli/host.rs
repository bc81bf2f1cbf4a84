//! What passes between the command and its host besides the three streams: the [`Env`] it
//! is given, and the line and status it ends with on Ctrl-C. Shared by the check commands
//! (`run`) and `generate` (`generating`), which `run` dispatches to.

use std::io::Write;

use super::EXIT_INTERRUPTED;

/// Said on stderr when Ctrl-C stops the command, instead of a traceback.
pub(super) const INTERRUPTED: &str = "valid-sudoku: interrupted\n";

/// What the command needs from its host besides the three streams.
pub struct Env<'a> {
    /// Whether stdin is a terminal, where someone may not know the command waits for them.
    pub stdin_is_terminal: bool,
    /// Whether stderr is a terminal, where a progress bar may be drawn.
    pub stderr_is_terminal: bool,
    /// Asked now and then during long work; true stops the command (Ctrl-C in Python).
    pub interrupted: &'a mut dyn FnMut() -> bool,
}

/// One short line for Ctrl-C, and the status shells give SIGINT.
pub fn interrupted<E: Write>(stderr: &mut E) -> i32 {
    let _ = stderr.write_all(INTERRUPTED.as_bytes()).and_then(|()| stderr.flush());
    EXIT_INTERRUPTED
}
