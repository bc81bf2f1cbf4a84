//! Integer cells in memory laid out by byte strides: numpy arrays and DLPack tensors, of any
//! integer type, byte order and layout (transposed, sliced, broadcast, fields of structured
//! arrays whose strides are not a multiple of the item size).
//!
//! Strides are taken in bytes, as the producer gives them, and every element is read
//! unaligned: nothing assumes a stride divides by the item size. A C-contiguous `uint8` batch
//! is handed out in place.

use crate::error::{BoardError, Place, Problem};
use crate::grid::{CELLS, SIDE};

use super::source::{BatchError, BoardSource};
use crate::bounds::Known;

/// How one cell is stored.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IntType {
    /// 1, 2, 4 or 8.
    pub bytes: usize,
    pub signed: bool,
    /// Stored in the other byte order than this machine's.
    pub swapped: bool,
}

/// Boards of integer cells at byte offsets from a base pointer.
pub struct StridedInts {
    data: *const u8,
    boards: usize,
    board_stride: isize,
    cell_offsets: [isize; CELLS],
    int: IntType,
    rows: bool,
    /// Cell k of a board at byte `k * int.bytes` (computed once, from `cell_offsets`).
    contiguous_cells: bool,
}

// SAFETY: the value only reads through `data`, never writes, and `new`'s contract makes the
// memory readable for the value's whole life; so sharing it between threads is sound. (A
// producer that writes the memory meanwhile races with itself, not with us: we read bytes.)
unsafe impl Sync for StridedInts {}
// SAFETY: as for Sync: nothing in the value is tied to the thread that made it.
unsafe impl Send for StridedInts {}

impl StridedInts {
    /// A batch: shape (N, 9, 9) or (N, 81), byte strides for each axis. A wrong shape is a
    /// `boards: expected shape (N, 9, 9) or (N, 81), got ...` error.
    ///
    /// # Safety
    /// For as long as the value lives, every byte at `data + sum(index[k] * byte_strides[k])
    /// + 0..int.bytes`, for every index within `shape`, must be readable.
    pub unsafe fn batch(data: *const u8, shape: &[usize], byte_strides: &[isize], int: IntType) -> Result<Self, BoardError> {
        let batch_shape = || BoardError::new(Place::Board, Problem::BatchShape(shape.to_vec())).named("boards");
        let too_large = || BoardError::new(Place::Board, Problem::Strides(shape.to_vec(), byte_strides.to_vec())).named("boards");
        let (boards, board_stride, cells) = match (shape, byte_strides) {
            ([n, rest @ ..], [stride, cell_strides @ ..]) if Self::board_shape(rest) => {
                (*n, *stride, Self::cells(rest, cell_strides).ok_or_else(too_large)?)
            }
            _ => return Err(batch_shape()),
        };
        let (cell_offsets, rows) = cells;
        // Every offset `read` forms, board * board_stride + a cell's, must fit, and so must
        // the address it gives (a producer's strides are not otherwise checked).
        let last = boards.saturating_sub(1);
        if boards > 0 && !offsets_fit(data, last, board_stride, &cell_offsets, int.bytes) {
            return Err(too_large());
        }
        let int = checked(int)?;
        Ok(StridedInts { data, boards, board_stride, contiguous_cells: contiguous(&cell_offsets, int), cell_offsets, int, rows })
    }

    /// One board: shape (9, 9) or (81,). A wrong shape is a `board: expected shape (9, 9) or
    /// (81,), got ...` error.
    ///
    /// # Safety
    /// As for [`batch`](Self::batch).
    pub unsafe fn board(data: *const u8, shape: &[usize], byte_strides: &[isize], int: IntType) -> Result<Self, BoardError> {
        if !Self::board_shape(shape) {
            return Err(BoardError::new(Place::Board, Problem::Shape(shape.to_vec())));
        }
        let too_large = || BoardError::new(Place::Board, Problem::Strides(shape.to_vec(), byte_strides.to_vec()));
        let (cell_offsets, rows) = Self::cells(shape, byte_strides).ok_or_else(too_large)?;
        if !offsets_fit(data, 0, 0, &cell_offsets, int.bytes) {
            return Err(too_large());
        }
        let int = checked(int)?;
        Ok(StridedInts {
            data,
            boards: 1,
            board_stride: 0,
            contiguous_cells: contiguous(&cell_offsets, int),
            cell_offsets,
            int,
            rows,
        })
    }

    /// Whether `shape` is a board's: (9, 9) or (81,).
    fn board_shape(shape: &[usize]) -> bool {
        matches!(shape, [SIDE, SIDE] | [CELLS])
    }

