//! numpy integer arrays in: one board (9, 9) / (81,), or a batch (N, 9, 9) / (N, 81).
//!
//! numpy is optional. Nothing here touches rust-numpy (whose type checks need numpy's C API,
//! and panic if it cannot load) unless numpy is already in `sys.modules`, since an ndarray
//! cannot exist otherwise, and its C API has been loaded once without a panic.
//!
//! Arrays are borrowed read-only for the duration of the call. A C-contiguous `uint8` batch
//! is read in place; any other integer dtype or layout is converted a chunk at a time into a
//! small per-thread buffer (see `batch::validate_converted`), never copied whole. The one
//! exception is an array in non-native byte order, which is first copied to native order.

use std::fmt::Display;
use std::panic::{catch_unwind, AssertUnwindSafe};

use numpy::ndarray::{ArrayView, ArrayViewD, Axis, Ix2, Ix3, RemoveAxis};
use numpy::{Element, PyArrayDescr, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyImportError, PyTypeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyList, PyModule, PyString, PyTuple};

use super::exceptions::{board_format_error, BoardFormatError, InputError};
use crate::batch::{self, BadCell};
use crate::error::{BoardError, Place, Problem};
use crate::grid::{CELLS, SIDE};

/// What `is_valid_many` says when numpy cannot be used.
pub const INSTALL_HINT: &str = "is_valid_many returns a numpy array and needs numpy: pip install 'valid-sudoku[numpy]'";

