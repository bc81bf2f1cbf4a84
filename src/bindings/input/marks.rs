//! `candidates=`: the pencil marks an app keeps, as `candidates()` returns them (9 rows of 9
//! sets of digits) or as a (9, 9) uint16 bitmask array (bit d-1 for digit d), turned into
//! core masks; the core checks them against the board.

use numpy::{PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::bindings::input::arguments::type_name;
use crate::grid::{CELLS, SIDE};
use crate::steps::geometry::cell_name;
use crate::steps::MarksError;

const EXPECTED: &str = "9 rows of 9 sets of digits 1-9, or a (9, 9) uint16 bitmask array";

/// The 81 masks of a `candidates=` argument.
pub fn read_marks(marks: &Bound<'_, PyAny>) -> PyResult<[u16; CELLS]> {
    let mut out = [0u16; CELLS];
    if let Ok(array) = marks.extract::<PyReadonlyArray2<'_, u16>>() {
        if array.shape() != [SIDE, SIDE] {
            return Err(PyValueError::new_err(format!(
                "candidates: expected {EXPECTED}, got an array of shape {:?}",
                array.shape()
            )));
        }
        let view = array.as_array();
        for ((r, c), &mask) in view.indexed_iter() {
            if let Some(slot) = out.get_mut(r * SIDE + c) {
                *slot = mask;
            }
        }
        return Ok(out);
    }
    if marks.hasattr("dtype")? {
        let dtype = marks.getattr("dtype").and_then(|dtype| dtype.str()).map(|name| name.to_string()).unwrap_or_default();
        return Err(PyTypeError::new_err(format!(
            "candidates: expected {EXPECTED}, got an array of dtype {}",
            crate::error::shorten(&dtype)
        )));
    }
    if marks.is_instance_of::<pyo3::types::PyString>() || marks.is_instance_of::<pyo3::types::PyBytes>() {
        return Err(PyTypeError::new_err(format!("candidates: expected {EXPECTED}, got {}", type_name(marks))));
    }
    let rows = sequence(marks, "candidates")?;
    if rows.len() != SIDE {
        return Err(PyValueError::new_err(format!("candidates: expected 9 rows, got {}", rows.len())));
    }
    for (r, row) in rows.iter().enumerate() {
        let place = format!("candidates[{r}]");
        let cells = sequence(row, &place)?;
        if cells.len() != SIDE {
            return Err(PyValueError::new_err(format!("{place}: expected 9 cells, got {}", cells.len())));
        }
        for (c, cell) in cells.iter().enumerate() {
            let place = format!("candidates[{r}][{c}]");
            let iter = cell
                .try_iter()
                .map_err(|_| PyTypeError::new_err(format!("{place}: expected a set of digits 1-9, got {}", type_name(cell))))?;
            let mut mask = 0u16;
            for digit in iter {
                let digit = digit?;
                let value = digit.extract::<i64>().ok().filter(|d| (1..=9).contains(d));
                let Some(value) = value.filter(|_| !digit.is_instance_of::<pyo3::types::PyBool>()) else {
                    return Err(PyValueError::new_err(format!("{place}: expected digits 1-9, got {}", digit.repr()?)));
                };
                mask |= 1 << (value - 1);
            }
            if let Some(slot) = out.get_mut(r * SIDE + c) {
                *slot = mask;
            }
        }
    }
    Ok(out)
}

fn sequence<'py>(object: &Bound<'py, PyAny>, place: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if !crate::bindings::input::cells::is_sequence(object) {
        return Err(PyTypeError::new_err(format!("{place}: expected {EXPECTED}, got {}", type_name(object))));
    }
    let length = object.len()?;
    if length > SIDE {
        return Err(PyValueError::new_err(format!("{place}: expected 9 items, got {length}")));
    }
    (0..length).map(|i| object.get_item(i)).collect()
}

/// The message for marks a filled cell rules out.
pub fn marks_error(error: MarksError) -> PyErr {
    match error {
        MarksError::RuledOut { cell, digit, by } => PyValueError::new_err(format!(
            "candidates for {} include {digit}, which {} already holds",
            cell_name(cell),
            cell_name(by)
        )),
        MarksError::Filled { cell, value } => {
            PyValueError::new_err(format!("candidates for {} must be empty: the cell holds {value}", cell_name(cell)))
        }
        MarksError::Bits { cell, mask } => {
            PyValueError::new_err(format!("candidates for {}: bitmask {mask} has bits above bit 8 (digit 9)", cell_name(cell)))
        }
    }
}
