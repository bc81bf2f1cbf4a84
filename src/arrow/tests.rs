//! Arrays built by hand: every column type, chunks, slices, nulls, bad rows, malformed
//! arrays, other types, and releases.

use super::error::ArrowErrorKind;
use super::testing::*;
use super::ArrowBoards;
use crate::batch::{validate_source, BatchError, BoardSource};
use crate::error::{BoardError, Place, Problem};
use crate::grid::CELLS;

const SEED: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// `count` different boards, about half with a planted repeat, some with '0' for empty.
fn boards(count: usize, seed: u64) -> Vec<Vec<u8>> {
    let mut state = seed | 1;
    (0..count)
        .map(|i| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Relabel the digits by a rotation, so every board differs in its digits.
            let shift = (state % 9) as u8;
            let mut board: Vec<u8> = SEED.bytes().map(|b| if b == b'.' { b } else { (b - b'1' + shift) % 9 + b'1' }).collect();
            if i % 2 == 1 {
                let at = (state >> 8) as usize % 80 + 1;
                board[at] = board[0].max(b'1');
                board[0] = board[0].max(b'1');
            }
            if i % 5 == 0 {
                board.iter_mut().filter(|b| **b == b'.').for_each(|b| *b = b'0');
            }
            board
        })
        .collect()
}

/// The expected flag of one board, one board at a time.
fn expected(board: &[u8]) -> bool {
    let text = std::str::from_utf8(board).unwrap_or_default();
    crate::parse::grid_from_text(text).map(|grid| crate::check::is_valid(&grid)).unwrap_or(false)
}

/// Flags through the batch driver, as every batch function reads a source.
fn flags(source: &dyn BoardSource, threads: usize) -> Result<Vec<bool>, BatchError> {
    let mut out = vec![false; source.len()];
    validate_source(source, 0, &mut out, threads).map_err(|f| f.error)?;
    Ok(out)
}

fn nulls(rows: &[Option<&[u8]>]) -> i64 {
    rows.iter().filter(|r| r.is_none()).count() as i64
}

/// One array of `rows`, sliced to `offset..offset + length`.
fn sliced(format: &str, rows: &[Option<&[u8]>], offset: usize, length: usize, releases: &Releases) -> super::ffi::ArrowArray {
    array(length as i64, nulls(rows), offset as i64, buffers(format, rows), Vec::new(), releases)
}

#[test]
fn every_type_in_chunks_and_slices_agrees_with_one_board_at_a_time() {
    let all = boards(3000, 0xBEEF);
    for format in FORMATS {
        let releases = releases();
        // Three chunks: the first sliced from row 5, an empty one, the last sliced at both ends.
        let rows: Vec<Option<&[u8]>> = all.iter().map(|b| Some(b.as_slice())).collect();
        let chunks = vec![
            sliced(format, &rows[..1000], 5, 995, &releases),
            sliced(format, &rows[..0], 0, 0, &releases),
            sliced(format, &rows[1000..], 17, 1950, &releases),
        ];
        let want: Vec<bool> = all[5..1000].iter().chain(&all[1017..2967]).map(|b| expected(b)).collect();
        assert!(want.iter().any(|&v| v) && want.iter().any(|&v| !v));
        let source = ArrowBoards::from_stream(stream(format, chunks, None, &releases)).unwrap();
        assert_eq!(source.len(), 2945);
        assert_eq!(source.is_text(), matches!(format, "u" | "U" | "vu"));
        for threads in [1, 2, 3] {
            assert_eq!(flags(&source, threads).as_ref(), Ok(&want), "{format}, {threads} threads");
        }
        drop(source);
        // Three arrays, the schema and the stream.
        assert_eq!(count(&releases), 5, "{format}");
    }
}

#[test]
fn one_array_with_its_schema() {
    let all = boards(100, 3);
    let rows: Vec<Option<&[u8]>> = all.iter().map(|b| Some(b.as_slice())).collect();
    for format in FORMATS {
        let releases = releases();
        let (schema, array) = owned(schema(format, "", Vec::new(), &releases), sliced(format, &rows, 0, 100, &releases));
        let source = ArrowBoards::from_array(schema, array).unwrap();
        assert_eq!(flags(&source, 1), Ok(all.iter().map(|b| expected(b)).collect()));
        drop(source);
        assert_eq!(count(&releases), 2);
    }
}

