//! `Step`, `SolvePath` and `Grade`: core answers as immutable Python objects.

use std::sync::Arc;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::bindings::input::board_value::PyBoard;
use crate::grid::SIDE;
use crate::render::step_html::step_table;
use crate::steps::{Grade, Pencil, Step};

/// A path's steps and the board they start from, shared by the path and its Step objects:
/// a Step object is then a pointer and a number, not a copy of its step and of the board
/// before it (a path's Step objects used to cost more than finding the path).
struct Shared {
    start: Pencil,
    steps: Vec<Step>,
}

#[doc = stub_doc!("Step")]
// A path makes dozens of Step objects and drops them together: a free list hands the next
// path the memory of the last one's instead of asking the allocator for each.
#[pyclass(frozen, freelist = 1024, module = "valid_sudoku", name = "Step")]
pub struct PyStep {
    source: Arc<Shared>,
    /// Which of `source.steps` this is.
    index: usize,
}

impl PyStep {
    /// A step found on `before`, on its own.
    pub fn new(step: Step, before: Pencil) -> PyStep {
        PyStep { source: Arc::new(Shared { start: before, steps: vec![step] }), index: 0 }
    }

    fn step(&self) -> PyResult<&Step> {
        // Made only for an index of its path's steps.
        self.source.steps.get(self.index).ok_or_else(|| PyRuntimeError::new_err("a Step outside its path"))
    }

    /// The board and marks the step applies to (for the HTML view): the path's start with
    /// the steps before it applied, made only when asked for.
    fn before(&self) -> Pencil {
        let mut before = self.source.start;
        for step in self.source.steps.iter().take(self.index) {
            before.apply(step);
        }
        before
    }
}

/// `(cell, digit)` pairs as Python's `(row, col, digit)`, counted from 0.
pub fn triples<'py>(py: Python<'py>, pairs: &[(u8, u8)]) -> PyResult<Bound<'py, PyTuple>> {
    let items = pairs.iter().map(|&(cell, digit)| (usize::from(cell) / SIDE, usize::from(cell) % SIDE, digit));
    PyTuple::new(py, items)
}

#[pymethods]
impl PyStep {
    #[doc = stub_doc!("Step.technique")]
    #[getter]
    fn technique(&self) -> PyResult<&'static str> {
        Ok(self.step()?.technique.name())
    }

    #[doc = stub_doc!("Step.placements")]
    #[getter]
    fn placements<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        triples(py, &self.step()?.placements)
    }

    #[doc = stub_doc!("Step.eliminations")]
    #[getter]
    fn eliminations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        triples(py, &self.step()?.eliminations)
    }

    #[doc = stub_doc!("Step.cells")]
    #[getter]
    fn cells<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.step()?.cells.iter().map(|&c| (usize::from(c) / SIDE, usize::from(c) % SIDE)))
    }

    #[doc = stub_doc!("Step.digits")]
    #[getter]
    fn digits<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, crate::steps::geometry::digits_of(self.step()?.digits).map(|d| d + 1).collect::<Vec<_>>())
    }

    #[doc = stub_doc!("Step.units")]
    #[getter]
    fn units<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let kinds = ["row", "column", "box"];
        PyTuple::new(py, self.step()?.units.iter().map(|&u| (kinds[usize::from(u / 9).min(2)], usize::from(u % 9))))
    }

    #[doc = stub_doc!("Step.nodes")]
    #[getter]
    fn nodes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let nodes = self.step()?.chain.as_deref().map_or(&[][..], |chain| &chain.nodes[..]);
        let cells = |node: &crate::steps::Node| {
            PyTuple::new(py, crate::steps::geometry::members(node.cells).map(|c| (c / SIDE, c % SIDE)).collect::<Vec<_>>())
        };
        PyTuple::new(py, nodes.iter().map(|node| Ok((cells(node)?, node.digit))).collect::<PyResult<Vec<_>>>()?)
    }

    #[doc = stub_doc!("Step.links")]
    #[getter]
    fn links<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let links = self.step()?.chain.as_deref().map_or(&[][..], |chain| &chain.links[..]);
        PyTuple::new(py, links.iter().map(|link| link.name()))
    }

    #[doc = stub_doc!("Step.parents")]
    #[getter]
    fn parents<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let Some(chain) = self.step()?.chain.as_deref() else { return Ok(PyTuple::empty(py)) };
        PyTuple::new(py, (0..chain.nodes.len()).map(|i| PyTuple::new(py, chain.parents_of(i))).collect::<PyResult<Vec<_>>>()?)
    }

    #[doc = stub_doc!("Step._asdict")]
    fn _asdict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("technique", self.technique()?)?;
        dict.set_item("placements", self.placements(py)?)?;
        dict.set_item("eliminations", self.eliminations(py)?)?;
        dict.set_item("cells", self.cells(py)?)?;
        dict.set_item("digits", self.digits(py)?)?;
        dict.set_item("units", self.units(py)?)?;
        dict.set_item("nodes", self.nodes(py)?)?;
        dict.set_item("links", self.links(py)?)?;
        dict.set_item("parents", self.parents(py)?)?;
        dict.set_item("text", self.step()?.describe())?;
        Ok(dict)
    }

    fn __str__(&self) -> PyResult<String> {
        Ok(self.step()?.describe())
    }

    fn __repr__(&self) -> PyResult<String> {
        let step = self.step()?;
        Ok(format!("<Step {}: {}>", step.technique.name(), step.describe()))
    }

    #[doc = stub_doc!("Step._repr_html_")]
    fn _repr_html_(&self) -> PyResult<String> {
        Ok(step_table(&self.before(), self.step()?))
    }
}

