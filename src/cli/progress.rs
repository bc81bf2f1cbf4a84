//! The progress bar: on stderr, only for the plain report, only when stderr is a terminal, and
//! only once the work has run long enough to be worth watching.

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::report::Mode;

/// Work shorter than this finishes without a bar ever flashing up.
const SHOW_AFTER: Duration = Duration::from_secs(1);

// No `{eta}`: indicatif's estimate is fed only by its own draws, and said `(0s)` for a whole
// run. The message carries an estimate from the average rate instead (see [`eta`]).
const KNOWN_SIZE: &str = "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} {msg}";
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
            let left = self.total_bytes.and_then(|total| eta(bytes, total, self.started.elapsed()));
            match left {
                Some(left) => bar.set_message(format!("{boards} boards, about {} left", duration_text(left))),
                None => bar.set_message(format!("{boards} boards")),
            }
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

/// The time left to read `total` bytes at the average rate so far, once there is a rate.
///
/// The work is steady (every board costs about the same), so the average over the whole run
/// is a fair guess, and it does not jump about as a short window would.
pub fn eta(done: u64, total: u64, elapsed: Duration) -> Option<Duration> {
    if done == 0 || done >= total || elapsed.is_zero() {
        return None;
    }
    // f64 is exact enough here: the answer is shown to the second.
    let left = elapsed.as_secs_f64() * (total - done) as f64 / done as f64;
    Duration::try_from_secs_f64(left).ok()
}

/// `7s`, `3m 05s`, `1h 02m`: the time left, rounded up to a unit that fits the bar.
pub fn duration_text(left: Duration) -> String {
    let seconds = left.as_secs() + u64::from(left.subsec_nanos() > 0);
    match seconds {
        0..=59 => format!("{seconds}s"),
        60..=3599 => format!("{}m {:02}s", seconds / 60, seconds % 60),
        _ => format!("{}h {:02}m", seconds / 3600, seconds / 60 % 60),
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

    #[test]
    fn the_estimate_comes_from_the_average_rate() {
        let second = Duration::from_secs(1);
        assert_eq!(eta(25, 100, second * 2), Some(second * 6));
        assert_eq!(eta(50, 100, second * 3), Some(second * 3));
        assert_eq!(eta(0, 100, second), None);
        assert_eq!(eta(100, 100, second), None);
        assert_eq!(eta(10, 100, Duration::ZERO), None);
        assert_eq!(duration_text(Duration::from_millis(6100)), "7s");
        assert_eq!(duration_text(second * 185), "3m 05s");
        assert_eq!(duration_text(second * 3720), "1h 02m");
    }

    #[test]
    fn the_bar_shows_the_time_left() {
        let mut progress = Progress::new(true, Some(1000));
        progress.started = Instant::now().checked_sub(SHOW_AFTER * 2).unwrap_or(progress.started);
        progress.update(500, 42);
        let message = progress.bar.as_ref().map(|bar| bar.message());
        // Two seconds for half the bytes: about two more (three, if the test is slow).
        assert!(message.as_deref().is_some_and(|m| m == "42 boards, about 2s left" || m == "42 boards, about 3s left"), "{message:?}");
        progress.finish();
        let mut unknown = Progress::new(true, None);
        unknown.started = progress.started;
        unknown.update(500, 42);
        assert_eq!(unknown.bar.as_ref().map(|bar| bar.message()).as_deref(), Some("42 boards"));
        unknown.finish();
    }
}
