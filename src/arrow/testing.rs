//! Arrow arrays, schemas and streams built by hand, for the unit tests and the fuzzer
//! (`fuzz/fuzz_targets/arrow.rs`, which builds this crate with the `fuzzing` feature): each owns its memory
//! in `private_data` and counts its releases, so tests can check that every struct is
//! released exactly once.

use std::collections::VecDeque;
use std::ffi::{c_char, c_int, c_void, CString};
use std::ptr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use super::ffi::{ArrowArray, ArrowArrayStream, ArrowSchema, OwnedArray, OwnedSchema, OwnedStream};

/// How many structs were released.
pub type Releases = Arc<AtomicUsize>;

pub fn releases() -> Releases {
    Arc::new(AtomicUsize::new(0))
}

pub fn count(releases: &Releases) -> usize {
    releases.load(Ordering::SeqCst)
}

struct ArrayPrivate {
    _buffers: Vec<Option<Vec<u8>>>,
    pointers: Vec<*const c_void>,
    children: Vec<*mut ArrowArray>,
    releases: Releases,
}

unsafe extern "C" fn release_array(array: *mut ArrowArray) {
    // SAFETY: test arrays are made by `array` below, with a boxed `ArrayPrivate`.
    let private = unsafe { Box::from_raw((*array).private_data.cast::<ArrayPrivate>()) };
    for &child in &private.children {
        // SAFETY: children are boxed arrays made by `array`; a parent releases its children.
        let mut child = unsafe { Box::from_raw(child) };
        if let Some(release) = child.release {
            // SAFETY: a live test array.
            unsafe { release(&mut *child) };
        }
    }
    private.releases.fetch_add(1, Ordering::SeqCst);
    // SAFETY: `array` is live; a released struct has a null `release`.
    unsafe { (*array).release = None };
}

/// An array of `length` rows from `offset`, with these buffers (None: a null pointer).
pub fn array(
    length: i64,
    null_count: i64,
    offset: i64,
    buffers: Vec<Option<Vec<u8>>>,
    children: Vec<ArrowArray>,
    releases: &Releases,
) -> ArrowArray {
    let pointers: Vec<*const c_void> = buffers.iter().map(|b| b.as_ref().map_or(ptr::null(), |b| b.as_ptr().cast())).collect();
    let children: Vec<*mut ArrowArray> = children.into_iter().map(|c| Box::into_raw(Box::new(c))).collect();
    let mut private = Box::new(ArrayPrivate { _buffers: buffers, pointers, children, releases: releases.clone() });
    let raw = ArrowArray {
        length,
        null_count,
        offset,
        n_buffers: private.pointers.len() as i64,
        n_children: private.children.len() as i64,
        buffers: private.pointers.as_mut_ptr(),
        children: private.children.as_mut_ptr(),
        dictionary: ptr::null_mut(),
        release: Some(release_array),
        private_data: ptr::null_mut(),
    };
    ArrowArray { private_data: Box::into_raw(private).cast(), ..raw }
}

struct SchemaPrivate {
    _format: CString,
    _name: CString,
    children: Vec<*mut ArrowSchema>,
    releases: Releases,
}

unsafe extern "C" fn release_schema(schema: *mut ArrowSchema) {
    // SAFETY: test schemas are made by `schema` below, with a boxed `SchemaPrivate`.
    let private = unsafe { Box::from_raw((*schema).private_data.cast::<SchemaPrivate>()) };
    for &child in &private.children {
        // SAFETY: boxed schemas made by `schema`.
        let mut child = unsafe { Box::from_raw(child) };
        if let Some(release) = child.release {
            // SAFETY: a live test schema.
            unsafe { release(&mut *child) };
        }
    }
    private.releases.fetch_add(1, Ordering::SeqCst);
    // SAFETY: `schema` is live.
    unsafe { (*schema).release = None };
}

