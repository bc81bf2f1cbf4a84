//! The progress bar: on stderr, only for the plain report, only when stderr is a terminal, and
//! only once the work has run long enough to be worth watching.

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::report::Mode;

/// Work shorter than this finishes without a bar ever flashing up.
const SHOW_AFTER: Duration = Duration::from_secs(1);

const KNOWN_SIZE: &str = "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} ({eta}) {msg}";
const UNKNOWN_SIZE: &str = "{spinner} [{elapsed_precise}] {bytes} read {msg}";

/// Whether a bar may be shown at all: never in pipes, in JSON Lines output, or when quiet.
pub fn wanted(mode: Mode, stderr_is_terminal: bool) -> bool {
    mode == Mode::Text && stderr_is_terminal
}

/// A bar that appears after [`SHOW_AFTER`], if it is wanted.
pub struct Progress {
    wanted: bool,
    total_bytes: Option<u64>,
    started: Instant,
    bar: Option<ProgressBar>,
}

impl Progress {
    /// `total_bytes` is the size of all inputs, when every one is a file of known size.
    pub fn new(wanted: bool, total_bytes: Option<u64>) -> Self {
        Progress { wanted, total_bytes, started: Instant::now(), bar: None }
    }

    /// Tells how far the work is; shows the bar once the work has proved long.
    pub fn update(&mut self, bytes: u64, boards: u64) {
        if !self.wanted {
            return;
        }
        if self.bar.is_none() && self.started.elapsed() >= SHOW_AFTER {
            self.bar = Some(self.new_bar());
        }
        if let Some(bar) = &self.bar {
            bar.set_position(bytes);
            bar.set_message(format!("{boards} boards"));
        }
    }

    fn new_bar(&self) -> ProgressBar {
        let template = if self.total_bytes.is_some() { KNOWN_SIZE } else { UNKNOWN_SIZE };
        let style = ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar());
        ProgressBar::with_draw_target(self.total_bytes, ProgressDrawTarget::stderr())
            .with_style(style)
            .with_elapsed(self.started.elapsed())
    }

    /// Runs `write` with the bar out of the way, so report lines on the same terminal stay whole.
    pub fn suspend<R>(&self, write: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }

    /// Removes the bar, before the summary or an error message is written.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_plain_report_on_a_terminal_gets_a_bar() {
        assert!(wanted(Mode::Text, true));
        assert!(!wanted(Mode::Text, false));
        assert!(!wanted(Mode::Json, true));
        assert!(!wanted(Mode::Quiet, true));
    }

    #[test]
    fn short_work_never_shows_a_bar() {
        let mut progress = Progress::new(true, Some(100));
        progress.update(50, 1);
        assert!(progress.bar.is_none());
        let mut unwanted = Progress::new(false, None);
        unwanted.started = unwanted.started.checked_sub(SHOW_AFTER * 2).unwrap_or(unwanted.started);
        unwanted.update(50, 1);
        assert!(unwanted.bar.is_none());
        assert_eq!(progress.suspend(|| 7), 7);
        progress.finish();
    }
}
