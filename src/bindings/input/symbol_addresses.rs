//! Recognises CPython's shared cell objects by address alone: its one-character strs and its
//! small ints.
//!
//! CPython keeps one object for each one-character Latin-1 str, and literals, `list("53..7")`,
//! slicing and `json.loads` all hand out those objects, so the cells of most classic boards are
//! them. It also keeps one object for each int from -5 to 256, which every int grid holds: its
//! cells are those objects whether they came from literals, arithmetic, `json.loads` or
//! `.tolist()`. Their addresses are recorded once, at import; a cell whose address is one of
//! them is that very object (two live objects never share an address, and we hold a reference
//! to each, so none is ever freed), and its value is known without reading the object. This
//! relies on no object layout at all; a cell at any other address simply misses, and is read
//! the long way, which also gives every error.

// Before 3.11 the fast path does not use the table (see fast_path.rs), only records it.
#![cfg_attr(not(Py_3_11), allow(dead_code))]

use std::sync::OnceLock;

use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString};

use crate::parse::{NOT_A_SYMBOL, SYMBOL_VALUE};

/// Slots of 8 bytes (objects are at least 8-byte aligned) the objects may span; the last slot
/// always misses, and every address outside the table lands on it. CPython 3.11-3.13 keep the
/// small ints and the one-character strs in one static block, 43-63 KB apart: the table spans
/// 128 KB, yet only the three or so cache lines of its slots in use are ever read.
const SLOTS: usize = 1 << 14;

pub struct SymbolAddresses {
    base: usize,
    values: Box<[u8; SLOTS]>,
    _objects: Vec<Py<PyAny>>,
}

static ADDRESSES: OnceLock<Option<SymbolAddresses>> = OnceLock::new();

impl SymbolAddresses {
    /// Records the objects' addresses; called once, at module import.
    pub fn init(py: Python<'_>) {
        ADDRESSES.get_or_init(|| SymbolAddresses::record(py));
    }

    /// `None` before `init`, or where the one-character strs are too far apart for the table
    /// (never seen on CPython 3.11+, whose one-character strs sit in one static array).
    #[inline]
    pub fn get() -> Option<&'static SymbolAddresses> {
        ADDRESSES.get().and_then(Option::as_ref)
    }

    // '_' (also empty) is left out: it sits too far from '.' and the digits in CPython's array
    // for a table of the strs alone, and a '_' cell simply takes the checked path, which reads
    // the same alphabet. Ints 0-9 are the values themselves; True and False are other objects
    // (the checked path refuses them), and so is every int from numpy.
    fn record(py: Python<'_>) -> Option<SymbolAddresses> {
        let strs: Vec<(Py<PyAny>, u8)> = b".0123456789"
            .iter()
            .map(|&b| (PyString::new(py, &char::from(b).to_string()).into_any().unbind(), SYMBOL_VALUE[usize::from(b)]))
            .collect();
        let ints: Vec<(Py<PyAny>, u8)> = (0u8..=9).map(|v| (PyInt::new(py, v).into_any().unbind(), v)).collect();
        // Both kinds where they fit one table, else the strs alone: a build whose ints lie far
        // from its strs keeps the shared strs' speed and reads int cells the long way.
        let both: Vec<(Py<PyAny>, u8)> = strs.iter().chain(&ints).map(|(o, v)| (o.clone_ref(py), *v)).collect();
        Self::table(both).or_else(|| Self::table(strs))
    }

    fn table(objects: Vec<(Py<PyAny>, u8)>) -> Option<SymbolAddresses> {
        let base = objects.iter().map(|(o, _)| o.as_ptr() as usize).min()?;
        let mut values: Box<[u8; SLOTS]> = vec![NOT_A_SYMBOL; SLOTS].into_boxed_slice().try_into().ok()?;
        for (object, value) in &objects {
            let offset = object.as_ptr() as usize - base;
            let slot = offset / 8;
            if !offset.is_multiple_of(8) || slot >= SLOTS - 1 {
                return None;
            }
            values[slot] = *value;
        }
        Some(SymbolAddresses { base, values, _objects: objects.into_iter().map(|(o, _)| o).collect() })
    }

    /// The value (0-9) of the shared object at `address`, or `NOT_A_SYMBOL` for any other
    /// address, with no branch that depends on the board's symbols.
    ///
    /// LLVM compiles the clamp below to a compare and jump (it did so for a mask written out
    /// by hand too), which mispredicts where shared and fresh strs mix; the fast path's address
    /// pass stops at the first row that misses, so that costs at most one row of mispredicts.
    #[inline(always)]
    pub fn value_at(&self, address: usize) -> u8 {
        // Rotating rather than shifting sends an offset that is not a multiple of 8 (in its
        // low bits) to a huge slot number, and every huge slot is clamped onto the missing one.
        let slot = address.wrapping_sub(self.base).rotate_right(3);
        self.values[slot.min(SLOTS - 1)]
    }
}
