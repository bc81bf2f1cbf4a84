//! `Grades`: what `grade_many` returns, one numpy array per measure, one entry per row.

use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::steps::{Grade, Level, TECHNIQUES};

/// One row of `grade_many`: a grade, or none for a board without exactly one solution.
#[derive(Clone, Copy, Default)]
pub struct Row(pub Option<Grade>);

#[doc = stub_doc!("Grades")]
#[pyclass(frozen, module = "valid_sudoku", name = "Grades")]
pub struct Grades {
    n: usize,
    level: Py<PyArray1<i8>>,
    score: Py<PyArray1<i32>>,
    hardest: Py<PyArray1<i8>>,
    guesses: Py<PyArray1<f64>>,
    proper: Py<PyArray1<bool>>,
    solved_by_logic: Py<PyArray1<bool>>,
    proper_count: usize,
}

impl Grades {
    pub fn new(py: Python<'_>, rows: &[Row]) -> Grades {
        let code = |g: &Grade| g.logic.level.code() as i8;
        let hardest = |g: &Grade| g.logic.hardest.map_or(-1, |t| t as i8);
        Grades {
            n: rows.len(),
            proper_count: rows.iter().filter(|r| r.0.is_some()).count(),
            level: rows.iter().map(|r| r.0.as_ref().map_or(-1, code)).collect::<Vec<_>>().into_pyarray(py).unbind(),
            score: rows.iter().map(|r| r.0.map_or(-1, |g| g.logic.score as i32)).collect::<Vec<_>>().into_pyarray(py).unbind(),
            hardest: rows.iter().map(|r| r.0.as_ref().map_or(-1, hardest)).collect::<Vec<_>>().into_pyarray(py).unbind(),
            guesses: rows.iter().map(|r| r.0.map_or(f64::NAN, |g| g.guesses)).collect::<Vec<_>>().into_pyarray(py).unbind(),
            proper: rows.iter().map(|r| r.0.is_some()).collect::<Vec<_>>().into_pyarray(py).unbind(),
            solved_by_logic: rows
                .iter()
                .map(|r| r.0.is_some_and(|g| g.logic.solved_by_logic))
                .collect::<Vec<_>>()
                .into_pyarray(py)
                .unbind(),
        }
    }
}

#[pymethods]
impl Grades {
    #[doc = stub_doc!("Grades.level")]
    #[getter]
    fn level(&self, py: Python<'_>) -> Py<PyArray1<i8>> {
        self.level.clone_ref(py)
    }

    #[doc = stub_doc!("Grades.levels")]
    #[getter]
    fn levels<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, Level::ALL.map(Level::name))
    }

    #[doc = stub_doc!("Grades.score")]
    #[getter]
    fn score(&self, py: Python<'_>) -> Py<PyArray1<i32>> {
        self.score.clone_ref(py)
    }

    #[doc = stub_doc!("Grades.hardest")]
    #[getter]
    fn hardest(&self, py: Python<'_>) -> Py<PyArray1<i8>> {
        self.hardest.clone_ref(py)
    }

    #[doc = stub_doc!("Grades.techniques")]
    #[getter]
    fn techniques<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, TECHNIQUES.iter().map(|info| info.name))
    }

    #[doc = stub_doc!("Grades.guesses")]
    #[getter]
    fn guesses(&self, py: Python<'_>) -> Py<PyArray1<f64>> {
        self.guesses.clone_ref(py)
    }

    #[doc = stub_doc!("Grades.proper")]
    #[getter]
    fn proper(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.proper.clone_ref(py)
    }

    #[doc = stub_doc!("Grades.solved_by_logic")]
    #[getter]
    fn solved_by_logic(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.solved_by_logic.clone_ref(py)
    }

    #[doc = stub_doc!("Grades.n")]
    #[getter]
    fn n(&self) -> usize {
        self.n
    }

    fn __len__(&self) -> usize {
        self.n
    }

    fn __repr__(&self) -> String {
        format!("Grades(n={}, proper={})", self.n, self.proper_count)
    }
}
