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

// The docs must come from this checkout's stub. Cargo decides whether to rerun build.rs by file
// times, which a target directory shared by several checkouts can fool; then the build stops
// here rather than ship another stub's docs. (No hash at all means the last run was of an older
// build.rs, from a checkout without this check, which leaves our files in place; the docs test
// in python_tests/test_docs.py still compares every docstring then.)
const _: () = if let Some(hash) = option_env!("STUB_DOCS_HASH") {
    assert!(
        fnv1a(include_bytes!("../../python/valid_sudoku/__init__.pyi")) == decimal(hash),
        "the stub docs in OUT_DIR are not from python/valid_sudoku/__init__.pyi: `touch build.rs` and build again"
    );
};

/// FNV-1a, 64-bit, at compile time: the same function as `fnv1a` in build.rs.
const fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash = (hash ^ bytes[i] as u64).wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

/// A decimal u64 (as build.rs prints it), at compile time.
const fn decimal(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let mut value: u64 = 0;
    let mut i = 0;
    while i < bytes.len() {
        value = value.wrapping_mul(10).wrapping_add((bytes[i] - b'0') as u64);
        i += 1;
    }
    value
}

// The input layer first; one module (or folder) per public capability after it, each of which
// only converts Python objects (through `input`) and calls the core.
pub(crate) mod input;
pub(crate) mod run;

pub(crate) mod board;
pub(crate) mod canonical;
pub(crate) mod cli;
pub(crate) mod columns;
pub(crate) mod exceptions;
pub(crate) mod generate;
pub(crate) mod scoring;
pub(crate) mod solving;
pub(crate) mod steps;
pub(crate) mod validity;
