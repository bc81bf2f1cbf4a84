//! One board as 81 bytes or an 81-character str (what `is_valid_sudoku("53..7...")` reads):
//! the no-copy symbol validator, the checked parser and a slow reference must agree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use valid_sudoku::{check, parse};

#[path = "reference.rs"]
mod reference;

fuzz_target!(|data: &[u8]| {
    let parsed = parse::grid_from_bytes(data);
    let symbols: Option<Vec<u8>> = data.iter().map(|&b| reference::symbol(b)).collect();
    match (&parsed, symbols) {
        (Ok(grid), Some(values)) => {
            assert_eq!(grid.cells().as_slice(), values.as_slice());
            assert_eq!(check::is_valid(grid), reference::is_valid(grid.cells()));
        }
        (Err(_), Some(values)) => assert_ne!(values.len(), 81, "81 good symbols refused"),
        (Ok(_), None) => panic!("a bad symbol accepted"),
        (Err(_), None) => {}
    }
    if let Ok(board) = <&[u8; 81]>::try_from(data) {
        // The fast path answers only for its own alphabet, and then as the checked path does.
        if let Some(valid) = check::is_valid_symbols(board) {
            assert_eq!(Some(valid), parsed.as_ref().ok().map(check::is_valid));
        }
        // Any byte is safe for the cell validator.
        let _ = check::is_valid_cells(board);
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let from_text = parse::grid_from_text(text);
        // The alphabet is ASCII, so the text and its bytes are refused or accepted together.
        assert_eq!(from_text.is_ok(), parsed.is_ok());
        if let (Ok(a), Ok(b)) = (&from_text, &parsed) {
            assert_eq!(a, b);
        }
    }
});
