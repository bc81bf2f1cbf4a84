//! A call's `timeout=`: the moment its work stops, checked beside Ctrl-C by the same stop
//! callback (see `interruptible_until` in the interrupt module).

use std::time::{Duration, Instant};

use pyo3::exceptions::PyTimeoutError;
use pyo3::PyErr;

/// When a call's work must stop, and the timeout as given, for the message.
pub struct Deadline {
    at: Option<Instant>,
    given: String,
}

impl Deadline {
    /// No deadline.
    pub const NONE: Deadline = Deadline { at: None, given: String::new() };

    /// The deadline `seconds` from now (`given` is the value as the user wrote it). One too far
    /// to represent (`inf`, `1e300`) is never reached, so it is no deadline at all.
    pub fn after(timeout: Option<(f64, String)>) -> Deadline {
        let Some((seconds, given)) = timeout else { return Deadline::NONE };
        let at = Duration::try_from_secs_f64(seconds).ok().and_then(|limit| Instant::now().checked_add(limit));
        Deadline { at, given }
    }

    /// True once the deadline has passed: polled by every thread with the interrupt check.
    pub fn passed(&self) -> bool {
        self.at.is_some_and(|at| Instant::now() >= at)
    }

    /// The `TimeoutError` of work (`what`, such as "generation") stopped by the deadline.
    pub fn error(&self, what: &str) -> PyErr {
        let seconds = &self.given;
        PyTimeoutError::new_err(format!("timeout={seconds}: {what} did not finish within {seconds} seconds"))
    }
}