#[test]
fn a_null_names_its_index() {
    let all = boards(40, 5);
    let mut rows: Vec<Option<&[u8]>> = all.iter().map(|b| Some(b.as_slice())).collect();
    rows[23] = None;
    let null_at = |index| Err(BatchError::Board(BoardError::new(Place::Board, Problem::Null).in_batch(index)));
    for format in FORMATS {
        let releases = releases();
        let chunks = vec![sliced(format, &rows, 3, 37, &releases)];
        let source = ArrowBoards::from_stream(stream(format, chunks, None, &releases)).unwrap();
        assert_eq!(flags(&source, 1), null_at(20), "{format}");
        let error = BoardError::new(Place::Board, Problem::Null).in_batch(20);
        assert_eq!(error.to_string(), "boards[20]: expected a board, got null");
    }
}

#[test]
fn bad_rows_name_their_index_in_their_own_terms() {
    let all = boards(50, 9);
    let mut bad = all.clone();
    bad[30][4] = b'x';
    bad[12].pop();
    let rows: Vec<Option<&[u8]>> = bad.iter().map(|b| Some(b.as_slice())).collect();
    let releases = releases();
    let text = ArrowBoards::from_stream(stream("u", vec![sliced("u", &rows, 0, 50, &releases)], None, &releases)).unwrap();
    let short = BoardError::new(Place::Board, Problem::Length(80)).in_batch(12);
    assert_eq!(flags(&text, 2), Err(BatchError::Board(short)));
    let bytes = ArrowBoards::from_stream(stream("z", vec![sliced("z", &rows, 13, 37, &releases)], None, &releases)).unwrap();
    let symbol = BoardError::new(Place::Flat(4), Problem::Byte(b'x')).in_batch(17);
    assert_eq!(flags(&bytes, 1), Err(BatchError::Board(symbol)));
    // Views hold short values inline: a 3-byte row is still a bad length.
    let rows: Vec<Option<&[u8]>> = vec![Some(all[0].as_slice()), Some(b"123")];
    let views = ArrowBoards::from_stream(stream("vz", vec![sliced("vz", &rows, 0, 2, &releases)], None, &releases)).unwrap();
    assert_eq!(flags(&views, 1), Err(BatchError::Board(BoardError::new(Place::Board, Problem::ByteLength(3)).in_batch(1))));
    // A width other than 81 reads every row as a bad length.
    let (schema, array) = owned(
        schema("w:80", "", Vec::new(), &releases),
        array(2, 0, 0, vec![None, Some(vec![b'1'; 160])], Vec::new(), &releases),
    );
    let narrow = ArrowBoards::from_array(schema, array).unwrap();
    assert_eq!(flags(&narrow, 1), Err(BatchError::Board(BoardError::new(Place::Board, Problem::ByteLength(80)).in_batch(0))));
}

#[test]
fn symbols_outside_the_fast_subset_take_the_checked_path() {
    let line = SEED.replace('.', "0").into_bytes();
    let mut text = line.clone();
    text[2] = 'é'.to_string().as_bytes()[0];
    let rows: Vec<Option<&[u8]>> = vec![Some(line.as_slice()), Some(SEED.as_bytes())];
    let releases = releases();
    let source = ArrowBoards::from_stream(stream("u", vec![sliced("u", &rows, 0, 2, &releases)], None, &releases)).unwrap();
    assert_eq!(flags(&source, 1), Ok(vec![true, true]));
    let accented = format!("é{}", &SEED[1..]);
    let rows: Vec<Option<&[u8]>> = vec![Some(line.as_slice()), Some(accented.as_bytes())];
    let source = ArrowBoards::from_stream(stream("u", vec![sliced("u", &rows, 0, 2, &releases)], None, &releases)).unwrap();
    assert_eq!(
        flags(&source, 1),
        Err(BatchError::Board(BoardError::new(Place::Flat(0), Problem::Symbol("é".into())).in_batch(1)))
    );
}

