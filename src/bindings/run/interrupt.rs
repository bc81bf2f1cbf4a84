//! Ctrl-C during long work done with the GIL released.
//!
//! Python runs signal handlers only on the main thread and only when asked, so a search that
//! runs for seconds without the GIL would otherwise ignore Ctrl-C. The thread that made the
//! call (the only one whose check can see the signal) re-attaches every few milliseconds to
//! ask; once a handler raised, every thread of the call is told to stop, and the exception is
//! what the call returns.
//!
//! One call, one `Interrupt`: Python runs a handler once per signal, so a second `Interrupt`
//! asking beside the first may take the signal from it, and whatever asks the first goes on
//! as if no Ctrl-C had come. Only this module's drivers (`interruptible` here, the batch
//! driver in `batch_run`) make one, and they hand the work nothing but its [`Stop`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::thread::{self, ThreadId};
use std::time::{Duration, Instant};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use super::deadline::Deadline;
use crate::batch::Stop;
use crate::solve::Stopped;

/// How often the calling thread asks Python for pending signals.
const CHECK_EVERY: Duration = Duration::from_millis(5);

/// The shared state of one call's interruptible work.
pub(super) struct Interrupt {
    caller: ThreadId,
    stopped: AtomicBool,
    error: Mutex<Option<PyErr>>,
    last_check: Mutex<Instant>,
}

impl Interrupt {
    /// For work started now by the calling thread.
    pub(super) fn new() -> Self {
        Interrupt {
            caller: thread::current().id(),
            stopped: AtomicBool::new(false),
            error: Mutex::new(None),
            last_check: Mutex::new(Instant::now()),
        }
    }

    /// True once the work should stop. Cheap on every thread: only the calling thread, and
    /// only every few milliseconds, takes the GIL to run Python's signal handlers.
    pub fn should_stop(&self) -> bool {
        if self.stopped.load(Ordering::Relaxed) {
            return true;
        }
        if thread::current().id() != self.caller {
            return false;
        }
        let Ok(mut last) = self.last_check.try_lock() else { return false };
        let now = Instant::now();
        if now.duration_since(*last) < CHECK_EVERY {
            return false;
        }
        *last = now;
        drop(last);
        if let Err(error) = Python::attach(|py| py.check_signals()) {
            if let Ok(mut slot) = self.error.lock() {
                slot.get_or_insert(error);
            }
            self.stopped.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }

    /// The exception a signal handler raised, if one did (once): the call must return it.
    pub fn take_raised(&self) -> Option<PyErr> {
        self.error.lock().ok().and_then(|mut slot| slot.take())
    }

    /// What the call returns: the exception a signal handler raised, even when the work
    /// finished anyway (the signal came as its last part ended: Python has cleared it, so
    /// dropping the exception would lose the Ctrl-C), else the work's answer. `what` names a
    /// stop no handler asked for.
    pub fn answer<T>(&self, outcome: Result<T, Stopped>, what: &str) -> PyResult<T> {
        match (outcome, self.take_raised()) {
            (_, Some(error)) => Err(error),
            (Ok(answer), None) => Ok(answer),
            // Only a raised signal handler makes `should_stop` say yes.
            (Err(Stopped), None) => Err(PyRuntimeError::new_err(format!("{what} stopped"))),
        }
    }
}

/// Runs `work` with the GIL released and Ctrl-C heard: `work` asks the call's one stop, from
/// any of its threads (see [`Interrupt::answer`]).
pub fn interruptible<T: Send>(
    py: Python<'_>,
    what: &str,
    work: impl FnOnce(Stop<'_>) -> Result<T, Stopped> + Send,
) -> PyResult<T> {
    interruptible_until(py, what, &Deadline::NONE, work)
}

/// [`interruptible`], stopped at `deadline` too: the call then raises `TimeoutError`, unless a
/// Ctrl-C came first (its exception wins).
pub fn interruptible_until<T: Send>(
    py: Python<'_>,
    what: &str,
    deadline: &Deadline,
    work: impl FnOnce(Stop<'_>) -> Result<T, Stopped> + Send,
) -> PyResult<T> {
    let interrupt = Interrupt::new();
    let outcome = py.detach(|| work(&|| interrupt.should_stop() || deadline.passed()));
    if outcome.is_err() && deadline.passed() {
        return Err(interrupt.take_raised().unwrap_or_else(|| deadline.error(what)));
    }
    interrupt.answer(outcome, what)
}
