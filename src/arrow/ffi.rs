//! The three structs of the Arrow C data interface (ABI-stable, copied from the spec) and
//! owners that call their `release` callbacks exactly once.
//!
//! The spec lets a consumer *move* a struct: copy it bitwise, then mark the source released
//! by setting its `release` to null, so that the producer's own cleanup (a PyCapsule
//! destructor, say) does nothing. [`OwnedArray::take`] and friends do exactly that.

use std::ffi::{c_char, c_int, c_void};
use std::ptr;

/// `struct ArrowSchema`: a type, with children for nested types.
#[repr(C)]
#[derive(Debug)]
pub struct ArrowSchema {
    pub format: *const c_char,
    pub name: *const c_char,
    pub metadata: *const c_char,
    pub flags: i64,
    pub n_children: i64,
    pub children: *mut *mut ArrowSchema,
    pub dictionary: *mut ArrowSchema,
    pub release: Option<unsafe extern "C" fn(*mut ArrowSchema)>,
    pub private_data: *mut c_void,
}

/// `struct ArrowArray`: the buffers of one array (one chunk of a column).
#[repr(C)]
#[derive(Debug)]
pub struct ArrowArray {
    pub length: i64,
    pub null_count: i64,
    pub offset: i64,
    pub n_buffers: i64,
    pub n_children: i64,
    pub buffers: *mut *const c_void,
    pub children: *mut *mut ArrowArray,
    pub dictionary: *mut ArrowArray,
    pub release: Option<unsafe extern "C" fn(*mut ArrowArray)>,
    pub private_data: *mut c_void,
}

/// `struct ArrowArrayStream`: a producer of arrays of one schema, pulled one at a time.
#[repr(C)]
#[derive(Debug)]
pub struct ArrowArrayStream {
    pub get_schema: Option<unsafe extern "C" fn(*mut ArrowArrayStream, *mut ArrowSchema) -> c_int>,
    pub get_next: Option<unsafe extern "C" fn(*mut ArrowArrayStream, *mut ArrowArray) -> c_int>,
    pub get_last_error: Option<unsafe extern "C" fn(*mut ArrowArrayStream) -> *const c_char>,
    pub release: Option<unsafe extern "C" fn(*mut ArrowArrayStream)>,
    pub private_data: *mut c_void,
}

impl ArrowSchema {
    /// A released (empty) schema, for a producer to fill in.
    pub const fn empty() -> Self {
        ArrowSchema {
            format: ptr::null(),
            name: ptr::null(),
            metadata: ptr::null(),
            flags: 0,
            n_children: 0,
            children: ptr::null_mut(),
            dictionary: ptr::null_mut(),
            release: None,
            private_data: ptr::null_mut(),
        }
    }
}

impl ArrowArray {
    /// A released (empty) array, for a producer to fill in.
    pub const fn empty() -> Self {
        ArrowArray {
            length: 0,
            null_count: 0,
            offset: 0,
            n_buffers: 0,
            n_children: 0,
            buffers: ptr::null_mut(),
            children: ptr::null_mut(),
            dictionary: ptr::null_mut(),
            release: None,
            private_data: ptr::null_mut(),
        }
    }
}

/// Implements moving out of a producer's struct and releasing on drop, once per struct type.
macro_rules! owner {
    ($owner:ident, $raw:ty) => {
        /// Owns one imported struct and releases it when dropped.
        #[derive(Debug)]
        pub struct $owner(pub(crate) $raw);

        impl $owner {
            /// Moves the struct at `source` into a new owner and marks `source` released.
            ///
            /// # Safety
            /// `source` must point to a valid, initialised struct of this type (released or
            /// not) that nothing else reads or writes during the call.
            pub unsafe fn take(source: *mut $raw) -> Self {
                // SAFETY: the caller promises a valid, exclusively accessed struct.
                let moved = unsafe { ptr::read(source) };
                // SAFETY: as above; clearing `release` is how the spec marks a moved struct.
                unsafe { (*source).release = None };
                $owner(moved)
            }

            /// Wraps a struct the caller owns (a producer wrote it into our memory).
            pub fn new(raw: $raw) -> Self {
                $owner(raw)
            }

            /// True when the struct is released (a stream's end, a moved-out struct).
            pub fn is_released(&self) -> bool {
                self.0.release.is_none()
            }

            /// The struct itself, to read.
            pub fn raw(&self) -> &$raw {
                &self.0
            }
        }

        impl Drop for $owner {
            fn drop(&mut self) {
                if let Some(release) = self.0.release {
                    // SAFETY: we own the struct (moved out of its producer's memory, as the
                    // spec allows), it is not released yet, and this runs once. The callback
                    // sets `release` to null itself; clearing it here too keeps a faulty one
                    // from being called twice.
                    unsafe { release(&mut self.0) };
                    self.0.release = None;
                }
            }
        }
    };
}

owner!(OwnedSchema, ArrowSchema);
owner!(OwnedArray, ArrowArray);
owner!(OwnedStream, ArrowArrayStream);

// SAFETY: shared access to an imported array or schema only reads the struct and the
// buffers it points at, which the spec makes immutable while exported; the callbacks are
// only called through `&mut self` (in `Drop`). Neither type is `Send`: it is released on the
// thread that imported it, since the spec does not promise more of every producer. The
// stream is neither `Sync` nor `Send`: its callbacks are not thread-safe.
unsafe impl Sync for OwnedArray {}
// SAFETY: as for `OwnedArray`.
unsafe impl Sync for OwnedSchema {}
