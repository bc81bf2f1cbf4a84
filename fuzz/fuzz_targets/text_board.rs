//! `Board.parse`'s text formats: any text either parses or is refused with a position, never a
//! panic; a parsed board renders (one line, and the block `str(board)` prints) and parses back
//! to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use valid_sudoku::{render, text};

fuzz_target!(|data: &[u8]| {
    let source = String::from_utf8_lossy(data);
    match text::parse_board(&source) {
        Ok(grid) => {
            assert_eq!(text::parse_board(&render::text::line(&grid, '.')).ok(), Some(grid));
            assert_eq!(text::parse_board(&render::text::block(&grid)).ok(), Some(grid));
        }
        Err(error) => {
            assert!(error.line >= 1, "{error}");
            assert!(error.column.is_none_or(|c| c >= 1), "{error}");
        }
    }
});
