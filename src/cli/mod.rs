//! The `valid-sudoku` command: pure Rust, generic over `std::io::Read` and `Write`, so the
//! same code runs under the Python console script, in-process tests, and `cargo test`.
//!
//! Each input file is detected as one kind (`detect`), read by the reader for that kind, and
//! every board it yields goes through one callback (`run`) that checks it and reports it.

mod args;
mod block_reader;
mod checker;
mod csv_reader;
mod detect;
mod generating;
mod host;
mod json;
mod line_reader;
mod open;
mod position;
mod progress;
mod report;
mod run;
mod solving;

pub use host::Env;
pub use run::run;

/// Every board was valid.
pub const EXIT_VALID: i32 = 0;
/// At least one board was invalid.
pub const EXIT_INVALID: i32 = 1;
/// A usage error, or an input that could not be read.
pub const EXIT_ERROR: i32 = 2;
/// Stopped by the host (Ctrl-C), as shells report SIGINT.
pub const EXIT_INTERRUPTED: i32 = 130;

use std::{fmt, io};

use crate::error::TextError;

/// The cells of one board (row-major, 0 for empty, every value 0-9).
pub use crate::symbols::BoardCells;

/// Why reading an input stopped before its end.
#[derive(Debug)]
pub enum Failure {
    /// The input is not in the form its kind expects, at a 1-based line and column.
    Input(TextError),
    /// The input could not be opened.
    Open(io::Error),
    /// Reading the input failed.
    Read(io::Error),
    /// Writing the report failed.
    Write(io::Error),
    /// The host asked the command to stop (Ctrl-C in Python).
    Interrupted,
}

/// What every reader hands each board to: its 1-based line and its cells.
/// An error stops the reader and is passed on unchanged.
pub type Sink<'a> = dyn FnMut(usize, &BoardCells) -> Result<(), Failure> + 'a;

/// Where a board is in its input: the 1-based line it starts on and, for a board in a JSON
/// list, its 0-based index there (many boards may share one line).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Origin {
    pub line: usize,
    pub index: Option<usize>,
}

/// A [`Sink`] for readers that know more than the line of a board (JSON lists).
pub type PlacedSink<'a> = dyn FnMut(Origin, &BoardCells) -> Result<(), Failure> + 'a;

/// What a host puts inside the `io::Error` of a read or write that Ctrl-C stopped (a Python
/// stream raising `KeyboardInterrupt`), so the command stops as it does for any Ctrl-C.
#[derive(Debug)]
pub struct Interrupt;

impl fmt::Display for Interrupt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("interrupted")
    }
}

impl std::error::Error for Interrupt {}

impl Interrupt {
    /// The `io::Error` that carries it.
    pub fn io_error() -> io::Error {
        // Not `ErrorKind::Interrupted`: readers retry those, as std does for EINTR.
        io::Error::other(Interrupt)
    }

    /// Whether `error` carries it.
    pub fn is_in(error: &io::Error) -> bool {
        error.get_ref().is_some_and(|inner| inner.is::<Interrupt>())
    }
}