#[doc = stub_doc!("SolvePath")]
#[pyclass(frozen, module = "valid_sudoku", name = "SolvePath")]
pub struct PySolvePath {
    /// The board the path starts from and its steps, shared with its Step objects.
    shared: Arc<Shared>,
    solved: bool,
    end: Pencil,
    // Python objects are made when first asked for: most callers read `solved` or a grade
    // and never look at a step.
    steps: PyOnceLock<Py<PyList>>,
    board: PyOnceLock<Py<PyBoard>>,
}

impl PySolvePath {
    pub fn new(start: Pencil, path: crate::steps::Path) -> PySolvePath {
        let crate::steps::Path { steps, solved, end } = path;
        PySolvePath { shared: Arc::new(Shared { start, steps }), solved, end, steps: PyOnceLock::new(), board: PyOnceLock::new() }
    }

    /// The Step objects, made once.
    fn step_objects<'py>(&self, py: Python<'py>) -> PyResult<&Bound<'py, PyList>> {
        let list = self.steps.get_or_try_init(py, || -> PyResult<Py<PyList>> {
            let objects = (0..self.shared.steps.len())
                .map(|index| Py::new(py, PyStep { source: Arc::clone(&self.shared), index }))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(PyList::new(py, objects)?.unbind())
        })?;
        Ok(list.bind(py))
    }
}

#[pymethods]
impl PySolvePath {
    #[doc = stub_doc!("SolvePath.steps")]
    #[getter]
    fn steps<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        // A new list each time, so a caller's edits never change the path.
        PyList::new(py, self.step_objects(py)?.iter())
    }

    #[doc = stub_doc!("SolvePath.solved")]
    #[getter]
    fn solved(&self) -> bool {
        self.solved
    }

    #[doc = stub_doc!("SolvePath.stopped")]
    #[getter]
    fn stopped(&self) -> &'static str {
        if self.solved {
            "solved"
        } else {
            "stuck"
        }
    }

    #[doc = stub_doc!("SolvePath.board")]
    #[getter]
    fn board(&self, py: Python<'_>) -> PyResult<Py<PyBoard>> {
        let board = self.board.get_or_try_init(py, || Py::new(py, PyBoard::from_grid(self.end.grid())))?;
        Ok(board.clone_ref(py))
    }

    fn __len__(&self) -> usize {
        self.shared.steps.len()
    }

    fn __str__(&self) -> String {
        // Sentences are written when asked for, not for every path.
        let mut text: Vec<String> =
            self.shared.steps.iter().enumerate().map(|(i, step)| format!("{}. {}", i + 1, step.describe())).collect();
        text.push(self.stopped().into());
        text.join("\n")
    }

    #[doc = stub_doc!("SolvePath._repr_html_")]
    fn _repr_html_(&self) -> String {
        crate::render::path_html::path_html(&self.shared.start, &self.shared.steps, self.solved)
    }

    fn __repr__(&self) -> String {
        format!("<SolvePath: {} steps, {}>", self.shared.steps.len(), self.stopped())
    }
}

#[doc = stub_doc!("Grade")]
#[pyclass(frozen, eq, module = "valid_sudoku", name = "Grade")]
#[derive(PartialEq)]
pub struct PyGrade {
    grade: Grade,
}

impl PyGrade {
    pub fn new(grade: Grade) -> PyGrade {
        PyGrade { grade }
    }
}

#[pymethods]
impl PyGrade {
    #[doc = stub_doc!("Grade.level")]
    #[getter]
    fn level(&self) -> &'static str {
        self.grade.logic.level.name()
    }

    #[doc = stub_doc!("Grade.hardest")]
    #[getter]
    fn hardest(&self) -> Option<&'static str> {
        self.grade.logic.hardest.map(|t| t.name())
    }

    #[doc = stub_doc!("Grade.score")]
    #[getter]
    fn score(&self) -> u32 {
        self.grade.logic.score
    }

    #[doc = stub_doc!("Grade.steps")]
    #[getter]
    fn steps(&self) -> u32 {
        self.grade.logic.steps
    }

    #[doc = stub_doc!("Grade.solved_by_logic")]
    #[getter]
    fn solved_by_logic(&self) -> bool {
        self.grade.logic.solved_by_logic
    }

    #[doc = stub_doc!("Grade.guesses")]
    #[getter]
    fn guesses(&self) -> f64 {
        self.grade.guesses
    }

    #[doc = stub_doc!("Grade._asdict")]
    fn _asdict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("level", self.level())?;
        dict.set_item("hardest", self.hardest())?;
        dict.set_item("score", self.score())?;
        dict.set_item("steps", self.steps())?;
        dict.set_item("solved_by_logic", self.solved_by_logic())?;
        dict.set_item("guesses", self.guesses())?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!(
            "Grade(level='{}', hardest={}, score={}, steps={}, solved_by_logic={}, guesses={})",
            self.level(),
            self.hardest().map_or("None".to_string(), |h| format!("'{h}'")),
            self.score(),
            self.steps(),
            if self.solved_by_logic() { "True" } else { "False" },
            python_float(self.guesses()),
        )
    }
}

/// A float as Python's `repr` writes the ones we make (eighths): `2.0`, `12.375`.
fn python_float(value: f64) -> String {
    let text = value.to_string();
    if text.contains('.') || text.contains('e') || text.contains("inf") || text.contains("NaN") {
        text
    } else {
        format!("{text}.0")
    }
}
