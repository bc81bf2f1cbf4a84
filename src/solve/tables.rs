//! Lookup tables for the band representation, all built at compile time.
//!
//! A band is three rows of the board; for one digit its candidates are a 27-bit mask, bit
//! `9 * row + col` (row 0-2 within the band, col 0-8). Each 3x3 box of the band crosses each
//! of its rows in a *triad* of three cells. One digit occupies exactly one cell per row and per
//! box, so the triads it uses form a 3x3 permutation matrix: that is the fact the tables encode.

/// The cells of the board in one band.
pub const BAND_CELLS: u32 = (1 << 27) - 1;

/// For the 9 cells of one row, which of its three triads hold a candidate (bit k: box k).
pub const ROW_TRIADS: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut k = 0;
        while k < 3 {
            if (row >> (3 * k)) & 7 != 0 {
                table[row] |= 1 << k;
            }
            k += 1;
        }
        row += 1;
    }
    table
};

/// For a 3x3 matrix of occupied triads (bit `3 * line + box`), the union of the permutation
/// matrices it contains: the triads that some placement of the digit can still use. Zero
/// exactly when no placement exists, which is how a contradiction shows.
///
/// This one table does the work of hidden singles in rows and boxes, of locked candidates
/// (pointing and claiming), and of the digit's placements across a band; the same table serves
/// columns and the boxes of a stack.
pub const PERMUTATIONS: [u16; 512] = {
    const ORDERS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut table = [0u16; 512];
    let mut triads = 0;
    while triads < 512 {
        let mut p = 0;
        while p < 6 {
            let order = ORDERS[p];
            let matrix = (1 << order[0]) | (1 << (3 + order[1])) | (1 << (6 + order[2]));
            if triads & matrix == matrix {
                table[triads] |= matrix as u16;
            }
            p += 1;
        }
        triads += 1;
    }
    table
};

/// The six ways one digit can take its triads in a band (a 3x3 permutation matrix, bit
/// `3 * row + box`), in a fixed order: the options of a guess on a digit's configuration.
pub const CONFIGURATIONS: [u16; 6] = [0o421, 0o241, 0o412, 0o142, 0o214, 0o124];

/// For a 3x3 matrix of occupied triads, which of the [`CONFIGURATIONS`] it contains (bit k:
/// configuration k): the ways the digit can still take the band.
pub const CONFIGURATIONS_LEFT: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut triads = 0;
    while triads < 512 {
        let mut k = 0;
        while k < 6 {
            let matrix = CONFIGURATIONS[k] as usize;
            if triads & matrix == matrix {
                table[triads] |= 1 << k;
            }
            k += 1;
        }
        triads += 1;
    }
    table
};

/// For a 3x3 matrix of occupied triads, how many of the [`CONFIGURATIONS`] it contains: a
/// table, as the baseline x86-64 target has no popcount instruction.
pub const CONFIGURATION_COUNT: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut triads = 0;
    while triads < 512 {
        table[triads] = CONFIGURATIONS_LEFT[triads].count_ones() as u8;
        triads += 1;
    }
    table
};

/// For a 3x3 matrix of occupied triads, the triads every one of its [`CONFIGURATIONS`] takes
/// (zero when none is left): the triads the digit must take, decided or not.
pub const CONFIGURATION_CORE: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut triads = 0;
    while triads < 512 {
        let left = CONFIGURATIONS_LEFT[triads];
        let mut core = if left == 0 { 0 } else { 0x1FF };
        let mut k = 0;
        while k < 6 {
            if left & (1 << k) != 0 {
                core &= CONFIGURATIONS[k];
            }
            k += 1;
        }
        table[triads] = core;
        triads += 1;
    }
    table
};

/// For a 3x3 matrix of occupied triads, what choosing a guess needs of its
/// [`CONFIGURATION_COUNT`] in one lookup: the count in bits 0-7 when the digit is undecided
/// (two or more), else 0; from bit 8, the count to rank by, 15 for a decided digit.
pub const OPEN_CONFIGURATIONS: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut triads = 0;
    while triads < 512 {
        let count = CONFIGURATION_COUNT[triads] as u16;
        table[triads] = if count > 1 { count | count << 8 } else { 15 << 8 };
        triads += 1;
    }
    table
};

/// For a set of triads (bit `3 * row + box`), the 27-bit mask of their cells.
pub const TRIAD_CELLS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut triads = 0;
    while triads < 512 {
        let mut t = 0;
        while t < 9 {
            if triads & (1 << t) != 0 {
                table[triads] |= 7 << (9 * (t / 3) + 3 * (t % 3));
            }
            t += 1;
        }
        triads += 1;
    }
    table
};

/// For a 3x3 matrix of occupied triads of a band, the cells of the triads [`PERMUTATIONS`]
/// keeps: one lookup for the two (zero exactly when no placement exists).
pub const PERMUTATION_CELLS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut triads = 0;
    while triads < 512 {
        table[triads] = TRIAD_CELLS[PERMUTATIONS[triads] as usize];
        triads += 1;
    }
    table
};