#[test]
fn a_one_column_table_is_its_column_with_the_tables_offset_and_nulls() {
    let all = boards(64, 11);
    let rows: Vec<Option<&[u8]>> = all.iter().map(|b| Some(b.as_slice())).collect();
    let releases = releases();
    let child = sliced("U", &rows, 4, 60, &releases);
    // The struct starts at its row 2, and its row 9 (column row 4 + 2 + 9) is null.
    let mut bits = vec![0xFFu8; 8];
    bits[(2 + 9) / 8] &= !(1 << ((2 + 9) % 8));
    let table = array(50, 1, 2, vec![Some(bits)], vec![child], &releases);
    let fields = vec![schema("U", "puzzle", Vec::new(), &releases)];
    let (schema, table) = owned(schema("+s", "", fields, &releases), table);
    let source = ArrowBoards::from_array(schema, table).unwrap();
    assert_eq!(source.len(), 50);
    let mut out = vec![0u8; 9 * CELLS];
    assert_eq!(source.fill(0, &mut out), Ok(()));
    assert_eq!(out[..CELLS].to_vec(), all[6].iter().map(|&b| if b == b'.' { 0 } else { b - b'0' }).collect::<Vec<u8>>());
    assert_eq!(flags(&source, 1), Err(BatchError::Board(BoardError::new(Place::Board, Problem::Null).in_batch(9))));
    drop(source);
    // The table and its column, the table's schema and its field's.
    assert_eq!(count(&releases), 4);
}

/// The error `ArrowBoards::from_array` gives for one array of `format` (a struct's children
/// given as formats).
fn import_error(format: &str, fields: &[&str], array: super::ffi::ArrowArray, releases: &Releases) -> String {
    let fields = fields.iter().enumerate().map(|(i, f)| schema(f, &format!("c{i}"), Vec::new(), releases)).collect();
    let (schema, array) = owned(schema(format, "", fields, releases), array);
    ArrowBoards::from_array(schema, array).unwrap_err().to_string()
}

#[test]
fn other_types_are_named() {
    let releases = releases();
    let empty = || array(0, 0, 0, vec![None, None], Vec::new(), &releases);
    let expect = "boards: expected an Arrow string or binary column, got";
    let hint = crate::error::NUMBERS_HINT;
    assert_eq!(import_error("l", &[], empty(), &releases), format!("{expect} int64"));
    assert_eq!(import_error("g", &[], empty(), &releases), format!("{expect} double; {hint}"));
    assert_eq!(import_error("d:38,0", &[], empty(), &releases), format!("{expect} decimal(38,0); {hint}"));
    assert_eq!(import_error("b", &[], empty(), &releases), format!("{expect} bool"));
    assert_eq!(import_error("+w:81", &["C"], empty(), &releases), format!("{expect} fixed_size_list(81)"));
    assert_eq!(
        import_error("+s", &["u", "l"], empty(), &releases),
        format!("{expect} struct<c0: string, c1: int64> (a table of 2 columns: pass one of them)")
    );
    assert_eq!(
        import_error("+s", &["i"], empty(), &releases),
        format!("{expect} struct<c0: int32> (its one column is not of strings or binary)")
    );
    assert_eq!(import_error("+s", &["g"], empty(), &releases), format!("{expect} struct<c0: double>; {hint}"));
    assert_eq!(
        import_error("+s", &["b"], empty(), &releases),
        format!("{expect} struct<c0: bool> (its one column is not of strings or binary)")
    );
    assert_eq!(
        import_error("+s", &[], empty(), &releases),
        format!("{expect} struct<> (a table of 0 columns: pass one of them)")
    );
    let mut dictionary = schema("i", "", Vec::new(), &releases);
    // A dictionary of numbers is no column of boards (one of strings is: see below).
    let mut values = schema("l", "", Vec::new(), &releases);
    dictionary.dictionary = &mut values;
    let error =
        ArrowBoards::from_array(super::ffi::OwnedSchema::new(dictionary), super::ffi::OwnedArray::new(empty())).unwrap_err();
    assert_eq!(error.to_string(), format!("{expect} dictionary<values=int64, indices=int32>"));
    assert!(!error.is_list_type());
    assert!(ArrowBoards::from_array(
        super::ffi::OwnedSchema::new(schema("+w:81", "", vec![schema("C", "", Vec::new(), &releases)], &releases)),
        super::ffi::OwnedArray::new(empty())
    )
    .unwrap_err()
    .is_list_type());
    assert_eq!(
        error.named("candidates").to_string(),
        format!("candidates: expected an Arrow string or binary column, got dictionary<values=int64, indices=int32>")
    );
    drop(super::ffi::OwnedSchema::new(values));
}