/// A schema of `format`, named `name`, with these children.
pub fn schema(format: &str, name: &str, children: Vec<ArrowSchema>, releases: &Releases) -> ArrowSchema {
    let format = CString::new(format).unwrap_or_default();
    let name = CString::new(name).unwrap_or_default();
    let children: Vec<*mut ArrowSchema> = children.into_iter().map(|c| Box::into_raw(Box::new(c))).collect();
    let mut private = Box::new(SchemaPrivate { _format: format, _name: name, children, releases: releases.clone() });
    let raw = ArrowSchema {
        format: private._format.as_ptr(),
        name: private._name.as_ptr(),
        metadata: ptr::null(),
        flags: 2,
        n_children: private.children.len() as i64,
        children: private.children.as_mut_ptr(),
        dictionary: ptr::null_mut(),
        release: Some(release_schema),
        private_data: ptr::null_mut(),
    };
    ArrowSchema { private_data: Box::into_raw(private).cast(), ..raw }
}

pub fn owned(schema: ArrowSchema, array: ArrowArray) -> (OwnedSchema, OwnedArray) {
    (OwnedSchema::new(schema), OwnedArray::new(array))
}

struct StreamPrivate {
    format: String,
    arrays: VecDeque<ArrowArray>,
    /// Fail (with this errno) instead of giving the array after this many.
    fail_after: Option<usize>,
    given: usize,
    releases: Releases,
    message: CString,
}

unsafe extern "C" fn get_schema(stream: *mut ArrowArrayStream, out: *mut ArrowSchema) -> c_int {
    // SAFETY: test streams carry a `StreamPrivate`.
    let private = unsafe { &mut *(*stream).private_data.cast::<StreamPrivate>() };
    // SAFETY: `out` is the consumer's released struct.
    unsafe { out.write(schema(&private.format, "boards", Vec::new(), &private.releases)) };
    0
}

unsafe extern "C" fn get_next(stream: *mut ArrowArrayStream, out: *mut ArrowArray) -> c_int {
    // SAFETY: test streams carry a `StreamPrivate`.
    let private = unsafe { &mut *(*stream).private_data.cast::<StreamPrivate>() };
    if private.fail_after == Some(private.given) {
        return 5; // EIO
    }
    private.given += 1;
    let next = private.arrays.pop_front().unwrap_or(ArrowArray::empty());
    // SAFETY: `out` is the consumer's released struct.
    unsafe { out.write(next) };
    0
}

unsafe extern "C" fn get_last_error(stream: *mut ArrowArrayStream) -> *const c_char {
    // SAFETY: test streams carry a `StreamPrivate`.
    let private = unsafe { &*(*stream).private_data.cast::<StreamPrivate>() };
    private.message.as_ptr()
}

unsafe extern "C" fn release_stream(stream: *mut ArrowArrayStream) {
    // SAFETY: test streams carry a boxed `StreamPrivate`.
    let private = unsafe { Box::from_raw((*stream).private_data.cast::<StreamPrivate>()) };
    for mut array in private.arrays {
        if let Some(release) = array.release {
            // SAFETY: an array the consumer never took.
            unsafe { release(&mut array) };
        }
    }
    private.releases.fetch_add(1, Ordering::SeqCst);
    // SAFETY: `stream` is live.
    unsafe { (*stream).release = None };
}

/// A stream of `arrays` of type `format`; with `fail_after`, `get_next` fails after that many.
pub fn stream(format: &str, arrays: Vec<ArrowArray>, fail_after: Option<usize>, releases: &Releases) -> OwnedStream {
    let private = StreamPrivate {
        format: format.to_owned(),
        arrays: arrays.into(),
        fail_after,
        given: 0,
        releases: releases.clone(),
        message: CString::new("disk on fire").unwrap_or_default(),
    };
    OwnedStream::new(ArrowArrayStream {
        get_schema: Some(get_schema),
        get_next: Some(get_next),
        get_last_error: Some(get_last_error),
        release: Some(release_stream),
        private_data: Box::into_raw(Box::new(private)).cast(),
    })
}

