//! Fast paths for the hottest forms: the classic board (exact `list` of exact `list` of
//! one-character ASCII `str`) and the int grid (the same lists of the ints 0-9), and the same
//! as tuples, read straight from CPython's object layout; a flat 81-symbol `str` or `bytes`,
//! validated without a copy; and nine 9-character row strs.
//!
//! They answer only when every check passes; anything else (subclasses, sequences, non-ASCII
//! text, numpy ints, a bad symbol) returns `None` and goes to the fully checked path, which also
//! produces the error messages. The layout read is compiled only where the macros it uses are
//! inline struct reads that pyo3-ffi mirrors: CPython before 3.14, with the GIL.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

use crate::grid::{CELLS, SIDE};

/// The bytes of an exact `str` of `length` ASCII characters; `None` for anything else.
///
/// The length (in code points) comes first: `to_str` of a long non-ASCII str would build and
/// cache a UTF-8 copy of all of it. For ASCII text CPython hands out its own buffer, with no
/// copy, and `length` code points are `length` bytes of UTF-8 exactly when they are ASCII;
/// other text is left to the checked path, which names the cell.
fn ascii_str<'a>(object: &'a Bound<'_, PyAny>, length: usize) -> Option<&'a [u8]> {
    let text = object.cast_exact::<PyString>().ok()?;
    if text.len().ok()? != length {
        return None;
    }
    Some(text.to_str().ok()?.as_bytes()).filter(|bytes| bytes.len() == length)
}

/// The 81 bytes of an exact `str` of 81 ASCII characters or an exact `bytes` of 81; `None`
/// for anything else. The bytes are not checked against the alphabet here.
pub fn flat_text<'a>(board: &'a Bound<'_, PyAny>) -> Option<&'a [u8; CELLS]> {
    let bytes = match ascii_str(board, CELLS) {
        Some(bytes) => bytes,
        None => board.cast_exact::<PyBytes>().ok()?.as_bytes(),
    };
    bytes.try_into().ok()
}

/// The 81 symbols of a board written as 9 row strs: an exact `list` or `tuple` of 9 exact
/// `str`s of 9 ASCII characters each, or `None` for anything else. The symbols are not checked
/// against the alphabet here.
///
/// Through the C API, not the layout, so it holds on every Python. A row is copied to UTF-8
/// only once its length is known to be 9 code points, so at most 36 bytes are ever made.
pub fn row_symbols(board: &Bound<'_, PyAny>) -> Option<[u8; CELLS]> {
    let mut symbols = [0u8; CELLS];
    let fill = |row: Bound<'_, PyAny>, out: &mut [u8]| ascii_str(&row, SIDE).map(|bytes| out.copy_from_slice(bytes));
    let rows = symbols.chunks_exact_mut(SIDE);
    if let Ok(list) = board.cast_exact::<PyList>() {
        if list.len() != SIDE {
            return None;
        }
        list.iter().zip(rows).try_for_each(|(row, out)| fill(row, out))?;
    } else {
        let tuple = board.cast_exact::<PyTuple>().ok()?;
        if tuple.len() != SIDE {
            return None;
        }
        tuple.iter().zip(rows).try_for_each(|(row, out)| fill(row, out))?;
    }
    Some(symbols)
}

/// The cells of a classic board: an exact `list` or `tuple` of 9 rows, each an exact `list` or
/// `tuple` (all rows alike) of 9 cells, each a one-character ASCII `str` or a small int 0-9.
#[cfg(not(any(Py_LIMITED_API, PyPy, GraalPy, Py_3_14, Py_GIL_DISABLED)))]
pub fn classic_cells(board: &Bound<'_, PyAny>) -> Option<[u8; CELLS]> {
    let board = board.as_ptr();
    // SAFETY: the GIL is held (a `Bound` proves it) and `board` is live, so its type may be
    // read, and its first item once it is known to be an exact list or tuple of 9.
    unsafe {
        let board_is_list = List::holds_nine(board);
        let first_row = if board_is_list {
            *List::items(board)
        } else if Tuple::holds_nine(board) {
            *Tuple::items(board)
        } else {
            return None;
        };
        // One copy of the reading code per pair of containers, so each has one exact type check
        // a row and no dispatch in its loops. Rows that are neither fail that check.
        match (board_is_list, List::holds_nine(first_row)) {
            (true, true) => cells_of::<List, List>(board),
            (true, false) => cells_of::<List, Tuple>(board),
            (false, true) => cells_of::<Tuple, List>(board),
            (false, false) => cells_of::<Tuple, Tuple>(board),
        }
    }
}

