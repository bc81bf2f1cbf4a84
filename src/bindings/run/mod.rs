//! Running core work on many boards from Python: the batch driver (`batch_run`: the GIL
//! released, chunks over threads, output allocated lazily), Ctrl-C (`interrupt`) and a call's
//! `timeout=` (`deadline`), heard through the same stop callback.

pub(crate) mod batch_run;
pub(crate) mod deadline;
pub(crate) mod interrupt;