#[test]
fn malformed_arrays_are_refused_not_read() {
    let releases = releases();
    let line = SEED.as_bytes();
    let good = offsets_buffers(&[Some(line), Some(line)], false);
    let with = |k: usize, buffer: Option<Vec<u8>>| {
        let mut buffers = good.clone();
        buffers[k] = buffer;
        buffers
    };
    let offsets = |values: &[i32]| Some(values.iter().flat_map(|v| v.to_ne_bytes()).collect());
    let cases: Vec<(super::ffi::ArrowArray, &str)> = vec![
        (array(2, 0, 0, with(1, offsets(&[0, 81, 80])), Vec::new(), &releases), "the offsets decrease at row 1"),
        (array(2, 0, 0, with(1, offsets(&[-1, 81, 162])), Vec::new(), &releases), "offset -1 of row 0"),
        (array(-2, 0, 0, good.clone(), Vec::new(), &releases), "the length is -2"),
        (array(2, 0, -1, good.clone(), Vec::new(), &releases), "the offset is -1"),
        (array(2, 0, 0, with(2, None), Vec::new(), &releases), "buffer 2 is missing"),
        (array(2, 0, 0, good[..2].to_vec(), Vec::new(), &releases), "2 buffers where the type has 3"),
        (array(2, 1, 0, with(1, None), Vec::new(), &releases), "buffer 1 is missing"),
        (array(i64::MAX, 0, i64::MAX, good.clone(), Vec::new(), &releases), "sizes overflow"),
    ];
    for (array, why) in cases {
        assert_eq!(import_error("u", &[], array, &releases), format!("boards: malformed Arrow array: {why}"));
    }
    // A `large_string` schema over a `string` array: 32-bit offsets 0, 81, 162, 243 read as
    // 64-bit ones step by 2**32 at once, and are refused there, before reading past them.
    let three = offsets_buffers(&[Some(line), Some(line), Some(line)], false);
    let lie = array(3, 0, 0, three, Vec::new(), &releases);
    assert_eq!(
        import_error("U", &[], lie, &releases),
        format!(
            "boards: malformed Arrow array: row 0 is {} bytes long, which no board is (does the schema match the array?)",
            (162i64 << 32) + 162
        )
    );
    // The other way round, 64-bit offsets read as 32-bit ones (0, 0, 81, 0) decrease.
    let large = array(3, 0, 0, offsets_buffers(&[Some(line), Some(line), Some(line)], true), Vec::new(), &releases);
    assert_eq!(import_error("u", &[], large, &releases), "boards: malformed Arrow array: the offsets decrease at row 2");
    // A view past the end of its buffer, and a buffer index that does not exist.
    let mut views = view_buffers(&[Some(line)], 1);
    views[1].as_mut().unwrap()[12] = 1;
    let bad_view = array(1, 0, 0, views, Vec::new(), &releases);
    assert_eq!(
        import_error("vu", &[], bad_view, &releases),
        "boards: malformed Arrow array: the view of row 0 points outside its data"
    );
    let mut views = view_buffers(&[Some(line)], 1);
    views[1].as_mut().unwrap()[8] = 3;
    assert_eq!(
        import_error("vu", &[], array(1, 0, 0, views, Vec::new(), &releases), &releases),
        "boards: malformed Arrow array: the view of row 0 points outside its data"
    );
    let few = array(1, 0, 0, vec![None, None], Vec::new(), &releases);
    assert_eq!(import_error("vu", &[], few, &releases), "boards: malformed Arrow array: 2 buffers for a view array");
    // A table longer than its column.
    let child = array(2, 0, 0, good.clone(), Vec::new(), &releases);
    let table = array(3, 0, 0, vec![None], vec![child], &releases);
    assert_eq!(
        import_error("+s", &["u"], table, &releases),
        "boards: malformed Arrow array: a struct of 3 rows with a child of 2"
    );
    let orphan = array(3, 0, 0, vec![None], Vec::new(), &releases);
    assert_eq!(
        import_error("+s", &["u"], orphan, &releases),
        "boards: malformed Arrow array: a one-field struct array without exactly one child"
    );
    // Every array and schema made here was released, refused or not: 13 arrays with their
    // schemas, then a table (with its column, its schema and its field's), then an orphan
    // table with its two schemas.
    assert_eq!(count(&releases), 13 * 2 + 4 + 3);
}

