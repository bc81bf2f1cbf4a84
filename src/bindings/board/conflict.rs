//! `Conflict` and `conflicts()`: the core's conflicts, shown to Python as immutable tuple-likes.
//!
//! `Conflict` behaves like a NamedTuple `(unit, index, digit, cells)`: it unpacks, indexes,
//! slices and compares like that tuple (and equals it), and hashes the same. A frozen pyclass
//! rather than a real NamedTuple, so that the module stays pure Rust, and so `str()` can read
//! as a sentence while `repr()` stays a constructor call.

use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyDict, PyInt, PyIterator, PyList, PyTuple};

use crate::bindings::input::cells::grid_from_object;
use crate::bindings::input::pystr::int_text;
use crate::conflicts::{self as core, Conflict};
use crate::error::shorten;
use crate::grid::{Grid, Unit};

/// An int field: `Ok` when it fits an i64, else `Err` with what a message shows of it, so that a
/// huge int is a `ValueError` naming the field, as a merely wrong one is, not an `OverflowError`.
/// Anything that is not an int (or has no `__index__`) is a `TypeError`, as before.
fn small_int(value: &Bound<'_, PyAny>) -> PyResult<Result<i64, String>> {
    match value.extract::<i64>() {
        Ok(small) => Ok(Ok(small)),
        Err(error) if error.is_instance_of::<PyOverflowError>(value.py()) => {
            let int = value.call_method0("__index__")?;
            Ok(Err(shorten(&int.cast::<PyInt>().map(int_text).unwrap_or_default())))
        }
        Err(error) => Err(error),
    }
}

fn as_usize(value: &Result<i64, String>) -> Option<usize> {
    value.as_ref().ok().and_then(|&v| usize::try_from(v).ok())
}

/// The field's value as a message shows it.
fn shown(value: &Result<i64, String>) -> String {
    match value {
        Ok(small) => small.to_string(),
        Err(text) => text.clone(),
    }
}

/// The field names, in tuple order.
const FIELDS: (&str, &str, &str, &str) = ("unit", "index", "digit", "cells");

#[doc = stub_doc!("Conflict")]
#[pyclass(frozen, sequence, module = "valid_sudoku", name = "Conflict")]
pub struct PyConflict {
    conflict: Conflict,
}

impl PyConflict {
    pub fn from_core(conflict: Conflict) -> Self {
        PyConflict { conflict }
    }

    /// The equivalent plain tuple `(unit, index, digit, cells)`, which every comparison,
    /// index and hash defers to.
    fn as_tuple<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let c = &self.conflict;
        (c.unit.name(), c.index, c.digit, self.cells(py)?).into_pyobject(py)
    }
}

#[pymethods]
impl PyConflict {
    #[new]
    #[pyo3(signature = (unit, index, digit, cells))]
    fn new(
        unit: &str,
        index: &Bound<'_, PyAny>,
        digit: &Bound<'_, PyAny>,
        cells: Vec<(Bound<'_, PyAny>, Bound<'_, PyAny>)>,
    ) -> PyResult<Self> {
        let unit = Unit::from_name(unit)
            .ok_or_else(|| PyValueError::new_err(format!("unit must be 'row', 'column' or 'box', got '{unit}'")))?;
        let index_value = small_int(index)?;
        let index = as_usize(&index_value)
            .ok_or_else(|| PyValueError::new_err(format!("index must be 0-8, got {}", shown(&index_value))))?;
        let digit_value = small_int(digit)?;
        let digit = digit_value
            .as_ref()
            .ok()
            .and_then(|&d| u8::try_from(d).ok())
            .ok_or_else(|| PyValueError::new_err(format!("digit must be 1-9, got {}", shown(&digit_value))))?;
        let cells = cells
            .iter()
            .map(|(r, c)| {
                let (r, c) = (small_int(r)?, small_int(c)?);
                match (as_usize(&r), as_usize(&c)) {
                    (Some(r), Some(c)) => Ok((r, c)),
                    _ => Err(PyValueError::new_err(format!(
                        "cells: ({}, {}) is not a cell of {} {index}",
                        shown(&r),
                        shown(&c),
                        unit.name()
                    ))),
                }
            })
            .collect::<PyResult<Vec<_>>>()?;
        Conflict::checked(unit, index, digit, cells).map(PyConflict::from_core).map_err(PyValueError::new_err)
    }

