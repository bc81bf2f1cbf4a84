//! valid-sudoku: is this Sudoku board valid?
//!
//! The core (`grid`, `check`, `parse`, `error`, `conflicts`, `solve`, `text`, `render`, `cli`, `cpu`)
//! is pure Rust and knows nothing of Python; `bindings` is the only module that touches PyO3.
//! This file only wires them together.

pub mod arrow;
pub mod batch;
pub mod canonical;
pub mod check;
#[cfg(target_arch = "x86_64")]
mod check_avx2;
pub mod cli;
pub mod conflicts;
pub mod cpu;
pub mod error;
pub mod generate;
pub mod grid;
pub mod parse;
pub mod render;
pub mod rng;
pub mod score;
pub mod solve;
pub mod steps;
pub mod symbols;
pub mod text;

mod bindings;

use pyo3::prelude::*;

#[doc = crate::bindings::stub_doc!("module")]
// Imported as `valid_sudoku._core`: the package python/valid_sudoku/ re-exports its public names.
#[pymodule(gil_used = false)]
#[pyo3(name = "_core")]
fn valid_sudoku(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    let error_class = py.get_type::<bindings::exceptions::BoardFormatError>();
    bindings::exceptions::add_position_defaults(&error_class)?;
    m.add("BoardFormatError", error_class)?;
    bindings::symbol_addresses::SymbolAddresses::init(py);
    m.add_function(wrap_pyfunction!(bindings::functions::is_valid_sudoku, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::conflict::conflicts, m)?)?;
    m.add_class::<bindings::conflict::PyConflict>()?;
    m.add_class::<bindings::board::PyBoard>()?;
    m.add_function(wrap_pyfunction!(bindings::cli::main, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::solve::count_solutions, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::solve::has_unique_solution, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::solve::_search_guesses, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::batch::is_valid_many, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::batch::_batch_kernel, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::scoring::is_solution, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::scoring::is_solution_many, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::scoring::score_solutions, m)?)?;
    m.add_class::<bindings::solution_scores::SolutionScores>()?;
    m.add_function(wrap_pyfunction!(bindings::solution_scores::_solution_scores, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::solve_batch::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::solve_batch::count_solutions_many, m)?)?;
    m.add("TECHNIQUES", pyo3::types::PyTuple::new(py, crate::steps::TECHNIQUES.iter().map(|t| t.name))?)?;
    m.add("_TECHNIQUE_TABLE", bindings::steps::technique_table(py)?)?;
    m.add("LEVELS", pyo3::types::PyTuple::new(py, crate::steps::Level::ALL.map(crate::steps::Level::name))?)?;
    m.add_function(wrap_pyfunction!(bindings::steps::candidates, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::steps::candidates_many, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::steps::next_step, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::steps::solve_steps, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::steps::grade, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::steps::grade_many, m)?)?;
    m.add_class::<bindings::step_values::PyStep>()?;
    m.add_class::<bindings::step_values::PySolvePath>()?;
    m.add_class::<bindings::step_values::PyGrade>()?;
    m.add_class::<bindings::grades::Grades>()?;
    m.add_function(wrap_pyfunction!(bindings::canonical::canonical, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::canonical::canonical_many, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::canonical::are_equivalent, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::canonical::automorphisms, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::canonical::random_isomorph, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::canonical::random_isomorphs_many, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::generate::random_grid, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::generate::random_grids, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::generate::generate, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::generate::generate_many, m)?)?;
    Ok(())
}
