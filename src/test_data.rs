//! Where the Rust tests find the public puzzle data: `VALID_SUDOKU_DATA`, else `shared/data`
//! beside the checkout (`../shared/data` from the package root, where `cargo test` runs).
//!
//! A user's clone has no such folder, so the tests that read it skip; CI has it, and sets
//! `VALID_SUDOKU_FULL=1`, under which a missing folder or file fails instead of skipping
//! (a test that loops over nothing passes whatever the code does).
// Test helpers, also built for the measuring drivers (`--features drivers`), which use a few.
#![cfg_attr(not(test), allow(dead_code, unused_imports))]

use std::path::PathBuf;

/// True when the data must be there (CI).
fn required() -> bool {
    std::env::var("VALID_SUDOKU_FULL").is_ok_and(|full| full == "1")
}

/// The data folder, or `None` when it is absent and not required.
pub fn test_data_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("VALID_SUDOKU_DATA")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"), PathBuf::from);
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(!required(), "VALID_SUDOKU_FULL=1 but the puzzle data is not at {}", dir.display());
    eprintln!("no puzzle data at {}: skipped", dir.display());
    None
}

/// The text of the data file `name` (such as `norvig/sudoku-top95.txt`), or `None` when the
/// data folder is absent and not required. A missing file in a folder that is there fails.
pub fn test_data_text(name: &str) -> Option<String> {
    let path = test_data_dir()?.join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(error) => panic!("{}: {error}", path.display()),
    }
}

/// The first 81 characters of each line of `name` that holds a board (lines of 81 characters
/// or more, not comments): one per puzzle of the line files and of the Kaggle CSV. Empty
/// when the data is absent and not required; never empty otherwise.
pub fn test_data_boards(name: &str) -> Vec<String> {
    let Some(text) = test_data_text(name) else { return Vec::new() };
    let boards: Vec<String> = text
        .lines()
        .filter(|line| line.len() >= 81 && !line.starts_with('#'))
        .filter_map(|line| line.get(..81))
        .map(str::to_owned)
        .collect();
    assert!(!boards.is_empty(), "{name}: no boards read");
    boards
}
