//! One imported array of a board column, checked once, then read row by row.
//!
//! # The trust boundary
//! The C data interface passes buffers as bare pointers, without sizes. We trust what the
//! spec makes the producer promise and nothing more:
//! - the struct fields, the `buffers` and `children` pointer arrays are as long as
//!   `n_buffers` / `n_children` say;
//! - each buffer is as long as the array's `offset + length` implies: validity bitmaps
//!   `ceil((offset + length) / 8)` bytes, offsets `offset + length + 1` integers, views
//!   `offset + length` 16-byte views, fixed-size data `width * (offset + length)` bytes, the
//!   data buffer of an offsets layout as long as its last offset, and each variadic buffer of
//!   a view layout as long as the sizes buffer says.
//!
//! Everything else is checked here before any row is read: the counts, signs and sums of
//! lengths and offsets (no overflow), offsets that never decrease, views that lie inside their
//! buffers, present buffers. A malformed array is refused with an error, never read out of
//! bounds; rows are then read with checked slicing only.
//!
//! A schema that contradicts its array (`large_string` over a `string` array) is a lie the
//! interface gives no lengths to catch in general; the cheap checks catch the common ones:
//! the number of buffers must match the format, and offsets must never decrease nor step by
//! more than [`MAX_ROW`] bytes (32-bit offsets read as 64-bit ones step by 2**32 or more at
//! the first row, before reading past the offsets of the first three rows). Past that, the
//! schema's truth is the producer's contract.

use super::dictionary::{bad_key, KeyType, Keys};
use super::error::ArrowError;
use super::ffi::ArrowArray;
use super::format::Layout;
use super::memory::{all_set, bit_set, bitmap_len, i32_at, i64_at, Bytes};
use crate::bounds::Known;

/// The 16 bytes that describe one value of a view layout.
const VIEW: usize = 16;
/// The longest row an offsets layout may hold: far beyond any board (81 symbols, or a CSV
/// field around one), far below what a misread offset gives.
pub const MAX_ROW: i64 = 1 << 24;

/// Values up to this long sit inside their view.
const INLINE: usize = 12;

/// One row of a chunk.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Row<'a> {
    Null,
    Value(&'a [u8]),
}

/// A checked array: where its rows' bytes are.
#[derive(Debug)]
pub struct Chunk {
    /// Rows, numbered from 0 here (the array's `offset` is folded into `first`).
    pub rows: usize,
    /// The first row's slot in the buffers.
    first: usize,
    layout: Layout,
    /// The column's validity bitmap, if it has nulls; bit `first + i` is row `i`.
    validity: Option<Bytes>,
    /// A parent struct's bitmap and the slot of row 0 in it.
    parent_validity: Option<(Bytes, usize)>,
    /// Offsets (offsets layouts) or views (view layouts).
    index: Bytes,
    /// The data: the one buffer of offsets and fixed layouts.
    data: Bytes,
    /// The variadic data buffers of a view layout.
    variadic: Vec<Bytes>,
    /// A dictionary-encoded column's keys, and its dictionary (whose rows hold the values).
    keys: Option<Keys>,
    values: Option<Box<Chunk>>,
}

/// A usize from one of the struct's i64 fields, which must not be negative.
fn count(value: i64, what: &str) -> Result<usize, ArrowError> {
    usize::try_from(value).map_err(|_| ArrowError::malformed(format!("{what} is {value}")))
}

fn too_big() -> ArrowError {
    ArrowError::malformed("sizes overflow")
}

/// Buffer pointer `k` of `array` (null when absent).
fn buffer(array: &ArrowArray, k: usize) -> Result<*const std::ffi::c_void, ArrowError> {
    if k >= count(array.n_buffers, "the number of buffers")? || array.buffers.is_null() {
        return Err(ArrowError::malformed(format!("buffer {k} is missing")));
    }
    // SAFETY: `buffers` points at `n_buffers` pointers (the producer's promise); k is below.
    Ok(unsafe { *array.buffers.add(k) })
}

/// Buffer `k` as `len` bytes; absent only if `len` is 0.
fn bytes(array: &ArrowArray, k: usize, len: usize) -> Result<Bytes, ArrowError> {
    let pointer = buffer(array, k)?;
    if pointer.is_null() && len > 0 {
        return Err(ArrowError::malformed(format!("buffer {k} is missing")));
    }
    // SAFETY: the producer promises buffer k holds the `len` bytes the spec implies (the
    // trust boundary above), unchanged while the array is owned, which `ArrowBoards` does
    // for as long as it keeps this chunk.
    Ok(unsafe { Bytes::new(pointer, len) })
}

