//! Where a batch's boards come from: one trait that every input form implements (numpy and
//! DLPack memory, puzzle lines, Arrow columns, fixed-width strings, boards already read from
//! Python objects), so that every batch operation reads every form the same way.
//!
//! A source hands out boards by index, as 81 cell values 0-9 each: in place when it stores
//! them that way, else written into a caller's buffer. Sources are `Sync`, since the driver
//! ([`super::run`]) reads different parts of one source on several threads.

use crate::bounds::Known;
use crate::error::{BoardError, Place, Problem, TextError};
use crate::grid::CELLS;
use crate::parse;

/// Why a batch could not be read: the first bad board, in the terms of its input form.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BatchError {
    /// A board with a bad shape or cell (`boards[17][2][4]: ...`).
    Board(BoardError),
    /// A puzzle line that is not a board (`line 18, column 5: ...`).
    Text(TextError),
    /// A buffer sized by the input could not be allocated.
    OutOfMemory,
    /// The host asked the run to stop (Ctrl-C): no answer, and no bad board either.
    Stopped,
}

impl From<BoardError> for BatchError {
    fn from(error: BoardError) -> Self {
        BatchError::Board(error)
    }
}

impl From<TextError> for BatchError {
    fn from(error: TextError) -> Self {
        BatchError::Text(error)
    }
}

/// A batch of boards, read by index.
pub trait BoardSource: Sync {
    /// How many boards there are.
    fn len(&self) -> usize;

    /// True when there are none.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Writes boards `first..first + out.len() / 81` into `out`, 81 values 0-9 each, or
    /// returns the first bad one, named by its index in the whole batch. `first` and the
    /// count are always within [`len`](Self::len).
    fn fill(&self, first: usize, out: &mut [u8]) -> Result<(), BatchError>;

    /// Boards `first..first + count` in place, when the source stores them as 81
    /// consecutive bytes each. The bytes may be above 9: the driver checks them and reports
    /// the first such cell at [`place`](Self::place).
    fn in_place(&self, _first: usize, _count: usize) -> Option<&[u8]> {
        None
    }

    /// Boards `first..first + count` as puzzle text in place, when the source holds each as
    /// 81 symbols, board `k` starting `k * stride` bytes after the first: lines of a file,
    /// an Arrow column. Only a shortcut for operations that can read text (validation);
    /// whatever they do not take goes through [`fill`](Self::fill), which names a bad symbol.
    fn symbols_in_place(&self, _first: usize, _count: usize) -> Option<(&[u8], usize)> {
        None
    }

    /// How a message names cell `cell` (0-80) of a board: `[2][4]` for sources shaped like
    /// rows, `[22]` for flat ones.
    fn place(&self, cell: usize) -> Place {
        Place::Flat(cell)
    }
}

/// Boards already stored as 81 values each (a chunk read from Python objects, a contiguous
/// `uint8` array), numbered from `base`.
pub struct Values<'a> {
    cells: &'a [u8],
    base: usize,
    rows: bool,
}

impl<'a> Values<'a> {
    /// `cells` holds whole boards, the first of which is board `base` of the batch. `rows`:
    /// name cells as `[r][c]` (an (N, 9, 9) array, boards of nested rows) rather than `[i]`.
    pub fn new(cells: &'a [u8], base: usize, rows: bool) -> Self {
        Values { cells, base, rows }
    }

    fn slice(&self, first: usize, count: usize) -> Option<&'a [u8]> {
        let start = first.checked_sub(self.base)?.checked_mul(CELLS)?;
        self.cells.get(start..start.checked_add(count.checked_mul(CELLS)?)?)
    }
}

