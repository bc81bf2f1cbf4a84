//! The progress bar: on stderr, only for the plain report, only when stderr is a terminal, and
//! only once the work has run long enough to be worth watching.

use std::time::{Duration, Instant};

use console::Term;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

use super::report::Mode;

/// Work shorter than this finishes without a bar ever flashing up.
const SHOW_AFTER: Duration = Duration::from_secs(1);

// No `{eta}`: indicatif's estimate is fed only by its own draws, and said `(0s)` for a whole
// run. The message carries an estimate from the average rate instead (see [`eta`]).
const KNOWN_SIZE: &str = "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} {msg}";
const UNKNOWN_SIZE: &str = "{spinner} [{elapsed_precise}] {bytes} read {msg}";
const PUZZLES_MADE: &str = "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} puzzles {msg}";

/// What the bar counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Measure {
    /// Bytes of input read, out of the inputs' size when known; the message counts boards.
    BytesRead(Option<u64>),
    /// Puzzles made, out of the number asked for.
    PuzzlesMade(u64),
}

/// Whether a bar may be shown at all: never in pipes, in JSON Lines output, or when quiet.
pub fn wanted(mode: Mode, stderr_is_terminal: bool) -> bool {
    mode == Mode::Text && stderr_is_terminal
}

/// A bar that appears after [`SHOW_AFTER`], if it is wanted.
pub struct Progress {
    wanted: bool,
    measure: Measure,
    started: Instant,
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A bar of input read: `total_bytes` is the size of all inputs, when every one is a file
    /// of known size.
    pub fn new(wanted: bool, total_bytes: Option<u64>) -> Self {
        Progress { wanted, measure: Measure::BytesRead(total_bytes), started: Instant::now(), bar: None }
    }

    /// A bar of puzzles made, out of `count`.
    pub fn of_puzzles(wanted: bool, count: u64) -> Self {
        Progress { wanted, measure: Measure::PuzzlesMade(count), started: Instant::now(), bar: None }
    }

    /// Tells how far the work is (`bytes` read and `boards` done; a bar of puzzles counts
    /// only boards); shows the bar once the work has proved long.
    pub fn update(&mut self, bytes: u64, boards: u64) {
        if !self.wanted {
            return;
        }
        if self.bar.is_none() && self.started.elapsed() >= SHOW_AFTER {
            self.bar = Some(self.new_bar());
        }
        let Some(bar) = &self.bar else { return };
        let elapsed = self.started.elapsed();
        match self.measure {
            Measure::BytesRead(total) => {
                bar.set_position(bytes);
                match total.and_then(|total| eta(bytes, total, elapsed)) {
                    Some(left) => bar.set_message(format!("{boards} boards, about {} left", duration_text(left))),
                    None => bar.set_message(format!("{boards} boards")),
                }
            }
            Measure::PuzzlesMade(count) => {
                bar.set_position(boards);
                if let Some(left) = eta(boards, count, elapsed) {
                    bar.set_message(format!("about {} left", duration_text(left)));
                }
            }
        }
    }

    fn new_bar(&self) -> ProgressBar {
        let (template, length) = match self.measure {
            Measure::BytesRead(Some(total)) => (KNOWN_SIZE, Some(total)),
            Measure::BytesRead(None) => (UNKNOWN_SIZE, None),
            Measure::PuzzlesMade(count) => (PUZZLES_MADE, Some(count)),
        };
        let style = ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar());
        let target = ProgressDrawTarget::term_like_with_hz(Box::new(ColumnsFree(Term::buffered_stderr())), REFRESH_HZ);
        ProgressBar::with_draw_target(length, target).with_style(style).with_elapsed(self.started.elapsed())
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

/// Redraws per second, as indicatif's own stderr target.
const REFRESH_HZ: u8 = 20;

/// Columns a frame leaves free at the end of the line: the `^C` a terminal echoes for Ctrl-C
/// (two characters), written where the frame left the cursor, plus one for a terminal that
/// wraps as soon as its last column is written.
const FREE_COLUMNS: u16 = 3;

/// stderr, [`FREE_COLUMNS`] narrower than it is. A frame that reaches the last columns leaves
/// the cursor where the echoed `^C` wraps to a new line, and the clear that follows then
/// clears that line, leaving the bar on screen.
#[derive(Debug)]
struct ColumnsFree(Term);

impl ColumnsFree {
    /// The width a frame may use for a terminal `columns` wide.
    fn usable(columns: u16) -> u16 {
        columns.saturating_sub(FREE_COLUMNS).max(1)
    }
}

impl TermLike for ColumnsFree {
    fn width(&self) -> u16 {
        Self::usable(self.0.size().1)
    }
    fn height(&self) -> u16 {
        self.0.size().0
    }
    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        self.0.write_str(s)
    }
    fn clear_line(&self) -> std::io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> std::io::Result<()> {
        self.0.flush()
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
    fn the_bar_leaves_room_for_the_echoed_ctrl_c() {
        assert_eq!(ColumnsFree::usable(80), 77);
        assert_eq!(ColumnsFree::usable(3), 1);
        assert_eq!(ColumnsFree::usable(0), 1);
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
        assert!(
            message.as_deref().is_some_and(|m| m == "42 boards, about 2s left" || m == "42 boards, about 3s left"),
            "{message:?}"
        );
        progress.finish();
        let mut unknown = Progress::new(true, None);
        unknown.started = progress.started;
        unknown.update(500, 42);
        assert_eq!(unknown.bar.as_ref().map(|bar| bar.message()).as_deref(), Some("42 boards"));
        unknown.finish();
    }
}