#[test]
fn a_failing_stream_reports_its_message_and_releases_everything() {
    let releases = releases();
    let line = SEED.as_bytes();
    let chunk = || sliced("u", &[Some(line)], 0, 1, &releases);
    let error = ArrowBoards::from_stream(stream("u", vec![chunk(), chunk()], Some(1), &releases)).unwrap_err();
    assert_eq!(error.kind, ArrowErrorKind::Stream("disk on fire".into()));
    assert_eq!(error.to_string(), "boards: the Arrow stream failed: disk on fire");
    // The array taken, the one left in the stream, the schema, the stream.
    assert_eq!(count(&releases), 4);
    let source = ArrowBoards::from_stream(stream("u", Vec::new(), None, &releases)).unwrap();
    assert_eq!((source.len(), flags(&source, 1)), (0, Ok(Vec::new())));
    let error = ArrowBoards::from_stream(stream("+m", vec![chunk()], None, &releases)).unwrap_err();
    assert_eq!(error.to_string(), "boards: expected an Arrow string or binary column, got map");
}

#[test]
fn moving_out_of_a_producers_struct_leaves_it_released() {
    let releases = releases();
    let mut raw = sliced("u", &[Some(SEED.as_bytes())], 0, 1, &releases);
    // SAFETY: `raw` is a live array nothing else touches.
    let owned = unsafe { super::ffi::OwnedArray::take(&mut raw) };
    assert!(raw.release.is_none() && !owned.is_released());
    drop(owned);
    assert_eq!(count(&releases), 1);
}

#[test]
fn back_to_back_rows_are_found_as_one_run() {
    use super::chunk::Chunk;
    use super::format::Layout;
    let all = boards(40, 13);
    let rows: Vec<Option<&[u8]>> = all.iter().map(|b| Some(b.as_slice())).collect();
    let releases = releases();
    let joined: Vec<u8> = all[2..12].concat();
    for (format, layout) in
        [("u", Layout::Offsets32), ("U", Layout::Offsets64), ("vz", Layout::View), ("w:81", Layout::Fixed(81))]
    {
        let array = sliced(format, &rows, 2, 38, &releases);
        let chunk = Chunk::import(&array, None, layout, None).unwrap();
        assert_eq!(chunk.run(0, 10, CELLS), Some(joined.as_slice()), "{format}");
        assert_eq!(chunk.run(0, 10, 80), None, "{format}");
        drop(super::ffi::OwnedArray::new(array));
    }
    // Views in short buffers, a short row, a null: no run, row by row instead.
    let short: Vec<Option<&[u8]>> = vec![Some(all[0].as_slice()), Some(&all[1][..80]), None, Some(all[3].as_slice())];
    for (format, layout) in [("vu", Layout::View), ("u", Layout::Offsets32)] {
        let array = sliced(format, &rows, 0, 40, &releases);
        let chunk = Chunk::import(&array, None, layout, None).unwrap();
        assert_eq!(chunk.run(0, 10, CELLS).is_some(), format == "u");
        drop(super::ffi::OwnedArray::new(array));
        let array = sliced(format, &short, 0, 4, &releases);
        let chunk = Chunk::import(&array, None, layout, None).unwrap();
        assert_eq!((chunk.run(0, 2, CELLS), chunk.run(2, 2, CELLS), chunk.run(3, 1, CELLS).is_some()), (None, None, true));
        drop(super::ffi::OwnedArray::new(array));
    }
}

