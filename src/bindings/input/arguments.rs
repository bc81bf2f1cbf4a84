//! The keyword arguments the batch and solver functions share: `threads` and `limit`.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

use crate::batch;

/// `threads`: None for every core available to the process, else a positive int.
pub fn thread_count(threads: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(threads) = threads else { return Ok(batch::available_threads()) };
    // More threads than there is work are never started, so a huge count is just "many".
    positive_int(threads, "threads", " or None").map(|count| usize::try_from(count).unwrap_or(usize::MAX))
}

/// The `limit` argument as given, `None` included: the stub says `int`, so an explicit None
/// is a `TypeError` like any other non-int, not a quiet "the default". (A plain `Option`
/// argument could not tell `limit=None` from no `limit` at all.)
pub enum Limit<'py> {
    Default,
    Given(Bound<'py, PyAny>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Limit<'py> {
    type Error = PyErr;

    fn extract(limit: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(Limit::Given(limit.to_owned()))
    }
}

/// `limit`: a positive int, 2 when not given; one too large for u64 counts as "all", since
/// no search could ever count past that.
pub fn limit_value(limit: &Limit<'_>) -> PyResult<u64> {
    match limit {
        Limit::Default => Ok(2),
        Limit::Given(limit) => positive_int(limit, "limit", ""),
    }
}

/// A positive int (not a bool), saturated at u64::MAX; errors name `name` and say what else
/// is accepted (`also`, such as " or None").
fn positive_int(value: &Bound<'_, PyAny>, name: &str, also: &str) -> PyResult<u64> {
    let refused = || {
        let found = value.get_type().name().map(|n| n.to_string()).unwrap_or_default();
        PyTypeError::new_err(format!("{name}: expected an int{also}, got {found}"))
    };
    // numpy's bool is refused by its name: before numpy 2.1 (CPython 3.9's numpy) it still has
    // a deprecated `__index__`.
    let named_bool = value.get_type().name().is_ok_and(|n| n.to_str().is_ok_and(|n| n == "bool" || n == "bool_"));
    if value.is_instance_of::<PyBool>() || named_bool {
        return Err(refused());
    }
    // Anything else with `__index__` is an int here, as it is for cells (numpy.int64, say).
    let index;
    let value = if value.is_instance_of::<PyInt>() {
        value
    } else {
        index = value.py().import("operator")?.call_method1("index", (value,)).map_err(|_| refused())?;
        &index
    };
    if value.lt(1)? {
        let shown = crate::error::shorten(&value.to_string());
        return Err(PyValueError::new_err(format!("{name}: expected a positive int{also}, got {shown}")));
    }
    Ok(value.extract::<u64>().unwrap_or(u64::MAX))
}