/// Offsets and data of a utf8/binary column (`large`: 64-bit offsets); a None row is null
/// (empty in the data), with the validity bitmap it needs.
pub fn offsets_buffers(rows: &[Option<&[u8]>], large: bool) -> Vec<Option<Vec<u8>>> {
    let mut offsets = Vec::new();
    let mut data = Vec::new();
    let push = |offsets: &mut Vec<u8>, at: usize| match large {
        true => offsets.extend_from_slice(&(at as i64).to_ne_bytes()),
        false => offsets.extend_from_slice(&(at as i32).to_ne_bytes()),
    };
    push(&mut offsets, 0);
    for row in rows {
        data.extend_from_slice(row.unwrap_or_default());
        push(&mut offsets, data.len());
    }
    vec![validity(rows), Some(offsets), Some(data)]
}

/// The validity bitmap of `rows`, or None without nulls.
pub fn validity(rows: &[Option<&[u8]>]) -> Option<Vec<u8>> {
    if rows.iter().all(Option::is_some) {
        return None;
    }
    let mut bits = vec![0u8; rows.len().div_ceil(8)];
    for (i, row) in rows.iter().enumerate() {
        if row.is_some() {
            bits[i / 8] |= 1 << (i % 8);
        }
    }
    Some(bits)
}

/// Views and variadic buffers of a view column: values longer than 12 bytes go to data
/// buffers of at most `per_buffer` values each.
pub fn view_buffers(rows: &[Option<&[u8]>], per_buffer: usize) -> Vec<Option<Vec<u8>>> {
    let mut views = Vec::new();
    let mut buffers: Vec<Vec<u8>> = Vec::new();
    let mut in_last = per_buffer;
    for row in rows {
        let value = row.unwrap_or_default();
        views.extend_from_slice(&(value.len() as i32).to_ne_bytes());
        if value.len() <= 12 {
            let mut inline = [0u8; 12];
            inline[..value.len()].copy_from_slice(value);
            views.extend_from_slice(&inline);
            continue;
        }
        if in_last == per_buffer {
            buffers.push(Vec::new());
            in_last = 0;
        }
        in_last += 1;
        let last = buffers.len() - 1;
        views.extend_from_slice(&value[..4]);
        views.extend_from_slice(&(last as i32).to_ne_bytes());
        views.extend_from_slice(&(buffers[last].len() as i32).to_ne_bytes());
        buffers[last].extend_from_slice(value);
    }
    let sizes: Vec<u8> = buffers.iter().flat_map(|b| (b.len() as i64).to_ne_bytes()).collect();
    let mut all = vec![validity(rows), Some(views)];
    all.extend(buffers.into_iter().map(Some));
    all.push(Some(sizes));
    all
}

/// The data buffer of a fixed_size_binary column (nulls as zeros of the same width).
pub fn fixed_buffers(rows: &[Option<&[u8]>], width: usize) -> Vec<Option<Vec<u8>>> {
    let data = rows.iter().flat_map(|row| row.map_or_else(|| vec![0u8; width], <[u8]>::to_vec)).collect();
    vec![validity(rows), Some(data)]
}

/// The buffers of `rows` in `format`, one of [`FORMATS`].
pub fn buffers(format: &str, rows: &[Option<&[u8]>]) -> Vec<Option<Vec<u8>>> {
    match format {
        "u" | "z" => offsets_buffers(rows, false),
        "U" | "Z" => offsets_buffers(rows, true),
        // Short data buffers (runs break at every seventh row), and one long buffer (the
        // back-to-back run of a freshly built column).
        "vu" => view_buffers(rows, 7),
        "vz" => view_buffers(rows, usize::MAX),
        _ => fixed_buffers(rows, 81),
    }
}

/// Every string and binary column type the reader takes: utf8, large utf8, utf8 view,
/// binary, large binary, binary view, fixed-size binary of 81.
pub const FORMATS: [&str; 7] = ["u", "U", "vu", "z", "Z", "vz", "w:81"];
