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

/// Slots of 8 bytes (objects are at least 8-byte aligned) the symbols may span; a power of
/// two, so a masked offset is always a slot and needs no bounds check or clamp.
const SLOTS: usize = 128;

pub struct SymbolAddresses {
    base: usize,
    /// The address of the symbol recorded in each slot; 0 (never an object's) where none is.
    addresses: [usize; SLOTS],
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
    /// on CPython 3.11+, whose one-character strs sit in one static array).
    #[inline]
    pub fn get() -> Option<&'static SymbolAddresses> {
        ADDRESSES.get().and_then(Option::as_ref)
    }

    // '_' (also empty) is left out: it sits too far from '.' and the digits in CPython's array
    // for this table, and a '_' cell simply takes the checked path, which reads the same alphabet.
    fn record(py: Python<'_>) -> Option<SymbolAddresses> {
        let objects: Vec<Py<PyString>> =
            b".0123456789".iter().map(|&b| PyString::new(py, &char::from(b).to_string()).unbind()).collect();
        let base = objects.iter().map(|o| o.as_ptr() as usize).min()?;
        let mut addresses = [0usize; SLOTS];
        let mut values = [NOT_A_SYMBOL; SLOTS];
        for (object, symbol) in objects.iter().zip(b".0123456789") {
            let address = object.as_ptr() as usize;
            let offset = address - base;
            let slot = offset / 8;
            if offset % 8 != 0 || slot >= SLOTS {
                return None;
            }
            addresses[slot] = address;
            values[slot] = SYMBOL_VALUE[usize::from(*symbol)];
        }
        Some(SymbolAddresses { base, addresses, values, _objects: objects })
    }

    /// The value (0-9) of the symbol object at `address`, or `NOT_A_SYMBOL` for any other
    /// address. Branch-free, so boards can be read cell after cell without a test per cell,
    /// and boards that mix shared and fresh strs cost no mispredicted branches (a clamp with
    /// `min` here compiled to a compare and jump, which did).
    #[inline(always)]
    pub fn value_at(&self, address: usize) -> u8 {
        // Any address lands on some slot; only the recorded object's own address matches it.
        let slot = (address.wrapping_sub(self.base) / 8) % SLOTS;
        let miss = u8::from(self.addresses[slot] != address);
        // A miss sets every bit: NOT_A_SYMBOL (0xFF), whatever the slot holds.
        self.values[slot] | miss.wrapping_neg()
    }
}