impl BoardSource for Values<'_> {
    fn len(&self) -> usize {
        self.base + self.cells.len() / CELLS
    }

    fn fill(&self, first: usize, out: &mut [u8]) -> Result<(), BatchError> {
        let count = out.len() / CELLS;
        let cells = self.slice(first, count).unwrap_or_default();
        out.copy_from_slice(cells.get(..out.len()).known());
        match first_out_of_range(out) {
            Some((board, cell)) => Err(value_error(self, first + board, cell, out.get(board * CELLS + cell))),
            None => Ok(()),
        }
    }

    fn in_place(&self, first: usize, count: usize) -> Option<&[u8]> {
        self.slice(first, count)
    }

    fn place(&self, cell: usize) -> Place {
        if self.rows {
            Place::Cell(cell / 9, cell % 9)
        } else {
            Place::Flat(cell)
        }
    }
}

/// The first `(board, cell)` whose value is above 9, if any. A cheap whole-slice test first,
/// which vectorises, so that the common all-good case costs one pass.
pub fn first_out_of_range(values: &[u8]) -> Option<(usize, usize)> {
    if values.iter().fold(0u8, |most, &v| most.max(v)) <= 9 {
        return None;
    }
    let at = values.iter().position(|&v| v > 9)?;
    Some((at / CELLS, at % CELLS))
}

/// The error for a value above 9 found at `cell` of board `board`.
pub fn value_error<S: BoardSource + ?Sized>(source: &S, board: usize, cell: usize, value: Option<&u8>) -> BatchError {
    let shown = value.map_or_else(String::new, u8::to_string);
    BoardError::new(source.place(cell), Problem::Value(shown)).in_batch(board).into()
}

/// Reads one board given as a line of symbols (a str or a bytes value of a column) into
/// `out`. `text`: the bytes are UTF-8 text, so lengths and places count characters; else
/// they count bytes. The error names board `index`.
pub fn fill_from_line(index: usize, bytes: &[u8], text: bool, out: &mut [u8]) -> Result<(), BatchError> {
    if parse::fill_from_ascii(bytes, out).is_some() {
        return Ok(());
    }
    let error = match (text, std::str::from_utf8(bytes)) {
        (true, Ok(line)) => parse::grid_from_text(line).err(),
        (true, Err(_)) => parse::grid_from_text(&String::from_utf8_lossy(bytes)).err(),
        (false, _) => parse::grid_from_bytes(bytes).err(),
    };
    // The fast fill refused the line, so the checked parse names what is wrong with it.
    let error = error.unwrap_or_else(|| BoardError::new(Place::Board, Problem::Length(bytes.len())));
    Err(error.in_batch(index).into())
}

/// A buffer of `len` zero bytes, or [`BatchError::OutOfMemory`] when it cannot be had.
pub fn try_zeroed(len: usize) -> Result<Vec<u8>, BatchError> {
    try_zeroed_vec(len)
}

/// Types whose value with every byte zero is a valid one (0, 0.0, false).
///
/// # Safety
/// Only for types whose all-zero bit pattern is a valid value; sealed to the ones below.
pub unsafe trait Zeroable: Copy + zeroable::Sealed {}

mod zeroable {
    pub trait Sealed {}
}

macro_rules! zeroable {
    ($($t:ty),*) => {$(
        impl zeroable::Sealed for $t {}
        // SAFETY: zero is a valid value of every integer and float type, and false is bool's.
        unsafe impl Zeroable for $t {}
    )*};
}
zeroable!(bool, u8, u16, u32, u64, usize, f64);

/// A vector of `len` zeros, or [`BatchError::OutOfMemory`]. Allocated zeroed (calloc), so the
/// system hands out zero pages as they are first touched: nothing is written up front, and a
/// huge output costs no time before the work starts.
pub fn try_zeroed_vec<T: Zeroable>(len: usize) -> Result<Vec<T>, BatchError> {
    let layout = std::alloc::Layout::array::<T>(len).map_err(|_| BatchError::OutOfMemory)?;
    // No Zeroable type is zero-sized, so only an empty vector has an empty layout.
    if layout.size() == 0 {
        return Ok(Vec::new());
    }
    // SAFETY: the layout has a non-zero size (checked above).
    let pointer = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<T>();
    if pointer.is_null() {
        return Err(BatchError::OutOfMemory);
    }
    // SAFETY: `pointer` was allocated by the global allocator with the layout of `len` values
    // of T (so capacity `len`), and every one of them is initialised: all-zero bytes are a
    // valid T (`Zeroable`). The Vec takes ownership and frees it with the same layout.
    Ok(unsafe { Vec::from_raw_parts(pointer, len, len) })
}

