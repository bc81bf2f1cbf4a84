//! numpy arrays in: integer boards read by byte strides, fixed-width string batches.
//!
//! numpy is optional. Nothing here touches rust-numpy (whose type checks need numpy's C API,
//! and panic if it cannot load) unless numpy is already in `sys.modules`, since an ndarray
//! cannot exist otherwise, and its C API has been loaded once without a panic.
//!
//! Only the array's raw description is used (data pointer, shape, byte strides, dtype), never
//! rust-numpy's typed views: those divide byte strides by the item size, which reads the
//! wrong bytes for fields of structured arrays and other odd-strided views.

use std::panic::{catch_unwind, AssertUnwindSafe};

use numpy::{PyArrayDescr, PyArrayDescrMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::PyImportError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyList, PyModule, PyString, PyTuple};

use crate::batch::fixed_text::{Chars, FixedText};
use crate::batch::strided::{IntType, StridedInts};
use crate::batch::BatchError;
use crate::bindings::exceptions::InputError;
use crate::error::{Located, Place};
use crate::grid::CELLS;

/// What `is_valid_many` says when numpy cannot be used.
pub const INSTALL_HINT: &str = "the batch functions return numpy arrays and need numpy: pip install numpy";

/// Imports numpy and loads its C API, once per process; an ImportError if either fails.
pub fn require_numpy(py: Python<'_>) -> PyResult<()> {
    static READY: PyOnceLock<()> = PyOnceLock::new();
    READY
        .get_or_try_init(py, || {
            py.import("numpy").map_err(|cause| {
                // Only a failed import gets the hint; Ctrl-C during it, say, stays what it is.
                if cause.is_instance_of::<PyImportError>(py) {
                    PyImportError::new_err(format!("{INSTALL_HINT} ({cause})"))
                } else {
                    cause
                }
            })?;
            // rust-numpy panics (rather than failing) if the C API capsule cannot be read, for
            // instance from a numpy too new for it; that panic must not reach Python.
            catch_unwind(AssertUnwindSafe(|| PyArrayDescr::of::<u8>(py).is_truthy().is_ok()))
                .map(|_| ())
                .map_err(|_| PyImportError::new_err(format!("{INSTALL_HINT} (numpy's C API could not be loaded)")))
        })
        .copied()
}

/// The object as an ndarray, when numpy is loaded and the object is one. Never imports numpy.
pub fn as_array<'py>(object: &Bound<'py, PyAny>) -> Option<Bound<'py, PyUntypedArray>> {
    // The common board types skip the lookups below.
    if object.is_instance_of::<PyList>()
        || object.is_instance_of::<PyTuple>()
        || object.is_instance_of::<PyString>()
        || object.is_instance_of::<PyBytes>()
    {
        return None;
    }
    let py = object.py();
    if !numpy_imported(py) || require_numpy(py).is_err() {
        return None;
    }
    object.cast::<PyUntypedArray>().ok().cloned()
}

/// True when some code has imported numpy (whether it works is a separate question).
fn numpy_imported(py: Python<'_>) -> bool {
    // SAFETY: PyImport_GetModuleDict returns a borrowed reference to the interpreter's module
    // dict, which lives as long as the interpreter; we hold the GIL (a `Python` token) and
    // take a new strong reference before using it.
    let modules = unsafe { Bound::from_borrowed_ptr_or_opt(py, pyo3::ffi::PyImport_GetModuleDict()) };
    let Some(modules) = modules.and_then(|m| m.cast_into::<PyDict>().ok()) else { return false };
    matches!(modules.get_item("numpy"), Ok(Some(module)) if module.is_instance_of::<PyModule>())
}

/// The numpy kind of an array's dtype: b'i', b'u', b'U', b'S', b'O', b'f', ...
pub fn kind(array: &Bound<'_, PyUntypedArray>) -> u8 {
    array.dtype().kind()
}

/// The dtype as numpy prints it (`float64`, `<U81`), for messages.
pub fn dtype_name(array: &Bound<'_, PyUntypedArray>) -> String {
    array.dtype().str().map(|s| s.to_string()).unwrap_or_default()
}

