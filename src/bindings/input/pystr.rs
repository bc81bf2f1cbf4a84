//! Text and ints from Python objects, read without surprises: no UTF-8 copy of a str larger
//! than what is needed, one character per code point (lone surrogates included), and an int's
//! decimal form even where `str()` would refuse it.

use std::borrow::Cow;

use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString};

/// One more character than messages show (20), so the core's `shorten` still adds its `…`.
pub const SHOWN_PLUS_ONE: usize = 21;

/// The text of a str. A str with lone surrogates is not valid UTF-8; it is read code point by
/// code point, each surrogate becoming U+FFFD, so positions and lengths stay those the user sees.
///
/// This copies (and, for non-ASCII text, makes CPython cache) a UTF-8 form of the whole str:
/// call it only once the length is known to be small, or the whole text is really needed.
pub fn text_of<'a>(text: &'a Bound<'_, PyString>) -> Cow<'a, str> {
    match text.to_cow() {
        Ok(valid) => valid,
        Err(_) => Cow::Owned(first_chars(text, usize::MAX)),
    }
}

/// At most the first `limit` characters of a str, read one code point at a time: a huge str is
/// never copied whole (`to_str()` would build and cache a UTF-8 copy of all of it). Lone
/// surrogates become U+FFFD, one each.
pub fn first_chars(text: &Bound<'_, PyString>, limit: usize) -> String {
    let count = text.len().unwrap_or(0).min(limit);
    (0..count)
        .map(|i| {
            // SAFETY: `text` is a live str, we hold the GIL, and `i` is below its length (and
            // so fits a Py_ssize_t), so the read cannot fail.
            let point = unsafe { pyo3::ffi::PyUnicode_ReadChar(text.as_ptr(), i as pyo3::ffi::Py_ssize_t) };
            char::from_u32(point).unwrap_or(char::REPLACEMENT_CHARACTER)
        })
        .collect()
}

/// What a message shows for an int: its decimal form, cut to the first digits the messages
/// show (the core's `shorten` adds the `…`). Python 3.11+ refuses `str()` of an int of more than
/// 4300 digits (`sys.set_int_max_str_digits`); such an int is described by its size instead
/// (`an int of 16610 bits`), so no exception is left pending or printed as "unraisable".
pub fn int_text(int: &Bound<'_, PyInt>) -> String {
    match int.str() {
        Ok(text) => first_chars(&text, SHOWN_PLUS_ONE),
        Err(_) => {
            let bits = int.call_method0("bit_length").and_then(|b| b.extract::<u64>()).unwrap_or(0);
            // No sign: "a negative int of ..." would not fit the 20 characters messages show.
            format!("an int of {bits} bits")
        }
    }
}
