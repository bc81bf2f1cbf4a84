//! `mistakes` and `hint`: a player's board against its puzzle, through the core `hint`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple};

use crate::bindings::input::cells::grid_from_object;
use crate::bindings::input::marks::{marks_error, read_marks};
use crate::bindings::steps::functions::allowed_techniques;
use crate::bindings::steps::values::{triples, PyStep};
use crate::hint::{self as core, Hint, Mistakes, MistakesError};

/// The core's refusal as Python's: bad marks as `next_step` words them, the rest naming `who`.
fn mistakes_error(error: MistakesError, who: &str) -> PyErr {
    match error {
        MistakesError::Marks(marks) => marks_error(marks),
        other => PyValueError::new_err(other.message(who)),
    }
}

#[doc = stub_doc!("mistakes")]
#[pyfunction]
#[pyo3(signature = (puzzle, board, /, *, candidates = None))]
pub fn mistakes(
    puzzle: &Bound<'_, PyAny>,
    board: &Bound<'_, PyAny>,
    candidates: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyMistakes> {
    let (puzzle_grid, board_grid) = (grid_from_object(puzzle)?, grid_from_object(board)?);
    let marks = candidates.map(read_marks).transpose()?;
    let found = puzzle.py().detach(|| core::mistakes(&puzzle_grid, &board_grid, marks.as_ref()));
    found.map(|found| PyMistakes { found }).map_err(|error| mistakes_error(error, "mistakes"))
}

#[doc = stub_doc!("hint")]
#[pyfunction]
#[pyo3(signature = (puzzle, board, /, *, candidates = None, techniques = None))]
pub fn hint(
    puzzle: &Bound<'_, PyAny>,
    board: &Bound<'_, PyAny>,
    candidates: Option<&Bound<'_, PyAny>>,
    techniques: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyHint> {
    let (puzzle_grid, board_grid) = (grid_from_object(puzzle)?, grid_from_object(board)?);
    let marks = candidates.map(read_marks).transpose()?;
    let allowed = allowed_techniques(techniques)?;
    let found = puzzle.py().detach(|| core::hint(&puzzle_grid, &board_grid, marks.as_ref(), allowed));
    found.map(PyHint::new).map_err(|error| mistakes_error(error, "hint"))
}

#[doc = stub_doc!("Mistakes")]
#[pyclass(frozen, module = "valid_sudoku", name = "Mistakes")]
pub struct PyMistakes {
    found: Mistakes,
}

#[pymethods]
impl PyMistakes {
    #[doc = stub_doc!("Mistakes.digits")]
    #[getter]
    fn digits<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        triples(py, &self.found.digits)
    }

    #[doc = stub_doc!("Mistakes.candidates")]
    #[getter]
    fn candidates<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        triples(py, &self.found.candidates)
    }

    #[doc = stub_doc!("Mistakes._asdict")]
    fn _asdict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("digits", self.digits(py)?)?;
        dict.set_item("candidates", self.candidates(py)?)?;
        dict.set_item("text", self.found.to_string())?;
        Ok(dict)
    }

    fn __bool__(&self) -> bool {
        !self.found.is_empty()
    }

    fn __str__(&self) -> String {
        self.found.to_string()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("Mistakes(digits={}, candidates={})", self.digits(py)?.repr()?, self.candidates(py)?.repr()?))
    }
}

#[doc = stub_doc!("Hint")]
#[pyclass(frozen, module = "valid_sudoku", name = "Hint")]
pub struct PyHint {
    hint: Hint,
    // Made when first asked for, then the same object each time.
    step: PyOnceLock<Option<Py<PyStep>>>,
    mistakes: PyOnceLock<Option<Py<PyMistakes>>>,
}

impl PyHint {
    fn new(hint: Hint) -> PyHint {
        PyHint { hint, step: PyOnceLock::new(), mistakes: PyOnceLock::new() }
    }
}

#[pymethods]
impl PyHint {
    #[doc = stub_doc!("Hint.kind")]
    #[getter]
    fn kind(&self) -> &'static str {
        match self.hint {
            Hint::Mistake(_) => "mistake",
            Hint::Step(..) => "step",
            Hint::Solved => "solved",
            Hint::Stuck => "stuck",
        }
    }

    #[doc = stub_doc!("Hint.step")]
    #[getter]
    fn step(&self, py: Python<'_>) -> PyResult<Option<Py<PyStep>>> {
        let step = self.step.get_or_try_init(py, || match &self.hint {
            Hint::Step(step, before) => Py::new(py, PyStep::new(step.clone(), *before)).map(Some),
            _ => Ok(None),
        })?;
        Ok(step.as_ref().map(|s| s.clone_ref(py)))
    }

    #[doc = stub_doc!("Hint.mistakes")]
    #[getter]
    fn mistakes(&self, py: Python<'_>) -> PyResult<Option<Py<PyMistakes>>> {
        let found = self.mistakes.get_or_try_init(py, || match &self.hint {
            Hint::Mistake(found) => Py::new(py, PyMistakes { found: found.clone() }).map(Some),
            _ => Ok(None),
        })?;
        Ok(found.as_ref().map(|m| m.clone_ref(py)))
    }

    fn __str__(&self) -> String {
        self.hint.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Hint {}: {}>", self.kind(), self.hint)
    }
}