/// A validity bitmap covering `slots` slots, if the array says it may have nulls.
fn validity(array: &ArrowArray, slots: usize) -> Result<Option<Bytes>, ArrowError> {
    if array.null_count == 0 || buffer(array, 0)?.is_null() {
        return Ok(None);
    }
    Ok(Some(bytes(array, 0, bitmap_len(slots))?))
}

/// The single child of a struct array: it holds the column.
pub fn only_child(parent: &ArrowArray) -> Result<&ArrowArray, ArrowError> {
    if parent.n_children != 1 || parent.children.is_null() {
        return Err(ArrowError::malformed("a one-field struct array without exactly one child"));
    }
    // SAFETY: `children` points at `n_children` (1) pointers to arrays alive while the
    // parent is (the producer's promise).
    let child = unsafe { *parent.children };
    if child.is_null() {
        return Err(ArrowError::malformed("the struct's child is missing"));
    }
    // SAFETY: as above; not null, as checked.
    Ok(unsafe { &*child })
}

impl Chunk {
    /// Checks `array` as a column of `layout` and notes where its rows are. `parent`: the
    /// one-field struct it is the child of, whose offset and validity apply to it too.
    /// `keys`: the column is dictionary-encoded with keys of that type, its dictionary of
    /// `layout` values.
    pub fn import(
        array: &ArrowArray,
        parent: Option<&ArrowArray>,
        layout: Layout,
        keys: Option<KeyType>,
    ) -> Result<Chunk, ArrowError> {
        if array.release.is_none() {
            return Err(ArrowError::malformed("the array is released"));
        }
        let own_offset = count(array.offset, "the offset")?;
        let own_length = count(array.length, "the length")?;
        let (rows, first, parent_validity) = match parent {
            None => (own_length, own_offset, None),
            Some(parent) => {
                let rows = count(parent.length, "the length")?;
                let shift = count(parent.offset, "the offset")?;
                let needed = shift.checked_add(rows).ok_or_else(too_big)?;
                if own_length < needed {
                    return Err(ArrowError::malformed(format!("a struct of {needed} rows with a child of {own_length}")));
                }
                let bitmap = validity(parent, needed)?.map(|bits| (bits, shift));
                (rows, own_offset.checked_add(shift).ok_or_else(too_big)?, bitmap)
            }
        };
        let slots = first.checked_add(rows).ok_or_else(too_big)?;
        let mut chunk = Chunk {
            rows,
            first,
            layout,
            validity: validity(array, slots)?,
            parent_validity,
            index: Bytes::EMPTY,
            data: Bytes::EMPTY,
            variadic: Vec::new(),
            keys: None,
            values: None,
        };
        if rows == 0 {
            return Ok(chunk);
        }
        let buffers = count(array.n_buffers, "the number of buffers")?;
        if let Some(kind) = keys {
            expect_buffers(buffers, 2)?;
            chunk.keys = Some(Keys { bytes: bytes(array, 1, slots.checked_mul(kind.bytes).ok_or_else(too_big)?)?, kind });
            if array.dictionary.is_null() {
                return Err(ArrowError::malformed("the dictionary array is missing"));
            }
            // SAFETY: a non-null `dictionary` points at an array alive while this one is
            // (the producer's promise, the trust boundary above).
            let values = Chunk::import(unsafe { &*array.dictionary }, None, layout, None)?;
            for row in 0..rows {
                if chunk.is_valid(row)
                    && chunk.keys.as_ref().and_then(|keys| keys.get(first + row)).is_none_or(|key| key >= values.rows)
                {
                    return Err(bad_key(row));
                }
            }
            chunk.values = Some(Box::new(values));
            return Ok(chunk);
        }
        match layout {
            Layout::Offsets32 | Layout::Offsets64 => {
                expect_buffers(buffers, 3)?;
                let width = if layout == Layout::Offsets32 { 4 } else { 8 };
                let entries = slots.checked_add(1).ok_or_else(too_big)?;
                chunk.index = bytes(array, 1, entries.checked_mul(width).ok_or_else(too_big)?)?;
                let end = chunk.check_offsets()?;
                chunk.data = bytes(array, 2, end)?;
            }
            Layout::Fixed(width) => {
                expect_buffers(buffers, 2)?;
                chunk.data = bytes(array, 1, slots.checked_mul(width).ok_or_else(too_big)?)?;
            }
            Layout::View => {
                // Validity, views, the variadic data buffers, then their sizes as i64s.
                let variadic =
                    buffers.checked_sub(3).ok_or_else(|| ArrowError::malformed(format!("{buffers} buffers for a view array")))?;
                chunk.index = bytes(array, 1, slots.checked_mul(VIEW).ok_or_else(too_big)?)?;
                let sizes = bytes(array, buffers - 1, variadic.checked_mul(8).ok_or_else(too_big)?)?;
                chunk.variadic.try_reserve_exact(variadic).map_err(|_| ArrowError::out_of_memory())?;
                for k in 0..variadic {
                    let size = i64_at(sizes.get(), k).ok_or_else(too_big)?;
                    let size = count(size, &format!("the size of data buffer {k}"))?;
                    chunk.variadic.push(bytes(array, 2 + k, size)?);
                }
                chunk.check_views()?;
            }
        }
        Ok(chunk)
    }