fn data_pointer(array: &Bound<'_, PyUntypedArray>) -> *const u8 {
    // SAFETY: `array` is a live ndarray (checked by its type), so its object struct may be read.
    unsafe { (*numpy::npyffi::_PyArray_GET_ITEM_DATA(array.as_array_ptr())).data.cast::<u8>().cast_const() }
}

/// Element `index` of a 1-D object array, read from the array's memory (numpy's indexing
/// costs more than reading the board it returns); None past the end.
pub fn object_item<'py>(array: &Bound<'py, PyUntypedArray>, index: usize) -> Option<Bound<'py, PyAny>> {
    // Looked up afresh for every element: reading the previous board may have run Python
    // code (a cell's `__index__`) that resized the array or replaced its data.
    let (&[len], &[stride]) = (array.shape(), array.strides()) else { return None };
    if index >= len || kind(array) != b'O' {
        return None;
    }
    let offset = isize::try_from(index).ok()?.checked_mul(stride)?;
    // SAFETY: the array is a live 1-D object array (both checked just above, with the GIL
    // held), so element `index < len` is a `PyObject *` at byte offset `index * stride` from
    // its data; the slot may be unaligned in a view, hence `read_unaligned`. The array holds a
    // reference to each element (numpy stores NULL for one never set, which reads as None),
    // and `from_borrowed_ptr` takes our own before any Python code can run.
    unsafe {
        let slot = data_pointer(array).offset(offset).cast::<*mut pyo3::ffi::PyObject>();
        let object = slot.read_unaligned();
        Some(Bound::from_borrowed_ptr_or_opt(array.py(), object).unwrap_or_else(|| array.py().None().into_bound(array.py())))
    }
}

/// The cells of an integer array's elements.
fn int_type(array: &Bound<'_, PyUntypedArray>) -> IntType {
    let dtype = array.dtype();
    IntType { bytes: dtype.itemsize(), signed: dtype.kind() == b'i', swapped: dtype.is_native_byteorder() == Some(false) }
}

/// An integer array as a batch of shape (N, 9, 9) or (N, 81).
pub fn int_batch(array: &Bound<'_, PyUntypedArray>) -> Result<StridedInts, BatchError> {
    // SAFETY: numpy guarantees that every element its shape and byte strides address lies in
    // the array's memory; the caller keeps `array` (and so that memory) alive while the source
    // is used, and numpy cannot free or resize the data of an array something else refers to.
    unsafe { StridedInts::batch(data_pointer(array), array.shape(), array.strides(), int_type(array)) }.map_err(BatchError::Board)
}

/// A 1-D `S` or `U` array as a batch, one puzzle line per element; None for other dtypes.
pub fn text_batch(array: &Bound<'_, PyUntypedArray>) -> Option<FixedText> {
    let dtype = array.dtype();
    let chars = match dtype.kind() {
        b'S' => Chars::Bytes,
        b'U' => Chars::Ucs4 { swapped: dtype.is_native_byteorder() == Some(false) },
        _ => return None,
    };
    let (&[count], &[stride]) = (array.shape(), array.strides()) else { return None };
    // SAFETY: as in `int_batch`: numpy's shape and strides address `itemsize` bytes per
    // element inside the array's memory, which the caller keeps alive.
    Some(unsafe { FixedText::new(data_pointer(array), count, stride, dtype.itemsize(), chars) })
}

/// One board from an integer array of shape (9, 9) or (81,); `None` for other dtypes (arrays
/// of one-character strings go through the generic sequence reader).
pub fn board_cells(array: &Bound<'_, PyUntypedArray>) -> Option<Result<[u8; CELLS], InputError>> {
    let kind = kind(array);
    if matches!(kind, b'b' | b'f' | b'c' | b'm' | b'M' | b'V') {
        // Never read as a sequence of 9 rows: that would complain about the shape instead.
        let at = Located { board: None, name: None, place: Place::Board };
        return Some(Err(InputError::WrongType { at, expected: "an integer dtype", found: dtype_name(array) }));
    }
    if !matches!(kind, b'i' | b'u') {
        return None;
    }
    // SAFETY: as in `int_batch`; the array lives for this whole function.
    let source = unsafe { StridedInts::board(data_pointer(array), array.shape(), array.strides(), int_type(array)) };
    Some(source.and_then(|source| source.single()).map_err(InputError::Format))
}
