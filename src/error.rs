//! The one error type for turning user input into a board, with the place it went wrong.

use std::fmt;

/// What every message about a symbol outside the alphabet (`crate::parse::SYMBOL_VALUE`) says before `, got ...`.
pub const EXPECTED_SYMBOL: &str = "expected a digit '1'-'9' or an empty cell '.', '0' or '_'";

/// Added after `got ' '` (and to a too-short text line of spaces and symbols): the commonest
/// slip, spaces for empty cells, as a copied grid or a fixed-width file writes them.
pub const SPACE_HINT: &str = " (spaces do not mark empty cells; use '.', '0' or '_')";

/// The hint for a bad symbol, as found: [`SPACE_HINT`] for spaces, else nothing.
pub fn symbol_hint(found: &str) -> &'static str {
    if !found.is_empty() && found.bytes().all(|byte| byte == b' ') {
        SPACE_HINT
    } else {
        ""
    }
}

/// Where in the user's input a problem is, in the user's own indexing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Place {
    /// The board as a whole (`board`).
    Board,
    /// One row of a nested board (`board[3]`).
    Row(usize),
    /// One cell of a nested board (`board[2][4]`).
    Cell(usize, usize),
    /// One character of a flat, 81-character board (`board[22]`).
    Flat(usize),
}

impl Place {
    /// The 0-based row and column the place lies in, where it lies in one.
    pub fn row_col(self) -> (Option<usize>, Option<usize>) {
        match self {
            Place::Board => (None, None),
            Place::Row(r) => (Some(r), None),
            Place::Cell(r, c) => (Some(r), Some(c)),
            Place::Flat(i) => (Some(i / 9), Some(i % 9)),
        }
    }
}

/// What was wrong at that place: what was expected is implied by the variant, the payload is what was found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Problem {
    /// A nested board without 9 rows.
    RowCount(usize),
    /// A row without 9 cells.
    CellCount(usize),
    /// A row given as a string without 9 characters.
    RowLength(usize),
    /// A flat string board without 81 characters.
    Length(usize),
    /// A flat string board without 81 characters that holds line breaks (a block of rows).
    Lines(usize),
    /// A flat bytes board without 81 bytes.
    ByteLength(usize),
    /// A text cell outside the alphabet; the payload is the text, as found.
    Symbol(String),
    /// A byte outside the alphabet, in a bytes board.
    Byte(u8),
    /// An integer cell outside 0-9; the payload is its decimal form.
    Value(String),
    /// A numpy board whose shape is neither (9, 9) nor (81,); the payload is its shape.
    Shape(Vec<usize>),
    /// A batch array whose shape is neither (N, 9, 9) nor (N, 81); the payload is its shape.
    BatchShape(Vec<usize>),
    /// A 1-D integer array given as a batch: most often a puzzle column read as numbers.
    NumberColumn(Vec<usize>),
    /// A missing value (an Arrow null) where a board should be.
    Null,
    /// An array or tensor whose byte strides, with its shape, give an offset that overflows
    /// (a lying producer, or a view no memory could hold); the payloads are both.
    Strides(Vec<usize>, Vec<isize>),
}

/// Said wherever boards arrive as numbers: a puzzle column a CSV reader took for numbers.
pub const NUMBERS_HINT: &str =
    "puzzles read as numbers lose their leading zeros, so read them as text (pandas: read_csv(..., dtype=str))";

/// Said when a board str holds line breaks: text in rows is `Board.parse`'s to read.
pub const LINES_HINT: &str = "a board written in lines is read by Board.parse(text)";

/// A board that could not be read, and where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BoardError {
    /// The board's position in a batch, when the board came from one (`boards[17]`).
    pub board: Option<usize>,
    /// The argument's name, when it is not `board` (one board) or `boards` (a batch): a
    /// function with two board arguments says which one is wrong (`candidates[3][2][4]`).
    pub name: Option<&'static str>,
    pub place: Place,
    pub problem: Problem,
}

impl BoardError {
    pub fn new(place: Place, problem: Problem) -> Self {
        BoardError { board: None, name: None, place, problem }
    }

    /// The same error, reported as the `index`-th board of a batch.
    pub fn in_batch(self, index: usize) -> Self {
        BoardError { board: Some(index), ..self }
    }

    /// The same error, for the argument called `name` (`"candidate"`, `"puzzles"`...).
    pub fn named(self, name: &'static str) -> Self {
        BoardError { name: Some(name), ..self }
    }
}