    /// The byte offset of each cell of a board of shape (9, 9) or (81,), and whether it has
    /// rows; `None` for another shape, or strides whose offsets overflow.
    fn cells(shape: &[usize], strides: &[isize]) -> Option<([isize; CELLS], bool)> {
        let mut offsets = [0isize; CELLS];
        match (shape, strides) {
            ([SIDE, SIDE], [row, col]) => {
                for (cell, offset) in offsets.iter_mut().enumerate() {
                    *offset =
                        ((cell / SIDE) as isize).checked_mul(*row)?.checked_add(((cell % SIDE) as isize).checked_mul(*col)?)?;
                }
                Some((offsets, true))
            }
            ([CELLS], [step]) => {
                for (cell, offset) in offsets.iter_mut().enumerate() {
                    *offset = (cell as isize).checked_mul(*step)?;
                }
                Some((offsets, false))
            }
            _ => None,
        }
    }

    /// The stored integer of `cell` of board `board`, widened.
    fn read(&self, board: usize, cell: usize) -> i128 {
        let offset = (board as isize).wrapping_mul(self.board_stride).wrapping_add(self.cell_offsets.get(cell).copied().known());
        let mut bytes = [0u8; 8];
        let width = self.int.bytes;
        // SAFETY: `board` < `boards` and `cell` < 81, so the offset is one that `batch`'s or
        // `board`'s contract makes readable for `width` bytes; `read_unaligned` needs no alignment.
        unsafe {
            let at = self.data.wrapping_offset(offset);
            for (k, byte) in bytes.iter_mut().take(width).enumerate() {
                *byte = at.add(k).read_unaligned();
            }
        }
        let slice = bytes.get_mut(..width).known();
        let stored_big_endian = self.int.swapped == cfg!(target_endian = "little");
        if stored_big_endian {
            slice.reverse();
        }
        widen(slice, self.int.signed)
    }
}

/// Whether every offset `board * board_stride + cell_offset` (board up to `last`), and the
/// `width` bytes at each, stay within isize and within the address space from `data`.
fn offsets_fit(data: *const u8, last: usize, board_stride: isize, cell_offsets: &[isize], width: usize) -> bool {
    let Ok(last) = isize::try_from(last) else { return false };
    let Some(board_end) = last.checked_mul(board_stride) else { return false };
    let (low, high) = cell_offsets.iter().fold((0isize, 0isize), |(lo, hi), &o| (lo.min(o), hi.max(o)));
    let span =
        |board: isize| Some((board.checked_add(low)?, board.checked_add(high)?.checked_add(isize::try_from(width).ok()?)?));
    let address = data as usize;
    [0, board_end].into_iter().all(|board| {
        span(board).is_some_and(|(lo, hi)| address.checked_add_signed(lo).is_some() && address.checked_add_signed(hi).is_some())
    })
}

/// A little-endian integer, widened with its sign.
fn widen(bytes: &[u8], signed: bool) -> i128 {
    let negative = signed && bytes.last().is_some_and(|&top| top & 0x80 != 0);
    let mut wide = if negative { [0xFF; 16] } else { [0; 16] };
    for (slot, &byte) in wide.iter_mut().zip(bytes) {
        *slot = byte;
    }
    i128::from_le_bytes(wide)
}

impl StridedInts {
    /// The one board of a source made by [`board`](Self::board), or its first bad cell.
    pub fn single(&self) -> Result<[u8; CELLS], BoardError> {
        let mut cells = [0u8; CELLS];
        self.fill_values(0, &mut cells).map_err(|error| BoardError { board: None, ..error })?;
        Ok(cells)
    }

    /// True when cell k of every board is `k * item size` bytes from the board's start.
    fn cells_contiguous(&self) -> bool {
        self.contiguous_cells
    }

    fn fill_values(&self, first: usize, out: &mut [u8]) -> Result<(), BoardError> {
        match (self.int.bytes, self.int.signed) {
            (1, false) => self.fill_typed::<u8>(first, out),
            (1, true) => self.fill_typed::<i8>(first, out),
            (2, false) => self.fill_typed::<u16>(first, out),
            (2, true) => self.fill_typed::<i16>(first, out),
            (4, false) => self.fill_typed::<u32>(first, out),
            (4, true) => self.fill_typed::<i32>(first, out),
            (8, false) => self.fill_typed::<u64>(first, out),
            _ => self.fill_typed::<i64>(first, out),
        }
    }

