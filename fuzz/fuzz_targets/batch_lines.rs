//! `is_valid_many` on bytes of puzzle lines: one flag per line, each the reference's answer, or
//! an error naming a line that really is not a board; the same for 1 and 3 threads.
#![no_main]

use libfuzzer_sys::fuzz_target;
use valid_sudoku::batch::{validate_lines, BatchError};

#[path = "reference.rs"]
mod reference;

fuzz_target!(|data: &[u8]| {
    let one = validate_lines(data, 1);
    let three = validate_lines(data, 3);
    assert_eq!(one.as_ref().ok(), three.as_ref().ok());
    let body = data.strip_suffix(b"\n").unwrap_or(data);
    let lines: Vec<&[u8]> = if data.is_empty() { Vec::new() } else { body.split(|&b| b == b'\n').collect() };
    match one {
        Ok(flags) => {
            assert_eq!(flags.len(), lines.len());
            for (line, flag) in lines.iter().zip(flags) {
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                let values: Vec<u8> = line.iter().map(|&b| reference::symbol(b).expect("accepted a bad symbol")).collect();
                let cells: [u8; 81] = values.try_into().expect("accepted a line that is not 81 symbols");
                assert_eq!(flag, reference::is_valid(&cells));
            }
        }
        Err(BatchError::OutOfMemory) => {}
        Err(BatchError::Board(error)) => panic!("a line error that is not about a line: {error}"),
        Err(BatchError::Stopped) => panic!("stopped with no one to ask it to"),
        Err(BatchError::Text(error)) => {
            let line = lines.get(error.line - 1).expect("error past the last line");
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            let good = line.len() == 81 && line.iter().all(|&b| reference::symbol(b).is_some());
            assert!(!good, "refused a good line: {error}");
        }
    }
});
