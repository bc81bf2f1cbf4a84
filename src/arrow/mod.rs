//! Columns of boards from Arrow memory, read in place through the Arrow C data interface.
//!
//! Pure Rust, no pyo3 and no Arrow crate: the interface is three C structs and a few rules
//! (see [`ffi`]), which is less code than the glue a crate would need, and adds nothing to the
//! build. The Python side (`bindings::arrow_input`) only takes the structs out of their
//! PyCapsules; everything here works on the structs themselves.
//!
//! Read: `utf8`, `large_utf8`, `utf8_view`, `binary`, `large_binary`, `binary_view` and
//! `fixed_size_binary` columns (formats `u`, `U`, `vu`, `z`, `Z`, `vz`, `w:N`), plain or
//! dictionary-encoded (polars `Categorical`, see [`dictionary`]), in any number of chunks, sliced (offsets), with nulls; or a one-column table of one. A null row is the
//! error `boards[20]: expected a board, got null`; a row of a bad length or symbol is named
//! like any batch error. See [`chunk`] for what is trusted and what is checked.

mod ascii;
mod boards;
mod chunk;
mod dictionary;
mod error;
mod extension;
pub mod ffi;
mod format;
mod memory;
mod schema;
#[cfg(any(test, feature = "fuzzing"))]
pub mod testing;
#[cfg(test)]
mod tests;

pub use boards::ArrowBoards;
pub use error::{ArrowError, ArrowErrorKind, COLUMN_EXPECTED};
