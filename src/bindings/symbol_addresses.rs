//! Recognises CPython's shared one-character strs by address alone.
//!
//! CPython keeps one object for each one-character Latin-1 str, and literals, `list("53..7")`,
//! slicing and `json.loads` all hand out those objects, so the cells of most classic boards are
//! them. Their addresses are recorded once, at import; a cell whose address is one of them is
//! that very object (two live objects never share an address, and we hold a reference to each,
//! so none is ever freed), and its value is known without reading the object. This relies on no
//! object layout at all; a cell at any other address simply misses, and is read the long way.

// Before 3.11 the fast path does not use the table (see fast_path.rs), only records it.
#![cfg_attr(not(Py_3_11), allow(dead_code))]

use std::sync::OnceLock;

use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::parse::{NOT_A_SYMBOL, SYMBOL_VALUE};

/// Slots of 8 bytes (objects are at least 8-byte aligned) the symbols may span; the last slot
/// always misses, so a clamped out-of-range index lands on it.
const SLOTS: usize = 128;

pub struct SymbolAddresses {
    base: usize,
    values: [u8; SLOTS],
    _objects: Vec<Py<PyString>>,
}

static ADDRESSES: OnceLock<Option<SymbolAddresses>> = OnceLock::new();

impl SymbolAddresses {
    /// Records the symbols' addresses; called once, at module import.
    pub fn init(py: Python<'_>) {
        ADDRESSES.get_or_init(|| SymbolAddresses::record(py));
    }

    /// `None` before `init`, or where the symbols are too far apart for the table (never seen
    /// on CPython, whose one-character strs sit in one static array).
    #[inline]
    pub fn get() -> Option<&'static SymbolAddresses> {
        ADDRESSES.get().and_then(Option::as_ref)
    }

    // '_' (also empty) is left out: it sits too far from '.' and the digits in CPython's array
    // for this table, and a '_' cell simply takes the checked path, which reads the same alphabet.
    fn record(py: Python<'_>) -> Option<SymbolAddresses> {
        let objects: Vec<Py<PyString>> =
            b".0123456789".iter().map(|&b| PyString::new(py, &char::from(b).to_string()).unbind()).collect();
        let addresses: Vec<usize> = objects.iter().map(|o| o.as_ptr() as usize).collect();
        let base = *addresses.iter().min()?;
        let mut values = [NOT_A_SYMBOL; SLOTS];
        for (&address, symbol) in addresses.iter().zip(b".0123456789") {
            let offset = address - base;
            let slot = offset / 8;
            if offset % 8 != 0 || slot >= SLOTS - 1 {
                return None;
            }
            values[slot] = SYMBOL_VALUE[usize::from(*symbol)];
        }
        Some(SymbolAddresses { base, values, _objects: objects })
    }

    /// The value (0-9) of the symbol object at `address`, or `NOT_A_SYMBOL` for any other
    /// address. Branch-free, so boards can be read cell after cell without a test per cell.
    #[inline(always)]
    pub fn value_at(&self, address: usize) -> u8 {
        // Rotating rather than shifting sends an offset that is not a multiple of 8 (in its
        // low bits) to a huge slot number, and every huge slot is clamped onto the missing one.
        let slot = address.wrapping_sub(self.base).rotate_right(3);
        self.values[slot.min(SLOTS - 1)]
    }
}
