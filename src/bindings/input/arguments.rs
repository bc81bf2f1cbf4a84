//! Every argument that is not a board, read in one place so that each kind is accepted and
//! refused the same way everywhere: ints (a Python int or anything with `__index__`, such as
//! numpy's integer scalars, but never a bool), flags (`True`/`False`, numpy's bool too),
//! seeds, `threads` and `limit`, and the names of types in messages. Every message starts
//! with the argument's name and a colon (`seed: expected ...`), and echoes the value given.

use pyo3::exceptions::{PyMemoryError, PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};

use crate::batch;
use crate::rng::os_seed;

/// The name of an object's type, for messages (`int`, `numpy.int64` shows as `int64`).
pub fn type_name(object: &Bound<'_, PyAny>) -> String {
    object.get_type().name().map(|name| name.to_string()).unwrap_or_else(|_| "object".to_owned())
}

/// The value as it reads in a message: its `str()`, shortened and escaped. A long int says
/// how many digits it has, so `10**30` is not read as the 20 digits shown.
pub fn shown(value: &Bound<'_, PyAny>) -> String {
    if let Ok(int) = value.cast::<PyInt>() {
        let text = crate::bindings::input::pystr::int_text(int);
        let shown = crate::error::shorten(&text);
        if shown == text {
            return shown;
        }
        let digits = int.str().map(|text| text.to_str().map_or(0, |t| t.trim_start_matches('-').len())).unwrap_or(0);
        return if digits == 0 { shown } else { format!("{shown} ({digits} digits)") };
    }
    crate::error::shorten(&value.str().map(|text| text.to_string()).unwrap_or_default())
}

/// True for `bool` and numpy's bool scalar. numpy's is refused as an int by its name: before
/// numpy 2.1 (CPython 3.9's numpy) it still has a deprecated `__index__`.
fn is_bool(value: &Bound<'_, PyAny>) -> bool {
    if value.is_instance_of::<PyBool>() {
        return true;
    }
    let ty = value.get_type();
    let named = ty.name().is_ok_and(|n| n.to_str().is_ok_and(|n| n == "bool" || n == "bool_"));
    named && ty.module().is_ok_and(|m| m.to_str().is_ok_and(|m| m == "numpy"))
}

/// An int argument as a Python int: a Python int, or an object with `__index__` (numpy's
/// integer scalars) that is not a bool. `expected` completes "expected ..." for the message
/// (such as "an int or None").
pub fn int_value<'py>(value: &Bound<'py, PyAny>, name: &str, expected: &str) -> PyResult<Bound<'py, PyInt>> {
    let refused = || PyTypeError::new_err(format!("{name}: expected {expected}, got {}", type_name(value)));
    if is_bool(value) {
        return Err(refused());
    }
    if let Ok(int) = value.cast::<PyInt>() {
        return Ok(int.clone());
    }
    let index = value.py().import("operator")?.call_method1("index", (value,)).map_err(|_| refused())?;
    index.cast_into::<PyInt>().map_err(|_| refused())
}

/// A flag: `True` or `False` (numpy's bool too), false when not given. `1` or `"no"` is a
/// clear error rather than a truthy guess.
pub fn flag_value(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<bool> {
    let Some(value) = value else { return Ok(false) };
    if !is_bool(value) {
        return Err(PyTypeError::new_err(format!("{name}: expected True or False, got {}", type_name(value))));
    }
    value.is_truthy()
}

/// `seed`: None for a fresh seed from the operating system, else an int from 0 to 2**64 - 1.
pub fn seed_value(seed: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    let Some(seed) = seed.filter(|seed| !seed.is_none()) else {
        return os_seed().map_err(|error| PyOSError::new_err(format!("seed: {error}")));
    };
    let int = int_value(seed, "seed", "an int or None")?;
    int.extract::<u64>()
        .map_err(|_| PyValueError::new_err(format!("seed: expected an int from 0 to 2**64 - 1 or None, got {}", shown(&int))))
}

/// `n`, a count of rows to make: an int 0 or more. One too large for memory is a
/// `MemoryError` (the machine's limit, not a wrong argument).
pub fn count_value(n: &Bound<'_, PyAny>) -> PyResult<usize> {
    let int = int_value(n, "n", "an int")?;
    if int.lt(0)? {
        return Err(PyValueError::new_err(format!("n: expected an int 0 or more, got {}", shown(&int))));
    }
    int.extract::<usize>().map_err(|_| out_of_memory("n", &format!("{} rows", shown(&int))))
}

/// The one wording of a `MemoryError`: `{name}: not enough memory for {what}`.
pub fn out_of_memory(name: &str, what: &str) -> PyErr {
    PyMemoryError::new_err(format!("{name}: not enough memory for {what}"))
}

/// `threads`: None for every core available to the process, else a positive int.
pub fn thread_count(threads: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(threads) = threads else { return Ok(batch::available_threads()) };
    // More threads than there is work are never started, so a huge count is just "many".
    positive_int(threads, "threads", " or None").map(|count| usize::try_from(count).unwrap_or(usize::MAX))
}

/// An argument whose default is not None (`limit`, `start`), as given, `None` included: the
/// stub says `int`, so an explicit None is a `TypeError` like any other non-int, not a quiet
/// "the default". (A plain `Option` argument could not tell `limit=None` from no `limit`.)
pub enum Argument<'py> {
    Default,
    Given(Bound<'py, PyAny>),
}

/// The `limit` argument (see [`Argument`]).
pub type Limit<'py> = Argument<'py>;

impl<'a, 'py> FromPyObject<'a, 'py> for Argument<'py> {
    type Error = PyErr;

    fn extract(value: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(Argument::Given(value.to_owned()))
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
    let value = int_value(value, name, &format!("an int{also}"))?;
    if value.lt(1)? {
        return Err(PyValueError::new_err(format!("{name}: expected a positive int{also}, got {}", shown(&value))));
    }
    Ok(value.extract::<u64>().unwrap_or(u64::MAX))
}

/// `start`, the index of a batch's first row: an int from 0 to 2**64 - 1, 0 when not given.
pub fn start_value(start: &Argument<'_>) -> PyResult<u64> {
    let Argument::Given(start) = start else { return Ok(0) };
    let int = int_value(start, "start", "an int")?;
    int.extract::<u64>()
        .map_err(|_| PyValueError::new_err(format!("start: expected an int from 0 to 2**64 - 1, got {}", shown(&int))))
}

/// `timeout`: None for no limit, else a positive number of seconds (an int or a float, never a
/// bool), returned with its text for the message that reports it. `inf` is accepted and never
/// reached.
pub fn timeout_value(timeout: Option<&Bound<'_, PyAny>>) -> PyResult<Option<(f64, String)>> {
    let Some(timeout) = timeout.filter(|timeout| !timeout.is_none()) else { return Ok(None) };
    let refused = || PyTypeError::new_err(format!("timeout: expected a number of seconds or None, got {}", type_name(timeout)));
    if is_bool(timeout) || timeout.is_instance_of::<pyo3::types::PyString>() {
        return Err(refused());
    }
    let seconds = timeout.extract::<f64>().map_err(|_| refused())?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(PyValueError::new_err(format!(
            "timeout: expected a positive number of seconds or None, got {}",
            shown(timeout)
        )));
    }
    Ok(Some((seconds, shown(timeout))))
}
