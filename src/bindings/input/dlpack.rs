//! DLPack tensors in (torch, JAX, CuPy host arrays, numpy...): read in place through the
//! protocol's C structure, with no dependency on any producer.
//!
//! The protocol: `__dlpack_device__()` says where the memory is; `__dlpack__()` returns a
//! capsule named "dltensor_versioned" (DLPack >= 1.0, asked for with `max_version`) or
//! "dltensor" (older producers), holding a managed tensor: a `DLTensor` (data pointer, shape,
//! strides in elements, dtype) plus the deleter that frees it. The consumer renames the
//! capsule "used_..." so the capsule no longer frees the tensor, and calls the deleter itself
//! when done with the memory: here when the returned [`DlpackBoards`] drops.

use std::ffi::{c_void, CStr};

use pyo3::exceptions::{PyBufferError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::bindings::exceptions::board_format_error;
use crate::batch::strided::{IntType, StridedInts};
use crate::batch::{BatchError, BoardSource};
use crate::error::Place;

/// `DLDevice`.
#[repr(C)]
#[derive(Clone, Copy)]
struct DlDevice {
    device_type: i32,
    device_id: i32,
}

/// `DLDataType`: a type code (0 int, 1 uint, 2 float...), bits per lane, lanes.
#[repr(C)]
#[derive(Clone, Copy)]
struct DlDataType {
    code: u8,
    bits: u8,
    lanes: u16,
}

/// `DLTensor`.
#[repr(C)]
struct DlTensor {
    data: *mut c_void,
    device: DlDevice,
    ndim: i32,
    dtype: DlDataType,
    shape: *const i64,
    /// In elements; NULL means C-contiguous.
    strides: *const i64,
    byte_offset: u64,
}

/// `DLManagedTensor` (the legacy, unversioned capsule).
#[repr(C)]
struct DlManagedTensor {
    dl_tensor: DlTensor,
    manager_ctx: *mut c_void,
    deleter: Option<unsafe extern "C" fn(*mut DlManagedTensor)>,
}

/// `DLPackVersion`.
#[repr(C)]
#[derive(Clone, Copy)]
struct DlPackVersion {
    major: u32,
    minor: u32,
}

/// `DLManagedTensorVersioned` (DLPack >= 1.0).
#[repr(C)]
struct DlManagedTensorVersioned {
    version: DlPackVersion,
    manager_ctx: *mut c_void,
    deleter: Option<unsafe extern "C" fn(*mut DlManagedTensorVersioned)>,
    flags: u64,
    dl_tensor: DlTensor,
}

const VERSIONED: &CStr = c"dltensor_versioned";
const LEGACY: &CStr = c"dltensor";
// Static strings: a capsule keeps the name pointer, so it must outlive the capsule.
const USED_VERSIONED: &CStr = c"used_dltensor_versioned";
const USED_LEGACY: &CStr = c"used_dltensor";

/// The newest DLPack major version whose structures this module reads.
const MAJOR_VERSION: u32 = 1;

/// Device types whose memory the CPU reads directly: plain CPU, and CUDA's and ROCm's
/// page-locked host memory.
const CPU_READABLE: [i32; 3] = [1, 3, 11];

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
    let py = object.py();
    let (device_type, device_id) = device(object, name)?;
    if !CPU_READABLE.contains(&device_type) {
        let device = device_name(device_type, device_id);
        return Err(PyTypeError::new_err(format!("{name}: expected a tensor on the CPU, got one on {device}; call .cpu() first")));
    }
    let capsule = export(object)?;
    let owner = Managed::take(&capsule, name)?;
    // SAFETY: `take` checked the capsule's name, so the pointer is a managed tensor of that
    // kind, alive until its deleter runs, which only `owner`'s drop does.
    let tensor = unsafe { owner.tensor() };
    // The tensor says where it is too; a capsule that says otherwise than
    // `__dlpack_device__` (CUDA memory behind a CPU answer) is never read as host memory.
    if (tensor.device.device_type, i64::from(tensor.device.device_id)) != (device_type, device_id) {
        let (said, holds) = (device_name(device_type, device_id), device_name(tensor.device.device_type, i64::from(tensor.device.device_id)));
        return Err(PyTypeError::new_err(format!(
            "{name}: __dlpack_device__() says {said}, but the DLPack tensor says {holds}"
        )));
    }
    let int = int_type(tensor.dtype).ok_or_else(|| PyTypeError::new_err(format!("{name}: expected an integer dtype, got {}", dtype_name(tensor.dtype))))?;
    let malformed = || PyTypeError::new_err(format!("{name}: the DLPack tensor's shape or strides are not valid"));
    let ndim = usize::try_from(tensor.ndim).map_err(|_| malformed())?;
    // SAFETY: the producer guarantees `ndim` readable entries behind `shape`, and behind
    // `strides` unless it is NULL, for the managed tensor's life (which `owner` holds).
    let (shape, strides) = unsafe { (entries(tensor.shape, ndim), (!tensor.strides.is_null()).then(|| entries(tensor.strides, ndim))) };
    let shape: Vec<usize> = shape.iter().map(|&n| usize::try_from(n)).collect::<Result<_, _>>().map_err(|_| malformed())?;
    let byte_strides = byte_strides(&shape, strides, int.bytes).ok_or_else(|| match strides {
        Some(strides) if strides.len() == shape.len() => {
            PyTypeError::new_err(format!("{name}: strides too large: element strides {strides:?} overflow a byte offset"))
        }
        _ => malformed(),
    })?;
    let cells = shape.iter().try_fold(1usize, |product, &n| product.checked_mul(n)).ok_or_else(malformed)?;
    if tensor.data.is_null() && cells > 0 {
        return Err(PyTypeError::new_err(format!("{name}: the DLPack tensor's data pointer is NULL, with {cells} elements")));
    }
    let offset = usize::try_from(tensor.byte_offset).ok().filter(|&offset| isize::try_from(offset).is_ok());
    let Some(data) = offset.and_then(|offset| (tensor.data as usize).checked_add(offset).map(|_| offset)) else {
        let offset = tensor.byte_offset;
        return Err(PyTypeError::new_err(format!("{name}: the DLPack tensor's byte_offset {offset} is past the end of memory")));
    };
    let data = tensor.data.cast::<u8>().cast_const().wrapping_add(data);
    // SAFETY: for as long as the managed tensor lives (`owner`, dropped after `ints`), the
    // producer guarantees every element within `shape` at these strides is readable.
    let ints = unsafe {
        if batch {
            StridedInts::batch(data, &shape, &byte_strides, int)
        } else {
            StridedInts::board(data, &shape, &byte_strides, int)
        }
    };
    let ints = ints.map_err(|error| board_format_error(py, &error.named(name)))?;
    Ok(DlpackBoards { ints, _owner: owner })
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

/// `count` entries behind `pointer`, or none for a NULL one.
///
/// # Safety
/// A non-NULL `pointer` must point at `count` readable, initialised `i64`s for `'a`.
unsafe fn entries<'a>(pointer: *const i64, count: usize) -> &'a [i64] {
    if pointer.is_null() || count == 0 {
        &[]
    } else {
        // SAFETY: the caller's contract.
        unsafe { std::slice::from_raw_parts(pointer, count) }
    }
}

/// Byte strides from element strides (C-contiguous ones when the producer gave none).
fn byte_strides(shape: &[usize], strides: Option<&[i64]>, item_bytes: usize) -> Option<Vec<isize>> {
    let item = isize::try_from(item_bytes).ok()?;
    match strides {
        Some(strides) if strides.len() == shape.len() => {
            strides.iter().map(|&s| isize::try_from(s).ok()?.checked_mul(item)).collect()
        }
        Some(_) => None,
        None => {
            let mut out = vec![0isize; shape.len()];
            let mut step = item;
            for (slot, &n) in out.iter_mut().zip(shape).rev() {
                *slot = step;
                step = step.checked_mul(isize::try_from(n.max(1)).ok()?)?;
            }
            Some(out)
        }
    }
}

/// The cell type for a DLPack dtype: int or uint (codes 0, 1) of 8-64 bits, one lane.
fn int_type(dtype: DlDataType) -> Option<IntType> {
    let signed = match dtype.code {
        0 => true,
        1 => false,
        _ => return None,
    };
    match (dtype.bits, dtype.lanes) {
        (8 | 16 | 32 | 64, 1) => Some(IntType { bytes: usize::from(dtype.bits / 8), signed, swapped: false }),
        _ => None,
    }
}

/// A dtype the way numpy names it (`float32`, `bool`), with `xN` for vector lanes.
fn dtype_name(dtype: DlDataType) -> String {
    let kind = match dtype.code {
        0 => "int",
        1 => "uint",
        2 => "float",
        3 => "opaque_handle",
        4 => "bfloat",
        5 => "complex",
        6 => return if dtype.lanes == 1 { "bool".to_owned() } else { format!("boolx{}", dtype.lanes) },
        _ => "dtype code ",
    };
    let code = if dtype.code > 6 { dtype.code.to_string() } else { String::new() };
    let lanes = if dtype.lanes == 1 { String::new() } else { format!("x{}", dtype.lanes) };
    format!("{kind}{code}{}{lanes}", if code.is_empty() { dtype.bits.to_string() } else { format!(" ({} bits)", dtype.bits) })
}

/// A device the way users know it: `cuda:0`, `rocm:1`, `metal:0`...
fn device_name(device_type: i32, device_id: i64) -> String {
    let kind = match device_type {
        1 => "cpu",
        2 => "cuda",
        3 => "cuda_host",
        4 => "opencl",
        7 => "vulkan",
        8 => "metal",
        9 => "vpi",
        10 => "rocm",
        11 => "rocm_host",
        12 => "ext_dev",
        13 => "cuda_managed",
        14 => "oneapi",
        15 => "webgpu",
        16 => "hexagon",
        17 => "maia",
        other => return format!("device type {other}:{device_id}"),
    };
    format!("{kind}:{device_id}")
}

/// A managed tensor taken over from its capsule; calls the producer's deleter when dropped.
struct Managed {
    pointer: *mut c_void,
    versioned: bool,
}

// SAFETY: the managed tensor is only read (`tensor`) and deleted once (in `drop`, with the
// GIL held, as producers such as numpy expect); neither depends on the thread.
unsafe impl Send for Managed {}
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

#[cfg(test)]
#[path = "dlpack_tests.rs"]
mod tests;
