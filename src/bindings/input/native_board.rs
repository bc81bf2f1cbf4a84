//! One board from memory another library owns: a (9, 9) or (81,) DLPack tensor (torch, JAX,
//! a pyarrow numeric array...) or an Arrow column holding one board (a pyarrow or polars
//! string column of length 1). Read by the batch layer's own readers (`crate::bindings::input::dlpack`,
//! `crate::bindings::input::arrow_input`) as a batch of one, so a single board and a batch accept the same
//! memory and word their errors alike; only the board's index is dropped from messages.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::batch::{BatchError, BoardSource};
use crate::bindings::exceptions::InputError;
use crate::grid::CELLS;

/// The board's 81 values, or `None` when `board` offers neither DLPack nor an Arrow export
/// (the caller reads it another way).
pub fn native_board(board: &Bound<'_, PyAny>) -> Option<Result<[u8; CELLS], InputError>> {
    let dlpack = board.hasattr("__dlpack__").unwrap_or(false);
    if let Some(arrow) = crate::bindings::input::arrow_input::arrow_boards(board, "board") {
        return match arrow {
            Ok(column) => Some(only_board(board.py(), &column)),
            // A numeric Arrow array (pyarrow's int arrays) is a flat board through DLPack.
            Err(_) if dlpack => tensor_board(board),
            Err(error) => Some(Err(error.into())),
        };
    }
    tensor_board(board)
}

fn tensor_board(board: &Bound<'_, PyAny>) -> Option<Result<[u8; CELLS], InputError>> {
    let tensor = crate::bindings::input::dlpack::dlpack_source(board, false, "board")?;
    Some(tensor.map_err(InputError::from).and_then(|tensor| fill(board.py(), &tensor)))
}

/// The one board of an Arrow column; a column of another length is refused.
fn only_board(py: Python<'_>, column: &crate::arrow::ArrowBoards) -> Result<[u8; CELLS], InputError> {
    match column.len() {
        1 => fill(py, column),
        rows => Err(PyTypeError::new_err(format!(
            "board: expected an Arrow column of 1 board, got {rows} rows; for many boards use the *_many functions"
        ))
        .into()),
    }
}

fn fill(py: Python<'_>, source: &dyn BoardSource) -> Result<[u8; CELLS], InputError> {
    let mut cells = [0u8; CELLS];
    match source.fill(0, &mut cells) {
        Ok(()) => Ok(cells),
        Err(BatchError::Board(error)) => Err(crate::error::BoardError { board: None, ..error }.into()),
        // Arrow rows are parsed as boards, not as lines of a file; mapped all the same.
        Err(BatchError::Text(error)) => Err(crate::bindings::exceptions::text_format_error(py, &error).into()),
        Err(BatchError::OutOfMemory) => Err(crate::bindings::input::arguments::out_of_memory("board", "this board").into()),
        // A single board's read asks no one whether to stop.
        Err(BatchError::Stopped) => Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("board: interrupted").into()),
    }
}