    /// [`BoardSource::fill`] for cells of type `T`: one unaligned read a cell, no branch on
    /// the value; a board with a value outside 0-9 is then re-read for its error.
    fn fill_typed<T: StoredInt>(&self, first: usize, out: &mut [u8]) -> Result<(), BoardError> {
        for (offset, board) in out.chunks_exact_mut(CELLS).enumerate() {
            let index = first + offset;
            let base = self.data.wrapping_offset((index as isize).wrapping_mul(self.board_stride));
            let mut marks = 0u8;
            if self.cells_contiguous() {
                // The board's cells are back to back (a C-contiguous array, or a view that
                // slices whole boards): sequential reads, which vectorise.
                let cells = base.cast::<T>();
                for (k, value) in board.iter_mut().enumerate() {
                    // SAFETY: cell k of this board is at byte offset k * size_of::<T>() (checked
                    // by `cells_contiguous`), readable by the constructor's contract.
                    let stored = unsafe { cells.add(k).read_unaligned() };
                    *value = if self.int.swapped { stored.swapped() } else { stored }.cell_value();
                    marks |= *value;
                }
            } else {
                for (value, &cell_offset) in board.iter_mut().zip(&self.cell_offsets) {
                    // SAFETY: `index` < `boards` (the driver's contract) and this is one of the
                    // board's cell offsets, so `size_of::<T>()` bytes there are readable (the
                    // constructor's contract); `read_unaligned` needs no alignment.
                    let stored = unsafe { base.wrapping_offset(cell_offset).cast::<T>().read_unaligned() };
                    *value = if self.int.swapped { stored.swapped() } else { stored }.cell_value();
                    marks |= *value;
                }
            }
            if marks & 0x80 != 0 {
                let cell = board.iter().position(|&v| v > 9).unwrap_or(0);
                let place = self.place(cell);
                return Err(BoardError::new(place, Problem::Value(self.read(index, cell).to_string())).in_batch(index));
            }
        }
        Ok(())
    }
}

/// The integer types cells are stored in.
trait StoredInt: Copy {
    /// The value as a cell: itself when 0-9, else 0xFF.
    fn cell_value(self) -> u8;
    /// The same bits in the other byte order.
    fn swapped(self) -> Self;
}

macro_rules! stored_int {
    ($($t:ty),*) => {$(
        impl StoredInt for $t {
            #[inline(always)]
            fn cell_value(self) -> u8 {
                // Negative values wrap to huge ones, so one unsigned test covers both ends.
                let wide = self as u64;
                if wide <= 9 { wide as u8 } else { 0xFF }
            }
            #[inline(always)]
            fn swapped(self) -> Self {
                self.swap_bytes()
            }
        }
    )*};
}
stored_int!(u8, i8, u16, i16, u32, i32, u64, i64);

fn contiguous(cell_offsets: &[isize; CELLS], int: IntType) -> bool {
    cell_offsets.iter().enumerate().all(|(k, &offset)| offset == (k * int.bytes) as isize)
}

fn checked(int: IntType) -> Result<IntType, BoardError> {
    match int.bytes {
        1 | 2 | 4 | 8 => Ok(int),
        other => Err(BoardError::new(Place::Board, Problem::Value(format!("an integer of {other} bytes")))),
    }
}

impl BoardSource for StridedInts {
    fn len(&self) -> usize {
        self.boards
    }

    fn fill(&self, first: usize, out: &mut [u8]) -> Result<(), BatchError> {
        self.fill_values(first, out).map_err(BatchError::Board)
    }

    fn in_place(&self, first: usize, count: usize) -> Option<&[u8]> {
        let contiguous = self.int.bytes == 1
            && (self.board_stride == CELLS as isize || self.boards <= 1)
            && self.cell_offsets.iter().enumerate().all(|(i, &o)| o == i as isize);
        if !contiguous || first.checked_add(count)? > self.boards {
            return None;
        }
        // Signed bytes would read -1 as 255, which is still out of range and reported, but
        // with the wrong value in the message: only unsigned bytes go in place.
        if self.int.signed {
            return None;
        }
        if count == 0 {
            return Some(&[]);
        }
        // SAFETY: contiguous boards of 81 single bytes, so boards `first..first + count` are
        // `count * 81` readable bytes from `data + first * 81` (the constructor's contract).
        Some(unsafe { std::slice::from_raw_parts(self.data.add(first * CELLS), count * CELLS) })
    }

