//! DLPack tensors built by hand over memory they own, for the unit tests and the fuzzer
//! (`fuzz/fuzz_targets/dlpack.rs`, which builds this crate with the `fuzzing` feature).

use std::ffi::c_void;
use std::ptr;

use super::{DlDataType, DlDevice, DlTensor, MAX_DIMENSIONS};

/// A CPU tensor and the memory behind it: its data, shape and strides live as long as it does.
pub struct Tensor {
    pub tensor: DlTensor,
    _data: Vec<u8>,
    _shape: Vec<i64>,
    _strides: Option<Vec<i64>>,
}

impl Tensor {
    /// A tensor of `dtype` on `cpu:0` whose elements start `byte_offset` bytes into `data`,
    /// with this shape and element strides (None: C-contiguous). The caller keeps every
    /// element within `data`; an empty `data` gives a NULL data pointer.
    pub fn new(data: Vec<u8>, byte_offset: u64, dtype: DlDataType, shape: Vec<i64>, strides: Option<Vec<i64>>) -> Tensor {
        let pointer = if data.is_empty() { ptr::null_mut() } else { data.as_ptr().cast::<c_void>().cast_mut() };
        let tensor = DlTensor {
            data: pointer,
            device: DlDevice { device_type: 1, device_id: 0 },
            ndim: i32::try_from(shape.len()).unwrap_or(i32::MAX),
            dtype,
            shape: shape.as_ptr(),
            strides: strides.as_ref().map_or(ptr::null(), |s| s.as_ptr()),
            byte_offset,
        };
        Tensor { tensor, _data: data, _shape: shape, _strides: strides }
    }

    /// The same tensor, claiming `ndim` dimensions: a producer's lie the reader must survive.
    /// Only claims beyond [`MAX_DIMENSIONS`] (never read) or within the shape are memory-safe.
    pub fn claiming(mut self, ndim: i32) -> Tensor {
        let safe = usize::try_from(ndim).map_or(true, |n| n > MAX_DIMENSIONS || n <= self._shape.len());
        assert!(safe, "a claim of {ndim} dimensions would read past the shape");
        self.tensor.ndim = ndim;
        self
    }

    /// The same tensor on another device.
    pub fn on(mut self, device_type: i32, device_id: i32) -> Tensor {
        self.tensor.device = DlDevice { device_type, device_id };
        self
    }
}

/// A dtype: code 0 int, 1 uint, 2 float...
pub fn dtype(code: u8, bits: u8, lanes: u16) -> DlDataType {
    DlDataType { code, bits, lanes }
}
