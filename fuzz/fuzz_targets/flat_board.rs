//! One board as 81 bytes or an 81-character str (what `is_valid_sudoku("53..7...")` reads):
//! the fast route (values by arithmetic, then the dispatched validator), the checked parser and a
//! slow reference must agree.
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
        // The fast route accepts exactly the checked path's alphabet, and answers as it does.
        let mut cells = [0u8; 81];
        match (parse::fill_from_ascii(board, &mut cells), &parsed) {
            (Some(()), Ok(grid)) => assert_eq!(check::is_valid_cells(&cells), check::is_valid(grid)),
            (None, Err(_)) => {}
            (fast, checked) => panic!("fast route {fast:?}, checked path {checked:?}"),
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
