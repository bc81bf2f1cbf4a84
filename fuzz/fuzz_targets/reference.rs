//! A slow, obviously right validator for the fuzz targets to compare with (as
//! python_tests/reference.py is for the Python tests): 81 values, row-major, 0 for empty.

pub fn is_valid(cells: &[u8; 81]) -> bool {
    let units = (0..9).flat_map(|i| {
        let row: Vec<usize> = (0..9).map(|c| i * 9 + c).collect();
        let column: Vec<usize> = (0..9).map(|r| r * 9 + i).collect();
        let (top, left) = ((i / 3) * 3, (i % 3) * 3);
        let block: Vec<usize> = (0..9).map(|k| (top + k / 3) * 9 + left + k % 3).collect();
        [row, column, block]
    });
    for unit in units {
        let mut seen = [false; 10];
        for index in unit {
            let value = usize::from(cells[index]);
            if value != 0 {
                if seen[value] {
                    return false;
                }
                seen[value] = true;
            }
        }
    }
    true
}

/// The value of a symbol in the one alphabet: '1'-'9' digits; '.', '0' and '_' empty.
pub fn symbol(byte: u8) -> Option<u8> {
    match byte {
        b'1'..=b'9' => Some(byte - b'0'),
        b'.' | b'0' | b'_' => Some(0),
        _ => None,
    }
}
