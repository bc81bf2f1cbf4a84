//! `std::io` adapters over Python's `sys.stdin`, `sys.stdout` and `sys.stderr` objects, so the
//! command writes where Python code writes (pytest's capsys, Jupyter, redirections made in
//! Python) and reads what Python would read.
//!
//! They are used while the GIL is released: each call attaches only for its own Python call.
//! A Python exception is kept, to be raised once the command returns; the core sees an
//! `io::Error` and stops.

use std::io::{self, Read, Write};

use pyo3::exceptions::{PyBrokenPipeError, PyKeyboardInterrupt};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::bounds::Known;
use crate::cli::Interrupt;

/// The `io::Error` the core sees for a Python exception: a broken pipe stays one, and a
/// KeyboardInterrupt (Ctrl-C during a blocking read or write) stops the command as Ctrl-C does.
fn io_error(py: Python<'_>, error: &PyErr) -> io::Error {
    if error.is_instance_of::<PyKeyboardInterrupt>(py) {
        Interrupt::io_error()
    } else if error.is_instance_of::<PyBrokenPipeError>(py) {
        io::Error::new(io::ErrorKind::BrokenPipe, error.to_string())
    } else {
        io::Error::other(error.to_string())
    }
}

/// Writes UTF-8 text to a Python text stream (`sys.stdout`, `sys.stderr`); `None` discards it,
/// as Python does when the stream is absent (`pythonw`).
pub struct PyWriter {
    stream: Option<Py<PyAny>>,
    /// The start of a character cut in two by a buffer boundary, held until the rest comes.
    partial: Vec<u8>,
    /// The first exception the stream raised.
    pub error: Option<PyErr>,
}

impl PyWriter {
    pub fn new(stream: Option<Py<PyAny>>) -> Self {
        PyWriter { stream, partial: Vec::new(), error: None }
    }

    /// Keeps the exception, and turns it into the `io::Error` the core understands.
    fn fail(&mut self, py: Python<'_>, error: PyErr) -> io::Error {
        let io_error = io_error(py, &error);
        self.error.get_or_insert(error);
        io_error
    }

    fn write_text(&mut self, py: Python<'_>, text: &str) -> io::Result<()> {
        let Some(stream) = &self.stream else { return Ok(()) };
        match stream.call_method1(py, "write", (PyString::new(py, text),)) {
            Ok(_) => Ok(()),
            Err(error) => Err(self.fail(py, error)),
        }
    }
}

impl Write for PyWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.stream.is_none() {
            return Ok(buf.len());
        }
        self.partial.extend_from_slice(buf);
        let whole = match std::str::from_utf8(&self.partial) {
            Ok(text) => text.len(),
            // An incomplete character at the end waits for the next write.
            Err(error) if error.error_len().is_none() => error.valid_up_to(),
            // Bytes that can never be UTF-8 (the core writes none) are replaced, not dropped.
            Err(_) => self.partial.len(),
        };
        let head: Vec<u8> = self.partial.drain(..whole).collect();
        let text = String::from_utf8_lossy(&head);
        Python::attach(|py| self.write_text(py, &text))?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Python::attach(|py| {
            if !self.partial.is_empty() {
                let rest: Vec<u8> = std::mem::take(&mut self.partial);
                self.write_text(py, &String::from_utf8_lossy(&rest))?;
            }
            let Some(stream) = &self.stream else { return Ok(()) };
            match stream.call_method0(py, "flush") {
                Ok(_) => Ok(()),
                Err(error) => Err(self.fail(py, error)),
            }
        })
    }
}

/// Reads bytes from `sys.stdin`: from its binary `buffer` when it has one (the real stdin),
/// else from the text stream itself, UTF-8 encoded (an `io.StringIO` set by a test, say).
pub struct PyReader {
    stream: Option<Py<PyAny>>,
    /// Bytes read from Python and not yet handed out.
    pending: Vec<u8>,
    offset: usize,
    /// How the reader waits for input once its first read has returned.
    waiting: Waiting,
    /// The first exception the stream raised.
    pub error: Option<PyErr>,
}

/// A Ctrl-C that lands just before a blocking read starts (or on another thread) does not
/// interrupt it: the read would wait for input that may never come, with the signal's flag
/// set. So after the first read, a stream with a file descriptor is polled in short waits,
/// looking at the signals between them. The first read is not polled: the stream's own
/// buffer may hold bytes (read before `main` was called) that the descriptor does not show,
/// and that read drains it, since every read asks for at least `READ_AHEAD` bytes.
enum Waiting {
    FirstRead,
    /// `select.poll()` with the descriptor registered.
    Poll(Py<PyAny>),
    /// No descriptor, or no `select.poll` (Windows): reads go straight to the stream.
    Blocking,
}

