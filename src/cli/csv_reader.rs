//! CSV files with a header: the boards are in the column named `puzzle` or `quizzes` (the
//! names public puzzle datasets use), or the one given with `--column`. Records are read one
//! at a time into one reused record, so memory stays constant.

use std::cell::RefCell;
use std::io::Read;
use std::rc::Rc;

use csv::{ByteRecord, ReaderBuilder};

use super::position::{LineIndex, LineIndexReader};
use super::{Failure, Sink};
use crate::error::{shorten, TextError};
use crate::symbols::{cells_from_symbols, char_offset, diagnose};

/// The puzzle column names tried when `--column` is not given.
pub const DEFAULT_COLUMNS: [&str; 2] = ["puzzle", "quizzes"];

/// Header names shown in the "no such column" message before it is cut.
const SHOWN_HEADERS: usize = 8;

/// The CSV reader's buffer: big reads for big files.
const BUFFER_BYTES: usize = 256 * 1024;

/// Reads every board of the CSV in `reader` into `sink`; `columns` are the names to look for.
pub fn read_csv<R: Read>(reader: R, columns: &[&str], sink: &mut Sink<'_>) -> Result<(), Failure> {
    let lines = Rc::new(RefCell::new(LineIndex::default()));
    let mut csv = ReaderBuilder::new()
        .flexible(true)
        .comment(Some(b'#'))
        .buffer_capacity(BUFFER_BYTES)
        .from_reader(LineIndexReader::new(reader, lines.clone()));
    let headers = csv.byte_headers().map_err(csv_failure)?.clone();
    let header_line = line_of(&headers, csv.position().byte(), &lines);
    let index = headers
        .iter()
        .position(|name| columns.iter().any(|column| column.as_bytes() == name.trim_ascii()))
        .ok_or_else(|| missing_column(&headers, header_line, columns))?;
    let name = columns.iter().find(|c| headers.get(index).is_some_and(|h| c.as_bytes() == h.trim_ascii()));
    let name = name.copied().unwrap_or_default();
    let mut record = ByteRecord::new();
    while csv.read_byte_record(&mut record).map_err(csv_failure)? {
        let line = line_of(&record, csv.position().byte(), &lines);
        let Some(field) = record.get(index) else {
            let message = format!("expected a '{name}' value in field {}, got {} fields", index + 1, record.len());
            return Err(Failure::Input(TextError::at(line, Some(end_column(&record)), message)));
        };
        match cells_from_symbols(field) {
            Some(cells) => sink(line, &cells)?,
            None => {
                let error = diagnose(field, "the end of the field");
                let column = field_column(&record, index) + error.offset;
                return Err(Failure::Input(TextError::at(line, Some(column), error.message)));
            }
        }
    }
    Ok(())
}

/// The 1-based line a record starts on, from the offset just past it.
///
/// The csv crate's own line numbers count from the end of the previous record, so skipped
/// comment and blank lines would shift them; the line of the record's last byte, less the
/// line breaks inside its (quoted) fields, is exact.
fn line_of(record: &ByteRecord, end: u64, lines: &RefCell<LineIndex>) -> usize {
    let last_line = lines.borrow_mut().line_of(end.saturating_sub(1));
    let inner_breaks = record.iter().map(|field| memchr::memchr_iter(b'\n', field).count()).sum::<usize>();
    last_line.saturating_sub(inner_breaks).max(1)
}

/// The 1-based column where field `index` starts, counting the fields before it and their
/// commas. Exact for unquoted fields (the only kind puzzle datasets write); quotes around
/// earlier fields are not in the record and so are not counted.
fn field_column(record: &ByteRecord, index: usize) -> usize {
    1 + record.iter().take(index).map(|field| char_offset(field, field.len()) + 1).sum::<usize>()
}

/// The column just past a record's last field.
fn end_column(record: &ByteRecord) -> usize {
    field_column(record, record.len()).saturating_sub(1).max(1)
}

