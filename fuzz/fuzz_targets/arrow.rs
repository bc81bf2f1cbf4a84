//! An Arrow column built from fuzz data with the unit tests' builders (`arrow::testing`):
//! each string, binary, view and fixed-width type, sliced, nulls anywhere, rows of any bytes,
//! one array or a stream of two. The core reader takes every array the builders make, and
//! reads each row as the one-board parser reads its bytes, or names the row it refuses; every
//! struct is released exactly once.
#![no_main]

use libfuzzer_sys::fuzz_target;
use valid_sudoku::arrow::testing::{array, buffers, count, owned, releases, schema, stream, FORMATS};
use valid_sudoku::arrow::ArrowBoards;
use valid_sudoku::batch::BoardSource;
use valid_sudoku::parse;

const SEED: &[u8; 81] = b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else { return };
    let format = FORMATS[usize::from(head) % FORMATS.len()];
    let fixed = format.starts_with("w:");
    // Rows: null, the seed with a few bytes changed, or raw bytes (81 of them for a fixed width).
    let mut rows: Vec<Option<Vec<u8>>> = Vec::new();
    let mut chunks = rest.chunks(6);
    while let Some(chunk) = chunks.next() {
        if rows.len() == 64 {
            break;
        }
        let row = match chunk.first().copied().unwrap_or(0) % 4 {
            0 => None,
            1 | 2 => {
                let mut board = SEED.to_vec();
                for pair in chunk[1..].chunks_exact(2) {
                    board[usize::from(pair[0]) % 81] = pair[1];
                }
                Some(board)
            }
            _ => {
                let length = if fixed { 81 } else { usize::from(chunk.get(1).copied().unwrap_or(0)) % 90 };
                let bytes = if chunk.len() > 1 { &chunk[1..] } else { chunk };
                Some((0..length).map(|i| bytes[i % bytes.len()] ^ (i as u8)).collect())
            }
        };
        rows.push(row);
    }
    let views: Vec<Option<&[u8]>> = rows.iter().map(|row| row.as_deref()).collect();
    let offset = usize::from(head >> 4) % (rows.len() + 1);
    let length = rows.len() - offset;
    let nulls = views.iter().filter(|row| row.is_none()).count() as i64;
    let releases = releases();
    let made = array(length as i64, nulls, offset as i64, buffers(format, &views), Vec::new(), &releases);
    let source = if head & 8 == 0 {
        let (schema, array) = owned(schema(format, "", Vec::new(), &releases), made);
        ArrowBoards::from_array(schema, array)
    } else {
        let empty = array(0, 0, 0, buffers(format, &[]), Vec::new(), &releases);
        ArrowBoards::from_stream(stream(format, vec![empty, made], None, &releases))
    };
    let source = match source {
        Ok(source) => source,
        Err(error) => panic!("a well-formed {format} array refused: {error}"),
    };
    assert_eq!(source.len(), length);
    for (index, row) in views[offset..].iter().enumerate() {
        let mut cells = [0u8; 81];
        let read = source.fill(index, &mut cells);
        let text = matches!(format, "u" | "U" | "vu");
        let expected = row.and_then(|row| {
            if text {
                std::str::from_utf8(row).ok().and_then(|text| parse::grid_from_text(text).ok())
            } else {
                parse::grid_from_bytes(row).ok()
            }
        });
        match (read, expected) {
            (Ok(()), Some(grid)) => assert_eq!(&cells, grid.cells(), "row {index}"),
            (Err(_), None) => {}
            (read, expected) => panic!("row {index} of {format}: read {read:?}, one board at a time {expected:?}"),
        }
    }
    drop(source);
    // The schema and the array, or the stream's two arrays, its schema and the stream: once each.
    let structs = if head & 8 == 0 { 2 } else { 4 };
    assert_eq!(count(&releases), structs);
});