    #[doc = stub_doc!("Conflict.unit")]
    #[getter]
    fn unit(&self) -> &'static str {
        self.conflict.unit.name()
    }

    #[doc = stub_doc!("Conflict.index")]
    #[getter]
    fn index(&self) -> usize {
        self.conflict.index
    }

    #[doc = stub_doc!("Conflict.digit")]
    #[getter]
    fn digit(&self) -> u8 {
        self.conflict.digit
    }

    #[doc = stub_doc!("Conflict.cells")]
    #[getter]
    fn cells<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.conflict.cells)
    }

    #[classattr]
    fn _fields() -> (&'static str, &'static str, &'static str, &'static str) {
        FIELDS
    }

    #[classattr]
    fn __match_args__() -> (&'static str, &'static str, &'static str, &'static str) {
        FIELDS
    }

    #[doc = stub_doc!("Conflict._asdict")]
    fn _asdict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let c = &self.conflict;
        let dict = PyDict::new(py);
        dict.set_item(FIELDS.0, c.unit.name())?;
        dict.set_item(FIELDS.1, c.index)?;
        dict.set_item(FIELDS.2, c.digit)?;
        dict.set_item(FIELDS.3, self.cells(py)?)?;
        Ok(dict)
    }

    fn __len__(&self) -> usize {
        4
    }

    fn __getitem__<'py>(&self, py: Python<'py>, key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        self.as_tuple(py)?.as_any().get_item(key)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        self.as_tuple(py)?.as_any().try_iter()
    }

    fn __richcmp__<'py>(&self, other: &Bound<'py, PyAny>, op: CompareOp) -> PyResult<Bound<'py, PyAny>> {
        let py = other.py();
        let other = if let Ok(conflict) = other.cast::<PyConflict>() {
            conflict.get().as_tuple(py)?.into_any()
        } else if other.is_instance_of::<PyTuple>() {
            other.clone()
        } else {
            return Ok(py.NotImplemented().into_bound(py));
        };
        self.as_tuple(py)?.as_any().rich_compare(other, op)
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.as_tuple(py)?.as_any().hash()
    }

    /// `digit 8 repeats in box 1 at r1c1 and r3c3`: counted from 1, as people do.
    fn __str__(&self) -> String {
        self.conflict.to_string()
    }

    /// `Conflict(unit='box', index=0, digit=8, cells=((0, 0), (2, 2)))`.
    fn __repr__(&self) -> String {
        let c = &self.conflict;
        let cells: Vec<String> = c.cells.iter().map(|(r, col)| format!("({r}, {col})")).collect();
        format!(
            "Conflict(unit='{}', index={}, digit={}, cells=({}{}))",
            c.unit.name(),
            c.index,
            c.digit,
            cells.join(", "),
            if cells.len() == 1 { "," } else { "" }
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        Ok((slf.get_type().into_any(), slf.get().as_tuple(slf.py())?))
    }

    /// Immutable, so a copy is the object itself.
    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }
}

/// The conflicts of a core board, as a Python list of `Conflict`.
pub fn conflict_list<'py>(py: Python<'py>, grid: &Grid) -> PyResult<Bound<'py, PyList>> {
    let found: Vec<PyConflict> = core::conflicts(grid).into_iter().map(PyConflict::from_core).collect();
    PyList::new(py, found)
}

#[doc = stub_doc!("conflicts")]
#[pyfunction]
#[pyo3(signature = (board, /))]
pub fn conflicts<'py>(board: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
    let grid = grid_from_object(board)?;
    conflict_list(board.py(), &grid)
}
