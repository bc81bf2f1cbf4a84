//! Boards as fixed-width strings in memory: numpy `S81` (bytes) and `<U81` (UCS-4 text)
//! arrays, one puzzle line per element, elements `stride` bytes apart.
//!
//! numpy pads a shorter string with NULs, which are not part of it; so a trailing run of NULs
//! is cut before the line is read, as `str(arr[i])` would.

use crate::grid::CELLS;

use super::source::{fill_from_line, BatchError, BoardSource};
use crate::bounds::Known;

/// How the characters of an element are stored.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Chars {
    /// One byte each (`S`): lengths and places count bytes.
    Bytes,
    /// Four bytes each (`U`), in this byte order or (`swapped`) the other.
    Ucs4 { swapped: bool },
}

/// One board per fixed-width string element.
pub struct FixedText {
    data: *const u8,
    count: usize,
    stride: isize,
    item_size: usize,
    chars: Chars,
}

// SAFETY: read-only access to memory that `new`'s contract keeps readable for the value's life.
unsafe impl Sync for FixedText {}
// SAFETY: as for Sync: nothing in the value is tied to the thread that made it.
unsafe impl Send for FixedText {}

impl FixedText {
    /// # Safety
    /// For as long as the value lives, `item_size` bytes at `data + i * stride` must be
    /// readable for every `i < count`.
    pub unsafe fn new(data: *const u8, count: usize, stride: isize, item_size: usize, chars: Chars) -> Self {
        FixedText { data, count, stride, item_size, chars }
    }

    /// The bytes of element `index`.
    fn element(&self, index: usize) -> &[u8] {
        // SAFETY: `index` < `count` (the driver's contract), so these bytes are readable (the
        // constructor's contract) for as long as `self` is borrowed.
        unsafe {
            std::slice::from_raw_parts(self.data.wrapping_offset((index as isize).wrapping_mul(self.stride)), self.item_size)
        }
    }
}

impl BoardSource for FixedText {
    fn len(&self) -> usize {
        self.count
    }

    fn symbols_in_place(&self, first: usize, count: usize) -> Option<(&[u8], usize)> {
        // `S81` elements, forward: board k at k * stride. A shorter puzzle's NUL padding is
        // not a symbol, so its block takes the checked way, which reads it as numpy does.
        let stride = usize::try_from(self.stride).ok()?;
        if self.chars != Chars::Bytes || self.item_size != CELLS || stride < CELLS || first.checked_add(count)? > self.count {
            return None;
        }
        let span = count.checked_sub(1)?.checked_mul(stride)?.checked_add(CELLS)?;
        let start = first.checked_mul(stride)?;
        // SAFETY: boards first..first + count lie inside the array (checked above, and the
        // constructor's contract makes each element's 81 bytes readable); with a forward
        // stride they are the span from element `first`'s start to element `first + count - 1`'s
        // end, which is one array's memory, readable for as long as `self` is borrowed.
        Some((unsafe { std::slice::from_raw_parts(self.data.wrapping_add(start), span) }, stride))
    }

    fn fill(&self, first: usize, out: &mut [u8]) -> Result<(), BatchError> {
        let mut line = String::new();
        for (offset, board) in out.chunks_exact_mut(CELLS).enumerate() {
            let index = first + offset;
            let element = self.element(index);
            match self.chars {
                Chars::Bytes => {
                    let end = element.iter().rposition(|&b| b != 0).map_or(0, |last| last + 1);
                    fill_from_line(index, element.get(..end).known(), false, board)?;
                }
                Chars::Ucs4 { swapped } => {
                    line.clear();
                    let points = element.chunks_exact(4).map(|c| {
                        let point = u32::from_ne_bytes([c[0], c[1], c[2], c[3]]);
                        if swapped {
                            point.swap_bytes()
                        } else {
                            point
                        }
                    });
                    // A code point that is no char (a lone surrogate) shows as U+FFFD.
                    line.extend(points.map(|p| char::from_u32(p).unwrap_or(char::REPLACEMENT_CHARACTER)));
                    let text = line.trim_end_matches('\0');
                    fill_from_line(index, text.as_bytes(), true, board)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{BoardError, Place, Problem};

    const SEED: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn bytes_and_text_elements() {
        let mut memory = SEED.as_bytes().to_vec();
        memory.extend_from_slice(&[0u8; 3]);
        memory.extend_from_slice(&SEED.as_bytes()[..80]);
        memory.extend_from_slice(&[0u8; 4]);
        // SAFETY: two elements of 84 bytes.
        let source = unsafe { FixedText::new(memory.as_ptr(), 2, 84, 84, Chars::Bytes) };
        let mut out = [0u8; CELLS];
        assert_eq!(source.fill(0, &mut out), Ok(()));
        assert_eq!(out[0], 5);
        let error = source.fill(1, &mut out).unwrap_err();
        assert_eq!(error, BatchError::Board(BoardError::new(Place::Board, Problem::ByteLength(80)).in_batch(1)));

        let text = format!("é{}", &SEED[1..]);
        let ucs4: Vec<u8> = text.chars().flat_map(|c| u32::from(c).to_ne_bytes()).collect();
        // SAFETY: one element of 324 bytes.
        let source = unsafe { FixedText::new(ucs4.as_ptr(), 1, 324, 324, Chars::Ucs4 { swapped: false }) };
        let error = source.fill(0, &mut out).unwrap_err();
        assert_eq!(error, BatchError::Board(BoardError::new(Place::Flat(0), Problem::Symbol("é".into())).in_batch(0)));
        let ucs4: Vec<u8> = SEED.chars().flat_map(|c| u32::from(c).swap_bytes().to_ne_bytes()).collect();
        // SAFETY: as above.
        let source = unsafe { FixedText::new(ucs4.as_ptr(), 1, 324, 324, Chars::Ucs4 { swapped: true }) };
        assert_eq!(source.fill(0, &mut out), Ok(()));
        assert_eq!(out[1], 3);
    }
}