/// The names of a closed set of choices as a message lists them: `'a', 'b', 'c'`.
pub fn quoted_names(names: &[&str]) -> String {
    names.iter().map(|name| format!("'{name}'")).collect::<Vec<_>>().join(", ")
}

/// The one shape of a message refusing a name outside a closed set, for Python's arguments
/// and the command's options alike: `{argument}: expected one of 'a', 'b'{also}, got '{given}'`
/// (`also` such as " or None").
pub fn expected_one_of(argument: &str, names: &[&str], also: &str, given: &str) -> String {
    format!("{argument}: expected one of {}{also}, got '{}'", quoted_names(names), shorten(given))
}

/// Longest found value quoted in a message; longer ones are cut, so a huge bad cell stays readable.
const SHOWN_CHARS: usize = 20;

/// `text`, cut to [`SHOWN_CHARS`] characters with an ellipsis, with quotes, backslashes and
/// control characters escaped the way Python's `repr` writes them (`\n`, `\x07`), since the
/// reader is a Python user.
pub fn shorten(text: &str) -> String {
    let mut shown = String::new();
    for ch in text.chars().take(SHOWN_CHARS) {
        match ch {
            '\n' => shown.push_str("\\n"),
            '\r' => shown.push_str("\\r"),
            '\t' => shown.push_str("\\t"),
            '\\' => shown.push_str("\\\\"),
            '\'' => shown.push_str("\\'"),
            c if c.is_control() && u32::from(c) < 0x100 => shown.push_str(&format!("\\x{:02x}", u32::from(c))),
            c if c.is_control() => shown.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => shown.push(c),
        }
    }
    if text.chars().nth(SHOWN_CHARS).is_some() {
        shown.push('…');
    }
    shown
}

/// A shape the way Python prints it: `(3, 9)`, `(81,)`, `()`.
pub fn shape_text(shape: &[usize]) -> String {
    match shape {
        [only] => format!("({only},)"),
        _ => format!("({})", shape.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")),
    }
}

/// A place written the way the user would index it: `board[2][4]`, or `boards[17][2][4]` for
/// the 18th board of a batch.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Located {
    pub board: Option<usize>,
    /// The argument's name, if not `board` / `boards`.
    pub name: Option<&'static str>,
    pub place: Place,
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.board, self.name) {
            (Some(index), name) => write!(f, "{}[{index}]", name.unwrap_or("boards"))?,
            (None, name) => f.write_str(name.unwrap_or("board"))?,
        }
        match self.place {
            Place::Board => Ok(()),
            Place::Row(r) => write!(f, "[{r}]"),
            Place::Cell(r, c) => write!(f, "[{r}][{c}]"),
            Place::Flat(i) => write!(f, "[{i}]"),
        }
    }
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", Located { board: self.board, name: self.name, place: self.place })?;
        match &self.problem {
            Problem::RowCount(n) => write!(f, "expected 9 rows, got {n}"),
            Problem::CellCount(n) => write!(f, "expected 9 cells, got {n}"),
            Problem::RowLength(n) => write!(f, "expected 9 characters, got {n}"),
            Problem::Length(n) => write!(f, "expected 81 characters, got {n}"),
            Problem::ByteLength(n) => write!(f, "expected 81 bytes, got {n}"),
            Problem::Symbol(text) => write!(f, "{EXPECTED_SYMBOL}, got '{}'{}", shorten(text), symbol_hint(text)),
            Problem::Byte(byte) if byte.is_ascii_graphic() || *byte == b' ' => {
                let found = char::from(*byte).to_string();
                write!(f, "{EXPECTED_SYMBOL}, got '{found}'{}", symbol_hint(&found))
            }
            Problem::Byte(byte) => write!(f, "{EXPECTED_SYMBOL}, got byte 0x{byte:02x}"),
            Problem::Value(text) => write!(f, "expected a value 0-9, got {}", shorten(text)),
            Problem::Shape(shape) => write!(f, "expected shape (9, 9) or (81,), got {}", shape_text(shape)),
            Problem::BatchShape(shape) => write!(f, "expected shape (N, 9, 9) or (N, 81), got {}", shape_text(shape)),
            Problem::NumberColumn(shape) => {
                write!(f, "expected shape (N, 9, 9) or (N, 81), got {}; {NUMBERS_HINT}", shape_text(shape))
            }
            Problem::Lines(n) => write!(f, "expected 81 characters, got {n}; {LINES_HINT}"),
            Problem::Null => f.write_str("expected a board, got null"),
            Problem::Strides(shape, strides) => {
                let strides: Vec<String> = strides.iter().map(isize::to_string).collect();
                let strides =
                    if strides.len() == 1 { format!("({},)", strides.join(", ")) } else { format!("({})", strides.join(", ")) };
                write!(f, "strides too large: byte strides {strides} for shape {} overflow an offset", shape_text(shape))
            }
        }
    }
}