/// A vector of `len` copies of `value`, or [`BatchError::OutOfMemory`].
pub fn try_filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>, BatchError> {
    let mut buffer = Vec::new();
    buffer.try_reserve_exact(len).map_err(|_| BatchError::OutOfMemory)?;
    buffer.resize(len, value);
    Ok(buffer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_in_place_and_filled() {
        let mut cells = vec![0u8; 3 * CELLS];
        cells[CELLS + 5] = 7;
        let source = Values::new(&cells, 10, false);
        assert_eq!(source.len(), 13);
        assert_eq!(source.in_place(11, 1).map(|b| b[5]), Some(7));
        assert_eq!(source.in_place(9, 1), None);
        let mut out = vec![0u8; 2 * CELLS];
        assert_eq!(source.fill(11, &mut out), Ok(()));
        assert_eq!(out[5], 7);
    }

    #[test]
    fn out_of_range_values_are_found_and_named() {
        let mut cells = vec![0u8; 2 * CELLS];
        assert_eq!(first_out_of_range(&cells), None);
        cells[CELLS + 22] = 12;
        assert_eq!(first_out_of_range(&cells), Some((1, 22)));
        let source = Values::new(&cells, 0, true);
        let mut out = vec![0u8; 2 * CELLS];
        let error = source.fill(0, &mut out).unwrap_err();
        assert_eq!(error, BatchError::Board(BoardError::new(Place::Cell(2, 4), Problem::Value("12".into())).in_batch(1)));
    }

    #[test]
    fn lines_of_text_and_bytes() {
        let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let mut out = [0u8; CELLS];
        assert_eq!(fill_from_line(0, line.as_bytes(), true, &mut out), Ok(()));
        assert_eq!(out[0], 5);
        let short = fill_from_line(4, &line.as_bytes()[..80], true, &mut out).unwrap_err();
        assert_eq!(short, BatchError::Board(BoardError::new(Place::Board, Problem::Length(80)).in_batch(4)));
        let accented = format!("é{}", &line[1..]);
        let error = fill_from_line(2, accented.as_bytes(), true, &mut out).unwrap_err();
        assert_eq!(error, BatchError::Board(BoardError::new(Place::Flat(0), Problem::Symbol("é".into())).in_batch(2)));
        let error = fill_from_line(2, accented.as_bytes(), false, &mut out).unwrap_err();
        assert_eq!(error, BatchError::Board(BoardError::new(Place::Board, Problem::ByteLength(82)).in_batch(2)));
    }

    #[test]
    fn huge_buffers_fail_without_aborting() {
        assert_eq!(try_zeroed(usize::MAX).unwrap_err(), BatchError::OutOfMemory);
        assert_eq!(try_filled(1usize << 60, false).unwrap_err(), BatchError::OutOfMemory);
        assert_eq!(try_zeroed_vec::<f64>(1usize << 61).unwrap_err(), BatchError::OutOfMemory);
        assert_eq!(try_zeroed_vec::<bool>(1usize << 60).unwrap_err(), BatchError::OutOfMemory);
        assert_eq!(try_zeroed_vec::<u64>(usize::MAX).unwrap_err(), BatchError::OutOfMemory);
        assert_eq!(try_zeroed_vec::<bool>(3), Ok(vec![false; 3]));
        assert_eq!(try_zeroed_vec::<f64>(2), Ok(vec![0.0; 2]));
        assert_eq!(try_zeroed_vec::<u8>(0), Ok(vec![]));
        assert_eq!(try_zeroed(5).map(|b| b.len()), Ok(5));
    }
}
