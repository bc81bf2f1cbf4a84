//! DLPack tensors in (torch, JAX, CuPy host arrays, numpy...): the capsule side of the
//! protocol. `crate::dlpack` reads the C structures; this file asks the producer for them.
//!
//! `__dlpack_device__()` says where the memory is; `__dlpack__()` returns a capsule named
//! "dltensor_versioned" (DLPack >= 1.0, asked for with `max_version`) or "dltensor" (older
//! producers), holding a managed tensor. The consumer renames the capsule "used_..." so the
//! capsule no longer frees the tensor, and calls the deleter itself when done with the memory:
//! here when the returned [`DlpackBoards`] drops.

use std::ffi::{c_void, CStr};

use pyo3::exceptions::{PyBufferError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::batch::strided::StridedInts;
use crate::batch::{BatchError, BoardSource};
use crate::bindings::exceptions::board_format_error;
use crate::dlpack::{read_tensor, DlManagedTensor, DlManagedTensorVersioned, DlTensor, DlpackError, MAJOR_VERSION};
use crate::error::Place;

const VERSIONED: &CStr = c"dltensor_versioned";
const LEGACY: &CStr = c"dltensor";
// Static strings: a capsule keeps the name pointer, so it must outlive the capsule.
const USED_VERSIONED: &CStr = c"used_dltensor_versioned";
const USED_LEGACY: &CStr = c"used_dltensor";

/// A DLPack tensor's boards, read in place. It owns the producer's managed tensor, and
/// calls its deleter when dropped, so the memory stays valid for as long as this lives.
pub struct DlpackBoards {
    // Declared first, so it drops before the memory it points into is released.
    ints: StridedInts,
    _owner: Managed,
}

impl BoardSource for DlpackBoards {
    fn len(&self) -> usize {
        self.ints.len()
    }

    fn fill(&self, first: usize, out: &mut [u8]) -> Result<(), BatchError> {
        self.ints.fill(first, out)
    }

    fn in_place(&self, first: usize, count: usize) -> Option<&[u8]> {
        self.ints.in_place(first, count)
    }

    fn place(&self, cell: usize) -> Place {
        self.ints.place(cell)
    }
}

/// Reads `object` through DLPack: `None` when it lacks `__dlpack__` or `__dlpack_device__`
/// (the caller tries other forms), else the tensor's boards or the error, with messages
/// naming the argument `name` (`"boards"`, `"candidate"`...):
/// - memory the CPU cannot read: `TypeError`, `boards: expected a tensor on the CPU, got one
///   on cuda:0; call .cpu() first`;
/// - a dtype other than int/uint of 8-64 bits: `TypeError`, `boards: expected an integer
///   dtype, got float32` (as for numpy arrays);
/// - `batch`: a shape other than (N, 9, 9) / (N, 81), else one other than (9, 9) / (81,):
///   `BoardFormatError`, `boards: expected shape (N, 9, 9) or (N, 81), got (3, 9, 8)`;
/// - more than 64 dimensions claimed: `TypeError`, `boards: the DLPack tensor claims 1000
///   dimensions, more than the 64 a producer makes` (the shape is never read that deep);
/// - the producer's own exceptions (a read-only export it refuses, say) unchanged.
///
/// Must be called with the GIL; the result is `Send + Sync`, for reading with it released.
pub fn dlpack_source(object: &Bound<'_, PyAny>, batch: bool, name: &'static str) -> Option<PyResult<DlpackBoards>> {
    let has = |attribute| object.hasattr(attribute).unwrap_or(false);
    if !has("__dlpack__") || !has("__dlpack_device__") {
        return None;
    }
    Some(read(object, batch, name))
}

fn read(object: &Bound<'_, PyAny>, batch: bool, name: &'static str) -> PyResult<DlpackBoards> {
    let device = device(object, name)?;
    if !crate::dlpack::cpu_readable(device.0) {
        // Refused before the export: a producer may copy to make one.
        return Err(dlpack_error(object.py(), DlpackError::NotOnCpu(crate::dlpack::device_name(device.0, device.1)), name));
    }
    let capsule = export(object)?;
    let owner = Managed::take(&capsule, name)?;
    // SAFETY: `take` checked the capsule's name, so the pointer is a managed tensor of that
    // kind, alive until its deleter runs, which only `owner`'s drop does, after `ints` (the
    // field order of `DlpackBoards`): the producer's promises about it hold that long.
    let ints = unsafe { read_tensor(owner.tensor(), device, batch) }.map_err(|error| dlpack_error(object.py(), error, name))?;
    Ok(DlpackBoards { ints, _owner: owner })
}

/// The Python exception for a tensor that cannot be read: a wrong shape is a
/// `BoardFormatError` as for any array; the rest are `TypeError`s.
fn dlpack_error(py: Python<'_>, error: DlpackError, name: &'static str) -> PyErr {
    match error {
        DlpackError::Board(error) => board_format_error(py, &error.named(name)),
        other => PyTypeError::new_err(format!("{name}: {}", other.message())),
    }
}

/// `__dlpack_device__()` as `(device_type, device_id)`; anything else is the producer's
/// mistake, said in the protocol's terms.
fn device(object: &Bound<'_, PyAny>, name: &str) -> PyResult<(i32, i64)> {
    let answer = object.call_method0("__dlpack_device__")?;
    let pair = answer.cast::<pyo3::types::PyTuple>().ok().filter(|pair| pair.len() == 2);
    let parsed = pair.and_then(|pair| {
        let int = |index| pair.get_item(index).ok().filter(|item| !item.is_instance_of::<pyo3::types::PyBool>());
        Some((int(0)?.extract::<i32>().ok()?, int(1)?.extract::<i32>().ok()?))
    });
    match parsed {
        Some((device_type, device_id)) => Ok((device_type, i64::from(device_id))),
        None => {
            let shown = crate::error::shorten(&answer.repr().map(|r| r.to_string()).unwrap_or_else(|_| "?".to_owned()));
            Err(PyTypeError::new_err(format!("{name}: __dlpack_device__() returned {shown}, expected (device_type, device_id)")))
        }
    }
}

/// `object.__dlpack__(max_version=(1, 0))`, or `object.__dlpack__()` for producers older
/// than DLPack 1.0, which refuse the keyword.
fn export<'py>(object: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let py = object.py();
    let kwargs = PyDict::new(py);
    kwargs.set_item("max_version", (MAJOR_VERSION, 0))?;
    match object.call_method("__dlpack__", (), Some(&kwargs)) {
        Err(error) if error.is_instance_of::<PyTypeError>(py) => object.call_method0("__dlpack__"),
        result => result,
    }
}

