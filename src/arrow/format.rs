//! Arrow types by their C data interface format strings: the board columns we read, and a
//! readable name for every other type, for the error that refuses it.

/// How a column of boards lays its values out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Layout {
    /// `utf8` / `binary`: 32-bit offsets into one data buffer.
    Offsets32,
    /// `large_utf8` / `large_binary`: 64-bit offsets.
    Offsets64,
    /// `utf8_view` / `binary_view`: 16-byte views, short values inline, long ones in
    /// variadic data buffers.
    View,
    /// `fixed_size_binary(width)`: `width` bytes a row.
    Fixed(usize),
}

/// A column type we read boards from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardColumn {
    pub layout: Layout,
    /// Strings (lengths and places count characters) rather than bytes.
    pub text: bool,
}

/// The board column for a format string, or `None` for any other type.
pub fn board_column(format: &[u8]) -> Option<BoardColumn> {
    let (layout, text) = match format {
        b"u" => (Layout::Offsets32, true),
        b"U" => (Layout::Offsets64, true),
        b"vu" => (Layout::View, true),
        b"z" => (Layout::Offsets32, false),
        b"Z" => (Layout::Offsets64, false),
        b"vz" => (Layout::View, false),
        [b'w', b':', width @ ..] => (Layout::Fixed(decimal(width)?), false),
        _ => return None,
    };
    Some(BoardColumn { layout, text })
}

/// A type's name as pyarrow prints it, for messages: `int64`, `list`, `timestamp[us]`.
pub fn type_name(format: &[u8]) -> String {
    let fixed = match format {
        b"n" => "null",
        b"b" => "bool",
        b"c" => "int8",
        b"C" => "uint8",
        b"s" => "int16",
        b"S" => "uint16",
        b"i" => "int32",
        b"I" => "uint32",
        b"l" => "int64",
        b"L" => "uint64",
        b"e" => "halffloat",
        b"f" => "float",
        b"g" => "double",
        b"u" => "string",
        b"U" => "large_string",
        b"vu" => "string_view",
        b"z" => "binary",
        b"Z" => "large_binary",
        b"vz" => "binary_view",
        b"tdD" => "date32",
        b"tdm" => "date64",
        b"+l" => "list",
        b"+L" => "large_list",
        b"+vl" => "list_view",
        b"+vL" => "large_list_view",
        b"+s" => "struct",
        b"+m" => "map",
        b"+r" => "run_end_encoded",
        _ => "",
    };
    if !fixed.is_empty() {
        return fixed.to_owned();
    }
    let text = String::from_utf8_lossy(format);
    let (head, tail) = text.split_once(':').unwrap_or((&text, ""));
    match head {
        "w" => format!("fixed_size_binary({tail})"),
        "+w" => format!("fixed_size_list({tail})"),
        "d" => format!("decimal({tail})"),
        "+ud" | "+us" => "union".to_owned(),
        _ => match text.get(..2) {
            Some("tt") => "time".to_owned(),
            Some("ts") => "timestamp".to_owned(),
            Some("tD") => "duration".to_owned(),
            Some("ti") => "interval".to_owned(),
            _ => format!("Arrow format '{}'", crate::error::shorten(&text)),
        },
    }
}

/// A positive decimal number with no sign or leading zero, as format strings write widths.
fn decimal(digits: &[u8]) -> Option<usize> {
    if digits.first().is_none_or(|&d| d == b'0') || digits.len() > 12 {
        return None;
    }
    std::str::from_utf8(digits).ok()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_columns() {
        let text = |layout| Some(BoardColumn { layout, text: true });
        let bytes = |layout| Some(BoardColumn { layout, text: false });
        assert_eq!(board_column(b"u"), text(Layout::Offsets32));
        assert_eq!(board_column(b"U"), text(Layout::Offsets64));
        assert_eq!(board_column(b"vu"), text(Layout::View));
        assert_eq!(board_column(b"z"), bytes(Layout::Offsets32));
        assert_eq!(board_column(b"Z"), bytes(Layout::Offsets64));
        assert_eq!(board_column(b"vz"), bytes(Layout::View));
        assert_eq!(board_column(b"w:81"), bytes(Layout::Fixed(81)));
        assert_eq!(board_column(b"w:7"), bytes(Layout::Fixed(7)));
        for other in [&b"w:"[..], b"w:0", b"w:-1", b"w:081", b"w:99999999999999", b"l", b"+s", b"", b"uu"] {
            assert_eq!(board_column(other), None, "{:?}", String::from_utf8_lossy(other));
        }
    }

    #[test]
    fn names() {
        assert_eq!(type_name(b"l"), "int64");
        assert_eq!(type_name(b"+w:81"), "fixed_size_list(81)");
        assert_eq!(type_name(b"d:12,2"), "decimal(12,2)");
        assert_eq!(type_name(b"tsu:UTC"), "timestamp");
        assert_eq!(type_name(b"+ud:0,1"), "union");
        assert_eq!(type_name(b"q"), "Arrow format 'q'");
        assert_eq!(type_name(b"\xff"), "Arrow format '\u{fffd}'");
    }
}