/// An exact list or tuple, read from its layout.
#[cfg(not(any(Py_LIMITED_API, PyPy, GraalPy, Py_3_14, Py_GIL_DISABLED)))]
trait Container {
    /// Whether `object` is exactly this container type, holding 9 items.
    ///
    /// # Safety
    /// `object` must point to a live object, and the caller must hold the GIL.
    unsafe fn holds_nine(object: *mut pyo3::ffi::PyObject) -> bool;

    /// The first of its items, which follow one another.
    ///
    /// # Safety
    /// `holds_nine(object)` must be true, with the GIL held since.
    unsafe fn items(object: *mut pyo3::ffi::PyObject) -> *const *mut pyo3::ffi::PyObject;
}

#[cfg(not(any(Py_LIMITED_API, PyPy, GraalPy, Py_3_14, Py_GIL_DISABLED)))]
struct List;
#[cfg(not(any(Py_LIMITED_API, PyPy, GraalPy, Py_3_14, Py_GIL_DISABLED)))]
struct Tuple;

// SAFETY (both impls): every object's type may be read, and a list's or tuple's fields once
// its type is exactly list or tuple (subclasses may override item access, so they are left out).
#[cfg(not(any(Py_LIMITED_API, PyPy, GraalPy, Py_3_14, Py_GIL_DISABLED)))]
impl Container for List {
    #[inline(always)]
    unsafe fn holds_nine(object: *mut pyo3::ffi::PyObject) -> bool {
        use pyo3::ffi;
        // SAFETY: the caller's contract (a live object, the GIL held); a list's size is read
        // only once its type is exactly list.
        unsafe { ffi::Py_TYPE(object) == &raw mut ffi::PyList_Type && ffi::PyList_GET_SIZE(object) == SIDE as ffi::Py_ssize_t }
    }

    #[inline(always)]
    unsafe fn items(object: *mut pyo3::ffi::PyObject) -> *const *mut pyo3::ffi::PyObject {
        // SAFETY: the caller's contract: an exact list (holds_nine), whose layout this is.
        unsafe { (*object.cast::<pyo3::ffi::PyListObject>()).ob_item }
    }
}

#[cfg(not(any(Py_LIMITED_API, PyPy, GraalPy, Py_3_14, Py_GIL_DISABLED)))]
impl Container for Tuple {
    #[inline(always)]
    unsafe fn holds_nine(object: *mut pyo3::ffi::PyObject) -> bool {
        use pyo3::ffi;
        // SAFETY: as for lists: a tuple's size is read only once its type is exactly tuple.
        unsafe { ffi::Py_TYPE(object) == &raw mut ffi::PyTuple_Type && ffi::PyTuple_GET_SIZE(object) == SIDE as ffi::Py_ssize_t }
    }

    #[inline(always)]
    unsafe fn items(object: *mut pyo3::ffi::PyObject) -> *const *mut pyo3::ffi::PyObject {
        // A raw place, not `ob_item.as_ptr()`: the items run past the declared one-item array.
        // SAFETY: the caller's contract: an exact tuple (holds_nine), whose layout this is.
        unsafe { (&raw const (*object.cast::<pyo3::ffi::PyTupleObject>()).ob_item).cast() }
    }
}