    fn place(&self, cell: usize) -> Place {
        if self.rows {
            Place::Cell(cell / SIDE, cell % SIDE)
        } else {
            Place::Flat(cell)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn native(bytes: usize, signed: bool) -> IntType {
        IntType { bytes, signed, swapped: false }
    }

    #[test]
    fn odd_byte_strides_read_what_is_there() {
        // A structured array: one pad byte, then a little-endian u16, 3 bytes per element.
        let mut record = vec![0u8; 81 * 3];
        record[1] = 5; // cell 0 is 5
        record[3] = 5; // the pad byte of cell 1: not a cell
        let int = IntType { bytes: 2, signed: false, swapped: cfg!(target_endian = "big") };
        // SAFETY: 81 elements 3 bytes apart, 2 bytes each, starting at byte 1: all inside.
        let board = unsafe { StridedInts::board(record.as_ptr().add(1), &[81], &[3], int) }.expect("shape");
        let mut out = [0u8; CELLS];
        assert_eq!(board.fill(0, &mut out), Ok(()));
        assert_eq!(out[0], 5);
        assert_eq!(out[1], 0);
    }

    #[test]
    fn every_type_byte_order_and_sign() {
        let values: Vec<i64> = (0..81).map(|i| i % 10).collect();
        for (bytes, signed) in [(1, false), (1, true), (2, false), (2, true), (4, true), (8, false), (8, true)] {
            for swapped in [false, true] {
                let mut memory = Vec::new();
                for &v in &values {
                    let le = v.to_le_bytes();
                    let mut cell = le[..bytes].to_vec();
                    if swapped == cfg!(target_endian = "little") {
                        cell.reverse();
                    }
                    memory.extend_from_slice(&cell);
                }
                let int = IntType { bytes, signed, swapped };
                // SAFETY: 81 cells of `bytes` bytes, contiguous.
                let board = unsafe { StridedInts::board(memory.as_ptr(), &[9, 9], &[9 * bytes as isize, bytes as isize], int) }
                    .expect("shape");
                let mut out = [0u8; CELLS];
                assert_eq!(board.fill(0, &mut out), Ok(()), "{bytes} {signed} {swapped}");
                assert!(out.iter().zip(&values).all(|(&a, &b)| i64::from(a) == b));
            }
        }
    }

    #[test]
    fn bad_values_are_named_with_their_real_value() {
        let mut memory = vec![0i32; 2 * 81];
        memory[81 + 22] = -70000;
        // SAFETY: 2 boards of 81 contiguous i32.
        let batch =
            unsafe { StridedInts::batch(memory.as_ptr().cast(), &[2, 9, 9], &[324, 36, 4], native(4, true)) }.expect("shape");
        let mut out = vec![0u8; 2 * CELLS];
        let error = batch.fill(0, &mut out).unwrap_err();
        assert_eq!(error, BatchError::Board(BoardError::new(Place::Cell(2, 4), Problem::Value("-70000".into())).in_batch(1)));
        assert!(batch.in_place(0, 2).is_none());
    }

    #[test]
    fn contiguous_bytes_go_in_place_and_broadcasts_do_not() {
        let memory = vec![3u8; 4 * 81];
        // SAFETY: 4 boards of 81 contiguous bytes.
        let batch = unsafe { StridedInts::batch(memory.as_ptr(), &[4, 81], &[81, 1], native(1, false)) }.expect("shape");
        assert_eq!(batch.in_place(1, 3).map(<[u8]>::len), Some(3 * 81));
        // SAFETY: stride 0 over boards: every board is the first 81 bytes.
        let broadcast =
            unsafe { StridedInts::batch(memory.as_ptr(), &[1_000_000_000_000, 81], &[0, 1], native(1, false)) }.expect("shape");
        assert_eq!(broadcast.len(), 1_000_000_000_000);
        assert!(broadcast.in_place(0, 2).is_none());
        let mut out = vec![0u8; 2 * CELLS];
        assert_eq!(broadcast.fill(999_999_999_998, &mut out), Ok(()));
    }

    #[test]
    fn wrong_shapes() {
        let memory = [0u8; 81];
        // SAFETY: never read: the shape is refused first.
        let error = unsafe { StridedInts::batch(memory.as_ptr(), &[3, 9, 8], &[72, 8, 1], native(1, false)) }.err();
        assert_eq!(error.map(|e| e.to_string()), Some("boards: expected shape (N, 9, 9) or (N, 81), got (3, 9, 8)".into()));
        // SAFETY: as above.
        let error = unsafe { StridedInts::board(memory.as_ptr(), &[80], &[1], native(1, false)) }.err();
        assert_eq!(error.map(|e| e.to_string()), Some("board: expected shape (9, 9) or (81,), got (80,)".into()));
    }
}
