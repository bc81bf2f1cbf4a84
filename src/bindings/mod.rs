//! The only place that imports PyO3: Python objects in, core types out, core errors mapped
//! to Python exceptions.

pub mod arrow_input;
pub mod board;
pub mod cli;
pub mod conflict;
pub mod batch;
mod batch_run;
mod boards;
pub mod exceptions;
mod fast_path;
pub mod functions;
mod input;
mod interrupt;
mod streams;
pub mod symbol_addresses;
mod numpy_input;
mod pystr;
pub mod solve_batch;