/// At least as much as any buffered stream holds (CPython's default is 8 KiB), so that one
/// `read1` leaves nothing in the stream's buffer.
const READ_AHEAD: usize = 256 * 1024;
/// How long one wait for input lasts before the signals are looked at again.
const POLL_MS: u32 = 100;

impl PyReader {
    pub fn new(stream: Option<Py<PyAny>>) -> Self {
        PyReader { stream, pending: Vec::new(), offset: 0, waiting: Waiting::FirstRead, error: None }
    }

    /// Returns once the next read will not block, or with the KeyboardInterrupt of a Ctrl-C.
    fn wait_for_input(&mut self, py: Python<'_>, buffer: &Bound<'_, PyAny>) -> PyResult<()> {
        if matches!(self.waiting, Waiting::FirstRead) {
            self.waiting = match poller(py, buffer)? {
                Some(poller) => Waiting::Poll(poller),
                None => Waiting::Blocking,
            };
            return Ok(());
        }
        let Waiting::Poll(poller) = &self.waiting else { return Ok(()) };
        let poller = poller.bind(py);
        loop {
            py.check_signals()?;
            // Any event counts: input, end of input (POLLHUP) or an error the read will report.
            if poller.call_method1("poll", (POLL_MS,))?.len()? > 0 {
                return Ok(());
            }
        }
    }

    /// One read from Python into `pending`; an empty result means the end of input.
    fn fill(&mut self, py: Python<'_>, wanted: usize) -> PyResult<()> {
        self.pending.clear();
        self.offset = 0;
        let Some(stream) = &self.stream else { return Ok(()) };
        // A Ctrl-C that came while the command was busy is only a flag until Python looks;
        // the read below would then wait for input first (forever, at a terminal).
        py.check_signals()?;
        let stream = stream.clone_ref(py).into_bound(py);
        let wanted = wanted.max(READ_AHEAD);
        let chunk = match stream.getattr("buffer") {
            // `read1` returns what is available instead of waiting for `wanted` bytes,
            // so boards typed or piped in slowly are answered as they come.
            Ok(buffer) if buffer.hasattr("read1")? => {
                self.wait_for_input(py, &buffer)?;
                buffer.call_method1("read1", (wanted,))?
            }
            Ok(buffer) => buffer.call_method1("read", (wanted,))?,
            Err(_) => stream.call_method1("read", (wanted,))?,
        };
        if let Ok(bytes) = chunk.cast::<PyBytes>() {
            self.pending.extend_from_slice(bytes.as_bytes());
        } else if let Ok(text) = chunk.cast::<PyString>() {
            self.pending.extend_from_slice(text.to_cow()?.as_bytes());
        } else if !chunk.is_none() {
            let found = chunk.get_type().name()?;
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "sys.stdin.read() returned {found}, expected bytes or str"
            )));
        }
        Ok(())
    }
}

/// A `select.poll()` watching the stream's descriptor for input, where there is one.
fn poller(py: Python<'_>, buffer: &Bound<'_, PyAny>) -> PyResult<Option<Py<PyAny>>> {
    let select = py.import("select")?;
    if !select.hasattr("poll")? {
        return Ok(None);
    }
    // A stream without a descriptor (io.BytesIO, say) raises here, and never blocks anyway.
    let Ok(fd) = buffer.call_method0("fileno").and_then(|fd| fd.extract::<i32>()) else { return Ok(None) };
    let poller = select.call_method0("poll")?;
    let events = select.getattr("POLLIN")?.extract::<u32>()? | select.getattr("POLLPRI")?.extract::<u32>()?;
    poller.call_method1("register", (fd, events))?;
    Ok(Some(poller.unbind()))
}

impl Read for PyReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.offset >= self.pending.len() {
            if self.error.is_some() {
                return Err(io::Error::other("reading sys.stdin failed"));
            }
            let wanted = buf.len().max(1);
            if let Err(error) = Python::attach(|py| self.fill(py, wanted).map_err(|error| (io_error(py, &error), error))) {
                let (io_error, error) = error;
                self.error = Some(error);
                return Err(io_error);
            }
        }
        let available = self.pending.get(self.offset..).known();
        let n = available.len().min(buf.len());
        if let (Some(to), Some(from)) = (buf.get_mut(..n), available.get(..n)) {
            to.copy_from_slice(from);
        }
        self.offset += n;
        Ok(n)
    }
}