    /// Checks that the offsets of the rows never decrease and start at 0 or more; returns the
    /// last, which is the length of the data buffer the rows use.
    fn check_offsets(&self) -> Result<usize, ArrowError> {
        let offsets = self.index.get();
        let at = |slot| match self.layout {
            Layout::Offsets32 => i32_at(offsets, slot),
            _ => i64_at(offsets, slot),
        };
        let mut previous = at(self.first).ok_or_else(too_big)?;
        if previous < 0 {
            return Err(ArrowError::malformed(format!("offset {previous} of row 0")));
        }
        for row in 0..self.rows {
            let next = at(self.first + row + 1).ok_or_else(too_big)?;
            if next < previous {
                return Err(ArrowError::malformed(format!("the offsets decrease at row {row}")));
            }
            if next - previous > MAX_ROW {
                let long = next - previous;
                return Err(ArrowError::malformed(format!(
                    "row {row} is {long} bytes long, which no board is (does the schema match the array?)"
                )));
            }
            previous = next;
        }
        usize::try_from(previous).map_err(|_| too_big())
    }

    /// Checks that every non-null row's view lies inside its data buffer.
    fn check_views(&self) -> Result<(), ArrowError> {
        for row in 0..self.rows {
            if self.is_valid(row) && self.view_bytes(row).is_none() {
                return Err(ArrowError::malformed(format!("the view of row {row} points outside its data")));
            }
        }
        Ok(())
    }

    /// False for a null row.
    #[inline]
    fn is_valid(&self, row: usize) -> bool {
        bit_set(self.validity.as_ref().map(Bytes::get), self.first + row)
            && self.parent_validity.as_ref().is_none_or(|(bits, shift)| bit_set(Some(bits.get()), shift + row))
    }

    /// True when rows `start..start + count` are all valid.
    pub fn all_valid(&self, start: usize, count: usize) -> bool {
        all_set(self.validity.as_ref().map(Bytes::get), self.first + start, count)
            && self.parent_validity.as_ref().is_none_or(|(bits, shift)| all_set(Some(bits.get()), shift + start, count))
    }