/// A dictionary-encoded column (what polars `Categorical` exports): keys of `key_format`
/// into `values`, with the keys' own nulls.
fn keyed(
    key_format: &str,
    keys: Vec<u8>,
    rows: usize,
    validity_bits: Option<Vec<u8>>,
    nulls: i64,
    dictionary: (&mut super::ffi::ArrowArray, &mut super::ffi::ArrowSchema),
    releases: &Releases,
) -> Result<ArrowBoards, super::ArrowError> {
    let mut column = array(rows as i64, nulls, 0, vec![validity_bits, Some(keys)], Vec::new(), releases);
    let (values, value_schema) = dictionary;
    column.dictionary = values;
    let mut key_schema = schema(key_format, "", Vec::new(), releases);
    key_schema.dictionary = value_schema;
    let (schema, column) = owned(key_schema, column);
    ArrowBoards::from_array(schema, column)
}

#[test]
fn dictionary_columns_are_read_through_their_keys() {
    let releases = releases();
    let dots = ".".repeat(CELLS);
    let bad = format!("x{}", &SEED[1..]);
    let rows: Vec<Option<&[u8]>> = vec![Some(SEED.as_bytes()), Some(dots.as_bytes()), Some(bad.as_bytes())];
    let mut values = array(3, 0, 0, offsets_buffers(&rows, false), Vec::new(), &releases);
    let mut value_schema = schema("u", "", Vec::new(), &releases);
    for (format, width) in [("c", 1), ("S", 2), ("i", 4), ("L", 8)] {
        let keys: Vec<u8> = [1u64, 0, 1].iter().flat_map(|&k| k.to_ne_bytes()[..width].to_vec()).collect();
        let keys = if cfg!(target_endian = "big") {
            [1u64, 0, 1].iter().flat_map(|&k| k.to_be_bytes()[8 - width..].to_vec()).collect()
        } else {
            keys
        };
        let boards = keyed(format, keys, 3, None, 0, (&mut values, &mut value_schema), &releases).unwrap();
        assert_eq!(boards.len(), 3);
        // Never a run in place: rows are wherever their keys say.
        assert_eq!(boards.symbols_in_place(0, 3), None);
        let mut out = vec![9u8; 3 * CELLS];
        assert_eq!(boards.fill(0, &mut out), Ok(()), "{format}");
        let seed: Vec<u8> = SEED.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        assert_eq!(&out[..CELLS], &[0u8; CELLS][..]);
        assert_eq!(&out[CELLS..2 * CELLS], &seed[..]);
        assert_eq!(&out[2 * CELLS..], &[0u8; CELLS][..]);
    }
    // A null key is a null row; a key to a bad value names the row, as a plain column does.
    let keys: Vec<u8> = [0i32, 7, 2].iter().flat_map(|k| k.to_ne_bytes()).collect();
    let boards = keyed("i", keys, 3, Some(vec![0b101]), 1, (&mut values, &mut value_schema), &releases).unwrap();
    let mut out = vec![0u8; 2 * CELLS];
    assert_eq!(boards.fill(0, &mut out), Err(BatchError::Board(BoardError::new(Place::Board, Problem::Null).in_batch(1))));
    let mut one = vec![0u8; CELLS];
    assert_eq!(
        boards.fill(2, &mut one),
        Err(BatchError::Board(BoardError::new(Place::Flat(0), Problem::Symbol("x".into())).in_batch(2)))
    );
    drop(boards);
    // Keys outside the dictionary, or negative, are refused before any row is read.
    for key in [3i32, -1] {
        let keys: Vec<u8> = [0i32, key].iter().flat_map(|k| k.to_ne_bytes()).collect();
        let error = keyed("i", keys, 2, None, 0, (&mut values, &mut value_schema), &releases).unwrap_err();
        assert_eq!(error.to_string(), "boards: malformed Arrow array: the dictionary key of row 1 is outside the dictionary");
    }
    drop(super::ffi::OwnedArray::new(values));
    drop(super::ffi::OwnedSchema::new(value_schema));
}
