//! Why an Arrow export could not be taken as a column of boards. (A bad board inside a good
//! column is a [`crate::batch::BatchError`], raised later, while reading.)

use std::fmt;

/// What went wrong, before any board was read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ArrowErrorKind {
    /// A column of another type (a `TypeError` in Python); the payload names the type.
    Type(String),
    /// A column of numbers (or of an extension type not known to be text): most often
    /// puzzles a CSV reader took for numbers. A `TypeError` whose message says so.
    Number(String),
    /// An array that breaks the Arrow format: it cannot be read safely, so it is refused.
    Malformed(String),
    /// The producer's stream reported an error (its own message, if it gave one).
    Stream(String),
    /// A buffer sized by the input could not be allocated.
    OutOfMemory,
}

/// An import error, for the argument `name` (`boards` unless a function says otherwise).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ArrowError {
    pub kind: ArrowErrorKind,
    pub name: Option<&'static str>,
}

/// What a board column must be, as the type error says it.
pub const COLUMN_EXPECTED: &str = "an Arrow string or binary column";

impl ArrowError {
    /// A column whose type (as [`super::format::type_name`] names it) is not a board column.
    pub fn wrong_type(found: impl Into<String>) -> Self {
        ArrowError { kind: ArrowErrorKind::Type(found.into()), name: None }
    }

    pub fn number(found: impl Into<String>) -> Self {
        ArrowError { kind: ArrowErrorKind::Number(found.into()), name: None }
    }

    pub fn malformed(why: impl Into<String>) -> Self {
        ArrowError { kind: ArrowErrorKind::Malformed(why.into()), name: None }
    }

    pub fn stream(message: impl Into<String>) -> Self {
        ArrowError { kind: ArrowErrorKind::Stream(message.into()), name: None }
    }

    pub fn out_of_memory() -> Self {
        ArrowError { kind: ArrowErrorKind::OutOfMemory, name: None }
    }

    /// True when the column was refused for being a list type (`list`, `large_list`,
    /// `fixed_size_list(81)`...): boards of numbers, which other readers may take.
    pub fn is_list_type(&self) -> bool {
        matches!(&self.kind, ArrowErrorKind::Type(found)
            if ["list", "large_list", "fixed_size_list"].iter().any(|prefix| found.starts_with(prefix)))
    }

    /// The same error, for the argument called `name` (`"candidates"`, say).
    pub fn named(self, name: &'static str) -> Self {
        ArrowError { name: Some(name), ..self }
    }
}

impl fmt::Display for ArrowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.name.unwrap_or("boards");
        match &self.kind {
            ArrowErrorKind::Type(found) => write!(f, "{name}: expected {COLUMN_EXPECTED}, got {found}"),
            ArrowErrorKind::Number(found) => {
                write!(f, "{name}: expected {COLUMN_EXPECTED}, got {found}; {}", crate::error::NUMBERS_HINT)
            }
            ArrowErrorKind::Malformed(why) => write!(f, "{name}: malformed Arrow array: {why}"),
            ArrowErrorKind::Stream(message) => write!(f, "{name}: the Arrow stream failed: {message}"),
            ArrowErrorKind::OutOfMemory => write!(f, "{name}: not enough memory for this column"),
        }
    }
}

impl std::error::Error for ArrowError {}