/// [`classic_cells`] for a board of container `B` whose rows are all of container `R`.
///
/// # Safety
/// `B::holds_nine(board)` must be true, with the GIL held since.
#[cfg(not(any(Py_LIMITED_API, PyPy, GraalPy, Py_3_14, Py_GIL_DISABLED)))]
#[inline(always)]
unsafe fn cells_of<B: Container, R: Container>(board: *mut pyo3::ffi::PyObject) -> Option<[u8; CELLS]> {
    #[cfg(Py_3_11)]
    use crate::bindings::input::symbol_addresses::SymbolAddresses;
    use pyo3::ffi;

    let mut cells = [0u8; CELLS];
    // SAFETY: the caller holds the GIL (a `Bound` proves it) and this build has one (not
    // free-threaded), and nothing below runs Python code, so no object can change or be freed
    // while we read. Each row is checked to be an *exact* list or tuple of 9 before its layout
    // is read (the board was, by the caller), so every index below 9 is in bounds.
    //
    // Valgrind (issue 7 once saw "uninitialised value" here, on 9x9 lists of int 0 after many
    // other boards): scripts/valgrind.sh runs every form, then such lists, under memcheck with
    // PYTHONMALLOC=malloc; with debug and release builds on CPython 3.11 it reports nothing in
    // this crate. Nothing here reads memory a check has not proved initialised: list items
    // below the size, and str fields only once the type is exactly str (see
    // `ascii_symbol_value`); an int cell is known by its address alone (a small int) or
    // rejected on its type alone.
    unsafe {
        // The rows and their item arrays are separate allocations, often cold in cache when a
        // program checks many boards: asking for all of them before reading any lets the misses
        // overlap instead of queueing one behind another (benches/bench_single.py: the classic
        // form took about 175-200 ns a board without this, 140 with it).
        let board_items = B::items(board);
        let rows: [*mut ffi::PyObject; SIDE] = std::array::from_fn(|r| *board_items.add(r));
        for &row in &rows {
            prefetch(row);
        }
        for &row in &rows {
            if !R::holds_nine(row) {
                return None;
            }
            // A list's items are an allocation of their own; a tuple's are inside it.
            let items = R::items(row);
            prefetch(items);
            prefetch(items.wrapping_add(SIDE - 1));
        }
        // Most boards hold only CPython's shared one-character strs or small ints, known by
        // address: one pass without a branch per cell. Any other cell sends the board to the
        // pass that reads each str object. Before 3.11 those strs are made one by one as first
        // needed, not kept in one static table, so this pass would rarely hit: it is compiled
        // out, and int grids there take the checked path.
        #[cfg(Py_3_11)]
        if let Some(symbols) = SymbolAddresses::get() {
            let mut missed = 0u8;
            for (row_cells, &row) in cells.chunks_exact_mut(SIDE).zip(&rows) {
                for (c, cell) in row_cells.iter_mut().enumerate() {
                    *cell = symbols.value_at(*R::items(row).add(c) as usize);
                    missed |= *cell;
                }
                // A board of fresh strs misses in its first row: stop there, not after 81 cells.
                if missed & 0x80 != 0 {
                    break;
                }
            }
            // Values are 0-9; only NOT_A_SYMBOL (0xFF) sets the high bit.
            if missed & 0x80 == 0 {
                return Some(cells);
            }
        }
        // Cells made one by one (`str(5)`, f-strings, or any str before 3.11) are 81 separate
        // objects, cold in cache when many boards are checked: asking for all of them before
        // reading any overlaps the misses, as for the rows above (benches/bench_single.py,
        // str(int) boards on 3.11, runs on a loaded machine: about 720 ns a board before this
        // and the early stop of the address pass, 490-550 ns after).
        // Two lines each: a one-character str is 50 (3.11) or 42 bytes, so its character, just
        // past the header, is often on the line after its type and length.
        for &row in &rows {
            for c in 0..SIDE {
                let item = *R::items(row).add(c);
                prefetch(item);
                prefetch(item.cast::<ffi::PyASCIIObject>().wrapping_add(1));
            }
        }
        for (row_cells, &row) in cells.chunks_exact_mut(SIDE).zip(&rows) {
            for (c, cell) in row_cells.iter_mut().enumerate() {
                *cell = ascii_symbol_value(*R::items(row).add(c))?;
            }
        }
    }
    Some(cells)
}

/// A hint to bring the cache line at `address` in; never faults, whatever the address.
#[inline(always)]
fn prefetch<T>(address: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint; it reads nothing and cannot fault.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(address.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}

/// The value of an exact str holding one ASCII symbol, or `None` for anything else.
///
/// # Safety
/// `item` must point to a live object, and the caller must hold the GIL.
#[cfg(not(any(Py_LIMITED_API, PyPy, GraalPy, Py_3_14, Py_GIL_DISABLED)))]
#[inline(always)]
unsafe fn ascii_symbol_value(item: *mut pyo3::ffi::PyObject) -> Option<u8> {
    use crate::parse::SYMBOL_VALUE;
    use pyo3::ffi;

    // SAFETY: the type is checked to be exactly str before any str field is read. Every str,
    // compact or not, is larger than the PyASCIIObject header, so the byte just past the header
    // is inside the object and may be read before the length and kind are known; it is used only
    // when the str is compact ASCII of length 1, where that byte is its one character.
    unsafe {
        if ffi::Py_TYPE(item) != &raw mut ffi::PyUnicode_Type {
            return None;
        }
        let first = *item.cast::<ffi::PyASCIIObject>().add(1).cast::<u8>();
        let is_one_ascii = (ffi::PyUnicode_GET_LENGTH(item) == 1) & (ffi::PyUnicode_IS_COMPACT_ASCII(item) != 0);
        let value = SYMBOL_VALUE[usize::from(first)];
        // Branch-free on the common path: one test of the combined outcome.
        (is_one_ascii & (value != crate::parse::NOT_A_SYMBOL)).then_some(value)
    }
}

/// Where the layout cannot be relied on, every board takes the checked path.
#[cfg(any(Py_LIMITED_API, PyPy, GraalPy, Py_3_14, Py_GIL_DISABLED))]
pub fn classic_cells(_board: &Bound<'_, PyAny>) -> Option<[u8; CELLS]> {
    None
}
