//! Which column of boards a schema describes: one string or binary column, or a table (a
//! struct) of exactly one such column.
//!
//! A one-column table is accepted because that is how DuckDB results, pyarrow Tables and
//! data frames export themselves, and with one string column there is nothing to guess. A
//! struct of several fields, or of one field of another type, is refused with a message that
//! names its fields: we never pick a column for the user.

use std::ffi::{c_char, CStr};

use super::dictionary::KeyType;
use super::error::ArrowError;
use super::extension;
use super::ffi::ArrowSchema;
use super::format::{board_column, type_name, BoardColumn};

/// The boards' column, as a schema describes it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ColumnSpec {
    pub column: BoardColumn,
    /// The column is the only field of a struct (a one-column table): arrays hold it as
    /// their only child.
    pub in_struct: bool,
    /// Dictionary-encoded: rows are keys of this type into a dictionary of `column` values.
    pub keys: Option<KeyType>,
}

/// Most fields a message lists before it says how many more there are.
const FIELDS_SHOWN: usize = 5;

/// Reads `schema` as a column of boards.
pub fn column_spec(schema: &ArrowSchema) -> Result<ColumnSpec, ArrowError> {
    let format = format_of(schema)?;
    extension::check(schema)?;
    if let Some((column, keys)) = plain_column(schema, format)? {
        return Ok(ColumnSpec { column, in_struct: false, keys });
    }
    if schema.dictionary.is_null() && is_number(format) {
        return Err(ArrowError::number(describe(schema)?));
    }
    if format != b"+s" {
        return Err(ArrowError::wrong_type(describe(schema)?));
    }
    if let [field] = children(schema)?.as_slice() {
        extension::check(field)?;
        let field_format = format_of(field)?;
        if let Some((column, keys)) = plain_column(field, field_format)? {
            return Ok(ColumnSpec { column, in_struct: true, keys });
        }
        if field.dictionary.is_null() && is_number(field_format) {
            return Err(ArrowError::number(describe(schema)?));
        }
    }
    let count = children(schema)?.len();
    let advice = match count {
        1 => "its one column is not of strings or binary".to_owned(),
        _ => format!("a table of {count} columns: pass one of them"),
    };
    Err(ArrowError::wrong_type(format!("{} ({advice})", describe(schema)?)))
}

/// Floats and decimals: what a CSV reader makes of a column of puzzles, whose 81 digits
/// overflow every integer type (pandas' `engine="pyarrow"` gives `double`).
fn is_number(format: &[u8]) -> bool {
    matches!(format, b"e" | b"f" | b"g") || format.starts_with(b"d:")
}

/// The board column for a non-nested schema, and its key type if it is dictionary-encoded.
fn plain_column(schema: &ArrowSchema, format: &[u8]) -> Result<Option<(BoardColumn, Option<KeyType>)>, ArrowError> {
    if schema.dictionary.is_null() {
        return Ok(board_column(format).map(|column| (column, None)));
    }
    // SAFETY: a non-null `dictionary` points at a valid schema (the producer's promise,
    // the trust boundary of the C data interface), alive while `schema` is.
    let values = unsafe { &*schema.dictionary };
    let (Some(keys), Some(column)) = (KeyType::from_format(format), board_column(format_of(values)?)) else {
        return Ok(None);
    };
    // A dictionary of dictionaries is not a column of boards.
    Ok(values.dictionary.is_null().then_some((column, Some(keys))))
}

/// A type as a message shows it: `int64`, `dictionary<values=string, indices=int32>`,
/// `struct<puzzle: string, clues: int64>`.
fn describe(schema: &ArrowSchema) -> Result<String, ArrowError> {
    let format = format_of(schema)?;
    if !schema.dictionary.is_null() {
        // SAFETY: a non-null `dictionary` points at a valid schema (the producer's promise,
        // the trust boundary of the C data interface), alive while `schema` is.
        let values = unsafe { &*schema.dictionary };
        let values = type_name(format_of(values)?);
        return Ok(format!("dictionary<values={values}, indices={}>", type_name(format)));
    }
    if format != b"+s" {
        return Ok(type_name(format));
    }
    let fields = children(schema)?;
    let mut shown = Vec::new();
    for field in fields.iter().take(FIELDS_SHOWN) {
        let name = text(field.name).unwrap_or_default();
        shown.push(format!("{}: {}", crate::error::shorten(&name), type_name(format_of(field)?)));
    }
    if fields.len() > FIELDS_SHOWN {
        shown.push(format!("... {} more", fields.len() - FIELDS_SHOWN));
    }
    Ok(format!("struct<{}>", shown.join(", ")))
}

/// The format string's bytes.
fn format_of(schema: &ArrowSchema) -> Result<&[u8], ArrowError> {
    if schema.release.is_none() {
        return Err(ArrowError::malformed("the schema is released"));
    }
    if schema.format.is_null() {
        return Err(ArrowError::malformed("the schema has no format string"));
    }
    // SAFETY: the format is a NUL-terminated string alive while the schema is (the
    // producer's promise, the trust boundary of the C data interface); not null, as checked.
    Ok(unsafe { CStr::from_ptr(schema.format) }.to_bytes())
}

/// A schema's children.
fn children(schema: &ArrowSchema) -> Result<Vec<&ArrowSchema>, ArrowError> {
    let count = usize::try_from(schema.n_children).map_err(|_| ArrowError::malformed("a negative number of children"))?;
    if count == 0 {
        return Ok(Vec::new());
    }
    if schema.children.is_null() {
        return Err(ArrowError::malformed("the schema's children are missing"));
    }
    let mut fields = Vec::new();
    fields.try_reserve_exact(count).map_err(|_| ArrowError::out_of_memory())?;
    for k in 0..count {
        // SAFETY: `children` points at `n_children` pointers to schemas alive while this
        // one is (the producer's promise); `k` is below that count.
        let child = unsafe { *schema.children.add(k) };
        if child.is_null() {
            return Err(ArrowError::malformed(format!("child {k} of the schema is missing")));
        }
        // SAFETY: as above; not null, as checked.
        fields.push(unsafe { &*child });
    }
    Ok(fields)
}

/// A NUL-terminated string the producer owns, if any.
fn text(pointer: *const c_char) -> Option<String> {
    if pointer.is_null() {
        return None;
    }
    // SAFETY: a non-null name is a NUL-terminated string alive while its schema is.
    Some(unsafe { CStr::from_ptr(pointer) }.to_string_lossy().into_owned())
}
