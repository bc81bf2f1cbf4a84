//! Imported buffers as byte slices, and the few ways we read them: native-endian integers
//! at any alignment (the spec only recommends aligned buffers) and validity bits.

use std::ffi::c_void;

/// `len` readable bytes of an imported buffer, valid while the array that exported it is
/// owned. Only [`super::chunk`] makes them, and only [`super::ArrowBoards`] keeps them, next
/// to the owners of their arrays.
#[derive(Clone, Copy, Debug)]
pub struct Bytes {
    ptr: *const u8,
    len: usize,
}

// SAFETY: a `Bytes` is only read (the spec makes exported buffers immutable), so sharing it
// between threads is as safe as sharing a `&[u8]`. It lives only inside `ArrowBoards`, which
// keeps the owning array alive at least as long.
unsafe impl Sync for Bytes {}
// SAFETY: as above; moving the pointer moves no ownership.
unsafe impl Send for Bytes {}

impl Bytes {
    pub const EMPTY: Bytes = Bytes { ptr: std::ptr::null(), len: 0 };

    /// # Safety
    /// Unless `len` is 0, `ptr` must point at `len` bytes that stay readable and unchanged
    /// for as long as this value (and every copy of it) is used.
    pub unsafe fn new(ptr: *const c_void, len: usize) -> Self {
        if len == 0 || ptr.is_null() {
            return Bytes::EMPTY;
        }
        Bytes { ptr: ptr.cast(), len }
    }

    pub fn get(&self) -> &[u8] {
        if self.len == 0 {
            return &[];
        }
        // SAFETY: by the contract of `new`, `ptr` points at `len` readable, unchanging
        // bytes for as long as `self` is used; `len` is non-zero so `ptr` is not null.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

/// Integer `index` of a buffer of native-endian `i32`s, at any alignment.
#[inline]
pub fn i32_at(bytes: &[u8], index: usize) -> Option<i64> {
    let at = index.checked_mul(4)?;
    let word: [u8; 4] = bytes.get(at..at.checked_add(4)?)?.try_into().ok()?;
    Some(i64::from(i32::from_ne_bytes(word)))
}

/// Integer `index` of a buffer of native-endian `i64`s, at any alignment.
#[inline]
pub fn i64_at(bytes: &[u8], index: usize) -> Option<i64> {
    let at = index.checked_mul(8)?;
    let word: [u8; 8] = bytes.get(at..at.checked_add(8)?)?.try_into().ok()?;
    Some(i64::from_ne_bytes(word))
}

/// Whether bit `index` of a validity bitmap (least significant bit first) is set; a missing
/// bitmap means no nulls.
#[inline]
pub fn bit_set(bitmap: Option<&[u8]>, index: usize) -> bool {
    match bitmap {
        None => true,
        Some(bits) => bits.get(index / 8).is_some_and(|byte| byte >> (index % 8) & 1 == 1),
    }
}

/// True when bits `start..start + count` of the bitmap are all set, a byte at a time where
/// they cover whole bytes.
pub fn all_set(bitmap: Option<&[u8]>, start: usize, count: usize) -> bool {
    let Some(bits) = bitmap else { return true };
    let end = start.saturating_add(count);
    let mut index = start;
    while index < end {
        if index.is_multiple_of(8) && end - index >= 8 {
            let whole = (end - index) / 8;
            let Some(bytes) = bits.get(index / 8..index / 8 + whole) else { return false };
            if bytes.iter().any(|&b| b != 0xFF) {
                return false;
            }
            index += whole * 8;
        } else {
            if !bit_set(Some(bits), index) {
                return false;
            }
            index += 1;
        }
    }
    true
}

/// Bytes needed for a bitmap of `bits` bits.
pub fn bitmap_len(bits: usize) -> usize {
    bits.div_ceil(8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_at_any_alignment() {
        let mut bytes = vec![0u8; 1];
        bytes.extend_from_slice(&7i32.to_ne_bytes());
        bytes.extend_from_slice(&(-2i32).to_ne_bytes());
        assert_eq!(i32_at(&bytes[1..], 0), Some(7));
        assert_eq!(i32_at(&bytes[1..], 1), Some(-2));
        assert_eq!(i32_at(&bytes[1..], 2), None);
        assert_eq!(i32_at(&bytes, usize::MAX), None);
        let wide = (1i64 << 40).to_ne_bytes();
        assert_eq!(i64_at(&wide, 0), Some(1 << 40));
        assert_eq!(i64_at(&wide, 1), None);
    }

    #[test]
    fn bits() {
        let bits = [0b1111_1101u8, 0xFF, 0b0000_0001];
        assert!(!bit_set(Some(&bits), 1));
        assert!(bit_set(Some(&bits), 0) && bit_set(Some(&bits), 16));
        assert!(!bit_set(Some(&bits), 17) && !bit_set(Some(&bits), 99));
        assert!(bit_set(None, 5));
        assert!(all_set(Some(&bits), 2, 15));
        assert!(!all_set(Some(&bits), 1, 3));
        assert!(!all_set(Some(&bits), 2, 16));
        assert!(all_set(Some(&bits), 8, 8) && all_set(None, 0, 1000) && all_set(Some(&bits), 5, 0));
        assert_eq!((bitmap_len(0), bitmap_len(1), bitmap_len(8), bitmap_len(9)), (0, 1, 1, 2));
    }

    #[test]
    fn empty_bytes() {
        // SAFETY: a null pointer with length 0 is the empty buffer.
        let empty = unsafe { Bytes::new(std::ptr::null(), 0) };
        assert_eq!(empty.get(), &[] as &[u8]);
        let data = [1u8, 2, 3];
        // SAFETY: `data` outlives `bytes`.
        let bytes = unsafe { Bytes::new(data.as_ptr().cast(), 3) };
        assert_eq!(bytes.get(), &data);
    }
}