/// Imports numpy and loads its C API, once per process; an ImportError if either fails.
pub fn require_numpy(py: Python<'_>) -> PyResult<()> {
    static READY: PyOnceLock<()> = PyOnceLock::new();
    READY
        .get_or_try_init(py, || {
            py.import("numpy").map_err(|cause| PyImportError::new_err(format!("{INSTALL_HINT} ({cause})")))?;
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

/// The array's dtype, when it is an integer one (numpy kinds 'i' and 'u').
fn integer_dtype<'py>(array: &Bound<'py, PyUntypedArray>) -> Option<Bound<'py, PyArrayDescr>> {
    let dtype = array.dtype();
    matches!(dtype.kind(), b'i' | b'u').then_some(dtype)
}

/// One board from an integer array of shape (9, 9) or (81,); `None` for other dtypes, which
/// the generic sequence reader takes (arrays of one-character strings, say).
pub fn board_cells(array: &Bound<'_, PyUntypedArray>) -> Option<Result<[u8; CELLS], InputError>> {
    integer_dtype(array)?;
    let shape = array.shape();
    let place = match shape {
        [SIDE, SIDE] => |cell: usize| Place::Cell(cell / SIDE, cell % SIDE),
        [CELLS] => Place::Flat,
        _ => return Some(Err(BoardError::new(Place::Board, Problem::Shape(shape.to_vec())).into())),
    };
    Some(match with_native_view(array, ReadBoard) {
        Ok(Ok(cells)) => Ok(cells),
        Ok(Err((cell, value))) => Err(BoardError::new(place(cell), Problem::Value(value)).into()),
        Err(error) => Err(error.into()),
    })
}

/// One flag per board of an ndarray batch: shape (N, 9, 9) or (N, 81), any integer dtype.
pub fn validate_array(array: &Bound<'_, PyUntypedArray>, threads: usize) -> PyResult<Vec<bool>> {
    let shape = array.shape().to_vec();
    if integer_dtype(array).is_none() {
        let dtype = array.dtype();
        return Err(PyTypeError::new_err(format!("boards: expected an integer dtype, got {dtype}")));
    }
    let boards = batch::boards_in_shape(&shape).map_err(|error| BoardFormatError::new_err(error.to_string()))?;
    let py = array.py();
    match with_native_view(array, ValidateBatch { boards, threads })? {
        Ok(flags) => Ok(flags),
        Err((BadCell { board, cell }, value)) => {
            let place = match shape.len() {
                3 => Place::Cell(cell / SIDE, cell % SIDE),
                _ => Place::Flat(cell),
            };
            Err(board_format_error(py, &BoardError::new(place, Problem::Value(value)).in_batch(board)))
        }
    }
}

/// Something to do with a typed view of an integer array, whatever its element type.
trait Visit {
    type Output;
    fn visit<T: CellInt>(self, py: Python<'_>, view: ArrayViewD<'_, T>) -> Self::Output;
}

/// Reads one board: its 81 values, or the first bad cell and its value's decimal form.
struct ReadBoard;

impl Visit for ReadBoard {
    type Output = Result<[u8; CELLS], (usize, String)>;

    fn visit<T: CellInt>(self, _py: Python<'_>, view: ArrayViewD<'_, T>) -> Self::Output {
        let mut cells = [0u8; CELLS];
        // Logical (row-major) order, whatever the strides.
        for (value, &cell) in cells.iter_mut().zip(view.iter()) {
            *value = cell.to_value();
        }
        match cells.iter().position(|&v| v > 9) {
            Some(cell) => Err((cell, view.iter().nth(cell).map_or_else(String::new, ToString::to_string))),
            None => Ok(cells),
        }
    }
}

/// Validates a batch (first axis: boards) with the GIL released.
struct ValidateBatch {
    boards: usize,
    threads: usize,
}

impl Visit for ValidateBatch {
    type Output = Result<Vec<bool>, (BadCell, String)>;

    fn visit<T: CellInt>(self, py: Python<'_>, view: ArrayViewD<'_, T>) -> Self::Output {
        let mut flags = vec![false; self.boards];
        let threads = self.threads;
        // Fixed-dimension views iterate far faster than dynamic ones on strided layouts.
        let result = match (view.as_slice(), view.view().into_dimensionality::<Ix3>(), view.view().into_dimensionality::<Ix2>()) {
            (Some(cells), _, _) => py.detach(|| validate_slice(cells, &mut flags, threads)),
            (None, Ok(view), _) => py.detach(|| batch::validate_converted(&mut flags, threads, |first, out| fill_boards(&view, first, out))),
            (None, _, Ok(view)) => py.detach(|| batch::validate_converted(&mut flags, threads, |first, out| fill_boards(&view, first, out))),
            (None, Err(_), Err(_)) => py.detach(|| batch::validate_converted(&mut flags, threads, |first, out| fill_boards(&view, first, out))),
        };
        result.map(|()| flags).map_err(|bad| {
            let value = (bad.board < view.len_of(Axis(0)))
                .then(|| view.index_axis(Axis(0), bad.board).iter().nth(bad.cell).map(ToString::to_string))
                .flatten();
            (bad, value.unwrap_or_default())
        })
    }
}

/// Boards stored contiguously: `uint8` is read in place, wider types converted by chunks.
fn validate_slice<T: CellInt>(cells: &[T], flags: &mut [bool], threads: usize) -> Result<(), BadCell> {
    match T::as_bytes(cells) {
        Some(bytes) => batch::validate_values(bytes, flags, threads),
        None => batch::validate_converted(flags, threads, |first, out| {
            let source = cells.get(first * CELLS..first * CELLS + out.len()).unwrap_or_default();
            for (value, &cell) in out.iter_mut().zip(source) {
                *value = cell.to_value();
            }
        }),
    }
}

/// Writes boards `first..` of `view` (first axis: boards) as values into `out`, a whole
/// number of boards long; values outside 0-9 become 0xFF.
fn fill_boards<T: CellInt, D: RemoveAxis>(view: &ArrayView<'_, T, D>, first: usize, out: &mut [u8]) {
    let count = view.len_of(Axis(0));
    for (offset, board_out) in out.chunks_exact_mut(CELLS).enumerate() {
        if first + offset >= count {
            break;
        }
        let board = view.index_axis(Axis(0), first + offset);
        match board.as_slice() {
            // Boards of a strided batch (`arr[::2]`) are often contiguous themselves.
            Some(cells) => {
                for (value, &cell) in board_out.iter_mut().zip(cells) {
                    *value = cell.to_value();
                }
            }
            None => {
                for (value, &cell) in board_out.iter_mut().zip(board.iter()) {
                    *value = cell.to_value();
                }
            }
        }
    }
}

/// Runs `visitor` on a typed, native-byte-order, read-only view of an integer array.
fn with_native_view<V: Visit>(array: &Bound<'_, PyUntypedArray>, visitor: V) -> PyResult<V::Output> {
    let visitor = match typed_view(array, visitor) {
        Ok(output) => return output,
        Err(visitor) => visitor,
    };
    // Only integer dtypes get here, so what is left is a non-native byte order: copy it once
    // to native order (numpy's "=" byte order) and read the copy.
    let dtype = array.dtype();
    let native = dtype.call_method1("newbyteorder", ("=",))?;
    let copy = array.call_method1("astype", (native,))?;
    let copy = copy.cast::<PyUntypedArray>().map_err(PyErr::from)?;
    typed_view(copy, visitor).unwrap_or_else(|_| Err(PyTypeError::new_err(format!("cannot read integer dtype {dtype}"))))
}

/// [`with_native_view`] for the native integer types; gives the visitor back for any other.
fn typed_view<V: Visit>(array: &Bound<'_, PyUntypedArray>, visitor: V) -> Result<PyResult<V::Output>, V> {
    let py = array.py();
    macro_rules! try_types {
        ($($t:ty),*) => {$(
            if let Ok(typed) = array.cast::<PyArrayDyn<$t>>() {
                return Ok(typed.try_readonly().map_err(PyErr::from).map(|readonly| visitor.visit(py, readonly.as_array())));
            }
        )*};
    }
    try_types!(u8, i8, u16, i16, u32, i32, u64, i64);
    Err(visitor)
}

/// The integer element types numpy arrays come in, as cell values.
pub trait CellInt: Element + Copy + Sync + Display {
    /// The value as a cell: itself when 0-9, else 0xFF (which validation rejects).
    fn to_value(self) -> u8;
    /// The slice as bytes, for `u8` only (read in place, no conversion).
    fn as_bytes(cells: &[Self]) -> Option<&[u8]>;
}

macro_rules! cell_int {
    ($($t:ty),*) => {$(
        impl CellInt for $t {
            #[inline]
            fn to_value(self) -> u8 {
                // Negative values wrap to huge ones, so one unsigned test covers both ends.
                let wide = self as u64;
                if wide <= 9 { wide as u8 } else { 0xFF }
            }
            fn as_bytes(_cells: &[Self]) -> Option<&[u8]> {
                None
            }
        }
    )*};
}
cell_int!(i8, u16, i16, u32, i32, u64, i64);

impl CellInt for u8 {
    #[inline]
    fn to_value(self) -> u8 {
        if self <= 9 { self } else { 0xFF }
    }
    fn as_bytes(cells: &[Self]) -> Option<&[u8]> {
        Some(cells)
    }
}
