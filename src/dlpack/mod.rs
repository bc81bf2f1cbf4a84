//! DLPack tensors read in place (torch, JAX, CuPy host arrays, numpy...): the protocol's C
//! structures, and the checks that turn a producer's `DLTensor` into boards
//! ([`StridedInts`]). Pure Rust, with no dependency on any producer: where the structures come
//! from (a Python capsule) and when their deleter runs are the bindings' business
//! (`bindings/input/dlpack.rs`).
//!
//! The protocol: a managed tensor is a `DLTensor` (data pointer, shape, strides in elements,
//! dtype) plus the deleter that frees it, versioned since DLPack 1.0. Nothing in the tensor is
//! trusted beyond what the protocol promises: `ndim` is bounded before `shape` is read, every
//! size and stride is checked for overflow, and the memory is read only at offsets within
//! the shape the producer declared.

use std::ffi::c_void;

use crate::batch::strided::{IntType, StridedInts};
use crate::error::BoardError;

#[cfg(any(test, feature = "fuzzing"))]
pub mod testing;
#[cfg(test)]
mod tests;

/// `DLDevice`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct DlDevice {
    pub device_type: i32,
    pub device_id: i32,
}

/// `DLDataType`: a type code (0 int, 1 uint, 2 float...), bits per lane, lanes.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct DlDataType {
    pub code: u8,
    pub bits: u8,
    pub lanes: u16,
}

/// `DLTensor`.
#[repr(C)]
pub struct DlTensor {
    pub data: *mut c_void,
    pub device: DlDevice,
    pub ndim: i32,
    pub dtype: DlDataType,
    pub shape: *const i64,
    /// In elements; NULL means C-contiguous.
    pub strides: *const i64,
    pub byte_offset: u64,
}

/// `DLManagedTensor` (the legacy, unversioned capsule).
#[repr(C)]
pub struct DlManagedTensor {
    pub dl_tensor: DlTensor,
    pub manager_ctx: *mut c_void,
    pub deleter: Option<unsafe extern "C" fn(*mut DlManagedTensor)>,
}

/// `DLPackVersion`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct DlPackVersion {
    pub major: u32,
    pub minor: u32,
}

/// `DLManagedTensorVersioned` (DLPack >= 1.0).
#[repr(C)]
pub struct DlManagedTensorVersioned {
    pub version: DlPackVersion,
    pub manager_ctx: *mut c_void,
    pub deleter: Option<unsafe extern "C" fn(*mut DlManagedTensorVersioned)>,
    pub flags: u64,
    pub dl_tensor: DlTensor,
}

/// The newest DLPack major version whose structures this module reads.
pub const MAJOR_VERSION: u32 = 1;

/// The most dimensions whose sizes are read: numpy's and torch's limit (64). A board has two
/// and a batch three, so a tensor with more is refused anyway; the bound only keeps a
/// producer that claims a thousand from being read a thousand entries deep.
pub const MAX_DIMENSIONS: usize = 64;

/// Device types whose memory the CPU reads directly: plain CPU, and CUDA's and ROCm's
/// page-locked host memory.
const CPU_READABLE: [i32; 3] = [1, 3, 11];

/// Why a tensor cannot be read. [`DlpackError::message`] words all but a wrong shape, which
/// is a [`BoardError`] like any array's.
#[derive(Debug)]
pub enum DlpackError {
    /// Memory the CPU cannot read (the device, as users name it).
    NotOnCpu(String),
    /// `__dlpack_device__()` said one device, the tensor another.
    DeviceMismatch { said: String, holds: String },
    /// A dtype other than int/uint of 8-64 bits (its name).
    Dtype(String),
    /// More dimensions than [`MAX_DIMENSIONS`].
    Dimensions(i32),
    /// A negative `ndim` or size, strides of the wrong count, or sizes whose product overflows.
    Malformed,
    /// Element strides whose byte strides overflow.
    StridesTooLarge(Vec<i64>),
    /// No data behind this many elements.
    NullData(usize),
    /// A byte offset past the end of memory.
    ByteOffset(u64),
    /// The shape of no board or batch, or strides that reach past the address space.
    Board(BoardError),
}

