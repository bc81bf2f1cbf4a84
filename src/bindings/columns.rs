//! Results made of one numpy column per measure (`SolutionScores`, `Grades`): the columns are
//! read-only, so the object stays what its repr and summaries say, and the object pickles as
//! its columns, rebuilt by a private function of `_core` that checks them; `to_frame()` makes
//! a pandas DataFrame of them, one row per board (pandas stays optional: it is imported then).

use numpy::{IntoPyArray, PyArray1, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::{PyImportError, PyValueError};
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

/// pandas, for `owner.to_frame()`, or the ImportError that says how to get it.
pub fn pandas<'py>(py: Python<'py>, owner: &str) -> PyResult<Bound<'py, PyModule>> {
    py.import("pandas").map_err(|_| PyImportError::new_err(format!("{owner}.to_frame() needs pandas: pip install pandas")))
}

/// A DataFrame of `columns` (name and values, in order), one row per board.
pub fn data_frame<'py>(pandas: &Bound<'py, PyModule>, columns: Vec<(&str, Bound<'py, PyAny>)>) -> PyResult<Bound<'py, PyAny>> {
    let data = PyDict::new(pandas.py());
    for (name, values) in columns {
        data.set_item(name, values)?;
    }
    pandas.call_method1("DataFrame", (data,))
}

/// Codes into `names` as a pandas Categorical of those names: a code of -1 (a row without a
/// value) is a missing value, so no code is ever read as the last name by mistake.
pub fn categorical<'py>(
    pandas: &Bound<'py, PyModule>,
    codes: &Py<PyArray1<i8>>,
    names: Vec<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    pandas.getattr("Categorical")?.call_method1("from_codes", (codes.bind(pandas.py()), names))
}

/// `values` as a pandas nullable array of `dtype` (`"Int64"`, `"boolean"`), missing where
/// `present` is false.
pub fn nullable<'py, T: numpy::Element + Copy + IntoPyObject<'py>>(
    pandas: &Bound<'py, PyModule>,
    values: &Py<PyArray1<T>>,
    present: &Py<PyArray1<bool>>,
    dtype: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let py = pandas.py();
    let values = values.bind(py).readonly();
    let present = present.bind(py).readonly();
    let (values, present) = (values.as_slice()?, present.as_slice()?);
    let shown: Vec<Option<T>> = values.iter().zip(present).map(|(&value, &here)| here.then_some(value)).collect();
    let kwargs = PyDict::new(py);
    kwargs.set_item("dtype", dtype)?;
    pandas.call_method("array", (shown,), Some(&kwargs))
}

/// What `__reduce__` returns: `valid_sudoku._core.<rebuild>` and the columns to call it with.
pub fn reduce<'py>(columns: Bound<'py, PyTuple>, rebuild: &str) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
    let rebuild = columns.py().import("valid_sudoku._core")?.getattr(rebuild)?;
    Ok((rebuild, columns))
}
