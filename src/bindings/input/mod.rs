//! The input layer: Python objects to core types, and nothing else. One board (`cells`:
//! sequences, text, bytes, numpy, DLPack and Arrow through `native_board`, the CPython fast
//! paths of `fast_path` and `symbol_addresses`), many boards (`boards`: numpy, DLPack, Arrow
//! columns, sequences, `streams`), pencil marks (`marks`) and the shared arguments
//! (`arguments`: limit, threads, seeds' checks). Every public function reads through here, so
//! a new form works everywhere at once.

pub(crate) mod arguments;
pub(crate) mod arrow_input;
pub(crate) mod board_value;
pub(crate) mod boards;
pub(crate) mod cells;
pub(crate) mod dlpack;
pub(crate) mod fast_path;
pub(crate) mod marks;
pub(crate) mod native_board;
pub(crate) mod numpy_input;
pub(crate) mod pystr;
pub(crate) mod streams;
pub(crate) mod symbol_addresses;
