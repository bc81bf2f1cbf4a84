//! valid-sudoku validates, explains, scores, solves, counts, grades, generates and recognises
//! Sudoku boards, one at a time or millions at once.
//!
//! The core is pure Rust and knows nothing of Python: the board (`grid`, `parse`, `symbols`,
//! `text`, `error`), its validity (`check`, `conflicts`), many boards at once (`batch`, `arrow`,
//! `dlpack`, `score`), solving (`solve`), human steps, grades and hints (`steps`, `hint`), canonical forms (`canonical`),
//! generation (`generate`, `rng`), output (`render`) and the command (`cli`), with `cpu` and
//! `bounds` beneath them, and the measuring drivers (`drivers`, a feature for the benches). `bindings` is the only module that touches PyO3. docs/development.md
//! maps every folder. This file only wires them together; the modules the fuzz targets
//! (fuzz/) reach are public, the rest crate-private.

pub mod arrow;
pub mod batch;
mod bounds;
pub(crate) mod canonical;
pub mod check;
#[cfg(target_arch = "x86_64")]
mod check_avx2;
pub mod cli;
pub(crate) mod conflicts;
pub(crate) mod cpu;
pub mod dlpack;
#[cfg(feature = "drivers")]
pub mod drivers;
pub(crate) mod error;
pub(crate) mod generate;
pub mod grid;
pub mod hint;
pub mod parse;
pub mod render;
pub(crate) mod rng;
pub(crate) mod score;
pub mod solve;
pub mod steps;
pub(crate) mod symbols;
#[cfg(any(test, feature = "drivers"))]
mod test_data;
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
    bindings::input::symbol_addresses::SymbolAddresses::init(py);
    m.add_function(wrap_pyfunction!(bindings::validity::single::is_valid_sudoku, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::board::conflict::conflicts, m)?)?;
    m.add_class::<bindings::board::conflict::PyConflict>()?;
    m.add_class::<bindings::board::class::PyBoard>()?;
    m.add_function(wrap_pyfunction!(bindings::cli::main, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::solving::single::solve, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::solving::single::count_solutions, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::solving::single::has_unique_solution, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::solving::single::_search_guesses, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::validity::many::is_valid_many, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::validity::many::_batch_kernel, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::scoring::single::is_solution, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::scoring::single::is_solution_many, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::scoring::single::score_solutions, m)?)?;
    m.add_class::<bindings::scoring::scores::SolutionScores>()?;
    m.add_function(wrap_pyfunction!(bindings::scoring::scores::_solution_scores, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::solving::many::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::solving::many::count_solutions_many, m)?)?;
    m.add("TECHNIQUES", pyo3::types::PyTuple::new(py, crate::steps::TECHNIQUES.iter().map(|t| t.name))?)?;
    m.add("_TECHNIQUE_TABLE", bindings::steps::functions::technique_table(py)?)?;
    m.add("LEVELS", pyo3::types::PyTuple::new(py, crate::steps::Level::ALL.map(crate::steps::Level::name))?)?;
    m.add_function(wrap_pyfunction!(bindings::steps::functions::candidates, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::steps::functions::candidates_many, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::steps::functions::next_step, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::steps::functions::solve_steps, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::steps::functions::grade, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::steps::functions::grade_many, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::steps::grades::_grades, m)?)?;
    m.add_class::<bindings::steps::values::PyStep>()?;
    m.add_class::<bindings::steps::values::PySolvePath>()?;
    m.add_class::<bindings::steps::values::PyGrade>()?;
    m.add_class::<bindings::steps::grades::Grades>()?;
    m.add_function(wrap_pyfunction!(bindings::steps::hints::mistakes, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::steps::hints::hint, m)?)?;
    m.add_class::<bindings::steps::hints::PyMistakes>()?;
    m.add_class::<bindings::steps::hints::PyHint>()?;
    m.add_function(wrap_pyfunction!(bindings::canonical::canonical, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::canonical::canonical_many, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::canonical::are_equivalent, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::canonical::automorphisms, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::canonical::random_isomorph, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::canonical::random_isomorph_many, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::generate::random_grid, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::generate::random_grid_many, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::generate::generate, m)?)?;
    m.add_function(wrap_pyfunction!(bindings::generate::generate_many, m)?)?;
    Ok(())
}
