//! Build steps: PyO3's cfg flags, and the runtime docstrings taken from the stub.
//!
//! The stub `python/valid_sudoku/__init__.pyi` is the one place the documentation is written.
//! This script copies each docstring in it into `$OUT_DIR/stub_docs/NAME.txt` (`Board.txt`,
//! `Board.parse.txt`, `module.txt`, ...), cleaned the way `inspect.cleandoc` cleans it, and the
//! bindings include those files as their doc comments (`stub_doc!` in src/bindings/mod.rs), so
//! `help()` shows the stub's text. python_tests/test_docs.py checks that every public name's
//! runtime `__doc__` matches the stub, parsed by Python itself.

use std::fs;
use std::path::PathBuf;

const STUB: &str = "python/valid_sudoku/__init__.pyi";

fn main() {
    // Makes `#[cfg(Py_3_14)]`, `#[cfg(Py_GIL_DISABLED)]`, `#[cfg(PyPy)]` etc. usable in this crate,
    // so the CPython fast path can be compiled only where its layout assumptions hold.
    pyo3_build_config::use_pyo3_cfgs();

    println!("cargo:rerun-if-changed={STUB}");
    let stub = fs::read_to_string(STUB).unwrap_or_else(|error| panic!("reading {STUB}: {error}"));
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("stub_docs");
    fs::create_dir_all(&out_dir).expect("creating OUT_DIR/stub_docs");
    for (name, doc) in stub_docs(&stub) {
        fs::write(out_dir.join(format!("{name}.txt")), doc).expect("writing a docstring");
    }
    // Which stub the docs came from; the crate refuses to compile against another (src/bindings/mod.rs).
    println!("cargo:rustc-env=STUB_DOCS_HASH={}", fnv1a(stub.as_bytes()));
}

/// FNV-1a, 64-bit: the same function as `fnv1a` in src/bindings/mod.rs.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in bytes {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// Every docstring of the stub's module, top-level functions and classes, and the methods and
/// properties of those classes, by qualified name (`module` for the module's own).
fn stub_docs(stub: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = stub.lines().collect();
    let mut docs = Vec::new();
    if let Some(doc) = docstring_at(&lines, 0) {
        docs.push(("module".to_owned(), doc));
    }
    let mut class: Option<String> = None;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let indent = line.len() - line.trim_start().len();
        let trimmed = line.trim_start();
        if indent == 0 && !trimmed.is_empty() && !trimmed.starts_with('#') {
            class = None;
        }
        let keyword = ["def ", "class "].into_iter().find(|k| trimmed.starts_with(k));
        let (Some(keyword), 0 | 4) = (keyword, indent) else {
            i += 1;
            continue;
        };
        let rest = &trimmed[keyword.len()..];
        let name = rest.split(['(', ':']).next().unwrap_or_default().trim().to_owned();
        let qualified = match (&class, indent) {
            (_, 0) => name.clone(),
            (Some(class), 4) => format!("{class}.{name}"),
            _ => {
                i += 1;
                continue;
            }
        };
        if keyword == "class " && indent == 0 {
            class = Some(name);
        }
        let end = header_end(&lines, i);
        if !lines[end].trim_end().ends_with("...") {
            if let Some(doc) = docstring_at(&lines, end + 1) {
                docs.push((qualified, doc));
            }
        }
        i = end + 1;
    }
    docs
}

/// The line on which the `def` or `class` header starting at line `start` ends (its brackets
/// closed).
fn header_end(lines: &[&str], start: usize) -> usize {
    let mut depth = 0i32;
    for (i, line) in lines.iter().enumerate().skip(start) {
        for ch in line.chars() {
            match ch {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                _ => {}
            }
        }
        if depth <= 0 {
            return i;
        }
    }
    lines.len() - 1
}

/// The triple-quoted string starting on line `at`, if one does, unescaped and cleaned.
fn docstring_at(lines: &[&str], at: usize) -> Option<String> {
    let first = lines.get(at)?.trim_start().strip_prefix("\"\"\"")?;
    let mut raw = String::new();
    if let Some(end) = first.find("\"\"\"") {
        raw.push_str(&first[..end]);
    } else {
        raw.push_str(first);
        for line in &lines[at + 1..] {
            raw.push('\n');
            match line.find("\"\"\"") {
                Some(end) => {
                    raw.push_str(&line[..end]);
                    break;
                }
                None => raw.push_str(line),
            }
        }
    }
    Some(clean(&unescape(&raw)))
}

/// The escapes the stub uses, read as Python reads them; any other backslash is kept as is.
fn unescape(raw: &str) -> String {
    let mut out = String::new();
    let mut chars = raw.chars();
    while let Some(ch) = chars.next() {
        if ch != '\\' {
            out.push(ch);
            continue;
        }
        match chars.next() {
            Some('\\') => out.push('\\'),
            Some('"') => out.push('"'),
            Some('\'') => out.push('\''),
            Some('n') => out.push('\n'),
            Some('\n') => {}
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// `inspect.cleandoc`: the first line stripped, the common indent of the rest removed, and
/// blank lines at either end dropped.
fn clean(doc: &str) -> String {
    let lines: Vec<&str> = doc.split('\n').collect();
    let margin = lines
        .iter()
        .skip(1)
        .filter(|line| !line.trim().is_empty())
        .map(|line| line.len() - line.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut cleaned: Vec<String> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let line = if i == 0 { line.trim_start() } else { line.get(margin..).unwrap_or("").trim_end_matches(' ') };
        cleaned.push(line.trim_end().to_owned());
    }
    while cleaned.first().is_some_and(|line| line.is_empty()) {
        cleaned.remove(0);
    }
    while cleaned.last().is_some_and(|line| line.is_empty()) {
        cleaned.pop();
    }
    cleaned.join("\n")
}
