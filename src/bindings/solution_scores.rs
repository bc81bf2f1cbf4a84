//! `SolutionScores`: what `score_solutions` returns, one numpy array per measure.

use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;
use pyo3::types::PyDict;

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
    /// Moves the vectors into numpy arrays (no copy) and computes the rates once.
    pub fn new(py: Python<'_>, scores: ScoreVectors) -> SolutionScores {
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
        SolutionScores {
            n,
            complete: scores.complete.into_pyarray(py).unbind(),
            valid: scores.valid.into_pyarray(py).unbind(),
            keeps_givens: scores.keeps_givens.into_pyarray(py).unbind(),
            solved: scores.solved.into_pyarray(py).unbind(),
            matches: scores.matches.map(|m| m.into_pyarray(py).unbind()),
            cell_accuracy: scores.cell_accuracy.map(|a| a.into_pyarray(py).unbind()),
            rates,
        }
    }
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
    if text.contains('.') { text } else { format!("{text}.0") }
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
