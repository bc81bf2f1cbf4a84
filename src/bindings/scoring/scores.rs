//! `SolutionScores`: what `score_solutions` returns, one numpy array per measure.

use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::bindings::columns::{column, frozen, reduce};

/// The measures as plain vectors, before they become numpy arrays.
pub struct ScoreVectors {
    pub complete: Vec<bool>,
    pub valid: Vec<bool>,
    pub keeps_givens: Vec<bool>,
    pub solved: Vec<bool>,
    pub matches: Option<Vec<bool>>,
    pub cell_accuracy: Option<Vec<f64>>,
}

// Why each candidate fails, as (N,) numpy arrays, with the rate of each in the repr.
#[doc = stub_doc!("SolutionScores")]
#[pyclass(frozen, module = "valid_sudoku", name = "SolutionScores")]
pub struct SolutionScores {
    n: usize,
    complete: Py<PyArray1<bool>>,
    valid: Py<PyArray1<bool>>,
    keeps_givens: Py<PyArray1<bool>>,
    solved: Py<PyArray1<bool>>,
    matches: Option<Py<PyArray1<bool>>>,
    cell_accuracy: Option<Py<PyArray1<f64>>>,
    /// (name, rate) in the order the repr and `rates()` show them.
    rates: Vec<(&'static str, f64)>,
}

impl SolutionScores {
    /// Moves the vectors into numpy arrays (no copy), made read-only so the object stays what
    /// its rates and repr say, and computes the rates once.
    pub fn new(py: Python<'_>, scores: ScoreVectors) -> PyResult<SolutionScores> {
        let n = scores.solved.len();
        let mut rates = vec![
            ("solved", rate(&scores.solved)),
            ("valid", rate(&scores.valid)),
            ("complete", rate(&scores.complete)),
            ("keeps_givens", rate(&scores.keeps_givens)),
        ];
        if let Some(matches) = &scores.matches {
            rates.push(("matches", rate(matches)));
        }
        if let Some(accuracy) = &scores.cell_accuracy {
            rates.push(("cell_accuracy", mean(accuracy)));
        }
        Ok(SolutionScores {
            n,
            complete: frozen(py, scores.complete)?,
            valid: frozen(py, scores.valid)?,
            keeps_givens: frozen(py, scores.keeps_givens)?,
            solved: frozen(py, scores.solved)?,
            matches: scores.matches.map(|m| frozen(py, m)).transpose()?,
            cell_accuracy: scores.cell_accuracy.map(|a| frozen(py, a)).transpose()?,
            rates,
        })
    }
}

/// The name `SolutionScores` gives in the messages of a bad pickled state.
const OWNER: &str = "SolutionScores";

/// Rebuilds a `SolutionScores` from the state `__reduce__` gives pickle. Private: for pickle.
#[pyfunction]
#[pyo3(signature = (complete, valid, keeps_givens, solved, matches, cell_accuracy))]
pub fn _solution_scores(
    py: Python<'_>,
    complete: PyReadonlyArray1<'_, bool>,
    valid: PyReadonlyArray1<'_, bool>,
    keeps_givens: PyReadonlyArray1<'_, bool>,
    solved: PyReadonlyArray1<'_, bool>,
    matches: Option<PyReadonlyArray1<'_, bool>>,
    cell_accuracy: Option<PyReadonlyArray1<'_, f64>>,
) -> PyResult<SolutionScores> {
    let n = solved.len()?;
    let vectors = ScoreVectors {
        complete: column(&complete, n, OWNER, "complete")?,
        valid: column(&valid, n, OWNER, "valid")?,
        keeps_givens: column(&keeps_givens, n, OWNER, "keeps_givens")?,
        solved: column(&solved, n, OWNER, "solved")?,
        matches: matches.map(|m| column(&m, n, OWNER, "matches")).transpose()?,
        cell_accuracy: cell_accuracy.map(|a| column(&a, n, OWNER, "cell_accuracy")).transpose()?,
    };
    SolutionScores::new(py, vectors)
}

/// The share of true flags; NaN for none (as numpy's mean of an empty array).
fn rate(flags: &[bool]) -> f64 {
    let count = flags.iter().fold(0usize, |sum, &f| sum + usize::from(f));
    count as f64 / flags.len() as f64
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

/// A rate the way Python prints `round(rate, 3)`: `0.871`, `1.0`, `nan`.
fn shown(rate: f64) -> String {
    if rate.is_nan() {
        return "nan".to_owned();
    }
    let rounded = (rate * 1000.0).round() / 1000.0;
    let text = rounded.to_string();
    if text.contains('.') {
        text
    } else {
        format!("{text}.0")
    }
}

#[pymethods]
impl SolutionScores {
    #[doc = stub_doc!("SolutionScores.complete")]
    #[getter]
    fn complete(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.complete.clone_ref(py)
    }

    #[doc = stub_doc!("SolutionScores.valid")]
    #[getter]
    fn valid(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.valid.clone_ref(py)
    }

    #[doc = stub_doc!("SolutionScores.keeps_givens")]
    #[getter]
    fn keeps_givens(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.keeps_givens.clone_ref(py)
    }

    #[doc = stub_doc!("SolutionScores.solved")]
    #[getter]
    fn solved(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.solved.clone_ref(py)
    }

    #[doc = stub_doc!("SolutionScores.matches")]
    #[getter]
    fn matches(&self, py: Python<'_>) -> Option<Py<PyArray1<bool>>> {
        self.matches.as_ref().map(|m| m.clone_ref(py))
    }

    #[doc = stub_doc!("SolutionScores.cell_accuracy")]
    #[getter]
    fn cell_accuracy(&self, py: Python<'_>) -> Option<Py<PyArray1<f64>>> {
        self.cell_accuracy.as_ref().map(|a| a.clone_ref(py))
    }

    #[doc = stub_doc!("SolutionScores.n")]
    #[getter]
    fn n(&self) -> usize {
        self.n
    }

    #[doc = stub_doc!("SolutionScores.to_frame")]
    fn to_frame<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pandas = crate::bindings::columns::pandas(py, "SolutionScores")?;
        let mut columns = vec![
            ("complete", self.complete.bind(py).clone().into_any()),
            ("valid", self.valid.bind(py).clone().into_any()),
            ("keeps_givens", self.keeps_givens.bind(py).clone().into_any()),
            ("solved", self.solved.bind(py).clone().into_any()),
        ];
        if let Some(matches) = &self.matches {
            columns.push(("matches", matches.bind(py).clone().into_any()));
        }
        if let Some(accuracy) = &self.cell_accuracy {
            columns.push(("cell_accuracy", accuracy.bind(py).clone().into_any()));
        }
        crate::bindings::columns::data_frame(&pandas, columns)
    }

    fn __len__(&self) -> usize {
        self.n
    }

    #[doc = stub_doc!("SolutionScores.rates")]
    fn rates<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, rate) in &self.rates {
            dict.set_item(*name, *rate)?;
        }
        Ok(dict)
    }

    /// Pickled as its arrays, rebuilt by `_solution_scores`: it crosses process pools and
    /// Dask workers.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let columns = (
            self.complete.clone_ref(py),
            self.valid.clone_ref(py),
            self.keeps_givens.clone_ref(py),
            self.solved.clone_ref(py),
            self.matches.as_ref().map(|m| m.clone_ref(py)),
            self.cell_accuracy.as_ref().map(|a| a.clone_ref(py)),
        );
        reduce(columns.into_pyobject(py)?, "_solution_scores")
    }

    fn __repr__(&self) -> String {
        let rates: Vec<String> = self.rates.iter().map(|(name, rate)| format!("{name}={}", shown(*rate))).collect();
        format!("SolutionScores(n={}, {})", self.n, rates.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_print_like_python_rounds() {
        assert_eq!(shown(0.8714), "0.871");
        assert_eq!(shown(1.0), "1.0");
        assert_eq!(shown(0.95), "0.95");
        assert_eq!(shown(0.0), "0.0");
        assert_eq!(shown(f64::NAN), "nan");
        assert!(rate(&[]).is_nan());
        assert_eq!(rate(&[true, false, false, true]), 0.5);
    }
}