fn missing_column(headers: &ByteRecord, line: usize, columns: &[&str]) -> Failure {
    let wanted = match columns {
        [only] => format!("a column named '{only}'"),
        _ => {
            let names: Vec<String> = columns.iter().map(|c| format!("'{c}'")).collect();
            format!("a column named {} (or name one with --column)", names.join(" or "))
        }
    };
    let mut found: Vec<String> =
        headers.iter().take(SHOWN_HEADERS).map(|name| format!("'{}'", shorten(&String::from_utf8_lossy(name)))).collect();
    if headers.len() > SHOWN_HEADERS {
        found.push("...".to_owned());
    }
    let message = format!("expected a CSV header with {wanted}, got {}", found.join(", "));
    Failure::Input(TextError::at(line, Some(1), message))
}

/// A CSV error: I/O errors stay I/O errors; anything else names its place.
fn csv_failure(error: csv::Error) -> Failure {
    let line = error.position().map(|p| usize::try_from(p.line()).unwrap_or(usize::MAX)).unwrap_or(1);
    let message = format!("unreadable CSV: {error}");
    match error.into_kind() {
        csv::ErrorKind::Io(error) => Failure::Read(error),
        _ => Failure::Input(TextError::at(line, Some(1), message)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::CELLS;

    const SEED: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn boards(text: &str, columns: &[&str]) -> Result<Vec<(usize, u8)>, String> {
        let mut found = Vec::new();
        let mut sink = |line: usize, cells: &[u8; CELLS]| {
            found.push((line, cells[0]));
            Ok(())
        };
        match read_csv(text.as_bytes(), columns, &mut sink) {
            Ok(()) => Ok(found),
            Err(Failure::Input(error)) => Err(error.to_string()),
            Err(other) => Err(format!("{other:?}")),
        }
    }

    #[test]
    fn reads_the_named_column_on_each_record() {
        let text = format!("id,puzzle,rating\n1,{SEED},3\n# skipped\n\n2,{SEED},4\n");
        assert_eq!(boards(&text, &DEFAULT_COLUMNS), Ok(vec![(2, 5), (5, 5)]));
        let kaggle = format!("quizzes,solutions\n{SEED},x\n");
        assert_eq!(boards(&kaggle, &DEFAULT_COLUMNS), Ok(vec![(2, 5)]));
        let chosen = format!("grid\n{SEED}\n");
        assert_eq!(boards(&chosen, &["grid"]), Ok(vec![(2, 5)]));
        assert_eq!(boards("puzzle\n", &DEFAULT_COLUMNS), Ok(vec![]));
        let crlf = format!("puzzle\r\n\r\n{SEED}\r\n{SEED}");
        assert_eq!(boards(&crlf, &DEFAULT_COLUMNS), Ok(vec![(3, 5), (4, 5)]));
        let quoted = format!("note,puzzle\n\"two\nlines\",{SEED}\n");
        assert_eq!(boards(&quoted, &DEFAULT_COLUMNS), Ok(vec![(2, 5)]));
    }

    #[test]
    fn errors_name_line_and_column() {
        let mut bad = SEED.to_string();
        bad.replace_range(4..5, "x");
        let text = format!("id,puzzle\n1,{SEED}\n22,{bad}\n");
        assert_eq!(
            boards(&text, &DEFAULT_COLUMNS),
            Err("line 3, column 8: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'".into())
        );
        let short = format!("puzzle,rating\n{},1\n", &SEED[..79]);
        assert_eq!(boards(&short, &DEFAULT_COLUMNS), Err("line 2, column 80: expected 81 cells, got 79".into()));
        let long = format!("puzzle\n{SEED}5\n");
        assert_eq!(
            boards(&long, &DEFAULT_COLUMNS),
            Err("line 2, column 82: expected the end of the field after 81 cells, got '5'".into())
        );
        assert_eq!(
            boards("id,puzzle\n7\n", &DEFAULT_COLUMNS),
            Err("line 2, column 2: expected a 'puzzle' value in field 2, got 1 fields".into())
        );
    }

    #[test]
    fn a_missing_column_names_what_was_wanted_and_found() {
        assert_eq!(
            boards("id,grid\n", &DEFAULT_COLUMNS),
            Err("line 1, column 1: expected a CSV header with a column named 'puzzle' or 'quizzes' (or name one with --column), got 'id', 'grid'".into())
        );
        assert_eq!(
            boards("# c\nid,grid\n", &["board"]),
            Err("line 2, column 1: expected a CSV header with a column named 'board', got 'id', 'grid'".into())
        );
    }
}
