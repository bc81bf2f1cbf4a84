//! `Board`'s methods: an immutable board value (see board_value.rs), with its questions
//! answered by the core.

use pyo3::exceptions::{PyImportError, PyIndexError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

use crate::bindings::board::conflict::conflict_list;
use crate::bindings::exceptions::text_format_error;
use crate::bindings::input::arguments::type_name;
pub use crate::bindings::input::board_value::PyBoard;
use crate::bindings::input::cells;
use crate::bindings::input::pystr;
use crate::check::is_valid;
use crate::grid::SIDE;
use crate::render;
use crate::text;

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (board, /))]
    fn new(board: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyBoard::from_grid(cells::grid_from_object(board)?))
    }

    #[doc = stub_doc!("Board.parse")]
    #[staticmethod]
    #[pyo3(signature = (text, /))]
    fn parse(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Self> {
        let text = text.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!("board: expected a str of board text (Board.parse reads text), got {}", type_name(text)))
        })?;
        // Lone surrogates are not UTF-8: each is replaced by one U+FFFD, so it is reported as a
        // bad cell like any other, and counts as one character, as Python counts it.
        let text = pystr::text_of(text);
        text::parse_board(&text).map(PyBoard::from_grid).map_err(|error| text_format_error(py, &error))
    }

    #[doc = stub_doc!("Board.is_valid")]
    #[getter]
    fn is_valid(&self) -> bool {
        is_valid(&self.grid)
    }

    #[doc = stub_doc!("Board.conflicts")]
    #[getter]
    fn conflicts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        conflict_list(py, &self.grid)
    }

    #[doc = stub_doc!("Board.is_complete")]
    #[getter]
    fn is_complete(&self) -> bool {
        self.grid.is_complete()
    }

    #[doc = stub_doc!("Board.is_solved")]
    #[getter]
    fn is_solved(&self) -> bool {
        self.grid.is_complete() && is_valid(&self.grid)
    }

    #[doc = stub_doc!("Board.givens")]
    #[getter]
    fn givens(&self) -> usize {
        self.grid.givens()
    }

    #[doc = stub_doc!("Board.candidates")]
    fn candidates<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyList>> {
        crate::bindings::steps::functions::marks_list(py, &crate::steps::Pencil::from_grid(&self.grid))
    }

    #[doc = stub_doc!("Board.solve")]
    fn solve(&self, py: Python<'_>) -> PyResult<Option<PyBoard>> {
        crate::bindings::solving::single::solve_grid(py, &self.grid)
    }

    #[doc = stub_doc!("Board.count_solutions")]
    #[pyo3(signature = (*, limit = crate::bindings::input::arguments::Limit::Default), text_signature = "($self, *, limit=2)")]
    fn count_solutions(&self, py: Python<'_>, limit: crate::bindings::input::arguments::Limit<'_>) -> PyResult<u64> {
        crate::bindings::solving::single::count_grid(py, &self.grid, crate::bindings::input::arguments::limit_value(&limit)?)
    }

    #[doc = stub_doc!("Board.canonical")]
    fn canonical(&self, py: Python<'_>) -> PyResult<String> {
        crate::bindings::canonical::canonical_text(py, &self.grid)
    }

    #[doc = stub_doc!("Board.has_unique_solution")]
    fn has_unique_solution(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(crate::bindings::solving::single::count_grid(py, &self.grid, 2)? == 1)
    }

    /// `board[row, col]`: the digit there, 0 when empty. Negative indexes count from the end,
    /// as in a list or a numpy array.
    fn __getitem__(&self, key: &Bound<'_, PyAny>) -> PyResult<u8> {
        let pair = key.cast::<PyTuple>().ok().filter(|pair| pair.len() == 2).ok_or_else(|| {
            let found = match key.cast::<PyTuple>() {
                Ok(tuple) => format!("a tuple of {}", tuple.len()),
                Err(_) => type_name(key),
            };
            PyTypeError::new_err(format!("Board indices must be a (row, col) pair of ints, got {found}"))
        })?;
        let row = axis_index("row", &pair.get_item(0)?)?;
        let col = axis_index("column", &pair.get_item(1)?)?;
        // Both are 0-8 by now, so the board always has the cell.
        self.grid.get(row, col).ok_or_else(|| PyIndexError::new_err("Board index out of range"))
    }

    #[doc = stub_doc!("Board.to_string")]
    #[pyo3(name = "to_string", signature = (empty = "."))]
    fn to_line(&self, empty: &str) -> PyResult<String> {
        let mut chars = empty.chars();
        match (chars.next(), chars.next()) {
            (Some(symbol), None) if !('1'..='9').contains(&symbol) => Ok(render::text::line(&self.grid, symbol)),
            _ => Err(PyValueError::new_err(format!(
                "empty must be one character other than '1'-'9', got '{}'",
                crate::error::shorten(empty)
            ))),
        }
    }

    #[doc = stub_doc!("Board.to_list")]
    fn to_list(&self) -> Vec<Vec<String>> {
        self.grid
            .cells()
            .chunks_exact(SIDE)
            .map(|row| row.iter().map(|&v| if v == 0 { ".".to_owned() } else { v.to_string() }).collect())
            .collect()
    }

    #[doc = stub_doc!("Board.to_numpy")]
    fn to_numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let numpy = py.import("numpy").map_err(|cause| {
            let error = PyImportError::new_err("Board.to_numpy() needs numpy, which is not installed (pip install numpy)");
            error.set_cause(py, Some(cause));
            error
        })?;
        let bytes = PyBytes::new(py, self.grid.cells());
        // frombuffer shares the immutable bytes; the copy gives the caller a writable array of their own.
        numpy
            .call_method1("frombuffer", (bytes, numpy.getattr("uint8")?))?
            .call_method1("reshape", (SIDE, SIDE))?
            .call_method0("copy")
    }

    /// Nine rows with `|` between boxes and `------+-------+------` between bands.
    fn __str__(&self) -> String {
        render::text::block(&self.grid)
    }

    /// `Board('53..7....6..195...')`: `eval` of it gives back an equal board.
    fn __repr__(&self) -> String {
        format!("Board('{}')", render::text::line(&self.grid, '.'))
    }

    #[doc = stub_doc!("Board._repr_html_")]
    fn _repr_html_(&self) -> String {
        render::html::table(&self.grid, self.puzzle.as_ref())
    }

    #[doc = stub_doc!("Board.marks_html")]
    fn marks_html(&self) -> String {
        let marks = crate::steps::Pencil::from_grid(&self.grid);
        render::step_html::marks_card(&marks, "pencil marks: the digits no filled cell of its row, column or box rules out")
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, (String,)) {
        (slf.get_type().into_any(), (render::text::line(&slf.get().grid, '.'),))
    }

    /// Immutable, so a copy is the object itself.
    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }
}

/// One index of `board[row, col]`: an int (or anything with `__index__`) from -9 to 8.
fn axis_index(axis: &str, index: &Bound<'_, PyAny>) -> PyResult<usize> {
    let out_of_range =
        |shown: String| PyIndexError::new_err(format!("Board index out of range: {axis} {shown} (expected -9 to 8)"));
    let value: i64 = match index.extract() {
        Ok(value) => value,
        Err(error) if error.is_instance_of::<PyOverflowError>(index.py()) => {
            return Err(out_of_range(crate::error::shorten(&index.to_string())))
        }
        Err(error) if error.is_instance_of::<PyTypeError>(index.py()) => {
            return Err(PyTypeError::new_err(format!("Board {axis} index must be an int, got {}", type_name(index))));
        }
        // The user's own `__index__` raised: passed on unchanged.
        Err(error) => return Err(error),
    };
    let side = SIDE as i64;
    let from_start = if value < 0 { value + side } else { value };
    usize::try_from(from_start).ok().filter(|&i| i < SIDE).ok_or_else(|| out_of_range(value.to_string()))
}
