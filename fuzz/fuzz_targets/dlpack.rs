//! A DLPack tensor built from fuzz data over memory it owns (dtype, shape, element strides of
//! either sign, byte offset, a device, an `ndim` that may lie): the core reader refuses it with
//! a reason, or reads every board exactly as a reference indexing the same memory safely does.
//! AddressSanitizer sees any read outside the memory the tensor declares.
#![no_main]

use libfuzzer_sys::fuzz_target;
use valid_sudoku::batch::BoardSource;
use valid_sudoku::dlpack::testing::{dtype, Tensor};
use valid_sudoku::dlpack::{read_tensor, DlpackError, MAX_DIMENSIONS};

/// The fuzz data, a byte at a time (zeros once it runs out).
struct Input<'a>(&'a [u8]);

impl Input<'_> {
    fn byte(&mut self) -> u8 {
        let (&first, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        first
    }
}

/// The most bytes a tensor may span: enough for hundreds of boards, small enough to keep a
/// smoke run (unoptimised, 10 s) at thousands of inputs.
const MAX_BYTES: usize = 1 << 16;

fuzz_target!(|data: &[u8]| {
    let mut input = Input(data);
    let batch = input.byte() & 1 == 1;
    let (code, bits, lanes) = match input.byte() % 10 {
        0 | 1 => (1, 8, 1),
        2 => (0, 8, 1),
        3 => (0, 16, 1),
        4 => (1, 32, 1),
        5 => (0, 64, 1),
        6 => (2, 32, 1),
        7 => (1, 4, 1),
        8 => (0, 8, 2),
        _ => (6, 8, 1),
    };
    let item = usize::from(bits / 8).max(1);
    let rank = usize::from(input.byte() % 5);
    let shape: Vec<i64> = (0..rank)
        .map(|_| match input.byte() % 9 {
            0 | 1 => 9,
            2 | 3 => 81,
            4 => 0,
            5 => 1,
            6 => -1,
            _ => i64::from(input.byte() % 40),
        })
        .collect();
    let strides: Option<Vec<i64>> = (input.byte() % 3 == 0).then(|| (0..rank).map(|_| i64::from(input.byte() as i8)).collect());
    let claim = match input.byte() % 16 {
        0 => Some(1000),
        1 => Some((MAX_DIMENSIONS + 1) as i32),
        2 => Some(-3),
        3 if rank > 0 => Some(rank as i32 - 1),
        _ => None,
    };
    // The dimensions the reader sees: all, or as many as a smaller claim says (a larger or
    // negative claim is refused before any is read).
    let used = match claim {
        Some(claim) if (0..=rank as i32).contains(&claim) => claim as usize,
        _ => rank,
    };
    let seen = &shape[..used];
    // Element strides as the reader will use them (C-contiguous over what it sees when absent).
    let elements: Vec<i64> = match &strides {
        Some(strides) => strides[..used].to_vec(),
        None => {
            let mut out = vec![0i64; used];
            let mut step = 1i64;
            for (slot, &n) in out.iter_mut().zip(seen).rev() {
                *slot = step;
                step = step.saturating_mul(n.max(1));
            }
            out
        }
    };
    // The lowest and highest element the shape reaches, in elements from the first.
    let empty = seen.iter().any(|&n| n <= 0);
    let (mut low, mut high) = (0i64, 0i64);
    if !empty {
        for (&n, &s) in seen.iter().zip(&elements) {
            let reach = (n - 1).saturating_mul(s);
            if reach < 0 {
                low = low.saturating_add(reach)
            } else {
                high = high.saturating_add(reach)
            }
        }
    }
    let item_i = item as i64;
    let span = high.saturating_sub(low).saturating_add(1).saturating_mul(item_i);
    if span < 0 || span as usize > MAX_BYTES {
        return;
    }
    let pad = u64::from(input.byte() % 4) * item as u64;
    let start = (-low) as u64 * item as u64 + pad;
    let tame = input.byte() % 4 != 0;
    // Where `__dlpack_device__` says the tensor is (the tensor itself says cpu:0).
    let device = input.byte() % 16;
    let length = pad as usize + span as usize;
    let mut memory = vec![0u8; length.max(1)];
    let source: Vec<u8> = input.0.to_vec();
    for (k, element) in memory.chunks_mut(item).enumerate() {
        let byte = source.get(k % source.len().max(1)).copied().unwrap_or(0);
        if tame {
            // Mostly digits, each element a small little-endian value.
            element[0] = byte % 11;
        } else {
            element.iter_mut().enumerate().for_each(|(i, b)| *b = byte.rotate_left(i as u32) ^ (k as u8));
        }
    }
    let device = match device {
        0 => (2, 0),
        1 => (1, 1),
        _ => (1, 0),
    };
    let snapshot = memory.clone();
    let mut tensor = Tensor::new(memory, start, dtype(code, bits, lanes), shape.clone(), strides.clone());
    if let Some(claim) = claim {
        tensor = tensor.claiming(claim);
    }
    let ndim = claim.unwrap_or(rank as i32);
    // SAFETY: the tensor owns its memory, which holds every element its shape reaches (at the
    // strides, from the offset), and lives for the whole call; a claimed ndim is either
    // within the shape or beyond what the reader reads.
    let result = unsafe { read_tensor(&tensor.tensor, device, batch) };
    let ints = match result {
        Err(error) => {
            assert!(!error.message().is_empty());
            if ndim as usize > MAX_DIMENSIONS && ndim >= 0 && device == (1, 0) && code < 2 && lanes == 1 && bits >= 8 {
                assert!(matches!(error, DlpackError::Dimensions(_)), "{error:?}");
            }
            return;
        }
        Ok(ints) => ints,
    };
    assert_eq!(device, (1, 0), "a tensor read from another device");
    let boards = match (batch, seen) {
        (true, [n, 9, 9] | [n, 81]) => *n as usize,
        (false, [9, 9] | [81]) => 1,
        _ => panic!("shape {seen:?} read as {}", if batch { "a batch" } else { "a board" }),
    };
    assert_eq!(ints.len(), boards);
    let (board_stride, cell_strides) = if batch { (elements[0], &elements[1..]) } else { (0, &elements[..]) };
    let signed = code == 0;
    for board in 0..boards {
        let mut expected = [0u8; 81];
        let mut good = true;
        for (cell, slot) in expected.iter_mut().enumerate() {
            let cell_offset = match cell_strides {
                [row, col] => (cell / 9) as i64 * row + (cell % 9) as i64 * col,
                [step] => cell as i64 * step,
                _ => unreachable!(),
            };
            let at = start as i64 + (board as i64 * board_stride + cell_offset) * item_i;
            let bytes = &snapshot[at as usize..at as usize + item];
            let mut wide = if signed && bytes[item - 1] & 0x80 != 0 { [0xFF; 16] } else { [0; 16] };
            wide[..item].copy_from_slice(bytes);
            let value = i128::from_le_bytes(wide);
            if (0..=9).contains(&value) {
                *slot = value as u8;
            } else {
                good = false;
            }
        }
        let mut out = [0u8; 81];
        match ints.fill(board, &mut out) {
            Ok(()) => {
                assert!(good, "board {board}: a value outside 0-9 accepted");
                assert_eq!(out, expected, "board {board}");
            }
            Err(_) => assert!(!good, "board {board}: refused though every value is 0-9"),
        }
    }
});
