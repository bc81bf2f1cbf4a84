//! The only place that imports PyO3: Python objects in, core types out, core errors mapped
//! to Python exceptions.

pub mod board;
pub mod cli;
pub mod conflict;
pub mod batch;
pub mod dlpack;
mod batch_run;
mod boards;
pub mod exceptions;
mod fast_path;
pub mod functions;
pub mod scoring;
pub mod solution_scores;
mod input;
mod streams;
pub mod symbol_addresses;
mod numpy_input;
mod pystr;