/// For a 3x3 matrix of a stack's occupied column triads (bit `3 * band + column`, column 0-2
/// within the stack), the columns [`PERMUTATIONS`] keeps, laid out as a band mask's first
/// stack (bit `9 * band + column`): shifted to the stack, one lookup gives every band its
/// columns there (zero exactly when no placement exists).
pub const PERMUTATION_COLUMNS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut triads = 0;
    while triads < 512 {
        let allowed = PERMUTATIONS[triads] as u32;
        table[triads] = (allowed & 7) | (allowed >> 3 & 7) << 9 | (allowed >> 6 & 7) << 18;
        triads += 1;
    }
    table
};

/// For a cell of a band (0-26), the other cells of its row and box in that band.
pub const BAND_PEERS: [u32; 27] = {
    let mut table = [0u32; 27];
    let mut cell = 0;
    while cell < 27 {
        let (row, col) = (cell / 9, cell % 9);
        let row_cells = 0x1FF << (9 * row);
        let box_cells = (0x7 * 0x40201) << (3 * (col / 3));
        table[cell] = (row_cells | box_cells) & !(1 << cell);
        cell += 1;
    }
    table
};

/// The cells of a band in the columns of a 9-bit column set.
#[inline(always)]
pub const fn columns(cols: u32) -> u32 {
    cols * 0x40201
}

/// The columns (9 bits) in which a band mask has a cell.
#[inline(always)]
pub const fn occupied_columns(cells: u32) -> u32 {
    (cells | (cells >> 9) | (cells >> 18)) & 0x1FF
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_matrix_allows_every_triad_and_an_empty_line_none() {
        assert_eq!(PERMUTATIONS[511], 511);
        assert_eq!(PERMUTATIONS[0b111_111_000], 0);
        // The identity alone.
        assert_eq!(PERMUTATIONS[0b100_010_001], 0b100_010_001);
        // Line 0 only in box 0: box 0 is taken from the other lines.
        assert_eq!(PERMUTATIONS[0b110_110_001], 0b110_110_001);
        assert_eq!(PERMUTATIONS[0b111_111_001], 0b110_110_001);
    }

    #[test]
    fn configurations_are_the_permutation_matrices() {
        for (k, &matrix) in CONFIGURATIONS.iter().enumerate() {
            assert_eq!(PERMUTATIONS[usize::from(matrix)], matrix, "{k}");
            assert!(CONFIGURATIONS[..k].iter().all(|&other| other != matrix));
        }
        // The configurations left are exactly the matrices the permutation table unites.
        for triads in 0..512 {
            let left = CONFIGURATIONS_LEFT[triads];
            let union = (0..6).filter(|k| left & (1 << k) != 0).fold(0, |u, k| u | CONFIGURATIONS[k]);
            assert_eq!(union, PERMUTATIONS[triads], "{triads:o}");
            assert_eq!(u32::from(CONFIGURATION_COUNT[triads]), left.count_ones());
        }
        assert_eq!(CONFIGURATION_COUNT[511], 6);
        // The core is what every configuration left takes: all of a lone one, none of all six.
        for (k, &matrix) in CONFIGURATIONS.iter().enumerate() {
            assert_eq!(CONFIGURATION_CORE[usize::from(matrix)], matrix, "{k}");
        }
        assert_eq!(CONFIGURATION_CORE[511], 0);
        assert_eq!(CONFIGURATION_CORE[0], 0);
        assert_eq!(CONFIGURATION_CORE[usize::from(CONFIGURATIONS[0] | CONFIGURATIONS[1])], 0o001);
    }

    #[test]
    fn the_combined_tables_are_their_parts() {
        for triads in 0..512 {
            let allowed = u32::from(PERMUTATIONS[triads]);
            assert_eq!(PERMUTATION_CELLS[triads], TRIAD_CELLS[allowed as usize], "{triads:o}");
            for t in 0..9 {
                let column = PERMUTATION_COLUMNS[triads] >> (9 * (t / 3) + t % 3) & 1;
                assert_eq!(column, allowed >> t & 1, "{triads:o} {t}");
            }
            assert_eq!(PERMUTATION_COLUMNS[triads] & !0o007_007_007, 0);
            let count = u16::from(CONFIGURATION_COUNT[triads]);
            let open = OPEN_CONFIGURATIONS[triads];
            assert_eq!(open & 0xFF, if count > 1 { count } else { 0 }, "{triads:o}");
            assert_eq!(open >> 8, if count > 1 { count } else { 15 }, "{triads:o}");
        }
    }

    #[test]
    fn triad_and_peer_masks() {
        assert_eq!(ROW_TRIADS[0b000_000_100], 1);
        assert_eq!(ROW_TRIADS[0b100_000_001], 0b101);
        assert_eq!(TRIAD_CELLS[1], 7);
        assert_eq!(TRIAD_CELLS[1 << 8], 7 << 24);
        assert_eq!(columns(1), 1 | (1 << 9) | (1 << 18));
        assert_eq!(occupied_columns(1 << 20), 1 << 2);
        // Cell 0: its row (8 others) and box (6 more).
        assert_eq!(BAND_PEERS[0].count_ones(), 14);
        assert_eq!(BAND_PEERS[0] & 1, 0);
        assert_eq!(BAND_PEERS[13] & (1 << 3 | 1 << 22 | 1 << 9 | 1 << 17), 1 << 3 | 1 << 22 | 1 << 9 | 1 << 17);
    }
}