impl std::error::Error for BoardError {}

/// A problem in text input (puzzle files, block-format boards), at a 1-based line and column.
///
/// Each text front end words its own `expected ..., got ...`; the position prefix is shared so
/// every text error reads the same way: `line 3, column 7: expected ...`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TextError {
    /// 1-based.
    pub line: usize,
    /// 1-based; `None` when the problem is the whole line (a wrong length, say).
    pub column: Option<usize>,
    /// The board's position in a batch of boards, when that is known.
    pub board: Option<usize>,
    /// The 0-based row and column of the board the problem lies in, where known (a bad
    /// cell knows both, a block row with too many cells only its row).
    pub row: Option<usize>,
    pub col: Option<usize>,
    /// What was expected and what was found.
    pub message: String,
}

impl TextError {
    pub fn at(line: usize, column: Option<usize>, message: impl Into<String>) -> Self {
        TextError { line, column, board: None, row: None, col: None, message: message.into() }
    }

    /// The same error, in the board's row `row` and, if known, its column `col` (0-based).
    pub fn in_cell(self, row: usize, col: Option<usize>) -> Self {
        TextError { row: Some(row), col, ..self }
    }
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "line {}, column {}: {}", self.line, column, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for TextError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_place_in_the_users_indexing() {
        let cases = [
            (
                BoardError::new(Place::Cell(2, 4), Problem::Symbol("x".into())),
                "board[2][4]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'",
            ),
            (BoardError::new(Place::Board, Problem::RowCount(8)), "board: expected 9 rows, got 8"),
            (BoardError::new(Place::Row(3), Problem::CellCount(10)), "board[3]: expected 9 cells, got 10"),
            (BoardError::new(Place::Board, Problem::Length(80)), "board: expected 81 characters, got 80"),
            (
                BoardError::new(Place::Flat(22), Problem::Symbol("é".into())),
                "board[22]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'é'",
            ),
            (
                BoardError::new(Place::Cell(2, 4), Problem::Value("12".into())).in_batch(17),
                "boards[17][2][4]: expected a value 0-9, got 12",
            ),
            (BoardError::new(Place::Board, Problem::Shape(vec![3, 9])), "board: expected shape (9, 9) or (81,), got (3, 9)"),
            (BoardError::new(Place::Board, Problem::Shape(vec![80])), "board: expected shape (9, 9) or (81,), got (80,)"),
            (BoardError::new(Place::Board, Problem::Null).in_batch(20), "boards[20]: expected a board, got null"),
            (
                BoardError::new(Place::Cell(2, 4), Problem::Value("12".into())).named("candidate"),
                "candidate[2][4]: expected a value 0-9, got 12",
            ),
            (
                BoardError::new(Place::Flat(5), Problem::Value("12".into())).in_batch(3).named("candidates"),
                "candidates[3][5]: expected a value 0-9, got 12",
            ),
        ];
        for (error, message) in cases {
            assert_eq!(error.to_string(), message);
        }
    }

    #[test]
    fn long_values_are_shortened_and_control_characters_escaped() {
        let error = BoardError::new(Place::Cell(0, 0), Problem::Symbol("7".repeat(1000)));
        assert_eq!(
            error.to_string(),
            format!("board[0][0]: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got '{}…'", "7".repeat(20))
        );
        assert_eq!(shorten("\n"), "\\n");
        assert_eq!(shorten("\u{7}"), "\\x07");
        assert_eq!(shorten("'"), "\\'");
        assert_eq!(shorten("\\"), "\\\\");
        assert_eq!(shorten("\u{85}"), "\\x85");
        assert_eq!(shorten(""), "");
    }

    #[test]
    fn text_errors_name_line_and_column() {
        let error = TextError::at(3, Some(7), "expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'");
        assert_eq!(error.to_string(), "line 3, column 7: expected a digit '1'-'9' or an empty cell '.', '0' or '_', got 'x'");
        assert_eq!(
            TextError::at(2, None, "expected 81 characters, got 80").to_string(),
            "line 2: expected 81 characters, got 80"
        );
    }

    #[test]
    fn places_know_their_row_and_column() {
        assert_eq!(Place::Flat(22).row_col(), (Some(2), Some(4)));
        assert_eq!(Place::Row(3).row_col(), (Some(3), None));
        assert_eq!(Place::Board.row_col(), (None, None));
    }
}
