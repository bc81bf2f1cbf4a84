use super::*;

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
    let dtype = |code, bits, lanes| DlDataType { code, bits, lanes };
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