    /// Row `row` (below [`rows`](Self::rows)). A row past the checks' reach cannot occur;
    /// should one, it reads as empty, never out of bounds.
    #[inline]
    pub fn row(&self, row: usize) -> Row<'_> {
        if !self.is_valid(row) {
            return Row::Null;
        }
        let slot = self.first + row;
        if let (Some(keys), Some(values)) = (&self.keys, &self.values) {
            // Every valid row's key was checked to lie inside the dictionary.
            return keys.get(slot).filter(|&key| key < values.rows).map_or(Row::Value(&[]), |key| values.row(key));
        }
        let bytes = match self.layout {
            Layout::Offsets32 | Layout::Offsets64 => self.offsets_bytes(slot, 1),
            Layout::Fixed(width) => self.data.get().get(slot * width..(slot + 1) * width),
            Layout::View => self.view_bytes(row),
        };
        Row::Value(bytes.unwrap_or_default())
    }

    /// The bytes of rows `start..start + count` when they are all valid and lie back to back,
    /// `width` bytes each: one slice to convert at once.
    pub fn run(&self, start: usize, count: usize, width: usize) -> Option<&[u8]> {
        if self.keys.is_some() || !self.all_valid(start, count) {
            return None;
        }
        let slot = self.first + start;
        match self.layout {
            Layout::Fixed(w) if w == width => self.data.get().get(slot * w..(slot + count) * w),
            Layout::Offsets32 => {
                let offsets = self.index.get().get(slot * 4..(slot + count + 1) * 4)?;
                let pairs = offsets.chunks_exact(4).zip(offsets.chunks_exact(4).skip(1));
                let gaps_ok = pairs.fold(true, |ok, (a, b)| ok & (word32(b).wrapping_sub(word32(a)) == width as i32));
                gaps_ok.then(|| self.offsets_bytes(slot, count)).flatten()
            }
            Layout::Offsets64 => {
                let offsets = self.index.get().get(slot * 8..(slot + count + 1) * 8)?;
                let pairs = offsets.chunks_exact(8).zip(offsets.chunks_exact(8).skip(1));
                let gaps_ok = pairs.fold(true, |ok, (a, b)| ok & (word64(b).wrapping_sub(word64(a)) == width as i64));
                gaps_ok.then(|| self.offsets_bytes(slot, count)).flatten()
            }
            Layout::View => self.view_run(slot, count, width),
            Layout::Fixed(_) => None,
        }
    }

    /// The bytes of `count` views from `slot` when each is `width` long (more than inline)
    /// and they lie back to back in one data buffer, as a freshly built column has them.
    fn view_run(&self, slot: usize, count: usize, width: usize) -> Option<&[u8]> {
        let views = self.index.get().get(slot * VIEW..(slot + count) * VIEW)?;
        let first = views.get(..VIEW)?;
        let (buffer, start) = (word32(first.get(8..)?), word32(first.get(12..)?));
        let mut expected = start;
        let mut ok = width > INLINE;
        for view in views.chunks_exact(VIEW) {
            let fields = (word32(view), word32(view.get(8..).known()), word32(view.get(12..).known()));
            ok &= fields == (width as i32, buffer, expected);
            expected = expected.wrapping_add(width as i32);
        }
        if !ok {
            return None;
        }
        let data = self.variadic.get(usize::try_from(buffer).ok()?)?.get();
        let start = usize::try_from(start).ok()?;
        data.get(start..start.checked_add(count.checked_mul(width)?)?)
    }

    /// The data of `count` rows from `slot`, by their offsets.
    fn offsets_bytes(&self, slot: usize, count: usize) -> Option<&[u8]> {
        let offsets = self.index.get();
        let (start, end) = match self.layout {
            Layout::Offsets32 => (i32_at(offsets, slot)?, i32_at(offsets, slot + count)?),
            _ => (i64_at(offsets, slot)?, i64_at(offsets, slot + count)?),
        };
        self.data.get().get(usize::try_from(start).ok()?..usize::try_from(end).ok()?)
    }

    /// The bytes a view describes: inline, or in a variadic buffer.
    fn view_bytes(&self, row: usize) -> Option<&[u8]> {
        let at = (self.first + row).checked_mul(VIEW)?;
        let view = self.index.get().get(at..at + VIEW)?;
        let field = |k: usize| view.get(k * 4..k * 4 + 4).map(word32);
        let len = usize::try_from(field(0)?).ok()?;
        if len <= INLINE {
            return view.get(4..4 + len);
        }
        let buffer = self.variadic.get(usize::try_from(field(2)?).ok()?)?;
        let start = usize::try_from(field(3)?).ok()?;
        buffer.get().get(start..start.checked_add(len)?)
    }
}

fn expect_buffers(found: usize, expected: usize) -> Result<(), ArrowError> {
    if found == expected {
        Ok(())
    } else {
        Err(ArrowError::malformed(format!("{found} buffers where the type has {expected}")))
    }
}

/// A native-endian i32 from (at least) 4 bytes; 0 from fewer, which callers never pass.
#[inline]
fn word32(bytes: &[u8]) -> i32 {
    bytes.first_chunk::<4>().map_or(0, |word| i32::from_ne_bytes(*word))
}

#[inline]
fn word64(bytes: &[u8]) -> i64 {
    bytes.first_chunk::<8>().map_or(0, |word| i64::from_ne_bytes(*word))
}