/// A managed tensor taken over from its capsule; calls the producer's deleter when dropped.
struct Managed {
    pointer: *mut c_void,
    versioned: bool,
}

// SAFETY: the managed tensor is only read (`tensor`) and deleted once (in `drop`, with the
// GIL held, as producers such as numpy expect); neither depends on the thread.
unsafe impl Send for Managed {}
// SAFETY: as for Send.
unsafe impl Sync for Managed {}

impl Managed {
    /// Takes the managed tensor out of a DLPack capsule and marks the capsule used.
    fn take(capsule: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Managed> {
        let object = capsule.as_ptr();
        // SAFETY: `object` is a live object and we hold the GIL. `PyCapsule_IsValid` accepts
        // any object and does not raise.
        let versioned = unsafe { pyo3::ffi::PyCapsule_IsValid(object, VERSIONED.as_ptr()) } == 1;
        // SAFETY: as above.
        if !versioned && unsafe { pyo3::ffi::PyCapsule_IsValid(object, LEGACY.as_ptr()) } != 1 {
            return Err(PyTypeError::new_err(format!("{name}: __dlpack__ returned something other than a DLPack capsule")));
        }
        let (current, used) = if versioned { (VERSIONED, USED_VERSIONED) } else { (LEGACY, USED_LEGACY) };
        // SAFETY: the capsule is valid under `current` (checked above), so this returns its
        // non-NULL pointer without raising.
        let pointer = unsafe { pyo3::ffi::PyCapsule_GetPointer(object, current.as_ptr()) };
        // SAFETY: a valid capsule; `used` is a static string, so it outlives the capsule.
        // From here on the capsule's destructor leaves the tensor alone, and we own it.
        if unsafe { pyo3::ffi::PyCapsule_SetName(object, used.as_ptr()) } != 0 {
            return Err(PyErr::fetch(capsule.py()));
        }
        let managed = Managed { pointer, versioned };
        if versioned {
            // SAFETY: a "dltensor_versioned" capsule holds a `DLManagedTensorVersioned`,
            // whose version field comes first in every version of the structure.
            let version = unsafe { (*pointer.cast::<DlManagedTensorVersioned>()).version };
            if version.major > MAJOR_VERSION {
                // Dropping `managed` calls the deleter, as the protocol asks of a consumer
                // that cannot read the tensor.
                return Err(PyBufferError::new_err(format!(
                    "{name}: DLPack version {}.{} is newer than the {MAJOR_VERSION}.x this module reads",
                    version.major, version.minor
                )));
            }
        }
        Ok(managed)
    }

    /// The tensor's description.
    ///
    /// # Safety
    /// `pointer` must be the managed tensor `take` found, not yet deleted (true while `self`
    /// lives), of a version whose layout this module knows (checked by `take`).
    unsafe fn tensor(&self) -> &DlTensor {
        // SAFETY: the caller's contract; both structures are #[repr(C)] like their C originals.
        unsafe {
            if self.versioned {
                &(*self.pointer.cast::<DlManagedTensorVersioned>()).dl_tensor
            } else {
                &(*self.pointer.cast::<DlManagedTensor>()).dl_tensor
            }
        }
    }
}

impl Drop for Managed {
    fn drop(&mut self) {
        Python::attach(|_| {
            // SAFETY: the pointer is the managed tensor we took over and nothing deleted yet;
            // its deleter (which may be absent) is called exactly once, here, with the GIL.
            unsafe {
                if self.versioned {
                    let managed = self.pointer.cast::<DlManagedTensorVersioned>();
                    if let Some(deleter) = (*managed).deleter {
                        deleter(managed);
                    }
                } else {
                    let managed = self.pointer.cast::<DlManagedTensor>();
                    if let Some(deleter) = (*managed).deleter {
                        deleter(managed);
                    }
                }
            }
        });
    }
}
