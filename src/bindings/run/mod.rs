//! Running core work on many boards from Python: the batch driver (`batch_run`: the GIL
//! released, chunks over threads, output allocated lazily) and Ctrl-C (`interrupt`).

pub(crate) mod batch_run;
pub(crate) mod interrupt;
