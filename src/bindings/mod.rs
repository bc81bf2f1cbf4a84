//! The only place that imports PyO3: Python objects in, core types out, core errors mapped
//! to Python exceptions.

// The doc comments of the Python-facing items are the stub's docstrings (see `stub_doc!`),
// written in reStructuredText for Python readers, not in rustdoc's Markdown.
#![allow(clippy::doc_lazy_continuation, clippy::doc_overindented_list_items)]

/// The stub's docstring for a public name (`"Board"`, `"Board.parse"`, `"module"`), as build.rs
/// copied it out of python/valid_sudoku/__init__.pyi: write `#[doc = stub_doc!("name")]` on the
/// Rust item, so the runtime `__doc__` (and so `help()`) is the stub's text, written once.
macro_rules! stub_doc {
    ($name:literal) => {
        include_str!(concat!(env!("OUT_DIR"), "/stub_docs/", $name, ".txt"))
    };
}
pub(crate) use stub_doc;

pub mod board;
pub mod cli;
pub mod conflict;
pub mod batch;
pub mod exceptions;
mod fast_path;
pub mod functions;
mod input;
mod streams;
pub mod symbol_addresses;
mod numpy_input;