impl DlpackError {
    /// What went wrong, after the argument's name and a colon (a [`DlpackError::Board`]
    /// names its argument itself).
    pub fn message(&self) -> String {
        match self {
            DlpackError::NotOnCpu(device) => format!("expected a tensor on the CPU, got one on {device}; call .cpu() first"),
            DlpackError::DeviceMismatch { said, holds } => {
                format!("__dlpack_device__() says {said}, but the DLPack tensor says {holds}")
            }
            DlpackError::Dtype(found) => format!("expected an integer dtype, got {found}"),
            DlpackError::Dimensions(ndim) => {
                format!("the DLPack tensor claims {ndim} dimensions, more than the {MAX_DIMENSIONS} a producer makes")
            }
            DlpackError::Malformed => "the DLPack tensor's shape or strides are not valid".to_owned(),
            DlpackError::StridesTooLarge(strides) => {
                format!("strides too large: element strides {strides:?} overflow a byte offset")
            }
            DlpackError::NullData(cells) => format!("the DLPack tensor's data pointer is NULL, with {cells} elements"),
            DlpackError::ByteOffset(offset) => format!("the DLPack tensor's byte_offset {offset} is past the end of memory"),
            DlpackError::Board(error) => error.to_string(),
        }
    }
}

/// Whether the CPU reads memory on this device directly.
pub fn cpu_readable(device_type: i32) -> bool {
    CPU_READABLE.contains(&device_type)
}

/// The boards of `tensor`: a batch, (N, 9, 9) or (N, 81), when `batch`, else one board,
/// (9, 9) or (81,). `device` is where the producer said the tensor is (`__dlpack_device__`):
/// a tensor that says otherwise (CUDA memory behind a CPU answer) is never read as host memory.
///
/// # Safety
/// `tensor` must be a live `DLTensor` as the protocol defines it: when `ndim` is at most
/// [`MAX_DIMENSIONS`], `ndim` readable `i64`s behind `shape` and behind `strides` unless it is
/// NULL; every element within the shape at those strides readable, for as long as the result
/// lives.
pub unsafe fn read_tensor(tensor: &DlTensor, device: (i32, i64), batch: bool) -> Result<StridedInts, DlpackError> {
    let (device_type, device_id) = device;
    if !cpu_readable(device_type) {
        return Err(DlpackError::NotOnCpu(device_name(device_type, device_id)));
    }
    let holds = (tensor.device.device_type, i64::from(tensor.device.device_id));
    if holds != device {
        return Err(DlpackError::DeviceMismatch {
            said: device_name(device_type, device_id),
            holds: device_name(holds.0, holds.1),
        });
    }
    let int = int_type(tensor.dtype).ok_or_else(|| DlpackError::Dtype(dtype_name(tensor.dtype)))?;
    let ndim = usize::try_from(tensor.ndim).map_err(|_| DlpackError::Malformed)?;
    if ndim > MAX_DIMENSIONS {
        return Err(DlpackError::Dimensions(tensor.ndim));
    }
    // SAFETY: the caller's contract: `ndim` (bounded above) readable entries behind `shape`,
    // and behind `strides` unless it is NULL, for the tensor's life.
    let (shape, strides) =
        unsafe { (entries(tensor.shape, ndim), (!tensor.strides.is_null()).then(|| entries(tensor.strides, ndim))) };
    let shape: Vec<usize> =
        shape.iter().map(|&n| usize::try_from(n)).collect::<Result<_, _>>().map_err(|_| DlpackError::Malformed)?;
    let byte_strides = byte_strides(&shape, strides, int.bytes).ok_or_else(|| match strides {
        Some(strides) if strides.len() == shape.len() => DlpackError::StridesTooLarge(strides.to_vec()),
        _ => DlpackError::Malformed,
    })?;
    let cells = shape.iter().try_fold(1usize, |product, &n| product.checked_mul(n)).ok_or(DlpackError::Malformed)?;
    if tensor.data.is_null() && cells > 0 {
        return Err(DlpackError::NullData(cells));
    }
    let offset = usize::try_from(tensor.byte_offset).ok().filter(|&offset| isize::try_from(offset).is_ok());
    let Some(offset) = offset.filter(|&offset| (tensor.data as usize).checked_add(offset).is_some()) else {
        return Err(DlpackError::ByteOffset(tensor.byte_offset));
    };
    let data = tensor.data.cast::<u8>().cast_const().wrapping_add(offset);
    // SAFETY: the caller's contract: every element within `shape` at these strides is
    // readable for as long as the result lives.
    let ints = unsafe {
        if batch {
            StridedInts::batch(data, &shape, &byte_strides, int)
        } else {
            StridedInts::board(data, &shape, &byte_strides, int)
        }
    };
    ints.map_err(DlpackError::Board)
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
pub fn device_name(device_type: i32, device_id: i64) -> String {
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
