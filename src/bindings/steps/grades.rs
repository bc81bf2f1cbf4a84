//! `Grades`: what `grade_many` returns, one numpy array per measure, one entry per row:
//! read-only and picklable, as `SolutionScores` (see `bindings::columns`).

use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::bindings::columns::{categorical, column, data_frame, frozen, nullable, pandas, reduce};
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

/// The measures as plain vectors, before they become numpy arrays.
struct GradeVectors {
    level: Vec<i8>,
    score: Vec<i32>,
    hardest: Vec<i8>,
    guesses: Vec<f64>,
    proper: Vec<bool>,
    solved_by_logic: Vec<bool>,
}

impl Grades {
    pub fn new(py: Python<'_>, rows: &[Row]) -> PyResult<Grades> {
        let code = |g: &Grade| g.logic.level.code() as i8;
        let hardest = |g: &Grade| g.logic.hardest.map_or(-1, |t| t as i8);
        let vectors = GradeVectors {
            level: rows.iter().map(|r| r.0.as_ref().map_or(-1, code)).collect(),
            score: rows.iter().map(|r| r.0.map_or(-1, |g| g.logic.score as i32)).collect(),
            hardest: rows.iter().map(|r| r.0.as_ref().map_or(-1, hardest)).collect(),
            guesses: rows.iter().map(|r| r.0.map_or(f64::NAN, |g| g.guesses)).collect(),
            proper: rows.iter().map(|r| r.0.is_some()).collect(),
            solved_by_logic: rows.iter().map(|r| r.0.is_some_and(|g| g.logic.solved_by_logic)).collect(),
        };
        Grades::from_vectors(py, vectors)
    }

    /// Moves the vectors into read-only numpy arrays (no copy).
    fn from_vectors(py: Python<'_>, vectors: GradeVectors) -> PyResult<Grades> {
        Ok(Grades {
            n: vectors.proper.len(),
            proper_count: vectors.proper.iter().filter(|&&proper| proper).count(),
            level: frozen(py, vectors.level)?,
            score: frozen(py, vectors.score)?,
            hardest: frozen(py, vectors.hardest)?,
            guesses: frozen(py, vectors.guesses)?,
            proper: frozen(py, vectors.proper)?,
            solved_by_logic: frozen(py, vectors.solved_by_logic)?,
        })
    }
}

/// The name `Grades` gives in the messages of a bad pickled state.
const OWNER: &str = "Grades";

/// Rebuilds a `Grades` from the state `__reduce__` gives pickle. Private: for pickle.
#[pyfunction]
#[pyo3(signature = (level, score, hardest, guesses, proper, solved_by_logic))]
pub fn _grades(
    py: Python<'_>,
    level: PyReadonlyArray1<'_, i8>,
    score: PyReadonlyArray1<'_, i32>,
    hardest: PyReadonlyArray1<'_, i8>,
    guesses: PyReadonlyArray1<'_, f64>,
    proper: PyReadonlyArray1<'_, bool>,
    solved_by_logic: PyReadonlyArray1<'_, bool>,
) -> PyResult<Grades> {
    let n = proper.len()?;
    let vectors = GradeVectors {
        level: column(&level, n, OWNER, "level")?,
        score: column(&score, n, OWNER, "score")?,
        hardest: column(&hardest, n, OWNER, "hardest")?,
        guesses: column(&guesses, n, OWNER, "guesses")?,
        proper: column(&proper, n, OWNER, "proper")?,
        solved_by_logic: column(&solved_by_logic, n, OWNER, "solved_by_logic")?,
    };
    Grades::from_vectors(py, vectors)
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

    #[doc = stub_doc!("Grades.to_frame")]
    fn to_frame<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pandas = pandas(py, OWNER)?;
        let columns = vec![
            ("proper", self.proper.bind(py).clone().into_any()),
            ("level", categorical(&pandas, &self.level, Level::ALL.map(Level::name).to_vec())?),
            ("score", nullable(&pandas, &self.score, &self.proper, "Int64")?),
            ("hardest", categorical(&pandas, &self.hardest, TECHNIQUES.iter().map(|info| info.name).collect())?),
            ("solved_by_logic", nullable(&pandas, &self.solved_by_logic, &self.proper, "boolean")?),
            ("guesses", self.guesses.bind(py).clone().into_any()),
        ];
        data_frame(&pandas, columns)
    }

    /// Pickled as its arrays, rebuilt by `_grades`: it crosses process pools and Dask workers.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let columns = (
            self.level.clone_ref(py),
            self.score.clone_ref(py),
            self.hardest.clone_ref(py),
            self.guesses.clone_ref(py),
            self.proper.clone_ref(py),
            self.solved_by_logic.clone_ref(py),
        );
        reduce(columns.into_pyobject(py)?, "_grades")
    }

    fn __repr__(&self) -> String {
        format!("Grades(n={}, proper={})", self.n, self.proper_count)
    }
}
