use super::testing::{dtype, Tensor};
use super::*;
use crate::batch::BoardSource;
use crate::grid::CELLS;

#[test]
fn strides_in_bytes_and_c_contiguous_defaults() {
    assert_eq!(byte_strides(&[4, 9, 9], None, 2), Some(vec![162, 18, 2]));
    assert_eq!(byte_strides(&[0, 81], None, 1), Some(vec![81, 1]));
    assert_eq!(byte_strides(&[4, 81], Some(&[-81, 1]), 8), Some(vec![-648, 8]));
    assert_eq!(byte_strides(&[4, 81], Some(&[1]), 8), None);
    assert_eq!(byte_strides(&[4, 81], Some(&[i64::MAX, 1]), 8), None);
}

#[test]
fn dtypes_and_devices_are_named_as_users_know_them() {
    assert_eq!(dtype_name(dtype(2, 32, 1)), "float32");
    assert_eq!(dtype_name(dtype(6, 8, 1)), "bool");
    assert_eq!(dtype_name(dtype(0, 8, 4)), "int8x4");
    assert_eq!(dtype_name(dtype(4, 16, 1)), "bfloat16");
    assert_eq!(dtype_name(dtype(9, 8, 1)), "dtype code 9 (8 bits)");
    assert!(int_type(dtype(0, 8, 4)).is_none());
    assert!(int_type(dtype(6, 8, 1)).is_none());
    assert!(int_type(dtype(1, 4, 1)).is_none());
    assert_eq!(int_type(dtype(0, 16, 1)), Some(IntType { bytes: 2, signed: true, swapped: false }));
    assert_eq!(device_name(2, 0), "cuda:0");
    assert_eq!(device_name(10, 1), "rocm:1");
    assert_eq!(device_name(99, 0), "device type 99:0");
}

/// The cells of an (N, 81) uint8 tensor, as every board of it reads.
fn boards_of(tensor: &Tensor) -> Result<Vec<u8>, DlpackError> {
    // SAFETY: a tensor built over memory it owns, alive for the whole call.
    let ints = unsafe { read_tensor(&tensor.tensor, (1, 0), true) }?;
    let mut out = vec![0u8; ints.len() * CELLS];
    ints.fill(0, &mut out).map_err(|_| DlpackError::Malformed)?;
    Ok(out)
}

#[test]
fn a_batch_is_read_in_place_whatever_its_strides() {
    let cells: Vec<u8> = (0..2 * CELLS).map(|i| (i % 10) as u8).collect();
    let tensor = Tensor::new(cells.clone(), 0, dtype(1, 8, 1), vec![2, 81], None);
    assert_eq!(boards_of(&tensor).ok(), Some(cells.clone()));
    // The same boards in reverse order, through a negative board stride and an offset.
    let reversed = Tensor::new(cells.clone(), CELLS as u64, dtype(1, 8, 1), vec![2, 81], Some(vec![-81, 1]));
    let expected: Vec<u8> = cells[CELLS..].iter().chain(&cells[..CELLS]).copied().collect();
    assert_eq!(boards_of(&reversed).ok(), Some(expected));
}

#[test]
fn a_producer_claiming_a_thousand_dimensions_is_not_read_that_deep() {
    let tensor = Tensor::new(vec![0; CELLS], 0, dtype(1, 8, 1), vec![1, 81], None).claiming(1000);
    let error = boards_of(&tensor).err().map(|error| error.message());
    assert_eq!(error, Some("the DLPack tensor claims 1000 dimensions, more than the 64 a producer makes".to_owned()));
    let negative = Tensor::new(vec![0; CELLS], 0, dtype(1, 8, 1), vec![1, 81], None).claiming(-1);
    assert!(matches!(boards_of(&negative), Err(DlpackError::Malformed)));
}

#[test]
fn what_cannot_be_read_says_why() {
    let cpu = |tensor: Tensor| boards_of(&tensor).err().map(|error| error.message());
    let board = || Tensor::new(vec![0; CELLS], 0, dtype(1, 8, 1), vec![1, 81], None);
    let on_cuda = board().on(2, 0);
    // SAFETY: a tensor over memory it owns, alive for the call.
    let refused = unsafe { read_tensor(&on_cuda.tensor, (2, 0), true) }.err().map(|error| error.message());
    assert_eq!(refused, Some("expected a tensor on the CPU, got one on cuda:0; call .cpu() first".to_owned()));
    // CUDA memory behind a CPU answer from `__dlpack_device__` is never read as host memory.
    assert_eq!(cpu(board().on(2, 0)), Some("__dlpack_device__() says cpu:0, but the DLPack tensor says cuda:0".to_owned()));
    assert_eq!(
        cpu(Tensor::new(vec![0; 4 * CELLS], 0, dtype(2, 32, 1), vec![1, 81], None)),
        Some("expected an integer dtype, got float32".to_owned())
    );
    assert_eq!(
        cpu(Tensor::new(Vec::new(), 0, dtype(1, 8, 1), vec![1, 81], None)),
        Some("the DLPack tensor's data pointer is NULL, with 81 elements".to_owned())
    );
    assert_eq!(
        cpu(Tensor::new(vec![0; CELLS], u64::MAX, dtype(1, 8, 1), vec![1, 81], None)),
        Some(format!("the DLPack tensor's byte_offset {} is past the end of memory", u64::MAX))
    );
    assert_eq!(
        cpu(Tensor::new(vec![0; 8 * CELLS], 0, dtype(0, 64, 1), vec![1, 81], Some(vec![i64::MAX, 1]))),
        Some(format!("strides too large: element strides [{}, 1] overflow a byte offset", i64::MAX))
    );
    // A wrong shape is a board error, worded as for any array.
    let shape = boards_of(&Tensor::new(vec![0; CELLS], 0, dtype(1, 8, 1), vec![9, 9], None));
    assert!(
        matches!(&shape, Err(DlpackError::Board(error)) if error.to_string() == "boards: expected shape (N, 9, 9) or (N, 81), got (9, 9)"),
        "{shape:?}"
    );
}
