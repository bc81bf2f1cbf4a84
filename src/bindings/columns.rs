//! Results made of one numpy column per measure (`SolutionScores`, `Grades`): the columns are
//! read-only, so the object stays what its repr and summaries say, and the object pickles as
//! its columns, rebuilt by a private function of `_core` that checks them.

use numpy::{IntoPyArray, PyArray1, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// The values as a numpy array (no copy), no longer writeable (`arr.flags.writeable = False`):
/// numpy refuses writes, and views made from it cannot turn writeable again.
pub fn frozen<T: numpy::Element>(py: Python<'_>, values: Vec<T>) -> PyResult<Py<PyArray1<T>>> {
    let array = values.into_pyarray(py);
    let kwargs = PyDict::new(py);
    kwargs.set_item("write", false)?;
    array.call_method("setflags", (), Some(&kwargs))?;
    Ok(array.unbind())
}

/// A copy of column `name` of `owner`'s pickled state, checked to hold `n` values.
pub fn column<T: numpy::Element + Copy>(array: &PyReadonlyArray1<'_, T>, n: usize, owner: &str, name: &str) -> PyResult<Vec<T>> {
    let values = array.to_vec().map_err(|_| PyValueError::new_err(format!("{owner}: {name} is not contiguous")))?;
    if values.len() != n {
        return Err(PyValueError::new_err(format!("{owner}: {name} has {} values, expected {n}", values.len())));
    }
    Ok(values)
}

/// What `__reduce__` returns: `valid_sudoku._core.<rebuild>` and the columns to call it with.
pub fn reduce<'py>(columns: Bound<'py, PyTuple>, rebuild: &str) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
    let rebuild = columns.py().import("valid_sudoku._core")?.getattr(rebuild)?;
    Ok((rebuild, columns))
}
